// Integer range analysis that also understands tt ops (ranges, program ids,
// splats and broadcasts), for the AMD buffer-op passes.
#ifndef TREX_LIB_DIALECT_TRITONAMDGPU_TRANSFORMS_TRITONINTEGERRANGEANALYSIS_H
#define TREX_LIB_DIALECT_TRITONAMDGPU_TRANSFORMS_TRITONINTEGERRANGEANALYSIS_H

#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/IR/Operation.h"

#include <memory>

namespace trex::amdg {

// MLIR's integer range analysis (arith's overflow-aware rules, loop bounds)
// extended with the tt ops integer offsets are built from: make_range
// [start, end - 1], get_program_id [0, 2^31 - 1], get_num_programs
// [1, 2^31 - 1], and splat/broadcast/expand_dims/convert_layout/reshape/
// trans, which keep their operand's range.
class TritonIntegerRangeAnalysis : public mlir::dataflow::IntegerRangeAnalysis {
public:
  using IntegerRangeAnalysis::IntegerRangeAnalysis;

  mlir::LogicalResult
  visitOperation(mlir::Operation *op,
                 llvm::ArrayRef<const mlir::dataflow::IntegerValueRangeLattice *> operands,
                 llvm::ArrayRef<mlir::dataflow::IntegerValueRangeLattice *> results) override;
};

// A solver with the range analysis run over `root`.
std::unique_ptr<mlir::DataFlowSolver> solveIntegerRanges(mlir::Operation *root);

} // namespace trex::amdg

#endif // TREX_LIB_DIALECT_TRITONAMDGPU_TRANSFORMS_TRITONINTEGERRANGEANALYSIS_H
