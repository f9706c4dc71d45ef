// triton-nvidia-tma-lowering: tensor descriptors on Hopper, as Triton 3.6 lowers them.
//
//  - tt.make_tensor_descriptor: each program writes a 128-byte CUtensorMap into its slice of
//    global scratch (ttg.global_scratch_alloc), fences it for the TMA unit and uses the
//    pointer as the descriptor;
//  - tt.descriptor_load (one tritongpu-pipeline left in place): a TMA copy into a shared buffer
//    in the descriptor's layout, completed through an mbarrier, then read into registers, or read
//    in place where the tile was copied to shared memory in that layout (a wgmma operand);
//  - tt.descriptor_store: the registers written to a shared buffer (or, for a tile just read
//    from a buffer in the descriptor's layout, that buffer), fenced for the async proxy, copied
//    out by TMA and waited for.
#include "trex/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace trex::ttng {

#define GEN_PASS_DEF_TRITONNVIDIAGPUTMALOWERING
#include "trex/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"

namespace {

int swizzleMode(unsigned swizzleBytes) {
  switch (swizzleBytes) {
  case 32:
    return 1;
  case 64:
    return 2;
  case 128:
    return 3;
  default:
    return 0;
  }
}

// The #ttg.nvmma_shared layout of a descriptor's block, which
// triton-nvidia-optimize-descriptor-encoding gives it; an error at `op` when it is missing.
FailureOr<ttg::NVMMASharedEncodingAttr> tmaLayoutOf(Operation *op, tt::TensorDescType desc) {
  auto shared = dyn_cast_or_null<ttg::NVMMASharedEncodingAttr>(desc.getBlockType().getEncoding());
  if (!shared)
    return op->emitError("triton-nvidia-tma-lowering: the descriptor's block has no TMA layout "
                         "(triton-nvidia-optimize-descriptor-encoding runs first): ")
           << desc;
  return shared;
}

Value i32Constant(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(builder, loc, value, 32);
}

LogicalResult lowerMakeDescriptor(tt::MakeTensorDescOp op) {
  auto descType = cast<tt::TensorDescType>(op.getType());
  RankedTensorType block = descType.getBlockType();
  FailureOr<ttg::NVMMASharedEncodingAttr> shared = tmaLayoutOf(op, descType);
  if (failed(shared))
    return failure();
  std::optional<int> elementType = tmaElementType(block.getElementType());
  if (!elementType)
    return op.emitError("a TMA descriptor holds 1-, 2-, 4- or 8-byte elements, not ")
           << block.getElementType();
  OpBuilder builder(op);
  Location loc = op.getLoc();
  int64_t rank = block.getRank();
  int64_t elementBytes = std::max(block.getElementType().getIntOrFloatBitWidth() / 8, 1u);
  Type bytePointer = tt::PointerType::get(builder.getIntegerType(8), 1);
  Value scratch = ttg::GlobalScratchAllocOp::create(builder, loc, bytePointer,
                                                    /*nbytes=*/128, /*alignment=*/128);
  // Innermost dimension first, strides in bytes without the innermost (unit) one. The
  // constants come in Triton's order: the box, the element size, the element stride (the
  // order canonicalization keeps when it hoists them).
  SmallVector<Value> boxDim, globalDim, globalStride;
  SmallVector<int64_t> box = tmaBoxShape(block);
  for (int64_t i = rank - 1; i >= 0; --i) {
    boxDim.push_back(i32Constant(builder, loc, box[i]));
    globalDim.push_back(op.getShape()[i]);
  }
  // A constant stride's byte count is a constant where the multiplication was, as Triton's
  // pattern driver folds it while lowering (before its constants are hoisted); the element
  // size is needed only for the others.
  auto constantStride = [&](Value stride) -> std::optional<int64_t> {
    APInt value;
    if (matchPattern(stride, m_ConstantInt(&value)))
      return value.getSExtValue();
    return std::nullopt;
  };
  Value elementSize;
  if (elementBytes != 1)
    for (int64_t i = rank - 2; i >= 0 && !elementSize; --i)
      if (!constantStride(op.getStrides()[i]))
        elementSize = arith::ConstantIntOp::create(builder, loc, elementBytes, 64);
  SmallVector<Value> elementStride(rank, i32Constant(builder, loc, 1));
  for (int64_t i = rank - 2; i >= 0; --i) {
    Value stride = op.getStrides()[i];
    if (elementBytes != 1) {
      if (std::optional<int64_t> value = constantStride(stride))
        stride = arith::ConstantIntOp::create(builder, loc, *value * elementBytes, 64);
      else
        stride = arith::MulIOp::create(builder, loc, stride, elementSize);
    }
    globalStride.push_back(stride);
  }
  int fillMode = op.getPadding() == tt::PaddingOption::PAD_NAN ? 1 : 0;
  TensormapCreateOp::create(builder, loc, scratch, op.getBase(), boxDim, globalDim, globalStride,
                            elementStride, *elementType, /*interleave_layout=*/0,
                            swizzleMode(shared->getSwizzlingByteWidth()), fillMode);
  TensormapFenceproxyAcquireOp::create(builder, loc, scratch);
  Value descriptor = ReinterpretTensorDescOp::create(builder, loc, descType, scratch);
  op.getResult().replaceAllUsesWith(descriptor);
  SetVector<Operation *> constants;
  for (Value operand : op->getOperands())
    if (auto constant = operand.getDefiningOp<arith::ConstantOp>())
      constants.insert(constant);
  op.erase();
  // Constants only the descriptor used (a folded or unit stride) go now, as Triton's pattern
  // driver erases them, before the hoisting that would otherwise keep them first.
  for (Operation *constant : constants)
    if (constant->use_empty())
      constant->erase();
  return success();
}

ttg::MemDescType bufferType(tt::TensorDescType desc, RankedTensorType value, bool isMutable) {
  Attribute encoding = desc.getBlockType().getEncoding();
  return ttg::MemDescType::get(value.getShape(), value.getElementType(), encoding,
                               ttg::SharedMemorySpaceAttr::get(value.getContext()), isMutable);
}

LogicalResult lowerLoad(tt::DescriptorLoadOp op) {
  auto desc = cast<tt::TensorDescType>(op.getDesc().getType());
  if (failed(tmaLayoutOf(op, desc)))
    return failure();
  OpBuilder builder(op);
  Location loc = op.getLoc();
  MLIRContext *context = op.getContext();
  RankedTensorType type = op.getType();
  Value buffer =
      ttg::LocalAllocOp::create(builder, loc, bufferType(desc, type, true), Value(), IntegerAttr());
  auto barrierEncoding = ttg::SwizzledSharedEncodingAttr::get(
      context, 1, 1, 1, ArrayRef<unsigned>{0}, ttg::CGALayout::oneCTA(1));
  auto barrierType =
      ttg::MemDescType::get({1}, builder.getI64Type(), barrierEncoding,
                            ttg::SharedMemorySpaceAttr::get(context), /*mutableMemory=*/true);
  Value barrier = ttg::LocalAllocOp::create(builder, loc, barrierType, Value(), IntegerAttr());
  InitBarrierOp::create(builder, loc, barrier, 1);
  int64_t bytes =
      type.getNumElements() * std::max(type.getElementType().getIntOrFloatBitWidth() / 8, 1u);
  Value always = arith::ConstantIntOp::create(builder, loc, 1, 1);
  BarrierExpectOp::create(builder, loc, barrier, static_cast<int32_t>(bytes), always);
  AsyncTMACopyGlobalToLocalOp::create(builder, loc, op.getDesc(), op.getIndices(), buffer, barrier,
                                      always, op.getCache(), op.getEvict(),
                                      /*isVolatile=*/false);
  WaitBarrierOp::create(builder, loc, barrier, i32Constant(builder, loc, 0), Value());
  InvalBarrierOp::create(builder, loc, barrier);
  // A local_alloc of the tile in the buffer's layout (a warp-group dot's operand) is the buffer
  // itself; any other reader gets a local_load of it (Triton's replaceUsesWithLocalLoad).
  auto bufferEncoding = cast<ttg::MemDescType>(buffer.getType()).getEncoding();
  for (Operation *user : llvm::make_early_inc_range(op->getUsers())) {
    auto alloc = dyn_cast<ttg::LocalAllocOp>(user);
    if (!alloc || alloc.getType().getEncoding() != bufferEncoding)
      continue;
    ttg::replaceWithMutableBuffer(alloc.getResult(), buffer);
    alloc.erase();
  }
  if (!op->use_empty()) {
    Value loaded = ttg::LocalLoadOp::create(builder, loc, type, buffer, Value());
    op.getResult().replaceAllUsesWith(loaded);
  }
  op.erase();
  return success();
}

// The shared buffer a stored value was just read from, when the store can copy that buffer
// out as it is: the value is a local_load of a buffer in the descriptor's layout (a tile
// loaded through a descriptor and stored unchanged), and nothing between the read and the
// store may write memory. Triton 3.6 stores such a tile straight from its TMA buffer.
Value bufferHolding(tt::DescriptorStoreOp op, ttg::MemDescType wanted) {
  auto read = op.getSrc().getDefiningOp<ttg::LocalLoadOp>();
  if (!read || read->getBlock() != op->getBlock())
    return {};
  auto source = cast<ttg::MemDescType>(read.getSrc().getType());
  if (source.getShape() != wanted.getShape() ||
      source.getElementType() != wanted.getElementType() ||
      source.getEncoding() != wanted.getEncoding() ||
      source.getMemorySpace() != wanted.getMemorySpace())
    return {};
  for (Operation *between = read->getNextNode(); between != op.getOperation();
       between = between->getNextNode()) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(between);
    if (!effects || effects.hasEffect<MemoryEffects::Write>() || between->getNumRegions() != 0)
      return {};
  }
  return read.getSrc();
}

