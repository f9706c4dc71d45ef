// tt.scan to LLVM: an inclusive prefix scan within threads, across lanes, then across warps.
//
// ScanLayout splits an element's position along the axis into low register bits (a
// thread's chunk), lane bits, warp bits and high register bits (blocks: the layout repeating
// along the axis). Per row of the tensor:
//  1. each thread scans its chunks in registers;
//  2. the chunk totals are scanned across the lanes of the warp (Hillis-Steele: log2(lanes)
//     rounds, each taking the running value of the lane `d` positions back, with shfl.up
//     where the lanes along the axis are consecutive lane ids), and every chunk element
//     takes the previous lane's running value as its prefix;
//  3. blocks and warps: with one warp along the axis, each block's total is read from the
//     block's last lane and carried into the later blocks; with several, the last lane of
//     every warp writes its warp's total to shared memory (one slot per row, block and warp)
//     and, after a barrier, every thread combines the totals before its own into a prefix.
// A reverse scan runs the same steps on positions counted from the end: every index is
// complemented within its field, which reverses the order.
// The combine region may be non-commutative: an earlier value is always its left operand.
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trex/Conversion/TritonGPUToLLVM/PredicatedRegion.h"
#include "trex/Conversion/TritonGPUToLLVM/ScanLayout.h"
#include "trex/Conversion/TritonGPUToLLVM/SharedMemory.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace trex {

namespace {

// One value per operand of the scan.
using Tuple = SmallVector<Value>;

// The bits `bits` of `value`, packed together (bit j of the result is bit bits[j]).
int64_t compact(int64_t value, ArrayRef<int> bits) {
  int64_t result = 0;
  for (auto [position, bit] : llvm::enumerate(bits))
    result |= ((value >> bit) & 1) << position;
  return result;
}

Value compactValue(LLVMBuilder &b, Value value, ArrayRef<int> bits) {
  Value result = b.i32(0);
  for (auto [position, bit] : llvm::enumerate(bits)) {
    Value bitValue = b.and_(b.lshr(value, b.i32(bit)), b.i32(1));
    result = b.or_(result, position == 0 ? bitValue
                                         : b.shl(bitValue, b.i32(static_cast<int64_t>(position))));
  }
  return result;
}

// The inverse of compactValue: bit j of `value` goes to bit bits[j].
Value scatterValue(LLVMBuilder &b, Value value, ArrayRef<int> bits) {
  Value result = b.i32(0);
  for (auto [position, bit] : llvm::enumerate(bits)) {
    Value bitValue = b.and_(b.lshr(value, b.i32(static_cast<int64_t>(position))), b.i32(1));
    result = b.or_(result, b.shl(bitValue, b.i32(bit)));
  }
  return result;
}

int32_t maskOf(ArrayRef<int> bits) {
  int32_t mask = 0;
  for (int bit : bits)
    mask |= 1 << bit;
  return mask;
}

struct ScanOpConversion : public ConvertOpToLLVMPattern<tt::ScanOp> {
  ScanOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<tt::ScanOp>(converter), target(target) {}

  // The per-thread view of the operands: register of each (row, block, chunk position), all
  // as logical indices (reversed for a reverse scan).
  struct Registers {
    int64_t rows, blocks, chunk;
    SmallVector<int64_t> table;
    int64_t at(int64_t row, int64_t block, int64_t position) const {
      return table[(row * blocks + block) * chunk + position];
    }
  };

  Tuple combine(tt::ScanOp op, ConversionPatternRewriter &rewriter, const Tuple &earlier,
                const Tuple &later) const {
    Block &body = op.getCombineOp().front();
    IRMapping mapping;
    for (size_t i = 0; i < earlier.size(); ++i) {
      mapping.map(body.getArgument(i), earlier[i]);
      mapping.map(body.getArgument(earlier.size() + i), later[i]);
    }
    for (Operation &nested : body.without_terminator())
      rewriter.clone(nested, mapping);
    Tuple result;
    for (Value value : body.getTerminator()->getOperands())
      result.push_back(mapping.lookupOrDefault(value));
    return result;
  }

  static Tuple select(LLVMBuilder &b, Value condition, const Tuple &a, const Tuple &c) {
    Tuple result;
    for (auto [x, y] : llvm::zip(a, c))
      result.push_back(b.select(condition, x, y));
    return result;
  }

