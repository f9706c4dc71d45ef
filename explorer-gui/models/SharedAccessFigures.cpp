// SharedAccessFigures: the access plan comes from the lowering's own planner
// (planLocalMemoryAccess, planMatrixLoad); the wavefront counting from layoutviz's bank model.
#include "SharedAccessFigures.h"

#include "trex/Conversion/TritonGPUToLLVM/LocalMemoryAccess.h"
#include "trex/Conversion/TritonGPUToLLVM/MatrixLoad.h"

#include "layoutviz/AttributeText.h"
#include "layoutviz/LayoutShaping.h"

#include <QRegularExpression>
#include <QStringList>

namespace trex::explorer {

namespace lv = trex::layoutviz;

namespace {

// The lowering's widest shared-memory access (ld.shared.v4.b32, ds_read_b128), in bytes.
constexpr int kMaxSharedVectorBytes = 16;

// ldmatrix as an access layoutviz can count: each of its 8 * matrices lanes reads one 16-byte
// row (8 elements) at the address the plan gives it, so the instruction is a 16-byte access
// whose phases of 8 lanes are its matrices. In-dims: register (the row's elements, then one
// bit per instruction), lane, warp; each basis is the tensor element its offset holds.
lv::LinearLayout matrixLoadAccessLayout(const LocalMemoryAccess &plan, const MatrixLoadPlan &matrix,
                                        const lv::LinearLayout &shared) {
  auto elementAt = [&](int32_t offset) {
    lv::LinearLayout::Coordinates ins{{lv::kOffset, offset}};
    if (shared.hasInDim(lv::kBlock))
      ins.push_back({lv::kBlock, 0});
    lv::LinearLayout::Basis basis;
    for (const auto &[dim, value] : shared.apply(ins))
      basis.push_back(value);
    return basis;
  };
  std::vector<lv::LinearLayout::Basis> registers, lanes, warps;
  for (int32_t bit = 0; bit < 3; ++bit)
    registers.push_back(elementAt(1 << bit));
  const int32_t registerCount = static_cast<int32_t>(plan.registerOffset.size());
  for (int32_t step = matrix.registersPerInstruction(); step < registerCount; step *= 2)
    registers.push_back(elementAt(plan.registerOffset[step]));
  // Only the first 8 * matrices lanes give addresses.
  for (int32_t bit = 0; (1 << bit) < 8 * matrix.matrices && bit < static_cast<int32_t>(matrix.laneAddressOffset.size());
       ++bit)
    lanes.push_back(elementAt(matrix.laneAddressOffset[bit]));
  for (int32_t offset : plan.warpOffset)
    warps.push_back(elementAt(offset));
  lv::LinearLayout::DimSizes outDims;
  for (const std::string &name : shared.getOutDimNames())
    outDims.push_back({name, shared.getOutDimSize(name)});
  return lv::LinearLayout({{lv::kRegister, registers}, {lv::kLane, lanes}, {lv::kWarp, warps}}, outDims,
                          /*requireSurjective=*/false);
}

QString plainInstruction(bool isStore, int bytes) {
  return QStringLiteral("%1 %2 B/lane").arg(isStore ? QStringLiteral("st.shared") : QStringLiteral("ld.shared")).arg(bytes);
}

// The element as shared memory stores it: pointers as 64-bit integers, i1 as a byte.
int storedBits(const QString &elementType, int bits) {
  if (elementType.contains(QLatin1String("ptr")))
    return 64;
  return std::max(8, bits);
}

SharedAccessFigure figureOf(const SharedAccess &access, const SharedMemoryTarget &target) {
  SharedAccessFigure figure;
  figure.access = access;
  figure.elementType = access.registers.elementType;
  figure.elementBits = storedBits(access.registers.elementType, access.registers.elementBits);
  if (access.registers.shape != access.shared.shape) {
    figure.problem = QStringLiteral("the tensor and the buffer view have different shapes");
    return figure;
  }
  lv::AttributeParseResult registers = lv::parseLayoutAttribute(access.registers.attribute.toStdString());
  lv::AttributeParseResult shared = lv::parseLayoutAttribute(access.shared.attribute.toStdString());
  if (!registers.ok() || !shared.ok()) {
    figure.problem = QStringLiteral("layout not understood: ") +
                     QString::fromStdString(registers.ok() ? shared.error : registers.error).section('\n', 0, 0);
    return figure;
  }
  try {
    lv::LinearLayout registerLinear = lv::toLinearLayout(*registers.layout, access.registers.shape);
    lv::LinearLayout sharedLinear = lv::toLinearLayout(*shared.layout, access.shared.shape);
    const int32_t elementBytes = figure.elementBits / 8;
    std::string why;
    std::optional<LocalMemoryAccess> plan =
        planLocalMemoryAccess(registerLinear, sharedLinear, elementBytes, kMaxSharedVectorBytes, why);
    if (!plan) {
      figure.problem = QStringLiteral("the lowering cannot address this buffer: ") + QString::fromStdString(why);
      return figure;
    }
    figure.vectorWidth = 1 << plan->vectorBits;
    figure.bytesPerLane = figure.vectorWidth * elementBytes;
    lv::BankConflictReport plain = lv::analyzeBankConflicts(
        registerLinear, sharedLinear,
        {static_cast<unsigned>(figure.elementBits), static_cast<unsigned>(figure.vectorWidth)});
    // The lowering reads 16-bit mma.sync operands with ldmatrix where the plan has its shape.
    std::optional<MatrixLoadPlan> matrix;
    if (!access.isStore && target.hasMatrixLoad)
      matrix = planMatrixLoad(*plan, elementBytes);
    if (!matrix) {
      figure.instruction = plainInstruction(access.isStore, figure.bytesPerLane);
      figure.report = plain;
      return figure;
    }
    figure.instruction = QStringLiteral("ldmatrix.x%1%2").arg(matrix->matrices).arg(matrix->transposed ? QStringLiteral(".trans") : QString());
    figure.report = lv::analyzeBankConflicts(matrixLoadAccessLayout(*plan, *matrix, sharedLinear), sharedLinear,
                                             {static_cast<unsigned>(figure.elementBits), 8u});
    figure.plainReport = plain;
  } catch (const std::exception &error) {
    figure.problem = QString::fromUtf8(error.what()).section('\n', 0, 0);
    figure.report.reset();
  }
  return figure;
}

} // namespace

SharedMemoryTarget sharedMemoryTarget(const QString &target) {
  SharedMemoryTarget result;
  static const QRegularExpression cuda(QStringLiteral(R"(^cuda:(\d+))"));
  QRegularExpressionMatch match = cuda.match(target);
  result.hasMatrixLoad = match.hasMatch() && match.captured(1).toInt() >= 75;
  return result;
}

QString moduleTarget(const QString &ir) {
  static const QRegularExpression attribute(QStringLiteral(R"re("?ttg\.target"?\s*=\s*"([^"]+)")re"));
  QRegularExpressionMatch match = attribute.match(ir);
  return match.hasMatch() ? match.captured(1) : QString();
}

const lv::InstructionWavefronts *SharedAccessFigure::worstInstruction() const {
  if (!report)
    return nullptr;
  for (const lv::InstructionWavefronts &instruction : report->instructions)
    if (instruction.wavefronts == report->maxWavefronts)
      return &instruction;
  return nullptr;
}

QString SharedAccessFigure::collidingLanes(int maxBanks) const {
  const lv::InstructionWavefronts *worst = worstInstruction();
  if (!worst || report->isConflictFree())
    return {};
  QStringList banks;
  for (const lv::BankCollision &collision : worst->collisions) {
    if (static_cast<int>(banks.size()) == maxBanks) {
      banks << QStringLiteral("…");
      break;
    }
    QStringList lanes;
    for (int lane : collision.lanes)
      lanes << QString::number(lane);
    banks << QStringLiteral("bank %1: lanes %2 (%3 words)").arg(collision.bank).arg(lanes.join(QStringLiteral(", "))).arg(collision.words.size());
  }
  return banks.join(QStringLiteral("; "));
}

std::vector<SharedAccessFigure> sharedAccessFigures(const std::vector<SharedAccess> &accesses,
                                                    const SharedMemoryTarget &target) {
  std::vector<SharedAccessFigure> figures;
  for (const SharedAccess &access : accesses)
    figures.push_back(figureOf(access, target));
  return figures;
}

} // namespace trex::explorer
