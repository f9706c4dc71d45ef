// proton_gpu ops to LLVM: the per-warp circular buffer in shared memory, clock reads and the
// finalize that writes the profile to this program's part of the profile scratch.
//
// A segment is {buffer base (ptr<3>), the warp's first word in the buffer (i32), the address
// of its write index (an i32 alloca, promoted to a register by LLVM)}. Records are 8 bytes:
// the tag word (bit 31 set for an end, bits 30-23 the scope id) and the clock's low 32 bits.
// The index counts words and is never wrapped; a record goes to index modulo the segment's
// words, so a full segment keeps the newest records (the decoder knows from the index where
// the oldest one is). The layout of the profile scratch is in trex/Dialect/ProtonGPU/IR/Dialect.h.
#include "trex/Conversion/TritonGPUToLLVM/LLVMBuilder.h"
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"

#include "trex/Dialect/ProtonGPU/IR/Dialect.h"

using namespace mlir;

namespace trex {

namespace {

LLVM::LLVMStructType segmentStructType(MLIRContext *context) {
  return LLVM::LLVMStructType::getLiteral(context, {LLVM::LLVMPointerType::get(context, 3),
                                                    IntegerType::get(context, 32),
                                                    LLVM::LLVMPointerType::get(context, 0)});
}

// The alignment of each program's part of the profile scratch (the scratch is as aligned and
// each part's size a multiple of it).
int64_t profileScratchAlignmentOf(Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  if (auto attr = module->getAttrOfType<IntegerAttr>("ttg.profile_scratch_memory_alignment"))
    return attr.getInt();
  return 1;
}

// Words of one warp's segment.
int segmentWords(proton_gpu::SegmentType type, int numWarps) {
  return type.getNBytes() / numWarps / 4;
}

struct SegmentAllocOpConversion : public ConvertOpToLLVMPattern<proton_gpu::SegmentAllocOp> {
  SegmentAllocOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<proton_gpu::SegmentAllocOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(proton_gpu::SegmentAllocOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder b(rewriter, loc);
    int numWarps = numWarpsOf(op);
    int words = segmentWords(op.getSegment().getType(), numWarps);
    if (words < 2 || words % 2 != 0)
      return op.emitError() << "a segment of " << words << " words per warp cannot hold records";
    Value warp = b.udiv(target.threadIdInBlock(rewriter, loc), b.i32(target.warpSize()));
    Value first = b.mul(warp, b.i32(words));
    Value index = LLVM::AllocaOp::create(rewriter, loc, LLVM::LLVMPointerType::get(getContext()),
                                         rewriter.getI32Type(), b.i32(1), /*alignment=*/4);
    LLVM::StoreOp::create(rewriter, loc, b.i32(0), index);
    Value segment = b.undef(segmentStructType(getContext()));
    segment = b.insertValue(segment, adaptor.getBuffer(), 0);
    segment = b.insertValue(segment, first, 1);
    segment = b.insertValue(segment, index, 2);
    rewriter.replaceOp(op, segment);
    return success();
  }

  const TargetInfo &target;
};

struct ReadCounterOpConversion : public ConvertOpToLLVMPattern<proton_gpu::ReadCounterOp> {
  ReadCounterOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<proton_gpu::ReadCounterOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(proton_gpu::ReadCounterOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    bool wide = op.getCounter().getType().getIntOrFloatBitWidth() == 64;
    rewriter.replaceOp(op, target.cycleCounter(rewriter, op.getLoc(), wide));
    return success();
  }

  const TargetInfo &target;
};

struct CircularStoreOpConversion : public ConvertOpToLLVMPattern<proton_gpu::CircularStoreOp> {
  CircularStoreOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<proton_gpu::CircularStoreOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(proton_gpu::CircularStoreOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder b(rewriter, loc);
    Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
    int words = segmentWords(op.getSegment().getType(), numWarpsOf(op));
    Value segment = adaptor.getSegment();
    Value base = b.extractValue(segment, 0);
    Value first = b.extractValue(segment, 1);
    Value indexAddress = b.extractValue(segment, 2);

    Value index = LLVM::LoadOp::create(rewriter, loc, i32, indexAddress);
    LLVM::StoreOp::create(rewriter, loc, b.add(index, b.i32(2)), indexAddress);

    uint32_t tag = (static_cast<uint32_t>(op.getScopeId()) & 0xffu) << 23;
    if (!op.getIsStart())
      tag |= 1u << 31;
    Value clock = adaptor.getCounter();
    if (clock.getType().getIntOrFloatBitWidth() == 64)
      clock = b.trunc(clock, i32);
    // Little endian: the tag is the first word, the clock the second.
    Value record = b.or_(b.shl(b.zext(clock, i64), b.i64(32)), b.i64(tag));
    Value word = b.add(first, b.urem(index, b.i32(words)));
    Value address = b.gep(base.getType(), i32, base, word);
    Value lane = b.urem(target.threadIdInBlock(rewriter, loc), b.i32(target.warpSize()));
    target.storeShared(rewriter, loc, address, record, b.icmpEQ(lane, b.i32(0)));
    rewriter.eraseOp(op);
    return success();
  }

