// triton-nvidia-gpu-plan-cta: which CTA of a thread-block cluster holds which part of each
// tensor, planned from the dots (or reductions, or stores) as Triton 3.6's PlanCTA does.
//
// The plan starts at an anchor op: a tt.dot splits its result between the CTAs along M and N
// (at least 64 rows or columns each), a reduction splits the dimensions it keeps, and without
// either the first store's layout is kept. The anchor's operands and results get the new CGA
// layouts through pairs of unrealized casts (old -> new before an operand, new -> old after a
// result); a worklist then pushes each cast through the op on its other side (backward through
// the producers, forward through the users), giving that op the new layout and moving the cast
// on, until casts meet: two that cancel vanish, two that do not become a ttg.convert_layout. A
// value with several users that want different layouts is computed once per layout (its
// defining op cloned). The order of the worklist is Triton's, so the IR after the pass (the op
// order, which op is cloned) is Triton's.
#include "trex/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/LayoutBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <algorithm>
#include <deque>

using namespace mlir;

namespace trex::ttng {

#define GEN_PASS_DEF_TRITONNVIDIAGPUPLANCTA
#include "trex/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"

namespace {

using CastOp = UnrealizedConversionCastOp;

constexpr llvm::StringLiteral kDirection = "direction";

bool isTensorLike(Type type) {
  if (auto pointer = dyn_cast<tt::PointerType>(type))
    type = pointer.getPointeeType();
  return isa<RankedTensorType>(type);
}

RankedTensorType tensorOf(Type type) {
  if (auto pointer = dyn_cast<tt::PointerType>(type))
    type = pointer.getPointeeType();
  return dyn_cast<RankedTensorType>(type);
}

// `type` (a tensor, or a pointer to a tensor: a block pointer) with another layout.
Type withLayout(Type type, Attribute layout) {
  auto pointer = dyn_cast<tt::PointerType>(type);
  Type inner = pointer ? pointer.getPointeeType() : type;
  if (auto tensor = dyn_cast<RankedTensorType>(inner))
    inner = RankedTensorType::get(tensor.getShape(), tensor.getElementType(), layout);
  return pointer ? tt::PointerType::get(inner, pointer.getAddressSpace()) : inner;
}

// A blocked layout (or a slice of one) rebuilt for another CGA layout: the threads and warps
// are chosen again for the part of `shape` one CTA holds.
ttg::DistributedEncodingTrait withCGALayout(ttg::DistributedEncodingTrait layout,
                                            ArrayRef<int64_t> shape, int numWarps,
                                            int threadsPerWarp, const ttg::CGALayout &cga) {
  MLIRContext *context = layout.getContext();
  if (auto blocked = dyn_cast<ttg::BlockedEncodingAttr>(layout))
    return ttg::buildBlockedEncoding(context, shape, blocked.getSizePerThread(), blocked.getOrder(),
                                     numWarps, threadsPerWarp, cga);
  if (auto slice = dyn_cast<ttg::SliceEncodingAttr>(layout)) {
    // The parent's shape has the sliced dimension back, of extent 1.
    SmallVector<int64_t> parentShape(shape);
    parentShape.insert(parentShape.begin() + slice.getDim(), 1);
    ttg::CGALayout parentCGA{cga.rank + 1, {}};
    for (ttg::Basis basis : cga.blockBases) {
      basis.insert(basis.begin() + slice.getDim(), 0);
      parentCGA.blockBases.push_back(std::move(basis));
    }
    auto parent = withCGALayout(cast<ttg::DistributedEncodingTrait>(slice.getParent()), parentShape,
                                numWarps, threadsPerWarp, parentCGA);
    return ttg::SliceEncodingAttr::get(context, slice.getDim(), parent);
  }
  return {};
}

// Elements each thread holds contiguously per dimension (sizePerThread of a blocked layout or
// of a slice's parent; 1 for other layouts).
SmallVector<unsigned> contiguousPerThread(Attribute layout, unsigned rank) {
  if (auto blocked = dyn_cast<ttg::BlockedEncodingAttr>(layout))
    return SmallVector<unsigned>(blocked.getSizePerThread());
  if (auto slice = dyn_cast<ttg::SliceEncodingAttr>(layout)) {
    SmallVector<unsigned> parent = contiguousPerThread(slice.getParent(), rank + 1);
    parent.erase(parent.begin() + slice.getDim());
    return parent;
  }
  return SmallVector<unsigned>(rank, 1);
}

class CTAPlanner {
public:
  CTAPlanner(tt::FuncOp function, int numCTAs, int numWarps, int threadsPerWarp)
      : function(function), numCTAs(numCTAs), numWarps(numWarps), threadsPerWarp(threadsPerWarp) {}

