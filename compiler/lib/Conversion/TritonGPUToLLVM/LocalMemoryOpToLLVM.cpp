// Shared-memory buffers to LLVM: ttg.local_alloc, local_store, local_load, local_dealloc, the
// memdesc views (memdesc_index, memdesc_trans, memdesc_reshape, memdesc_reinterpret) and the
// asynchronous copies into buffers (async_copy_global_to_local, async_commit_group,
// async_wait).
//
// A !ttg.memdesc lowers to a pointer into shared memory: the first element of the view. The
// element a register of a distributed tensor reads or writes is found through the view's
// shared layout (LocalMemoryAccess.h), so views that only reinterpret the same bytes (a
// transpose, a reshape) keep the pointer and change the type, and memdesc_index moves the
// pointer by whole buffers.
// Reads of 16-bit mma.sync operands use ldmatrix where the access has its shape
// (MatrixLoad.h), as Triton's do.
//
// There is no separate barrier-insertion analysis: every write to a buffer is preceded by a
// barrier (earlier readers of the same bytes, in an earlier loop iteration or of a buffer the
// allocation reused, must be done) and followed by one (every thread must see the data before
// any reads it).
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "mlir/IR/Matchers.h"

#include "trex/Conversion/TritonGPUToLLVM/LocalMemoryAccess.h"
#include "trex/Conversion/TritonGPUToLLVM/MatrixLoad.h"
#include "trex/Conversion/TritonGPUToLLVM/SharedMemory.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "trex/Layout/LayoutAdapter.h"

using namespace mlir;

