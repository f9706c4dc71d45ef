// tt.atomic_rmw and tt.atomic_cas to per-element atomics on global memory.
//
// Every distinct element is updated exactly once: where the layout gives an element to
// several registers, lanes or warps, only the copy uniqueCopies picks does the atomic (and
// only where the mask holds); a scalar atomic is done by thread 0 of the program. The target
// emits the atomic itself (predicated PTX on NVIDIA, an LLVM atomic behind a branch on AMD).
//
// The old values are the result. The threads that skipped an element's atomic still need
// its old value when the result is used, so it goes through shared memory, as Triton does:
// the acting thread writes it to the op's scratch, and after a barrier every copy reads it
// back (one slot per element, row-major; one slot for a scalar). Copies within a thread take
// it from the register that did the atomic.
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trex/Conversion/TritonGPUToLLVM/SharedMemory.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"

using namespace mlir;

namespace trex {

namespace {

LLVM::AtomicBinOp binOpOf(tt::RMWOp op) {
  switch (op) {
  case tt::RMWOp::AND:
    return LLVM::AtomicBinOp::_and;
  case tt::RMWOp::OR:
    return LLVM::AtomicBinOp::_or;
  case tt::RMWOp::XOR:
    return LLVM::AtomicBinOp::_xor;
  case tt::RMWOp::ADD:
    return LLVM::AtomicBinOp::add;
  case tt::RMWOp::FADD:
    return LLVM::AtomicBinOp::fadd;
  case tt::RMWOp::MAX:
    return LLVM::AtomicBinOp::max;
  case tt::RMWOp::MIN:
    return LLVM::AtomicBinOp::min;
  case tt::RMWOp::UMAX:
    return LLVM::AtomicBinOp::umax;
  case tt::RMWOp::UMIN:
    return LLVM::AtomicBinOp::umin;
  case tt::RMWOp::XCHG:
    return LLVM::AtomicBinOp::xchg;
  }
  return LLVM::AtomicBinOp::xchg;
}

LLVM::AtomicOrdering orderingOf(tt::MemSemantic semantic) {
  switch (semantic) {
  case tt::MemSemantic::RELAXED:
    return LLVM::AtomicOrdering::monotonic;
  case tt::MemSemantic::ACQUIRE:
    return LLVM::AtomicOrdering::acquire;
  case tt::MemSemantic::RELEASE:
    return LLVM::AtomicOrdering::release;
  case tt::MemSemantic::ACQUIRE_RELEASE:
    return LLVM::AtomicOrdering::acq_rel;
  }
  return LLVM::AtomicOrdering::acq_rel;
}

MemoryScope scopeOf(tt::MemSyncScope scope) {
  switch (scope) {
  case tt::MemSyncScope::CTA:
    return MemoryScope::CTA;
  case tt::MemSyncScope::GPU:
    return MemoryScope::GPU;
  case tt::MemSyncScope::SYSTEM:
    return MemoryScope::System;
  }
  return MemoryScope::GPU;
}

// Emits the atomic of register `index` where `predicate` holds and returns its old value.
using EmitAtomicFn = function_ref<Value(size_t index, Value predicate)>;

// The part both ops share: which thread does each element's atomic, and how every copy of
// the element gets the old value.
LogicalResult lowerAtomic(Operation *op, ArrayRef<Value> masks, size_t registers,
                          ConversionPatternRewriter &rewriter, const TargetInfo &target,
                          const TypeConverter &converter, EmitAtomicFn emitAtomic) {
  Location loc = op->getLoc();
  LLVMBuilder b(rewriter, loc);
  Value result = op->getResult(0);
  auto tensorType = dyn_cast<RankedTensorType>(result.getType());

  UniqueCopies copies;
  if (tensorType) {
    copies = uniqueCopies(rewriter, loc, tensorType, target, static_cast<int64_t>(registers));
  } else {
    copies.writesRegister = llvm::BitVector(1, true);
    copies.threadPredicate = b.icmpEQ(target.threadIdInBlock(rewriter, loc), b.i32(0));
  }

  SmallVector<Value> olds(registers);
  for (size_t index = 0; index < registers; ++index) {
    if (!copies.writesRegister.test(index)) {
      // An earlier register holds the same element and did its atomic.
      olds[index] = olds[index & ~static_cast<size_t>(copies.freeRegisterMask)];
      continue;
    }
    Value predicate = masks.empty() ? Value() : masks[index];
    if (copies.threadPredicate)
      predicate = predicate ? b.and_(predicate, copies.threadPredicate) : copies.threadPredicate;
    olds[index] = emitAtomic(index, predicate ? predicate : b.i1(true));
  }

  if (result.use_empty()) {
    rewriter.eraseOp(op);
    return success();
  }
  if (copies.threadPredicate) {
    // Other threads hold copies of the elements: broadcast through shared memory.
    FailureOr<Value> scratch = scratchPointer(rewriter, op, target);
    if (failed(scratch))
      return failure();
    Type elementType = olds.front().getType();
    SmallVector<Value> slots;
    if (tensorType) {
      ArrayRef<int64_t> shape = tensorType.getShape();
      for (const SmallVector<Value> &coordinates : emitIndices(rewriter, loc, target, tensorType)) {
        Value slot = b.i32(0);
        for (size_t dim = 0; dim < shape.size(); ++dim)
          slot = b.add(b.mul(slot, b.i32(shape[dim])), coordinates[dim]);
        slots.push_back(slot);
      }
    } else {
      slots.push_back(b.i32(0));
    }
    auto slotPointer = [&](Value slot) {
      return b.gep(scratch->getType(), elementType, *scratch, slot);
    };
    for (size_t index = 0; index < registers; ++index)
      if (copies.writesRegister.test(index))
        target.storeShared(rewriter, loc, slotPointer(slots[index]), olds[index],
                           copies.threadPredicate);
    target.barrier(rewriter, loc);
    for (size_t index = 0; index < registers; ++index)
      olds[index] = LLVM::LoadOp::create(rewriter, loc, elementType, slotPointer(slots[index]));
  }
  if (!tensorType) {
    rewriter.replaceOp(op, olds.front());
    return success();
  }
  rewriter.replaceOp(op, packElements(loc, converter, olds, tensorType, rewriter));
  return success();
}

// The element types the atomics support: PTX has 32- and 64-bit atomics, plus 16-bit
// floating-point add and 16-bit compare-and-swap.
bool isSupportedWidth(Type type, bool allowSixteen) {
  if (!type.isIntOrFloat())
    return false;
  unsigned bits = type.getIntOrFloatBitWidth();
  return bits == 32 || bits == 64 || (allowSixteen && bits == 16);
}

struct AtomicRMWOpConversion : public ConvertOpToLLVMPattern<tt::AtomicRMWOp> {
  AtomicRMWOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<tt::AtomicRMWOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(tt::AtomicRMWOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type elementType = getTypeConverter()->convertType(getElementTypeOrSelf(op.getType()));
    LLVM::AtomicBinOp kind = binOpOf(op.getAtomicRmwOp());
    bool isFloat = isa<FloatType>(elementType);
    if (kind == LLVM::AtomicBinOp::fadd ? !isFloat : isFloat && kind != LLVM::AtomicBinOp::xchg)
      return op.emitError() << "trex lowers tt.atomic_rmw "
                            << tt::stringifyRMWOp(op.getAtomicRmwOp()) << " on "
                            << (isFloat ? "integers" : "floating-point values") << " only, not on "
                            << elementType;
    if (!isSupportedWidth(elementType, /*allowSixteen=*/kind == LLVM::AtomicBinOp::fadd))
      return op.emitError() << "trex lowers tt.atomic_rmw on 32- and 64-bit elements (and "
                               "16-bit floating-point add), not on "
                            << elementType;

    SmallVector<Value> pointers = unpackElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> values = unpackElements(loc, adaptor.getVal(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackElements(loc, adaptor.getMask(), rewriter);
    LLVMBuilder b(rewriter, loc);
    // An exchange of floating-point values moves their bits.
    Type operandType = elementType;
    if (isFloat && kind != LLVM::AtomicBinOp::fadd)
      operandType = rewriter.getIntegerType(elementType.getIntOrFloatBitWidth());
    return lowerAtomic(op, masks, pointers.size(), rewriter, target, *getTypeConverter(),
                       [&](size_t index, Value predicate) {
                         Value old =
                             target.atomicRMW(rewriter, loc, kind, pointers[index],
                                              b.bitcast(values[index], operandType), predicate,
                                              orderingOf(op.getSem()), scopeOf(op.getScope()));
                         return b.bitcast(old, elementType);
                       });
  }

  const TargetInfo &target;
};

struct AtomicCASOpConversion : public ConvertOpToLLVMPattern<tt::AtomicCASOp> {
  AtomicCASOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<tt::AtomicCASOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(tt::AtomicCASOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type elementType = getTypeConverter()->convertType(getElementTypeOrSelf(op.getType()));
    if (!isSupportedWidth(elementType, /*allowSixteen=*/true))
      return op.emitError() << "trex lowers tt.atomic_cas on 16-, 32- and 64-bit elements, not on "
                            << elementType;

    SmallVector<Value> pointers = unpackElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> compares = unpackElements(loc, adaptor.getCmp(), rewriter);
    SmallVector<Value> values = unpackElements(loc, adaptor.getVal(), rewriter);
    LLVMBuilder b(rewriter, loc);
    // Compare-and-swap compares bits: floating-point values are exchanged as integers.
    Type bitsType = rewriter.getIntegerType(elementType.getIntOrFloatBitWidth());
    return lowerAtomic(op, /*masks=*/{}, pointers.size(), rewriter, target, *getTypeConverter(),
                       [&](size_t index, Value predicate) {
                         Value old = target.atomicCAS(
                             rewriter, loc, pointers[index], b.bitcast(compares[index], bitsType),
                             b.bitcast(values[index], bitsType), predicate, orderingOf(op.getSem()),
                             scopeOf(op.getScope()));
                         return b.bitcast(old, elementType);
                       });
  }

  const TargetInfo &target;
};

} // namespace

void populateAtomicOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    RewritePatternSet &patterns, const TargetInfo &target) {
  patterns.add<AtomicRMWOpConversion, AtomicCASOpConversion>(converter, target);
}

} // namespace trex
