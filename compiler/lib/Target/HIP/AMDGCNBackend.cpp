// AMDGCNBackend: the AMD end of the pipeline (AMDGPU back end, ld.lld).
#include "trex/Target/HIP/AMDGCNBackend.h"

#include "trex/Target/LLVMIR/ModuleTranslation.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/TargetParser.h"
#include "llvm/Transforms/IPO/Internalize.h"

#include <cstdlib>
#include <fstream>

namespace trex::hip {

void setModuleFlags(llvm::Module &module) {
  if (!module.getModuleFlag("amdhsa_code_object_version"))
    module.addModuleFlag(llvm::Module::Error, "amdhsa_code_object_version",
                         kCodeObjectVersion * 100);
}

llvm::Expected<llvm::TargetMachine *> targetMachine(llvm::StringRef arch, bool fpFusion) {
  return llvmir::targetMachine("amdgcn-amd-amdhsa", arch, "", fpFusion);
}

std::optional<std::string> findDeviceLibrary(llvm::StringRef name) {
  std::string file = (name + ".bc").str();
  auto in = [&](llvm::StringRef folder) -> std::optional<std::string> {
    llvm::SmallString<256> path(folder);
    llvm::sys::path::append(path, file);
    if (llvm::sys::fs::exists(path))
      return std::string(path.str());
    return std::nullopt;
  };
  if (const char *folder = std::getenv("TREX_ROCM_DEVICE_LIBS"); folder && *folder)
    return in(folder);
  for (const char *folder :
       {"/usr/lib/x86_64-linux-gnu/amdgcn/bitcode", "/usr/lib/aarch64-linux-gnu/amdgcn/bitcode",
        "/opt/rocm/amdgcn/bitcode"})
    if (std::optional<std::string> found = in(folder))
      return found;
  return std::nullopt;
}

namespace {

bool callsLibrary(const llvm::Module &module, llvm::StringRef prefix) {
  for (const llvm::Function &function : module)
    if (function.isDeclaration() && function.getName().starts_with(prefix) && !function.use_empty())
      return true;
  return false;
}

llvm::Error linkLibrary(llvm::Module &module, llvm::StringRef name) {
  std::optional<std::string> path = findDeviceLibrary(name);
  if (!path)
    return llvm::createStringError(
        "the kernel calls the ROCm device library " + name.str() + ", and " + name.str() +
        ".bc was not found (install Debian's rocm-device-libs or set TREX_ROCM_DEVICE_LIBS to "
        "the folder that holds it)");
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer = llvm::MemoryBuffer::getFile(*path);
  if (!buffer)
    return llvm::createStringError("cannot read '" + *path + "': " + buffer.getError().message());
  llvm::Expected<std::unique_ptr<llvm::Module>> library =
      llvm::getOwningLazyBitcodeModule(std::move(*buffer), module.getContext());
  if (!library)
    return library.takeError();
  (*library)->setTargetTriple(module.getTargetTriple());
  (*library)->setDataLayout(module.getDataLayout());
  if (llvm::Linker::linkModules(module, std::move(*library), llvm::Linker::LinkOnlyNeeded,
                                [](llvm::Module &linked, const llvm::StringSet<> &names) {
                                  llvm::internalizeModule(
                                      linked, [&](const llvm::GlobalValue &value) {
                                        return !names.contains(value.getName()) || !value.hasName();
                                      });
                                }))
    return llvm::createStringError("linking '" + *path + "' failed");
  std::string prefix = "__" + name.str() + "_";
  for (const llvm::Function &function : module)
    if (function.isDeclaration() && function.getName().starts_with(prefix) && !function.use_empty())
      return llvm::createStringError("'" + *path + "' has no function '" +
                                     function.getName().str() + "'");
  return llvm::Error::success();
}

} // namespace

namespace {

// Instructions a call of `function` brings when inlined, with the library functions it calls
// in turn (a cycle counts once).
int64_t inlinedSize(const llvm::Function &function,
                    const llvm::SmallPtrSetImpl<const llvm::Function *> &library,
                    llvm::DenseMap<const llvm::Function *, int64_t> &memo) {
  auto [entry, inserted] = memo.try_emplace(&function, 0);
  if (!inserted)
    return entry->second;
  int64_t size = 0;
  for (const llvm::Instruction &instruction : llvm::instructions(function)) {
    ++size;
    if (auto *call = llvm::dyn_cast<llvm::CallBase>(&instruction))
      if (const llvm::Function *callee = call->getCalledFunction();
          callee && library.contains(callee))
        size += inlinedSize(*callee, library, memo);
  }
  memo[&function] = size;
  return size;
}

} // namespace

llvm::Error linkDeviceLibraries(llvm::Module &module, llvm::StringRef arch,
                                LibraryLinkReport *report) {
  llvm::SmallPtrSet<const llvm::Function *, 8> own;
  for (const llvm::Function &function : module)
    if (!function.isDeclaration())
      own.insert(&function);
  bool linked = false;
  for (llvm::StringRef name : {"ockl", "ocml"})
    if (callsLibrary(module, ("__" + name + "_").str())) {
      if (llvm::Error error = linkLibrary(module, name))
        return error;
      linked = true;
    }
  if (!linked)
    return llvm::Error::success();
  // The control constants the libraries read, as Triton sets them: IEEE results (no finite-only,
  // unsafe or denormal-flushing shortcuts, a correctly rounded sqrt), this GPU's ISA version,
  // its wave size and the code object ABI.
  llvm::AMDGPU::IsaVersion isa = llvm::AMDGPU::getIsaVersion(arch);
  auto valueOf = [&](llvm::StringRef name) -> std::optional<int64_t> {
    if (name == "__oclc_ABI_version")
      return kCodeObjectVersion * 100;
    if (name == "__oclc_ISA_version")
      return isa.Major * 1000 + isa.Minor * 100 + isa.Stepping;
    if (name == "__oclc_wavefrontsize64")
      return isa.Major < 10 ? 1 : 0;
    if (name == "__oclc_correctly_rounded_sqrt32")
      return 1;
    if (name == "__oclc_finite_only_opt" || name == "__oclc_unsafe_math_opt" ||
        name == "__oclc_daz_opt")
      return 0;
    return std::nullopt;
  };
  for (llvm::GlobalVariable &global : module.globals()) {
    if (!global.isDeclaration() || !global.getName().starts_with("__oclc_"))
      continue;
    std::optional<int64_t> value = valueOf(global.getName());
    auto *type = llvm::dyn_cast<llvm::IntegerType>(global.getValueType());
    if (!value || !type)
      return llvm::createStringError("the ROCm device libraries read the control constant '" +
                                     global.getName().str() + "', which trex does not set");
    global.setInitializer(llvm::ConstantInt::get(type, *value));
    global.setConstant(true);
    global.setLinkage(llvm::GlobalValue::InternalLinkage);
  }

  // What inlining every library call would cost; past the budget the calls stay calls.
  llvm::SmallPtrSet<const llvm::Function *, 32> library;
  for (const llvm::Function &function : module)
    if (!function.isDeclaration() && !own.contains(&function))
      library.insert(&function);
  llvm::DenseMap<const llvm::Function *, int64_t> memo;
  LibraryLinkReport estimate;
  for (const llvm::Function *function : own)
    for (const llvm::Instruction &instruction : llvm::instructions(*function))
      if (auto *call = llvm::dyn_cast<llvm::CallBase>(&instruction))
        if (const llvm::Function *callee = call->getCalledFunction();
            callee && library.contains(callee)) {
          ++estimate.calls;
          estimate.inlinedInstructions += inlinedSize(*callee, library, memo);
        }
  if (estimate.inlinedInstructions > kLibraryInlineBudget) {
    estimate.keptAsCalls = true;
    for (llvm::Function &function : module)
      if (library.contains(&function)) {
        function.removeFnAttr(llvm::Attribute::AlwaysInline);
        function.addFnAttr(llvm::Attribute::NoInline);
      }
  }
  if (report)
    *report = estimate;
  return llvm::Error::success();
}

std::optional<std::string> findLinker() {
  return llvmir::findTool("TRITON_HIP_LLD_PATH", {"ld.lld-22", "ld.lld"},
                          {"/usr/lib/llvm-22/bin/ld.lld"});
}

llvm::Expected<std::string> linkCodeObject(llvm::StringRef object, llvm::StringRef linkerPath) {
  llvm::Expected<llvmir::TemporaryFile> input = llvmir::TemporaryFile::create("trex", "o");
  if (!input)
    return input.takeError();
  llvm::Expected<llvmir::TemporaryFile> output = llvmir::TemporaryFile::create("trex", "hsaco");
  if (!output)
    return output.takeError();
  {
    std::ofstream out(input->path(), std::ios::binary);
    out << object.str();
    if (!out)
      return llvm::createStringError("cannot write " + input->path());
  }
  llvm::Expected<std::string> printed =
      llvmir::runTool(linkerPath, {"-shared", input->path(), "-o", output->path()});
  if (!printed)
    return printed.takeError();
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> hsaco =
      llvm::MemoryBuffer::getFile(output->path(), /*IsText=*/false);
  if (!hsaco)
    return llvm::createStringError("ld.lld wrote no code object: " + hsaco.getError().message());
  return (*hsaco)->getBuffer().str();
}

} // namespace trex::hip
