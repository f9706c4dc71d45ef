// ttg.convert_layout between distributed layouts to LLVM, and amdg.in_thread_transpose (a
// conversion that by construction only renumbers each thread's registers).
//
// LayoutConversionPlan decides how the elements move (register renaming, warp shuffles or an
// exchange through shared memory) and computes every constant of the exchange on the host;
// this pattern only turns the plan into instructions. Where the exchange was planned for
// ldmatrix, the loads use it (MatrixLoad.h). Keeping the plan apart is what lets the
// unit tests check, by running it on the host, that each destination register receives the
// element its layout says.
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trex/Conversion/TritonGPUToLLVM/LayoutConversionPlan.h"
#include "trex/Conversion/TritonGPUToLLVM/SharedMemory.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonAMDGPU/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/BuiltinOps.h"


using namespace mlir;

namespace trex {

namespace {

struct ConvertLayoutOpConversion : public ConvertOpToLLVMPattern<ttg::ConvertLayoutOp> {
  ConvertLayoutOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<ttg::ConvertLayoutOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(ttg::ConvertLayoutOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto sourceType = cast<RankedTensorType>(op.getSrc().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    std::optional<layoutviz::LinearLayout> sourceLayout = linearLayoutOf(sourceType);
    std::optional<layoutviz::LinearLayout> resultLayout = linearLayoutOf(resultType);
    if (!sourceLayout || !resultLayout)
      return op.emitError() << "trex lowers ttg.convert_layout only between distributed layouts";
    FlatLayout source = FlatLayout::from(*sourceLayout);
    FlatLayout destination = FlatLayout::from(*resultLayout);
    SmallVector<Value> values = unpackElements(op.getLoc(), adaptor.getSrc(), rewriter);

    FailureOr<SmallVector<Value>> converted = failure();
    switch (classifyConversion(source, destination)) {
    case ConversionKind::Registers:
      converted = copyRegisters(op, values, source, destination);
      break;
    case ConversionKind::WarpShuffle:
      converted = shuffleWithinWarps(op, rewriter, values, source, destination);
      break;
    case ConversionKind::SharedMemory:
      converted = exchangeThroughSharedMemory(op, rewriter, values, source, destination);
      break;
    case ConversionKind::AcrossBlocks:
      return op.emitError() << "trex does not lower layout conversions that move data between "
                               "the CTAs of a cluster (target "
                            << target.targetName() << ")";
    }
    if (failed(converted))
      return failure();
    rewriter.replaceOp(op, packElements(op.getLoc(), *getTypeConverter(), *converted, resultType,
                                        rewriter));
    return success();
  }

  FailureOr<SmallVector<Value>> copyRegisters(ttg::ConvertLayoutOp op, ArrayRef<Value> values,
                                              const FlatLayout &source,
                                              const FlatLayout &destination) const {
    std::optional<std::vector<int32_t>> copy = planRegisterCopy(source, destination);
    if (!copy)
      return op.emitError() << "internal error: the layouts of this conversion keep every "
                               "element in its thread but its registers do not correspond";
    SmallVector<Value> result;
    for (int32_t reg : *copy)
      result.push_back(values[reg]);
    return result;
  }

  FailureOr<SmallVector<Value>> shuffleWithinWarps(ttg::ConvertLayoutOp op,
                                                   ConversionPatternRewriter &rewriter,
                                                   ArrayRef<Value> values,
                                                   const FlatLayout &source,
                                                   const FlatLayout &destination) const {
    std::optional<WarpShufflePlan> plan = planWarpShuffle(source, destination);
    if (!plan)
      return op.emitError() << "internal error: no warp-shuffle plan for this conversion";
    Location loc = op.getLoc();
    LLVMBuilder b(rewriter, loc);
    ThreadIds ids = threadIds(rewriter, loc, target);
    SmallVector<Value> exchange;
    for (int32_t reg : plan->initialRegister)
      exchange.push_back(values[reg]);

    // Swap register bit i with lane bit j: a lane sends the half of each register pair its
    // partner (lane ^ 2^j) needs and keeps the other.
    for (auto [registerBit, laneBit] : plan->swaps) {
      Value upper = b.icmpNE(b.and_(ids.lane, b.i32(1 << laneBit)), b.i32(0));
      for (size_t low = 0; low < exchange.size(); ++low) {
        if (low >> registerBit & 1)
          continue;
        size_t high = low | (size_t(1) << registerBit);
        Value send = b.select(upper, exchange[low], exchange[high]);
        Value received = shuffleXorAny(rewriter, loc, target, send, 1 << laneBit);
        Value newLow = b.select(upper, received, exchange[low]);
        Value newHigh = b.select(upper, exchange[high], received);
        exchange[low] = newLow;
        exchange[high] = newHigh;
      }
    }

    // Permute register bits (renaming) and lane bits (each lane reads the lane whose bits,
    // moved to their targets, give its own id).
    Value sourceLane;
    if (plan->movesLanes()) {
      sourceLane = b.i32(0);
      for (size_t j = 0; j < plan->laneTarget.size(); ++j) {
        Value bit = b.and_(b.lshr(ids.lane, b.i32(plan->laneTarget[j])), b.i32(1));
        sourceLane = b.or_(sourceLane, b.shl(bit, b.i32(static_cast<int64_t>(j))));
      }
    }
    SmallVector<Value> permuted(exchange.size());
    for (size_t u = 0; u < exchange.size(); ++u) {
      size_t moved = 0;
      for (size_t bit = 0; bit < plan->registerTarget.size(); ++bit)
        if (u >> bit & 1)
          moved |= size_t(1) << plan->registerTarget[bit];
      permuted[moved] = sourceLane ? shuffleIndexAny(rewriter, loc, target, exchange[u], sourceLane)
                                   : exchange[u];
    }
    SmallVector<Value> result;
    for (int32_t reg : plan->resultRegister)
      result.push_back(permuted[reg]);
    return result;
  }

  FailureOr<SmallVector<Value>>
  exchangeThroughSharedMemory(ttg::ConvertLayoutOp op, ConversionPatternRewriter &rewriter,
                              ArrayRef<Value> values, const FlatLayout &source,
                              const FlatLayout &destination) const {
    Location loc = op.getLoc();
    auto sourceType = cast<RankedTensorType>(op.getSrc().getType());
    Type elementType = getTypeConverter()->convertType(sourceType.getElementType());
    bool isPointer = isa<LLVM::LLVMPointerType>(elementType);
    int32_t bitwidth =
        exchangeBitwidth(isPointer ? 64 : elementType.getIntOrFloatBitWidth(), isPointer);
    auto module = op->getParentOfType<ModuleOp>();
    auto targetName = module->getAttrOfType<StringAttr>(ttg::kTargetAttr);
    std::optional<SharedMemoryPlan> plan =
        planSharedMemory(source, destination, bitwidth,
                         swizzleInstructionsFor(targetName ? targetName.getValue().str() : ""));
    if (!plan)
      return op.emitError() << "trex cannot exchange this layout conversion through shared "
                               "memory (layouts spanning several CTAs are not supported)";
    FailureOr<Value> base = scratchPointer(rewriter, op, target);
    if (failed(base))
      return failure();

    LLVMBuilder b(rewriter, loc);
    // Shared memory holds whole bytes: i1 goes as i8, pointers as i64.
    Type storageType = isPointer ? rewriter.getI64Type()
                       : bitwidth != static_cast<int32_t>(elementType.getIntOrFloatBitWidth())
                           ? rewriter.getIntegerType(bitwidth)
                           : elementType;
    auto toStorage = [&](Value value) -> Value {
      if (isPointer)
        return LLVM::PtrToIntOp::create(rewriter, loc, storageType, value);
      if (storageType != elementType)
        return b.zext(value, storageType);
      return value;
    };
    auto fromStorage = [&](Value value) -> Value {
      if (isPointer)
        return LLVM::IntToPtrOp::create(rewriter, loc, elementType, value);
      if (storageType != elementType)
        return b.trunc(value, elementType);
      return value;
    };

    ThreadIds ids = threadIds(rewriter, loc, target);
    ThreadOffset storeThread = threadOffsetOf(b, ids.lane, ids.warp, plan->store.laneOffset,
                                              plan->store.warpOffset);
    ThreadOffset loadThread =
        threadOffsetOf(b, ids.lane, ids.warp, plan->load.laneOffset, plan->load.warpOffset);
    auto address = [&](const ThreadOffset &thread, int32_t offset) {
      return b.gep(base->getType(), storageType, *base, registerIndex(b, thread, offset));
    };

    SmallVector<Value> loaded(plan->load.offset.size());
    int64_t elementBytes = bitwidth / 8;
    // Where Triton planned the exchange for ldmatrix (an mma accumulator stored to blocked
    // rows, the matmul epilogue), one ldmatrix.x4 reads what takes four 32-bit loads; where
    // it planned stmatrix, stmatrix writes.
    std::optional<std::vector<MatrixExchangeRound>> matrixRounds, matrixStoreRounds;
    if (target.hasMatrixLoad() && storageType == elementType)
      matrixRounds = planMatrixExchange(*plan, ExchangeSide::Load, bitwidth);
    if (target.hasMatrixStore() && storageType == elementType)
      matrixStoreRounds = planMatrixExchange(*plan, ExchangeSide::Store, bitwidth);
    // (Other users of the scratch are ordered before the exchange by the barrier analysis.)
    for (int64_t round = 0; round < plan->exchange.roundCount(); ++round) {
      if (round > 0)
        target.barrier(rewriter, loc);
      std::vector<std::vector<int32_t>> plainStores;
      if (matrixStoreRounds) {
        const MatrixExchangeRound &matrixRound = (*matrixStoreRounds)[round];
        SmallVector<Value> stored;
        for (int32_t reg : matrixRound.registers)
          stored.push_back(values[reg]);
        storeMatrices(rewriter, loc, target, *base, storageType, matrixRound.access,
                      matrixRound.matrix, stored);
      } else {
        plainStores = plan->store.vectorsOfRound(round);
      }
      for (const std::vector<int32_t> &registers : plainStores) {
        Value stored;
        if (registers.size() == 1) {
          stored = toStorage(values[registers.front()]);
        } else {
          stored = b.undef(VectorType::get(static_cast<int64_t>(registers.size()), storageType));
          for (auto [position, reg] : llvm::enumerate(registers))
            stored = b.insertElement(stored, toStorage(values[reg]),
                                     static_cast<int64_t>(position));
        }
        LLVM::StoreOp::create(rewriter, loc, stored,
                              address(storeThread, plan->store.offset[registers.front()]),
                              elementBytes * static_cast<int64_t>(registers.size()));
      }
      target.barrier(rewriter, loc);
      if (matrixRounds) {
        const MatrixExchangeRound &matrixRound = (*matrixRounds)[round];
        SmallVector<Value> words = loadMatrices(rewriter, loc, target, *base, storageType,
                                                matrixRound.access, matrixRound.matrix);
        for (auto [position, reg] : llvm::enumerate(matrixRound.registers))
          loaded[reg] = words[position];
        continue;
      }
      for (const std::vector<int32_t> &registers : plan->load.vectorsOfRound(round)) {
        Type type = registers.size() == 1
                        ? storageType
                        : VectorType::get(static_cast<int64_t>(registers.size()), storageType);
        Value value = LLVM::LoadOp::create(
            rewriter, loc, type,
            address(loadThread, plan->load.offset[registers.front()]),
            elementBytes * static_cast<int64_t>(registers.size()));
        if (registers.size() == 1) {
          loaded[registers.front()] = fromStorage(value);
          continue;
        }
        for (auto [position, reg] : llvm::enumerate(registers))
          loaded[reg] = fromStorage(b.extractElement(value, static_cast<int64_t>(position)));
      }
    }
    SmallVector<Value> result;
    for (size_t reg = 0; reg < plan->load.canonical.size(); ++reg)
      result.push_back(loaded[plan->load.canonical[reg]]);
    return result;
  }

  const TargetInfo &target;
};

// The verifier guarantees the result layout is the source's with each thread's tile
// renumbered, so the lowering is a copy of registers in a new order.
struct InThreadTransposeOpConversion : public ConvertOpToLLVMPattern<amdg::InThreadTransposeOp> {
  using ConvertOpToLLVMPattern<amdg::InThreadTransposeOp>::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(amdg::InThreadTransposeOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto sourceType = cast<RankedTensorType>(op.getSrc().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    std::optional<layoutviz::LinearLayout> sourceLayout = linearLayoutOf(sourceType);
    std::optional<layoutviz::LinearLayout> resultLayout = linearLayoutOf(resultType);
    if (!sourceLayout || !resultLayout)
      return op.emitError() << "the layouts of an in-thread transpose must be distributed";
    FlatLayout source = FlatLayout::from(*sourceLayout);
    FlatLayout destination = FlatLayout::from(*resultLayout);
    std::optional<std::vector<int32_t>> copy;
    if (classifyConversion(source, destination) == ConversionKind::Registers)
      copy = planRegisterCopy(source, destination);
    if (!copy)
      return op.emitError() << "internal error: this in-thread transpose moves elements "
                               "between threads";
    SmallVector<Value> values = unpackElements(op.getLoc(), adaptor.getSrc(), rewriter);
    SmallVector<Value> result;
    for (int32_t reg : *copy)
      result.push_back(values[reg]);
    rewriter.replaceOp(op, packElements(op.getLoc(), *getTypeConverter(), result, resultType,
                                        rewriter));
    return success();
  }
};

} // namespace

void populateConvertLayoutOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                           RewritePatternSet &patterns, const TargetInfo &target) {
  patterns.add<ConvertLayoutOpConversion>(converter, target);
  patterns.add<InThreadTransposeOpConversion>(converter);
}

} // namespace trex
