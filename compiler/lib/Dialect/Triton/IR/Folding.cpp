// Folders of the `tt` ops: the simplifications canonicalize (and every greedy
// rewrite) applies in place, with the semantics Triton 3.6 gives them.
#include "trex/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace trex::tt {

// A view-like op (expand_dims, reshape) of a constant is the same elements
// seen with the result's shape.
static OpFoldResult foldConstantView(Attribute operand, Type resultType) {
  auto elements = dyn_cast_if_present<DenseElementsAttr>(operand);
  if (!elements)
    return {};
  auto shaped = cast<ShapedType>(resultType);
  return elements.isSplat() ? elements.resizeSplat(shaped) : elements.reshape(shaped);
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

// tt.bitcast has no folder: Triton 3.6 keeps even a bitcast to the same type (an int32 to
// uint32 `x.to(tl.uint32, bitcast=True)`) through canonicalization.

// Conversions of +0.0 and -0.0 are exact in every format, so they fold; any
// other constant would need the target's rounding and is left alone.
OpFoldResult FpToFpOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  auto resultElement = cast<FloatType>(getElementTypeOrSelf(getType()));
  for (bool negative : {false, true}) {
    bool isZero = negative ? matchPattern(getSrc(), m_NegZeroFloat())
                           : matchPattern(getSrc(), m_PosZeroFloat());
    if (!isZero)
      continue;
    llvm::APFloat zero = llvm::APFloat::getZero(resultElement.getFloatSemantics(), negative);
    if (auto tensor = dyn_cast<RankedTensorType>(getType()))
      return DenseElementsAttr::get(tensor, zero);
    return FloatAttr::get(resultElement, zero);
  }
  return {};
}

//===----------------------------------------------------------------------===//
// Pointer arithmetic
//===----------------------------------------------------------------------===//

OpFoldResult AddPtrOp::fold(FoldAdaptor adaptor) {
  if (matchPattern(adaptor.getOffset(), m_Zero()))
    return getPtr();
  return {};
}

OpFoldResult AdvanceOp::fold(FoldAdaptor adaptor) {
  for (Attribute offset : adaptor.getOffsets()) {
    auto constant = dyn_cast_if_present<IntegerAttr>(offset);
    if (!constant || !constant.getValue().isZero())
      return {};
  }
  return getPtr();
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  Attribute value = adaptor.getSrc();
  // The attribute must be of the elements' type: DenseElementsAttr reads any other as a
  // string (a segfault); the op, not yet verified when a builder folds it, may be wrong.
  if (!isa_and_present<IntegerAttr, FloatAttr>(value) ||
      cast<TypedAttr>(value).getType() != getType().getElementType())
    return {};
  return SplatElementsAttr::get(cast<ShapedType>(getType()), value);
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  return foldConstantView(adaptor.getSrc(), getType());
}

// A reshape that may reorder elements is not an identity even between equal
// types, so only a strict reshape folds away.
OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getType() == getSrc().getType() && !getAllowReorder())
    return getSrc();
  return foldConstantView(adaptor.getSrc(), getType());
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getType() == getSrc().getType())
    return getSrc();
  if (auto splat = dyn_cast_if_present<SplatElementsAttr>(adaptor.getSrc()))
    return splat.resizeSplat(cast<ShapedType>(getType()));
  return {};
}

OpFoldResult TransOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int32_t> order = getOrder();
  bool isIdentity = llvm::all_of(llvm::enumerate(order), [](auto indexed) {
    return static_cast<int64_t>(indexed.value()) == static_cast<int64_t>(indexed.index());
  });
  // With layouts, an identity order may still change the layout; only an
  // identical type is a no-op.
  if (isIdentity && getSrc().getType() == getType())
    return getSrc();

  // trans(trans(x, inner), outer) is one permutation of x: result dimension
  // i is x's dimension inner[outer[i]]. Folded in place.
  if (auto inner = getSrc().getDefiningOp<TransOp>()) {
    ArrayRef<int32_t> innerOrder = inner.getOrder();
    SmallVector<int32_t> composed;
    for (int32_t dim : order)
      composed.push_back(innerOrder[dim]);
    setOrder(composed);
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }

  if (auto splat = dyn_cast_if_present<SplatElementsAttr>(adaptor.getSrc()))
    return splat.reshape(cast<ShapedType>(getType()));
  return {};
}

//===----------------------------------------------------------------------===//
// Program identity
//===----------------------------------------------------------------------===//

OpFoldResult MakeRangeOp::fold(FoldAdaptor adaptor) {
  if (adaptor.getStart() + 1 == adaptor.getEnd())
    return SplatElementsAttr::get(cast<ShapedType>(getType()), adaptor.getStartAttr());
  return {};
}

} // namespace trex::tt