namespace trex {

namespace {

// Widest shared-memory access, in bytes (ld.shared.v4.b32 / ds_read_b128).
constexpr int32_t kMaxSharedVectorBytes = 16;

// How an element of a tensor sits in shared memory: whole bytes (i1 as i8), pointers as i64.
struct SharedStorage {
  Type element;
  Type storage;
  int32_t bytes;
};

SharedStorage sharedStorageOf(const TypeConverter &converter, Type tensorElement,
                              MLIRContext *context) {
  Type element = converter.convertType(tensorElement);
  if (isa<LLVM::LLVMPointerType>(element))
    return {element, IntegerType::get(context, 64), 8};
  unsigned bits = element.getIntOrFloatBitWidth();
  if (bits < 8)
    return {element, IntegerType::get(context, 8), 1};
  return {element, element, static_cast<int32_t>(bits / 8)};
}

// Where a view made by memdesc_subslice ops starts in its buffer (the sum of their offsets),
// and the view it was taken from; the view itself with no origin when it is not one.
std::pair<Value, SmallVector<int32_t>> viewOrigin(Value view) {
  SmallVector<int32_t> origin;
  while (auto subslice = view ? view.getDefiningOp<ttg::MemDescSubsliceOp>() : nullptr) {
    ArrayRef<int32_t> offsets = subslice.getOffsets();
    if (origin.empty())
      origin.assign(offsets.size(), 0);
    for (size_t dim = 0; dim < offsets.size() && dim < origin.size(); ++dim)
      origin[dim] += offsets[dim];
    view = subslice.getSrc();
  }
  return {view, origin};
}

// The access of `tensorType`'s registers to `memdesc`, the type of `view` (the op's shared
// operand; null for a local_alloc, which is a whole buffer). A memdesc_subslice view is
// addressed through the layout of the buffer it was cut from (LocalMemoryAccess.h); its
// pointer is the buffer's.
FailureOr<LocalMemoryAccess> accessPlan(Operation *op, RankedTensorType tensorType,
                                        ttg::MemDescType memdesc, int32_t elementBytes,
                                        Value view = Value()) {
  std::optional<layoutviz::LinearLayout> distributed = linearLayoutOf(tensorType);
  if (!distributed)
    return op->emitError() << "the tensor of a shared-memory access needs a distributed layout";
  ArrayRef<int64_t> shape = memdesc.getShape();
  ArrayRef<int64_t> bufferShape = memdesc.getAllocShape().take_back(shape.size());
  SmallVector<int32_t> origin;
  if (shape != bufferShape) {
    auto [source, offsets] = viewOrigin(view);
    auto sourceType = source ? dyn_cast<ttg::MemDescType>(source.getType()) : nullptr;
    if (offsets.empty() || !sourceType ||
        sourceType.getShape() != sourceType.getAllocShape().take_back(shape.size()) ||
        sourceType.getEncoding() != memdesc.getEncoding())
      return op->emitError() << "trex lowers views of a part of a buffer only as "
                                "ttg.memdesc_subslice of the whole buffer (or of its "
                                "multi-buffer index)";
    origin = offsets;
    // The registers' coordinates in the whole buffer's shape.
    layoutviz::LinearLayout::BasesList bases;
    for (const std::string &in : distributed->getInDimNames())
      bases.push_back({in, distributed->getInDimBases(in)});
    layoutviz::LinearLayout::DimSizes outDims;
    std::vector<std::string> names = distributed->getOutDimNames();
    for (size_t dim = 0; dim < names.size(); ++dim)
      outDims.push_back({names[dim], static_cast<int32_t>(bufferShape[dim])});
    distributed = layoutviz::LinearLayout(std::move(bases), std::move(outDims),
                                          /*requireSurjective=*/false);
  }
  FailureOr<layoutviz::LinearLayout> shared = layout::toLinearLayout(
      memdesc.getEncoding(), bufferShape, [&] { return op->emitError(); });
  if (failed(shared))
    return failure();
  std::string why;
  std::optional<LocalMemoryAccess> plan = planLocalMemoryAccess(
      *distributed, *shared, elementBytes, kMaxSharedVectorBytes, why,
      std::vector<int32_t>(origin.begin(), origin.end()),
      origin.empty() ? std::vector<int64_t>() : std::vector<int64_t>(shape.begin(), shape.end()));
  if (!plan)
    return op->emitError() << "trex cannot address this shared-memory buffer: " << why;
  return *plan;
}

// The per-thread part of the access's offsets (SharedMemory.h).
ThreadOffset threadOffset(OpBuilder &builder, Location loc, const TargetInfo &target,
                          const LocalMemoryAccess &plan) {
  LLVMBuilder b(builder, loc);
  ThreadIds ids = threadIds(builder, loc, target);
  return threadOffsetOf(b, ids.lane, ids.warp, plan.laneOffset, plan.warpOffset);
}

// Writes the registers `values` of a tensor of `tensorType` into the buffer at `base`.
LogicalResult storeToShared(Operation *op, ConversionPatternRewriter &rewriter,
                            const TypeConverter &converter, const TargetInfo &target,
                            Value base, ArrayRef<Value> values, RankedTensorType tensorType,
                            ttg::MemDescType memdesc, Value view = Value()) {
  Location loc = op->getLoc();
  SharedStorage storage = sharedStorageOf(converter, tensorType.getElementType(), op->getContext());
  FailureOr<LocalMemoryAccess> plan = accessPlan(op, tensorType, memdesc, storage.bytes, view);
  if (failed(plan))
    return failure();
  // stmatrix where the access has ldmatrix's shape (16-bit elements, a whole buffer), as
  // Triton stores an mma accumulator for a TMA store: one stmatrix.x4 for four 32-bit stores
  // and their addresses.
  bool wholeBuffer =
      memdesc.getShape() == memdesc.getAllocShape().take_back(memdesc.getShape().size());
  if (target.hasMatrixStore() && storage.storage == storage.element && wholeBuffer)
    if (std::optional<MatrixLoadPlan> matrix = planMatrixLoad(*plan, storage.bytes)) {
      storeMatrices(rewriter, loc, target, base, storage.storage, *plan, *matrix, values);
      return success();
    }
  LLVMBuilder b(rewriter, loc);
  auto toStorage = [&](Value value) -> Value {
    if (isa<LLVM::LLVMPointerType>(storage.element))
      return LLVM::PtrToIntOp::create(rewriter, loc, storage.storage, value);
    if (storage.storage != storage.element)
      return b.zext(value, storage.storage);
    return value;
  };
  ThreadOffset thread = threadOffset(rewriter, loc, target, *plan);
  int64_t width = int64_t(1) << plan->vectorBits;
  for (int32_t start : plan->vectorStarts()) {
    Value stored;
    if (width == 1) {
      stored = toStorage(values[start]);
    } else {
      stored = b.undef(VectorType::get(width, storage.storage));
      for (int64_t i = 0; i < width; ++i)
        stored = b.insertElement(stored, toStorage(values[start + i]), i);
    }
    Value index = registerIndex(b, thread, plan->registerOffset[start]);
    Value address = b.gep(base.getType(), storage.storage, base, index);
    LLVM::StoreOp::create(rewriter, loc, stored, address, storage.bytes * width);
  }
  return success();
}

// Reads the registers of a tensor of `tensorType` from the buffer at `base`.
FailureOr<SmallVector<Value>> loadFromShared(Operation *op, ConversionPatternRewriter &rewriter,
                                             const TypeConverter &converter,
                                             const TargetInfo &target, Value base,
                                             RankedTensorType tensorType,
                                             ttg::MemDescType memdesc, Value view = Value()) {
  Location loc = op->getLoc();
  SharedStorage storage = sharedStorageOf(converter, tensorType.getElementType(), op->getContext());
  FailureOr<LocalMemoryAccess> plan = accessPlan(op, tensorType, memdesc, storage.bytes, view);
  if (failed(plan))
    return failure();
  // ldmatrix where the access has its shape (the mma.sync operands of 16-bit elements); not
  // for part of a buffer, whose rows ldmatrix would read from the buffer's start.
  bool wholeBuffer =
      memdesc.getShape() == memdesc.getAllocShape().take_back(memdesc.getShape().size());
  if (target.hasMatrixLoad() && storage.storage == storage.element && wholeBuffer)
    if (std::optional<MatrixLoadPlan> matrix = planMatrixLoad(*plan, storage.bytes))
      return loadMatrices(rewriter, loc, target, base, storage.storage, *plan, *matrix);
  LLVMBuilder b(rewriter, loc);
  auto fromStorage = [&](Value value) -> Value {
    if (isa<LLVM::LLVMPointerType>(storage.element))
      return LLVM::IntToPtrOp::create(rewriter, loc, storage.element, value);
    if (storage.storage != storage.element)
      return b.trunc(value, storage.element);
    return value;
  };
  ThreadOffset thread = threadOffset(rewriter, loc, target, *plan);
  int64_t width = int64_t(1) << plan->vectorBits;
  SmallVector<Value> loaded(plan->registerOffset.size());
  for (int32_t start : plan->vectorStarts()) {
    Value index = registerIndex(b, thread, plan->registerOffset[start]);
    Value address = b.gep(base.getType(), storage.storage, base, index);
    Type type = width == 1 ? storage.storage : VectorType::get(width, storage.storage);
    Value value = LLVM::LoadOp::create(rewriter, loc, type, address, storage.bytes * width);
    if (width == 1) {
      loaded[start] = fromStorage(value);
      continue;
    }
    for (int64_t i = 0; i < width; ++i)
      loaded[start + i] = fromStorage(b.extractElement(value, i));
  }
  SmallVector<Value> result;
  for (int32_t reg : plan->canonical)
    result.push_back(loaded[reg]);
  return result;
}

struct LocalAllocOpConversion : public ConvertOpToLLVMPattern<ttg::LocalAllocOp> {
  LocalAllocOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<ttg::LocalAllocOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(ttg::LocalAllocOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    FailureOr<Value> base = scratchPointer(rewriter, op, target);
    if (failed(base))
      return failure();
    if (Value source = op.getSrc()) {
      SmallVector<Value> values = unpackElements(op.getLoc(), adaptor.getSrc(), rewriter);
      if (failed(storeToShared(op, rewriter, *getTypeConverter(), target, *base, values,
                               cast<RankedTensorType>(source.getType()), op.getType())))
        return failure();
    }
    // The barriers that order the stores with other accesses of the buffer's bytes (earlier
    // readers of the bytes it reuses, later readers of the stored values) are the barrier
    // analysis's.
    rewriter.replaceOp(op, *base);
    return success();
  }

