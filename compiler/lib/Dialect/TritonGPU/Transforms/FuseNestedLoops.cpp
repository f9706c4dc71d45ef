// tritongpu-fuse-nested-loops: a loop nest whose outer loop carries tt.flatten
// (tl.range(flatten=True)) and holds exactly one inner scf.for becomes one loop,
// as Triton 3.6 fuses a persistent matmul's tile loop with its K loop.
//
// For
//
//   for i in range(lbi, ubi, si):            # tt.flatten
//     prologue(i)
//     for j in range(lbj, ubj, sj): body(i, j)
//     epilogue(i)
//
// the nest first becomes (unless an llvm.assume says the inner loop runs; inner bounds that
// depend on the outer loop need that assume)
//
//   if len(range(lbj, ubj, sj)) <= 0:  (the nest without the inner loop)
//   else:                               (the nest, the inner loop known to run)
//
// and the second copy is flattened into (n = max(1, len_j), lengths carried; where len_j
// depends on i, a loop before sums n over the outer iterations for the trip count and the
// prologue computes each one):
//
//   T = 0; i = lbi - si
//   for _ in range(len_i * n):
//     if T == 0: i += si; prologue(i); j = lbj
//     body(i, j); j += sj                 (under `if true`: it always runs)
//     if T == n - 1: epilogue(i); reset the inner loop's hoisted inits
//     T = 0 if T == n - 1 else T + 1
//
// Values crossing the pieces (prologue results read later, the inner loop's
// results, j) are carried by the fused loop; an inner init defined outside the
// nest (the zero accumulator) starts the fused loop and is reset by the
// epilogue. Before that, side-effect-free prologue ops read only by the
// epilogue move after the inner loop. The pipeliner then overlaps the next
// tile's first loads with the current tile's last dots and its epilogue.
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "trex/Dialect/Triton/IR/Dialect.h"

using namespace mlir;

namespace trex::ttg {

#define GEN_PASS_DEF_TRITONGPUFUSENESTEDLOOPS
#include "trex/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

constexpr llvm::StringLiteral kFlattenAttr = "tt.flatten";
constexpr llvm::StringLiteral kNumStagesAttr = "tt.num_stages";
constexpr llvm::StringLiteral kDisallowAccMultiBufferAttr = "tt.disallow_acc_multi_buffer";
constexpr llvm::StringLiteral kWarpSpecializeAttr = "tt.warp_specialize";

// The scf.for ops directly in `loop`'s body.
SmallVector<scf::ForOp> childLoops(scf::ForOp loop) {
  SmallVector<scf::ForOp> children;
  for (Operation &op : *loop.getBody())
    if (auto child = dyn_cast<scf::ForOp>(&op))
      children.push_back(child);
  return children;
}

// The one inner loop of a nest Triton fuses: the outer loop asks for it (tt.flatten), holds
// exactly one loop directly in its body, and that loop none directly in its own.
// (Unsigned loops, which trex never makes, are left alone: the trip counts here are signed.)
scf::ForOp innerLoopToFuse(scf::ForOp outer) {
  if (!outer->hasAttr(kFlattenAttr) || outer.getUnsignedCmp())
    return {};
  SmallVector<scf::ForOp> children = childLoops(outer);
  if (children.size() != 1 || !childLoops(children.front()).empty() ||
      children.front().getUnsignedCmp())
    return {};
  return children.front();
}

// Whether `values` are defined outside `outer` (or, with `fromInductionVar`, are its induction
// variable) or computed in its body by scalar ops from such values, ops that read memory at
// most (a bound loaded from a pointer, as Triton allows); those ops land in `ops` (to hoist
// before `outer`, or to recompute the bounds from an induction variable).
bool boundsComputedFrom(scf::ForOp outer, ArrayRef<Value> values, bool fromInductionVar,
                        llvm::SetVector<Operation *> &ops) {
  llvm::SetVector<Operation *> visited;
  SmallVector<Value> worklist(values.begin(), values.end());
  auto isScalar = [](Type type) {
    return type.isIntOrIndexOrFloat() || isa<tt::PointerType>(type);
  };
  auto readsAtMost = [](Operation *op) {
    if (isMemoryEffectFree(op))
      return true;
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects)
      return false;
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    return llvm::all_of(instances, [](const MemoryEffects::EffectInstance &instance) {
      return isa<MemoryEffects::Read>(instance.getEffect());
    });
  };
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (outer.isDefinedOutsideOfLoop(value) ||
        (fromInductionVar && value == outer.getInductionVar()))
      continue;
    Operation *def = value.getDefiningOp();
    if (!def)
      return false;
    if (visited.contains(def))
      continue;
    if (def->getNumRegions() != 0 || !readsAtMost(def) ||
        !llvm::all_of(def->getOperandTypes(), isScalar) ||
        !llvm::all_of(def->getResultTypes(), isScalar))
      return false;
    visited.insert(def);
    llvm::append_range(worklist, def->getOperands());
  }
  ops.insert(visited.begin(), visited.end());
  return true;
}

