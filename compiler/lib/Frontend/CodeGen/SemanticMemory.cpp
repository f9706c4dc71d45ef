// Semantic: loads, stores, block pointers and atomics.
#include "Semantic.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <algorithm>
#include <set>
#include <tuple>

using namespace mlir;

namespace trex::frontend {

namespace {

tt::CacheModifier loadCacheModifier(const std::string &name) {
  if (name.empty())
    return tt::CacheModifier::NONE;
  if (name == ".ca")
    return tt::CacheModifier::CA;
  if (name == ".cg")
    return tt::CacheModifier::CG;
  if (name == ".cv")
    return tt::CacheModifier::CV;
  fail("Cache modifier " + name + " not supported");
}

tt::CacheModifier storeCacheModifier(const std::string &name) {
  if (name.empty())
    return tt::CacheModifier::NONE;
  if (name == ".wb")
    return tt::CacheModifier::WB;
  if (name == ".cg")
    return tt::CacheModifier::CG;
  if (name == ".cs")
    return tt::CacheModifier::CS;
  if (name == ".wt")
    return tt::CacheModifier::WT;
  fail("Cache modifier " + name + " not supported");
}

tt::EvictionPolicy evictionPolicy(const std::string &name) {
  if (name.empty())
    return tt::EvictionPolicy::NORMAL;
  if (name == "evict_last")
    return tt::EvictionPolicy::EVICT_LAST;
  if (name == "evict_first")
    return tt::EvictionPolicy::EVICT_FIRST;
  fail("Eviction policy " + name + " not supported");
}

std::optional<tt::PaddingOption> paddingOption(const std::string &name) {
  if (name.empty())
    return std::nullopt;
  if (name == "zero")
    return tt::PaddingOption::PAD_ZERO;
  if (name == "nan")
    return tt::PaddingOption::PAD_NAN;
  fail("Padding option " + name + " not supported");
}

tt::MemSemantic memSemantic(const std::string &name) {
  if (name.empty() || name == "acq_rel")
    return tt::MemSemantic::ACQUIRE_RELEASE;
  if (name == "acquire")
    return tt::MemSemantic::ACQUIRE;
  if (name == "release")
    return tt::MemSemantic::RELEASE;
  if (name == "relaxed")
    return tt::MemSemantic::RELAXED;
  fail("Memory semantic " + name + " not supported");
}

tt::MemSyncScope memScope(const std::string &name) {
  if (name.empty() || name == "gpu")
    return tt::MemSyncScope::GPU;
  if (name == "cta")
    return tt::MemSyncScope::CTA;
  if (name == "sys")
    return tt::MemSyncScope::SYSTEM;
  fail("Memory semantic " + name + " not supported");
}

std::vector<std::int32_t> canonicalBoundaryCheck(const std::vector<int> &boundaryCheck,
                                                 size_t rank) {
  for (int dim : boundaryCheck)
    if (dim < 0 || static_cast<size_t>(dim) >= rank)
      fail("boundary_check dimension " + std::to_string(dim) + " is out of range for a " +
           std::to_string(rank) + "-D block");
  std::set<int> unique(boundaryCheck.begin(), boundaryCheck.end());
  if (unique.size() != boundaryCheck.size())
    fail("Duplicate dimension in `boundary_check`");
  return std::vector<std::int32_t>(unique.begin(), unique.end());
}

} // namespace

Tensor Semantic::load(const Tensor &pointerIn, const std::optional<Tensor> &maskIn,
                      const std::optional<Tensor> &otherIn, const std::vector<int> &boundaryCheck,
                      const std::string &paddingName, const std::string &cacheName,
                      const std::string &evictionName, bool isVolatile) {
  tt::CacheModifier cache = loadCacheModifier(cacheName);
  tt::EvictionPolicy eviction = evictionPolicy(evictionName);
  std::optional<tt::PaddingOption> padding = paddingOption(paddingName);
  tt::PaddingOptionAttr paddingAttr =
      padding ? tt::PaddingOptionAttr::get(b.context(), *padding) : tt::PaddingOptionAttr();

  if (pointerIn.type.isPtr() && pointerIn.type.elementType().isBlock()) {
    // A block pointer: the pointee block is read, boundary-checked per dimension.
    if (maskIn || otherIn)
      fail("`mask` and `other` arguments cannot be specified for loading block pointers");
    const DType &blockType = pointerIn.type.elementType();
    if (blockType.elementType().isInt() && padding == tt::PaddingOption::PAD_NAN)
      fail("Padding option `nan` is not supported for integer block pointers");
    auto checks = canonicalBoundaryCheck(boundaryCheck, blockType.shape().size());
    auto op = b.create<tt::LoadOp>(ir(blockType), pointerIn.handle, mlir::Value(), mlir::Value(),
                                   checks, paddingAttr, cache, eviction, isVolatile);
    return make(op, blockType);
  }

  Tensor pointer = pointerIn;
  if (!pointer.dtype().isPtr())
    fail("Unsupported ptr type " + pointer.type.name() + " in `tl.load`");
  if (!maskIn && otherIn)
    fail("`other` cannot be provided without `mask`");
  if (!paddingName.empty() || !boundaryCheck.empty())
    fail("`padding_option` or `boundary_check` argument is not supported for loading a tensor "
         "ofpointers or loading a scalar. Because the compiler does not know the boundary; "
         "please use block pointers (defined by `make_block_ptr`) instead");
  std::optional<Tensor> mask = maskIn, other = otherIn;
  if (!pointer.isBlock()) {
    if (mask && mask->isBlock())
      fail("Mask argument cannot be block type if pointer argument is not a block");
    if (other && other->isBlock())
      fail("Other argument cannot be block type if pointer argument is not a block");
  }
  if (pointer.isBlock()) {
    if (mask)
      std::tie(pointer, *mask) = broadcastImplValue(pointer, *mask);
    if (other)
      std::tie(pointer, *other) = broadcastImplValue(pointer, *other);
  }
  DType pointerType = pointer.dtype();
  DType elementType = pointerType.elementType();
  // Booleans are stored as bytes.
  bool isBool = elementType.isBool();
  if (isBool) {
    elementType = ScalarKind::Int8;
    pointerType = DType::pointer(elementType, pointerType.addressSpace());
    pointer = cast(pointer, pointerType);
  }
  if (other)
    other = cast(*other, elementType);
  // Triton leaves a non-boolean mask to the IR verifier; trex reports it as tl.store does.
  if (mask && !mask->dtype().isBool())
    fail("Mask must have boolean scalar type");
  DType resultType = pointer.isBlock() ? pointer.type.withElementType(elementType) : elementType;
  auto op = b.create<tt::LoadOp>(ir(resultType), pointer.handle,
                                 mask ? mask->handle : mlir::Value(),
                                 other ? other->handle : mlir::Value(),
                                 ArrayRef<std::int32_t>{}, tt::PaddingOptionAttr(), cache, eviction,
                                 isVolatile);
  Tensor result = make(op, resultType);
  if (isBool)
    result = cast(result, ScalarKind::Int1);
  return result;
}

void Semantic::store(const Tensor &pointerIn, const Tensor &valueIn,
                     const std::optional<Tensor> &maskIn, const std::vector<int> &boundaryCheck,
                     const std::string &cacheName, const std::string &evictionName) {
  tt::CacheModifier cache = storeCacheModifier(cacheName);
  tt::EvictionPolicy eviction = evictionPolicy(evictionName);
  if (pointerIn.type.isConst() || pointerIn.dtype().isConst())
    fail("Cannot store to a constant pointer");

  if (pointerIn.type.isPtr() && pointerIn.type.elementType().isBlock()) {
    if (maskIn)
      fail("`mask` and `other` arguments cannot be specified for loading block pointers");
    const DType &blockType = pointerIn.type.elementType();
    Tensor value = valueIn;
    if (!value.isBlock())
      value = broadcastImplShape(value, blockType.shape());
    if (blockType.shape() != value.shape())
      fail("Block shape(" + blockType.name() + ") and value shape(" + value.type.name() +
           ") mismatch");
    if (blockType.elementType() != value.dtype())
      fail("Block element type(" + blockType.elementType().name() + ") and value element type(" +
           value.dtype().name() + ") mismatch");
    auto checks = canonicalBoundaryCheck(boundaryCheck, blockType.shape().size());
    value = cast(value, blockType.elementType());
    b.create<tt::StoreOp>(pointerIn.handle, value.handle, mlir::Value(), checks, cache, eviction);
    return;
  }

  Tensor pointer = pointerIn;
  if (!pointer.dtype().isPtr())
    fail("Unsupported ptr type " + pointer.type.name() + " in `tl.store`");
  if (!boundaryCheck.empty())
    fail("`boundary_check` argument is not supported for storing a tensor of pointers or "
         "storing a scalar. Because the compiler does not know the boundary; please use block "
         "pointers (defined by `make_block_ptr`) instead");
  Tensor value = valueIn;
  std::optional<Tensor> mask = maskIn;
  if (!pointer.isBlock()) {
    if (value.isBlock())
      fail("Value argument cannot be block type if pointer argument is not a block");
    if (mask && mask->isBlock())
      fail("Mask argument cannot be block type if pointer argument is not a block");
  }
  if (pointer.isBlock()) {
    value = broadcastImplShape(value, pointer.shape());
    if (mask)
      mask = broadcastImplShape(*mask, pointer.shape());
  }
  DType pointerType = pointer.dtype();
  DType elementType = pointerType.elementType();
  if (elementType.isBool()) {
    elementType = ScalarKind::Int8;
    pointerType = DType::pointer(elementType, pointerType.addressSpace());
    pointer = cast(pointer, pointerType);
  }
  value = cast(value, elementType);
  if (!mask) {
    b.create<tt::StoreOp>(pointer.handle, value.handle, mlir::Value(), ArrayRef<std::int32_t>{},
                          cache, eviction);
    return;
  }
  if (!mask->dtype().isBool())
    fail("Mask must have boolean scalar type");
  b.create<tt::StoreOp>(pointer.handle, value.handle, mask->handle, ArrayRef<std::int32_t>{}, cache,
                        eviction);
}

mlir::Value Semantic::convertIndex(const Value &element, bool requireI64) {
  // Triton makes an i1 constant of a bool (and passes a narrower integer scalar on below), which
  // no op taking shapes, strides or offsets accepts: its IR does not verify.
  if (element.isBool())
    fail("Unsupported element type in shape/strides/offsets: " + element.describe());
  if (element.isInt()) {
    PyInt value = element.asInt();
    if (requireI64) {
      if (value < -(PyInt(1) << 63) || value >= (PyInt(1) << 63))
        fail("Block pointers only support 64 bit `shape/strides`, got a value " +
             pyIntToString(value) + " which is out of the range");
      return b.create<arith::ConstantOp>(b.builder.getI64IntegerAttr(static_cast<std::int64_t>(value)));
    }
    if (value < -(PyInt(1) << 31) || value >= (PyInt(1) << 31))
      fail("Block pointers only support 32 bit `offsets/block_shape`, got a value " +
           pyIntToString(value) + " which is out of the range");
    return b.create<arith::ConstantOp>(b.builder.getI32IntegerAttr(static_cast<std::int32_t>(value)));
  }
  if (element.isTensor()) {
    const Tensor &tensor = element.asTensor();
    if (tensor.type.numel() != 1)
      fail("Expected a scalar in shape/strides/offsets");
    if (!tensor.dtype().isInt())
      fail("Expected an integer scalar type in shape/strides/offsets");
    if (!tensor.dtype().is(ScalarKind::Int64) && requireI64)
      return createIntCast(b, tensor.handle, b.builder.getI64Type(), tensor.dtype().isIntSigned());
    if (tensor.dtype().is(ScalarKind::Int64) && !requireI64)
      fail("Block pointers only support 32 bit `offsets/block_shape`, add a `.to(tl.int32)` or "
           "use regular indexing for 64 bit support");
    if (!requireI64 && tensor.dtype().primitiveBitwidth() != 32)
      fail("offsets must be 32-bit integers, got " + tensor.dtype().name() +
           "; add a `.to(tl.int32)`");
    return tensor.handle;
  }
  fail("Unsupported element type in shape/strides/offsets: " + element.describe());
}

Tensor Semantic::makeBlockPointer(const Tensor &baseIn, const std::vector<Value> &shape,
                                  const std::vector<Value> &strides,
                                  const std::vector<Value> &offsets,
                                  const std::vector<std::int64_t> &blockShape,
                                  const std::vector<int> &order) {
  std::vector<mlir::Value> shapeValues, strideValues, offsetValues;
  for (const Value &v : shape)
    shapeValues.push_back(convertIndex(v, true));
  for (const Value &v : strides)
    strideValues.push_back(convertIndex(v, true));
  for (const Value &v : offsets)
    offsetValues.push_back(convertIndex(v, false));
  Tensor base = baseIn;
  if (!base.type.isPtr() || base.type.elementType().isBlock())
    fail("Expected `base` to be a pointer type (but not a block pointer type or others)");
  if (base.type.elementType().isBool())
    base = cast(base, DType::pointer(ScalarKind::Int8, base.type.addressSpace()));
  for (std::int64_t extent : blockShape)
    if (extent < -(std::int64_t(1) << 31) || extent >= (std::int64_t(1) << 31))
      fail("Expected a list of constant integers (`int32_t` range) in `block_shape`");
  std::vector<int> sortedOrder = order;
  std::sort(sortedOrder.begin(), sortedOrder.end());
  for (size_t i = 0; i < sortedOrder.size(); ++i)
    if (sortedOrder[i] != static_cast<int>(i))
      fail("Expected a permutation of (0, 1, ..., len(order)-1) in order");
  size_t rank = blockShape.size();
  if (shape.size() != rank || strides.size() != rank || offsets.size() != rank ||
      order.size() != rank)
    fail("Expected shape/strides/offsets/block_shape to have the same length");
  DType blockType = DType::block(base.type.elementType(), blockShape);
  DType resultType = DType::pointer(blockType);
  std::vector<std::int32_t> orderValues(order.begin(), order.end());
  auto op = b.create<tt::MakeTensorPtrOp>(ir(resultType), base.handle, shapeValues, strideValues,
                                          offsetValues, orderValues);
  return make(op, resultType);
}

Tensor Semantic::makeTensorDescriptor(const Tensor &base, const std::vector<Value> &shape,
                                      const std::vector<Value> &strides,
                                      const std::vector<std::int64_t> &blockShape,
                                      const std::string &padding) {
  size_t rank = shape.size();
  if (rank < 1 || rank > 5)
    fail("Expected 1 <= ndim <= 5 but got " + std::to_string(rank) + " dimensions");
  if (strides.size() != rank)
    fail("Expected " + std::to_string(rank) + " strides but got " + std::to_string(strides.size()));
  if (blockShape.size() != rank)
    fail("Expected block_shape to have " + std::to_string(rank) + " dimensions but got " +
         std::to_string(blockShape.size()));
  if (!base.type.isPtr() || base.type.elementType().isBlock())
    fail("the base of a tensor descriptor must be a pointer, not " + base.type.name());
  const DType &element = base.type.elementType();
  std::int64_t elementSize = element.primitiveBitwidth() / 8;
  std::int64_t contiguous = blockShape.back();
  if (contiguous * elementSize < 16)
    fail("Descriptor block shape must have at least 16 bytes in the last dimension, but got " +
         std::to_string(contiguous) + " * " + std::to_string(elementSize) + " = " +
         std::to_string(contiguous * elementSize) + " bytes");
  const Value &lastStride = strides.back();
  if (!lastStride.isTensor() && !(lastStride.isInt() && lastStride.asInt() == 1))
    fail("Tensor descriptor last dim must be 1 but got " + lastStride.str());
  auto scalarOf = [&](const Value &value, const DType &type) {
    if (value.isTensor()) {
      if (value.asTensor().type.numel() != 1)
        fail("only accepts size-1 tensor");
      return cast(value.asTensor(), type).handle;
    }
    return scalarConstant(value, type).handle;
  };
  std::vector<mlir::Value> shapeValues, strideValues;
  for (const Value &extent : shape)
    shapeValues.push_back(scalarOf(extent, ScalarKind::Int32));
  for (const Value &stride : strides)
    strideValues.push_back(scalarOf(stride, ScalarKind::Int64));
  std::optional<tt::PaddingOption> pad = paddingOption(padding);
  if (pad == tt::PaddingOption::PAD_NAN && element.isInt())
    fail("Padding option `nan` is not supported for integer blocks");
  DType descriptorType = DType::tensorDesc(DType::block(element, blockShape));
  auto op = b.create<tt::MakeTensorDescOp>(ir(descriptorType), base.handle, shapeValues,
                                           strideValues, pad.value_or(tt::PaddingOption::PAD_ZERO));
  return make(op, descriptorType);
}

Tensor Semantic::descriptorLoad(const Tensor &descriptor, const std::vector<Value> &offsets,
                                const std::string &cacheName, const std::string &evictionName) {
  if (!descriptor.type.isTensorDesc())
    fail("descriptor_load needs a tensor descriptor, not " + descriptor.type.name());
  const DType &blockType = descriptor.type.elementType();
  if (offsets.size() != blockType.shape().size())
    fail("expected " + std::to_string(blockType.shape().size()) + " offsets, but got " +
         std::to_string(offsets.size()));
  std::vector<mlir::Value> offsetValues;
  for (const Value &offset : offsets)
    offsetValues.push_back(convertIndex(offset, false));
  auto op =
      b.create<tt::DescriptorLoadOp>(ir(blockType), descriptor.handle, offsetValues,
                                     loadCacheModifier(cacheName), evictionPolicy(evictionName));
  return make(op, blockType);
}

void Semantic::descriptorStore(const Tensor &descriptor, const Tensor &value,
                               const std::vector<Value> &offsets) {
  if (!descriptor.type.isTensorDesc())
    fail("descriptor_store needs a tensor descriptor, not " + descriptor.type.name());
  const DType &blockType = descriptor.type.elementType();
  if (offsets.size() != blockType.shape().size())
    fail("expected " + std::to_string(blockType.shape().size()) + " offsets, but got " +
         std::to_string(offsets.size()));
  if (value.shape() != blockType.shape())
    fail("the stored value's shape does not match the descriptor's block_shape " +
         blockType.name());
  std::vector<mlir::Value> offsetValues;
  for (const Value &offset : offsets)
    offsetValues.push_back(convertIndex(offset, false));
  b.create<tt::DescriptorStoreOp>(descriptor.handle, value.handle, offsetValues);
}

Tensor Semantic::advance(const Tensor &base, const std::vector<Value> &offsets) {
  if (!base.type.isPtr() || !base.type.elementType().isBlock())
    fail("advance needs a block pointer (from tl.make_block_ptr), not " + base.type.name());
  if (offsets.size() != base.type.elementType().shape().size())
    fail("advance needs one offset per dimension of the block (" +
         std::to_string(base.type.elementType().shape().size()) + "), got " +
         std::to_string(offsets.size()));
  std::vector<mlir::Value> offsetValues;
  for (const Value &v : offsets)
    offsetValues.push_back(convertIndex(v, false));
  return make(b.create<tt::AdvanceOp>(ir(base.type), base.handle, offsetValues), base.type);
}

Tensor Semantic::atomicCAS(const Tensor &pointer, const Tensor &cmp, const Tensor &value,
                           const std::string &sem, const std::string &scope) {
  if (!pointer.dtype().isPtr())
    fail("Pointer argument of atomic_cas instruction is " + pointer.type.name());
  int bits = pointer.dtype().elementType().primitiveBitwidth();
  if (bits != 16 && bits != 32 && bits != 64)
    fail("atomic_cas only supports elements with width {16, 32, 64}");
  // The IR needs cmp and val of the pointee type; Triton leaves a mismatch to its verifier.
  const DType &element = pointer.dtype().elementType();
  if (cmp.dtype() != element || value.dtype() != element)
    fail("atomic_cas needs cmp and val of the pointer's element type " + element.name() + ", got " +
         cmp.dtype().name() + " and " + value.dtype().name());
  // Nor does Triton broadcast them: a block of pointers needs blocks of its shape.
  if (cmp.type.shape() != pointer.type.shape() || value.type.shape() != pointer.type.shape())
    fail("atomic_cas needs cmp and val of the pointer's shape " + pointer.type.name() + ", got " +
         cmp.type.name() + " and " + value.type.name() +
         " (Triton does not broadcast them; use tl.full for a block)");
  auto op = b.create<tt::AtomicCASOp>(ir(value.type), pointer.handle, cmp.handle, value.handle,
                                      memSemantic(sem), memScope(scope));
  return make(op, value.type);
}

Tensor Semantic::atomicRMW(const std::string &opName, const Tensor &pointer,
                           const Tensor &valueIn, const std::optional<Tensor> &maskIn,
                           const std::string &semName, const std::string &scopeName) {
  // atom_red_typechecking_impl
  if (!pointer.dtype().isPtr())
    fail("Pointer argument of store instruction is " + pointer.type.name());
  if (pointer.type.isConst() || pointer.dtype().isConst())
    fail("Cannot store to a constant pointer");
  DType elementType = pointer.dtype().elementType();
  if (elementType.is(ScalarKind::FP16) && opName != "add")
    fail("atomic_" + opName + " does not support fp16");
  if (elementType.is(ScalarKind::BF16) && opName != "add")
    fail("atomic_" + opName + " does not support bf16");
  if (elementType.is(ScalarKind::Int16) || elementType.is(ScalarKind::UInt16) ||
      elementType.primitiveBitwidth() < 16)
    fail("atomic_" + opName + " does not support " + elementType.name());
  Tensor value = valueIn;
  std::optional<Tensor> mask = maskIn;
  if (pointer.isBlock()) {
    if (mask)
      mask = broadcastImplShape(*mask, pointer.shape());
    value = broadcastImplShape(value, pointer.shape());
  } else if (value.isBlock() || (mask && mask->isBlock())) {
    // Triton leaves a scalar pointer with a block of values to its verifier.
    fail("atomic_" + opName + " with a scalar pointer needs a scalar value and mask, got " +
         value.type.name() + (mask ? " and " + mask->type.name() : std::string()) +
         " (make the pointer a block, e.g. ptr + tl.zeros_like(value))");
  }
  value = cast(value, elementType);
  if (mask && !mask->dtype().isBool())
    fail("Mask must have boolean scalar type");
  if (!mask) {
    mlir::Value all = b.create<arith::ConstantOp>(b.builder.getBoolAttr(true));
    DType maskType = ScalarKind::Int1;
    if (pointer.isBlock()) {
      maskType = pointer.type.withElementType(ScalarKind::Int1);
      all = b.createOrFold<tt::SplatOp>(ir(maskType), all);
    }
    mask = make(all, maskType);
  }
  tt::MemSemantic sem = memSemantic(semName);
  tt::MemSyncScope scope = memScope(scopeName);
  const DType &scalar = value.dtype();
  auto rmw = [&](tt::RMWOp op, const Tensor &ptr, const Tensor &val, const Tensor &m) {
    return make(b.create<tt::AtomicRMWOp>(ir(val.type), op, ptr.handle, val.handle, m.handle, sem,
                                          scope),
                val.type);
  };

  if (opName == "add")
    return rmw(scalar.isFloating() ? tt::RMWOp::FADD : tt::RMWOp::ADD, pointer, value, *mask);
  if (opName == "and")
    return rmw(tt::RMWOp::AND, pointer, value, *mask);
  if (opName == "or")
    return rmw(tt::RMWOp::OR, pointer, value, *mask);
  if (opName == "xor")
    return rmw(tt::RMWOp::XOR, pointer, value, *mask);
  if (opName == "xchg")
    return rmw(tt::RMWOp::XCHG, pointer, value, *mask);

  bool isMax = opName == "max";
  if (!isMax && opName != "min")
    fail("unknown atomic operation " + opName);
  if (scalar.isInt()) {
    if (scalar.isIntSigned())
      return rmw(isMax ? tt::RMWOp::MAX : tt::RMWOp::MIN, pointer, value, *mask);
    return rmw(isMax ? tt::RMWOp::UMAX : tt::RMWOp::UMIN, pointer, value, *mask);
  }
  // Floats: signed-int max/min where the value is non-negative, unsigned min/max where it is
  // negative (IEEE bit patterns order that way).
  if (!scalar.is(ScalarKind::FP32) && !scalar.is(ScalarKind::FP64))
    fail(std::string("atomic_") + opName + " not supported for dtype " + scalar.name());
  bool is32 = scalar.is(ScalarKind::FP32);
  DType intType = is32 ? ScalarKind::Int32 : ScalarKind::Int64;
  DType uintType = is32 ? ScalarKind::UInt32 : ScalarKind::UInt64;
  Tensor intValue = bitcast(value, intType);
  Tensor intPointer = bitcast(pointer, DType::pointer(intType, 1));
  Tensor uintValue = bitcast(value, uintType);
  Tensor uintPointer = bitcast(pointer, DType::pointer(uintType, 1));
  // _signbit
  int bits = scalar.primitiveBitwidth();
  Tensor asUnsigned = bitcast(value, *intDTypeOf(bits, false));
  Tensor signBit = lshr(Value::tensor(asUnsigned), Value::integer(bits - 1));
  Tensor negative = cast(signBit, ScalarKind::Int1);
  Tensor positive = notOp(negative);
  Tensor positiveResult = rmw(isMax ? tt::RMWOp::MAX : tt::RMWOp::MIN, intPointer, intValue,
                              andOp(Value::tensor(*mask), Value::tensor(positive)));
  Tensor negativeResult = rmw(isMax ? tt::RMWOp::UMIN : tt::RMWOp::UMAX, uintPointer, uintValue,
                              andOp(Value::tensor(*mask), Value::tensor(negative)));
  // Triton 3.6's atomic_min types this result as the pointer, so `where` below does not
  // promote the signed result to unsigned (no cast is emitted); the IR types agree anyway.
  if (!isMax)
    negativeResult.type = uintPointer.type;
  Tensor result = where(positive, Value::tensor(positiveResult), Value::tensor(negativeResult));
  return bitcast(result, scalar);
}

} // namespace trex::frontend
