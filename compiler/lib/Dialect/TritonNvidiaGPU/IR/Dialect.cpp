// Registration of the `ttng` dialect and the verifiers of its ops.
#include "trex/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "trex/Dialect/TritonNvidiaGPU/IR/Dialect.cpp.inc"

using namespace mlir;

namespace trex::ttng {

void TTNGDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "trex/Dialect/TritonNvidiaGPU/IR/Ops.cpp.inc"
      >();
}

static ArrayRef<int64_t> shapeOf(Type type) { return cast<ShapedType>(type).getShape(); }

LogicalResult WarpGroupDotOp::verify() {
  ArrayRef<int64_t> a = shapeOf(getA().getType()), b = shapeOf(getB().getType()),
                    c = shapeOf(getC().getType());
  if (a.size() != 2 || b.size() != 2 || c.size() != 2)
    return emitOpError("a, b and c must be matrices");
  if (a[1] != b[0])
    return emitOpError("a is ") << a[0] << "x" << a[1] << " but b has " << b[0]
                                << " rows; the inner dimensions must match";
  if (c[0] != a[0] || c[1] != b[1])
    return emitOpError("accumulator must be ")
           << a[0] << "x" << b[1] << ", got " << c[0] << "x" << c[1];
  Attribute encoding = getC().getType().getEncoding();
  if (encoding) {
    auto mma = dyn_cast<ttg::NvidiaMmaEncodingAttr>(encoding);
    if (!mma || !mma.isHopper())
      return emitOpError("the accumulator needs a Hopper (versionMajor = 3) #ttg.nvidia_mma "
                         "layout, got ")
             << encoding;
  }
  return success();
}

void WarpGroupDotOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  for (OpOperand &operand : getOperation()->getOpOperands())
    if (isa<ttg::MemDescType>(operand.get().getType()))
      effects.emplace_back(MemoryEffects::Read::get(), &operand, ttg::SharedMemory::get());
  // The wait itself orders the warp group against its in-flight wgmmas: it is never dead (the
  // one after a pipelined loop stays where the loop's result is unused), merged or moved, as
  // Triton's op (which declares no effects, hence any).
  effects.emplace_back(MemoryEffects::Write::get());
}

LogicalResult WarpGroupDotWaitOp::verify() {
  if (getInputs().empty())
    return emitOpError("needs at least one value to wait for");
  int64_t pendings = getPendingsAttr().getInt();
  if (pendings < 0)
    return emitOpError("pendings must not be negative, got ") << pendings;
  return success();
}

void WarpGroupDotWaitOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  for (OpOperand &operand : getOperation()->getOpOperands())
    if (isa<ttg::MemDescType>(operand.get().getType()))
      effects.emplace_back(MemoryEffects::Read::get(), &operand, ttg::SharedMemory::get());
  // The wait itself orders the warp group against its in-flight wgmmas: it is never dead (the
  // one after a pipelined loop stays where the loop's result is unused), merged or moved, as
  // Triton's op (which declares no effects, hence any).
  effects.emplace_back(MemoryEffects::Write::get());
}

// An mbarrier is one 64-bit word of shared memory.
static LogicalResult verifyBarrier(Operation *op, ttg::MemDescType type) {
  if (type.getNumElements() != 1 || !type.getElementType().isInteger(64))
    return op->emitOpError("the barrier must be a single i64 in shared memory, got ") << type;
  return success();
}

LogicalResult InitBarrierOp::verify() {
  int64_t count = getCountAttr().getInt();
  if (count < 1)
    return emitOpError("count must be at least 1, got ") << count;
  return verifyBarrier(*this, getAlloc().getType());
}

LogicalResult InvalBarrierOp::verify() { return verifyBarrier(*this, getAlloc().getType()); }
LogicalResult BarrierExpectOp::verify() { return verifyBarrier(*this, getAlloc().getType()); }
LogicalResult WaitBarrierOp::verify() { return verifyBarrier(*this, getAlloc().getType()); }

LogicalResult ArriveBarrierOp::verify() {
  int64_t count = getCountAttr().getInt();
  if (count < 1)
    return emitOpError("count must be at least 1, got ") << count;
  return verifyBarrier(*this, getAlloc().getType());
}