  LogicalResult run();

private:
  tt::FuncOp function;
  int numCTAs, numWarps, threadsPerWarp;
  bool tiled = false;
  unsigned stepsUnchanged = 0;
  std::deque<CastOp> queue;
  // Set when an op the planner cannot handle is met; reported once.
  std::optional<std::string> failure;
  Operation *failedAt = nullptr;

  void fail(Operation *op, const std::string &why) {
    if (!failure) {
      failure = why;
      failedAt = op;
    }
  }

  CastOp markBackward(CastOp cast) {
    cast->setAttr(kDirection, StringAttr::get(cast.getContext(), "backward"));
    return cast;
  }
  CastOp markForward(CastOp cast) {
    cast->setAttr(kDirection, StringAttr::get(cast.getContext(), "forward"));
    return cast;
  }
  static bool isBackward(CastOp cast) {
    auto direction = cast->getAttrOfType<StringAttr>(kDirection);
    return direction && direction.getValue() == "backward";
  }

  CastOp createCast(OpBuilder &builder, Location loc, Type type, Value value) {
    return CastOp::create(builder, loc, TypeRange{type}, ValueRange{value});
  }

  void processDots();
  void processReductions();
  void processStores();
  bool propagate(CastOp cast);
  bool propagateBackward(CastOp cast);
  bool propagateForward(CastOp cast);
  void eraseCasts(ArrayRef<CastOp> casts);
  void insertCasts(Operation *op, ArrayRef<Attribute> operandLayouts,
                   ArrayRef<Attribute> resultLayouts);
  void eliminateAdjacentCasts(CastOp forward, CastOp backward);
  void processLoadStore(Operation *op, Attribute layout);
  void processElementwise(Operation *op, Attribute layout);
  void processConstant(arith::ConstantOp constant, Attribute layout);
  void processExpandDimsBackward(tt::ExpandDimsOp expand, Attribute layout);
  void processConvertLayoutBackward(ttg::ConvertLayoutOp convert, CastOp cast);
  void processConvertLayoutForward(ttg::ConvertLayoutOp convert, CastOp cast);
  void processIf(scf::IfOp ifOp, unsigned index, Type type);
  void processFor(scf::ForOp forOp, unsigned index, Type type);
  void processFallback(Operation *op);
  bool processMultiUsersBackward(Value input, CastOp cast);
  void processMultiUsersForward(Value output, CastOp cast);
};

bool isLoadStoreOp(Operation *op) {
  return isa<tt::LoadOp, tt::StoreOp, tt::AtomicRMWOp, tt::AtomicCASOp, tt::DescriptorLoadOp,
             tt::DescriptorStoreOp, tt::DescriptorGatherOp, tt::DescriptorScatterOp>(op);
}

bool isElementwiseOp(Operation *op) {
  if (isa<arith::AddFOp, arith::AddIOp, arith::AndIOp, arith::CeilDivSIOp, arith::CeilDivUIOp,
          arith::DivFOp, arith::DivSIOp, arith::DivUIOp, arith::ExtFOp, arith::ExtSIOp,
          arith::ExtUIOp, arith::FloorDivSIOp, arith::FPToSIOp, arith::FPToUIOp, arith::MaximumFOp,
          arith::MaxNumFOp, arith::MaxSIOp, arith::MaxUIOp, arith::MinimumFOp, arith::MinNumFOp,
          arith::MinSIOp, arith::MinUIOp, arith::MulFOp, arith::MulIOp, arith::MulUIExtendedOp,
          arith::MulSIExtendedOp, arith::NegFOp, arith::OrIOp, arith::RemFOp, arith::RemSIOp,
          arith::RemUIOp, arith::ShLIOp, arith::ShRSIOp, arith::ShRUIOp, arith::SIToFPOp,
          arith::SubFOp, arith::SubIOp, arith::TruncFOp, arith::TruncIOp, arith::UIToFPOp,
          arith::XOrIOp>(op))
    return true;
  if (isa<math::AbsFOp, math::AbsIOp, math::AtanOp, math::Atan2Op, math::CeilOp, math::CopySignOp,
          math::CosOp, math::SinOp, math::CountLeadingZerosOp, math::CountTrailingZerosOp,
          math::CtPopOp, math::ErfOp, math::ExpOp, math::Exp2Op, math::FloorOp, math::ExpM1Op,
          math::FmaOp, math::LogOp, math::Log10Op, math::Log1pOp, math::Log2Op, math::PowFOp,
          math::SqrtOp, math::RsqrtOp, math::TanhOp>(op))
    return true;
  if (isa<tt::IntToPtrOp, tt::PtrToIntOp, tt::BitcastOp, tt::FpToFpOp, tt::AddPtrOp,
          tt::PreciseSqrtOp, tt::PreciseDivFOp>(op))
    return true;
  if (auto external = dyn_cast<tt::ExternElementwiseOp>(op))
    return external.getPure();
  return isa<arith::CmpIOp, arith::CmpFOp, arith::SelectOp>(op);
}

// How a dot of M x N is split between numCTAs CTAs: the most rows per CTA (at most 128, at
// least 64) that leave at least 64 columns per CTA.
std::pair<unsigned, unsigned> dotTiling(int64_t rows, int64_t columns, unsigned numCTAs) {
  unsigned splitM = 1, splitN = numCTAs;
  for (unsigned chunk = 128; chunk >= 64; chunk /= 2) {
    splitM = static_cast<unsigned>(std::clamp<int64_t>(rows / chunk, 1, numCTAs));
    splitN = numCTAs / splitM;
    if (columns / splitN >= 64)
      break;
  }
  return {splitM, splitN};
}

void CTAPlanner::processDots() {
  function.walk([&](tt::DotOp dot) {
    MLIRContext *context = dot.getContext();
    auto aType = cast<RankedTensorType>(dot.getA().getType());
    auto bType = cast<RankedTensorType>(dot.getB().getType());
    auto dType = cast<RankedTensorType>(dot.getD().getType());
    auto aLayout = dyn_cast<ttg::DotOperandEncodingAttr>(aType.getEncoding());
    auto bLayout = dyn_cast<ttg::DotOperandEncodingAttr>(bType.getEncoding());
    auto dLayout = dyn_cast<ttg::BlockedEncodingAttr>(dType.getEncoding());
    if (dType.getRank() != 2) {
      // Triton's plan reads M and N as the first two dimensions: a batched dot would be split
      // along the batch.
      fail(dot, "batched (3-d) dots are not planned over the CTAs of a cluster");
      return;
    }
    if (!aLayout || !bLayout || !dLayout) {
      fail(dot, "a dot whose operands are not in blocked dot-operand layouts (the pass runs "
                "right after coalescing)");
      return;
    }
    auto [splitM, splitN] = dotTiling(dType.getShape()[0], dType.getShape()[1], numCTAs);
    tiled = true;
    ttg::CGALayout cga =
        ttg::CGALayout::fromSplitParams({splitM, splitN}, {splitM, splitN}, {1, 0});
    auto newD = ttg::buildBlockedEncoding(context, dType.getShape(), dLayout.getSizePerThread(),
                                          dLayout.getOrder(), numWarps, threadsPerWarp, cga);
    auto newA = ttg::DotOperandEncodingAttr::get(context, aLayout.getOpIdx(), newD, 0);
    auto newB = ttg::DotOperandEncodingAttr::get(context, bLayout.getOpIdx(), newD, 0);
    insertCasts(dot, {newA, newB, newD}, {newD});
  });
}

void CTAPlanner::processReductions() {
  function.walk([&](tt::ReduceOp reduce) {
    MLIRContext *context = reduce.getContext();
    auto sourceType = cast<RankedTensorType>(reduce.getOperands()[0].getType());
    ArrayRef<int64_t> shape = sourceType.getShape();
    auto layout = dyn_cast<ttg::DistributedEncodingTrait>(sourceType.getEncoding());
    if (!layout) {
      fail(reduce, "a reduction of a tensor without a distributed layout");
      return;
    }
    unsigned axis = reduce.getAxis();
    unsigned rank = shape.size();
    SmallVector<unsigned> order = ttg::getOrder(layout, rank);
    SmallVector<unsigned> sizePerThread = contiguousPerThread(layout, rank);
    // Every kept dimension, slowest first, takes as many CTAs as it has sizePerThread-wide
    // columns; the reduced one is never split (no reduction across CTAs).
    SmallVector<unsigned> ctasPerCGA(rank, 0);
    unsigned remaining = numCTAs;
    for (int i = rank - 1; i >= 0; --i) {
      unsigned dim = order[i];
      if (dim == axis) {
        ctasPerCGA[dim] = 1;
      } else {
        ctasPerCGA[dim] =
            std::min<unsigned>(shape[dim] / std::max<unsigned>(1, sizePerThread[dim]), remaining);
        ctasPerCGA[dim] = std::max<unsigned>(1, ctasPerCGA[dim]);
        remaining /= ctasPerCGA[dim];
      }
    }
    for (int i = rank - 1; i >= 0; --i)
      if (order[i] != axis) {
        ctasPerCGA[order[i]] *= remaining;
        break;
      }
    SmallVector<unsigned> ctaSplitNum = ctasPerCGA;
    if (remaining > 0)
      ctasPerCGA[order[rank - 1]] *= remaining;
    SmallVector<unsigned> ctaOrder = ttg::getOrder(layout, rank);
    ttg::CGALayout cga = ttg::CGALayout::fromSplitParams(ctasPerCGA, ctaSplitNum, ctaOrder);
    tiled = true;
    auto newSource = withCGALayout(layout, shape, numWarps, threadsPerWarp, cga);
    if (!newSource) {
      fail(reduce, "a reduction of a tensor in a layout other than blocked or slice");
      return;
    }
    auto newResult = ttg::SliceEncodingAttr::get(context, axis, newSource);
    unsigned count = reduce.getNumOperands();
    insertCasts(reduce, SmallVector<Attribute>(count, newSource),
                SmallVector<Attribute>(count, newResult));
  });
}

void CTAPlanner::processStores() {
  std::optional<ttg::CGALayout> first;
  function.walk([&](Operation *op) {
    if (!isa<tt::StoreOp, tt::AtomicRMWOp, tt::AtomicCASOp>(op))
      return;
    auto tensor = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    if (!tensor)
      return;
    auto layout = cast<ttg::DistributedEncodingTrait>(tensor.getEncoding());
    // The first store's CGA layout is the plan for all (Triton's "global CTA tiling").
    if (!first)
      first = layout.getCGALayout();
    if (first->rank != tensor.getRank()) {
      fail(op, "stores of tensors of different ranks in one kernel");
      return;
    }
    auto newLayout = withCGALayout(layout, tensor.getShape(), numWarps, threadsPerWarp, *first);
    if (!newLayout) {
      fail(op, "a store of a tensor in a layout other than blocked or slice");
      return;
    }
    processElementwise(op, newLayout);
  });
  tiled = true;
}

LogicalResult CTAPlanner::run() {
  processDots();
  if (!failure)
    processReductions();
  if (!failure && !tiled)
    processStores();
  // Each round either moves a cast on or puts it back at the end; a full round of the queue
  // without progress (more than twice its length) means the plan is stuck.
  while (!queue.empty() && !failure) {
    CastOp cast = queue.front();
    queue.pop_front();
    if (propagate(cast)) {
      stepsUnchanged = 0;
    } else {
      queue.push_back(cast);
      if (++stepsUnchanged > 2 * queue.size() + 2) {
        fail(cast, "the CTA plan did not converge");
        break;
      }
    }
  }
  if (failure) {
    failedAt->emitError("triton-nvidia-gpu-plan-cta: ") << *failure;
    return mlir::failure();
  }
  return success();
}

bool CTAPlanner::propagate(CastOp cast) {
  return isBackward(cast) ? propagateBackward(cast) : propagateForward(cast);
}

// The value a backward cast reads is given the cast's layout by its producer.
bool CTAPlanner::propagateBackward(CastOp pending) {
  Value input = pending.getOperand(0);
  Value output = pending.getResult(0);
  if (input.use_empty()) {
    fail(pending, "a cast without users");
    return true;
  }
  if (!input.hasOneUse())
    return processMultiUsersBackward(input, pending);
  Attribute layout = tensorOf(output.getType()).getEncoding();
  Operation *op = input.getDefiningOp();
  if (!op) {
    auto argument = cast<BlockArgument>(input);
    auto forOp = dyn_cast<scf::ForOp>(argument.getOwner()->getParentOp());
    if (!forOp) {
      fail(pending, "a tensor argument of a region other than a loop's");
      return true;
    }
    processFor(forOp, argument.getArgNumber() - forOp.getNumInductionVars(), output.getType());
    return true;
  }
  if (auto previous = dyn_cast<CastOp>(op)) {
    eliminateAdjacentCasts(previous, pending);
  } else if (isLoadStoreOp(op)) {
    processLoadStore(op, layout);
  } else if (isElementwiseOp(op) || isa<tt::AdvanceOp>(op)) {
    processElementwise(op, layout);
  } else if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    processConstant(constant, layout);
  } else if (isa<tt::SplatOp>(op)) {
    insertCasts(op, {Attribute()}, {layout});
  } else if (isa<tt::MakeRangeOp>(op)) {
    insertCasts(op, {}, {layout});
  } else if (auto makePointer = dyn_cast<tt::MakeTensorPtrOp>(op)) {
    insertCasts(op, SmallVector<Attribute>(makePointer->getNumOperands(), Attribute()), {layout});
  } else if (isa<tt::BroadcastOp>(op)) {
    insertCasts(op, {layout}, {layout});
  } else if (auto expand = dyn_cast<tt::ExpandDimsOp>(op)) {
    processExpandDimsBackward(expand, layout);
  } else if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    processIf(ifOp, cast<OpResult>(input).getResultNumber(), output.getType());
  } else if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    processFor(forOp, cast<OpResult>(input).getResultNumber(), output.getType());
  } else if (auto convert = dyn_cast<ttg::ConvertLayoutOp>(op)) {
    processConvertLayoutBackward(convert, pending);
  } else {
    // Anything else keeps its layouts: casts on all its tensors (a convert_layout later).
    processFallback(op);
  }
  return true;
}

