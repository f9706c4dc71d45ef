// triton-rewrite-tensor-descriptor-to-pointer: for targets without TMA, splits
// every tensor descriptor into its base pointer, shape and strides, and turns
// descriptor loads, stores, gathers, scatters and reductions into
// tensor-of-pointer accesses with bounds masks.
#include "trex/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;

namespace trex::tt {

#define GEN_PASS_DEF_TRITONREWRITETENSORDESCRIPTORTOPOINTER
#include "trex/Dialect/Triton/Transforms/Passes.h.inc"

namespace {

// The block a descriptor moves, its signed integer elements (si8, as Triton's descriptors keep
// them) made signless as tensors and pointers are.
RankedTensorType blockOf(TensorDescType type) {
  RankedTensorType block = type.getBlockType();
  if (auto integer = dyn_cast<IntegerType>(block.getElementType());
      integer && !integer.isSignless())
    return block.clone(IntegerType::get(block.getContext(), integer.getWidth()));
  return block;
}

bool hasTensorDescriptor(TypeRange types) { return llvm::any_of(types, llvm::IsaPred<TensorDescType>); }

// A descriptor after the split: 1 + 2 * rank values.
struct DescriptorParts {
  Value base;
  ValueRange shape;   // i64
  ValueRange strides; // i64
};

DescriptorParts unpack(TensorDescType type, ValueRange parts) {
  int64_t rank = blockOf(type).getRank();
  assert(parts.size() == static_cast<size_t>(1 + 2 * rank) && "a split tensor descriptor");
  return {parts[0], parts.slice(1, rank), parts.slice(1 + rank, rank)};
}

SmallVector<Value> extendToI64(OpBuilder &builder, Location loc, ValueRange values) {
  return llvm::map_to_vector(values, [&](Value value) {
    return builder.createOrFold<arith::ExtSIOp>(loc, builder.getI64Type(), value);
  });
}

// `indices` (of shape [n]) expanded to the rank of `blockShape` with size 1 in
// every dimension but `dim`.
Value expandAlong(OpBuilder &builder, Location loc, ArrayRef<int64_t> blockShape, Value indices,
                  size_t dim) {
  for (size_t other = 0; other < blockShape.size(); ++other) {
    if (other == dim)
      continue;
    auto type = cast<RankedTensorType>(indices.getType());
    SmallVector<int64_t> shape(type.getShape());
    shape.insert(shape.begin() + other, 1);
    indices = ExpandDimsOp::create(builder, loc, type.clone(shape), indices, other);
  }
  return indices;
}

// offset + range(block[dim]) as i64, expanded along `dim`.
Value blockIndices(OpBuilder &builder, Location loc, ArrayRef<int64_t> blockShape, Value offset,
                   size_t dim) {
  int64_t size = blockShape[dim];
  auto rowType = RankedTensorType::get({size}, builder.getI64Type());
  Value splat = SplatOp::create(builder, loc, rowType, offset);
  Value range =
      MakeRangeOp::create(builder, loc, RankedTensorType::get({size}, builder.getI32Type()), 0, size);
  Value wideRange = arith::ExtSIOp::create(builder, loc, rowType, range);
  Value sum = arith::AddIOp::create(builder, loc, splat, wideRange);
  return expandAlong(builder, loc, blockShape, sum, dim);
}

// base + sum_i indices_i * stride_i over the block.
Value buildPointers(OpBuilder &builder, Location loc, ArrayRef<int64_t> blockShape,
                    const DescriptorParts &descriptor, ValueRange indices) {
  auto pointersType = RankedTensorType::get(blockShape, descriptor.base.getType());
  auto offsetsType = RankedTensorType::get(blockShape, builder.getI64Type());
  Value pointers = SplatOp::create(builder, loc, pointersType, descriptor.base);
  for (size_t dim = 0; dim < blockShape.size(); ++dim) {
    // Splatted at the index's shape so its divisibility stays visible.
    Value stride = SplatOp::create(builder, loc, indices[dim].getType(), descriptor.strides[dim]);
    Value scaled = arith::MulIOp::create(builder, loc, indices[dim], stride);
    Value broadcast = BroadcastOp::create(builder, loc, offsetsType, scaled);
    pointers = AddPtrOp::create(builder, loc, pointersType, pointers, broadcast);
  }
  return pointers;
}

// 0 <= indices_i < shape_i in every dimension: descriptors always check bounds.
Value buildMask(OpBuilder &builder, Location loc, ArrayRef<int64_t> blockShape,
                const DescriptorParts &descriptor, ValueRange indices) {
  auto maskType = RankedTensorType::get(blockShape, builder.getI1Type());
  Value mask;
  for (size_t dim = 0; dim < blockShape.size(); ++dim) {
    Value index = indices[dim];
    Value zero = arith::ConstantIntOp::create(builder, loc, builder.getI64Type(), 0);
    Value lowerBound = SplatOp::create(builder, loc, index.getType(), zero);
    Value aboveLower =
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge, index, lowerBound);
    Value upperBound = SplatOp::create(builder, loc, index.getType(), descriptor.shape[dim]);
    Value belowUpper =
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, index, upperBound);
    Value inBounds = arith::AndIOp::create(builder, loc, aboveLower, belowUpper);
    Value broadcast = BroadcastOp::create(builder, loc, maskType, inBounds);
    mask = mask ? arith::AndIOp::create(builder, loc, mask, broadcast).getResult() : broadcast;
  }
  return mask;
}

