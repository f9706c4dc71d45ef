// tritongpu-prefetch: in a loop whose one dot reads both operands from loop-carried shared
// buffers (local_load to a dot operand, no async token), the first K slice of the next
// iteration's operands is read at the end of the body (and before the loop for the first),
// carried as iter_args, and the dot is split along K: the carried slice first, then the
// other slices read from the current buffers. ldmatrix for the next iteration then overlaps
// the current iteration's mma.sync.
//
// The conditions are Triton 3.6's (NVIDIA mma v2 dots, one dot per loop, K at least the
// prefetch width, 256 bits of K per slice: 16 f16 elements); the loops tritongpu-pipeline
// makes meet none of them (their local_loads wait on async tokens and read memdesc_index
// views), in Triton and in trex, so the pass changes only loops written that way by hand or
// by another tool. The slices are all prefetch-width wide (Triton takes the largest power of
// two of what is left), so that each starts at a multiple of its size, which is what trex's
// local_load of a memdesc_subslice addresses. Every loop with one mma v2 dot (and no other
// dot) loses its attributes, as Triton's pass rebuilds it even when it prefetches nothing.
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace trex::ttg {

#define GEN_PASS_DEF_TRITONGPUPREFETCH
#include "trex/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

// What a dot operand is made of: a local_load of `buffer` (a loop iter_arg) into a dot
// operand layout, then `casts` (single-operand, single-use ops) up to the dot.
struct OperandSource {
  BlockArgument buffer;
  LocalLoadOp load;
  SmallVector<Operation *> casts; // from the load towards the dot
};

std::optional<OperandSource> sourceOf(Value operand, scf::ForOp loop) {
  OperandSource source;
  Value value = operand;
  while (true) {
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != loop.getBody() || !value.hasOneUse())
      return std::nullopt;
    if (auto load = dyn_cast<LocalLoadOp>(def)) {
      if (load.getToken() || !isa<DotOperandEncodingAttr>(load.getType().getEncoding()))
        return std::nullopt;
      auto argument = dyn_cast<BlockArgument>(load.getSrc());
      if (!argument || argument.getOwner() != loop.getBody() ||
          argument == loop.getInductionVar())
        return std::nullopt;
      source.buffer = argument;
      source.load = load;
      std::reverse(source.casts.begin(), source.casts.end());
      return source;
    }
    if (def->getNumOperands() != 1 || def->getNumResults() != 1 || def->getNumRegions() != 0 ||
        !isa<RankedTensorType>(def->getOperand(0).getType()))
      return std::nullopt;
    source.casts.push_back(def);
    value = def->getOperand(0);
  }
}

class Prefetcher {
public:
  Prefetcher(scf::ForOp loop, tt::DotOp dot, OperandSource a, OperandSource b, int64_t width)
      : loop(loop), dot(dot), a(std::move(a)), b(std::move(b)), width(width) {}

