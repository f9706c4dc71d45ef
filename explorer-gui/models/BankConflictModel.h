// BankConflictModel: one row per shared-memory access of the selected buffer or shared layout —
// the operation, its element type and vector width, the instruction, what one counted unit is
// (a warp instruction, or a wgmma core matrix), wavefronts per instruction against the
// conflict-free ideal, and the lanes (or core-matrix rows) that collide in the worst one.
#pragma once

#include "SharedAccessFigures.h"

#include <QAbstractTableModel>

namespace trex::explorer {

class BankConflictModel : public QAbstractTableModel {
  Q_OBJECT
public:
  enum Column {
    LineColumn,
    OperationColumn,
    RegistersColumn,
    ElementColumn,
    VectorColumn,
    InstructionColumn,
    CountedPerColumn,
    WorstColumn,
    IdealColumn,
    TotalColumn,
    CollidingColumn,
    ColumnCount
  };

  explicit BankConflictModel(QObject *parent = nullptr);
  void setFigures(std::vector<SharedAccessFigure> figures);
  const std::vector<SharedAccessFigure> &figures() const { return rows; }

  int rowCount(const QModelIndex &parent = QModelIndex()) const override;
  int columnCount(const QModelIndex &parent = QModelIndex()) const override;
  QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

  // Every collision of the worst instruction of `row`, one bank per line, with the words the
  // lanes ask for; for ldmatrix rows also the plain ld.shared figure.
  QString details(int row) const;
  // The whole table as text (for copying and the tests' messages).
  QString text() const;

private:
  std::vector<SharedAccessFigure> rows;
};

} // namespace trex::explorer
