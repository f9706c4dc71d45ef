// SharedAccessFigures: the access plan comes from the lowering's own planners
// (planLocalMemoryAccess, planMatrixLoad, planWarpGroupMma); the wavefront counting from
// layoutviz's bank model, or for wgmma reads from WgmmaOperandReads.
#include "SharedAccessFigures.h"

#include "WgmmaOperandReads.h"

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

// cp.async moves 4, 8 or 16 bytes per copy.
constexpr int kMinAsyncCopyBytes = 4;

const char *kWarpModel =
    "each warp-wide instruction: its lanes' words over 32 banks of 4 bytes, 16-byte "
    "accesses in phases of 8 lanes, 8-byte ones in phases of 16";

// The vector width an async copy's lowering (AsyncCopyOpConversion) gives each cp.async: the
// plan's contiguous registers, at most the op's contiguity, at most 16 bytes. (The lowering
// raises a contiguity hint with the axis information, which the text does not show: a copy
// without the attribute, as coalesce-async-copy leaves a clipped one, gets the plan's width.)
int asyncCopyWidth(const LocalMemoryAccess &plan, int contiguity, int elementBytes) {
  int width = 1 << plan.vectorBits;
  if (contiguity > 0)
    width = std::min(width, contiguity);
  while (width * elementBytes > kMaxSharedVectorBytes)
    width /= 2;
  return width;
}

// A wgmma operand read: the plan needs the accumulator's layout, both operands and #mma's
// instrShape, all from the warp_group_dot line.
void wgmmaFigure(const SharedAccess &access, SharedAccessFigure &figure) {
  figure.countedPer = QStringLiteral("8x16 B core matrix");
  figure.collisionUnit = QStringLiteral("rows");
  figure.model = QStringLiteral(
      "a model: wgmma reads its tiles through matrix descriptors, not lanes; each 8-row x 16-byte "
      "core matrix is "
      "counted as one request over 32 banks of 4 bytes (1 wavefront when its rows fall on distinct "
      "banks), an "
      "instruction as the sum over its core matrices; addresses are the lowering's descriptors'");
  const int elementBytes = figure.elementBits / 8;
  lv::AttributeParseResult accumulator =
      lv::parseLayoutAttribute(access.registers.attribute.toStdString());
  const auto *mma =
      accumulator.ok() ? std::get_if<lv::NvidiaMmaLayout>(&accumulator.layout->family) : nullptr;
  if (!mma || !mma->isHopper() || mma->instrShape.size() != 3) {
    figure.problem = QStringLiteral("the dot's result is not an nvidia_mma v3 (wgmma) layout");
    return;
  }
  // The operands as the lowering takes them: nvmma_shared buffers, or A as a register tensor.
  auto sharedOperand = [&](const LayoutSelection &selection,
                           std::optional<WgmmaSharedOperand> &operand) {
    lv::AttributeParseResult parsed = lv::parseLayoutAttribute(selection.attribute.toStdString());
    const auto *nvmma =
        parsed.ok() ? std::get_if<lv::NvmmaSharedLayout>(&parsed.layout->family) : nullptr;
    if (!nvmma)
      return false;
    operand =
        WgmmaSharedOperand{lv::toLinearLayout(*parsed.layout, selection.shape),
                           static_cast<int32_t>(nvmma->swizzlingByteWidth), nvmma->transposed};
    return true;
  };
  const LayoutSelection &a = access.operandIndex == 0 ? access.shared : access.otherOperand;
  const LayoutSelection &b = access.operandIndex == 1 ? access.shared : access.otherOperand;
  std::optional<WgmmaSharedOperand> aShared, bShared;
  std::optional<lv::LinearLayout> aRegisters;
  if (a.isMemDesc && !sharedOperand(a, aShared)) {
    figure.problem =
        QStringLiteral("wgmma reads A through a #ttg.nvmma_shared buffer, not %1").arg(a.name);
    return;
  }
  if (!a.isMemDesc)
    aRegisters =
        lv::toLinearLayout(lv::parseLayoutAttributeOrThrow(a.attribute.toStdString()), a.shape);
  if (!sharedOperand(b, bShared)) {
    figure.problem =
        QStringLiteral("wgmma reads B through a #ttg.nvmma_shared buffer, not %1").arg(b.name);
    return;
  }
  lv::LinearLayout accumulatorLinear =
      lv::toLinearLayout(*accumulator.layout, access.registers.shape);
  std::string why;
  std::optional<WgmmaOperandReads> reads =
      wgmmaOperandReads(accumulatorLinear, aShared, aRegisters ? &*aRegisters : nullptr, *bShared,
                        access.operandIndex, static_cast<int32_t>(mma->instrShape[1]),
                        static_cast<int32_t>(mma->instrShape[2]), elementBytes, why);
  if (!reads) {
    figure.problem = QStringLiteral("the lowering cannot read this operand with wgmma: ") +
                     QString::fromStdString(why);
    return;
  }
  const bool isA = access.operandIndex == 0;
  figure.vectorWidth = 16 / elementBytes;
  figure.bytesPerLane = 16;
  figure.instruction = QStringLiteral("wgmma.m64n%1k%2 %3 (%4, %5B swizzle)")
                           .arg(reads->instrN)
                           .arg(reads->instrK)
                           .arg(isA ? QStringLiteral("A") : QStringLiteral("B"))
                           .arg(reads->descriptor.mnMajor
                                    ? (isA ? QStringLiteral("M-major") : QStringLiteral("N-major"))
                                    : QStringLiteral("K-major"))
                           .arg(reads->descriptor.swizzleBytes);
  figure.coreMatricesPerInstruction = reads->coreMatricesPerInstruction;
  if (reads->report.instructions.empty()) {
    figure.problem = QStringLiteral("the dot has no wgmma instructions to count");
    return;
  }
  const lv::InstructionWavefronts &worst = reads->report.instructions[reads->worst.instruction];
  // A core matrix spans 8 rows of 16 bytes: along K for K-major operands, along M / N otherwise.
  const int32_t rowsSpan = reads->descriptor.mnMajor ? 16 / elementBytes : 8;
  const int32_t kSpan = reads->descriptor.mnMajor ? 8 : 16 / elementBytes;
  figure.worstPlace =
      QStringLiteral("warp group %1, instruction %2: core matrix of %3 %4-%5, k %6-%7 of its tile")
          .arg(worst.warp)
          .arg(worst.firstRegister)
          .arg(isA ? QStringLiteral("rows") : QStringLiteral("columns"))
          .arg(reads->worst.firstRow)
          .arg(reads->worst.firstRow + rowsSpan - 1)
          .arg(reads->worst.firstK)
          .arg(reads->worst.firstK + kSpan - 1);
  figure.report = reads->report;
}

