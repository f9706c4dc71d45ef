// Verifiers, memory effects and custom syntax of the `ttg` ops.
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace trex::ttg {

static std::string shapeString(ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "[";
  llvm::interleaveComma(shape, os);
  os << "]";
  return text;
}

// `[0, 32]` of ttg.memdesc_subslice.
static ParseResult parseOffsets(OpAsmParser &parser, DenseI32ArrayAttr &offsets) {
  SmallVector<int32_t> values;
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        int32_t value;
        if (parser.parseInteger(value))
          return failure();
        values.push_back(value);
        return success();
      }))
    return failure();
  offsets = DenseI32ArrayAttr::get(parser.getContext(), values);
  return success();
}

static void printOffsets(OpAsmPrinter &printer, Operation *, DenseI32ArrayAttr offsets) {
  llvm::interleaveComma(offsets.asArrayRef(), printer);
}

// `local|global_read` of ttg.barrier: address spaces joined by `|`.
static ParseResult parseAddrSpace(OpAsmParser &parser, AddrSpaceAttr &addrSpace) {
  AddrSpace spaces = AddrSpace::None;
  do {
    llvm::SMLoc location = parser.getCurrentLocation();
    StringRef keyword;
    if (parser.parseKeyword(&keyword))
      return failure();
    std::optional<AddrSpace> space = symbolizeAddrSpace(keyword);
    if (!space)
      return parser.emitError(location, "unknown address space '")
             << keyword
             << "'; expected none, local, global_read, global_write, tensor_read, "
                "tensor_write or all";
    spaces = spaces | *space;
  } while (succeeded(parser.parseOptionalVerticalBar()));
  addrSpace = AddrSpaceAttr::get(parser.getContext(), spaces);
  return success();
}

static void printAddrSpace(OpAsmPrinter &printer, Operation *, AddrSpaceAttr addrSpace) {
  printer << stringifyAddrSpace(addrSpace.getValue());
}

// Both sides of a copy between registers and shared memory hold the same tile.
static LogicalResult verifySameTile(Operation *op, ShapedType tensor, MemDescType buffer) {
  if (tensor.getShape() != buffer.getShape())
    return op->emitOpError("tensor shape ")
           << shapeString(tensor.getShape()) << " differs from the buffer's "
           << shapeString(buffer.getShape());
  if (tensor.getElementType() != buffer.getElementType())
    return op->emitOpError("tensor element type ")
           << tensor.getElementType() << " differs from the buffer's " << buffer.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// fp4_to_fp
//===----------------------------------------------------------------------===//

LogicalResult Fp4ToFpOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType resultType = getType();
  int64_t rank = srcType.getRank();
  int32_t axis = getAxis();
  if (axis < 0 || axis >= rank)
    return emitOpError("axis ") << axis << " is not a dimension of a rank-" << rank << " tensor";
  if (resultType.getRank() != rank)
    return emitOpError("result rank ")
           << resultType.getRank() << " differs from the source's " << rank;
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t expected = srcType.getDimSize(dim) * (dim == axis ? 2 : 1);
    if (resultType.getDimSize(dim) != expected)
      return emitOpError("result dimension ") << dim << " must be " << expected << " (the source's"
                                              << (dim == axis ? ", doubled along the axis" : "")
                                              << "), got " << resultType.getDimSize(dim);
  }
  if (bool(srcType.getEncoding()) != bool(resultType.getEncoding()))
    return emitOpError("source and result must both have a layout, or neither");
  return success();
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

LogicalResult LocalAllocOp::verify() {
  MemDescType type = getType();
  if (!isa_and_nonnull<SharedMemorySpaceAttr>(type.getMemorySpace()))
    return emitOpError("allocates shared memory, so its result needs #ttg.shared_memory");
  if (!getSrc()) {
    if (!type.getMutableMemory())
      return emitOpError("an allocation without an initial value must be mutable");
    return success();
  }
  if (failed(verifySameTile(*this, getSrc().getType(), type)))
    return failure();
  if (std::optional<uint32_t> alignment = getAlignment())
    if (!llvm::isPowerOf2_32(*alignment))
      return emitOpError("alignment must be a power of two, got ") << *alignment;
  return success();
}

void LocalAllocOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  // An immutable buffer initialized from a tensor is a value until shared memory is laid out
  // (allocation.offset, the lowering's): CSE merges two of the same tensor, DCE drops an unused
  // one, as in Triton.
  if (!getType().getMutableMemory() && !getOperation()->hasAttr("allocation.offset"))
    return;
  OpResult result = getOperation()->getOpResult(0);
  effects.emplace_back(MemoryEffects::Allocate::get(), result, SharedMemory::get());
  if (getSrc())
    effects.emplace_back(MemoryEffects::Write::get(), result, SharedMemory::get());
}

LogicalResult LocalLoadOp::verify() { return verifySameTile(*this, getType(), getSrc().getType()); }

void LocalLoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getSrcMutable(), SharedMemory::get());
}

LogicalResult LocalStoreOp::verify() {
  if (!getDst().getType().getMutableMemory())
    return emitOpError("cannot store into an immutable buffer");
  return verifySameTile(*this, getSrc().getType(), getDst().getType());
}

void LocalStoreOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  effects.emplace_back(MemoryEffects::Write::get(), &getDstMutable(), SharedMemory::get());
}

// A view keeps the element type, memory space and mutability of its source; with
// `mayDropMutability`, a read-only view of a mutable source is allowed too (the subslices of a
// pipeline buffer that Triton's split warp-group dots read).
static LogicalResult verifyViewKeeps(Operation *op, MemDescType src, MemDescType view,
                                     bool mayDropMutability = false) {
  if (src.getElementType() != view.getElementType())
    return op->emitOpError("the view must keep the element type ") << src.getElementType();
  if (src.getMemorySpace() != view.getMemorySpace())
    return op->emitOpError("the view must stay in memory space ") << src.getMemorySpace();
  bool dropsMutability = mayDropMutability && src.getMutableMemory() && !view.getMutableMemory();
  if (src.getMutableMemory() != view.getMutableMemory() && !dropsMutability)
    return op->emitOpError("the view must keep the source's mutability");
  return success();
}

LogicalResult MemDescIndexOp::verify() {
  MemDescType src = getSrc().getType(), view = getType();
  if (src.getShape().size() < 2)
    return emitOpError("indexes the leading dimension, so the source needs rank 2 or more");
  if (view.getShape() != src.getShape().drop_front())
    return emitOpError("result shape must be ")
           << shapeString(src.getShape().drop_front()) << ", got " << shapeString(view.getShape());
  if (view.getEncoding() != src.getEncoding())
    return emitOpError("the buffer keeps its layout ") << src.getEncoding();
  return verifyViewKeeps(*this, src, view);
}

LogicalResult MemDescSubsliceOp::verify() {
  MemDescType src = getSrc().getType(), view = getType();
  ArrayRef<int32_t> offsets = getOffsets();
  if (view.getShape().size() != src.getShape().size() || offsets.size() != src.getShape().size())
    return emitOpError("source, result and offsets must all have rank ") << src.getShape().size();
  for (size_t dim = 0; dim < offsets.size(); ++dim)
    if (offsets[dim] < 0 || offsets[dim] + view.getShape()[dim] > src.getShape()[dim])
      return emitOpError("the slice at offset ")
             << offsets[dim] << " of size " << view.getShape()[dim] << " leaves dimension " << dim
             << " (size " << src.getShape()[dim] << ")";
  return verifyViewKeeps(*this, src, view, /*mayDropMutability=*/true);
}

