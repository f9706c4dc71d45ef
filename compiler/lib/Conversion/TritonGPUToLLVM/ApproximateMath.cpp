// ApproximateMath: math functions built from simpler LLVM operations.
#include "trex/Conversion/TritonGPUToLLVM/ApproximateMath.h"

#include "trex/Conversion/TritonGPUToLLVM/LLVMBuilder.h"

using namespace mlir;

namespace trex {

Value erfApproximation(OpBuilder &builder, Location loc, Value x,
                       const std::function<Value(Value)> &exp) {
  LLVMBuilder b(builder, loc);
  Type type = x.getType();
  Value one = b.floatConstant(type, 1.0);
  Value magnitude = LLVM::FAbsOp::create(builder, loc, type, x);
  Value scaled = LLVM::FMulOp::create(builder, loc, b.floatConstant(type, 0.3275911), magnitude);
  Value t = LLVM::FDivOp::create(builder, loc, one, LLVM::FAddOp::create(builder, loc, one, scaled));
  // p(t) = t (a1 + t (a2 + t (a3 + t (a4 + t a5)))), evaluated from a5 down.
  const double coefficients[] = {1.061405429, -1.453152027, 1.421413741, -0.284496736,
                                 0.254829592};
  Value polynomial = b.floatConstant(type, coefficients[0]);
  for (int i = 1; i < 5; ++i) {
    Value product = LLVM::FMulOp::create(builder, loc, polynomial, t);
    polynomial = LLVM::FAddOp::create(builder, loc, product, b.floatConstant(type, coefficients[i]));
  }
  polynomial = LLVM::FMulOp::create(builder, loc, polynomial, t);
  Value square = LLVM::FMulOp::create(builder, loc, magnitude, magnitude);
  Value decay = exp(LLVM::FNegOp::create(builder, loc, square));
  Value tail = LLVM::FMulOp::create(builder, loc, polynomial, decay);
  Value result = LLVM::FSubOp::create(builder, loc, one, tail);
  return LLVM::CopySignOp::create(builder, loc, type, result, x);
}

} // namespace trex
