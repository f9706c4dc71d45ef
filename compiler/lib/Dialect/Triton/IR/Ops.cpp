// Verifiers and interface methods of the `tt` ops (functions live in FuncOps.cpp).
#include "trex/Dialect/Triton/IR/Dialect.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace trex::tt {

// Asks the dialect that owns `encoding` for its layout-inference hooks.
static const DialectInferLayoutInterface *getInferLayout(Attribute encoding) {
  if (!encoding)
    return nullptr;
  return encoding.getDialect().getRegisteredInterface<DialectInferLayoutInterface>();
}

static std::string shapeString(ArrayRef<int64_t> shape) {
  std::string text = "[";
  llvm::interleave(
      shape, [&](int64_t d) { text += std::to_string(d); }, [&] { text += ", "; });
  return text + "]";
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

LogicalResult BitcastOp::verify() {
  unsigned srcBits = getScalarBitWidth(getElementTypeOrSelf(getSrc().getType()));
  unsigned dstBits = getScalarBitWidth(getElementTypeOrSelf(getType()));
  if (srcBits != dstBits)
    return emitOpError("source and result must have the same bit width, got ")
           << srcBits << " and " << dstBits << " bits";
  return success();
}

LogicalResult FpToFpOp::verify() {
  unsigned srcBits = getElementTypeOrSelf(getSrc().getType()).getIntOrFloatBitWidth();
  unsigned dstBits = getElementTypeOrSelf(getType()).getIntOrFloatBitWidth();
  if (dstBits < srcBits && !getRounding())
    return emitOpError("narrowing from ")
           << srcBits << " to " << dstBits << " bits needs a rounding mode";
  if (dstBits >= srcBits && getRounding())
    return emitOpError("a rounding mode is only allowed when narrowing");
  return success();
}

//===----------------------------------------------------------------------===//
// Pointer arithmetic, loads and stores
//===----------------------------------------------------------------------===//

static RankedTensorType getBlockType(Type tensorPointer) {
  return cast<RankedTensorType>(cast<PointerType>(tensorPointer).getPointeeType());
}

LogicalResult AdvanceOp::verify() {
  int64_t rank = getBlockType(getPtr().getType()).getRank();
  if (static_cast<int64_t>(getOffsets().size()) != rank)
    return emitOpError("needs one offset per dimension of the block (")
           << rank << "), got " << getOffsets().size();
  return success();
}

// boundaryCheck names dimensions of a block pointer's block, each at most once.
static LogicalResult verifyBoundaryCheck(Operation *op, Type pointerType,
                                         ArrayRef<int32_t> boundaryCheck) {
  if (boundaryCheck.empty())
    return success();
  if (!isTensorPointerType(pointerType))
    return op->emitOpError("boundaryCheck is only allowed with a block pointer");
  int64_t rank = getBlockType(pointerType).getRank();
  llvm::SmallDenseSet<int32_t> seen;
  for (int32_t dim : boundaryCheck) {
    if (dim < 0 || dim >= rank)
      return op->emitOpError("boundaryCheck dimension ")
             << dim << " is out of range for a block of rank " << rank;
    if (!seen.insert(dim).second)
      return op->emitOpError("boundaryCheck lists dimension ") << dim << " twice";
  }
  return success();
}

LogicalResult LoadOp::verify() {
  Type pointerType = getPtr().getType();
  if (isTensorPointerType(pointerType) && (getMask() || getOther()))
    return emitOpError("a block pointer load takes no mask or other; use boundaryCheck");
  if (getPadding() && !isTensorPointerType(pointerType))
    return emitOpError("padding is only allowed with a block pointer");
  if (getOther() && !getMask())
    return emitOpError("other needs a mask");
  return verifyBoundaryCheck(*this, pointerType, getBoundaryCheck());
}

void LoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getPtrMutable(), GlobalMemory::get());
  // A volatile load must stay where it is, as if it wrote memory.
  if (getIsVolatile())
    effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

