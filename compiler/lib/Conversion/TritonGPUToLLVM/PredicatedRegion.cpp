// PredicatedRegion: a block entered only where a condition holds.
#include "trex/Conversion/TritonGPUToLLVM/PredicatedRegion.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

namespace trex {

SmallVector<Value> emitPredicatedRegion(RewriterBase &rewriter, Location loc, Value condition,
                                        ValueRange otherwise,
                                        function_ref<SmallVector<Value>()> body) {
  // The rest of the block moves into a new block that takes the merged values as
  // arguments; everything goes through the rewriter so that the conversion driver tracks it.
  Block *current = rewriter.getInsertionBlock();
  Block *rest = rewriter.splitBlock(current, rewriter.getInsertionPoint());
  SmallVector<Type> types(otherwise.getTypes().begin(), otherwise.getTypes().end());
  SmallVector<Location> locations(otherwise.size(), loc);
  Block *joined = rewriter.createBlock(rest, types, locations);
  rewriter.mergeBlocks(rest, joined);
  Block *guarded = rewriter.createBlock(joined);

  rewriter.setInsertionPointToEnd(current);
  LLVM::CondBrOp::create(rewriter, loc, condition, guarded, ValueRange{}, joined, otherwise);

  rewriter.setInsertionPointToStart(guarded);
  SmallVector<Value> results = body();
  assert(results.size() == otherwise.size() && "one result per `otherwise` value");
  LLVM::BrOp::create(rewriter, loc, results, joined);

  rewriter.setInsertionPointToStart(joined);
  return SmallVector<Value>(joined->getArguments().begin(), joined->getArguments().end());
}

} // namespace trex
