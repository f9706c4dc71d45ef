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
  if (block.getElementType() != buffer.getElementType())
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

} // namespace trex::ttng

#define GET_OP_CLASSES
#include "trex/Dialect/TritonNvidiaGPU/IR/Ops.cpp.inc"