LogicalResult StoreOp::verify() {
  Type pointerType = getPtr().getType();
  if (isTensorPointerType(pointerType) && getMask())
    return emitOpError("a block pointer store takes no mask; use boundaryCheck");
  return verifyBoundaryCheck(*this, pointerType, getBoundaryCheck());
}

LogicalResult AtomicCASOp::verify() {
  Type pointee = getPointeeType(getPtr().getType());
  if (getCmp().getType() != pointee || getVal().getType() != pointee)
    return emitOpError("cmp and val must both have the pointee type ") << pointee;
  if (getType() != pointee)
    return emitOpError("result must have the pointee type ") << pointee;
  return success();
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

LogicalResult SplatOp::verify() {
  if (isa<RankedTensorType>(getSrc().getType()))
    return emitOpError("splats a scalar or a pointer, got the tensor ") << getSrc().getType();
  return success();
}

// `%x = tt.unsplat %t : tensor<1xf32>` (Triton's form) or with `-> f32` after the type.
ParseResult UnsplatOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand src;
  Type srcType;
  if (parser.parseOperand(src) || parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColon() || parser.parseType(srcType))
    return failure();
  auto tensorType = dyn_cast<RankedTensorType>(srcType);
  if (!tensorType)
    return parser.emitError(parser.getNameLoc(), "expected a ranked tensor operand");
  Type resultType = tensorType.getElementType();
  if (succeeded(parser.parseOptionalArrow()) && parser.parseType(resultType))
    return failure();
  result.addTypes(resultType);
  return parser.resolveOperand(src, srcType, result.operands);
}

void UnsplatOp::print(OpAsmPrinter &printer) {
  printer << ' ' << getSrc();
  printer.printOptionalAttrDict((*this)->getAttrs());
  printer << " : " << getSrc().getType();
}

LogicalResult UnsplatOp::verify() {
  auto srcType = getSrc().getType();
  if (srcType.getNumElements() != 1)
    return emitOpError("operand must have exactly one element, got ") << srcType.getNumElements();
  if (getType() != srcType.getElementType())
    return emitOpError("result must be the element type ") << srcType.getElementType();
  return success();
}

