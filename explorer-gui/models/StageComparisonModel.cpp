// StageComparisonModel: see the header.
#include "StageComparisonModel.h"

#include "trex/StageText/CompilationDiff.h"
#include "trex/StageText/StageDiff.h"
#include "trex/Tools/CaptureSession.h"

#include <algorithm>

namespace trex::explorer {

QString StageDifference::summary(const QString &otherName) const {
  if (!note.isEmpty())
    return note;
  QString text;
  if (same())
    text = QStringLiteral("same");
  else
    text = QStringLiteral("%1 lines differ (%2 only in trex, %3 only in %4)")
               .arg(trexLines.size() + otherLines.size())
               .arg(trexLines.size())
               .arg(otherLines.size())
               .arg(otherName);
  if (!operationDifference.isEmpty())
    text += QStringLiteral("; ops: ") + operationDifference;
  return text;
}

StageDifference compareStage(const QString &stage, const QString &trexText,
                             const QString &otherText) {
  StageDifference difference;
  difference.stage = stage;
  const std::string trex = trexText.toStdString();
  const std::string other = otherText.toStdString();
  stagetext::StageSyntax syntax = stagetext::syntaxOfStage(stage.toStdString());
  // The other side is "before", trex's "after": removed lines are the other's, added trex's.
  stagetext::StageComparison comparison = stagetext::compareStages(other, trex, syntax);
  for (const stagetext::DiffLine &line : comparison.lines) {
    if (line.kind == stagetext::DiffLine::Kind::Removed)
      difference.otherLines.push_back(line.oldLine);
    else if (line.kind == stagetext::DiffLine::Kind::Added)
      difference.trexLines.push_back(line.newLine);
  }
  if (syntax == stagetext::StageSyntax::MLIR)
    difference.operationDifference = QString::fromStdString(tools::describeOperationDifference(
        tools::countOperations(trex), tools::countOperations(other)));
  return difference;
}

StageDifference compareLayouts(const QString &trexTtgir, const QString &otherTtgir,
                               const QString &otherName) {
  StageDifference difference;
  difference.stage = QStringLiteral("layouts");
  auto mine = stagetext::layoutAliases(trexTtgir.toStdString());
  auto theirs = stagetext::layoutAliases(otherTtgir.toStdString());
  auto definition = [](const auto &aliases, const std::string &name) -> const std::string * {
    for (const auto &[alias, text] : aliases)
      if (alias == name)
        return &text;
    return nullptr;
  };
  QStringList changes;
  for (const auto &[alias, text] : mine) {
    const std::string *other = definition(theirs, alias);
    if (!other)
      changes << QStringLiteral("%1 only in trex").arg(QString::fromStdString(alias));
    else if (*other != text)
      changes << QStringLiteral("%1 differs").arg(QString::fromStdString(alias));
  }
  for (const auto &[alias, text] : theirs)
    if (!definition(mine, alias))
      changes << QStringLiteral("%1 only in %2").arg(QString::fromStdString(alias), otherName);
  difference.differs = !changes.isEmpty();
  difference.note = changes.isEmpty() ? QStringLiteral("same (%1 layouts)").arg(mine.size())
                                            : changes.join(QStringLiteral(", "));
  return difference;
}

StageComparisonModel::StageComparisonModel(QObject *parent) : QAbstractTableModel(parent) {}

StageDifference compareMetadata(const std::string &trexJson, const std::string &otherJson,
                                const QString &otherName) {
  StageDifference difference;
  difference.stage = QStringLiteral("metadata");
  stagetext::CompilationFiles mine, theirs;
  mine.metadataJson = trexJson;
  theirs.metadataJson = otherJson;
  stagetext::CompilationDifference compared = stagetext::compareCompilations(theirs, mine);
  QStringList changes;
  for (const stagetext::ValueDifference &value : compared.metadata)
    changes << QStringLiteral("%1 %2 (%3 %4)")
                   .arg(QString::fromStdString(value.key),
                        value.after.empty() ? QStringLiteral("-") : QString::fromStdString(value.after),
                        otherName,
                        value.before.empty() ? QStringLiteral("-")
                                             : QString::fromStdString(value.before));
  if (!compared.metadataProblem.empty())
    changes << QString::fromStdString(compared.metadataProblem);
  difference.differs = !changes.isEmpty();
  difference.note = changes.isEmpty() ? QStringLiteral("same launch facts")
                                            : changes.join(QStringLiteral("; "));
  return difference;
}

void StageComparisonModel::compare(const std::vector<StageText> &trex,
                                   const std::vector<StageText> &others, const QString &otherName,
                                   const std::string &trexMetadata,
                                   const std::string &otherMetadata) {
  beginResetModel();
  rows.clear();
  other = otherName;
  for (const StageText &mine : trex)
    for (const StageText &theirs : others)
      if (theirs.name == mine.name)
        rows.push_back(compareStage(QString::fromStdString(mine.name),
                                    QString::fromStdString(mine.text),
                                    QString::fromStdString(theirs.text)));
  for (const StageText &mine : trex)
    for (const StageText &theirs : others)
      if (mine.name == "ttgir" && theirs.name == "ttgir")
        rows.push_back(compareLayouts(QString::fromStdString(mine.text),
                                      QString::fromStdString(theirs.text), otherName));
  if (!trexMetadata.empty() && !otherMetadata.empty())
    rows.push_back(compareMetadata(trexMetadata, otherMetadata, otherName));
  endResetModel();
}

void StageComparisonModel::clear() {
  beginResetModel();
  rows.clear();
  endResetModel();
}

void StageComparisonModel::setRow(const StageDifference &row) {
  beginResetModel();
  auto same = std::find_if(rows.begin(), rows.end(), [&](const StageDifference &existing) {
    return existing.stage == row.stage;
  });
  if (same != rows.end())
    *same = row;
  else
    rows.push_back(row);
  endResetModel();
}

const StageDifference *StageComparisonModel::difference(const QString &stage) const {
  for (const StageDifference &row : rows)
    if (row.stage == stage)
      return &row;
  return nullptr;
}

QString StageComparisonModel::summary(const QString &stage) const {
  const StageDifference *found = difference(stage);
  return found ? stage + QStringLiteral(": ") + found->summary(other) : QString();
}

int StageComparisonModel::rowCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows.size());
}

int StageComparisonModel::columnCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant StageComparisonModel::data(const QModelIndex &index, int role) const {
  if (!index.isValid() || index.row() >= static_cast<int>(rows.size()) || role != Qt::DisplayRole)
    return {};
  const StageDifference &row = rows[index.row()];
  return index.column() == StageColumn ? row.stage : row.summary(other);
}

QVariant StageComparisonModel::headerData(int section, Qt::Orientation orientation,
                                          int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    return {};
  return section == StageColumn ? QStringLiteral("Stage")
                                : QStringLiteral("trex against %1").arg(other);
}

} // namespace trex::explorer
