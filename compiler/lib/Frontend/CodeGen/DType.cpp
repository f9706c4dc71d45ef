// DType: Triton's language types, their predicates, names, mangling and MLIR types.
#include "DType.h"

#include "CompileError.h"

#include "trex/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/BuiltinTypes.h"

#include <cassert>

namespace trex::frontend {

namespace {

struct ScalarInfo {
  ScalarKind kind;
  std::string_view name;         // dtype.name
  std::string_view languageName; // the attribute of triton.language
  int bitwidth;
  int mantissa; // fp_mantissa_width (floating types only)
};

constexpr ScalarInfo scalarInfos[] = {
    {ScalarKind::Void, "void", "void", 0, 0},
    {ScalarKind::Int1, "int1", "int1", 1, 0},
    {ScalarKind::Int8, "int8", "int8", 8, 0},
    {ScalarKind::Int16, "int16", "int16", 16, 0},
    {ScalarKind::Int32, "int32", "int32", 32, 0},
    {ScalarKind::Int64, "int64", "int64", 64, 0},
    {ScalarKind::UInt8, "uint8", "uint8", 8, 0},
    {ScalarKind::UInt16, "uint16", "uint16", 16, 0},
    {ScalarKind::UInt32, "uint32", "uint32", 32, 0},
    {ScalarKind::UInt64, "uint64", "uint64", 64, 0},
    {ScalarKind::FP8E4B15, "fp8e4b15", "float8e4b15", 8, 3},
    {ScalarKind::FP8E4NV, "fp8e4nv", "float8e4nv", 8, 3},
    {ScalarKind::FP8E4B8, "fp8e4b8", "float8e4b8", 8, 3},
    {ScalarKind::FP8E5, "fp8e5", "float8e5", 8, 2},
    {ScalarKind::FP8E5B16, "fp8e5b16", "float8e5b16", 8, 2},
    {ScalarKind::FP16, "fp16", "float16", 16, 10},
    {ScalarKind::BF16, "bf16", "bfloat16", 16, 7},
    {ScalarKind::FP32, "fp32", "float32", 32, 23},
    {ScalarKind::FP64, "fp64", "float64", 64, 52},
};

const ScalarInfo &infoOf(ScalarKind kind) { return scalarInfos[static_cast<int>(kind)]; }

bool isSignedKind(ScalarKind kind) {
  return kind == ScalarKind::Int8 || kind == ScalarKind::Int16 || kind == ScalarKind::Int32 ||
         kind == ScalarKind::Int64;
}

bool isUnsignedKind(ScalarKind kind) {
  return kind == ScalarKind::Int1 || kind == ScalarKind::UInt8 || kind == ScalarKind::UInt16 ||
         kind == ScalarKind::UInt32 || kind == ScalarKind::UInt64;
}

bool isFloatingKind(ScalarKind kind) {
  return kind >= ScalarKind::FP8E4B15 && kind <= ScalarKind::FP64;
}

} // namespace

DType::DType(ScalarKind scalar) : kind_(Kind::Scalar), scalar_(scalar) {}

DType DType::pointer(const DType &element, int addressSpace, bool isConst) {
  DType type;
  type.kind_ = Kind::Pointer;
  type.element_ = std::make_shared<const DType>(element);
  type.addressSpace_ = addressSpace;
  type.isConst_ = isConst;
  return type;
}

DType DType::tensorDesc(const DType &blockType) {
  assert(blockType.isBlock() && "a descriptor of a non-block");
  DType type;
  type.kind_ = Kind::TensorDesc;
  type.element_ = std::make_shared<const DType>(blockType);
  return type;
}

DType DType::block(const DType &element, std::vector<std::int64_t> shape) {
  assert(!element.isBlock() && "a block of blocks");
  // Triton's block_type constructor (validate_block_shape), so no tensor type the IR rejects
  // is ever made.
  if (shape.empty())
    fail("0d block_type is forbidden");
  std::int64_t numel = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] <= 0 || (shape[i] & (shape[i] - 1)) != 0)
      fail("Shape element " + std::to_string(i) + " must be a power of 2");
    numel = numel > MaxTensorNumel ? numel : numel * shape[i];
  }
  if (numel > MaxTensorNumel)
    fail("numel (" + std::to_string(numel) + ") exceeds triton maximum tensor numel (" +
         std::to_string(MaxTensorNumel) + ")");
  DType type;
  type.kind_ = Kind::Block;
  type.element_ = std::make_shared<const DType>(element);
  type.shape_ = std::move(shape);
  return type;
}

std::int64_t DType::numel() const {
  std::int64_t count = 1;
  for (std::int64_t extent : shape_)
    count *= extent;
  return count;
}

DType DType::withElementType(const DType &element) const {
  return isBlock() ? block(element, shape_) : element;
}