  const TargetInfo &target;
};

struct LocalStoreOpConversion : public ConvertOpToLLVMPattern<ttg::LocalStoreOp> {
  LocalStoreOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<ttg::LocalStoreOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(ttg::LocalStoreOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> values = unpackElements(op.getLoc(), adaptor.getSrc(), rewriter);
    if (failed(storeToShared(op, rewriter, *getTypeConverter(), target, adaptor.getDst(), values,
                             cast<RankedTensorType>(op.getSrc().getType()),
                             op.getDst().getType(), op.getDst())))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }

  const TargetInfo &target;
};

struct LocalLoadOpConversion : public ConvertOpToLLVMPattern<ttg::LocalLoadOp> {
  LocalLoadOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<ttg::LocalLoadOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(ttg::LocalLoadOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(op.getType());
    FailureOr<SmallVector<Value>> values =
        loadFromShared(op, rewriter, *getTypeConverter(), target, adaptor.getSrc(), resultType,
                       op.getSrc().getType(), op.getSrc());
    if (failed(values))
      return failure();
    rewriter.replaceOp(op,
                       packElements(op.getLoc(), *getTypeConverter(), *values, resultType, rewriter));
    return success();
  }

  const TargetInfo &target;
};

// ttg.async_copy_global_to_local: one cp.async per vector of registers that is contiguous in
// shared memory (the access plan) and in global memory (the op's contiguity), 4 to 16 bytes.
// Masked-off vectors zero-fill; an `other` must therefore be zero (the pipeliner passes the
// load's, which Triton's frontend makes zero or leaves out). The data is only there after
// ttg.async_wait, whose lowering ends with a barrier; the barrier analysis puts one before a
// copy where another thread may still read (or write) the bytes it overwrites.
struct AsyncCopyOpConversion : public ConvertOpToLLVMPattern<ttg::AsyncCopyGlobalToLocalOp> {
  AsyncCopyOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target,
                        VectorSizeFn copyContiguity)
      : ConvertOpToLLVMPattern<ttg::AsyncCopyGlobalToLocalOp>(converter), target(target),
        copyContiguity(std::move(copyContiguity)) {}

