// ApproximateMath: math functions built from simpler operations, for targets or setups
// without a device math library.
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_APPROXIMATEMATH_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_APPROXIMATEMATH_H

#include "mlir/IR/Builders.h"

#include <functional>

namespace trex {

// erf(x) with Abramowitz and Stegun's formula 7.1.26 (absolute error below 1.5e-7):
// erf(|x|) = 1 - p(t) e^(-x^2), t = 1 / (1 + 0.3275911 |x|), with the sign of x. `exp`
// computes e^y the way the target does.
mlir::Value erfApproximation(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value x,
                             const std::function<mlir::Value(mlir::Value)> &exp);

// f64 transcendentals from additions, multiplications, FMA, rint and integer operations,
// for GPUs with no f64 instructions for them (AMD, whose ROCm device library trex does not
// link; NVIDIA without libdevice). Within a few ulp of the correctly rounded result, with
// IEEE special values (NaN, infinities, zero, subnormals). sin and cos reduce the argument
// by pi/2 in three parts (Cody-Waite), which keeps that accuracy while |x| < 2^20 or so;
// they lose it gradually beyond (there is no Payne-Hanek reduction).
mlir::Value exp2Float64(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value x);
mlir::Value expFloat64(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value x);
mlir::Value log2Float64(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value x);
mlir::Value logFloat64(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value x);
mlir::Value sinFloat64(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value x);
mlir::Value cosFloat64(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value x);

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_APPROXIMATEMATH_H
