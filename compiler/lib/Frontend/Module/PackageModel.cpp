// PackageModel: the table of Triton 3.6's modules and names (TritonPackage.inc) as lookups.
#include "PackageModel.h"

#include <map>
#include <set>
#include <string>

namespace trex::frontend {

namespace {

struct Model {
  std::set<std::string, std::less<>> modules;
  std::map<std::string, PackageName, std::less<>> names; // "module\0name"
  std::set<std::string, std::less<>> dtypeMembers;
  std::string version;
  std::map<std::string, TorchDTypeInfo, std::less<>> torch;
};

const Model &model() {
  static const Model instance = [] {
    Model m;
#define TREX_MODULE(path) m.modules.insert(path);
#define TREX_NAME(module, name, kind, detail)                                                      \
  m.names[std::string(module) + '\0' + name] = PackageName{kind, detail};
#define TREX_DTYPE_MEMBER(name) m.dtypeMembers.insert(name);
#define TREX_VERSION(text) m.version = text;
#define TREX_TORCH_DTYPE(name, text, kind, itemsize, floating, isSigned, bits, min, max, eps,      \
                         tiny)                                                                     \
  m.torch[name] = TorchDTypeInfo{name,                                                             \
                                 text,                                                             \
                                 kind,                                                             \
                                 itemsize,                                                         \
                                 floating != 0,                                                    \
                                 isSigned != 0,                                                    \
                                 bits,                                                             \
                                 (long double)(min),                                               \
                                 (long double)(max),                                               \
                                 eps,                                                              \
                                 tiny};
#include "TritonPackage.inc"
#undef TREX_MODULE
#undef TREX_NAME
#undef TREX_DTYPE_MEMBER
#undef TREX_VERSION
#undef TREX_TORCH_DTYPE
    return m;
  }();
  return instance;
}

} // namespace

bool tritonModuleExists(std::string_view path) { return model().modules.count(path) != 0; }

std::optional<PackageName> tritonModuleMember(std::string_view path, std::string_view name) {
  std::string key(path);
  key += '\0';
  key += name;
  auto it = model().names.find(key);
  if (it == model().names.end())
    return std::nullopt;
  return it->second;
}

bool dtypeHasMember(std::string_view name) { return model().dtypeMembers.count(name) != 0; }

const std::string &tritonVersion() { return model().version; }

const TorchDTypeInfo *torchDType(std::string_view name) {
  auto it = model().torch.find(name);
  return it == model().torch.end() ? nullptr : &it->second;
}

const TorchDTypeInfo *torchDTypeByString(std::string_view text) {
  for (const auto &[name, info] : model().torch)
    if (info.str == text)
      return &info;
  return nullptr;
}

} // namespace trex::frontend