LogicalResult ExpandDimsOp::verify() {
  auto srcType = getSrc().getType();
  auto dstType = getType();
  int64_t axis = getAxis();
  if (axis < 0 || axis > srcType.getRank())
    return emitOpError("axis ") << axis << " is out of range for a tensor of rank "
                                << srcType.getRank();
  SmallVector<int64_t> expected(srcType.getShape());
  expected.insert(expected.begin() + axis, 1);
  if (dstType.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape must be ")
           << shapeString(expected) << ", got " << shapeString(dstType.getShape());
  Attribute srcEncoding = srcType.getEncoding();
  if (auto *infer = getInferLayout(srcEncoding)) {
    Attribute inferred;
    if (failed(infer->inferExpandDimsOpEncoding(srcEncoding, axis, inferred, getLoc())))
      return failure();
    if (inferred != dstType.getEncoding())
      return emitOpError("result layout must be ") << inferred;
  }
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto srcType = getSrc().getType();
  auto dstType = getType();
  if (srcType.getNumElements() != dstType.getNumElements())
    return emitOpError("source and result must have the same number of elements, got ")
           << srcType.getNumElements() << " and " << dstType.getNumElements();
  if (bool(srcType.getEncoding()) != bool(dstType.getEncoding()))
    return emitOpError("source and result must both have a layout or both have none");
  return success();
}

LogicalResult BroadcastOp::verify() {
  auto srcShape = getSrc().getType().getShape();
  auto dstShape = getType().getShape();
  if (srcShape.size() != dstShape.size())
    return emitOpError("source and result must have the same rank, got ")
           << srcShape.size() << " and " << dstShape.size();
  for (auto [dim, pair] : llvm::enumerate(llvm::zip(srcShape, dstShape))) {
    auto [from, to] = pair;
    if (from != to && from != 1)
      return emitOpError("dimension ")
             << dim << " has size " << from << "; only dimensions of size 1 can be broadcast (to "
             << to << ")";
  }
  return success();
}

LogicalResult CatOp::verify() {
  auto lhsShape = getLhs().getType().getShape();
  auto dstShape = getType().getShape();
  if (lhsShape.size() != dstShape.size())
    return emitOpError("operands and result must have the same rank");
  if (getType().getNumElements() != 2 * getLhs().getType().getNumElements())
    return emitOpError("result must hold the elements of both operands (")
           << 2 * getLhs().getType().getNumElements() << "), got " << getType().getNumElements();
  return success();
}

LogicalResult JoinOp::verify() {
  auto srcType = getLhs().getType();
  SmallVector<int64_t> expected(srcType.getShape());
  expected.push_back(2);
  if (getType().getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape must be ")
           << shapeString(expected) << ", got " << shapeString(getType().getShape());
  if (getType().getElementType() != srcType.getElementType())
    return emitOpError("result element type must be ") << srcType.getElementType();
  return success();
}

LogicalResult SplitOp::verify() {
  auto srcType = getSrc().getType();
  if (srcType.getRank() == 0 || srcType.getShape().back() != 2)
    return emitOpError("the last dimension of the operand must have size 2, got shape ")
           << shapeString(srcType.getShape());
  ArrayRef<int64_t> expected = srcType.getShape().drop_back();
  if (getOutLHS().getType().getShape() != expected)
    return emitOpError("result shape must be ")
           << shapeString(expected) << ", got " << shapeString(getOutLHS().getType().getShape());
  if (getOutLHS().getType().getElementType() != srcType.getElementType())
    return emitOpError("result element type must be ") << srcType.getElementType();
  return success();
}

LogicalResult TransOp::verify() {
  auto srcType = getSrc().getType();
  ArrayRef<int32_t> order = getOrder();
  int64_t rank = srcType.getRank();
  if (static_cast<int64_t>(order.size()) != rank)
    return emitOpError("order must have one entry per dimension (") << rank << ")";
  SmallVector<bool> seen(rank, false);
  for (int32_t dim : order) {
    if (dim < 0 || dim >= rank || seen[dim])
      return emitOpError("order must be a permutation of 0..") << rank - 1;
    seen[dim] = true;
  }
  SmallVector<int64_t> expected;
  for (int32_t dim : order)
    expected.push_back(srcType.getDimSize(dim));
  if (getType().getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape must be ")
           << shapeString(expected) << ", got " << shapeString(getType().getShape());
  Attribute srcEncoding = srcType.getEncoding();
  if (auto *infer = getInferLayout(srcEncoding)) {
    Attribute inferred;
    if (failed(infer->inferTransOpEncoding(srcEncoding, order, inferred, getLoc())))
      return failure();
    if (inferred &&
        !infer->areLayoutsEquivalent(getType().getShape(), inferred, getType().getEncoding()))
      return emitOpError("result layout must be ") << inferred;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Program identity
//===----------------------------------------------------------------------===//

LogicalResult MakeRangeOp::verify() {
  int64_t start = getStartAttr().getInt();
  int64_t end = getEndAttr().getInt();
  auto type = getType();
  if (type.getRank() != 1)
    return emitOpError("result must be a 1-D tensor");
  if (!type.getElementType().isInteger(32))
    return emitOpError("result elements must be i32");
  if (end <= start)
    return emitOpError("end (") << end << ") must be greater than start (" << start << ")";
  if (type.getDimSize(0) != end - start)
    return emitOpError("result must have end - start = ")
           << end - start << " elements, got " << type.getDimSize(0);
  return success();
}

//===----------------------------------------------------------------------===//
// Matrix multiplication
//===----------------------------------------------------------------------===//

LogicalResult DotOp::verify() {
  auto aType = getA().getType();
  auto bType = getB().getType();
  auto cType = getC().getType();
  int64_t rank = cType.getRank();
  if (rank != 2 && rank != 3)
    return emitOpError("operands must be matrices (rank 2) or batches of them (rank 3)");
  if (aType.getRank() != rank || bType.getRank() != rank)
    return emitOpError("a, b and c must have the same rank");
  ArrayRef<int64_t> a = aType.getShape(), b = bType.getShape(), c = cType.getShape();
  if (rank == 3 && !(a[0] == b[0] && a[0] == c[0]))
    return emitOpError("batch dimensions of a, b and c must match");
  int64_t m = a[rank - 2], k = a[rank - 1], n = b[rank - 1];
  if (b[rank - 2] != k)
    return emitOpError("a is ") << m << "x" << k << " but b has " << b[rank - 2]
                                << " rows; the inner dimensions must match";
  if (c[rank - 2] != m || c[rank - 1] != n)
    return emitOpError("accumulator must be ")
           << m << "x" << n << ", got " << c[rank - 2] << "x" << c[rank - 1];
  if (aType.getElementType() != bType.getElementType() &&
      !(aType.getElementType().getIntOrFloatBitWidth() == 8 &&
        bType.getElementType().getIntOrFloatBitWidth() == 8))
    return emitOpError("a and b must have the same element type, got ")
           << aType.getElementType() << " and " << bType.getElementType();
  Attribute resultEncoding = cType.getEncoding();
  if (auto *infer = getInferLayout(resultEncoding)) {
    for (auto [opIdx, operandType] : llvm::enumerate(std::array{aType, bType}))
      if (failed(infer->verifyDotOpEncoding(operandType.getEncoding(), opIdx, resultEncoding,
                                            getLoc())))
        return failure();
  }
  return success();
}

// Number of elements of the given format packed in one element of the operand.
static int64_t elementsPerStoredValue(ScaleDotElemType type) {
  return type == ScaleDotElemType::E2M1 ? 2 : 1;
}

LogicalResult DotScaledOp::verify() {
  auto aShape = getA().getType().getShape();
  auto bShape = getB().getType().getShape();
  auto cShape = getC().getType().getShape();
  if (aShape.size() != 2 || bShape.size() != 2 || cShape.size() != 2)
    return emitOpError("a, b and c must be matrices");
  int64_t kA = getLhsKPack() ? aShape[1] * elementsPerStoredValue(getAElemType()) : aShape[1];
  int64_t kB = getRhsKPack() ? bShape[0] * elementsPerStoredValue(getBElemType()) : bShape[0];
  if (kA != kB)
    return emitOpError("a has K = ") << kA << " but b has K = " << kB;
  int64_t m = getLhsKPack() ? aShape[0] : aShape[0] * elementsPerStoredValue(getAElemType());
  int64_t n = getRhsKPack() ? bShape[1] : bShape[1] * elementsPerStoredValue(getBElemType());
  if (cShape[0] != m || cShape[1] != n)
    return emitOpError("accumulator must be ")
           << m << "x" << n << ", got " << cShape[0] << "x" << cShape[1];
  return success();
}

//===----------------------------------------------------------------------===//
// Reductions and scans
//===----------------------------------------------------------------------===//

// The combine region of a reduce or scan takes (accumulated..., next...) with
// the operands' element types and returns one value per operand.
static LogicalResult verifyCombineRegion(Operation *op, Region &region, ValueRange srcs) {
  SmallVector<Type> elementTypes;
  for (Value src : srcs)
    elementTypes.push_back(cast<RankedTensorType>(src.getType()).getElementType());
  Block &block = region.front();
  if (block.getNumArguments() != 2 * elementTypes.size())
    return op->emitOpError("combine region must take ")
           << 2 * elementTypes.size() << " arguments (two per operand), got "
           << block.getNumArguments();
  for (auto [index, argument] : llvm::enumerate(block.getArguments())) {
    Type expected = elementTypes[index % elementTypes.size()];
    if (argument.getType() != expected)
      return op->emitOpError("combine region argument ")
             << index << " must be " << expected << ", got " << argument.getType();
  }
  Operation *terminator = block.getTerminator();
  if (terminator->getNumOperands() != elementTypes.size())
    return terminator->emitOpError("must return ")
           << elementTypes.size() << " values (one per operand), got "
           << terminator->getNumOperands();
  for (auto [index, value] : llvm::enumerate(terminator->getOperands()))
    if (value.getType() != elementTypes[index])
      return terminator->emitOpError("returned value ")
             << index << " must be " << elementTypes[index] << ", got " << value.getType();
  return success();
}

static LogicalResult verifyAxis(Operation *op, int64_t axis, ValueRange srcs) {
  if (srcs.empty())
    return op->emitOpError("needs at least one operand");
  int64_t rank = cast<RankedTensorType>(srcs.front().getType()).getRank();
  if (axis < 0 || axis >= rank)
    return op->emitOpError("axis ") << axis << " is out of range for operands of rank " << rank;
  return success();
}

LogicalResult ReduceOp::verify() {
  if (failed(verifyAxis(*this, getAxis(), getSrcs())))
    return failure();
  if (getNumResults() != getSrcs().size())
    return emitOpError("must have one result per operand");
  for (auto [src, result] : llvm::zip(getSrcs(), getResults())) {
    auto srcType = cast<RankedTensorType>(src.getType());
    if (srcType.getRank() == 1) {
      if (result.getType() != srcType.getElementType())
        return emitOpError("reducing a 1-D tensor gives a scalar of type ")
               << srcType.getElementType() << ", got " << result.getType();
      continue;
    }
    SmallVector<int64_t> shape(srcType.getShape());
    shape.erase(shape.begin() + getAxis());
    Attribute encoding;
    if (auto *infer = getInferLayout(srcType.getEncoding()))
      if (failed(
              infer->inferReduceOpEncoding(srcType.getEncoding(), getAxis(), encoding, getLoc())))
        return failure();
    auto expected = RankedTensorType::get(shape, srcType.getElementType(), encoding);
    if (result.getType() != expected)
      return emitOpError("result must be ") << expected << ", got " << result.getType();
  }
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyCombineRegion(*this, getCombineOp(), getSrcs());
}

LogicalResult ScanOp::verify() {
  if (failed(verifyAxis(*this, getAxis(), getSrcs())))
    return failure();
  if (getNumResults() != getSrcs().size())
    return emitOpError("must have one result per operand");
  for (auto [src, result] : llvm::zip(getSrcs(), getResults()))
    if (src.getType() != result.getType())
      return emitOpError("each result must have its operand's type ") << src.getType();
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombineRegion(*this, getCombineOp(), getSrcs());
}

// The pack as written: the accessor of an I32Attr returns it as uint32_t, so pack = -1 read
// as 4294967295 passed the check below and the region verifier then asked for 2^64 types.
static int64_t signedPack(MapElementwiseOp op) { return op.getPackAttr().getInt(); }

LogicalResult MapElementwiseOp::verify() {
  if (signedPack(*this) < 1)
    return emitOpError("pack must be at least 1, got ") << signedPack(*this);
  if (getSrcs().empty())
    return emitOpError("needs at least one operand");
  return success();
}

// Whether `types` is `pack` copies of each of `elements`' element types, in order. Counted
// first, so that a huge pack is refused without building its list of types.
static bool arePackedScalars(TypeRange types, int64_t pack, TypeRange tensors) {
  if (static_cast<int64_t>(types.size()) != pack * static_cast<int64_t>(tensors.size()))
    return false;
  for (auto [index, type] : llvm::enumerate(types))
    if (type != cast<RankedTensorType>(tensors[index / pack]).getElementType())
      return false;
  return true;
}

// The block takes `pack` scalars of each operand; every return yields `pack` of each result.
LogicalResult MapElementwiseOp::verifyRegions() {
  int64_t pack = signedPack(*this);
  if (pack < 1)
    return failure(); // verify() said why
  Block &entry = getScalarOp().front();
  if (!arePackedScalars(entry.getArgumentTypes(), pack, getSrcs().getTypes()))
    return emitOpError("the region must take ")
           << pack << " scalar(s) of each operand's element type, operand-major";
  for (Block &block : getScalarOp()) {
    auto ret = dyn_cast<MapElementwiseReturnOp>(block.getTerminator());
    if (!ret)
      continue;
    if (!arePackedScalars(ret.getResult().getTypes(), pack, getResultTypes()))
      return ret.emitOpError("must yield ")
             << pack << " scalar(s) of each result's element type, result-major";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// External calls and inline assembly
//===----------------------------------------------------------------------===//

void ExternElementwiseOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  if (getPure())
    return;
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

void ElementwiseInlineAsmOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  if (getPure())
    return;
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

LogicalResult ElementwiseInlineAsmOp::verify() {
  int64_t pack = getPackedElement();
  if (pack <= 0 || !llvm::isPowerOf2_64(pack))
    return emitOpError("packed_element must be a positive power of two, got ") << pack;
  // Equal shapes across tensors are the Elementwise trait's check.
  for (Type type : llvm::concat<const Type>(getArgs().getTypes(), getResultTypes())) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (tensor && tensor.getNumElements() % pack != 0)
      return emitOpError("tensor ") << tensor << " cannot be split into packs of " << pack;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Histogram and gather
//===----------------------------------------------------------------------===//

LogicalResult HistogramOp::verify() {
  if (getSrc().getType().getRank() != 1 || getType().getRank() != 1)
    return emitOpError("operand and result must be 1-D tensors");
  if (getMask() && getMask().getType().getShape() != getSrc().getType().getShape())
    return emitOpError("mask must have the operand's shape");
  return success();
}

LogicalResult GatherOp::verify() {
  auto srcType = getSrc().getType();
  auto indicesType = getIndices().getType();
  auto dstType = getType();
  int64_t rank = srcType.getRank();
  int64_t axis = getAxis();
  if (indicesType.getRank() != rank)
    return emitOpError("indices must have the rank of the source (") << rank << ")";
  if (axis < 0 || axis >= rank)
    return emitOpError("axis ") << axis << " is out of range for rank " << rank;
  for (int64_t dim = 0; dim < rank; ++dim)
    if (dim != axis && indicesType.getDimSize(dim) > srcType.getDimSize(dim))
      return emitOpError("indices dimension ")
             << dim << " (" << indicesType.getDimSize(dim) << ") must not exceed the source's ("
             << srcType.getDimSize(dim) << ")";
  if (dstType.getShape() != indicesType.getShape())
    return emitOpError("result must have the shape of the indices");
  if (dstType.getElementType() != srcType.getElementType())
    return emitOpError("result element type must be ") << srcType.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

LogicalResult PrintOp::verify() {
  if (getIsSigned().size() != getArgs().size())
    return emitOpError("isSigned must have one entry per argument (")
           << getArgs().size() << "), got " << getIsSigned().size();
  return success();
}

//===----------------------------------------------------------------------===//
// Block pointers and tensor descriptors
//===----------------------------------------------------------------------===//

LogicalResult MakeTensorPtrOp::verify() {
  RankedTensorType block = getBlockType(getType());
  size_t rank = block.getRank();
  if (getShape().size() != rank || getStrides().size() != rank || getOffsets().size() != rank ||
      getOrder().size() != rank)
    return emitOpError("shape, strides, offsets and order need one entry per block dimension (")
           << rank << ")";
  return success();
}

// A descriptor's block keeps integer signedness (si8) where tensors are signless (i8).
static bool sameDescriptorElement(Type descriptor, Type tensor) {
  if (descriptor == tensor)
    return true;
  auto a = dyn_cast<IntegerType>(descriptor), b = dyn_cast<IntegerType>(tensor);
  return a && b && a.getWidth() == b.getWidth();
}

LogicalResult MakeTensorDescOp::verify() {
  RankedTensorType block = getType().getBlockType();
  size_t rank = block.getRank();
  if (getShape().size() != rank || getStrides().size() != rank)
    return emitOpError("shape and strides need one entry per block dimension (") << rank << ")";
  Type baseElement = cast<PointerType>(getBase().getType()).getPointeeType();
  if (!sameDescriptorElement(block.getElementType(), baseElement))
    return emitOpError("base points to ")
           << baseElement << " but the block holds " << block.getElementType();
  return success();
}

// A descriptor block may have leading unit dimensions the tensor omits.
static LogicalResult verifyDescriptorTensor(Operation *op, TensorDescType desc,
                                            RankedTensorType tensor, size_t numIndices) {
  RankedTensorType block = desc.getBlockType();
  if (numIndices != static_cast<size_t>(block.getRank()))
    return op->emitOpError("needs one index per descriptor dimension (")
           << block.getRank() << "), got " << numIndices;
  if (!sameDescriptorElement(block.getElementType(), tensor.getElementType()))
    return op->emitOpError("descriptor holds ")
           << block.getElementType() << " but the tensor holds " << tensor.getElementType();
  ArrayRef<int64_t> blockShape = block.getShape();
  while (blockShape.size() > static_cast<size_t>(tensor.getRank()) && blockShape.front() == 1)
    blockShape = blockShape.drop_front();
  if (blockShape != tensor.getShape())
    return op->emitOpError("tensor shape ")
           << shapeString(tensor.getShape()) << " does not match the descriptor block "
           << shapeString(block.getShape());
  return success();
}

LogicalResult DescriptorLoadOp::verify() {
  return verifyDescriptorTensor(*this, getDesc().getType(), getType(), getIndices().size());
}

LogicalResult DescriptorStoreOp::verify() {
  return verifyDescriptorTensor(*this, getDesc().getType(), getSrc().getType(),
                                getIndices().size());
}

LogicalResult DescriptorReduceOp::verify() {
  return verifyDescriptorTensor(*this, getDesc().getType(), getSrc().getType(),
                                getIndices().size());
}

// Gathered rows: the descriptor block is one row; the tile is rows x columns.
static LogicalResult verifyGatherScatter(Operation *op, TensorDescType desc,
                                         RankedTensorType rowOffsets, RankedTensorType tile) {
  RankedTensorType block = desc.getBlockType();
  if (block.getRank() != 2 || block.getDimSize(0) != 1)
    return op->emitOpError("descriptor block must be a single row (1xN), got ")
           << shapeString(block.getShape());
  if (rowOffsets.getRank() != 1)
    return op->emitOpError("row offsets must be a 1-D tensor");
  if (tile.getRank() != 2 || tile.getDimSize(0) != rowOffsets.getDimSize(0) ||
      tile.getDimSize(1) != block.getDimSize(1))
    return op->emitOpError("tile must be ")
           << rowOffsets.getDimSize(0) << "x" << block.getDimSize(1) << ", got "
           << shapeString(tile.getShape());
  if (!sameDescriptorElement(block.getElementType(), tile.getElementType()))
    return op->emitOpError("tile must hold ") << block.getElementType();
  return success();
}

LogicalResult DescriptorGatherOp::verify() {
  return verifyGatherScatter(*this, getDesc().getType(), getXOffsets().getType(), getType());
}

LogicalResult DescriptorScatterOp::verify() {
  return verifyGatherScatter(*this, getDesc().getType(), getXOffsets().getType(),
                             getSrc().getType());
}

} // namespace trex::tt

#define GET_OP_CLASSES
#include "trex/Dialect/Triton/IR/Ops.cpp.inc"
#include "trex/Dialect/Triton/IR/OpsEnums.cpp.inc"