  LogicalResult matchAndRewrite(ttg::AsyncCopyGlobalToLocalOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (!target.hasAsyncCopy())
      return op.emitError() << "the target has no asynchronous copies (cp.async needs sm_80)";
    // A non-zero `other` is not applied: the copy fills masked-off elements with zeros and
    // the pipeliner selects `other` after reading the buffer back (as Triton's lowering, which
    // ignores it).
    RankedTensorType srcType = op.getSrc().getType();
    Type element = cast<tt::PointerType>(srcType.getElementType()).getPointeeType();
    if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() < 8)
      return op.emitError() << "async copies of " << element << " are not lowered";
    int32_t bytes = static_cast<int32_t>(element.getIntOrFloatBitWidth() / 8);
    FailureOr<LocalMemoryAccess> plan = accessPlan(op, srcType, op.getDst().getType(), bytes);
    if (failed(plan))
      return failure();
    // The op's contiguity is a hint (coalesce-async-copy resets it to 1 when it clips the
    // copy, as Triton's); the axis information gives the rest, as Triton's lowering takes the
    // larger of the two.
    int64_t contiguity = op.getContiguity();
    if (copyContiguity)
      contiguity = std::max<int64_t>(contiguity, copyContiguity(op));
    int64_t width = std::min<int64_t>(int64_t(1) << plan->vectorBits, contiguity);
    while (width * bytes > kMaxSharedVectorBytes)
      width /= 2;
    if (width * bytes < 4)
      return op.emitError() << "cp.async moves 4 to 16 bytes; this copy's vectors have "
                            << width * bytes;
    SmallVector<Value> pointers = unpackElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackElements(loc, adaptor.getMask(), rewriter);
    LLVMBuilder b(rewriter, loc);
    Type storage = getTypeConverter()->convertType(element);
    ThreadOffset thread = threadOffset(rewriter, loc, target, *plan);
    int64_t planWidth = int64_t(1) << plan->vectorBits;
    for (int32_t vectorStart : plan->vectorStarts()) {
      for (int64_t part = 0; part < planWidth; part += width) {
        int32_t start = vectorStart + static_cast<int32_t>(part);
        Value index = registerIndex(b, thread, plan->registerOffset[start]);
        Value address = b.gep(adaptor.getDst().getType(), storage, adaptor.getDst(), index);
        target.asyncCopy(rewriter, loc, address, pointers[start],
                         static_cast<int>(width * bytes), masks.empty() ? Value() : masks[start]);
      }
    }
    rewriter.replaceOp(op, b.i32(0));
    return success();
  }

  const TargetInfo &target;
  VectorSizeFn copyContiguity;
};