// The indices of the block at `offsets` (one per dimension).
SmallVector<Value> blockIndicesAt(OpBuilder &builder, Location loc, ArrayRef<int64_t> blockShape,
                                  ValueRange offsets) {
  SmallVector<Value> indices;
  for (size_t dim = 0; dim < blockShape.size(); ++dim)
    indices.push_back(blockIndices(builder, loc, blockShape, offsets[dim], dim));
  return indices;
}

// Rows `xOffsets` of the 2-D tile, columns from `yOffset`.
SmallVector<Value> gatherIndices(OpBuilder &builder, Location loc, ArrayRef<int64_t> tileShape,
                                 Value xOffsets, Value yOffset) {
  Value rows = expandAlong(builder, loc, tileShape, xOffsets, /*dim=*/0);
  auto rowsType = cast<RankedTensorType>(rows.getType()).clone(builder.getI64Type());
  rows = arith::ExtSIOp::create(builder, loc, rowsType, rows);
  Value column = extendToI64(builder, loc, yOffset)[0];
  return {rows, blockIndices(builder, loc, tileShape, column, /*dim=*/1)};
}

Value zeros(OpBuilder &builder, Location loc, RankedTensorType type) {
  return arith::ConstantOp::create(builder, loc, builder.getZeroAttr(type));
}

// The new access keeps the descriptor op's hints (discardable attributes).
void copyHints(Operation *from, Operation *to) {
  for (NamedAttribute attr : from->getDiscardableAttrs())
    to->setAttr(attr.getName(), attr.getValue());
}

struct SplitMakeTensorDescriptor : OpConversionPattern<MakeTensorDescOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(MakeTensorDescOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> parts{adaptor.getBase()};
    llvm::append_range(parts, extendToI64(rewriter, op.getLoc(), adaptor.getShape()));
    llvm::append_range(parts, adaptor.getStrides());
    rewriter.replaceOpWithMultiple(op, {parts});
    return success();
  }
};

struct DescriptorLoadToLoad : OpConversionPattern<DescriptorLoadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(DescriptorLoadOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TensorDescType type = op.getDesc().getType();
    ArrayRef<int64_t> blockShape = blockOf(type).getShape();
    DescriptorParts descriptor = unpack(type, adaptor.getDesc());
    SmallVector<Value> indices =
        blockIndicesAt(rewriter, loc, blockShape, extendToI64(rewriter, loc, op.getIndices()));
    Value pointers = buildPointers(rewriter, loc, blockShape, descriptor, indices);
    Value mask = buildMask(rewriter, loc, blockShape, descriptor, indices);
    Value other = zeros(rewriter, loc, blockOf(type).clone(blockShape));
    // The loaded tensor may drop leading unit dimensions of the block.
    auto load = LoadOp::create(rewriter, loc, blockOf(type), pointers, mask, other,
                               /*boundaryCheck=*/ArrayRef<int32_t>{}, /*padding=*/nullptr,
                               op.getCache(), op.getEvict(), /*isVolatile=*/false);
    copyHints(op, load);
    Value result = load.getResult();
    if (result.getType() != op.getType())
      result = ReshapeOp::create(rewriter, loc, op.getType(), result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct DescriptorStoreToStore : OpConversionPattern<DescriptorStoreOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(DescriptorStoreOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TensorDescType type = op.getDesc().getType();
    ArrayRef<int64_t> blockShape = blockOf(type).getShape();
    DescriptorParts descriptor = unpack(type, adaptor.getDesc());
    SmallVector<Value> indices =
        blockIndicesAt(rewriter, loc, blockShape, extendToI64(rewriter, loc, op.getIndices()));
    Value pointers = buildPointers(rewriter, loc, blockShape, descriptor, indices);
    Value mask = buildMask(rewriter, loc, blockShape, descriptor, indices);
    Value value = op.getSrc();
    if (value.getType() != blockOf(type))
      value = ReshapeOp::create(rewriter, loc, blockOf(type), value);
    auto store = StoreOp::create(rewriter, loc, pointers, value, mask,
                                 /*boundaryCheck=*/ArrayRef<int32_t>{}, CacheModifier::NONE,
                                 EvictionPolicy::NORMAL);
    copyHints(op, store);
    rewriter.eraseOp(op);
    return success();
  }
};

struct DescriptorGatherToLoad : OpConversionPattern<DescriptorGatherOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(DescriptorGatherOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ArrayRef<int64_t> tileShape = op.getType().getShape();
    DescriptorParts descriptor = unpack(op.getDesc().getType(), adaptor.getDesc());
    SmallVector<Value> indices =
        gatherIndices(rewriter, loc, tileShape, op.getXOffsets(), op.getYOffset());
    Value pointers = buildPointers(rewriter, loc, tileShape, descriptor, indices);
    Value mask = buildMask(rewriter, loc, tileShape, descriptor, indices);
    auto load = LoadOp::create(rewriter, loc, op.getType(), pointers, mask,
                               zeros(rewriter, loc, op.getType()),
                               /*boundaryCheck=*/ArrayRef<int32_t>{}, /*padding=*/nullptr,
                               CacheModifier::NONE, EvictionPolicy::NORMAL, /*isVolatile=*/false);
    copyHints(op, load);
    rewriter.replaceOp(op, load.getResult());
    return success();
  }
};

