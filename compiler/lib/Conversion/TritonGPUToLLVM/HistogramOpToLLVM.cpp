// tt.histogram to LLVM: counts per warp with ballots, then a sum over warps in shared memory.
//
// The bins (padded to at least one per lane) are dealt out to the lanes of a warp, lane l
// owning the consecutive bins l * K ... l * K + K - 1. For each register, one ballot per bit
// of the bin number tells every lane which lanes' values have that bit set; a lane ANDs the
// ballots (or their complements) that spell its own bins and counts the matching lanes with
// a population count. So a warp builds its histogram without any lane writing to memory.
// The warps then add their counts into the op's shared-memory scratch with shared-memory
// atomics, and after a barrier every thread reads the bins its result registers hold.
//
// As in Triton, a value's bin is its low log2(bins) bits: out-of-range values wrap. Values
// whose mask is false, and copies of elements in broadcast registers, lanes or warps, are
// not counted.
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trex/Conversion/TritonGPUToLLVM/SharedMemory.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace trex {

namespace {

struct HistogramOpConversion : public ConvertOpToLLVMPattern<tt::HistogramOp> {
  HistogramOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<tt::HistogramOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(tt::HistogramOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto sourceType = cast<RankedTensorType>(op.getSrc().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t bins = resultType.getDimSize(0);
    if (sourceType.getRank() != 1 || resultType.getRank() != 1 || !llvm::isPowerOf2_64(bins))
      return op.emitError() << "trex lowers histograms of 1-D tensors into a power-of-two "
                               "number of bins";
    int64_t warpSize = target.warpSize();
    int64_t paddedBins = std::max(bins, warpSize);
    int64_t binsPerLane = paddedBins / warpSize;
    int binBits = llvm::Log2_64(paddedBins);
    int laneBits = llvm::Log2_64(warpSize);
    int lowBits = binBits - laneBits; // the bits that pick one of a lane's bins

    LLVMBuilder b(rewriter, loc);
    Type i32 = rewriter.getI32Type();
    Type ballotType = rewriter.getIntegerType(warpSize);
    Value allLanes = b.constant(ballotType, -1);
    SmallVector<Value> values = unpackElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackElements(loc, adaptor.getMask(), rewriter);
    UniqueCopies copies =
        uniqueCopies(rewriter, loc, sourceType, target, static_cast<int64_t>(values.size()));
    ThreadIds ids = threadIds(rewriter, loc, target);

    // 1. The warp's counts of this lane's bins.
    SmallVector<Value> counts(binsPerLane, b.i32(0));
    for (size_t reg = 0; reg < values.size(); ++reg) {
      if (!copies.writesRegister.test(reg))
        continue;
      Value value = values[reg];
      unsigned width = value.getType().getIntOrFloatBitWidth();
      if (width < 32)
        value = b.sext(value, i32);
      else if (width > 32)
        value = b.trunc(value, i32);
      Value counted = masks.empty() ? Value() : masks[reg];
      if (copies.threadPredicate)
        counted = counted ? b.and_(counted, copies.threadPredicate) : copies.threadPredicate;
      Value matches = counted ? target.ballot(rewriter, loc, counted) : allLanes;
      SmallVector<Value> bitBallots;
      for (int bit = 0; bit < binBits; ++bit) {
        Value isSet = b.icmpNE(b.and_(value, b.i32(int64_t(1) << bit)), b.i32(0));
        bitBallots.push_back(target.ballot(rewriter, loc, isSet));
      }
      // Lanes whose value falls in one of this lane's bins: the high bits of the bin are the
      // lane id.
      for (int bit = 0; bit < laneBits; ++bit) {
        Value laneBitSet = b.icmpNE(b.and_(ids.lane, b.i32(int64_t(1) << bit)), b.i32(0));
        Value ballot = bitBallots[lowBits + bit];
        matches = b.and_(matches, b.select(laneBitSet, ballot, b.xor_(ballot, allLanes)));
      }
      for (int64_t bin = 0; bin < binsPerLane; ++bin) {
        Value inBin = matches;
        for (int bit = 0; bit < lowBits; ++bit) {
          Value ballot = bitBallots[bit];
          inBin = b.and_(inBin, (bin >> bit) & 1 ? ballot : b.xor_(ballot, allLanes));
        }
        Value count = LLVM::CtPopOp::create(rewriter, loc, ballotType, inBin);
        if (warpSize != 32)
          count = b.trunc(count, i32);
        counts[bin] = b.add(counts[bin], count);
      }
    }

    // 2. The sum over warps, in shared memory.
    FailureOr<Value> scratch = scratchPointer(rewriter, op, target);
    if (failed(scratch))
      return failure();
    auto slotPointer = [&](Value slot) { return b.gep(scratch->getType(), i32, *scratch, slot); };
    std::optional<layoutviz::LinearLayout> layout = linearLayoutOf(sourceType);
    int64_t numThreads =
        warpSize * (layout && layout->hasInDim("warp") ? layout->getInDimSize("warp") : 1);
    Value thread = target.threadIdInBlock(rewriter, loc);
    for (int64_t first = 0; first < paddedBins; first += numThreads) {
      Value slot = first == 0 ? thread : b.add(thread, b.i32(first));
      target.storeShared(rewriter, loc, slotPointer(slot), b.i32(0),
                         b.icmpULT(slot, b.i32(paddedBins)));
    }
    target.barrier(rewriter, loc);
    Value laneFirstBin = b.mul(ids.lane, b.i32(binsPerLane));
    for (int64_t bin = 0; bin < binsPerLane; ++bin)
      LLVM::AtomicRMWOp::create(rewriter, loc, LLVM::AtomicBinOp::add,
                                slotPointer(b.add(laneFirstBin, b.i32(bin))), counts[bin],
                                LLVM::AtomicOrdering::monotonic);
    target.barrier(rewriter, loc);

    // 3. Every thread reads its result registers' bins.
    Type resultElement = getTypeConverter()->convertType(resultType.getElementType());
    SmallVector<Value> results;
    for (const SmallVector<Value> &coordinates : emitIndices(rewriter, loc, target, resultType)) {
      Value count = LLVM::LoadOp::create(rewriter, loc, i32, slotPointer(coordinates[0]));
      unsigned width = resultElement.getIntOrFloatBitWidth();
      if (width > 32)
        count = b.zext(count, resultElement);
      else if (width < 32)
        count = b.trunc(count, resultElement);
      results.push_back(count);
    }
    rewriter.replaceOp(op, packElements(loc, *getTypeConverter(), results, resultType, rewriter));
    return success();
  }

  const TargetInfo &target;
};

} // namespace

void populateHistogramOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                       RewritePatternSet &patterns, const TargetInfo &target) {
  patterns.add<HistogramOpConversion>(converter, target);
}

} // namespace trex
