// triton-rewrite-tensor-pointer: replaces block pointers (tt.make_tensor_ptr,
// tt.advance) by explicit offsets, and their loads and stores by accesses
// through tensors of pointers with bounds-check masks.
#include "trex/Dialect/Triton/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace trex::tt {

#define GEN_PASS_DEF_TRITONREWRITETENSORPOINTER
#include "trex/Dialect/Triton/Transforms/Passes.h.inc"

namespace {

// What a block pointer value stands for once rewritten: the parent tensor
// (base, shape, strides, all from its tt.make_tensor_ptr) and the block's
// current position as one i64 offset per dimension. Only the offsets change
// along tt.advance and through loops.
struct BlockPointer {
  Value base;
  SmallVector<Value> shape;
  SmallVector<Value> strides;
  SmallVector<Value> offsets;
  SmallVector<int64_t> blockShape;

  size_t rank() const { return blockShape.size(); }
};

// Builds the addresses, mask and padding of one access through a block
// pointer. The per-dimension index vectors are shared by the address and the
// mask of the access.
class BlockAccessBuilder {
public:
  BlockAccessBuilder(OpBuilder &builder, Location loc, const BlockPointer &pointer)
      : builder(builder), loc(loc), pointer(pointer), indices(pointer.rank()) {}

  // base + sum_i (offset_i + range(block_i)) * stride_i, as a tensor of pointers.
  Value buildPointers() {
    auto pointerType = cast<PointerType>(pointer.base.getType());
    auto pointersType = RankedTensorType::get(pointer.blockShape, pointerType);
    auto offsetsType = RankedTensorType::get(pointer.blockShape, builder.getI64Type());
    Value pointers = SplatOp::create(builder, loc, pointersType, pointer.base);
    for (size_t dim = 0; dim < pointer.rank(); ++dim) {
      Value index = getIndices(dim);
      // The stride is splatted at the index's shape, not as a row, so that
      // its divisibility stays visible to the axis analysis.
      Value stride = SplatOp::create(builder, loc, index.getType(), pointer.strides[dim]);
      Value scaled = arith::MulIOp::create(builder, loc, index, stride);
      Value broadcast = BroadcastOp::create(builder, loc, offsetsType, scaled);
      pointers = AddPtrOp::create(builder, loc, pointersType, pointers, broadcast);
    }
    return pointers;
  }

  // 0 <= index_i < shape_i for every checked dimension i; null if none is.
  Value buildMask(ArrayRef<int32_t> checkedDims) {
    auto maskType = RankedTensorType::get(pointer.blockShape, builder.getI1Type());
    Value mask;
    for (int32_t dim : checkedDims) {
      Value index = getIndices(dim);
      Value zero = arith::ConstantIntOp::create(builder, loc, builder.getI64Type(), 0);
      Value lowerBound = SplatOp::create(builder, loc, index.getType(), zero);
      Value aboveLower =
          arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge, index, lowerBound);
      Value upperBound = SplatOp::create(builder, loc, index.getType(), pointer.shape[dim]);
      Value belowUpper =
          arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, index, upperBound);
      Value inBounds = arith::AndIOp::create(builder, loc, aboveLower, belowUpper);
      Value broadcast = BroadcastOp::create(builder, loc, maskType, inBounds);
      mask = mask ? arith::AndIOp::create(builder, loc, mask, broadcast).getResult() : broadcast;
    }
    return mask;
  }

  // The value read outside the bounds: zero, or NaN for padding = nan.
  Value buildPadding(PaddingOption padding) {
    Type elementType = cast<PointerType>(pointer.base.getType()).getPointeeType();
    TypedAttr value = builder.getZeroAttr(elementType);
    if (padding == PaddingOption::PAD_NAN) {
      auto zero = cast<FloatAttr>(value);
      value = builder.getFloatAttr(elementType,
                                   llvm::APFloat::getNaN(zero.getValue().getSemantics()));
    }
    Value scalar = arith::ConstantOp::create(builder, loc, value);
    return SplatOp::create(builder, loc, RankedTensorType::get(pointer.blockShape, elementType),
                           scalar);
  }

