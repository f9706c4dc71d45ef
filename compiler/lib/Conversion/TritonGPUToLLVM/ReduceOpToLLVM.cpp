// tt.reduce to LLVM: in-thread, then across the lanes of a warp, then across warps.
//
// The source layout's linear layout says where the reduced axis lives:
//  - register bits along the axis: a thread combines its own elements (register order);
//  - lane bits along the axis: butterfly shuffles (xor with the bit's lane mask, high bit
//    first), after which every lane of the group holds the group's result;
//  - warp bits along the axis: through shared memory. Lanes whose axis lane bits are zero
//    write their partial result to slot (output index * W + warp index along the axis),
//    W being the number of warps along the axis; after a barrier the first threads read the
//    slots, combine groups of W neighbouring lanes with shuffles, write the result back to
//    slot output index * W, and after a second barrier every thread reads its results.
// Each result register of the slice layout is matched with the group of source registers
// that share its coordinates off the axis.
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trex/Conversion/TritonGPUToLLVM/Allocation.h"
#include "trex/Conversion/TritonGPUToLLVM/SharedMemory.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/IRMapping.h"

#include <map>
#include <numeric>

using namespace mlir;

namespace trex {

namespace {

using Tuple = SmallVector<Value>;

// The register part of a register's coordinates.
std::vector<int32_t> registerOffset(const layoutviz::LinearLayout &layout, int32_t reg) {
  std::vector<int32_t> offset(layout.getNumOutDims(), 0);
  if (!layout.hasInDim("register"))
    return offset;
  const auto &bases = layout.getInDimBases("register");
  for (size_t bit = 0; bit < bases.size(); ++bit)
    if (reg & (1 << bit))
      for (size_t dim = 0; dim < offset.size(); ++dim)
        offset[dim] ^= bases[bit][dim];
  return offset;
}

// Whether every basis of `inDim` either lies on `axis` only or has no component on it: the
// reduction can then treat the in-dim's bits independently.
bool separatesAxis(const layoutviz::LinearLayout &layout, const char *inDim, unsigned axis) {
  if (!layout.hasInDim(inDim))
    return true;
  for (const auto &basis : layout.getInDimBases(inDim)) {
    if (basis[axis] == 0)
      continue;
    for (size_t dim = 0; dim < basis.size(); ++dim)
      if (dim != axis && basis[dim] != 0)
        return false;
  }
  return true;
}

// Bits of `inDim` whose basis lies on the axis.
SmallVector<int> axisBits(const layoutviz::LinearLayout &layout, const char *inDim,
                          unsigned axis) {
  SmallVector<int> bits;
  if (!layout.hasInDim(inDim))
    return bits;
  const auto &bases = layout.getInDimBases(inDim);
  for (size_t bit = 0; bit < bases.size(); ++bit)
    if (bases[bit][axis] != 0)
      bits.push_back(static_cast<int>(bit));
  return bits;
}

struct ReduceOpConversion : public ConvertOpToLLVMPattern<tt::ReduceOp> {
  ReduceOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<tt::ReduceOp>(converter), target(target) {}

  // Applies the combine region to (a..., b...).
  Tuple combine(tt::ReduceOp op, ConversionPatternRewriter &rewriter, const Tuple &a,
                const Tuple &b) const {
    Block &body = op.getCombineOp().front();
    IRMapping mapping;
    for (size_t i = 0; i < a.size(); ++i) {
      mapping.map(body.getArgument(i), a[i]);
      mapping.map(body.getArgument(a.size() + i), b[i]);
    }
    for (Operation &nested : body.without_terminator())
      rewriter.clone(nested, mapping);
    Tuple result;
    for (Value value : body.getTerminator()->getOperands())
      result.push_back(mapping.lookupOrDefault(value));
    return result;
  }

