// StageModel: a list model over StageText rows, trex's stages first, in pipeline order.
#include "StageModel.h"

#include <algorithm>

namespace trex::explorer {

StageModel::StageModel(QObject *parent) : QAbstractListModel(parent) {}

QString StageModel::keyOf(const StageText &stage) {
  QString name = QString::fromStdString(stage.name);
  return stage.origin == "trex" ? name : name + " (" + QString::fromStdString(stage.origin) + ")";
}

void StageModel::setStages(const std::vector<StageText> &stages, const QString &origin) {
  beginResetModel();
  std::string originName = origin.toStdString();
  rows.erase(std::remove_if(rows.begin(), rows.end(),
                            [&](const StageText &row) { return row.origin == originName; }),
             rows.end());
  std::vector<StageText> added;
  for (StageText stage : stages) {
    stage.origin = originName;
    added.push_back(std::move(stage));
  }
  // trex's rows lead; any other origin follows.
  if (originName == "trex")
    rows.insert(rows.begin(), added.begin(), added.end());
  else
    rows.insert(rows.end(), added.begin(), added.end());
  endResetModel();
}

void StageModel::clear() {
  beginResetModel();
  rows.clear();
  endResetModel();
}

int StageModel::rowCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows.size());
}

QVariant StageModel::data(const QModelIndex &index, int role) const {
  if (!index.isValid() || index.row() >= rowCount())
    return {};
  const StageText &stage = rows[index.row()];
  switch (role) {
  case Qt::DisplayRole:
    return keyOf(stage);
  case TextRole:
    return QString::fromStdString(stage.text);
  case NameRole:
    return QString::fromStdString(stage.name);
  case OriginRole:
    return QString::fromStdString(stage.origin);
  case LineCountRole:
    return static_cast<int>(std::count(stage.text.begin(), stage.text.end(), '\n'));
  default:
    return {};
  }
}

QHash<int, QByteArray> StageModel::roleNames() const {
  QHash<int, QByteArray> names = QAbstractListModel::roleNames();
  names[TextRole] = "text";
  names[NameRole] = "name";
  names[OriginRole] = "origin";
  names[LineCountRole] = "lineCount";
  return names;
}

QStringList StageModel::keys() const {
  QStringList result;
  for (const StageText &stage : rows)
    result << keyOf(stage);
  return result;
}

int StageModel::rowOf(const QString &key) const {
  for (size_t i = 0; i < rows.size(); ++i)
    if (keyOf(rows[i]) == key)
      return static_cast<int>(i);
  return -1;
}

QString StageModel::text(const QString &key) const {
  int row = rowOf(key);
  return row < 0 ? QString() : QString::fromStdString(rows[row].text);
}

std::vector<StageText> StageModel::stagesOf(const QString &origin) const {
  std::vector<StageText> result;
  for (const StageText &stage : rows)
    if (stage.origin == origin.toStdString())
      result.push_back(stage);
  return result;
}

} // namespace trex::explorer
