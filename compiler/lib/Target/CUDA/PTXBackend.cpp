// PTXBackend: the NVIDIA end of the pipeline (libdevice, NVPTX, ptxas).
#include "trex/Target/CUDA/PTXBackend.h"

#include "trex/Target/LLVMIR/ModuleTranslation.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/IPO/Internalize.h"

#include <cstdlib>
#include <fstream>

namespace trex::cuda {

namespace {

// CUDA installations to look in, in order.
std::vector<std::string> cudaRoots() {
  std::vector<std::string> roots;
  for (const char *variable : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *value = std::getenv(variable); value && *value)
      roots.push_back(value);
  roots.push_back("/usr/local/cuda");
  return roots;
}

// NVPTX makes shared, constant and local pointers 32-bit only under this option; Triton's
// data layout (p3:32:32) and its inline PTX for shared memory ("r" operands) assume it.
void useShortPointers() {
  auto options = llvm::cl::getRegisteredOptions();
  auto it = options.find("nvptx-short-ptr");
  if (it == options.end())
    return;
  static_cast<llvm::cl::opt<bool> *>(it->second)->setValue(true);
}

} // namespace

std::string gpuName(int computeCapability) {
  std::string name = "sm_" + std::to_string(computeCapability);
  if (computeCapability == 90)
    name += "a";
  return name;
}

std::optional<std::string> findLibdevice() {
  if (const char *value = std::getenv("TRITON_LIBDEVICE_PATH"); value && *value)
    return llvm::sys::fs::exists(value) ? std::optional<std::string>(value) : std::nullopt;
  for (const std::string &root : cudaRoots()) {
    llvm::SmallString<256> path(root);
    llvm::sys::path::append(path, "nvvm", "libdevice", "libdevice.10.bc");
    if (llvm::sys::fs::exists(path))
      return std::string(path.str());
  }
  return std::nullopt;
}

std::optional<std::string> findPtxas() {
  std::vector<std::string> fallbacks;
  for (const std::string &root : cudaRoots())
    fallbacks.push_back(root + "/bin/ptxas");
  std::vector<llvm::StringRef> fallbackRefs(fallbacks.begin(), fallbacks.end());
  return llvmir::findTool("TRITON_PTXAS_PATH", {"ptxas"}, fallbackRefs);
}

void setModuleFlags(llvm::Module &module) {
  if (!module.getModuleFlag("nvvm-reflect-ftz"))
    module.addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", 1);
}

llvm::Error linkLibdevice(llvm::Module &module, llvm::StringRef libdevicePath) {
  bool callsLibdevice = false;
  for (const llvm::Function &function : module)
    if (function.isDeclaration() && function.getName().starts_with("__nv_"))
      callsLibdevice = true;
  if (!callsLibdevice)
    return llvm::Error::success();
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(libdevicePath);
  if (!buffer)
    return llvm::createStringError("cannot read libdevice '" + libdevicePath.str() +
                                   "': " + buffer.getError().message());
  // Lazily: the linker materializes only the functions the kernel reaches, instead of
  // parsing all of libdevice's hundreds of functions for every compile.
  llvm::Expected<std::unique_ptr<llvm::Module>> library =
      llvm::getOwningLazyBitcodeModule(std::move(*buffer), module.getContext());
  if (!library)
    return library.takeError();
  (*library)->setTargetTriple(module.getTargetTriple());
  (*library)->setDataLayout(module.getDataLayout());
  // Only what the kernel calls, then internal so the optimizer can inline and drop it.
  if (llvm::Linker::linkModules(module, std::move(*library), llvm::Linker::LinkOnlyNeeded,
                                [](llvm::Module &linked, const llvm::StringSet<> &names) {
                                  llvm::internalizeModule(linked, [&](const llvm::GlobalValue &value) {
                                    return !names.contains(value.getName()) ||
                                           !value.hasName();
                                  });
                                }))
    return llvm::createStringError("linking libdevice '" + libdevicePath.str() + "' failed");
  // A name libdevice does not define would stay an external call that ptxas rejects.
  for (const llvm::Function &function : module)
    if (function.isDeclaration() && function.getName().starts_with("__nv_") &&
        !function.use_empty())
      return llvm::createStringError("libdevice '" + libdevicePath.str() + "' has no function '" +
                                     function.getName().str() + "'");
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>> createTargetMachine(int computeCapability,
                                                                         bool fpFusion) {
  useShortPointers();
  return llvmir::createTargetMachine("nvptx64-nvidia-cuda", gpuName(computeCapability),
                                     "+ptx" + std::to_string(kPTXVersion), fpFusion);
}

std::string withoutDebugFlag(llvm::StringRef ptx) {
  size_t target = ptx.find(".target ");
  if (target == llvm::StringRef::npos)
    return ptx.str();
  size_t lineEnd = ptx.find('\n', target);
  llvm::StringRef line = ptx.slice(target, lineEnd);
  size_t flag = line.find(", debug");
  if (flag == llvm::StringRef::npos)
    return ptx.str();
  return (ptx.take_front(target + flag) + ptx.drop_front(target + flag + 7)).str();
}

llvm::Expected<std::string> assemble(llvm::StringRef ptx, int computeCapability,
                                     llvm::StringRef ptxasPath, std::string &log) {
  llvm::Expected<llvmir::TemporaryFile> source = llvmir::TemporaryFile::create("trex", "ptx");
  if (!source)
    return source.takeError();
  llvm::Expected<llvmir::TemporaryFile> binary = llvmir::TemporaryFile::create("trex", "cubin");
  if (!binary)
    return binary.takeError();
  {
    std::ofstream out(source->path(), std::ios::binary);
    out << ptx.str();
    if (!out)
      return llvm::createStringError("cannot write " + source->path());
  }
  // As Triton: line info for profilers, verbose statistics, full optimization.
  std::vector<std::string> arguments{"-lineinfo", "-v", "--gpu-name=" + gpuName(computeCapability),
                                     source->path(), "-o", binary->path()};
  llvm::Expected<std::string> printed = llvmir::runTool(ptxasPath, arguments);
  if (!printed)
    return printed.takeError();
  log = *printed;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> cubin =
      llvm::MemoryBuffer::getFile(binary->path(), /*IsText=*/false);
  if (!cubin)
    return llvm::createStringError("ptxas wrote no cubin: " + cubin.getError().message());
  return (*cubin)->getBuffer().str();
}

} // namespace trex::cuda
