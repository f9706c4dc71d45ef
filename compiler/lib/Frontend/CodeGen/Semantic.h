// Semantic: Triton's typing rules and the IR each language operation becomes.
//
// This is the C++ counterpart of triton.language.semantic: implicit promotion of scalars and
// tensors (computation_type_impl), broadcasting, casts, the i32 overflow checks, memory
// operations, atomics, dot and the rest. Each function validates its operands the way Triton
// does and throws CompileError with Triton's message before creating anything invalid.
// Operands that may be Python numbers take a Value; the result is always a Tensor.
#ifndef TREX_FRONTEND_CODEGEN_SEMANTIC_H
#define TREX_FRONTEND_CODEGEN_SEMANTIC_H

#include "IRBuilder.h"
#include "Value.h"

#include "trex/Frontend/CodeGen/CodeGen.h"

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace trex::frontend {

enum class PropagateNan { None, All };

class Semantic {
public:
  Semantic(IRBuilder &builder, const FrontendOptions &options) : b(builder), options(options) {}

  // Programming model.
  Tensor programId(int axis);
  Tensor numPrograms(int axis);

  // Implicit casting.
  DType integerPromote(const DType &a, const DType &b) const;
  DType computationType(const DType &a, bool aIsScalar, const DType &b, bool bIsScalar,
                        bool divOrMod) const;
  // A Python number becomes a constant (int32, uint32, int64, uint64 by range; float32 when
  // it fits, else float64; bools int1); a tensor is returned as is.
  Tensor toTensor(const Value &value);
  Tensor scalarConstant(const Value &number, const DType &dtype);
  std::pair<Tensor, Tensor> binaryOpTypeChecking(const Value &lhs, const Value &rhs,
                                                 bool allowLhsPointer = false,
                                                 bool allowRhsPointer = false,
                                                 bool arithmeticCheck = true,
                                                 bool divOrMod = false);

  // Arithmetic.
  Tensor add(const Value &lhs, const Value &rhs, bool sanitizeOverflow);
  Tensor sub(const Value &lhs, const Value &rhs, bool sanitizeOverflow);
  Tensor mul(const Value &lhs, const Value &rhs, bool sanitizeOverflow);
  Tensor trueDiv(const Value &lhs, const Value &rhs);
  Tensor floorDiv(const Value &lhs, const Value &rhs);
  Tensor fdiv(const Tensor &lhs, const Tensor &rhs, bool ieeeRounding);
  Tensor mod(const Value &lhs, const Value &rhs);
  Tensor minimum(const Tensor &x, const Tensor &y, PropagateNan propagateNan);
  Tensor maximum(const Tensor &x, const Tensor &y, PropagateNan propagateNan);
  Tensor clamp(const Tensor &x, const Tensor &min, const Tensor &max, PropagateNan propagateNan);

  // Bitwise and logical.
  std::pair<Tensor, Tensor> bitwiseOpTypeChecking(const Value &lhs, const Value &rhs);
  Tensor andOp(const Value &lhs, const Value &rhs);
  Tensor orOp(const Value &lhs, const Value &rhs);
  Tensor xorOp(const Value &lhs, const Value &rhs);
  Tensor logicalAnd(const Tensor &lhs, const Tensor &rhs);
  Tensor logicalOr(const Tensor &lhs, const Tensor &rhs);
  Tensor notOp(const Tensor &input);
  Tensor lshr(const Value &lhs, const Value &rhs);
  Tensor ashr(const Value &lhs, const Value &rhs);
  Tensor shl(const Value &lhs, const Value &rhs);

  // Unary.
  Tensor minus(const Tensor &input);
  Tensor invert(const Tensor &input);

  // Comparisons.
  enum class Comparison { Greater, GreaterEqual, Less, LessEqual, Equal, NotEqual };
  Tensor compare(Comparison comparison, const Value &lhs, const Value &rhs);

  // Tensor creation and shapes.
  Tensor arange(std::int64_t start, std::int64_t end);
  Tensor full(const std::vector<std::int64_t> &shape, const Value &value, const DType &dtype);
  Tensor splat(const Tensor &value, const std::vector<std::int64_t> &shape);
  Tensor unsplat(const Tensor &value);
  Tensor reshape(const Tensor &input, const std::vector<std::int64_t> &shape, bool canReorder);
  Tensor expandDims(const Tensor &input, int axis);
  Tensor cat(const Tensor &lhs, const Tensor &rhs, bool canReorder);
  Tensor join(const Tensor &a, const Tensor &b);
  std::pair<Tensor, Tensor> split(const Tensor &a);
  Tensor permute(const Tensor &input, const std::vector<int> &dims);
  Tensor broadcastImplShape(const Tensor &input, const std::vector<std::int64_t> &shape);
  std::pair<Tensor, Tensor> broadcastImplValue(const Tensor &lhs, const Tensor &rhs);

  // Casts.
  Tensor bitcast(const Tensor &input, const DType &dstType);
  Tensor cast(const Tensor &input, const DType &dstType,
              const std::optional<std::string> &fpDowncastRounding = std::nullopt);

  // Memory.
  Tensor load(const Tensor &pointer, const std::optional<Tensor> &mask,
              const std::optional<Tensor> &other, const std::vector<int> &boundaryCheck,
              const std::string &paddingOption, const std::string &cacheModifier,
              const std::string &evictionPolicy, bool isVolatile);
  void store(const Tensor &pointer, const Tensor &value, const std::optional<Tensor> &mask,
             const std::vector<int> &boundaryCheck, const std::string &cacheModifier,
             const std::string &evictionPolicy);
  Tensor makeBlockPointer(const Tensor &base, const std::vector<Value> &shape,
                          const std::vector<Value> &strides, const std::vector<Value> &offsets,
                          const std::vector<std::int64_t> &blockShape,
                          const std::vector<int> &order);
  Tensor advance(const Tensor &base, const std::vector<Value> &offsets);
  // Tensor descriptors (Triton's make_tensor_descriptor, descriptor_load/store).
  Tensor makeTensorDescriptor(const Tensor &base, const std::vector<Value> &shape,
                              const std::vector<Value> &strides,
                              const std::vector<std::int64_t> &blockShape,
                              const std::string &paddingOption);
  Tensor descriptorLoad(const Tensor &descriptor, const std::vector<Value> &offsets,
                        const std::string &cacheModifier, const std::string &evictionPolicy);
  void descriptorStore(const Tensor &descriptor, const Tensor &value,
                       const std::vector<Value> &offsets);

  // Atomics. `op` is one of add, max, min, and, or, xor, xchg.
  Tensor atomicRMW(const std::string &op, const Tensor &pointer, const Tensor &value,
                   const std::optional<Tensor> &mask, const std::string &sem,
                   const std::string &scope);
  Tensor atomicCAS(const Tensor &pointer, const Tensor &cmp, const Tensor &value,
                   const std::string &sem, const std::string &scope);

  // Linear algebra.
  Tensor dot(const Tensor &lhs, const Tensor &rhs, const std::optional<Tensor> &acc,
             const std::string &inputPrecision, std::optional<std::int64_t> maxNumImpreciseAcc,
             const DType &outDType);
  // tl.dot_scaled: operands in a microscaling format ("e2m1", "e4m3", "e5m2", "bf16",
  // "fp16") with optional per-block scales.
  Tensor dotScaled(const Tensor &lhs, const std::optional<Tensor> &lhsScale,
                   const std::string &lhsFormat, const Tensor &rhs,
                   const std::optional<Tensor> &rhsScale, const std::string &rhsFormat,
                   const std::optional<Tensor> &acc, bool fastMath, bool lhsKPack, bool rhsKPack,
                   const DType &outDType);

  Tensor where(const Tensor &condition, const Value &x, const Value &y);

  // Reductions and scans: create the op, let `buildRegion` fill its combine region, and wrap
  // the results. `axis` empty reduces over all elements.
  std::vector<Tensor> reduction(std::vector<Tensor> inputs, std::optional<int> axis,
                                const std::function<void(mlir::Operation *)> &buildRegion);
  std::vector<Tensor> associativeScan(const std::vector<Tensor> &inputs, int axis,
                                      const std::function<void(mlir::Operation *)> &buildRegion,
                                      bool reverse);
  Tensor gather(const Tensor &source, const Tensor &index, int axis);
  Tensor histogram(const Tensor &input, std::int64_t numBins, const std::optional<Tensor> &mask);

  // Hints and debugging.
  Tensor setIntArrayAttr(const Tensor &x, const char *name, const std::vector<std::int64_t> &values);
  void debugBarrier();
  // proton.record start/end "name": a profiling scope's boundary (triton.profiler.language).
  void profilerRecord(bool isStart, const std::string &name);
  void devicePrint(std::string prefix, const std::vector<Tensor> &args, bool hex);
  void deviceAssert(const Tensor &condition, const std::string &message,
                    const std::optional<Tensor> &mask = std::nullopt);
  void assume(const Tensor &condition);

  IRBuilder &b;
  const FrontendOptions &options;

private:
  Tensor make(mlir::Value handle, DType type) { return Tensor{handle, std::move(type)}; }
  // The MLIR type; fp8 types the target does not support are rejected, as Triton does.
  mlir::Type ir(const DType &type);
  void sanitizeOverflow(const Tensor &lhs, const Tensor &rhs,
                        Tensor (Semantic::*operation)(const Value &, const Value &, bool),
                        const char *operationName);
  Tensor intCast(const Tensor &input, const DType &dstType, bool signExtend);
  // Casts to and from fp8e4b15, which has no MLIR float type (its tensors are i8): Triton's
  // CUDA `convert_custom_types`, inline PTX through fp16.
  Tensor castCustomFloat8(const Tensor &input, const DType &dstScalar);
  Tensor inlinePtx(const char *assembly, const char *constraints, const Tensor &input,
                   const DType &resultScalar);
  mlir::Value convertIndex(const Value &element, bool requireI64);
};

// The MLIR integer cast Triton's `create_int_cast` makes (bitcast, trunci, extsi or extui).
mlir::Value createIntCast(IRBuilder &b, mlir::Value source, mlir::Type dstType, bool isSigned);

} // namespace trex::frontend

#endif // TREX_FRONTEND_CODEGEN_SEMANTIC_H