struct DescriptorScatterToStore : OpConversionPattern<DescriptorScatterOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(DescriptorScatterOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ArrayRef<int64_t> tileShape = op.getSrc().getType().getShape();
    DescriptorParts descriptor = unpack(op.getDesc().getType(), adaptor.getDesc());
    SmallVector<Value> indices =
        gatherIndices(rewriter, loc, tileShape, op.getXOffsets(), op.getYOffset());
    Value pointers = buildPointers(rewriter, loc, tileShape, descriptor, indices);
    Value mask = buildMask(rewriter, loc, tileShape, descriptor, indices);
    auto store = StoreOp::create(rewriter, loc, pointers, op.getSrc(), mask,
                                 /*boundaryCheck=*/ArrayRef<int32_t>{}, CacheModifier::NONE,
                                 EvictionPolicy::NORMAL);
    copyHints(op, store);
    rewriter.eraseOp(op);
    return success();
  }
};

// The atomic that does a descriptor reduction element by element. Without
// signedness on the descriptor, integer min/max have no atomic, as in Triton
// for signless descriptors.
std::optional<RMWOp> atomicFor(DescriptorReduceKind kind, Type elementType) {
  switch (kind) {
  case DescriptorReduceKind::ADD:
    return elementType.isInteger() ? RMWOp::ADD : RMWOp::FADD;
  case DescriptorReduceKind::MIN:
    if (elementType.isUnsignedInteger())
      return RMWOp::UMIN;
    if (elementType.isSignedInteger())
      return RMWOp::MIN;
    return std::nullopt;
  case DescriptorReduceKind::MAX:
    if (elementType.isUnsignedInteger())
      return RMWOp::UMAX;
    if (elementType.isSignedInteger())
      return RMWOp::MAX;
    return std::nullopt;
  case DescriptorReduceKind::AND:
    return RMWOp::AND;
  case DescriptorReduceKind::OR:
    return RMWOp::OR;
  case DescriptorReduceKind::XOR:
    return RMWOp::XOR;
  default:
    return std::nullopt;
  }
}

struct DescriptorReduceToAtomic : OpConversionPattern<DescriptorReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(DescriptorReduceOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TensorDescType type = op.getDesc().getType();
    RankedTensorType blockType = blockOf(type);
    std::optional<RMWOp> atomic = atomicFor(op.getKind(), blockType.getElementType());
    if (!atomic)
      return op.emitOpError("has no atomic fallback for ")
             << stringifyDescriptorReduceKind(op.getKind()) << " on "
             << blockType.getElementType();
    ArrayRef<int64_t> blockShape = blockType.getShape();
    DescriptorParts descriptor = unpack(type, adaptor.getDesc());
    SmallVector<Value> indices =
        blockIndicesAt(rewriter, loc, blockShape, extendToI64(rewriter, loc, op.getIndices()));
    Value pointers = buildPointers(rewriter, loc, blockShape, descriptor, indices);
    Value mask = buildMask(rewriter, loc, blockShape, descriptor, indices);
    Value value = op.getSrc();
    if (value.getType() != blockType)
      value = ReshapeOp::create(rewriter, loc, blockType, value);
    AtomicRMWOp::create(rewriter, loc, blockType, *atomic, pointers, value, mask,
                        MemSemantic::RELEASE, MemSyncScope::GPU);
    rewriter.eraseOp(op);
    return success();
  }
};