  const TargetInfo &target;
};

struct FinalizeOpConversion : public ConvertOpToLLVMPattern<proton_gpu::FinalizeOp> {
  FinalizeOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<proton_gpu::FinalizeOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(proton_gpu::FinalizeOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder b(rewriter, loc);
    Type i32 = rewriter.getI32Type();
    proton_gpu::SegmentType segmentType = op.getSegment().getType();
    int numWarps = numWarpsOf(op);
    int words = segmentWords(segmentType, numWarps);
    const int headerWords = proton_gpu::kHeaderBytes / 4;
    const int none = static_cast<int>(tt::CacheModifier::NONE);
    const int normal = static_cast<int>(tt::EvictionPolicy::NORMAL);

    Value segment = adaptor.getSegment();
    Value base = b.extractValue(segment, 0);
    Value first = b.extractValue(segment, 1);
    Value indexAddress = b.extractValue(segment, 2);
    Value scratch = adaptor.getScratchPtr();
    Type scratchType = scratch.getType();
    auto scratchWord = [&](Value offset) { return b.gep(scratchType, i32, scratch, offset); };

    // Each warp copies its own segment, which its lane 0 wrote: the warp's lanes, not the
    // whole program, have to agree that the records are in shared memory.
    target.warpBarrier(rewriter, loc);

    Value thread = target.threadIdInBlock(rewriter, loc);
    Value warp = b.udiv(thread, b.i32(target.warpSize()));
    Value lane = b.urem(thread, b.i32(target.warpSize()));
    Value isThread0 = b.icmpEQ(thread, b.i32(0));
    Value isLane0 = b.icmpEQ(lane, b.i32(0));

    // Header: preamble, program id, processor id, buffer bytes.
    Value program = target.programId(rewriter, loc, 2);
    for (int axis = 1; axis >= 0; --axis)
      program = b.add(target.programId(rewriter, loc, axis),
                      b.mul(program, target.numPrograms(rewriter, loc, axis)));
    Value header[] = {b.i32(static_cast<int32_t>(proton_gpu::kPreamble)), program,
                      target.processorId(rewriter, loc), b.i32(segmentType.getNBytes())};
    // One 16-byte store where the program's part of the scratch is 16-byte aligned (Triton's
    // 128 by default), else a word at a time.
    int64_t alignment = profileScratchAlignmentOf(op);
    if (alignment >= proton_gpu::kHeaderBytes) {
      Value packed = b.undef(LLVM::LLVMStructType::getLiteral(rewriter.getContext(),
                                                              SmallVector<Type>(headerWords, i32)));
      for (int i = 0; i < headerWords; ++i)
        packed = b.insertValue(packed, header[i], i);
      target.storeGlobal(rewriter, loc, scratchWord(b.i32(0)), packed, isThread0, none, normal);
    } else {
      for (int i = 0; i < headerWords; ++i)
        target.storeGlobal(rewriter, loc, scratchWord(b.i32(i)), header[i], isThread0, none,
                           normal);
    }

    // The warp's write index.
    Value index = LLVM::LoadOp::create(rewriter, loc, i32, indexAddress);
    target.storeGlobal(rewriter, loc, scratchWord(b.add(warp, b.i32(headerWords))), index, isLane0,
                       none, normal);

    // The segment's records, as they lie in shared memory (not rotated): lane l copies the
    // records l, l + warpSize, ... that were written (the first min(index, words) words), one
    // 8-byte access each where the destination is 8-byte aligned (an even number of header and
    // index words before the records, an 8-byte aligned scratch part; segments hold whole
    // records).
    Value filled = b.select(b.icmpULT(index, b.i32(words)), index, b.i32(words));
    Value destination = b.add(first, b.i32(headerWords + numWarps));
    bool wide = alignment >= 8 && (headerWords + numWarps) % 2 == 0;
    Type i64 = rewriter.getI64Type();
    int recordsPerWarp = words / 2;
    for (int start = 0; start < recordsPerWarp; start += target.warpSize()) {
      Value record = b.add(lane, b.i32(start));
      Value word = b.mul(record, b.i32(2));
      Value written = b.icmpULT(word, filled);
      if (start + target.warpSize() > recordsPerWarp)
        written = b.and_(written, b.icmpULT(record, b.i32(recordsPerWarp)));
      if (wide) {
        Value value = target.loadShared(
            rewriter, loc, b.gep(base.getType(), i32, base, b.add(first, word)), i64, written);
        target.storeGlobal(rewriter, loc, scratchWord(b.add(destination, word)), value, written,
                           none, normal);
        continue;
      }
      for (int half = 0; half < 2; ++half) {
        Value offset = b.add(word, b.i32(half));
        Value value = target.loadShared(
            rewriter, loc, b.gep(base.getType(), i32, base, b.add(first, offset)), i32, written);
        target.storeGlobal(rewriter, loc, scratchWord(b.add(destination, offset)), value, written,
                           none, normal);
      }
    }
    rewriter.eraseOp(op);
    return success();
  }

  const TargetInfo &target;
};

} // namespace

void populateProtonGPUOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                       RewritePatternSet &patterns, const TargetInfo &target) {
  converter.addConversion([](proton_gpu::SegmentType type) -> std::optional<Type> {
    return segmentStructType(type.getContext());
  });
  patterns.add<SegmentAllocOpConversion, ReadCounterOpConversion, CircularStoreOpConversion,
               FinalizeOpConversion>(converter, target);
}

} // namespace trex
