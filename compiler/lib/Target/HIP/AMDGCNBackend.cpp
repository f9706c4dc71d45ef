// AMDGCNBackend: the AMD end of the pipeline (AMDGPU back end, ld.lld).
#include "trex/Target/HIP/AMDGCNBackend.h"

#include "trex/Target/LLVMIR/ModuleTranslation.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Target/TargetMachine.h"

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