  LogicalResult matchAndRewrite(tt::ScanOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (!op.getCombineOp().hasOneBlock())
      return op.emitError() << "trex lowers scans whose combine function is a single block; "
                               "this one branches";
    unsigned axis = op.getAxis();
    auto type = cast<RankedTensorType>(op.getSrcs().front().getType());
    std::string reason;
    std::optional<ScanLayout> scan = analyzeScanLayout(type, axis, &reason);
    if (!scan)
      return op.emitError() << "trex cannot scan along axis " << axis
                            << " of this layout: " << reason;
    LLVMBuilder b(rewriter, loc);
    bool reverse = op.getReverse();

    SmallVector<SmallVector<Value>> sources;
    for (Value source : adaptor.getSrcs())
      sources.push_back(unpackElements(loc, source, rewriter));
    int64_t numRegisters = static_cast<int64_t>(sources.front().size());
    SmallVector<Tuple> values(numRegisters);
    for (int64_t reg = 0; reg < numRegisters; ++reg)
      for (const SmallVector<Value> &source : sources)
        values[reg].push_back(source[reg]);

    // Registers by (row, block, position); registers outside the table repeat one inside.
    Registers regs{
        int64_t(1) << scan->registerRowBits.size(), scan->blocksAlongAxis(), scan->chunkSize(), {}};
    regs.table.assign(regs.rows * regs.blocks * regs.chunk, 0);
    int64_t usedMask = maskOf(scan->registerRowBits) | maskOf(scan->lowRegisterBits) |
                       maskOf(scan->highRegisterBits);
    int64_t blockFlip = reverse ? regs.blocks - 1 : 0;
    int64_t chunkFlip = reverse ? regs.chunk - 1 : 0;
    for (int64_t reg = 0; reg < numRegisters; ++reg) {
      if (reg & ~usedMask)
        continue;
      int64_t row = compact(reg, scan->registerRowBits);
      int64_t block = compact(reg, scan->highRegisterBits) ^ blockFlip;
      int64_t position = compact(reg, scan->lowRegisterBits) ^ chunkFlip;
      regs.table[(row * regs.blocks + block) * regs.chunk + position] = reg;
    }

    // 1. Within each chunk of a thread.
    for (int64_t row = 0; row < regs.rows; ++row)
      for (int64_t block = 0; block < regs.blocks; ++block)
        for (int64_t position = 1; position < regs.chunk; ++position)
          values[regs.at(row, block, position)] =
              combine(op, rewriter, values[regs.at(row, block, position - 1)],
                      values[regs.at(row, block, position)]);

    // 2. Across the lanes of the warp.
    ThreadIds ids = threadIds(rewriter, loc, target);
    int64_t lanes = scan->lanesAlongAxis();
    Value laneIndex = compactValue(b, ids.lane, scan->laneAxisBits);
    if (reverse)
      laneIndex = b.xor_(laneIndex, b.i32(lanes - 1));
    if (lanes > 1) {
      for (int64_t row = 0; row < regs.rows; ++row)
        for (int64_t block = 0; block < regs.blocks; ++block)
          scanAcrossLanes(op, rewriter, *scan, ids, laneIndex, values, regs, row, block);
    }

    // 3. Across blocks and warps.
    if (scan->warpsAlongAxis() == 1) {
      if (regs.blocks > 1)
        for (int64_t row = 0; row < regs.rows; ++row)
          carryAcrossBlocks(op, rewriter, *scan, ids, values, regs, row);
    } else if (failed(scanAcrossWarps(op, rewriter, *scan, ids, laneIndex, values, regs))) {
      return failure();
    }

    // Copies of an element in other registers take its result.
    SmallVector<Value> results;
    for (size_t operand = 0; operand < sources.size(); ++operand) {
      SmallVector<Value> elements;
      for (int64_t reg = 0; reg < numRegisters; ++reg)
        elements.push_back(values[reg & usedMask][operand]);
      results.push_back(packElements(loc, *getTypeConverter(), elements,
                                     op.getResult()[operand].getType(), rewriter));
    }
    rewriter.replaceOp(op, results);
    return success();
  }