bool outerLoopInvariant(scf::ForOp outer, ArrayRef<Value> values,
                        llvm::SetVector<Operation *> &toHoist) {
  return boundsComputedFrom(outer, values, /*fromInductionVar=*/false, toHoist);
}

// Clones `ops` (of one block) in their order, with `mapping`.
void cloneInOrder(OpBuilder &b, const llvm::SetVector<Operation *> &ops, IRMapping &mapping) {
  SmallVector<Operation *> sorted(ops.begin(), ops.end());
  llvm::sort(sorted, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  for (Operation *op : sorted)
    b.clone(*op, mapping);
}

void hoistBefore(Operation *anchor, const llvm::SetVector<Operation *> &ops) {
  SmallVector<Operation *> sorted(ops.begin(), ops.end());
  // Their order in the block is a topological one (they are all in one body).
  llvm::sort(sorted, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  for (Operation *op : sorted)
    op->moveBefore(anchor);
}

// len(range(lb, ub, step)) = ceildiv(ub - lb, step).
Value tripCount(ImplicitLocOpBuilder &b, Value lower, Value upper, Value step) {
  Value difference = arith::SubIOp::create(b, upper, lower);
  return arith::CeilDivSIOp::create(b, difference, step);
}

Value tripCount(ImplicitLocOpBuilder &b, scf::ForOp loop) {
  return tripCount(b, loop.getLowerBound(), loop.getUpperBound(), loop.getStep());
}

unsigned intWidth(Type type) {
  if (isa<IndexType>(type))
    return IndexType::kInternalStorageBitWidth;
  return cast<IntegerType>(type).getWidth();
}

Value castInt(ImplicitLocOpBuilder &b, Value value, Type type) {
  if (value.getType() == type)
    return value;
  if (isa<IndexType>(value.getType()) || isa<IndexType>(type))
    return arith::IndexCastOp::create(b, type, value);
  if (intWidth(value.getType()) > intWidth(type))
    return arith::TruncIOp::create(b, type, value);
  return arith::ExtSIOp::create(b, type, value);
}

// The value a carried slot holds before anything wrote it: zero for numbers (and tensors of
// them), poison otherwise.
Value placeholder(ImplicitLocOpBuilder &b, Type type) {
  Type element = getElementTypeOrSelf(type);
  if (!element.isIntOrIndexOrFloat() || (!isa<RankedTensorType>(type) && type != element))
    return ub::PoisonOp::create(b, type);
  TypedAttr zero = isa<FloatType>(element) ? TypedAttr(b.getFloatAttr(element, 0))
                                           : TypedAttr(b.getIntegerAttr(element, 0));
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    zero = SplatElementsAttr::get(tensor, zero);
  return arith::ConstantOp::create(b, zero);
}

// A run of ops of the outer body and its outputs: the results something after the run reads.
struct Logue {
  SmallVector<Operation *> ops;
  SmallVector<Value> outputs;

  Logue(Block *block, Block::iterator begin, Block::iterator end) {
    for (Operation &op : llvm::make_range(begin, end))
      ops.push_back(&op);
    if (ops.empty())
      return;
    Operation *last = ops.back();
    for (Operation *op : ops)
      for (Value result : op->getResults())
        if (llvm::any_of(result.getUsers(), [&](Operation *user) {
              Operation *inBlock = block->findAncestorOpInBlock(*user);
              return inBlock && last->isBeforeInBlock(inBlock);
            }))
          outputs.push_back(result);
  }

  void moveInto(Block *block) {
    for (Operation *op : ops)
      op->moveBefore(block, block->end());
  }

  // Uses of the outputs outside `region` (where the ops now are) read `values` instead.
  void replaceOutsideUses(ValueRange values, Region &region) {
    for (auto [value, output] : llvm::zip(values, outputs))
      output.replaceUsesWithIf(value, [&](OpOperand &use) {
        return !region.isAncestor(use.getOwner()->getParentRegion());
      });
  }

  SmallVector<Type> outputTypes() const { return llvm::to_vector(ValueRange(outputs).getTypes()); }
};

scf::YieldOp yieldOf(Region &region) { return cast<scf::YieldOp>(region.front().getTerminator()); }

// scf.if's builder gives a block a yield only where the if has no results.
void dropYield(Block *block) {
  if (!block->empty() && isa<scf::YieldOp>(block->back()))
    block->back().erase();
}

void setYield(OpBuilder &b, Block *block, ValueRange values) {
  OpBuilder::InsertionGuard guard(b);
  dropYield(block);
  b.setInsertionPointToEnd(block);
  scf::YieldOp::create(b, block->getParentOp()->getLoc(), values);
}

// Side-effect-free prologue ops read only by the epilogue (or by such ops) move just after the
// inner loop, so the fused loop does not carry their results.
void sinkEpilogueOnlyOps(scf::ForOp outer, scf::ForOp inner) {
  Block *body = outer.getBody();
  auto inEpilogue = [&](Operation *user) {
    Operation *inBlock = body->findAncestorOpInBlock(*user);
    return inBlock && inner->isBeforeInBlock(inBlock);
  };
  llvm::SetVector<Operation *> sunk;
  for (Operation &op : llvm::reverse(llvm::make_range(body->begin(), inner->getIterator()))) {
    if (!isPure(&op) || isa<tt::DotOp>(op))
      continue;
    bool movable = llvm::all_of(
        op.getUsers(), [&](Operation *user) { return inEpilogue(user) || sunk.contains(user); });
    if (movable)
      sunk.insert(&op);
  }
  SmallVector<Operation *> sorted(sunk.begin(), sunk.end());
  llvm::sort(sorted, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  Block::iterator after = std::next(inner->getIterator());
  for (Operation *op : sorted)
    op->moveBefore(body, after);
}

// llvm.assume(ub > lb) or llvm.assume(lb < ub): the inner loop runs at least once.
bool knownToRun(scf::ForOp loop) {
  for (Operation *user : loop.getUpperBound().getUsers()) {
    auto compare = dyn_cast<arith::CmpIOp>(user);
    if (!compare || llvm::none_of(compare->getUsers(), [](Operation *op) {
          return op->getName().getStringRef() == "llvm.intr.assume";
        }))
      continue;
    bool isUnsigned = loop.getUnsignedCmp();
    auto greater = isUnsigned ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
    auto less = isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
    if (compare.getPredicate() == greater && compare.getLhs() == loop.getUpperBound() &&
        compare.getRhs() == loop.getLowerBound())
      return true;
    if (compare.getPredicate() == less && compare.getLhs() == loop.getLowerBound() &&
        compare.getRhs() == loop.getUpperBound())
      return true;
  }
  return false;
}

// Splits the nest on whether the inner loop runs at all: where it does not, a copy of the nest
// without it runs, so the fused loop may run the inner body unconditionally. False where the
// inner bounds depend on the outer loop (the nest is then left alone).
bool speculateInnerLoopRuns(scf::ForOp outer, scf::ForOp inner) {
  if (knownToRun(inner))
    return true;
  llvm::SetVector<Operation *> toHoist;
  if (!outerLoopInvariant(outer, {inner.getLowerBound(), inner.getUpperBound(), inner.getStep()},
                          toHoist))
    return false;
  hoistBefore(outer, toHoist);
  ImplicitLocOpBuilder b(inner.getLoc(), outer);
  Value length = tripCount(b, inner);
  Value zero = arith::ConstantOp::create(b, IntegerAttr::get(length.getType(), 0));
  // Triton 3.6 tests `== 0`; a negative trip count (ub < lb) would then run the inner body
  // once per outer iteration. `<= 0` costs the same op and is right.
  Value empty = arith::CmpIOp::create(b, arith::CmpIPredicate::sle, length, zero);
  auto ifOp = scf::IfOp::create(b, outer.getResultTypes(), empty, /*withElseRegion=*/true);

  // Then: the nest without its inner loop (whose results are its inits).
  dropYield(ifOp.thenBlock());
  dropYield(ifOp.elseBlock());
  b.setInsertionPointToStart(ifOp.thenBlock());
  IRMapping mapping;
  auto copy = cast<scf::ForOp>(b.clone(*outer, mapping));
  auto innerCopy = cast<scf::ForOp>(mapping.lookup(inner.getOperation()));
  innerCopy.replaceAllUsesWith(innerCopy.getInitArgs());
  innerCopy.erase();
  setYield(b, ifOp.thenBlock(), copy.getResults());
  // Else: the nest itself.
  outer.replaceAllUsesWith(ifOp.getResults());
  outer->moveBefore(ifOp.elseBlock(), ifOp.elseBlock()->end());
  setYield(b, ifOp.elseBlock(), outer.getResults());
  return true;
}

// Flattens `outer` and its one inner loop (whose body always runs) into one loop. Inner bounds
// computed from the outer induction variable (`sliced`) make the inner length a value of each
// outer iteration: a loop before the fused one sums them for the trip count, and the prologue
// computes the current one.
void fuseNest(scf::ForOp outer, scf::ForOp inner) {
  SmallVector<Value> bounds{inner.getLowerBound(), inner.getUpperBound(), inner.getStep()};
  llvm::SetVector<Operation *> toHoist, sliced;
  // (Not `sliced.empty()`: a bound that is the outer induction variable itself needs no op.)
  bool invariant = outerLoopInvariant(outer, bounds, toHoist);
  if (!invariant) {
    toHoist.clear();
    if (!boundsComputedFrom(outer, bounds, /*fromInductionVar=*/true, sliced))
      return;
  }
  hoistBefore(outer, toHoist);

  unsigned width = std::max(intWidth(outer.getInductionVar().getType()),
                            intWidth(inner.getInductionVar().getType()));
  ImplicitLocOpBuilder b(outer.getLoc(), outer);
  Type intType = b.getIntegerType(width);
  auto constant = [&](int64_t value) {
    return arith::ConstantOp::create(b, IntegerAttr::get(intType, value));
  };
  Value outerLength = tripCount(b, outer);
  Value innerLength = invariant ? castInt(b, tripCount(b, inner), intType) : constant(0);
  // Iterations per outer iteration: max(1, len_j) (the epilogue shares the last one).
  Value perOuter = constant(0);
  if (invariant)
    perOuter =
        arith::AddIOp::create(b, perOuter, arith::MaxSIOp::create(b, constant(1), innerLength));
  perOuter = arith::SubIOp::create(b, perOuter, constant(0));
  Value total = arith::MulIOp::create(b, castInt(b, outerLength, intType), perOuter);
  if (!invariant) {
    // The total: the sum over the outer iterations of max(1, len_j(i)).
    auto sum = scf::ForOp::create(b, outer.getLowerBound(), outer.getUpperBound(), outer.getStep(),
                                  ValueRange{total});
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(sum.getBody());
    IRMapping mapping;
    mapping.map(outer.getInductionVar(), sum.getInductionVar());
    cloneInOrder(b, sliced, mapping);
    Value length =
        castInt(b,
                tripCount(b, mapping.lookupOrDefault(bounds[0]), mapping.lookupOrDefault(bounds[1]),
                          mapping.lookupOrDefault(bounds[2])),
                intType);
    Value added = arith::AddIOp::create(b, sum.getRegionIterArg(0),
                                        arith::MaxSIOp::create(b, constant(1), length));
    scf::YieldOp::create(b, added);
    total = sum.getResult(0);
  }

  Block *outerBody = outer.getBody();
  Logue prologue(outerBody, outerBody->begin(), inner->getIterator());
  Logue epilogue(outerBody, std::next(inner->getIterator()),
                 outerBody->getTerminator()->getIterator());

  // Carried: T, i, the outer iter_args, len_j, max(1, len_j), j, the inner loop's results and
  // the prologue's outputs.
  SmallVector<Value> inits{constant(0),
                           arith::SubIOp::create(b, outer.getLowerBound(), outer.getStep())};
  unsigned outerArgs = inits.size();
  llvm::append_range(inits, outer.getInitArgs());
  unsigned lengthArg = inits.size();
  inits.push_back(innerLength);
  inits.push_back(perOuter);
  unsigned innerIvArg = inits.size();
  inits.push_back(placeholder(b, inner.getInductionVar().getType()));
  unsigned innerResultArgs = inits.size();
  for (Type type : inner.getResultTypes())
    inits.push_back(placeholder(b, type));
  unsigned prologueArgs = inits.size();
  for (Type type : prologue.outputTypes())
    inits.push_back(placeholder(b, type));

  auto fused = scf::ForOp::create(b, constant(0), total, constant(1), inits);
  for (auto [arg, fusedArg] :
       llvm::zip(outer.getRegionIterArgs(), fused.getRegionIterArgs().slice(outerArgs)))
    arg.replaceAllUsesWith(fusedArg);
  ArrayRef<BlockArgument> args = fused.getRegionIterArgs();
  b.setInsertionPointToStart(fused.getBody());
  Value T = args[0];
  Value previousI = args[1];

  // if T == 0: i += step; prologue(i); j = lbj.
  Value start = arith::SubIOp::create(b, constant(0), constant(0));
  Value startsTile = arith::CmpIOp::create(b, arith::CmpIPredicate::eq, T, start);
  unsigned numOutputs = prologue.outputs.size();
  SmallVector<Type> prologueTypes{inner.getInductionVar().getType()};
  llvm::append_range(prologueTypes, prologue.outputTypes());
  llvm::append_range(prologueTypes, inner.getInitArgs().getTypes());
  prologueTypes.push_back(previousI.getType());
  prologueTypes.push_back(intType);
  prologueTypes.push_back(perOuter.getType());
  auto prologueIf = scf::IfOp::create(b, prologueTypes, startsTile, /*withElseRegion=*/true);
  Block *thenBlock = prologueIf.thenBlock();
  dropYield(thenBlock);
  prologue.moveInto(thenBlock);
  b.setInsertionPointToStart(thenBlock);
  Value i = arith::AddIOp::create(b, previousI, outer.getStep());
  replaceAllUsesInRegionWith(outer.getInductionVar(), i, prologueIf.getThenRegion());
  // This outer iteration's inner length, where it depends on i.
  Value tileLength = args[lengthArg], tilePerOuter = perOuter;
  if (!invariant) {
    IRMapping mapping;
    mapping.map(outer.getInductionVar(), i); // (a bound may be the induction variable itself)
    cloneInOrder(b, sliced, mapping);
    tileLength =
        castInt(b,
                tripCount(b, mapping.lookupOrDefault(bounds[0]), mapping.lookupOrDefault(bounds[1]),
                          mapping.lookupOrDefault(bounds[2])),
                intType);
    tilePerOuter =
        arith::AddIOp::create(b, perOuter, arith::MaxSIOp::create(b, constant(1), tileLength));
  }
  SmallVector<Value> thenValues{inner.getLowerBound()};
  llvm::append_range(thenValues, prologue.outputs);
  llvm::append_range(thenValues, inner.getInitArgs());
  thenValues.push_back(i);
  thenValues.push_back(tileLength);
  thenValues.push_back(tilePerOuter);
  setYield(b, thenBlock, thenValues);
  SmallVector<Value> elseValues{args[innerIvArg]};
  llvm::append_range(elseValues, args.slice(prologueArgs, numOutputs));
  llvm::append_range(elseValues, args.slice(innerResultArgs, inner.getNumResults()));
  elseValues.push_back(previousI);
  elseValues.push_back(args[lengthArg]);
  elseValues.push_back(invariant ? perOuter : Value(args[lengthArg + 1]));
  setYield(b, prologueIf.elseBlock(), elseValues);
  b.setInsertionPointAfter(prologueIf);

  ResultRange results = prologueIf.getResults();
  Value j = results[0];
  prologue.replaceOutsideUses(results.slice(1, numOutputs), prologueIf.getThenRegion());
  inner.getInductionVar().replaceAllUsesWith(j);
  for (auto [init, iterArg] :
       llvm::zip(results.slice(1 + numOutputs, inner.getNumResults()), inner.getRegionIterArgs()))
    iterArg.replaceAllUsesWith(init);
  i = results[results.size() - 3];
  Value length = results[results.size() - 2];
  Value tileIterations = results.back();
  outer.getInductionVar().replaceAllUsesWith(i);

  // body(i, j); j += step, under `if true` (the speculation made it always run).
  Value always = arith::ConstantOp::create(b, b.getBoolAttr(true));
  SmallVector<Type> bodyTypes{j.getType()};
  llvm::append_range(bodyTypes, inner.getResultTypes());
  auto bodyIf = scf::IfOp::create(b, bodyTypes, always, /*withElseRegion=*/true);
  bodyIf.getThenRegion().front().erase();
  inner.getBody()->eraseArguments([](BlockArgument) { return true; });
  bodyIf.getThenRegion().takeBody(inner.getRegion());
  scf::YieldOp bodyYield = yieldOf(bodyIf.getThenRegion());
  b.setInsertionPoint(bodyYield);
  Value nextJ = arith::AddIOp::create(b, j, inner.getStep());
  bodyYield->insertOperands(0, nextJ);
  SmallVector<Value> forwarded{j};
  llvm::append_range(forwarded, args.slice(innerResultArgs, inner.getNumResults()));
  setYield(b, bodyIf.elseBlock(), forwarded);
  inner.replaceAllUsesWith(bodyIf.getResults().drop_front());
  b.setInsertionPointAfter(bodyIf);

  // if T == max(1, len_j) - 1: epilogue(i).
  auto outerYield = cast<scf::YieldOp>(outerBody->getTerminator());
  SmallVector<Value> unchanged;
  for (Value output : epilogue.outputs) {
    Value previous;
    for (OpOperand &use : output.getUses())
      if (use.getOwner() == outerYield) {
        previous = args[outerArgs + use.getOperandNumber()];
        break;
      }
    if (!previous) {
      b.setInsertionPoint(fused);
      previous = placeholder(b, output.getType());
      b.setInsertionPointAfter(bodyIf);
    }
    unchanged.push_back(previous);
  }
  Value last = arith::SubIOp::create(b, tileIterations, constant(1));
  Value endsTile = arith::CmpIOp::create(b, arith::CmpIPredicate::eq, T, last);
  auto epilogueIf = scf::IfOp::create(b, epilogue.outputTypes(), endsTile, /*withElseRegion=*/true);
  Block *epilogueBlock = epilogueIf.thenBlock();
  dropYield(epilogueBlock);
  epilogue.moveInto(epilogueBlock);
  setYield(b, epilogueBlock, epilogue.outputs);
  setYield(b, epilogueIf.elseBlock(), unchanged);
  epilogue.replaceOutsideUses(epilogueIf.getResults(), epilogueIf.getThenRegion());
  b.setInsertionPointAfter(epilogueIf);

  // T = 0 if T == max(1, len_j) - 1 else T + 1.
  Value nextT = arith::AddIOp::create(b, T, constant(1));
  Value wraps = arith::CmpIOp::create(b, arith::CmpIPredicate::eq, T,
                                      arith::SubIOp::create(b, tileIterations, constant(1)));
  nextT = arith::SelectOp::create(b, wraps, constant(0), nextT);

  SmallVector<Value> yields{nextT, i};
  llvm::append_range(yields, outerYield.getOperands());
  yields.push_back(length);
  yields.push_back(tileIterations);
  yields.push_back(bodyIf.getResult(0));
  llvm::append_range(yields, bodyIf.getResults().drop_front());
  llvm::append_range(yields, results.slice(1, numOutputs));
  scf::YieldOp::create(b, yields);
  outer.replaceAllUsesWith(fused.getResults().slice(outerArgs, outer.getNumResults()));

  // An inner init from outside the nest (the zero accumulator) starts the fused loop and is
  // reset by the epilogue instead of by the prologue.
  SmallVector<unsigned> hoisted;
  for (auto [index, init] : llvm::enumerate(inner.getInitArgs()))
    if (fused.isDefinedOutsideOfLoop(init))
      hoisted.push_back(index);
  if (!hoisted.empty()) {
    auto fusedYield = cast<scf::YieldOp>(fused.getBody()->getTerminator());
    SmallVector<Value> resets, keeps;
    for (unsigned index : hoisted) {
      unsigned slot = innerResultArgs + index;
      Value init = inner.getInitArgs()[index];
      fused.getInitArgsMutable()[slot].set(init);
      results[1 + numOutputs + index].replaceAllUsesWith(args[slot]);
      resets.push_back(init);
      keeps.push_back(fusedYield.getOperand(slot));
    }
    // The prologue no longer yields those inits (their results are unused now).
    llvm::BitVector dropped(prologueIf.getNumResults());
    for (unsigned index : hoisted)
      dropped.set(1 + numOutputs + index);
    yieldOf(prologueIf.getThenRegion())->eraseOperands(dropped);
    yieldOf(prologueIf.getElseRegion())->eraseOperands(dropped);
    b.setInsertionPoint(prologueIf);
    auto newPrologue = scf::IfOp::create(b, yieldOf(prologueIf.getThenRegion()).getOperandTypes(),
                                         prologueIf.getCondition());
    newPrologue.getThenRegion().takeBody(prologueIf.getThenRegion());
    newPrologue.getElseRegion().takeBody(prologueIf.getElseRegion());
    unsigned next = 0;
    for (auto [index, result] : llvm::enumerate(prologueIf.getResults()))
      if (!dropped.test(index))
        result.replaceAllUsesWith(newPrologue.getResult(next++));
    prologueIf.erase();

    // The epilogue yields the reset inits, the else branch the values the body left.
    SmallVector<Value> thenYields(yieldOf(epilogueIf.getThenRegion()).getOperands());
    SmallVector<Value> elseYields(yieldOf(epilogueIf.getElseRegion()).getOperands());
    llvm::append_range(thenYields, resets);
    llvm::append_range(elseYields, keeps);
    yieldOf(epilogueIf.getThenRegion())->setOperands(thenYields);
    yieldOf(epilogueIf.getElseRegion())->setOperands(elseYields);
    b.setInsertionPoint(epilogueIf);
    auto newEpilogue =
        scf::IfOp::create(b, ValueRange(thenYields).getTypes(), epilogueIf.getCondition());
    newEpilogue.getThenRegion().takeBody(epilogueIf.getThenRegion());
    newEpilogue.getElseRegion().takeBody(epilogueIf.getElseRegion());
    unsigned kept = epilogueIf.getNumResults();
    epilogueIf.replaceAllUsesWith(newEpilogue.getResults().take_front(kept));
    for (auto [position, index] : llvm::enumerate(hoisted))
      fusedYield->setOperand(innerResultArgs + index, newEpilogue.getResult(kept + position));
    epilogueIf.erase();
  }

  // The attributes of the nest that the pipeliner reads.
  if (outer->hasAttr(kWarpSpecializeAttr) || inner->hasAttr(kWarpSpecializeAttr))
    fused->setAttr(kWarpSpecializeAttr, b.getUnitAttr());
  if (outer->hasAttr(kDisallowAccMultiBufferAttr) || inner->hasAttr(kDisallowAccMultiBufferAttr))
    fused->setAttr(kDisallowAccMultiBufferAttr, b.getUnitAttr());
  int64_t numStages = 1;
  for (Operation *loop : {outer.getOperation(), inner.getOperation()})
    if (auto stages = loop->getAttrOfType<IntegerAttr>(kNumStagesAttr))
      numStages = std::max(numStages, stages.getInt());
  if (numStages > 1)
    fused->setAttr(kNumStagesAttr, b.getI32IntegerAttr(numStages));
  inner.erase();
  outer.erase();
}

struct TritonGPUFuseNestedLoopsPass
    : impl::TritonGPUFuseNestedLoopsBase<TritonGPUFuseNestedLoopsPass> {
  using TritonGPUFuseNestedLoopsBase::TritonGPUFuseNestedLoopsBase;
  void runOnOperation() override {
    if (!fuse)
      return markAllAnalysesPreserved();
    // The outermost loop of each nest: a loop not directly in another loop's body.
    SmallVector<std::pair<scf::ForOp, scf::ForOp>> nests;
    getOperation().walk([&](scf::ForOp outer) {
      if (isa<scf::ForOp>(outer->getParentOp()))
        return;
      if (scf::ForOp inner = innerLoopToFuse(outer))
        nests.push_back({outer, inner});
    });
    for (auto [outer, inner] : nests) {
      sinkEpilogueOnlyOps(outer, inner);
      if (speculateInnerLoopRuns(outer, inner))
        fuseNest(outer, inner);
    }
  }
};

} // namespace

} // namespace trex::ttg
