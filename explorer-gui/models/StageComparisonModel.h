// StageComparisonModel: trex's stages against the same stages from elsewhere (Triton's, read
// from a capture session or its cache, or another compilation), one row per stage both have:
// a one-line summary (same, or how many lines differ and, for MLIR stages, which operations
// are counted differently) and the changed lines of each side for the panes to mark. Lines
// are compared ignoring what a recompile renames (stagetext's compareStages).
#pragma once

#include "CompileSnapshot.h"

#include <QAbstractTableModel>

namespace trex::explorer {

struct StageDifference {
  QString stage; // "ttgir"
  // Lines (1-based, of each side's own text) that the other side lacks.
  std::vector<int> trexLines;
  std::vector<int> otherLines;
  // "+2 arith.constant, -1 tt.addptr" (trex's count minus the other's); empty when equal or
  // not an MLIR stage.
  QString operationDifference;
  // For the "layouts", "metadata" and "passes" rows (not line diffs): what differs, or that
  // nothing does ("same (N layouts)", "same launch facts"); empty for a stage row.
  QString note;
  bool differs = false;
  bool same() const { return trexLines.empty() && otherLines.empty() && !differs; }
  // "same" or "12 lines differ (5 only in trex, 7 only in Triton); ops: +2 arith.constant".
  QString summary(const QString &otherName) const;
};

StageDifference compareStage(const QString &stage, const QString &trexText,
                             const QString &otherText);
// The "layouts" row: the layout aliases two ttgir texts define, compared by name and definition.
StageDifference compareLayouts(const QString &trexTtgir, const QString &otherTtgir,
                               const QString &otherName);

class StageComparisonModel : public QAbstractTableModel {
  Q_OBJECT
public:
  enum Column { StageColumn, SummaryColumn, ColumnCount };

  explicit StageComparisonModel(QObject *parent = nullptr);

  // Compares every stage name present in both, then (where both have a ttgir) the layouts it
  // defines; `otherName` ("Triton") names the other side in the summaries.
  // With both sides' metadata JSON (Triton's keys), a "metadata" row lists the launch facts
  // that differ (shared memory, warps, stages, scratch sizes, registers and spills).
  void compare(const std::vector<StageText> &trex, const std::vector<StageText> &other,
               const QString &otherName = QStringLiteral("Triton"),
               const std::string &trexMetadata = {}, const std::string &otherMetadata = {});
  void clear();
  // Puts `row` in place of the row of the same stage name, or after the others (the "passes"
  // row, PassListComparison.h).
  void setRow(const StageDifference &row);
  QString otherName() const { return other; }
  // The stage's comparison, or nullptr when the stage is not on both sides.
  const StageDifference *difference(const QString &stage) const;
  // "ttgir: same", or "" when the stage is not compared.
  QString summary(const QString &stage) const;

  int rowCount(const QModelIndex &parent = QModelIndex()) const override;
  int columnCount(const QModelIndex &parent = QModelIndex()) const override;
  QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

private:
  std::vector<StageDifference> rows;
  QString other = QStringLiteral("Triton");
};

} // namespace trex::explorer