SharedAccessFigure figureOf(const SharedAccess &access, const SharedMemoryTarget &target) {
  SharedAccessFigure figure;
  figure.access = access;
  figure.model = QString::fromLatin1(kWarpModel);
  figure.elementType = access.registers.elementType;
  figure.elementBits = storedBits(access.registers.elementType, access.registers.elementBits);
  if (access.kind == SharedAccessKind::WarpGroupDotOperand) {
    // The element is the operand's, not the accumulator's.
    figure.elementType = access.shared.elementType;
    figure.elementBits = storedBits(access.shared.elementType, access.shared.elementBits);
    try {
      wgmmaFigure(access, figure);
    } catch (const std::exception &error) {
      figure.problem = QString::fromUtf8(error.what()).section('\n', 0, 0);
      figure.report.reset();
    }
    return figure;
  }
  if (access.kind == SharedAccessKind::TMACopy) {
    figure.elementType = access.shared.elementType;
    figure.elementBits = storedBits(access.shared.elementType, access.shared.elementBits);
    figure.instruction = QStringLiteral("cp.async.bulk.tensor (TMA)");
    figure.problem = QStringLiteral("moved by the tensor memory accelerator in whole boxes of "
                                    "the swizzled layout, not by threads: no bank conflicts");
    return figure;
  }
  if (access.registers.shape != access.shared.shape) {
    figure.problem = QStringLiteral("the tensor and the buffer view have different shapes");
    return figure;
  }
  if (access.kind == SharedAccessKind::AsyncCopy && !target.hasAsyncCopy) {
    figure.problem = QStringLiteral("the target has no asynchronous copies (cp.async needs sm_80)");
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
    if (access.kind == SharedAccessKind::AsyncCopy) {
      figure.vectorWidth = asyncCopyWidth(*plan, access.contiguity, elementBytes);
      figure.bytesPerLane = figure.vectorWidth * elementBytes;
      if (figure.bytesPerLane < kMinAsyncCopyBytes) {
        figure.problem = QStringLiteral("cp.async moves 4 to 16 bytes; this copy's vectors have %1")
                             .arg(figure.bytesPerLane);
        return figure;
      }
      // 16-byte copies bypass L1 (.cg); narrower ones cannot (.ca), as the lowering emits them.
      figure.instruction =
          QStringLiteral("cp.async.%1 %2 B/lane")
              .arg(figure.bytesPerLane == 16 ? QStringLiteral("cg") : QStringLiteral("ca"))
              .arg(figure.bytesPerLane);
      figure.report = lv::analyzeBankConflicts(
          registerLinear, sharedLinear,
          {static_cast<unsigned>(figure.elementBits), static_cast<unsigned>(figure.vectorWidth)});
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
  result.hasAsyncCopy = match.hasMatch() && match.captured(1).toInt() >= 80;
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
    banks << QStringLiteral("bank %1: %2 %3 (%4 words)")
                 .arg(collision.bank)
                 .arg(collisionUnit, lanes.join(QStringLiteral(", ")))
                 .arg(collision.words.size());
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