// The user of a forward cast's result takes the layout the cast reads.
bool CTAPlanner::propagateForward(CastOp pending) {
  Value input = pending.getOperand(0);
  Value output = pending.getResult(0);
  if (output.use_empty()) {
    llvm::erase(queue, pending);
    pending.erase();
    return true;
  }
  if (!output.hasOneUse()) {
    processMultiUsersForward(output, pending);
    return true;
  }
  Attribute layout = tensorOf(input.getType()).getEncoding();
  OpOperand &use = *output.use_begin();
  Operation *op = use.getOwner();
  if (auto next = dyn_cast<CastOp>(op)) {
    eliminateAdjacentCasts(pending, next);
  } else if (isLoadStoreOp(op)) {
    processLoadStore(op, layout);
  } else if (isElementwiseOp(op) || isa<tt::AdvanceOp>(op)) {
    processElementwise(op, layout);
  } else if (auto convert = dyn_cast<ttg::ConvertLayoutOp>(op)) {
    processConvertLayoutForward(convert, pending);
  } else if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    processFor(forOp, use.getOperandNumber() - forOp.getNumControlOperands(), input.getType());
  } else if (auto yield = dyn_cast<scf::YieldOp>(op)) {
    unsigned index = use.getOperandNumber();
    if (auto ifOp = dyn_cast<scf::IfOp>(yield->getParentOp()))
      processIf(ifOp, index, input.getType());
    else if (auto forOp = dyn_cast<scf::ForOp>(yield->getParentOp()))
      processFor(forOp, index, input.getType());
    else
      fail(yield, "a yield of a region other than a loop's or an if's");
  } else {
    processFallback(op);
  }
  return true;
}

