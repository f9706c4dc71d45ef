// ttng.warp_group_dot, ttng.warp_group_dot_wait and ttng.fence_async_shared to LLVM: Hopper's
// wgmma, as on sm_90a.
//
// WarpGroupMmaPlan works out on the host which accumulator registers each wgmma updates and
// where in its buffers each instruction's A and B tiles start, and checks that the matrix
// descriptors read what the buffers' layouts store. This pattern builds the two descriptors
// once per dot (buffer address, warp-group offset, LBO/SBO/swizzle bits), adds each
// instruction's constant offset, and emits, as Triton does: a wgmma.fence, the instructions
// tile by tile with each tile's K steps chained through its accumulator, a commit, and for a
// synchronous dot a wait for it. An asynchronous dot (isAsync, made so by the software
// pipeliner) is collected by a later ttng.warp_group_dot_wait, whose accumulators pass
// through the wait so that nothing reads them early.
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "mlir/IR/Matchers.h"

#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Conversion/TritonGPUToLLVM/WarpGroupMmaPlan.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "trex/Layout/LayoutAdapter.h"

using namespace mlir;

namespace trex {

namespace {

// The wgmma kind of an fp8 operand type, if it is one wgmma takes.
std::optional<WarpGroupMmaKind> fp8Kind(Type type) {
  if (isa<Float8E4M3FNType>(type))
    return WarpGroupMmaKind::E4M3;
  if (isa<Float8E5M2Type>(type))
    return WarpGroupMmaKind::E5M2;
  return std::nullopt;
}

// The wgmma kind of a warp-group dot's operand types (A's, for mixed fp8), if trex lowers it.
std::optional<WarpGroupMmaKind> warpGroupMmaKind(ttng::WarpGroupDotOp op, Type a, Type b) {
  Type result = cast<RankedTensorType>(op.getType()).getElementType();
  if ((result.isF32() || result.isF16()) && fp8Kind(a) && fp8Kind(b))
    return fp8Kind(a);
  if (a != b)
    return std::nullopt;
  if (result.isF16() && a.isF16())
    return WarpGroupMmaKind::F16; // accumulating in f16
  if (result.isF32()) {
    if (a.isF16())
      return WarpGroupMmaKind::F16;
    if (a.isBF16())
      return WarpGroupMmaKind::BF16;
    if (a.isF32() && op.getInputPrecision() == tt::InputPrecision::TF32)
      return WarpGroupMmaKind::TF32;
  }
  if (result.isInteger(32) && a.isInteger(8))
    return WarpGroupMmaKind::S8;
  return std::nullopt;
}

bool isZeroConstant(Value value) {
  return matchPattern(value, m_AnyZeroFloat()) || matchPattern(value, m_Zero());
}

// The storage of a shared operand as the plan needs it; fails with a located error.
FailureOr<WgmmaSharedOperand> sharedOperand(Operation *op, Value value, const char *which) {
  auto type = cast<ttg::MemDescType>(value.getType());
  auto encoding = dyn_cast<ttg::NVMMASharedEncodingAttr>(type.getEncoding());
  if (!encoding)
    return op->emitError() << "wgmma reads its " << which
                           << " operand through a #ttg.nvmma_shared buffer, not "
                           << type.getEncoding();
  // A memdesc_subslice (the K parts of a split dot) is lowered to a pointer at the part's
  // start where the part is laid out as a buffer of its own shape (LocalMemoryOpToLLVM.cpp).
  if (type.getShape() != type.getAllocShape().take_back(type.getShape().size()) &&
      !value.getDefiningOp<ttg::MemDescSubsliceOp>())
    return op->emitError() << "trex does not lower wgmma operands that are a part of their "
                              "buffer (memdesc_subslice) yet";
  FailureOr<layoutviz::LinearLayout> layout =
      layout::toLinearLayout(encoding, type.getShape(), [&] { return op->emitError(); });
  if (failed(layout))
    return failure();
  WgmmaSharedOperand operand;
  operand.layout = *layout;
  operand.swizzleBytes = static_cast<int32_t>(encoding.getSwizzlingByteWidth());
  operand.transposed = encoding.getTransposed();
  return operand;
}

struct WarpGroupDotOpConversion : public ConvertOpToLLVMPattern<ttng::WarpGroupDotOp> {
  WarpGroupDotOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<ttng::WarpGroupDotOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(ttng::WarpGroupDotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getType());
    auto mma = dyn_cast_or_null<ttg::NvidiaMmaEncodingAttr>(resultType.getEncoding());
    if (!mma || !mma.isHopper())
      return op.emitError() << "a warp-group dot needs a #ttg.nvidia_mma versionMajor = 3 result";
    if (!target.hasWarpGroupMma())
      return op.emitError() << "wgmma needs sm_90a; " << target.targetName() << " has none";
    auto aMemory = dyn_cast<ttg::MemDescType>(op.getA().getType());
    auto aTensor = dyn_cast<RankedTensorType>(op.getA().getType());
    ttg::MemDescType bMemory = op.getB().getType();
    Type aElement = aMemory ? aMemory.getElementType() : aTensor.getElementType();
    std::optional<WarpGroupMmaKind> kind = warpGroupMmaKind(op, aElement, bMemory.getElementType());
    if (!kind)
      return op.emitError() << "trex's wgmma lowering takes f16, bf16, tf32 (f32 x f32), e4m3 "
                               "and e5m2 (mixed too) dots into f32, f16, e4m3 and e5m2 into f16 "
                               "and i8 x i8 into i32, not "
                            << aElement << " x " << bMemory.getElementType() << " -> "
                            << resultType.getElementType();
    ArrayRef<unsigned> instrShape = mma.getInstrShape();
    int32_t elementBytes = static_cast<int32_t>(aElement.getIntOrFloatBitWidth() / 8);
    int64_t kSize = bMemory.getShape()[0];
    // fp8 products accumulate in reduced precision inside wgmma: with max_num_imprecise_acc
    // up to K, Triton accumulates each run of that many K elements into a fresh partial
    // accumulator and adds it to the result in f32 (as its WGMMA lowering does).
    int64_t imprecise = op.getMaxNumImpreciseAcc();
    bool splitAccumulation = imprecise > 0 && imprecise <= kSize &&
                             resultType.getElementType().isF32() &&
                             (*kind == WarpGroupMmaKind::E4M3 || *kind == WarpGroupMmaKind::E5M2);

