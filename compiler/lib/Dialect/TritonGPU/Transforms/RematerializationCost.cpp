// The cost model backward rematerialization consults (Triton 3.6's): a
// conversion is priced as a round trip through shared memory, recomputing a
// slice by the work that gets duplicated (ops whose results are also used
// outside the slice survive next to their clones), and the slice is only
// recomputed when that is not dearer than the conversion.
#include "LayoutConversionRemoval.h"

#include "trex/Layout/LayoutAdapter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;

namespace trex::ttg {

namespace {

// Bytes a tensor value holds, with element count and width raised to the
// given minimums.
int64_t byteCount(Value value, int64_t minElements = 0, int64_t minBitWidth = 0) {
  int64_t elements = 0, bitWidth = 0;
  if (auto type = dyn_cast<RankedTensorType>(value.getType())) {
    elements = type.getNumElements();
    if (type.getElementType().isIntOrFloat())
      bitWidth = type.getElementType().getIntOrFloatBitWidth();
  }
  return (std::max(elements, minElements) * std::max(bitWidth, minBitWidth)) >> 3;
}

// Several instructions or a special-function-unit instruction each.
bool isExpensiveMathOp(Operation *op) {
  return isa<arith::DivFOp, math::ErfcOp, math::SinhOp, math::CoshOp, math::TanhOp, math::AsinhOp,
             math::AcoshOp, math::AtanhOp, math::CtPopOp, math::CountLeadingZerosOp,
             math::CountTrailingZerosOp, math::ExpOp, math::Exp2Op, math::ExpM1Op, math::LogOp,
             math::Log2Op, math::Log10Op, math::Log1pOp, math::SinOp, math::CosOp, math::TanOp,
             math::AsinOp, math::AcosOp, math::AtanOp, math::Atan2Op, math::PowFOp, math::SqrtOp,
             math::RsqrtOp, math::ErfOp, math::CbrtOp>(op);
}

// A float reduction over more than two elements whose combiner adds or
// multiplies gives different results in another order.
bool isAssociative(tt::ReduceOp reduce) {
  auto type = cast<RankedTensorType>(reduce.getOperands().front().getType());
  if (!isa<FloatType>(type.getElementType()) || type.getShape()[reduce.getAxis()] <= 2)
    return true;
  WalkResult found = reduce.getCombineOp().walk([](Operation *op) {
    return isa<arith::AddFOp, arith::MulFOp>(op) ? WalkResult::interrupt() : WalkResult::advance();
  });
  return !found.wasInterrupted();
}

// How many distinct lanes and warps hold data along the reduced axis
// (hardware indices that only replicate data do not count).
std::pair<int64_t, int64_t> uniqueLanesAndWarpsAlongAxis(tt::ReduceOp reduce) {
  auto type = cast<RankedTensorType>(reduce.getOperands().front().getType());
  MLIRContext *context = reduce.getContext();
  ScopedDiagnosticHandler silence(context, [](Diagnostic &) { return success(); });
  FailureOr<layoutviz::LinearLayout> layout = layout::toLinearLayout(
      type.getEncoding(), type.getShape(), [&] { return emitError(reduce.getLoc()); });
  if (failed(layout))
    return {1, 1};
  unsigned axis = reduce.getAxis();
  auto alongAxis = [&](const char *inDim) {
    int64_t count = 1;
    if (layout->hasInDim(inDim))
      for (const layoutviz::LinearLayout::Basis &basis : layout->getInDimBases(inDim))
        if (basis[axis] != 0)
          count *= 2;
    return count;
  };
  return {alongAxis("lane"), alongAxis("warp")};
}

} // namespace

bool isRematerializationBeneficial(ConvertLayoutOp convert, const llvm::SetVector<Value> &slice) {
  llvm::SetVector<Operation *> sliceOps;
  for (Value value : slice)
    if (Operation *op = value.getDefiningOp())
      sliceOps.insert(op);

  // Values the program still needs after the rewrite: those used outside
  // the slice, and everything in the slice they are computed from.
  llvm::SetVector<Value> stillNeeded;
  for (Value value : slice)
    for (Operation *user : value.getUsers())
      if (user != convert.getOperation() && !sliceOps.contains(user)) {
        stillNeeded.insert(value);
        break;
      }
  for (size_t i = 0; i < stillNeeded.size(); ++i)
    if (Operation *op = stillNeeded[i].getDefiningOp())
      for (Value operand : op->getOperands())
        if (slice.contains(operand))
          stillNeeded.insert(operand);

  // A conversion stores and loads every byte through shared memory (8 each)
  // and synchronizes (doubling it); at least a warp's 32 words move.
  int64_t conversionCost = 32 * byteCount(convert.getSrc(), 32, 32);
  int64_t rematerializationCost = 0;
  for (Operation *op : sliceOps) {
    bool duplicated = llvm::any_of(op->getResults(),
                                   [&](Value result) { return stillNeeded.contains(result); });
    if (!duplicated || isa<arith::ConstantOp>(op))
      continue;
    if (isa<tt::LoadOp, LocalLoadOp>(op)) {
      // A second load mostly hits L1.
      for (Value result : op->getResults())
        rematerializationCost += 8 * byteCount(result);
    } else if (isa<arith::ArithDialect, math::MathDialect>(op->getDialect())) {
      int64_t weight = isExpensiveMathOp(op) ? 8 : 1;
      for (Value result : op->getResults())
        rematerializationCost += weight * byteCount(result);
    } else if (auto reduce = dyn_cast<tt::ReduceOp>(op)) {
      // Two copies of a non-associative reduction may round differently.
      if (!isAssociative(reduce))
        return false;
      auto [lanes, warps] = uniqueLanesAndWarpsAlongAxis(reduce);
      rematerializationCost += lanes + 8 * warps;
    }
  }
  return conversionCost >= rematerializationCost;
}

} // namespace trex::ttg
