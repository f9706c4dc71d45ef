// Signature: a kernel's parameters in Triton's AOT form ("*fp32:16, *fp32:16, i32, 1024",
// "tensordesc<fp16[64, 32]>"), which tells the launcher which parameters are passed (pointers,
// host tensor descriptors and scalars, in order) and which are compile-time constants
// (literals, not passed).
#ifndef TREX_RUNTIME_SIGNATURE_H
#define TREX_RUNTIME_SIGNATURE_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace trex::runtime {

// Element and scalar types Triton's signatures spell ("i1", "fp16", "bf16", "u32", ...). The
// fp8 formats: fp8e4nv (e4m3fn, NVIDIA), fp8e5 (e5m2), fp8e4b8 and fp8e5b16 (the AMD "fnuz"
// e4m3 and e5m2).
enum class ScalarType {
  I1,
  I8,
  I16,
  I32,
  I64,
  U8,
  U16,
  U32,
  U64,
  FP16,
  BF16,
  FP32,
  FP64,
  FP8E4NV,
  FP8E5,
  FP8E4B8,
  FP8E5B16
};

std::optional<ScalarType> parseScalarType(const std::string &text);
std::string scalarTypeName(ScalarType type);
// Bytes of one element in memory (i1 is stored as a byte, as torch.bool is).
std::size_t scalarTypeSize(ScalarType type);
bool isFloatingPoint(ScalarType type);
bool isFp8(ScalarType type);
bool isUnsigned(ScalarType type);

struct SignatureEntry {
  // TensorDescriptor: a TensorDescriptor made on the host, passed as a 128-byte CUtensorMap
  // followed by its shape (i32 each) and strides (i64 each), as Triton 3.6 launches one.
  enum class Kind { Pointer, Scalar, TensorDescriptor, Constant };
  Kind kind = Kind::Scalar;
  // Pointer: the pointee's type; Scalar: the value's type; TensorDescriptor: the element type.
  // Unused for Constant.
  ScalarType type = ScalarType::I32;
  // TensorDescriptor: the block shape, outermost dimension first.
  std::vector<std::int64_t> blockShape;
  // ":16" (divisibility) or ":1" (equal to one) as written, empty when absent.
  std::string hint;
  // Constant: the literal as written ("1024", "True", "'fp16'").
  std::string literal;
  // The entry as written, trimmed.
  std::string text;

  // Whether the launcher passes this entry (constants are folded into the code).
  bool isPassed() const { return kind != Kind::Constant; }
  // "*fp32", "i32", "tensordesc<fp16[64, 32]>", "constexpr 1024".
  std::string describe() const;
};

struct Signature {
  std::vector<SignatureEntry> entries;

  // The passed entries, in parameter order.
  std::vector<SignatureEntry> passedEntries() const;
};

// Parses the comma-separated form through the syntax the compiler reads too
// (trex/Signature/SignatureSyntax.h); throws Error naming the offending entry. A misspelt type
// ("*fp33", "i33", "fp33:16") fails before launch; "T:1" and every constexpr (a literal, a
// dtype, a tuple, a name the compiler resolved in the kernel's module) are not passed.
Signature parseSignature(const std::string &text);

} // namespace trex::runtime

#endif // TREX_RUNTIME_SIGNATURE_H
