// PassTimelineModel: every pass of a compilation in the order it ran, with its time, whether it
// changed the IR, the IR after it and the diff against the IR before it.
#pragma once

#include "CompileSnapshot.h"
#include "trex/StageText/LineDiff.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

namespace trex::explorer {

using stagetext::DiffLine;
using stagetext::diffLines;
using stagetext::splitLines;
using stagetext::unifiedDiff;

class PassTimelineModel : public QAbstractTableModel {
  Q_OBJECT
public:
  enum Column {
    IndexColumn,
    // The pass as Triton spells it (its argument: "tritongpu-coalesce"); the C++ class name
    // ("TritonGPUCoalesce") is in ClassColumn and the tooltip.
    NameColumn,
    ClassColumn,
    AnchorColumn,
    MillisecondsColumn,
    ChangedColumn,
    ColumnCount
  };
  // DescriptionRole: markdown from the pass's Passes.td (or a built-in sentence), for the
  // timeline's description area; the tooltip has its summary and first paragraph.
  enum Role { ChangedRole = Qt::UserRole + 1, KindRole, HasIRRole, MillisecondsRole, DescriptionRole, EditedRole };

  explicit PassTimelineModel(QObject *parent = nullptr);
  void setPasses(const std::vector<PassRecord> &passes);

  int rowCount(const QModelIndex &parent = QModelIndex()) const override;
  int columnCount(const QModelIndex &parent = QModelIndex()) const override;
  QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

  const PassRecord &pass(int row) const { return passes[row]; }
  const std::vector<PassRecord> &allPasses() const { return passes; }
  // The IR after pass `row` (empty when the pass prints none: a back-end step).
  QString irAfter(int row) const;
  // The row of the latest earlier pass of the same kind (MLIR or LLVM) whose IR was kept, or
  // -1: the IR `row` started from.
  int previousWithIR(int row) const;
  // Lines of the IR before `row` against the IR after it.
  std::vector<DiffLine> diff(int row) const;
  double totalMilliseconds() const;

private:
  std::vector<PassRecord> passes;
};

// Hides the passes that changed nothing and keeps those whose argument or class name contains the
// search text (case-insensitive).
class PassFilterModel : public QSortFilterProxyModel {
  Q_OBJECT
public:
  explicit PassFilterModel(QObject *parent = nullptr);
  void setHideUnchanged(bool hide);
  void setSearchText(const QString &text);
  bool hideUnchanged() const { return hidingUnchanged; }

protected:
  bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
  bool hidingUnchanged = false;
  QString search;
};

} // namespace trex::explorer