SmallVector<Value> flatten(ArrayRef<ValueRange> groups) {
  SmallVector<Value> values;
  for (ValueRange group : groups)
    llvm::append_range(values, group);
  return values;
}

// tt.call passing or returning descriptors passes and returns their parts.
struct SplitDescriptorsOfCall : OpConversionPattern<CallOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(CallOp call, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    SmallVector<size_t> groupSizes;
    for (Type type : call.getResultTypes()) {
      size_t before = resultTypes.size();
      if (failed(getTypeConverter()->convertTypes(type, resultTypes)))
        return failure();
      groupSizes.push_back(resultTypes.size() - before);
    }
    auto newCall = CallOp::create(rewriter, call.getLoc(), call.getCallee(), resultTypes,
                                  flatten(adaptor.getOperands()));
    newCall->setAttrs(call->getAttrs());
    SmallVector<ValueRange> replacements;
    size_t offset = 0;
    for (size_t size : groupSizes) {
      replacements.push_back(newCall->getResults().slice(offset, size));
      offset += size;
    }
    rewriter.replaceOpWithMultiple(call, replacements);
    return success();
  }
};

struct SplitDescriptorsOfReturn : OpConversionPattern<ReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(ReturnOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto newReturn = ReturnOp::create(rewriter, op.getLoc(), flatten(adaptor.getOperands()));
    newReturn->setAttrs(op->getAttrs());
    rewriter.replaceOp(op, newReturn);
    return success();
  }
};

// arith.select between descriptors: one value cannot stand for several, so
// the choice becomes an scf.if yielding the parts.
struct SelectOfDescriptorsToIf : OpConversionPattern<arith::SelectOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(arith::SelectOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto choice = scf::IfOp::create(rewriter, op.getLoc(), TypeRange(adaptor.getTrueValue()),
                                    op.getCondition(), /*withElseRegion=*/true);
    choice->setAttrs(op->getAttrs());
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(choice.thenBlock());
      scf::YieldOp::create(rewriter, op.getLoc(), adaptor.getTrueValue());
      rewriter.setInsertionPointToStart(choice.elseBlock());
      scf::YieldOp::create(rewriter, op.getLoc(), adaptor.getFalseValue());
    }
    rewriter.replaceOpWithMultiple(op, {choice->getResults()});
    return success();
  }
};

struct TritonRewriteTensorDescriptorToPointerPass
    : impl::TritonRewriteTensorDescriptorToPointerBase<
          TritonRewriteTensorDescriptorToPointerPass> {
  void runOnOperation() override {
    if (failed(rewriteTensorDescriptorsToPointers(getOperation())))
      signalPassFailure();
  }
};

} // namespace

LogicalResult rewriteTensorDescriptorsToPointers(Operation *root) {
  MLIRContext *context = root->getContext();
  ConversionTarget target(*context);
  auto withoutDescriptors = [](Operation *op) {
    return !hasTensorDescriptor(op->getOperandTypes()) &&
           !hasTensorDescriptor(op->getResultTypes());
  };
  target.addDynamicallyLegalDialect<arith::ArithDialect, scf::SCFDialect, TTDialect>(
      withoutDescriptors);
  target.addDynamicallyLegalOp<FuncOp>([](FuncOp function) {
    return !hasTensorDescriptor(function.getFunctionType().getInputs()) &&
           !hasTensorDescriptor(function.getFunctionType().getResults());
  });

  TypeConverter converter;
  converter.addConversion([](Type type) { return type; });
  // A descriptor of rank r becomes its base pointer, r shapes and r strides.
  converter.addConversion([](TensorDescType type, SmallVectorImpl<Type> &parts) {
    RankedTensorType block = blockOf(type);
    parts.push_back(PointerType::get(block.getElementType(), /*addressSpace=*/1));
    parts.append(2 * block.getRank(), IntegerType::get(type.getContext(), 64));
    return success();
  });

  RewritePatternSet patterns(context);
  populateFunctionOpInterfaceTypeConversionPattern<FuncOp>(patterns, converter);
  scf::populateSCFStructuralTypeConversions(converter, patterns);
  patterns.add<SplitDescriptorsOfCall, SplitDescriptorsOfReturn, SelectOfDescriptorsToIf,
               SplitMakeTensorDescriptor, DescriptorLoadToLoad, DescriptorStoreToStore,
               DescriptorGatherToLoad, DescriptorScatterToStore, DescriptorReduceToAtomic>(
      converter, context);

  // Every descriptor value is replaced; none may survive for a cast to keep.
  ConversionConfig config;
  config.buildMaterializations = false;
  return applyPartialConversion(root, target, std::move(patterns), config);
}

} // namespace trex::tt