  void run() {
    OpBuilder builder(loop);
    Value firstA = slice(builder, a, loop.getTiedLoopInit(a.buffer)->get(), 0, /*opIdx=*/0);
    Value firstB = slice(builder, b, loop.getTiedLoopInit(b.buffer)->get(), 0, /*opIdx=*/1);

    // The loop with two more iter_args: the slices read ahead.
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    SmallVector<Value> inits(loop.getInitArgs());
    inits.push_back(firstA);
    inits.push_back(firstB);
    auto newLoop = scf::ForOp::create(builder, loop.getLoc(), loop.getLowerBound(),
                                      loop.getUpperBound(), loop.getStep(), inits);
    // Like Triton's rebuilt loop, the new one has none of the old one's attributes.
    Block *body = newLoop.getBody();
    IRMapping mapping;
    mapping.map(loop.getInductionVar(), newLoop.getInductionVar());
    for (auto [from, to] : llvm::zip(loop.getRegionIterArgs(), newLoop.getRegionIterArgs()))
      mapping.map(from, to);
    Value carriedA = newLoop.getRegionIterArgs()[inits.size() - 2];
    Value carriedB = newLoop.getRegionIterArgs()[inits.size() - 1];

    OpBuilder inner = OpBuilder::atBlockBegin(body);
    DenseSet<Operation *> replaced{a.load, b.load};
    replaced.insert(a.casts.begin(), a.casts.end());
    replaced.insert(b.casts.begin(), b.casts.end());
    int64_t kSize = cast<RankedTensorType>(dot.getA().getType()).getShape().back();
    for (Operation &op : loop.getBody()->without_terminator()) {
      if (replaced.contains(&op))
        continue;
      if (&op != dot.getOperation()) {
        inner.clone(op, mapping);
        continue;
      }
      // The dot, slice by slice: the carried one, then the rest from this iteration's buffers.
      Value accumulator = mapping.lookupOrDefault(dot.getC());
      accumulator = partialDot(inner, carriedA, carriedB, accumulator);
      for (int64_t k = width; k < kSize; k += width) {
        Value sliceA = slice(inner, a, mapping.lookupOrDefault(a.buffer), k, 0);
        Value sliceB = slice(inner, b, mapping.lookupOrDefault(b.buffer), k, 1);
        accumulator = partialDot(inner, sliceA, sliceB, accumulator);
      }
      mapping.map(dot.getD(), accumulator);
    }
    // The next iteration's first slices, from the buffers it will read.
    SmallVector<Value> yielded;
    for (Value value : yield.getOperands())
      yielded.push_back(mapping.lookupOrDefault(value));
    unsigned aIndex = a.buffer.getArgNumber() - 1, bIndex = b.buffer.getArgNumber() - 1;
    yielded.push_back(slice(inner, a, yielded[aIndex], 0, 0));
    yielded.push_back(slice(inner, b, yielded[bIndex], 0, 1));
    scf::YieldOp::create(inner, yield.getLoc(), yielded);

    for (auto [old, now] : llvm::zip(loop.getResults(), newLoop.getResults()))
      old.replaceAllUsesWith(now);
    loop.erase();
  }

private:
  // local_load of the K slice [k, k + width) of `buffer`, then the operand's casts.
  Value slice(OpBuilder &builder, OperandSource &source, Value buffer, int64_t k,
              unsigned opIdx) {
    auto bufferType = cast<MemDescType>(buffer.getType());
    SmallVector<int64_t> shape(bufferType.getShape());
    SmallVector<int32_t> offsets(shape.size(), 0);
    unsigned kDim = opIdx == 0 ? shape.size() - 1 : shape.size() - 2;
    shape[kDim] = width;
    offsets[kDim] = static_cast<int32_t>(k);
    auto viewType = MemDescType::get(builder.getContext(), shape, bufferType.getElementType(),
                                     bufferType.getEncoding(), bufferType.getMemorySpace(),
                                     bufferType.getMutableMemory(), bufferType.getAllocShape());
    Location loc = source.load.getLoc();
    Value view = MemDescSubsliceOp::create(builder, loc, viewType, buffer,
                                           builder.getDenseI32ArrayAttr(offsets));
    auto loadType = cast<RankedTensorType>(source.load.getType());
    SmallVector<int64_t> tensorShape(loadType.getShape());
    tensorShape[kDim] = width;
    Value value = LocalLoadOp::create(builder, loc, loadType.clone(tensorShape), view, Value());
    for (Operation *step : source.casts) {
      auto resultType = cast<RankedTensorType>(step->getResult(0).getType());
      OperationState state(step->getLoc(), step->getName());
      state.addOperands(value);
      state.addTypes(resultType.clone(tensorShape));
      state.addAttributes(step->getAttrs());
      value = builder.create(state)->getResult(0);
    }
    return value;
  }

  Value partialDot(OpBuilder &builder, Value sliceA, Value sliceB, Value accumulator) {
    return tt::DotOp::create(builder, dot.getLoc(), dot.getType(), sliceA, sliceB, accumulator,
                             dot.getInputPrecision(), dot.getMaxNumImpreciseAcc());
  }

  scf::ForOp loop;
  tt::DotOp dot;
  OperandSource a, b;
  int64_t width;
};

} // namespace

int prefetchLoops(ModuleOp module) {
  SmallVector<scf::ForOp> loops;
  module.walk([&](scf::ForOp loop) { loops.push_back(loop); });
  int rewritten = 0;
  for (scf::ForOp loop : loops) {
    SmallVector<tt::DotOp> dots;
    bool otherDots = false;
    for (Operation &op : *loop.getBody()) {
      if (auto dot = dyn_cast<tt::DotOp>(&op)) {
        auto mma = dyn_cast_or_null<NvidiaMmaEncodingAttr>(dot.getType().getEncoding());
        if (mma && mma.getVersionMajor() == 2)
          dots.push_back(dot);
        else
          otherDots = true;
      }
    }
    if (otherDots || dots.size() != 1)
      continue;
    // Triton 3.6 rebuilds every loop whose one dot is an mma v2 dot, whether or not it
    // prefetches anything (a pipelined loop's operands cannot be), and the rebuilt loop
    // carries none of the old one's attributes: tt.num_stages and the like are gone.
    loop->setDiscardableAttrs(DictionaryAttr::get(loop.getContext()));
    tt::DotOp dot = dots.front();
    auto aType = cast<RankedTensorType>(dot.getA().getType());
    if (aType.getRank() != 2)
      continue;
    int64_t width = 256 / aType.getElementType().getIntOrFloatBitWidth();
    int64_t kSize = aType.getShape().back();
    if (kSize < width || kSize % width != 0)
      continue;
    std::optional<OperandSource> a = sourceOf(dot.getA(), loop);
    std::optional<OperandSource> b = sourceOf(dot.getB(), loop);
    if (!a || !b || a->buffer == b->buffer)
      continue;
    Prefetcher(loop, dot, std::move(*a), std::move(*b), width).run();
    ++rewritten;
  }
  return rewritten;
}

namespace {

struct TritonGPUPrefetchPass : impl::TritonGPUPrefetchBase<TritonGPUPrefetchPass> {
  void runOnOperation() override { prefetchLoops(getOperation()); }
};

} // namespace

} // namespace trex::ttg
