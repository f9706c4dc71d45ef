// PassListComparison: the passes each side of a comparison ran, in order and named as Triton
// names them ("tritongpu-coalesce"), set side by side. trex's come from its compile; the other
// side's from another compile, from the passes.txt that `trex compile --dump-passes` writes
// into a folder, or from nowhere: a capture session or a Triton cache entry keeps Triton's
// stages, not its pass list, and the comparison says so instead of guessing.
#pragma once

#include "CompileSnapshot.h"
#include "StageComparisonModel.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <optional>

namespace trex::explorer {

struct PassList {
  // Whether the side's passes are known; `passes` is empty when not.
  bool known = false;
  QStringList passes;
  // Known: where the list came from ("passes.txt in DIR"), may be empty; not known: why
  // ("a capture session keeps Triton's stages (ttir, ttgir), not its pass list").
  QString note;
};

// The pass as Triton and mlir-opt spell it (its argument); back-end steps and passes without
// an argument keep their class name. The pass timeline names them the same way.
QString tritonPassName(const PassRecord &pass);
PassList passListOf(const std::vector<PassRecord> &passes);
// The passes a passes.txt lists (`trex compile --dump-passes`: "  1   0.123 ms  changed
// TritonGPUCoalesce (tritongpu-coalesce) on builtin.module  -> 001-....mlir"); none when a line
// is not of that form.
std::optional<QStringList> readPassIndex(const QString &text);

// The comparison's "passes" row: the same passes, which only one side ran, or that the other
// side's list is not known and why.
StageDifference comparePassLists(const PassList &trex, const PassList &other,
                                 const QString &otherName);

// The two lists aligned as a side-by-side diff: a pass both ran in order shares a row; where
// they differ, each side's passes fill their own column.
class PassListComparisonModel : public QAbstractTableModel {
  Q_OBJECT
public:
  enum Column { TrexColumn, OtherColumn, ColumnCount };
  // True on a row whose passes differ (one side only, or two different passes); the window
  // shades those rows.
  enum Role { DiffersRole = Qt::UserRole + 1 };

  explicit PassListComparisonModel(QObject *parent = nullptr);
  void setLists(const PassList &trex, const PassList &other, const QString &otherName);
  void clear();
  const PassList &trexList() const { return trex; }
  const PassList &otherList() const { return other; }

  int rowCount(const QModelIndex &parent = QModelIndex()) const override;
  int columnCount(const QModelIndex &parent = QModelIndex()) const override;
  QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

private:
  struct Row {
    QString trex;
    QString other;
    bool differs = false;
  };
  std::vector<Row> rows;
  PassList trex;
  PassList other;
  QString otherName = QStringLiteral("Triton");
};

} // namespace trex::explorer
