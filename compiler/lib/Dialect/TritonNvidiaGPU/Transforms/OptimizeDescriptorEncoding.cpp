// triton-nvidia-optimize-descriptor-encoding: gives every tensor descriptor's block the shared
// layout its TMA copies will use (#ttg.nvmma_shared, the widest swizzle its rows fill), so that
// the TMA lowering, the buffers it allocates and the descriptor agree.
#include "trex/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace trex::ttng {

#define GEN_PASS_DEF_TRITONNVIDIAGPUOPTIMIZEDESCRIPTORENCODING
#include "trex/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"

ttg::NVMMASharedEncodingAttr descriptorSharedEncoding(RankedTensorType block) {
  unsigned rank = block.getRank();
  SmallVector<unsigned> order(rank);
  for (unsigned i = 0; i < rank; ++i)
    order[i] = rank - 1 - i;
  ttg::CGALayout cga = ttg::CGALayout::oneCTA(rank);
  ttg::NVMMASharedEncodingAttr encoding =
      ttg::getNVMMASharedEncoding(block.getShape(), order, cga, block.getElementType());
  // Triton 3.6 marks a one-dimensional block transposed (its only dimension, 0, is the
  // contiguous one); the bytes are the same either way.
  if (rank == 1)
    encoding = ttg::NVMMASharedEncodingAttr::get(
        block.getContext(), encoding.getSwizzlingByteWidth(), /*transposed=*/true,
        encoding.getElementBitWidth(), encoding.getFp4Padded(), encoding.getCGALayout());
  return encoding;
}

namespace {

// The descriptor type with its block in the TMA layout; null when it already has one.
tt::TensorDescType withSharedEncoding(Type type) {
  auto desc = dyn_cast<tt::TensorDescType>(type);
  if (!desc || desc.getBlockType().getEncoding())
    return {};
  RankedTensorType block = desc.getBlockType();
  return tt::TensorDescType::get(type.getContext(),
                                 block.cloneWithEncoding(descriptorSharedEncoding(block)));
}

} // namespace

// The layout is a function of the block type alone, so every value a descriptor flows
// through (loop-carried values, branch results, function arguments) gets the same type.
void optimizeDescriptorEncodings(ModuleOp module) {
  module.walk([](Operation *op) {
    for (Value result : op->getResults())
      if (tt::TensorDescType type = withSharedEncoding(result.getType()))
        result.setType(type);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument argument : block.getArguments())
          if (tt::TensorDescType type = withSharedEncoding(argument.getType()))
            argument.setType(type);
  });
  module.walk([](FunctionOpInterface function) {
    if (function.isExternal())
      return;
    Block &entry = function.getFunctionBody().front();
    SmallVector<Type> results(function.getResultTypes());
    for (Type &result : results)
      if (tt::TensorDescType type = withSharedEncoding(result))
        result = type;
    function.setType(FunctionType::get(function->getContext(), entry.getArgumentTypes(), results));
  });
}

namespace {

struct TritonNvidiaGPUOptimizeDescriptorEncodingPass
    : impl::TritonNvidiaGPUOptimizeDescriptorEncodingBase<
          TritonNvidiaGPUOptimizeDescriptorEncodingPass> {
  void runOnOperation() override { optimizeDescriptorEncodings(getOperation()); }
};

} // namespace

} // namespace trex::ttng