bool DType::isInt() const { return kind_ == Kind::Scalar && (isSignedKind(scalar_) || isUnsignedKind(scalar_)); }
bool DType::isIntSigned() const { return kind_ == Kind::Scalar && isSignedKind(scalar_); }
bool DType::isIntUnsigned() const { return kind_ == Kind::Scalar && isUnsignedKind(scalar_); }
bool DType::isFloating() const { return kind_ == Kind::Scalar && isFloatingKind(scalar_); }
bool DType::isStandardFloating() const {
  return kind_ == Kind::Scalar && scalar_ >= ScalarKind::FP16 && scalar_ <= ScalarKind::FP64;
}
bool DType::isFP8() const {
  return kind_ == Kind::Scalar && scalar_ >= ScalarKind::FP8E4B15 && scalar_ <= ScalarKind::FP8E5B16;
}

TypeKindRank DType::kindRank() const {
  if (isBool())
    return TypeKindRank::Boolean;
  if (isInt())
    return TypeKindRank::Integral;
  return TypeKindRank::Floating;
}

int DType::primitiveBitwidth() const {
  if (kind_ == Kind::Pointer)
    return 64;
  if (kind_ == Kind::Block)
    return element_->primitiveBitwidth();
  return infoOf(scalar_).bitwidth;
}

int DType::intBitwidth() const { return isInt() ? infoOf(scalar_).bitwidth : 0; }
int DType::fpMantissaWidth() const { return isFloating() ? infoOf(scalar_).mantissa : 0; }

std::int64_t DType::intMaxValue() const {
  int bits = intBitwidth();
  if (isIntSigned())
    return bits == 64 ? INT64_MAX : (std::int64_t(1) << (bits - 1)) - 1;
  return bits >= 63 ? INT64_MAX : (std::int64_t(1) << bits) - 1;
}

std::uint64_t DType::intMaxValueUnsigned() const {
  int bits = intBitwidth();
  if (isIntSigned())
    return static_cast<std::uint64_t>(intMaxValue());
  return bits == 64 ? UINT64_MAX : (std::uint64_t(1) << bits) - 1;
}

std::int64_t DType::intMinValue() const {
  if (!isIntSigned())
    return 0;
  int bits = intBitwidth();
  return bits == 64 ? INT64_MIN : -(std::int64_t(1) << (bits - 1));
}

std::string DType::name() const {
  switch (kind_) {
  case Kind::Scalar:
    return std::string(infoOf(scalar_).name);
  case Kind::Pointer:
    return (isConst_ ? "const_pointer<" : "pointer<") + element_->name() + ">";
  case Kind::Block: {
    std::string shape = "(";
    for (size_t i = 0; i < shape_.size(); ++i)
      shape += (i ? ", " : "") + std::to_string(shape_[i]);
    shape += shape_.size() == 1 ? ",)" : ")";
    return "<" + shape + ", " + element_->name() + ">";
  }
  case Kind::TensorDesc:
    return "tensor_descriptor<" + element_->name() + ">";
  }
  return {};
}

std::string DType::repr() const {
  if (kind_ != Kind::Scalar)
    return name();
  std::string_view name = infoOf(scalar_).name;
  std::string codegenName(name);
  if (name.substr(0, 2) == "fp")
    codegenName = "float" + std::string(name.substr(2));
  else if (name.substr(0, 2) == "bf")
    codegenName = "bfloat" + std::string(name.substr(2));
  return "triton.language." + codegenName;
}

std::string DType::mangle() const {
  switch (kind_) {
  case Kind::Scalar:
    if (isInt())
      return (isIntSigned() ? "i" : "u") + std::to_string(intBitwidth());
    if (isFloating())
      return name();
    return "V";
  case Kind::Pointer:
    return "P" + element_->mangle();
  case Kind::Block: {
    std::string shape;
    for (size_t i = 0; i < shape_.size(); ++i)
      shape += (i ? "_" : "") + std::to_string(shape_[i]);
    return element_->mangle() + "S" + shape + "S";
  }
  case Kind::TensorDesc:
    return "TD" + element_->mangle();
  }
  return {};
}

