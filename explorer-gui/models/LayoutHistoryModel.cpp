// LayoutHistoryModel: display texts; the view marks the rows where the layout changes.
#include "LayoutHistoryModel.h"

namespace trex::explorer {

LayoutHistoryModel::LayoutHistoryModel(QObject *parent) : QAbstractTableModel(parent) {}

void LayoutHistoryModel::setHistory(const ValueAnchor &anchor, std::vector<LayoutHistoryEntry> entries) {
  beginResetModel();
  followed = anchor;
  rows = std::move(entries);
  endResetModel();
}

int LayoutHistoryModel::rowOfPass(const QString &passName) const {
  for (size_t row = 0; row < rows.size(); ++row)
    if (rows[row].passName == passName)
      return static_cast<int>(row);
  return -1;
}

int LayoutHistoryModel::rowCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows.size());
}

int LayoutHistoryModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant LayoutHistoryModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    return {};
  switch (section) {
  case PassColumn:
    return QStringLiteral("#");
  case NameColumn:
    return QStringLiteral("After pass");
  case ChangedColumn:
    return QStringLiteral("Changed");
  case ValueColumn:
    return QStringLiteral("Value");
  case LayoutColumn:
    return QStringLiteral("Layout");
  }
  return {};
}

QVariant LayoutHistoryModel::data(const QModelIndex &index, int role) const {
  if (!index.isValid() || index.row() >= rowCount())
    return {};
  const LayoutHistoryEntry &entry = rows[index.row()];
  switch (role) {
  case AttributeRole:
    return entry.value.attribute;
  case ChangedRole:
    return entry.changed;
  case Qt::ToolTipRole:
    return QStringLiteral("%1 : %2 (line %3 of the IR after the pass)")
        .arg(entry.value.valueName, entry.value.attribute)
        .arg(entry.value.line);
  case Qt::DisplayRole:
    break;
  default:
    return {};
  }
  switch (index.column()) {
  case PassColumn:
    return entry.passRow + 1;
  case NameColumn:
    return entry.passName;
  case ChangedColumn:
    return entry.changed ? QStringLiteral("changed") : QString();
  case ValueColumn:
    return entry.value.valueName;
  case LayoutColumn:
    // The alias as that IR names it, then the definition, so equal aliases of different
    // layouts (a #blocked renamed between passes) still read differently.
    return entry.value.name == entry.value.attribute ? entry.value.attribute
                                                     : entry.value.name + QStringLiteral(" = ") + entry.value.attribute;
  }
  return {};
}

} // namespace trex::explorer
