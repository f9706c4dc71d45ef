// PTXBackend: the NVIDIA end of the pipeline (libdevice, NVPTX, ptxas).
#include "trex/Target/CUDA/PTXBackend.h"

#include "trex/Target/LLVMIR/ModuleTranslation.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/IPO/Internalize.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <mutex>

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
  for (const llvm::Function &function : module) {
    if (!function.isDeclaration() || !function.getName().starts_with("__nv_") ||
        function.use_empty())
      continue;
    auto missing = std::make_unique<MissingLibdeviceFunction>();
    missing->function = function.getName().str();
    missing->libdevicePath = libdevicePath.str();
    for (const llvm::User *user : function.users()) {
      const auto *call = llvm::dyn_cast<llvm::CallBase>(user);
      const llvm::DILocation *where = call ? call->getDebugLoc().get() : nullptr;
      if (!where)
        continue;
      llvm::SmallString<256> file(where->getDirectory());
      llvm::sys::path::append(file, where->getFilename());
      if (llvm::sys::path::is_absolute(where->getFilename()) || where->getDirectory().empty())
        file = where->getFilename();
      missing->file = file.str().str();
      missing->line = where->getLine();
      missing->column = where->getColumn();
      break;
    }
    return llvm::Error(std::move(missing));
  }
  return llvm::Error::success();
}

char MissingLibdeviceFunction::ID = 0;

void MissingLibdeviceFunction::log(llvm::raw_ostream &os) const {
  os << "libdevice '" << libdevicePath << "' has no function '" << function << "'";
}