    std::optional<layoutviz::LinearLayout> cLayout = linearLayoutOf(resultType);
    if (!cLayout)
      return op.emitError() << "the result of a warp-group dot needs a distributed layout";
    std::optional<WgmmaSharedOperand> aShared;
    std::optional<layoutviz::LinearLayout> aRegisters;
    if (aMemory) {
      FailureOr<WgmmaSharedOperand> operand = sharedOperand(op, op.getA(), "A");
      if (failed(operand))
        return failure();
      aShared = *operand;
    } else {
      aRegisters = linearLayoutOf(aTensor);
      if (!aRegisters)
        return op.emitError() << "a register A operand of wgmma needs a #ttg.dot_op layout";
    }
    FailureOr<WgmmaSharedOperand> bShared = sharedOperand(op, op.getB(), "B");
    if (failed(bShared))
      return failure();
    std::string why;
    std::optional<WarpGroupMmaPlan> plan =
        planWarpGroupMma(*cLayout, aShared, aRegisters ? &*aRegisters : nullptr, *bShared,
                         static_cast<int32_t>(instrShape[1]), static_cast<int32_t>(instrShape[2]),
                         elementBytes, why);
    if (!plan)
      return op.emitError() << "trex cannot lower this warp-group dot to wgmma: " << why;

    LLVMBuilder b(rewriter, loc);
    Type i64 = rewriter.getI64Type();
    // The warp-group id, made uniform as the descriptors must be; only where a warp group's
    // operands start elsewhere than the first's (not with one warp group): LLVM does not
    // delete an unused shfl.sync (it may touch inaccessible memory). The shuffle is at the
    // function's entry (uniformWarpId), not before every wgmma of the loop.
    auto movesOperand = [](const std::vector<int64_t> &groupOffsets) {
      return llvm::any_of(groupOffsets, [](int64_t offset) { return offset != 0; });
    };
    Value group;
    if (movesOperand(plan->aWarpGroupOffset) || movesOperand(plan->bWarpGroupOffset))
      group = b.lshr(uniformWarpId(rewriter, op, target), b.i32(2));
    // A descriptor without the per-instruction offset: the 14-bit address field (bytes / 16)
    // of the buffer plus the warp group's part, and the constant fields.
    auto descriptorBase = [&](Value pointer, const std::vector<int64_t> &groupOffsets,
                              const WgmmaDescriptor &descriptor) {
      Value address = LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI32Type(), pointer);
      for (size_t bit = 0; bit < groupOffsets.size(); ++bit) {
        if (groupOffsets[bit] == 0)
          continue;
        Value set = b.and_(b.lshr(group, b.i32(static_cast<int64_t>(bit))), b.i32(1));
        address = b.add(address, b.mul(set, b.i32(groupOffsets[bit])));
      }
      Value field = b.and_(b.lshr(address, b.i32(4)), b.i32(0x3fff));
      return b.or_(b.zext(field, i64),
                   b.i64(static_cast<int64_t>(descriptor.bitsWithoutAddress())));
    };
    Value aDescriptor;
    SmallVector<Value> aValues;
    if (plan->aInRegisters)
      aValues = unpackElements(loc, adaptor.getA(), rewriter);
    else
      aDescriptor = descriptorBase(adaptor.getA(), plan->aWarpGroupOffset, plan->a);
    Value bDescriptor = descriptorBase(adaptor.getB(), plan->bWarpGroupOffset, plan->b);