  LogicalResult matchAndRewrite(tt::ReduceOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (!op.getCombineOp().hasOneBlock())
      return op.emitError() << "trex lowers reductions whose combine function is a single "
                               "block; this one branches";
    unsigned axis = op.getAxis();
    auto sourceType = cast<RankedTensorType>(op.getSrcs().front().getType());
    std::optional<layoutviz::LinearLayout> layout = linearLayoutOf(sourceType);
    if (!layout)
      return op.emitError() << "the reduced tensor has no distributed layout";
    for (const char *inDim : {"register", "lane", "warp"})
      if (!separatesAxis(*layout, inDim, axis))
        return op.emitError() << "trex cannot reduce along axis " << axis
                              << " of a layout whose " << inDim
                              << " bases mix that axis with other dimensions";
    size_t numOperands = op.getSrcs().size();
    LLVMBuilder b(rewriter, loc);

    // 1. Within the thread: group registers by their coordinates off the axis.
    SmallVector<SmallVector<Value>> sources;
    for (Value source : adaptor.getSrcs())
      sources.push_back(unpackElements(loc, source, rewriter));
    int32_t registers = static_cast<int32_t>(sources.front().size());
    std::map<std::vector<int32_t>, Tuple> groups;
    std::vector<std::vector<int32_t>> groupOrder;
    for (int32_t reg = 0; reg < registers; ++reg) {
      std::vector<int32_t> key = registerOffset(*layout, reg);
      key[axis] = 0;
      Tuple value;
      for (const SmallVector<Value> &source : sources)
        value.push_back(source[reg]);
      auto it = groups.find(key);
      if (it == groups.end()) {
        groups.emplace(key, value);
        groupOrder.push_back(key);
      } else {
        it->second = combine(op, rewriter, it->second, value);
      }
    }

    // 2. Across the lanes of a warp.
    SmallVector<int> laneBits = axisBits(*layout, "lane", axis);
    for (auto bit = laneBits.rbegin(); bit != laneBits.rend(); ++bit)
      for (const std::vector<int32_t> &key : groupOrder) {
        Tuple &accumulator = groups[key];
        Tuple exchanged;
        for (Value value : accumulator)
          exchanged.push_back(shuffleXorAny(rewriter, loc, target, value, 1 << *bit));
        accumulator = combine(op, rewriter, accumulator, exchanged);
      }

    // 3. Across warps, through shared memory.
    SmallVector<int> warpBits = axisBits(*layout, "warp", axis);
    if (!warpBits.empty()) {
      if (failed(reduceAcrossWarps(op, rewriter, *layout, groups, groupOrder, laneBits,
                                   warpBits)))
        return failure();
    }

    // 4. Results: a scalar, or the slice-layout tensor of the groups.
    SmallVector<Value> results;
    for (size_t operand = 0; operand < numOperands; ++operand) {
      auto resultType = dyn_cast<RankedTensorType>(op.getResult()[operand].getType());
      if (!resultType) {
        results.push_back(groups.begin()->second[operand]);
        continue;
      }
      std::optional<layoutviz::LinearLayout> resultLayout = linearLayoutOf(resultType);
      if (!resultLayout)
        return op.emitError() << "the reduction result has no distributed layout";
      int32_t resultRegisters =
          resultLayout->hasInDim("register") ? resultLayout->getInDimSize("register") : 1;
      SmallVector<Value> elements;
      for (int32_t reg = 0; reg < resultRegisters; ++reg) {
        std::vector<int32_t> key = registerOffset(*resultLayout, reg);
        key.insert(key.begin() + axis, 0);
        auto it = groups.find(key);
        if (it == groups.end())
          return op.emitError() << "the result layout of the reduction does not match its "
                                   "source layout";
        elements.push_back(it->second[operand]);
      }
      results.push_back(packElements(loc, *getTypeConverter(), elements, resultType, rewriter));
    }
    rewriter.replaceOp(op, results);
    return success();
  }