llvm::Expected<llvm::TargetMachine *> targetMachine(int computeCapability, bool fpFusion) {
  useShortPointers();
  return llvmir::targetMachine("nvptx64-nvidia-cuda", gpuName(computeCapability),
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

namespace {

// The nvJitLink entry points trex calls. The header's inline wrappers forward to symbols named
// for the library's version (__nvJitLinkCreate_13_0); nvJitLinkVersion says which.
struct JitLink {
  using Handle = void *;
  int (*create)(Handle *, uint32_t, const char **) = nullptr;
  int (*destroy)(Handle *) = nullptr;
  int (*addData)(Handle, int, const void *, size_t, const char *) = nullptr;
  int (*complete)(Handle) = nullptr;
  int (*cubinSize)(Handle, size_t *) = nullptr;
  int (*cubin)(Handle, void *) = nullptr;
  int (*errorLogSize)(Handle, size_t *) = nullptr;
  int (*errorLog)(Handle, char *) = nullptr;
  int (*infoLogSize)(Handle, size_t *) = nullptr;
  int (*infoLog)(Handle, char *) = nullptr;
  unsigned major = 0, minor = 0;
};

// nvJitLinkInputType's NVJITLINK_INPUT_PTX.
constexpr int kInputPTX = 2;

// Loads the library once per path; later calls get the same table (or the same error).
llvm::Expected<const JitLink *> loadJitLink(llvm::StringRef path) {
  static std::mutex mutex;
  static llvm::StringMap<std::pair<std::unique_ptr<JitLink>, std::string>> loaded;
  std::lock_guard<std::mutex> lock(mutex);
  auto [entry, inserted] = loaded.try_emplace(path);
  if (inserted) {
    auto fail = [&](const std::string &message) { entry->second.second = message; };
    void *library = dlopen(path.str().c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library) {
      const char *why = dlerror();
      fail("cannot load " + path.str() + ": " + (why ? why : "unknown reason"));
    } else {
      auto table = std::make_unique<JitLink>();
      auto version = reinterpret_cast<int (*)(unsigned *, unsigned *)>(
          dlsym(library, "nvJitLinkVersion"));
      if (!version || version(&table->major, &table->minor) != 0) {
        fail(path.str() + " has no nvJitLinkVersion");
      } else {
        std::string suffix = "_" + std::to_string(table->major) + "_" +
                             std::to_string(table->minor);
        bool complete = true;
        auto bind = [&](auto &function, const char *name) {
          void *symbol = dlsym(library, (std::string("__") + name + suffix).c_str());
          complete &= symbol != nullptr;
          function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(symbol);
        };
        bind(table->create, "nvJitLinkCreate");
        bind(table->destroy, "nvJitLinkDestroy");
        bind(table->addData, "nvJitLinkAddData");
        bind(table->complete, "nvJitLinkComplete");
        bind(table->cubinSize, "nvJitLinkGetLinkedCubinSize");
        bind(table->cubin, "nvJitLinkGetLinkedCubin");
        bind(table->errorLogSize, "nvJitLinkGetErrorLogSize");
        bind(table->errorLog, "nvJitLinkGetErrorLog");
        bind(table->infoLogSize, "nvJitLinkGetInfoLogSize");
        bind(table->infoLog, "nvJitLinkGetInfoLog");
        if (complete)
          entry->second.first = std::move(table);
        else
          fail(path.str() + " lacks nvJitLink " + suffix.substr(1) + " entry points");
      }
    }
  }
  if (!entry->second.first)
    return llvm::createStringError(entry->second.second);
  return entry->second.first.get();
}

std::string readLog(JitLink::Handle handle, int (*sizeOf)(JitLink::Handle, size_t *),
                    int (*read)(JitLink::Handle, char *)) {
  size_t size = 0;
  if (sizeOf(handle, &size) != 0 || size == 0)
    return {};
  std::string text(size, '\0');
  if (read(handle, text.data()) != 0)
    return {};
  text.resize(std::strlen(text.c_str()));
  return text;
}

} // namespace

std::optional<std::string> findJitLink() {
  std::vector<std::string> candidates;
  // A library the user names is the only one tried.
  if (const char *value = std::getenv("TREX_NVJITLINK_PATH"); value && *value) {
    llvm::Expected<const JitLink *> library = loadJitLink(value);
    if (library)
      return std::string(value);
    llvm::consumeError(library.takeError());
    return std::nullopt;
  }
  for (const std::string &root : cudaRoots())
    for (const char *folder : {"lib64", "lib"})
      for (const char *name : {"libnvJitLink.so", "libnvJitLink.so.13", "libnvJitLink.so.12"}) {
        llvm::SmallString<256> path(root);
        llvm::sys::path::append(path, folder, name);
        candidates.push_back(std::string(path.str()));
      }
  auto loads = [](const std::string &path) {
    llvm::Expected<const JitLink *> library = loadJitLink(path);
    if (library)
      return true;
    llvm::consumeError(library.takeError());
    return false;
  };
  for (const std::string &candidate : candidates)
    if (llvm::sys::fs::exists(candidate) && loads(candidate))
      return candidate;
  // The loader's own search path (LD_LIBRARY_PATH, ldconfig).
  for (const char *name : {"libnvJitLink.so.13", "libnvJitLink.so.12"})
    if (loads(name))
      return std::string(name);
  return std::nullopt;
}

llvm::Expected<std::string> assembleInProcess(llvm::StringRef ptx, int computeCapability,
                                              llvm::StringRef libraryPath, std::string &log) {
  llvm::Expected<const JitLink *> loaded = loadJitLink(libraryPath);
  if (!loaded)
    return loaded.takeError();
  const JitLink &jitLink = **loaded;
  // The options assemble() gives the ptxas executable; no cache (nvJitLink may keep results
  // of earlier inputs in memory: a compile must cost what it costs, and trex has its own).
  std::string arch = "-arch=" + gpuName(computeCapability);
  const char *options[] = {arch.c_str(), "-lineinfo", "-verbose", "-no-cache"};
  JitLink::Handle handle = nullptr;
  if (int status = jitLink.create(&handle, 4, options); status != 0)
    return llvm::createStringError("nvJitLink " + std::to_string(jitLink.major) + "." +
                                   std::to_string(jitLink.minor) + " cannot assemble for " +
                                   gpuName(computeCapability) + " (status " +
                                   std::to_string(status) + ")");
  struct Release {
    const JitLink &jitLink;
    JitLink::Handle &handle;
    ~Release() { jitLink.destroy(&handle); }
  } release{jitLink, handle};
  // The PTX goes in with its terminating NUL, as the library expects of text input.
  std::string text = ptx.str();
  int status = jitLink.addData(handle, kInputPTX, text.c_str(), text.size() + 1, "kernel.ptx");
  if (status == 0)
    status = jitLink.complete(handle);
  log = readLog(handle, jitLink.infoLogSize, jitLink.infoLog);
  if (status != 0) {
    std::string errors = readLog(handle, jitLink.errorLogSize, jitLink.errorLog);
    return llvm::createStringError("ptxas (in process, nvJitLink " +
                                   std::to_string(jitLink.major) + "." +
                                   std::to_string(jitLink.minor) + ") rejected the PTX:\n" +
                                   (errors.empty() ? log : errors));
  }
  size_t size = 0;
  if (jitLink.cubinSize(handle, &size) != 0 || size == 0)
    return llvm::createStringError("nvJitLink produced no cubin");
  std::string cubin(size, '\0');
  if (jitLink.cubin(handle, cubin.data()) != 0)
    return llvm::createStringError("nvJitLink produced no cubin");
  return cubin;
}

AssemblerChoice assemblerFromEnvironment() {
  const char *choice = std::getenv("TREX_ASSEMBLER");
  if (!choice)
    return AssemblerChoice::Unset;
  llvm::StringRef name(choice);
  return name == "nvjitlink" ? AssemblerChoice::JitLink
         : name == "ptxas"   ? AssemblerChoice::Executable
         : name.empty()      ? AssemblerChoice::Unset
                             : AssemblerChoice::Unknown;
}

} // namespace trex::cuda
