// PackageModel: the table of Triton 3.6's modules and names (TritonPackage.inc) as lookups.
#include "PackageModel.h"

#include <map>
#include <set>
#include <string>

namespace trex::frontend {

namespace {

// The table as constant data (one X-macro pass per kind of entry): a static initializer of
// this size compiles in a second, where the same entries as ~1,600 inserts in one function took
// the optimizer minutes.
struct NameEntry {
  const char *module;
  const char *name;
  char kind;
  const char *detail;
};

struct TorchEntry {
  const char *name, *text;
  char kind;
  int itemsize, floating, isSigned, bits;
  long double min, max;
  double eps, tiny;
};

#define TREX_MODULE(path)
#define TREX_NAME(module, name, kind, detail)
#define TREX_DTYPE_MEMBER(name)
#define TREX_VERSION(text)
#define TREX_TORCH_DTYPE(name, text, kind, itemsize, floating, isSigned, bits, min, max, eps, tiny)

#undef TREX_MODULE
#define TREX_MODULE(path) path,
const char *const kModules[] = {
#include "TritonPackage.inc"
};
#undef TREX_MODULE
#define TREX_MODULE(path)

#undef TREX_NAME
#define TREX_NAME(module, name, kind, detail) {module, name, kind, detail},
const NameEntry kNames[] = {
#include "TritonPackage.inc"
};
#undef TREX_NAME
#define TREX_NAME(module, name, kind, detail)

#undef TREX_DTYPE_MEMBER
#define TREX_DTYPE_MEMBER(name) name,
const char *const kDTypeMembers[] = {
#include "TritonPackage.inc"
};
#undef TREX_DTYPE_MEMBER
#define TREX_DTYPE_MEMBER(name)

#undef TREX_VERSION
#define TREX_VERSION(text) text,
const char *const kVersion[] = {
#include "TritonPackage.inc"
};
#undef TREX_VERSION
#define TREX_VERSION(text)

#undef TREX_TORCH_DTYPE
#define TREX_TORCH_DTYPE(name, text, kind, itemsize, floating, isSigned, bits, min, max, eps,      \
                         tiny)                                                                     \
  {name, text, kind, itemsize, floating, isSigned, bits, (long double)(min), (long double)(max),   \
   eps,  tiny},
const TorchEntry kTorch[] = {
#include "TritonPackage.inc"
};

#undef TREX_MODULE
#undef TREX_NAME
#undef TREX_DTYPE_MEMBER
#undef TREX_VERSION
#undef TREX_TORCH_DTYPE

// triton.profiler is Proton, which Triton's wheel installs under that name; the recorded dump
// (TritonPackage.inc) does not cover it yet, so its kernel-facing module is listed here, from
// Triton 3.6's third_party/proton/proton/language.py.
const char *const kProfilerModules[] = {"triton.profiler", "triton.profiler.language"};
const NameEntry kProfilerNames[] = {
    {"triton", "profiler", 'm', "triton.profiler"},
    {"triton.profiler", "language", 'm', "triton.profiler.language"},
    {"triton.profiler.language", "enter_scope", 'f', "triton.profiler.language"},
    {"triton.profiler.language", "exit_scope", 'f', "triton.profiler.language"},
    {"triton.profiler.language", "scope", 'c', "triton.profiler.language"},
    {"triton.profiler.language", "record", 'f', "triton.profiler.language"},
    {"triton.profiler.language", "enable_semantic", 'f', "triton.profiler.language"},
    {"triton.profiler.language", "disable_semantic", 'f', "triton.profiler.language"},
    {"triton.profiler.language", "tl", 'm', "triton.language.core"},
};

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
    for (const char *path : kModules)
      m.modules.insert(path);
    for (const NameEntry &entry : kNames)
      m.names[std::string(entry.module) + '\0' + entry.name] =
          PackageName{entry.kind, entry.detail};
    for (const char *path : kProfilerModules)
      m.modules.insert(path);
    for (const NameEntry &entry : kProfilerNames)
      m.names.try_emplace(std::string(entry.module) + '\0' + entry.name,
                          PackageName{entry.kind, entry.detail});
    for (const char *name : kDTypeMembers)
      m.dtypeMembers.insert(name);
    for (const char *text : kVersion)
      m.version = text;
    for (const TorchEntry &entry : kTorch)
      m.torch[entry.name] =
          TorchDTypeInfo{entry.name,          entry.text,          entry.kind, entry.itemsize,
                         entry.floating != 0, entry.isSigned != 0, entry.bits, entry.min,
                         entry.max,           entry.eps,           entry.tiny};
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