private:
  // offset_dim + range(block_dim), as i64, expanded to the block's rank with
  // size 1 in every other dimension.
  Value getIndices(size_t dim) {
    if (indices[dim])
      return indices[dim];
    int64_t size = pointer.blockShape[dim];
    auto rowType = RankedTensorType::get({size}, builder.getI64Type());
    Value offset = SplatOp::create(builder, loc, rowType, pointer.offsets[dim]);
    Value range = MakeRangeOp::create(
        builder, loc, RankedTensorType::get({size}, builder.getI32Type()), 0, size);
    Value wideRange = arith::ExtSIOp::create(builder, loc, rowType, range);
    Value result = arith::AddIOp::create(builder, loc, offset, wideRange);
    for (size_t other = 0; other < pointer.rank(); ++other) {
      if (other == dim)
        continue;
      auto type = cast<RankedTensorType>(result.getType());
      SmallVector<int64_t> shape(type.getShape());
      shape.insert(shape.begin() + other, 1);
      result = ExpandDimsOp::create(builder, loc, type.clone(shape), result, other);
    }
    return indices[dim] = result;
  }

  OpBuilder &builder;
  Location loc;
  const BlockPointer &pointer;
  SmallVector<Value> indices;
};

// The rewrite visits the IR in order, remembers what each block pointer value
// stands for, rebuilds the loops and ifs that carry block pointers (which
// changes their types, so they cannot be updated in place) and erases the
// block-pointer ops at the end, when nothing uses them any more.
class TensorPointerRewriter {
public:
  LogicalResult run(Operation *root) {
    if (failed(visit(root)))
      return failure();
    // Erased in reverse: an op's users were visited, and are erased, first.
    for (Operation *op : llvm::reverse(toErase)) {
      if (!op->use_empty())
        return op->emitOpError("its block pointer is used by an op that "
                               "triton-rewrite-tensor-pointer cannot rewrite");
      op->erase();
    }
    return success();
  }

private:
  LogicalResult visit(Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &nested : llvm::make_early_inc_range(block)) {
          FailureOr<Operation *> next = rewrite(&nested);
          if (failed(next))
            return failure();
          if (*next && failed(visit(*next)))
            return failure();
        }
    return success();
  }

  // Rewrites `op` if it involves block pointers; returns the op whose regions
  // are to be visited next (null for none).
  FailureOr<Operation *> rewrite(Operation *op) {
    OpBuilder builder(op);
    if (auto make = dyn_cast<MakeTensorPtrOp>(op))
      return rewriteMakeTensorPtr(builder, make);
    if (auto advance = dyn_cast<AdvanceOp>(op))
      return rewriteAdvance(builder, advance);
    if (auto load = dyn_cast<LoadOp>(op))
      return rewriteLoad(builder, load);
    if (auto store = dyn_cast<StoreOp>(op))
      return rewriteStore(builder, store);
    if (auto ifOp = dyn_cast<scf::IfOp>(op))
      return rewriteIf(builder, ifOp);
    Dialect *dialect = op->getDialect();
    if (!dialect || !isa<scf::SCFDialect, cf::ControlFlowDialect>(dialect) || !usesBlockPointer(op))
      return op;
    if (auto forOp = dyn_cast<scf::ForOp>(op))
      return rewriteFor(builder, forOp);
    if (auto yield = dyn_cast<scf::YieldOp>(op))
      return rewriteYield(yield);
    return op->emitOpError("carries a block pointer; only scf.for and scf.if can carry one "
                           "through triton-rewrite-tensor-pointer");
  }

  // What the block pointer `value` used by `user` stands for; fails for a
  // block pointer that does not come from a tt.make_tensor_ptr (a function
  // argument, say).
  FailureOr<BlockPointer> lookup(Operation *user, Value value) {
    auto it = pointers.find(value);
    if (it == pointers.end())
      return user->emitOpError("uses a block pointer that does not come from tt.make_tensor_ptr");
    return it->second;
  }

  static bool usesBlockPointer(Operation *op) {
    return llvm::any_of(op->getOperandTypes(), isTensorPointerType);
  }

  FailureOr<Operation *> rewriteMakeTensorPtr(OpBuilder &builder, MakeTensorPtrOp op) {
    BlockPointer pointer;
    pointer.base = op.getBase();
    pointer.shape = llvm::to_vector(op.getShape());
    pointer.strides = llvm::to_vector(op.getStrides());
    for (Value offset : op.getOffsets())
      pointer.offsets.push_back(
          arith::ExtSIOp::create(builder, op.getLoc(), builder.getI64Type(), offset));
    auto block = cast<RankedTensorType>(cast<PointerType>(op.getType()).getPointeeType());
    pointer.blockShape = llvm::to_vector(block.getShape());
    pointers[op.getResult()] = std::move(pointer);
    toErase.push_back(op);
    return nullptr;
  }

  FailureOr<Operation *> rewriteAdvance(OpBuilder &builder, AdvanceOp op) {
    FailureOr<BlockPointer> found = lookup(op, op.getPtr());
    if (failed(found))
      return failure();
    BlockPointer pointer = std::move(*found);
    for (auto [dim, delta] : llvm::enumerate(op.getOffsets())) {
      Value wideDelta = arith::ExtSIOp::create(builder, op.getLoc(), builder.getI64Type(), delta);
      pointer.offsets[dim] =
          arith::AddIOp::create(builder, op.getLoc(), pointer.offsets[dim], wideDelta);
    }
    pointers[op.getResult()] = std::move(pointer);
    toErase.push_back(op);
    return nullptr;
  }

  FailureOr<Operation *> rewriteLoad(OpBuilder &builder, LoadOp load) {
    if (!isTensorPointerType(load.getPtr().getType()))
      return nullptr;
    FailureOr<BlockPointer> pointer = lookup(load, load.getPtr());
    if (failed(pointer))
      return failure();
    BlockAccessBuilder access(builder, load.getLoc(), *pointer);
    Value addresses = access.buildPointers();
    Value mask = access.buildMask(load.getBoundaryCheck());
    // Padding fills the lanes the mask disables; without a checked dimension
    // there are none (and a load takes no `other` without a mask).
    Value other;
    if (std::optional<PaddingOption> padding = load.getPadding(); padding && mask)
      other = access.buildPadding(*padding);
    Value result = LoadOp::create(builder, load.getLoc(), load.getType(), addresses, mask, other,
                                  /*boundaryCheck=*/ArrayRef<int32_t>{}, /*padding=*/nullptr,
                                  load.getCache(), load.getEvict(), load.getIsVolatile());
    load.getResult().replaceAllUsesWith(result);
    toErase.push_back(load);
    return nullptr;
  }

  FailureOr<Operation *> rewriteStore(OpBuilder &builder, StoreOp store) {
    if (!isTensorPointerType(store.getPtr().getType()))
      return nullptr;
    FailureOr<BlockPointer> pointer = lookup(store, store.getPtr());
    if (failed(pointer))
      return failure();
    BlockAccessBuilder access(builder, store.getLoc(), *pointer);
    Value addresses = access.buildPointers();
    Value mask = access.buildMask(store.getBoundaryCheck());
    StoreOp::create(builder, store.getLoc(), addresses, store.getValue(), mask,
                    /*boundaryCheck=*/ArrayRef<int32_t>{}, store.getCache(), store.getEvict());
    toErase.push_back(store);
    return nullptr;
  }

  // The tt.make_tensor_ptr a block pointer value comes from, through
  // tt.advance, loop-carried arguments and the results of scf.for/scf.if.
  static MakeTensorPtrOp findOrigin(Value value) {
    if (auto argument = dyn_cast<BlockArgument>(value)) {
      auto loop = dyn_cast<scf::ForOp>(argument.getOwner()->getParentOp());
      if (!loop || argument.getArgNumber() == 0)
        return nullptr;
      return findOrigin(loop.getTiedLoopInit(argument)->get());
    }
    Operation *producer = value.getDefiningOp();
    if (auto make = dyn_cast<MakeTensorPtrOp>(producer))
      return make;
    if (auto advance = dyn_cast<AdvanceOp>(producer))
      return findOrigin(advance.getPtr());
    unsigned resultIndex = cast<OpResult>(value).getResultNumber();
    if (auto loop = dyn_cast<scf::ForOp>(producer))
      return findOrigin(loop.getInitArgs()[resultIndex]);
    if (auto ifOp = dyn_cast<scf::IfOp>(producer))
      return findOrigin(ifOp.thenYield().getOperand(resultIndex));
    return nullptr;
  }

  // An scf.if yielding block pointers yields their offsets instead. Both
  // branches are assumed to point into the tensor of the then-branch's
  // tt.make_tensor_ptr, as Triton assumes.
  FailureOr<Operation *> rewriteIf(OpBuilder &builder, scf::IfOp op) {
    SmallVector<Type> resultTypes;
    SmallVector<std::optional<BlockPointer>, 4> templates;
    bool carriesBlockPointer = false;
    for (Value yielded : op.thenYield().getOperands()) {
      if (!isTensorPointerType(yielded.getType())) {
        resultTypes.push_back(yielded.getType());
        templates.push_back(std::nullopt);
        continue;
      }
      carriesBlockPointer = true;
      MakeTensorPtrOp origin = findOrigin(yielded);
      if (!origin || !pointers.count(origin.getResult()))
        return op.emitOpError("yields a block pointer whose tt.make_tensor_ptr is not visible "
                              "before the scf.if");
      const BlockPointer &pointer = pointers[origin.getResult()];
      resultTypes.append(pointer.rank(), builder.getI64Type());
      templates.push_back(pointer);
    }
    if (!carriesBlockPointer)
      return op.getOperation();

    bool hasElse = !op.getElseRegion().empty();
    auto newIf = scf::IfOp::create(builder, op.getLoc(), resultTypes, op.getCondition(), hasElse);
    IRMapping mapping;
    auto cloneInto = [&](Block *from, Block *to) {
      builder.setInsertionPointToStart(to);
      for (Operation &nested : *from)
        builder.clone(nested, mapping);
    };
    cloneInto(op.thenBlock(), newIf.thenBlock());
    if (hasElse)
      cloneInto(op.elseBlock(), newIf.elseBlock());

    unsigned newIndex = 0;
    for (auto [oldResult, pointer] : llvm::zip(op.getResults(), templates)) {
      if (!pointer) {
        oldResult.replaceAllUsesWith(newIf.getResult(newIndex++));
        continue;
      }
      for (Value &offset : pointer->offsets)
        offset = newIf.getResult(newIndex++);
      pointers[oldResult] = std::move(*pointer);
    }
    toErase.push_back(op);
    return newIf.getOperation();
  }

  // An scf.for carrying block pointers carries their offsets instead; inside
  // the new body the old arguments stand for the new offset arguments.
  FailureOr<Operation *> rewriteFor(OpBuilder &builder, scf::ForOp op) {
    // The block pointers the loop starts from, by init position.
    SmallVector<std::optional<BlockPointer>, 4> initial;
    for (Value init : op.getInitArgs()) {
      initial.emplace_back();
      if (!isTensorPointerType(init.getType()))
        continue;
      FailureOr<BlockPointer> pointer = lookup(op, init);
      if (failed(pointer))
        return failure();
      initial.back() = std::move(*pointer);
    }
    SmallVector<Value> inits;
    for (auto [init, pointer] : llvm::zip(op.getInitArgs(), initial)) {
      if (pointer)
        llvm::append_range(inits, pointer->offsets);
      else
        inits.push_back(init);
    }
    auto newFor = scf::ForOp::create(builder, op.getLoc(), op.getLowerBound(), op.getUpperBound(),
                                     op.getStep(), inits);
    newFor->setAttrs(op->getAttrs());

    IRMapping mapping;
    mapping.map(op.getInductionVar(), newFor.getInductionVar());
    unsigned newIndex = 0;
    for (auto [oldArgument, start] : llvm::zip(op.getRegionIterArgs(), initial)) {
      if (!start) {
        mapping.map(oldArgument, newFor.getRegionIterArgs()[newIndex++]);
        continue;
      }
      BlockPointer pointer = *start;
      for (Value &offset : pointer.offsets)
        offset = newFor.getRegionIterArgs()[newIndex++];
      pointers[oldArgument] = std::move(pointer);
    }
    builder.setInsertionPointToStart(newFor.getBody());
    for (Operation &nested : *op.getBody())
      builder.clone(nested, mapping);

    newIndex = 0;
    for (auto [oldResult, start] : llvm::zip(op.getResults(), initial)) {
      if (!start) {
        oldResult.replaceAllUsesWith(newFor.getResult(newIndex++));
        continue;
      }
      BlockPointer pointer = *start;
      for (Value &offset : pointer.offsets)
        offset = newFor.getResult(newIndex++);
      pointers[oldResult] = std::move(pointer);
    }
    toErase.push_back(op);
    return newFor.getOperation();
  }

  FailureOr<Operation *> rewriteYield(scf::YieldOp op) {
    SmallVector<Value> operands;
    for (Value operand : op.getOperands()) {
      if (!isTensorPointerType(operand.getType())) {
        operands.push_back(operand);
        continue;
      }
      FailureOr<BlockPointer> pointer = lookup(op, operand);
      if (failed(pointer))
        return failure();
      llvm::append_range(operands, pointer->offsets);
    }
    op->setOperands(operands);
    return nullptr;
  }

  llvm::DenseMap<Value, BlockPointer> pointers;
  SmallVector<Operation *> toErase;
};

struct TritonRewriteTensorPointerPass
    : impl::TritonRewriteTensorPointerBase<TritonRewriteTensorPointerPass> {
  void runOnOperation() override {
    if (failed(rewriteTensorPointers(getOperation())))
      signalPassFailure();
  }
};

} // namespace

LogicalResult rewriteTensorPointers(Operation *root) { return TensorPointerRewriter().run(root); }

} // namespace trex::tt
