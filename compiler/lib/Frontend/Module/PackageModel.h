// PackageModel: which modules Triton 3.6's Python package has and the names each exports,
// recorded from a real installation (scripts/package-model/), plus PyTorch's dtypes.
//
// Module-level evaluation asks it whether an import or an attribute exists, so an import that
// works with Triton 3.6 works with trex and one that fails there fails here (a `try:` then
// takes its `except ImportError:` branch, `hasattr(tl, "...")` answers as Triton would).
#ifndef TREX_FRONTEND_MODULE_PACKAGEMODEL_H
#define TREX_FRONTEND_MODULE_PACKAGEMODEL_H

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trex::frontend {

struct PackageName {
  // 'm' module, 'f' function, 'j' JITFunction, 'c' class, 'd' dtype, 'k' constexpr,
  // 'i' int, 's' str, 'b' bool, 'x' float, 'o' another object.
  char kind = 'o';
  // A module's path, the defining module of a function/class/JITFunction, a literal's text.
  std::string detail;
};

struct TorchDTypeInfo {
  std::string name;    // "float16"
  std::string str;     // "torch.float16"
  char infoKind = '-'; // 'f': torch.finfo applies, 'i': torch.iinfo, '-': neither
  int itemsize = 0;
  bool isFloatingPoint = false;
  bool isSigned = false;
  int bits = 0;
  long double min = 0, max = 0;
  double eps = 0, tiny = 0;
};

// Triton's modules ("triton.language.extra.libdevice" ...).
bool tritonModuleExists(std::string_view path);
// `name` in Triton module `path`; nullopt when Triton 3.6 has no such attribute.
std::optional<PackageName> tritonModuleMember(std::string_view path, std::string_view name);
// The names of `tl.float16`'s attributes (primitive_bitwidth, is_floating, ...).
bool dtypeHasMember(std::string_view name);
const std::string &tritonVersion();
// torch.<name> for dtypes (and their aliases: torch.half, torch.float ...).
const TorchDTypeInfo *torchDType(std::string_view name);
// The torch dtype whose str() is `text` ("torch.float16"), for signatures.
const TorchDTypeInfo *torchDTypeByString(std::string_view text);

} // namespace trex::frontend

#endif // TREX_FRONTEND_MODULE_PACKAGEMODEL_H
