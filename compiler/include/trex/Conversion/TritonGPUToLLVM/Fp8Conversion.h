// Fp8Conversion: widening fp8 values (held as i8 after type conversion) to f32, and narrowing
// f32 to them.
//
// LLVM has no fp8 types, so an fp8 element lowers to its bit pattern in an i8. Every fp8 format
// Triton knows (e5m2, e4m3fn, and AMD's e5m2fnuz, e4m3fnuz) widens exactly to f32: the
// exponent and mantissa bits, moved to the top of an f32's exponent and mantissa fields,
// give the value scaled by 2^(127 - bias), normal and subnormal numbers alike, so one
// multiplication by a power of two undoes the scale. Only the special encodings (infinity and
// NaN) need a select.
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_FP8CONVERSION_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_FP8CONVERSION_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

namespace trex {

// Whether `type` is an fp8 format fp8ToF32 converts.
bool isSupportedFp8(mlir::Type type);

// The f32 value of `bits` (i8), an element of fp8 type `fp8Type`.
mlir::Value fp8ToF32(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value bits,
                     mlir::Type fp8Type);

// The fp8 encoding (i8) of the f32 `value`: rounded to nearest even (or toward zero), values
// beyond the largest finite one (infinities included) saturated to it, NaN to the format's
// NaN (PTX's cvt.rn.satfinite semantics, which Triton's NVIDIA conversions use). Exact for
// every f32: one rounding.
mlir::Value f32ToFp8(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value value,
                     mlir::Type fp8Type, bool roundToNearestEven);

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_FP8CONVERSION_H