// A TMA copy moves exactly the descriptor's block, addressed by one coordinate per dimension.
static LogicalResult verifyTMACopy(Operation *op, tt::TensorDescType desc, size_t numCoords,
                                   ttg::MemDescType buffer) {
  RankedTensorType block = desc.getBlockType();
  if (numCoords != static_cast<size_t>(block.getRank()))
    return op->emitOpError("needs one coordinate per descriptor dimension (")
           << block.getRank() << "), got " << numCoords;
  // The descriptor keeps the integer's signedness (si8), the buffer is signless (i8).
  Type blockElement = block.getElementType(), bufferElement = buffer.getElementType();
  bool sameInteger = blockElement.isInteger() && bufferElement.isInteger() &&
                     blockElement.getIntOrFloatBitWidth() == bufferElement.getIntOrFloatBitWidth();
  if (blockElement != bufferElement && !sameInteger)
    return op->emitOpError("the descriptor holds ")
           << block.getElementType() << " but the buffer holds " << buffer.getElementType();
  if (block.getNumElements() != buffer.getNumElements())
    return op->emitOpError("the buffer must hold one descriptor block (")
           << block.getNumElements() << " elements), got " << buffer.getNumElements();
  return success();
}

LogicalResult AsyncTMACopyGlobalToLocalOp::verify() {
  if (failed(verifyBarrier(*this, getBarrier().getType())))
    return failure();
  if (!getResult().getType().getMutableMemory())
    return emitOpError("cannot copy into an immutable buffer");
  return verifyTMACopy(*this, getDesc().getType(), getCoord().size(), getResult().getType());
}

LogicalResult AsyncTMACopyLocalToGlobalOp::verify() {
  return verifyTMACopy(*this, getDesc().getType(), getCoord().size(), getSrc().getType());
}

// A CUtensorMap describes 1 to 5 dimensions; its enumerations are small.
LogicalResult TensormapCreateOp::verify() {
  int rank = getRank();
  if (rank < 1 || rank > 5)
    return emitOpError("a TMA descriptor has 1 to 5 dimensions, got ") << rank;
  if (static_cast<int>(getGlobalDim().size()) != rank ||
      static_cast<int>(getElementStride().size()) != rank)
    return emitOpError("needs ") << rank << " global dimensions and element strides, got "
                                 << getGlobalDim().size() << " and " << getElementStride().size();
  if (static_cast<int>(getGlobalStride().size()) != rank - 1)
    return emitOpError("needs ") << rank - 1 << " global strides (all but the innermost), got "
                                 << getGlobalStride().size();
  auto inRange = [&](StringRef name, int32_t value, int32_t max) -> LogicalResult {
    if (value < 0 || value > max)
      return emitOpError() << name << " must be in [0, " << max << "], got " << value;
    return success();
  };
  if (failed(inRange("elem_type", getElemType(), 15)) ||
      failed(inRange("interleave_layout", getInterleaveLayout(), 2)) ||
      failed(inRange("swizzle_mode", getSwizzleMode(), 3)) ||
      failed(inRange("fill_mode", getFillMode(), 1)))
    return failure();
  return success();
}

SmallVector<int64_t> tmaBoxShape(RankedTensorType block) {
  SmallVector<int64_t> box(block.getShape());
  // A box spans at most 256 elements per dimension...
  for (int64_t &size : box)
    size = std::min<int64_t>(size, 256);
  // ...and a swizzled box's rows are exactly one swizzle pattern wide: wider blocks take
  // several copies.
  auto shared = dyn_cast_or_null<ttg::NVMMASharedEncodingAttr>(block.getEncoding());
  if (shared && shared.getSwizzlingByteWidth() != 0) {
    unsigned bits = block.getElementType().getIntOrFloatBitWidth();
    box.back() = std::min<int64_t>(box.back(), 8 * shared.getSwizzlingByteWidth() / bits);
  }
  return box;
}

std::optional<int> tmaElementType(Type element) {
  // tensormap.replace's .elemtype numbering (the device's; the host's CUtensorMapDataType
  // differs from 8 on: the launcher translates): floats by name, integers as words of their
  // size, signed where the descriptor keeps the sign and TMA has a signed form.
  if (element.isBF16())
    return 10;
  if (element.isF16())
    return 6;
  if (element.isF32())
    return 7;
  if (element.isF64())
    return 9;
  if (!element.isIntOrFloat())
    return std::nullopt;
  bool isSigned = element.isSignedInteger();
  switch (element.getIntOrFloatBitWidth()) {
  case 8:
    return 0;
  case 16:
    return 1;
  case 32:
    return isSigned ? 3 : 2;
  case 64:
    return isSigned ? 5 : 4;
  default:
    return std::nullopt;
  }
}

} // namespace trex::ttng

#define GET_OP_CLASSES
#include "trex/Dialect/TritonNvidiaGPU/IR/Ops.cpp.inc"
