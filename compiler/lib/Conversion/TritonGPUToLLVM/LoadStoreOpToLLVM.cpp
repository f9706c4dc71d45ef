// tt.load and tt.store to predicated, vectorized global memory accesses.
//
// A thread's registers are visited in groups of `vec` consecutive elements that are
// contiguous in memory (the vector size comes from the axis information of the pointer and
// mask, computed by the pass). Each group is one access of vec * bits(element) bits, split
// into words of at most 32 bits (or one element when elements are wider): an f32 group of 4
// is one `ld.global.v4.b32`, 16 bytes. The mask of the group's first element guards the
// access; masked-off lanes of a load get `other`.
//
// AMD's buffer loads and stores (a scalar base plus i32 offsets) are lowered the same way,
// on the pointers base + offset.
//
// A store is done by one thread per element: where the layout gives the same element to
// several lanes, warps or registers (a broadcast layout), only the copy with those
// coordinates' free bits at zero writes.
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonAMDGPU/IR/Dialect.h"

using namespace mlir;

namespace trex {

namespace {

// How one element is moved: its LLVM type, and the integer type of its bits in memory
// (pointers move as i64, i1 as i8).
struct ElementAccess {
  Type type;
  unsigned bits;
};

ElementAccess elementAccessOf(Type converted) {
  if (isa<LLVM::LLVMPointerType>(converted))
    return {converted, 64};
  unsigned bits = converted.getIntOrFloatBitWidth();
  return {converted, bits < 8 ? 8u : bits};
}

// The element as the integer it is stored as.
Value toMemoryBits(LLVMBuilder &b, Value element, const ElementAccess &access) {
  Type integer = b.builder.getIntegerType(access.bits);
  if (isa<LLVM::LLVMPointerType>(element.getType()))
    return LLVM::PtrToIntOp::create(b.builder, b.loc, integer, element);
  if (element.getType().getIntOrFloatBitWidth() < access.bits)
    return b.zext(element, integer);
  return b.bitcast(element, integer);
}

Value fromMemoryBits(LLVMBuilder &b, Value bits, const ElementAccess &access) {
  if (isa<LLVM::LLVMPointerType>(access.type))
    return LLVM::IntToPtrOp::create(b.builder, b.loc, access.type, bits);
  if (access.type.getIntOrFloatBitWidth() < access.bits)
    return b.trunc(bits, access.type);
  return b.bitcast(bits, access.type);
}

// Geometry of one vector access.
struct VectorShape {
  unsigned wordBits;
  unsigned words;
  unsigned elementsPerWord;
};

VectorShape vectorShapeOf(unsigned vec, unsigned elementBits) {
  unsigned totalBits = vec * elementBits;
  unsigned wordBits = std::min(totalBits, std::max(32u, elementBits));
  unsigned words = std::max(1u, totalBits / wordBits);
  return {wordBits, words, wordBits / elementBits};
}

// Packs `elements` (elementsPerWord of them) into one integer word.
Value packWord(LLVMBuilder &b, ArrayRef<Value> elements, const ElementAccess &access,
               unsigned wordBits) {
  Type wordType = b.builder.getIntegerType(wordBits);
  if (elements.size() == 1)
    return toMemoryBits(b, elements.front(), access);
  Type integer = b.builder.getIntegerType(access.bits);
  Value vector = b.undef(VectorType::get({static_cast<int64_t>(elements.size())}, integer));
  for (auto [index, element] : llvm::enumerate(elements))
    vector = b.insertElement(vector, toMemoryBits(b, element, access), static_cast<int64_t>(index));
  return b.bitcast(vector, wordType);
}

SmallVector<Value> unpackWord(LLVMBuilder &b, Value word, const ElementAccess &access,
                              unsigned elementsPerWord) {
  if (elementsPerWord == 1)
    return {fromMemoryBits(b, word, access)};
  Type integer = b.builder.getIntegerType(access.bits);
  Value vector = b.bitcast(word, VectorType::get({elementsPerWord}, integer));
  SmallVector<Value> elements;
  for (unsigned i = 0; i < elementsPerWord; ++i)
    elements.push_back(fromMemoryBits(b, b.extractElement(vector, i), access));
  return elements;
}

unsigned clampVector(unsigned vec, unsigned count, unsigned elementBits) {
  vec = std::max(1u, std::min(vec, count));
  // A vector access never exceeds 128 bits.
  while (vec > 1 && vec * elementBits > 128)
    vec /= 2;
  return vec;
}

// The global-memory load of one tensor (or scalar): `pointers` per register, optional
// per-register `masks` and `others`; returns the loaded value in the converted type.
Value emitLoad(Operation *op, ConversionPatternRewriter &rewriter, const TargetInfo &target,
               const TypeConverter &converter, ArrayRef<Value> pointers, ArrayRef<Value> masks,
               ArrayRef<Value> others, Type resultType, unsigned vec, int cache, int evict,
               bool isVolatile) {
  Location loc = op->getLoc();
  LLVMBuilder b(rewriter, loc);
  auto tensorType = dyn_cast<RankedTensorType>(resultType);
  Type elementType = converter.convertType(getElementTypeOrSelf(resultType));
  ElementAccess access = elementAccessOf(elementType);
  unsigned count = pointers.size();
  vec = tensorType ? clampVector(vec, count, access.bits) : 1;
  VectorShape shape = vectorShapeOf(vec, access.bits);
  Type wordType = rewriter.getIntegerType(shape.wordBits);
  Type accessType = wordType;
  if (shape.words > 1)
    accessType = LLVM::LLVMStructType::getLiteral(op->getContext(),
                                                  SmallVector<Type>(shape.words, wordType));

  SmallVector<Value> results;
  for (unsigned start = 0; start < count; start += vec) {
    Value predicate = masks.empty() ? b.i1(true) : masks[start];
    SmallVector<Value> otherWords;
    if (!others.empty())
      for (unsigned word = 0; word < shape.words; ++word)
        otherWords.push_back(packWord(
            b, others.slice(start + word * shape.elementsPerWord, shape.elementsPerWord), access,
            shape.wordBits));
    Value loaded = target.loadGlobal(rewriter, loc, pointers[start], accessType, predicate,
                                     otherWords, cache, evict, isVolatile);
    SmallVector<Value> words =
        shape.words > 1 ? unpackElements(loc, loaded, rewriter) : SmallVector<Value>{loaded};
    for (Value word : words)
      for (Value element : unpackWord(b, word, access, shape.elementsPerWord))
        results.push_back(element);
  }
  if (!tensorType)
    return results.front();
  return packElements(loc, converter, results, tensorType, rewriter);
}

// The global-memory store of one tensor (or scalar), by one thread per distinct element.
void emitStore(Operation *op, ConversionPatternRewriter &rewriter, const TargetInfo &target,
               const TypeConverter &converter, ArrayRef<Value> pointers, ArrayRef<Value> values,
               ArrayRef<Value> masks, Type valueType, unsigned vec, int cache, int evict) {
  Location loc = op->getLoc();
  LLVMBuilder b(rewriter, loc);
  auto tensorType = dyn_cast<RankedTensorType>(valueType);
  Type elementType = converter.convertType(getElementTypeOrSelf(valueType));
  ElementAccess access = elementAccessOf(elementType);
  unsigned count = pointers.size();
  vec = tensorType ? clampVector(vec, count, access.bits) : 1;
  VectorShape shape = vectorShapeOf(vec, access.bits);

  UniqueCopies copies;
  if (tensorType) {
    copies = uniqueCopies(rewriter, loc, tensorType, target, count);
  } else {
    // A scalar store is done once per program, by thread 0.
    copies.writesRegister = llvm::BitVector(1, true);
    copies.threadPredicate = b.icmpEQ(target.threadIdInBlock(rewriter, loc), b.i32(0));
  }

  for (unsigned start = 0; start < count; start += vec) {
    if (!copies.writesRegister.test(start))
      continue;
    Value predicate = masks.empty() ? Value() : masks[start];
    if (copies.threadPredicate)
      predicate = predicate ? b.and_(predicate, copies.threadPredicate) : copies.threadPredicate;
    if (!predicate)
      predicate = b.i1(true);
    SmallVector<Value> words;
    for (unsigned word = 0; word < shape.words; ++word)
      words.push_back(packWord(
          b, values.slice(start + word * shape.elementsPerWord, shape.elementsPerWord), access,
          shape.wordBits));
    Value stored = words.front();
    if (words.size() > 1) {
      Type wordType = rewriter.getIntegerType(shape.wordBits);
      stored = b.undef(LLVM::LLVMStructType::getLiteral(
          op->getContext(), SmallVector<Type>(words.size(), wordType)));
      for (auto [index, word] : llvm::enumerate(words))
        stored = b.insertValue(stored, word, static_cast<int64_t>(index));
    }
    target.storeGlobal(rewriter, loc, pointers[start], stored, predicate, cache, evict);
  }
}

bool isBlockPointer(Value pointer) {
  auto type = dyn_cast<tt::PointerType>(pointer.getType());
  return type && isa<RankedTensorType>(type.getPointeeType());
}

SmallVector<Value> unpackOptional(Location loc, Value value, OpBuilder &builder) {
  if (!value)
    return {};
  return unpackElements(loc, value, builder);
}

// One pointer per register from a scalar base and per-register i32 offsets (AMD buffer ops,
// lowered as plain global accesses).
SmallVector<Value> offsetPointers(Location loc, Value base, Value offsets, Type elementType,
                                  OpBuilder &builder) {
  LLVMBuilder b(builder, loc);
  SmallVector<Value> pointers;
  for (Value offset : unpackElements(loc, offsets, builder))
    pointers.push_back(b.gep(base.getType(), elementType, base, offset));
  return pointers;
}

struct LoadOpConversion : public ConvertOpToLLVMPattern<tt::LoadOp> {
  LoadOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target,
                   VectorSizeFn vectorSize)
      : ConvertOpToLLVMPattern<tt::LoadOp>(converter), target(target),
        vectorSize(std::move(vectorSize)) {}