LogicalResult MemDescTransOp::verify() {
  MemDescType src = getSrc().getType(), view = getType();
  ArrayRef<int32_t> order = getOrder();
  size_t rank = src.getShape().size();
  SmallVector<bool> seen(rank, false);
  if (order.size() != rank)
    return emitOpError("order needs one entry per dimension (") << rank << ")";
  SmallVector<int64_t> expected;
  for (int32_t dim : order) {
    if (dim < 0 || static_cast<size_t>(dim) >= rank || seen[dim])
      return emitOpError("order must be a permutation of 0..") << rank - 1;
    seen[dim] = true;
    expected.push_back(src.getShape()[dim]);
  }
  if (view.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape must be ")
           << shapeString(expected) << ", got " << shapeString(view.getShape());
  // Where the transposed layout is known (nvmma_shared), the view must state it: the view
  // reads the same bytes, so another layout there would read them wrongly.
  if (Attribute srcEncoding = src.getEncoding())
    if (auto *infer =
            srcEncoding.getDialect().getRegisteredInterface<tt::DialectInferLayoutInterface>()) {
      Attribute inferred;
      if (succeeded(infer->inferTransOpEncoding(srcEncoding, order, inferred, std::nullopt)) &&
          inferred && inferred != view.getEncoding())
        return emitOpError("the transposed view of ")
               << srcEncoding << " is " << inferred << ", not " << view.getEncoding();
    }
  return verifyViewKeeps(*this, src, view);
}

LogicalResult MemDescReshapeOp::verify() {
  MemDescType src = getSrc().getType(), view = getType();
  if (src.getNumElements() != view.getNumElements())
    return emitOpError("source and result must have the same number of elements, got ")
           << src.getNumElements() << " and " << view.getNumElements();
  return verifyViewKeeps(*this, src, view);
}

//===----------------------------------------------------------------------===//
// Asynchronous copies
//===----------------------------------------------------------------------===//

LogicalResult AsyncCopyGlobalToLocalOp::verify() {
  auto pointee = cast<RankedTensorType>(tt::getPointeeType(getSrc().getType()));
  if (failed(verifySameTile(*this, pointee, getDst().getType())))
    return failure();
  if (!getDst().getType().getMutableMemory())
    return emitOpError("cannot copy into an immutable buffer");
  int64_t contiguity = getContiguityAttr().getInt();
  if (contiguity < 1)
    return emitOpError("contiguity must be at least 1, got ") << contiguity;
  return success();
}

void AsyncCopyGlobalToLocalOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getSrcMutable(), tt::GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), &getDstMutable(), SharedMemory::get());
}

LogicalResult AsyncWaitOp::verify() {
  int64_t num = getNumAttr().getInt();
  if (num < 0)
    return emitOpError("num (groups left pending) must not be negative, got ") << num;
  return success();
}

//===----------------------------------------------------------------------===//
// Global scratch
//===----------------------------------------------------------------------===//

LogicalResult GlobalScratchAllocOp::verify() {
  int64_t nbytes = getNbytesAttr().getInt();
  int64_t alignment = getAlignmentAttr().getInt();
  if (nbytes < 0)
    return emitOpError("nbytes must not be negative, got ") << nbytes;
  if (alignment <= 0 || !llvm::isPowerOf2_64(alignment))
    return emitOpError("alignment must be a positive power of two, got ") << alignment;
  if (getBackend().empty())
    return emitOpError("backend must name a scratch buffer (\"default\" or \"proton\")");
  return success();
}

//===----------------------------------------------------------------------===//
// Utilities
//===----------------------------------------------------------------------===//

void replaceWithMutableBuffer(Value value, Value buffer) {
  auto isView = [](Operation *op) {
    return isa<MemDescTransOp, MemDescReshapeOp, MemDescSubsliceOp, MemDescIndexOp,
               MemDescReinterpretOp>(op);
  };
  // An op that forwards a memdesc operand as its result at the same position
  // (ttng.warp_group_dot_wait keeping a wgmma's operands alive) forwards the mutable one.
  auto forwarded = [](OpOperand &use, Type oldType) -> Value {
    Operation *user = use.getOwner();
    unsigned index = use.getOperandNumber();
    if (user->getNumRegions() || user->getNumResults() != user->getNumOperands() ||
        user->getResult(index).getType() != oldType)
      return {};
    return user->getResult(index);
  };
  SmallVector<Value> views;
  Type oldType = value.getType();
  for (OpOperand &use : llvm::make_early_inc_range(value.getUses())) {
    use.set(buffer);
    if (isView(use.getOwner()))
      views.push_back(use.getOwner()->getResult(0));
    else if (Value result = forwarded(use, oldType))
      views.push_back(result);
  }
  while (!views.empty()) {
    Value view = views.pop_back_val();
    auto type = cast<MemDescType>(view.getType());
    if (type.getMutableMemory())
      continue;
    view.setType(MemDescType::get(type.getContext(), type.getShape(), type.getElementType(),
                                  type.getEncoding(), type.getMemorySpace(),
                                  /*mutableMemory=*/true, type.getAllocShape()));
    for (OpOperand &use : view.getUses())
      if (isView(use.getOwner()))
        views.push_back(use.getOwner()->getResult(0));
      else if (Value result = forwarded(use, type))
        views.push_back(result);
  }
}

} // namespace trex::ttg

#define GET_OP_CLASSES
#include "trex/Dialect/TritonGPU/IR/Ops.cpp.inc"
#include "trex/Dialect/TritonGPU/IR/OpsEnums.cpp.inc"
