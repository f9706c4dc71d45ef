// Parsing and printing Triton's target spellings.
#include "trex/Compiler/Target.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace trex {

llvm::Expected<Target> Target::parse(llvm::StringRef text) {
  auto [backend, arch] = text.split(':');
  auto invalid = [&]() {
    return llvm::createStringError("unknown target '" + text.str() +
                                   "'; expected cuda:<capability> (e.g. cuda:90, cuda:80) or "
                                   "hip:<gfx arch> (e.g. hip:gfx942)");
  };
  Target target;
  if (backend == "cuda") {
    target.backend = Backend::CUDA;
    if (arch.getAsInteger(10, target.computeCapability) || target.computeCapability < 50 ||
        target.computeCapability > 130)
      return invalid();
    target.warpSize = 32;
    return target;
  }
  if (backend == "hip") {
    if (!arch.starts_with("gfx") || arch.size() < 6 ||
        !llvm::all_of(arch.drop_front(3), llvm::isAlnum))
      return invalid();
    target.backend = Backend::HIP;
    target.arch = arch.str();
    // CDNA and GCN (gfx9) run 64-lane wavefronts; RDNA (gfx10 and later) 32.
    target.warpSize = arch.starts_with("gfx9") ? 64 : 32;
    return target;
  }
  return invalid();
}

std::string Target::str() const {
  if (isCUDA())
    return "cuda:" + std::to_string(computeCapability);
  return "hip:" + arch;
}

std::string Target::archName() const {
  if (isCUDA())
    return "sm" + std::to_string(computeCapability);
  return arch;
}

bool Target::hasStage(Stage stage) const {
  switch (stage) {
  case Stage::PTX:
  case Stage::CUBIN:
    return isCUDA();
  case Stage::AMDGCN:
  case Stage::HSACO:
    return isHIP();
  default:
    return true;
  }
}

std::vector<Stage> Target::stages() const {
  std::vector<Stage> stages;
  for (Stage stage : allStages())
    if (hasStage(stage))
      stages.push_back(stage);
  return stages;
}

} // namespace trex