  LogicalResult matchAndRewrite(tt::LoadOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (isBlockPointer(op.getPtr()))
      return op.emitError() << "block pointers must be rewritten to tensors of pointers "
                               "(triton-rewrite-tensor-pointer) before lowering";
    Location loc = op.getLoc();
    Value result = emitLoad(op, rewriter, target, *getTypeConverter(),
                            unpackElements(loc, adaptor.getPtr(), rewriter),
                            unpackOptional(loc, adaptor.getMask(), rewriter),
                            unpackOptional(loc, adaptor.getOther(), rewriter), op.getType(),
                            vectorSize(op), static_cast<int>(op.getCache()),
                            static_cast<int>(op.getEvict()), op.getIsVolatile());
    rewriter.replaceOp(op, result);
    return success();
  }

  const TargetInfo &target;
  VectorSizeFn vectorSize;
};

struct StoreOpConversion : public ConvertOpToLLVMPattern<tt::StoreOp> {
  StoreOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target,
                    VectorSizeFn vectorSize)
      : ConvertOpToLLVMPattern<tt::StoreOp>(converter), target(target),
        vectorSize(std::move(vectorSize)) {}

  LogicalResult matchAndRewrite(tt::StoreOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (isBlockPointer(op.getPtr()))
      return op.emitError() << "block pointers must be rewritten to tensors of pointers "
                               "(triton-rewrite-tensor-pointer) before lowering";
    Location loc = op.getLoc();
    emitStore(op, rewriter, target, *getTypeConverter(),
              unpackElements(loc, adaptor.getPtr(), rewriter),
              unpackElements(loc, adaptor.getValue(), rewriter),
              unpackOptional(loc, adaptor.getMask(), rewriter), op.getValue().getType(),
              vectorSize(op), static_cast<int>(op.getCache()), static_cast<int>(op.getEvict()));
    rewriter.eraseOp(op);
    return success();
  }