  // The values of the lane `distance` positions earlier along the axis (in the same row).
  Tuple fromEarlierLane(ConversionPatternRewriter &rewriter, Location loc, const ScanLayout &scan,
                        const ThreadIds &ids, Value laneIndex, bool reverse, const Tuple &tuple,
                        int64_t distance) const {
    LLVMBuilder b(rewriter, loc);
    ArrayRef<int> bits = scan.laneAxisBits;
    bool consecutive = true;
    for (size_t j = 1; j < bits.size(); ++j)
      consecutive &= bits[j] == bits[j - 1] + 1;
    Tuple result;
    if (!reverse && consecutive) {
      // The earlier lane is a fixed number of lane ids below: shfl.up.
      for (Value value : tuple)
        result.push_back(
            shuffleUpAny(rewriter, loc, target, value, static_cast<int>(distance << bits.front())));
      return result;
    }
    int64_t lanes = scan.lanesAlongAxis();
    Value earlier = b.and_(b.sub(laneIndex, b.i32(distance)), b.i32(lanes - 1));
    if (reverse)
      earlier = b.xor_(earlier, b.i32(lanes - 1));
    Value lane = b.or_(b.and_(ids.lane, b.i32(~maskOf(bits))), scatterValue(b, earlier, bits));
    for (Value value : tuple)
      result.push_back(shuffleIndexAny(rewriter, loc, target, value, lane));
    return result;
  }

  // The values of the row's last lane along the axis.
  Tuple fromLastLane(ConversionPatternRewriter &rewriter, Location loc, const ScanLayout &scan,
                     const ThreadIds &ids, bool reverse, const Tuple &tuple) const {
    LLVMBuilder b(rewriter, loc);
    int32_t axisMask = maskOf(scan.laneAxisBits);
    Value lane = b.and_(ids.lane, b.i32(~axisMask));
    if (!reverse)
      lane = b.or_(lane, b.i32(axisMask));
    Tuple result;
    for (Value value : tuple)
      result.push_back(shuffleIndexAny(rewriter, loc, target, value, lane));
    return result;
  }

  void scanAcrossLanes(tt::ScanOp op, ConversionPatternRewriter &rewriter, const ScanLayout &scan,
                       const ThreadIds &ids, Value laneIndex, SmallVector<Tuple> &values,
                       const Registers &regs, int64_t row, int64_t block) const {
    Location loc = op.getLoc();
    LLVMBuilder b(rewriter, loc);
    bool reverse = op.getReverse();
    int64_t last = regs.at(row, block, regs.chunk - 1);
    Tuple running = values[last];
    for (int64_t distance = 1; distance < scan.lanesAlongAxis(); distance *= 2) {
      Tuple earlier =
          fromEarlierLane(rewriter, loc, scan, ids, laneIndex, reverse, running, distance);
      Tuple combined = combine(op, rewriter, earlier, running);
      Value hasEarlier =
          LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::uge, laneIndex, b.i32(distance));
      running = select(b, hasEarlier, combined, running);
    }
    if (regs.chunk > 1) {
      // The rest of the chunk: prefix of the lanes before, which the previous lane holds.
      Tuple prefix = fromEarlierLane(rewriter, loc, scan, ids, laneIndex, reverse, running, 1);
      Value hasPrefix = b.icmpNE(laneIndex, b.i32(0));
      for (int64_t position = 0; position + 1 < regs.chunk; ++position) {
        Tuple &value = values[regs.at(row, block, position)];
        value = select(b, hasPrefix, combine(op, rewriter, prefix, value), value);
      }
    }
    values[last] = running;
  }

  void carryAcrossBlocks(tt::ScanOp op, ConversionPatternRewriter &rewriter, const ScanLayout &scan,
                         const ThreadIds &ids, SmallVector<Tuple> &values, const Registers &regs,
                         int64_t row) const {
    Location loc = op.getLoc();
    Tuple carry;
    for (int64_t block = 0; block < regs.blocks; ++block) {
      Tuple total = values[regs.at(row, block, regs.chunk - 1)];
      if (scan.lanesAlongAxis() > 1)
        total = fromLastLane(rewriter, loc, scan, ids, op.getReverse(), total);
      if (!carry.empty())
        for (int64_t position = 0; position < regs.chunk; ++position) {
          Tuple &value = values[regs.at(row, block, position)];
          value = combine(op, rewriter, carry, value);
        }
      if (block + 1 < regs.blocks)
        carry = carry.empty() ? total : combine(op, rewriter, carry, total);
    }
  }