struct AsyncCommitGroupOpConversion : public ConvertOpToLLVMPattern<ttg::AsyncCommitGroupOp> {
  AsyncCommitGroupOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<ttg::AsyncCommitGroupOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(ttg::AsyncCommitGroupOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    target.asyncCommitGroup(rewriter, op.getLoc());
    LLVMBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(op, b.i32(0));
    return success();
  }

  const TargetInfo &target;
};

// The wait covers this thread's copies only; the barrier after it makes every thread's
// copies visible to every thread before the local_loads that follow.
struct AsyncWaitOpConversion : public ConvertOpToLLVMPattern<ttg::AsyncWaitOp> {
  AsyncWaitOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<ttg::AsyncWaitOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(ttg::AsyncWaitOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    target.asyncWaitGroup(rewriter, op.getLoc(), static_cast<int>(op.getNum()));
    target.barrier(rewriter, op.getLoc());
    LLVMBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(op, b.i32(0));
    return success();
  }

  const TargetInfo &target;
};

// Buffers live until the allocation's liveness says otherwise; freeing emits nothing.
struct LocalDeallocOpConversion : public ConvertOpToLLVMPattern<ttg::LocalDeallocOp> {
  using ConvertOpToLLVMPattern<ttg::LocalDeallocOp>::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(ttg::LocalDeallocOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

// memdesc_index: buffer `index` of the leading dimension, each a whole view of the result's
// shape.
struct MemDescIndexOpConversion : public ConvertOpToLLVMPattern<ttg::MemDescIndexOp> {
  using ConvertOpToLLVMPattern<ttg::MemDescIndexOp>::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(ttg::MemDescIndexOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    ttg::MemDescType result = op.getType();
    SharedStorage storage =
        sharedStorageOf(*getTypeConverter(), result.getElementType(), op->getContext());
    int64_t elements = 1;
    for (int64_t size : result.getShape())
      elements *= size;
    LLVMBuilder b(rewriter, op.getLoc());
    Value offset = b.mul(adaptor.getIndex(), b.i32(elements));
    rewriter.replaceOp(op, b.gep(adaptor.getSrc().getType(), storage.storage, adaptor.getSrc(),
                                 offset));
    return success();
  }
};

// Views whose result type already describes where each element is (its own shared layout):
// the memory, and so the pointer, is the same.
template <typename ViewOp>
struct SameMemoryViewConversion : public ConvertOpToLLVMPattern<ViewOp> {
  using ConvertOpToLLVMPattern<ViewOp>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename ViewOp::Adaptor;

  LogicalResult matchAndRewrite(ViewOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

// Where the element at `origin` of a buffer of `bufferShape` in `encoding` is, when a view of
// `viewShape` starting there is laid out in memory as a whole buffer of that shape in the same
// encoding would be (every element of the view at that offset plus its place in such a
// buffer); none otherwise. Checked element by element on the two layouts' tables.
std::optional<int64_t> shiftedViewOffset(Attribute encoding, ArrayRef<int64_t> bufferShape,
                                         ArrayRef<int64_t> viewShape, ArrayRef<int32_t> origin,
                                         Operation *op) {
  FailureOr<layoutviz::LinearLayout> buffer =
      layout::toLinearLayout(encoding, bufferShape, [&] { return op->emitError(); });
  FailureOr<layoutviz::LinearLayout> view =
      layout::toLinearLayout(encoding, viewShape, [&] { return op->emitError(); });
  if (failed(buffer) || failed(view))
    return std::nullopt;
  std::vector<int32_t> bufferTable = buffer->evaluateAllFlat();
  std::vector<int32_t> viewTable = view->evaluateAllFlat();
  // Row-major element indices of the buffer's coordinates, and the offset holding each.
  std::vector<int64_t> offsetOf(bufferTable.size(), -1);
  for (size_t offset = 0; offset < bufferTable.size(); ++offset)
    if (bufferTable[offset] >= 0 && static_cast<size_t>(bufferTable[offset]) < offsetOf.size() &&
        offsetOf[bufferTable[offset]] < 0)
      offsetOf[bufferTable[offset]] = static_cast<int64_t>(offset);
  auto bufferIndex = [&](int64_t viewIndex) {
    int64_t index = 0, stride = 1;
    for (size_t dim = viewShape.size(); dim-- > 0;) {
      int64_t coordinate = viewIndex % viewShape[dim] + origin[dim];
      viewIndex /= viewShape[dim];
      index += coordinate * stride;
      stride *= bufferShape[dim];
    }
    return index;
  };
  int64_t start = offsetOf[bufferIndex(0)];
  if (start < 0)
    return std::nullopt;
  for (size_t offset = 0; offset < viewTable.size(); ++offset) {
    size_t shifted = static_cast<size_t>(start) + offset;
    if (shifted >= bufferTable.size() || bufferTable[shifted] != bufferIndex(viewTable[offset]))
      return std::nullopt;
  }
  return start;
}

struct MemDescSubsliceOpConversion : public ConvertOpToLLVMPattern<ttg::MemDescSubsliceOp> {
  using ConvertOpToLLVMPattern<ttg::MemDescSubsliceOp>::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(ttg::MemDescSubsliceOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    // Read by local_load and local_store, the view keeps the buffer's pointer: they find its
    // origin from the subslice ops (accessPlan). Read by warp-group dots (the K parts of B of
    // a split dot; the waits only keep it alive), the view is a buffer of its own shape at an
    // offset of the buffer: its pointer is that offset's, where the layout allows it.
    bool readByDots = false, readByAccesses = false;
    SmallVector<Value> views{op.getResult()};
    while (!views.empty()) {
      Value view = views.pop_back_val();
      for (Operation *user : view.getUsers()) {
        if (auto subslice = dyn_cast<ttg::MemDescSubsliceOp>(user)) {
          views.push_back(subslice.getResult());
          continue;
        }
        if (isa<ttg::LocalLoadOp, ttg::LocalStoreOp>(user)) {
          readByAccesses = true;
          continue;
        }
        if (isa<ttng::WarpGroupDotOp>(user) && view == op.getResult()) {
          readByDots = true;
          continue;
        }
        if (isa<ttng::WarpGroupDotWaitOp>(user))
          continue;
        return op.emitError() << "trex lowers a ttg.memdesc_subslice read by local_load, "
                                 "local_store or (directly) warp_group_dot only, not by "
                              << user->getName();
      }
    }
    if (!readByDots) {
      rewriter.replaceOp(op, adaptor.getSrc());
      return success();
    }
    ttg::MemDescType source = op.getSrc().getType();
    ttg::MemDescType view = op.getType();
    if (readByAccesses || op.getSrc().getDefiningOp<ttg::MemDescSubsliceOp>() ||
        source.getShape() != source.getAllocShape().take_back(source.getShape().size()))
      return op.emitError() << "trex lowers a ttg.memdesc_subslice that a warp_group_dot reads "
                               "only as the one view of a whole buffer that nothing else reads";
    std::optional<int64_t> start = shiftedViewOffset(source.getEncoding(), source.getShape(),
                                                     view.getShape(), op.getOffsets(), op);
    if (!start)
      return op.emitError() << "trex lowers a ttg.memdesc_subslice that a warp_group_dot reads "
                               "only where the part is laid out as a buffer of its own shape";
    SharedStorage storage =
        sharedStorageOf(*getTypeConverter(), view.getElementType(), op->getContext());
    LLVMBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(
        op, b.gep(adaptor.getSrc().getType(), storage.storage, adaptor.getSrc(), b.i32(*start)));
    return success();
  }
};

} // namespace

void populateLocalMemoryOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                         RewritePatternSet &patterns, const TargetInfo &target,
                                         VectorSizeFn copyContiguity) {
  patterns.add<LocalAllocOpConversion, LocalStoreOpConversion, LocalLoadOpConversion>(converter,
                                                                                       target);
  patterns.add<AsyncCopyOpConversion>(converter, target, std::move(copyContiguity));
  patterns.add<AsyncCommitGroupOpConversion, AsyncWaitOpConversion>(converter, target);
  patterns.add<LocalDeallocOpConversion, MemDescIndexOpConversion,
               SameMemoryViewConversion<ttg::MemDescTransOp>,
               SameMemoryViewConversion<ttg::MemDescReshapeOp>,
               SameMemoryViewConversion<ttg::MemDescReinterpretOp>, MemDescSubsliceOpConversion>(
      converter);
}

} // namespace trex