void CTAPlanner::eraseCasts(ArrayRef<CastOp> casts) {
  llvm::DenseSet<Operation *> erased;
  for (CastOp cast : casts) {
    erased.insert(cast);
    cast.erase();
  }
  llvm::erase_if(queue, [&](CastOp cast) { return erased.contains(cast); });
}

void CTAPlanner::insertCasts(Operation *op, ArrayRef<Attribute> operandLayouts,
                             ArrayRef<Attribute> resultLayouts) {
  Location loc = op->getLoc();
  OpBuilder builder(op->getContext());
  builder.setInsertionPoint(op);
  for (unsigned i = 0; i < op->getNumOperands(); ++i) {
    Value operand = op->getOperand(i);
    if (!isTensorLike(operand.getType()) || !operandLayouts[i])
      continue;
    CastOp cast = markBackward(
        createCast(builder, loc, withLayout(operand.getType(), operandLayouts[i]), operand));
    op->setOperand(i, cast.getResult(0));
    queue.push_back(cast);
  }
  builder.setInsertionPointAfter(op);
  for (unsigned i = 0; i < op->getNumResults(); ++i) {
    Value result = op->getResult(i);
    if (!isTensorLike(result.getType()))
      continue;
    CastOp cast = markForward(createCast(builder, loc, result.getType(), result));
    result.setType(withLayout(result.getType(), resultLayouts[i]));
    result.replaceAllUsesExcept(cast.getResult(0), cast.getOperation());
    queue.push_back(cast);
  }
}