  const TargetInfo &target;
  VectorSizeFn vectorSize;
};

struct BufferLoadOpConversion : public ConvertOpToLLVMPattern<amdg::BufferLoadOp> {
  BufferLoadOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target,
                         VectorSizeFn vectorSize)
      : ConvertOpToLLVMPattern<amdg::BufferLoadOp>(converter), target(target),
        vectorSize(std::move(vectorSize)) {}

  LogicalResult matchAndRewrite(amdg::BufferLoadOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type element = getTypeConverter()->convertType(op.getType().getElementType());
    SmallVector<Value> pointers =
        offsetPointers(loc, adaptor.getPtr(), adaptor.getOffsets(), element, rewriter);
    Value result = emitLoad(op, rewriter, target, *getTypeConverter(), pointers,
                            unpackOptional(loc, adaptor.getMask(), rewriter),
                            unpackOptional(loc, adaptor.getOther(), rewriter), op.getType(),
                            vectorSize(op), static_cast<int>(op.getCache()),
                            static_cast<int>(tt::EvictionPolicy::NORMAL), false);
    rewriter.replaceOp(op, result);
    return success();
  }

  const TargetInfo &target;
  VectorSizeFn vectorSize;
};

struct BufferStoreOpConversion : public ConvertOpToLLVMPattern<amdg::BufferStoreOp> {
  BufferStoreOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target,
                          VectorSizeFn vectorSize)
      : ConvertOpToLLVMPattern<amdg::BufferStoreOp>(converter), target(target),
        vectorSize(std::move(vectorSize)) {}

  LogicalResult matchAndRewrite(amdg::BufferStoreOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto valueType = cast<RankedTensorType>(op.getValue().getType());
    Type element = getTypeConverter()->convertType(valueType.getElementType());
    SmallVector<Value> pointers =
        offsetPointers(loc, adaptor.getPtr(), adaptor.getOffsets(), element, rewriter);
    emitStore(op, rewriter, target, *getTypeConverter(), pointers,
              unpackElements(loc, adaptor.getValue(), rewriter),
              unpackOptional(loc, adaptor.getMask(), rewriter), valueType, vectorSize(op),
              static_cast<int>(op.getCache()), static_cast<int>(tt::EvictionPolicy::NORMAL));
    rewriter.eraseOp(op);
    return success();
  }

  const TargetInfo &target;
  VectorSizeFn vectorSize;
};

} // namespace

void populateLoadStoreOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                       RewritePatternSet &patterns, const TargetInfo &target,
                                       VectorSizeFn vectorSize) {
  patterns.add<LoadOpConversion, StoreOpConversion, BufferLoadOpConversion,
               BufferStoreOpConversion>(converter, target, vectorSize);
}

} // namespace trex
