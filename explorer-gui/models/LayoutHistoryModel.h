// LayoutHistoryModel: the selected value's layout after each pass that holds it — one row per
// pass (number, pass, whether the layout changed there, the value's name there, its layout).
#pragma once

#include "ValueHistory.h"

#include <QAbstractTableModel>

namespace trex::explorer {

class LayoutHistoryModel : public QAbstractTableModel {
  Q_OBJECT
public:
  enum Column { PassColumn, NameColumn, ChangedColumn, ValueColumn, LayoutColumn, ColumnCount };
  // AttributeRole: the layout with its aliases expanded (what the panel draws).
  enum Role { AttributeRole = Qt::UserRole + 1, ChangedRole };

  explicit LayoutHistoryModel(QObject *parent = nullptr);
  void setHistory(const ValueAnchor &anchor, std::vector<LayoutHistoryEntry> entries);
  const std::vector<LayoutHistoryEntry> &entries() const { return rows; }
  const ValueAnchor &anchor() const { return followed; }
  // The first row after the pass named `passName` (its argument, e.g. "tritongpu-coalesce"), or -1.
  int rowOfPass(const QString &passName) const;

  int rowCount(const QModelIndex &parent = QModelIndex()) const override;
  int columnCount(const QModelIndex &parent = QModelIndex()) const override;
  QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
  ValueAnchor followed;
  std::vector<LayoutHistoryEntry> rows;
};

} // namespace trex::explorer