void CTAPlanner::eliminateAdjacentCasts(CastOp forward, CastOp backward) {
  Value input = forward.getOperand(0);
  Value output = backward.getResult(0);
  if (input.getType() == output.getType()) {
    output.replaceAllUsesWith(input);
  } else {
    OpBuilder builder(backward);
    auto convert =
        ttg::ConvertLayoutOp::create(builder, backward.getLoc(), output.getType(), input);
    output.replaceAllUsesWith(convert.getResult());
  }
  eraseCasts({backward, forward});
}

void CTAPlanner::processLoadStore(Operation *op, Attribute layout) {
  // A load or store in a slice of a layout split along the sliced dimension keeps its own
  // layout; the casts around it meet a cast of the slice and become a convert_layout.
  if (auto slice = dyn_cast<ttg::SliceEncodingAttr>(layout)) {
    ttg::CGALayout parent = cast<ttg::DistributedEncodingTrait>(slice.getParent()).getCGALayout();
    if (ttg::getCTASplitNum(parent)[slice.getDim()] > 1 ||
        llvm::any_of(parent.blockBases,
                     [&](const ttg::Basis &basis) { return basis[slice.getDim()] != 0; })) {
      Value value = op->getNumResults() > 0 ? op->getResult(0) : op->getOperand(0);
      processLoadStore(op, tensorOf(value.getType()).getEncoding());
      return;
    }
  }
  ttg::CGALayout cga = cast<ttg::DistributedEncodingTrait>(layout).getCGALayout();
  auto relayout = [&](Type type) -> Attribute {
    RankedTensorType tensor = tensorOf(type);
    if (!tensor)
      return {};
    auto old = dyn_cast<ttg::DistributedEncodingTrait>(tensor.getEncoding());
    Attribute rebuilt =
        old ? withCGALayout(old, tensor.getShape(), numWarps, threadsPerWarp, cga) : Attribute();
    if (!rebuilt)
      fail(op, "a load or store of a tensor in a layout other than blocked or slice");
    return rebuilt;
  };
  SmallVector<Attribute> operandLayouts, resultLayouts;
  for (Value operand : op->getOperands())
    operandLayouts.push_back(relayout(operand.getType()));
  for (Value result : op->getResults())
    resultLayouts.push_back(relayout(result.getType()));
  if (!failure)
    insertCasts(op, operandLayouts, resultLayouts);
}