mlir::Type DType::toMLIR(mlir::MLIRContext *context) const {
  if (kind_ == Kind::Pointer)
    return tt::PointerType::get(element_->toMLIR(context), addressSpace_);
  if (kind_ == Kind::Block)
    return mlir::RankedTensorType::get(shape_, element_->toMLIR(context));
  if (kind_ == Kind::TensorDesc) {
    // Triton's descriptors keep the signedness of integer elements (`tensor<64xsi8>`).
    const DType &element = element_->elementType();
    mlir::Type elementType = element.toMLIR(context);
    if (element.isIntSigned() && !element.isBool())
      elementType =
          mlir::IntegerType::get(context, element.intBitwidth(), mlir::IntegerType::Signed);
    return tt::TensorDescType::get(context,
                                   mlir::RankedTensorType::get(element_->shape(), elementType));
  }
  switch (scalar_) {
  case ScalarKind::Void:
    return mlir::NoneType::get(context);
  case ScalarKind::Int1:
    return mlir::IntegerType::get(context, 1);
  case ScalarKind::Int8:
  case ScalarKind::UInt8:
    return mlir::IntegerType::get(context, 8);
  case ScalarKind::Int16:
  case ScalarKind::UInt16:
    return mlir::IntegerType::get(context, 16);
  case ScalarKind::Int32:
  case ScalarKind::UInt32:
    return mlir::IntegerType::get(context, 32);
  case ScalarKind::Int64:
  case ScalarKind::UInt64:
    return mlir::IntegerType::get(context, 64);
  case ScalarKind::FP8E4B15:
    // As Triton 3.6 (get_fp8e4b15_ty): no MLIR float type; conversions are inline PTX.
    return mlir::IntegerType::get(context, 8);
  case ScalarKind::FP8E4NV:
    return mlir::Float8E4M3FNType::get(context);
  case ScalarKind::FP8E4B8:
    return mlir::Float8E4M3FNUZType::get(context);
  case ScalarKind::FP8E5:
    return mlir::Float8E5M2Type::get(context);
  case ScalarKind::FP8E5B16:
    return mlir::Float8E5M2FNUZType::get(context);
  case ScalarKind::FP16:
    return mlir::Float16Type::get(context);
  case ScalarKind::BF16:
    return mlir::BFloat16Type::get(context);
  case ScalarKind::FP32:
    return mlir::Float32Type::get(context);
  case ScalarKind::FP64:
    return mlir::Float64Type::get(context);
  }
  return {};
}

bool operator==(const DType &a, const DType &b) {
  if (a.kind_ != b.kind_)
    return false;
  switch (a.kind_) {
  case DType::Kind::Scalar:
    return a.scalar_ == b.scalar_;
  case DType::Kind::Pointer:
    return *a.element_ == *b.element_ && a.addressSpace_ == b.addressSpace_ &&
           a.isConst_ == b.isConst_;
  case DType::Kind::Block:
    return *a.element_ == *b.element_ && a.shape_ == b.shape_;
  case DType::Kind::TensorDesc:
    return *a.element_ == *b.element_;
  }
  return false;
}

std::optional<ScalarKind> scalarKindFromName(std::string_view name) {
  for (const ScalarInfo &info : scalarInfos)
    if (info.name == name)
      return info.kind;
  return std::nullopt;
}

std::optional<ScalarKind> scalarKindFromLanguageName(std::string_view name) {
  for (const ScalarInfo &info : scalarInfos)
    if (info.languageName == name)
      return info.kind;
  return std::nullopt;
}

std::optional<ScalarKind> scalarKindFromSignatureName(std::string_view name) {
  struct Alias {
    std::string_view name;
    ScalarKind kind;
  };
  static constexpr Alias aliases[] = {
      {"i1", ScalarKind::Int1},     {"u1", ScalarKind::Int1},      {"B", ScalarKind::Int1},
      {"i8", ScalarKind::Int8},     {"i16", ScalarKind::Int16},    {"i32", ScalarKind::Int32},
      {"i64", ScalarKind::Int64},   {"u8", ScalarKind::UInt8},     {"u16", ScalarKind::UInt16},
      {"u32", ScalarKind::UInt32},  {"u64", ScalarKind::UInt64},   {"fp16", ScalarKind::FP16},
      {"bf16", ScalarKind::BF16},   {"fp32", ScalarKind::FP32},    {"f32", ScalarKind::FP32},
      {"fp64", ScalarKind::FP64},   {"fp8e4nv", ScalarKind::FP8E4NV},
      {"fp8e4b8", ScalarKind::FP8E4B8}, {"fp8e4b15", ScalarKind::FP8E4B15},
      {"fp8e5", ScalarKind::FP8E5}, {"fp8e5b16", ScalarKind::FP8E5B16},
  };
  for (const Alias &alias : aliases)
    if (alias.name == name)
      return alias.kind;
  return std::nullopt;
}

std::string_view scalarKindName(ScalarKind kind) { return infoOf(kind).name; }

std::optional<DType> intDTypeOf(int bitwidth, bool isSigned) {
  switch (bitwidth) {
  case 1:
    return DType(ScalarKind::Int1);
  case 8:
    return DType(isSigned ? ScalarKind::Int8 : ScalarKind::UInt8);
  case 16:
    return DType(isSigned ? ScalarKind::Int16 : ScalarKind::UInt16);
  case 32:
    return DType(isSigned ? ScalarKind::Int32 : ScalarKind::UInt32);
  case 64:
    return DType(isSigned ? ScalarKind::Int64 : ScalarKind::UInt64);
  default:
    return std::nullopt;
  }
}

} // namespace trex::frontend
