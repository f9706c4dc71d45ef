// BankConflictModel: display texts of the figures; the figures themselves are computed by
// SharedAccessFigures.
#include "BankConflictModel.h"

#include <QStringList>

namespace trex::explorer {

namespace lv = trex::layoutviz;

namespace {

QString direction(const SharedAccess &access) {
  switch (access.kind) {
  case SharedAccessKind::Store:
    return QStringLiteral("store");
  case SharedAccessKind::Load:
    return QStringLiteral("load");
  case SharedAccessKind::AsyncCopy:
    return QStringLiteral("write from global");
  case SharedAccessKind::WarpGroupDotOperand:
    return access.operandIndex == 0 ? QStringLiteral("read A") : QStringLiteral("read B");
  case SharedAccessKind::TMACopy:
    return access.isStore ? QStringLiteral("TMA write from global")
                          : QStringLiteral("TMA read to global");
  }
  return {};
}

} // namespace

BankConflictModel::BankConflictModel(QObject *parent) : QAbstractTableModel(parent) {}

void BankConflictModel::setFigures(std::vector<SharedAccessFigure> figures) {
  beginResetModel();
  rows = std::move(figures);
  endResetModel();
}

int BankConflictModel::rowCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows.size());
}

int BankConflictModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant BankConflictModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    return {};
  switch (section) {
  case LineColumn:
    return QStringLiteral("Line");
  case OperationColumn:
    return QStringLiteral("Access");
  case RegistersColumn:
    return QStringLiteral("Register layout");
  case ElementColumn:
    return QStringLiteral("Element");
  case VectorColumn:
    return QStringLiteral("Vector");
  case InstructionColumn:
    return QStringLiteral("Instruction");
  case CountedPerColumn:
    return QStringLiteral("Counted per");
  case WorstColumn:
    return QStringLiteral("Wavefronts/instr");
  case IdealColumn:
    return QStringLiteral("Ideal");
  case TotalColumn:
    return QStringLiteral("Total");
  case CollidingColumn:
    return QStringLiteral("Colliding lanes (worst instruction)");
  }
  return {};
}

QVariant BankConflictModel::data(const QModelIndex &index, int role) const {
  if (!index.isValid() || index.row() >= rowCount())
    return {};
  const SharedAccessFigure &figure = rows[index.row()];
  if (role == Qt::ToolTipRole)
    return details(index.row());
  if (role != Qt::DisplayRole)
    return {};
  switch (index.column()) {
  case LineColumn:
    return figure.access.line;
  case OperationColumn:
    return QStringLiteral("%1 (%2)").arg(figure.access.operation, direction(figure.access));
  case RegistersColumn:
    // wgmma reads into no register tensor; its accumulator is what the instructions fill.
    return figure.access.kind == SharedAccessKind::WarpGroupDotOperand
               ? QStringLiteral("accumulator ") + figure.access.registers.name
               : figure.access.registers.name;
  case ElementColumn:
    return QStringLiteral("%1 (%2-bit)").arg(figure.elementType).arg(figure.elementBits);
  case VectorColumn:
    return figure.vectorWidth ? QVariant(figure.vectorWidth) : QVariant();
  case InstructionColumn:
    return figure.instruction;
  case CountedPerColumn:
    return figure.countedPer;
  case WorstColumn:
    return figure.report ? QVariant(figure.report->maxWavefronts) : QVariant(figure.problem);
  case IdealColumn:
    return figure.report ? QVariant(figure.report->idealWavefronts) : QVariant();
  case TotalColumn:
    return figure.report ? QVariant(static_cast<qlonglong>(figure.report->totalWavefronts)) : QVariant();
  case CollidingColumn:
    if (!figure.report)
      return {};
    return figure.report->isConflictFree() ? QStringLiteral("none (conflict-free)") : figure.collidingLanes();
  }
  return {};
}

QString BankConflictModel::details(int row) const {
  if (row < 0 || row >= rowCount())
    return {};
  const SharedAccessFigure &figure = rows[row];
  QStringList lines;
  if (figure.access.kind == SharedAccessKind::TMACopy)
    lines << QStringLiteral("line %1 %2 with %3, the descriptor's block %4")
                 .arg(figure.access.line)
                 .arg(figure.access.operation, figure.instruction, figure.access.registers.name);
  else if (figure.access.kind == SharedAccessKind::WarpGroupDotOperand)
    lines << QStringLiteral("line %1 %2 with %3; %4 core matrices of 8 rows x 16 bytes (%5 x %6 "
                            "per row) per instruction")
                 .arg(figure.access.line)
                 .arg(figure.access.operation, figure.instruction)
                 .arg(figure.coreMatricesPerInstruction)
                 .arg(figure.vectorWidth)
                 .arg(figure.elementType);
  else
    lines << QStringLiteral(
                 "line %1 %2 with %3; access plan: %4 x %5 (%6 bytes) contiguous per lane%7")
                 .arg(figure.access.line)
                 .arg(figure.access.operation, figure.instruction)
                 .arg(figure.vectorWidth)
                 .arg(figure.elementType)
                 .arg(figure.bytesPerLane)
                 .arg(figure.access.kind == SharedAccessKind::AsyncCopy &&
                              figure.access.contiguity > 0
                          ? QStringLiteral(" (contiguity %1)").arg(figure.access.contiguity)
                          : QString());
  lines << QStringLiteral("model: ") + figure.model;
  if (!figure.report) {
    lines << figure.problem;
    return lines.join('\n');
  }
  const lv::BankConflictReport &report = *figure.report;
  lines << QStringLiteral("%1 wavefronts per instruction at worst, %2 conflict-free, %3 in total over %4 instructions")
               .arg(report.maxWavefronts)
               .arg(report.idealWavefronts)
               .arg(report.totalWavefronts)
               .arg(report.instructions.size());
  if (const lv::InstructionWavefronts *worst = figure.worstInstruction()) {
    if (figure.access.kind == SharedAccessKind::WarpGroupDotOperand)
      lines << QStringLiteral("worst: ") + figure.worstPlace;
    else
      lines << QStringLiteral("worst: warp %1, registers from %2")
                   .arg(worst->warp)
                   .arg(worst->firstRegister);
    for (const lv::BankCollision &collision : worst->collisions) {
      QStringList lanes, words;
      for (int lane : collision.lanes)
        lanes << QString::number(lane);
      for (int64_t word : collision.words)
        words << QString::number(word);
      lines << QStringLiteral("  bank %1: %2 %3 ask for words %4")
                   .arg(collision.bank)
                   .arg(figure.collisionUnit, lanes.join(QStringLiteral(", ")),
                        words.join(QStringLiteral(", ")));
    }
  }
  if (figure.plainReport)
    lines << QStringLiteral("(without ldmatrix, %1 x %2 ld.shared: %3 wavefronts per instruction at worst, ideal %4, %5 in total)")
                 .arg(figure.vectorWidth)
                 .arg(figure.elementType)
                 .arg(figure.plainReport->maxWavefronts)
                 .arg(figure.plainReport->idealWavefronts)
                 .arg(figure.plainReport->totalWavefronts);
  return lines.join('\n');
}

QString BankConflictModel::text() const {
  QStringList lines;
  for (int row = 0; row < rowCount(); ++row) {
    QStringList cells;
    for (int column = 0; column < ColumnCount; ++column)
      cells << data(index(row, column)).toString();
    lines << cells.join(QStringLiteral(" | "));
  }
  return lines.join('\n');
}

} // namespace trex::explorer
