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

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_APPROXIMATEMATH_H