  LogicalResult scanAcrossWarps(tt::ScanOp op, ConversionPatternRewriter &rewriter,
                                const ScanLayout &scan, const ThreadIds &ids, Value laneIndex,
                                SmallVector<Tuple> &values, const Registers &regs) const {
    Location loc = op.getLoc();
    LLVMBuilder b(rewriter, loc);
    FailureOr<Value> scratch = scratchPointer(rewriter, op, target);
    if (failed(scratch))
      return failure();
    int64_t warps = scan.warpsAlongAxis();
    int64_t slots = scan.scratchSlots();

    // One region of `slots` elements per operand, in operand order.
    SmallVector<Value> regions;
    SmallVector<Type> elementTypes;
    int64_t byteOffset = 0;
    for (Value source : op.getSrcs()) {
      Type element = getTypeConverter()->convertType(
          cast<RankedTensorType>(source.getType()).getElementType());
      elementTypes.push_back(element);
      regions.push_back(byteOffset == 0 ? *scratch
                                        : b.gep(scratch->getType(), rewriter.getI8Type(), *scratch,
                                                b.i32(byteOffset)));
      byteOffset += slots * ((element.getIntOrFloatBitWidth() + 7) / 8);
    }
    auto slotPointer = [&](size_t operand, Value slot) {
      return b.gep(regions[operand].getType(), elementTypes[operand], regions[operand], slot);
    };

    // Slot (row, block, warp along the axis), the row numbered from the register, lane and
    // warp bits off the axis.
    Value warpIndex = compactValue(b, ids.warp, scan.warpAxisBits);
    if (op.getReverse())
      warpIndex = b.xor_(warpIndex, b.i32(warps - 1));
    Value threadRow = b.add(compactValue(b, ids.lane, scan.laneRowBits),
                            b.mul(compactValue(b, ids.warp, scan.warpRowBits),
                                  b.i32(int64_t(1) << scan.laneRowBits.size())));
    auto rowBase = [&](int64_t row) {
      return b.mul(b.add(b.i32(row), b.mul(threadRow, b.i32(regs.rows))),
                   b.i32(regs.blocks * warps));
    };

    // The last lane of each warp publishes the warp's totals (the barrier analysis orders the
    // ops before that use the scratch).
    auto publish = [&] {
      for (int64_t row = 0; row < regs.rows; ++row) {
        Value base = rowBase(row);
        for (int64_t block = 0; block < regs.blocks; ++block) {
          Value slot = b.add(base, b.add(b.i32(block * warps), warpIndex));
          const Tuple &total = values[regs.at(row, block, regs.chunk - 1)];
          for (size_t operand = 0; operand < regions.size(); ++operand)
            LLVM::StoreOp::create(rewriter, loc, total[operand], slotPointer(operand, slot));
        }
      }
      return SmallVector<Value>{};
    };
    if (scan.lanesAlongAxis() == 1)
      publish();
    else
      emitPredicatedRegion(rewriter, loc, b.icmpEQ(laneIndex, b.i32(scan.lanesAlongAxis() - 1)), {},
                           publish);
    target.barrier(rewriter, loc);

    for (int64_t row = 0; row < regs.rows; ++row) {
      Value base = rowBase(row);
      Tuple blocksBefore; // the totals of all earlier blocks
      for (int64_t block = 0; block < regs.blocks; ++block) {
        SmallVector<Tuple> totals(warps);
        for (int64_t warp = 0; warp < warps; ++warp) {
          Value slot = b.add(base, b.i32(block * warps + warp));
          for (size_t operand = 0; operand < regions.size(); ++operand)
            totals[warp].push_back(LLVM::LoadOp::create(rewriter, loc, elementTypes[operand],
                                                        slotPointer(operand, slot)));
        }
        // Prefix of this warp: the earlier blocks, then the earlier warps of this block.
        Tuple prefix = blocksBefore;
        Value hasPrefix; // null: known to have one (or known not to, when prefix is empty)
        for (int64_t warp = 0; warp + 1 < warps; ++warp) {
          Value isEarlier =
              LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ugt, warpIndex, b.i32(warp));
          if (prefix.empty()) {
            prefix = totals[warp];
            hasPrefix = isEarlier;
          } else {
            prefix = select(b, isEarlier, combine(op, rewriter, prefix, totals[warp]), prefix);
          }
        }
        if (!prefix.empty())
          for (int64_t position = 0; position < regs.chunk; ++position) {
            Tuple &value = values[regs.at(row, block, position)];
            Tuple combined = combine(op, rewriter, prefix, value);
            value = hasPrefix ? select(b, hasPrefix, combined, value) : combined;
          }
        if (block + 1 < regs.blocks)
          for (const Tuple &total : totals)
            blocksBefore =
                blocksBefore.empty() ? total : combine(op, rewriter, blocksBefore, total);
      }
    }
    return success();
  }

  const TargetInfo &target;
};

} // namespace

void populateScanOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  RewritePatternSet &patterns, const TargetInfo &target) {
  patterns.add<ScanOpConversion>(converter, target);
}

} // namespace trex