    WarpGroupMmaShape shape;
    shape.kind = *kind;
    shape.accumulatorF16 = resultType.getElementType().isF16();
    if (fp8Kind(bMemory.getElementType()) != fp8Kind(aElement))
      shape.kindB = fp8Kind(bMemory.getElementType());
    shape.n = plan->instrN;
    shape.aInRegisters = plan->aInRegisters;
    shape.transposedA = !plan->aInRegisters && plan->a.mnMajor;
    shape.transposedB = plan->b.mnMajor;

    // Whether C is added: not for a zero accumulator, and only where useC says so.
    Value useAccumulator = b.i1(!isZeroConstant(op.getC()));
    if (adaptor.getUseC())
      useAccumulator = b.and_(useAccumulator, adaptor.getUseC());

    SmallVector<Value> accumulators = unpackElements(loc, adaptor.getC(), rewriter);
    SmallVector<Value> results(plan->canonical.size());
    // A held in registers is packed into its 32-bit words before the fence, as Triton does:
    // conversions between the instructions (P's f32 -> f16 in attention) would make ptxas
    // put a warpgroup.arrive before each wgmma, serialising them.
    SmallVector<SmallVector<SmallVector<Value>>> packedA;
    if (plan->aInRegisters)
      for (const WgmmaTile &tile : plan->tiles) {
        packedA.emplace_back();
        for (size_t step = 0; step < tile.bByteOffset.size(); ++step)
          packedA.back().push_back(
              packWords(b, aValues, tile.aRegisters[step], plan->elementsPerWord));
      }
    target.warpGroupMmaFence(rewriter, loc);
    int64_t instrK = static_cast<int64_t>(instrShape[2]);
    for (auto [tileIndex, tile] : llvm::enumerate(plan->tiles)) {
      SmallVector<Value> values;
      for (int32_t reg : tile.accumulator)
        values.push_back(accumulators[reg]);
      Value use = useAccumulator;
      // Split accumulation: `values` is the partial sum of the current run, `total` the f32
      // sum so far (C where it is used, else zero).
      SmallVector<Value> total;
      int64_t inRun = 0;
      if (splitAccumulation) {
        Value zero = b.zero(rewriter.getF32Type());
        for (Value value : values)
          total.push_back(b.select(useAccumulator, value, zero));
        use = b.i1(false);
      }
      for (size_t step = 0; step < tile.bByteOffset.size(); ++step) {
        auto offsetDescriptor = [&](Value descriptor, int64_t bytes) {
          return bytes == 0 ? descriptor : b.add(descriptor, b.i64(bytes >> 4));
        };
        SmallVector<Value> a;
        if (plan->aInRegisters)
          a = packedA[tileIndex][step];
        else
          a.push_back(offsetDescriptor(aDescriptor, tile.aByteOffset[step]));
        Value bOperand = offsetDescriptor(bDescriptor, tile.bByteOffset[step]);
        FailureOr<SmallVector<Value>> next =
            target.warpGroupMma(rewriter, loc, shape, a, bOperand, values, use);
        if (failed(next))
          return op.emitError() << target.targetName() << " has no wgmma of this shape";
        values = *next;
        use = b.i1(true);
        if (!splitAccumulation)
          continue;
        inRun += instrK;
        if (inRun < imprecise && step + 1 < tile.bByteOffset.size())
          continue;
        // The run is done: wait for it, add it in f32, start a fresh one.
        target.warpGroupMmaCommit(rewriter, loc);
        SmallVector<Value> partial = target.warpGroupMmaWait(rewriter, loc, values, 0);
        for (size_t i = 0; i < total.size(); ++i)
          total[i] = LLVM::FAddOp::create(rewriter, loc, total[i], partial[i]);
        values = total;
        inRun = 0;
        use = b.i1(false);
        target.warpGroupMmaFence(rewriter, loc);
      }
      if (splitAccumulation)
        values = total;
      for (size_t slot = 0; slot < tile.accumulator.size(); ++slot)
        results[tile.accumulator[slot]] = values[slot];
    }
    target.warpGroupMmaCommit(rewriter, loc);