void CTAPlanner::processElementwise(Operation *op, Attribute layout) {
  insertCasts(op, SmallVector<Attribute>(op->getNumOperands(), layout),
              SmallVector<Attribute>(op->getNumResults(), layout));
}

void CTAPlanner::processConstant(arith::ConstantOp constant, Attribute layout) {
  if (auto tensor = dyn_cast<RankedTensorType>(constant.getType()))
    if (auto splat = dyn_cast<SplatElementsAttr>(constant.getValue())) {
      auto type = RankedTensorType::get(tensor.getShape(), tensor.getElementType(), layout);
      constant.setValueAttr(SplatElementsAttr::get(type, splat.getSplatValue<Attribute>()));
    }
  insertCasts(constant, {}, {layout});
}

void CTAPlanner::processExpandDimsBackward(tt::ExpandDimsOp expand, Attribute layout) {
  auto source = ttg::SliceEncodingAttr::get(layout.getContext(), expand.getAxis(),
                                            cast<ttg::DistributedEncodingTrait>(layout));
  insertCasts(expand, {source}, {layout});
}

void CTAPlanner::processConvertLayoutBackward(ttg::ConvertLayoutOp convert, CastOp cast) {
  convert.getResult().replaceAllUsesWith(convert.getSrc());
  convert.erase();
  queue.push_back(cast);
}

