// LLVMBuilder: short-hands for the LLVM-dialect ops the TritonGPU-to-LLVM patterns build.
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_LLVMBUILDER_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_LLVMBUILDER_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace trex {

// Short-hands for the LLVM ops the patterns build, all at one location.
class LLVMBuilder {
public:
  LLVMBuilder(mlir::OpBuilder &builder, mlir::Location loc) : builder(builder), loc(loc) {}

  mlir::Value i32(int64_t value);
  mlir::Value i64(int64_t value);
  mlir::Value i1(bool value);
  mlir::Value constant(mlir::Type type, int64_t value);
  mlir::Value floatConstant(mlir::Type type, double value);
  mlir::Value undef(mlir::Type type);
  mlir::Value zero(mlir::Type type);

  mlir::Value add(mlir::Value a, mlir::Value b);
  mlir::Value sub(mlir::Value a, mlir::Value b);
  mlir::Value mul(mlir::Value a, mlir::Value b);
  mlir::Value udiv(mlir::Value a, mlir::Value b);
  mlir::Value urem(mlir::Value a, mlir::Value b);
  mlir::Value and_(mlir::Value a, mlir::Value b);
  mlir::Value or_(mlir::Value a, mlir::Value b);
  mlir::Value disjointOr(mlir::Value a, mlir::Value b);
  mlir::Value xor_(mlir::Value a, mlir::Value b);
  // The XOR of offsets[bit] over the set bits of the run-time i32 `id`, or null when every
  // offset is zero (a linear layout's lane or warp bases applied to the lane or warp id).
  // A run of bits whose offsets double from one bit to the next is one field of the id: a
  // mask and one shift (PTX's bfe), not an extraction per bit.
  mlir::Value xorOfBits(mlir::Value id, llvm::ArrayRef<int32_t> offsets);
  // The same product (XOR of columns[bit] over the set bits of `x`, null when every column
  // is zero) in the form Triton 3.6 gives it, for indices LLVM then sees as Triton's: the
  // input bits that move by the same distance (a diagonal of the bit matrix) are one
  // `(x & mask) >> d` or `<< d` term; terms whose output bits no other term sets are joined
  // by a disjoint `or`, the rest by `xor`. `x` is the thread id with lane and warp bits side
  // by side, which keeps a field such as (tid >> 4) & 7 one expression of tid where the
  // lane and warp parts apart give LLVM a sum of two.
  mlir::Value bitMatrixProduct(mlir::Value x, llvm::ArrayRef<int32_t> columns);
  mlir::Value shl(mlir::Value a, mlir::Value b);
  mlir::Value lshr(mlir::Value a, mlir::Value b);
  mlir::Value icmpEQ(mlir::Value a, mlir::Value b);
  mlir::Value icmpNE(mlir::Value a, mlir::Value b);
  mlir::Value icmpULT(mlir::Value a, mlir::Value b);
  mlir::Value select(mlir::Value condition, mlir::Value a, mlir::Value b);
  mlir::Value bitcast(mlir::Value value, mlir::Type type);
  mlir::Value zext(mlir::Value value, mlir::Type type);
  mlir::Value sext(mlir::Value value, mlir::Type type);
  mlir::Value trunc(mlir::Value value, mlir::Type type);
  mlir::Value gep(mlir::Type pointerType, mlir::Type elementType, mlir::Value base,
                  mlir::Value offset);
  mlir::Value extractValue(mlir::Value aggregate, int64_t position);
  mlir::Value insertValue(mlir::Value aggregate, mlir::Value value, int64_t position);
  mlir::Value extractElement(mlir::Value vector, int64_t position);
  mlir::Value insertElement(mlir::Value vector, mlir::Value value, int64_t position);

  mlir::OpBuilder &builder;
  mlir::Location loc;
};

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_LLVMBUILDER_H
