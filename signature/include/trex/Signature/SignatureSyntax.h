// SignatureSyntax: the one reader of Triton's AOT signature strings, shared by the compiler's
// front end (compiler/lib/Frontend/CodeGen/Signature.cpp) and the runtime
// (runtime/lib/Signature.cpp), so both split, classify and reject the same strings.
//
//   "*fp32:16, *kfp16, i32, i64:16, i32:1, 1024, 'str', tl.float16, (16, 32), helper"
//   "tensordesc<fp16[64, 32]>"
//
// An entry is a pointer (`*T`, `*kT` for a const pointer), a scalar (`T`), either with a hint
// (`:16` divisible by 16; `:1` equal to 1, which a scalar becomes a constant for and a pointer
// cannot be), a host tensor descriptor (`tensordesc<T[B0, B1, ...]>`: a TensorDescriptor made
// on the host, of elements T and block shape [B0, B1, ...], as Triton 3.6's JIT specializes
// one), or a constexpr: anything else, as written (a literal, a dtype, a tuple, a name of the
// kernel's module); what a constexpr means is for the compiler to say.
#ifndef TREX_SIGNATURE_SIGNATURESYNTAX_H
#define TREX_SIGNATURE_SIGNATURESYNTAX_H

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace trex::signature {

// What is wrong with one entry (the message names neither the entry nor its index: the caller
// does).
struct SyntaxError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct EntrySyntax {
  enum class Kind { Pointer, Scalar, TensorDescriptor, Constant };
  Kind kind = Kind::Constant;
  // The entry as written, trimmed.
  std::string text;
  // Pointer: the pointee's type name; Scalar: the type name ("fp32", "i32"); TensorDescriptor:
  // the element type name. Empty otherwise.
  std::string typeName;
  // "*k...": a pointer to constant data.
  bool constPointer = false;
  // 16 for ":16", 1 for ":1", 0 without a hint.
  int hint = 0;
  // TensorDescriptor: the block shape, outermost dimension first.
  std::vector<long long> blockShape;

  // Whether a launch passes this parameter: pointers, descriptors and scalars, except a scalar
  // known to be 1.
  bool passed() const { return kind != Kind::Constant && hint != 1; }
};

// The entries of a signature: split at top-level commas (not inside quotes, (), [] or <>),
// trimmed. An empty signature has no entries.
std::vector<std::string> splitEntries(std::string_view signature);

// Whether `name` is a type name of Triton's signatures ("i1", "u8", "fp16", "bf16", "fp8e4nv",
// ...).
bool isTypeName(std::string_view name);
// The type names, for messages.
const std::vector<std::string> &typeNames();

// Reads one (trimmed) entry; throws SyntaxError.
EntrySyntax parseEntry(const std::string &entry);

} // namespace trex::signature

#endif // TREX_SIGNATURE_SIGNATURESYNTAX_H