void CTAPlanner::processConvertLayoutForward(ttg::ConvertLayoutOp convert, CastOp cast) {
  Value source = convert.getSrc();
  source.setType(convert.getResult().getType());
  convert.getResult().replaceAllUsesWith(source);
  convert.erase();
  queue.push_back(cast);
}

void CTAPlanner::processIf(scf::IfOp ifOp, unsigned index, Type type) {
  Location loc = ifOp.getLoc();
  OpBuilder builder(ifOp.getContext());
  Value result = ifOp.getResult(index);
  builder.setInsertionPointAfter(ifOp);
  CastOp cast = markForward(createCast(builder, loc, result.getType(), result));
  result.setType(type);
  result.replaceAllUsesExcept(cast.getResult(0), cast.getOperation());
  queue.push_back(cast);
  for (scf::YieldOp yield : {ifOp.thenYield(), ifOp.elseYield()}) {
    builder.setInsertionPoint(yield);
    cast = markBackward(createCast(builder, loc, type, yield.getOperand(index)));
    yield->setOperand(index, cast.getResult(0));
    queue.push_back(cast);
  }
}

void CTAPlanner::processFor(scf::ForOp forOp, unsigned index, Type type) {
  Block *body = forOp.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  Location loc = forOp.getLoc();
  OpBuilder builder(forOp.getContext());

  OpOperand &init = forOp->getOpOperand(index + forOp.getNumControlOperands());
  builder.setInsertionPoint(forOp);
  CastOp cast = markBackward(createCast(builder, loc, type, init.get()));
  init.set(cast.getResult(0));
  queue.push_back(cast);

  Value argument = body->getArgument(index + forOp.getNumInductionVars());
  builder.setInsertionPointToStart(body);
  cast = markForward(createCast(builder, loc, argument.getType(), argument));
  argument.setType(type);
  argument.replaceAllUsesExcept(cast.getResult(0), cast.getOperation());
  queue.push_back(cast);

  builder.setInsertionPoint(yield);
  cast = markBackward(createCast(builder, loc, type, yield.getOperand(index)));
  yield->setOperand(index, cast.getResult(0));
  queue.push_back(cast);

  Value result = forOp.getResult(index);
  builder.setInsertionPointAfter(forOp);
  cast = markForward(createCast(builder, loc, result.getType(), result));
  result.setType(type);
  result.replaceAllUsesExcept(cast.getResult(0), cast.getOperation());
  queue.push_back(cast);
}