LogicalResult lowerStore(tt::DescriptorStoreOp op) {
  auto desc = cast<tt::TensorDescType>(op.getDesc().getType());
  if (failed(tmaLayoutOf(op, desc)))
    return failure();
  OpBuilder builder(op);
  Location loc = op.getLoc();
  RankedTensorType type = op.getSrc().getType();
  ttg::MemDescType wanted = bufferType(desc, type, false);
  Value buffer = bufferHolding(op, wanted);
  if (!buffer)
    buffer = ttg::LocalAllocOp::create(builder, loc, wanted, op.getSrc(), IntegerAttr());
  FenceAsyncSharedOp::create(builder, loc, /*bCluster=*/false);
  AsyncTMACopyLocalToGlobalOp::create(builder, loc, op.getDesc(), op.getIndices(), buffer);
  TMAStoreWaitOp::create(builder, loc, 0);
  auto read = op.getSrc().getDefiningOp<ttg::LocalLoadOp>();
  op.erase();
  if (read && read->use_empty())
    read.erase();
  return success();
}

} // namespace

LogicalResult lowerTMAAccesses(ModuleOp module) {
  SmallVector<Operation *> work;
  module.walk([&](Operation *op) {
    if (isa<tt::MakeTensorDescOp, tt::DescriptorLoadOp, tt::DescriptorStoreOp,
            tt::DescriptorGatherOp, tt::DescriptorScatterOp, tt::DescriptorReduceOp>(op))
      work.push_back(op);
  });
  for (Operation *op : work) {
    LogicalResult result = success();
    if (auto make = dyn_cast<tt::MakeTensorDescOp>(op))
      result = lowerMakeDescriptor(make);
    else if (auto load = dyn_cast<tt::DescriptorLoadOp>(op))
      result = lowerLoad(load);
    else if (auto store = dyn_cast<tt::DescriptorStoreOp>(op))
      result = lowerStore(store);
    else if (isa<tt::DescriptorGatherOp, tt::DescriptorScatterOp>(op))
      result = op->emitError("triton-nvidia-tma-lowering: descriptor gather and scatter use TMA's "
                             "tile::gather4 mode, which needs sm_100 (Triton 3.6 fails in ptxas "
                             "on sm_90 too)");
    else
      result = op->emitError("triton-nvidia-tma-lowering: trex does not lower descriptor "
                             "reductions (cp.reduce.async.bulk.tensor) yet");
    if (failed(result))
      return failure();
  }
  return success();
}

namespace {

struct TritonNvidiaGPUTMALoweringPass
    : impl::TritonNvidiaGPUTMALoweringBase<TritonNvidiaGPUTMALoweringPass> {
  void runOnOperation() override {
    if (failed(lowerTMAAccesses(getOperation())))
      signalPassFailure();
  }
};

} // namespace

} // namespace trex::ttng
