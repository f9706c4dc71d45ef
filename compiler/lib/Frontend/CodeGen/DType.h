// DType: the front end's model of Triton's language types (triton.language.dtype and its
// pointer_type and block_type subclasses), with the predicates, names and mangling Triton gives
// them, and their MLIR counterparts.
//
// Triton keeps signedness in these types (uint32 and int32 are different dtypes) although both
// become i32 in the IR; the semantic layer uses it to pick signed or unsigned operations.
#ifndef TREX_FRONTEND_CODEGEN_DTYPE_H
#define TREX_FRONTEND_CODEGEN_DTYPE_H

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mlir {
class MLIRContext;
class Type;
} // namespace mlir

namespace trex::frontend {

// The scalar dtypes, named as Triton names them (dtype.name).
enum class ScalarKind : std::uint8_t {
  Void,
  Int1, // 'int1': Triton counts it among the unsigned types
  Int8,
  Int16,
  Int32,
  Int64,
  UInt8,
  UInt16,
  UInt32,
  UInt64,
  FP8E4B15,
  FP8E4NV,
  FP8E4B8,
  FP8E5,
  FP8E5B16,
  FP16,
  BF16,
  FP32,
  FP64,
};

// bool < integer < floating point: the order scalar promotion compares.
enum class TypeKindRank { Boolean = 0, Integral = 1, Floating = 2 };

class DType {
public:
  // TensorDesc: a tensor descriptor (`tl.make_tensor_descriptor`), whose element is the block
  // type it loads and stores.
  enum class Kind : std::uint8_t { Scalar, Pointer, Block, TensorDesc };

  DType() : DType(ScalarKind::Void) {}
  DType(ScalarKind scalar); // NOLINT: implicit, so `ScalarKind::FP32` reads as a dtype
  static DType pointer(const DType &element, int addressSpace = 1, bool isConst = false);
  // Throws CompileError, as Triton's block_type does, for an empty shape, an extent that is
  // not a power of two or more than MaxTensorNumel elements.
  static DType block(const DType &element, std::vector<std::int64_t> shape);
  static constexpr std::int64_t MaxTensorNumel = std::int64_t(1) << 20;
  static DType tensorDesc(const DType &blockType);
  bool isTensorDesc() const { return kind_ == Kind::TensorDesc; }

  Kind kind() const { return kind_; }
  bool isScalarKind() const { return kind_ == Kind::Scalar; }
  // `is_ptr()`: true for a pointer type only (a block of pointers is not one).
  bool isPtr() const { return kind_ == Kind::Pointer; }
  // `is_block()`: a tensor type.
  bool isBlock() const { return kind_ == Kind::Block; }
  // The pointee of a pointer, the element of a block.
  const DType &elementType() const { return *element_; }
  // `.scalar`: the element of a block, the type itself otherwise.
  const DType &scalar() const { return isBlock() ? *element_ : *this; }
  ScalarKind scalarKind() const { return scalar_; }
  const std::vector<std::int64_t> &shape() const { return shape_; }
  std::int64_t numel() const;
  int addressSpace() const { return addressSpace_; }
  bool isConst() const { return isConst_; }
  // A block of the same shape with another element type; for a non-block, `element` itself.
  DType withElementType(const DType &element) const;

  // dtype predicates, on scalar dtypes (false for pointers and blocks, as in Triton).
  bool isVoid() const { return is(ScalarKind::Void); }
  bool isBool() const { return is(ScalarKind::Int1); }
  bool isInt() const;
  bool isIntSigned() const;
  bool isIntUnsigned() const;
  bool isFloating() const;
  bool isStandardFloating() const;
  bool isFP8() const;
  bool is(ScalarKind kind) const { return kind_ == Kind::Scalar && scalar_ == kind; }
  TypeKindRank kindRank() const;

  // Sizes: primitive_bitwidth (64 for pointers), int_bitwidth, fp_mantissa_width.
  int primitiveBitwidth() const;
  int intBitwidth() const;
  int fpMantissaWidth() const;
  std::int64_t intMaxValue() const;
  std::int64_t intMinValue() const;
  std::uint64_t intMaxValueUnsigned() const;

  // `str(dtype)`: 'fp32', 'pointer<fp32>', '<(128, 64), fp16>'.
  std::string name() const;
  // `repr(dtype)` for scalars: 'triton.language.float32'.
  std::string repr() const;
  // The name in mangled function names: 'fp32', 'i32', 'u8', 'Pfp16', 'fp32S128_64S'.
  std::string mangle() const;

  // The MLIR type: i1..i64 (signless), f16/bf16/f32/f64, the f8 types, !tt.ptr<T, as>,
  // tensor<...>. The context must have the tt dialect loaded.
  mlir::Type toMLIR(mlir::MLIRContext *context) const;

  friend bool operator==(const DType &a, const DType &b);
  friend bool operator!=(const DType &a, const DType &b) { return !(a == b); }

private:
  Kind kind_ = Kind::Scalar;
  ScalarKind scalar_ = ScalarKind::Void;
  std::shared_ptr<const DType> element_;
  std::vector<std::int64_t> shape_;
  int addressSpace_ = 1;
  bool isConst_ = false;
};

// 'fp32' -> FP32 ... ; the names dtype.name uses.
std::optional<ScalarKind> scalarKindFromName(std::string_view name);
// The attribute names of triton.language: 'float32' -> FP32, 'int1' -> Int1, 'bfloat16' ...
std::optional<ScalarKind> scalarKindFromLanguageName(std::string_view name);
// The type names of Triton signatures: 'fp32', 'i32', 'u8', 'i1', 'B', 'bf16', 'fp8e4nv' ...
std::optional<ScalarKind> scalarKindFromSignatureName(std::string_view name);
std::string_view scalarKindName(ScalarKind kind);
// The integer dtype of a width and signedness (1 gives int1), as tl.core.get_int_dtype.
std::optional<DType> intDTypeOf(int bitwidth, bool isSigned);

} // namespace trex::frontend

#endif // TREX_FRONTEND_CODEGEN_DTYPE_H