    SmallVector<Value> computed;
    for (size_t reg = 0; reg < results.size(); ++reg)
      if (plan->canonical[reg] == static_cast<int32_t>(reg))
        computed.push_back(results[reg]);
    if (!op.getIsAsync())
      computed = target.warpGroupMmaWait(rewriter, loc, computed, 0);
    size_t next = 0;
    for (size_t reg = 0; reg < results.size(); ++reg)
      if (plan->canonical[reg] == static_cast<int32_t>(reg))
        results[reg] = computed[next++];
    for (size_t reg = 0; reg < results.size(); ++reg)
      results[reg] = results[plan->canonical[reg]];
    rewriter.replaceOp(op, packElements(loc, *getTypeConverter(), results, resultType, rewriter));
    return success();
  }

  // The 32-bit fragment words of A in registers, `perWord` registers each (low bits first).
  static SmallVector<Value> packWords(LLVMBuilder &b, ArrayRef<Value> values,
                                      const std::vector<int32_t> &registers, int32_t perWord) {
    SmallVector<Value> words;
    Type i32 = b.builder.getI32Type();
    for (size_t start = 0; start < registers.size(); start += perWord) {
      if (perWord == 1) {
        words.push_back(b.bitcast(values[registers[start]], i32));
        continue;
      }
      Type element = values[registers[start]].getType();
      Value vector = b.undef(VectorType::get(perWord, element));
      for (int32_t i = 0; i < perWord; ++i)
        vector = b.insertElement(vector, values[registers[start + i]], i);
      words.push_back(b.bitcast(vector, i32));
    }
    return words;
  }

  const TargetInfo &target;
};

// The register operands (accumulators) go through the wait; shared-memory operands are
// returned as they are (they only keep their buffers alive).
struct WarpGroupDotWaitOpConversion : public ConvertOpToLLVMPattern<ttng::WarpGroupDotWaitOp> {
  WarpGroupDotWaitOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<ttng::WarpGroupDotWaitOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(ttng::WarpGroupDotWaitOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (!target.hasWarpGroupMma())
      return op.emitError() << "wgmma needs sm_90a; " << target.targetName() << " has none";
    SmallVector<Value> values;
    SmallVector<size_t> counts;
    for (auto [original, converted] : llvm::zip(op.getInputs(), adaptor.getInputs())) {
      if (!isa<RankedTensorType>(original.getType())) {
        counts.push_back(0);
        continue;
      }
      SmallVector<Value> elements = unpackElements(loc, converted, rewriter);
      counts.push_back(elements.size());
      values.append(elements.begin(), elements.end());
    }
    SmallVector<Value> waited =
        target.warpGroupMmaWait(rewriter, loc, values, static_cast<int>(op.getPendings()));
    SmallVector<Value> replacements;
    size_t next = 0;
    for (auto [index, original] : llvm::enumerate(op.getInputs())) {
      if (!isa<RankedTensorType>(original.getType())) {
        replacements.push_back(adaptor.getInputs()[index]);
        continue;
      }
      ArrayRef<Value> elements(waited.begin() + next, counts[index]);
      next += counts[index];
      replacements.push_back(
          packElements(loc, *getTypeConverter(), elements, original.getType(), rewriter));
    }
    rewriter.replaceOp(op, replacements);
    return success();
  }

  const TargetInfo &target;
};

// fence.proxy.async: shared memory written by ordinary stores becomes visible to the async
// proxy (wgmma, TMA) of this CTA (or cluster). Each thread fences its own stores, so a
// barrier follows: another warp's wgmma may read what this thread wrote (store, fence,
// barrier, read: the order the PTX memory model asks for).
struct FenceAsyncSharedOpConversion : public ConvertOpToLLVMPattern<ttng::FenceAsyncSharedOp> {
  FenceAsyncSharedOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<ttng::FenceAsyncSharedOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(ttng::FenceAsyncSharedOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (failed(target.asyncProxyFence(rewriter, op.getLoc(), op.getBCluster())))
      return op.emitError() << target.targetName() << " has no async proxy to fence";
    target.barrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }

  const TargetInfo &target;
};

} // namespace

void populateWarpGroupDotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                          RewritePatternSet &patterns, const TargetInfo &target) {
  patterns
      .add<WarpGroupDotOpConversion, WarpGroupDotWaitOpConversion, FenceAsyncSharedOpConversion>(
          converter, target);
}

} // namespace trex