  LogicalResult reduceAcrossWarps(tt::ReduceOp op, ConversionPatternRewriter &rewriter,
                                  const layoutviz::LinearLayout &layout,
                                  std::map<std::vector<int32_t>, Tuple> &groups,
                                  const std::vector<std::vector<int32_t>> &groupOrder,
                                  ArrayRef<int> laneBits, ArrayRef<int> warpBits) const {
    Location loc = op.getLoc();
    LLVMBuilder b(rewriter, loc);
    unsigned axis = op.getAxis();
    auto sourceType = cast<RankedTensorType>(op.getSrcs().front().getType());
    ArrayRef<int64_t> shape = sourceType.getShape();
    int64_t warpsAlongAxis = int64_t(1) << warpBits.size();
    int64_t outputs = reductionOutputCount(sourceType, axis);
    int numThreads = layout.getInDimSize("lane") * layout.getInDimSize("warp");
    if (warpsAlongAxis > target.warpSize())
      return op.emitError() << "trex cannot reduce across more warps than a warp has lanes";

    FailureOr<Value> scratch = scratchPointer(rewriter, op, target);
    if (failed(scratch))
      return failure();
    // One region per operand, each outputs * W elements, the operands with the widest
    // elements first (Triton's getSmemBases order): every region then starts aligned for its
    // elements (an i32 index region after an odd number of i8 values would not be, and its
    // accesses fault with "misaligned address").
    SmallVector<Type> elementTypes;
    for (Value source : op.getSrcs())
      elementTypes.push_back(getTypeConverter()->convertType(
          cast<RankedTensorType>(source.getType()).getElementType()));
    SmallVector<size_t> placement(elementTypes.size());
    std::iota(placement.begin(), placement.end(), 0);
    std::stable_sort(placement.begin(), placement.end(), [&](size_t x, size_t y) {
      return scratchElementBytes(elementTypes[x]) > scratchElementBytes(elementTypes[y]);
    });
    SmallVector<Value> regions(elementTypes.size());
    int64_t byteOffset = 0;
    for (size_t operand : placement) {
      regions[operand] = byteOffset == 0 ? *scratch
                                         : b.gep(scratch->getType(), rewriter.getI8Type(), *scratch,
                                                 b.i32(byteOffset));
      byteOffset += outputs * warpsAlongAxis * scratchElementBytes(elementTypes[operand]);
    }
    auto slot = [&](size_t operand, Value index) {
      return b.gep(regions[operand].getType(), elementTypes[operand], regions[operand], index);
    };

    ThreadIds ids = threadIds(rewriter, loc, target);
    // Warp index along the axis: the warp id's axis bits, compacted.
    std::vector<int32_t> positions(
        warpBits.empty() ? 0 : *std::max_element(warpBits.begin(), warpBits.end()) + 1, 0);
    for (auto [position, bit] : llvm::enumerate(warpBits))
      positions[bit] = int32_t(1) << position;
    Value warpAlongAxis = warpBits.empty() ? b.i32(0) : b.xorOfBits(ids.warp, positions);
    int32_t laneAxisMask = 0;
    for (int bit : laneBits)
      laneAxisMask |= 1 << bit;
    Value writes = b.icmpEQ(b.and_(ids.lane, b.i32(laneAxisMask)), b.i32(0));

    // Output index of each group: row-major over the dims other than the axis, from the
    // group's full coordinates (register part plus this thread's lane and warp part).
    SmallVector<Value> threadBase = applyLaneWarp(rewriter, loc, layout, ids);
    auto outputIndex = [&](const std::vector<int32_t> &key) {
      Value index = b.i32(0);
      for (size_t dim = 0; dim < shape.size(); ++dim) {
        if (dim == axis)
          continue;
        Value coordinate = key[dim] == 0 ? threadBase[dim] : b.xor_(threadBase[dim], b.i32(key[dim]));
        index = b.add(b.mul(index, b.i32(shape[dim])), coordinate);
      }
      return index;
    };

    SmallVector<Value> groupIndices;
    for (const std::vector<int32_t> &key : groupOrder) {
      Value index = outputIndex(key);
      groupIndices.push_back(index);
      Value position = b.add(b.mul(index, b.i32(warpsAlongAxis)), warpAlongAxis);
      for (size_t operand = 0; operand < regions.size(); ++operand)
        target.storeShared(rewriter, loc, slot(operand, position), groups[key][operand], writes);
    }
    target.barrier(rewriter, loc);

    // Threads t < outputs * W combine W neighbouring slots; several rounds when there are
    // more slots than threads.
    int64_t slots = outputs * warpsAlongAxis;
    Value thread = target.threadIdInBlock(rewriter, loc);
    for (int64_t first = 0; first < slots; first += numThreads) {
      Value position = first == 0 ? thread : b.add(thread, b.i32(first));
      Value reads = b.icmpULT(position, b.i32(slots));
      Tuple partial;
      for (size_t operand = 0; operand < regions.size(); ++operand)
        partial.push_back(
            target.loadShared(rewriter, loc, slot(operand, position), elementTypes[operand], reads));
      for (int64_t mask = warpsAlongAxis / 2; mask >= 1; mask /= 2) {
        Tuple exchanged;
        for (Value value : partial)
          exchanged.push_back(shuffleXorAny(rewriter, loc, target, value, static_cast<int>(mask)));
        partial = combine(op, rewriter, partial, exchanged);
      }
      Value first_ = b.icmpEQ(b.and_(ids.lane, b.i32(warpsAlongAxis - 1)), b.i32(0));
      Value writesBack = b.and_(reads, first_);
      for (size_t operand = 0; operand < regions.size(); ++operand)
        target.storeShared(rewriter, loc, slot(operand, position), partial[operand], writesBack);
    }
    target.barrier(rewriter, loc);

    for (auto [key, index] : llvm::zip(groupOrder, groupIndices)) {
      Value position = b.mul(index, b.i32(warpsAlongAxis));
      Tuple &accumulator = groups[key];
      for (size_t operand = 0; operand < regions.size(); ++operand)
        accumulator[operand] = LLVM::LoadOp::create(rewriter, loc, elementTypes[operand],
                                                    slot(operand, position));
    }
    return success();
  }

  const TargetInfo &target;
};

} // namespace

void populateReduceOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    RewritePatternSet &patterns, const TargetInfo &target) {
  patterns.add<ReduceOpConversion>(converter, target);
}

} // namespace trex