void CTAPlanner::processFallback(Operation *op) {
  Location loc = op->getLoc();
  OpBuilder builder(op->getContext());
  builder.setInsertionPoint(op);
  for (unsigned i = 0; i < op->getNumOperands(); ++i) {
    Value operand = op->getOperand(i);
    if (!isTensorLike(operand.getType()))
      continue;
    CastOp cast = markBackward(createCast(builder, loc, operand.getType(), operand));
    op->setOperand(i, cast.getResult(0));
    queue.push_back(cast);
  }
  builder.setInsertionPointAfter(op);
  for (Value result : op->getResults()) {
    if (!isTensorLike(result.getType()))
      continue;
    CastOp cast = markForward(createCast(builder, loc, result.getType(), result));
    result.replaceAllUsesExcept(cast.getResult(0), cast.getOperation());
    queue.push_back(cast);
  }
}

// A value with several users: once every user reads it through a backward cast, the value is
// computed once per wanted layout (its defining op cloned for the second and later ones).
bool CTAPlanner::processMultiUsersBackward(Value input, CastOp pending) {
  Location loc = input.getLoc();
  OpBuilder builder(input.getContext());
  // Types in the order the users want them first (a map keyed by type, iterated in order).
  SmallVector<Type> types;
  llvm::DenseMap<Type, SmallVector<CastOp>> castsOfType;
  for (OpOperand &use : llvm::make_early_inc_range(input.getUses())) {
    auto brother = dyn_cast<CastOp>(use.getOwner());
    if (!brother) {
      // Other users may still be reached by casts of their own: wait for them first.
      if (stepsUnchanged <= queue.size())
        return false;
      builder.setInsertionPoint(use.getOwner());
      brother = markBackward(createCast(builder, loc, pending.getResult(0).getType(), input));
      CastOp back = markForward(createCast(builder, loc, input.getType(), brother.getResult(0)));
      use.set(back.getResult(0));
      queue.push_back(brother);
      queue.push_back(back);
    }
    Type type = brother.getResult(0).getType();
    if (!castsOfType.count(type))
      types.push_back(type);
    castsOfType[type].push_back(brother);
  }
  bool first = true;
  for (Type type : types) {
    Value value = input;
    if (!first) {
      Operation *definition = input.getDefiningOp();
      if (!definition) {
        fail(pending, "a loop-carried tensor wanted in two CGA layouts");
        return true;
      }
      builder.setInsertionPointAfter(definition);
      value = builder.clone(*definition)->getResult(0);
    }
    first = false;
    if (Operation *definition = value.getDefiningOp())
      builder.setInsertionPointAfter(definition);
    else
      builder.setInsertionPointToStart(cast<BlockArgument>(value).getOwner());
    CastOp merged = markBackward(createCast(builder, loc, type, value));
    queue.push_back(merged);
    for (CastOp brother : castsOfType[type]) {
      brother.getResult(0).replaceAllUsesWith(merged.getResult(0));
      eraseCasts({brother});
    }
  }
  return true;
}

void CTAPlanner::processMultiUsersForward(Value output, CastOp cast) {
  Value source = cast.getOperand(0);
  OpBuilder builder(cast);
  builder.setInsertionPointAfter(cast);
  while (!output.use_empty()) {
    CastOp copy = markForward(createCast(builder, cast.getLoc(), output.getType(), source));
    output.use_begin()->set(copy.getResult(0));
    queue.push_back(copy);
  }
  eraseCasts({cast});
}

} // namespace

LogicalResult planCTAs(ModuleOp module) {
  int numCTAs = ttg::TTGDialect::getNumCTAs(module);
  if (numCTAs == 1)
    return success();
  int numWarps = 4;
  if (auto warps = module->getAttrOfType<IntegerAttr>(ttg::kNumWarpsAttr))
    numWarps = static_cast<int>(warps.getInt());
  int threadsPerWarp = ttg::TTGDialect::getThreadsPerWarp(module);
  LogicalResult result = success();
  module.walk([&](tt::FuncOp function) {
    CTAPlanner planner(function, numCTAs, numWarps, threadsPerWarp);
    if (failed(planner.run()))
      result = failure();
  });
  return result;
}

namespace {

struct TritonNvidiaGPUPlanCTAPass : impl::TritonNvidiaGPUPlanCTABase<TritonNvidiaGPUPlanCTAPass> {
  void runOnOperation() override {
    if (failed(planCTAs(getOperation())))
      signalPassFailure();
  }
};

} // namespace

} // namespace trex::ttng
