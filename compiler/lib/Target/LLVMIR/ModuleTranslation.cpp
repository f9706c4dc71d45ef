// ModuleTranslation: LLVM-dialect translation, the O3 pipeline, code emission and the
// external tools (ptxas, ld.lld) the back ends run.
#include "trex/Target/LLVMIR/ModuleTranslation.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdlib>
#include <map>
#include <mutex>

// The two targets trex generates code for, initialized on first use (not all of LLVM's).
extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
void LLVMInitializeAMDGPUTargetInfo();
void LLVMInitializeAMDGPUTarget();
void LLVMInitializeAMDGPUTargetMC();
void LLVMInitializeAMDGPUAsmPrinter();
void LLVMInitializeAMDGPUAsmParser();
}

namespace trex::llvmir {

namespace {

void initializeTargets() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
    // Object emission assembles inline asm (tl.inline_asm_elementwise) with it.
    LLVMInitializeAMDGPUAsmParser();
  });
}

} // namespace

std::unique_ptr<llvm::Module> translateModule(mlir::ModuleOp module, llvm::LLVMContext &context) {
  mlir::MLIRContext *mlirContext = module.getContext();
  mlir::registerBuiltinDialectTranslation(*mlirContext);
  mlir::registerLLVMDialectTranslation(*mlirContext);
  mlir::registerNVVMDialectTranslation(*mlirContext);
  mlir::registerROCDLDialectTranslation(*mlirContext);
  // Verified here rather than by the translation, which prints the verifier's reason to
  // stderr: as a diagnostic it reaches the compilation result (and every view of it).
  std::unique_ptr<llvm::Module> translated = mlir::translateModuleToLLVMIR(
      module, context, "LLVMDialectModule", /*disableVerification=*/true);
  if (!translated)
    return nullptr;
  std::string problems;
  llvm::raw_string_ostream stream(problems);
  if (llvm::verifyModule(*translated, &stream)) {
    mlir::emitError(module.getLoc()) << "the LLVM IR translated from the LLVM dialect is invalid: "
                                     << llvm::StringRef(problems).trim();
    return nullptr;
  }
  return translated;
}

llvm::Expected<llvm::TargetMachine *> targetMachine(llvm::StringRef tripleName, llvm::StringRef cpu,
                                                    llvm::StringRef features, bool fpFusion) {
  thread_local std::map<std::string, std::unique_ptr<llvm::TargetMachine>> machines;
  std::string key = (tripleName + "|" + cpu + "|" + features + (fpFusion ? "|fma" : "")).str();
  if (auto found = machines.find(key); found != machines.end())
    return found->second.get();
  initializeTargets();
  llvm::Triple triple(tripleName);
  std::string error;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return llvm::createStringError("no LLVM target for " + tripleName.str() + ": " + error);
  // A processor LLVM does not know would be compiled for a generic one that selects no
  // instructions for some ops ("Cannot select", an internal error, after a warning per pass).
  if (!cpu.empty()) {
    std::unique_ptr<llvm::MCSubtargetInfo> generic(target->createMCSubtargetInfo(triple, "", ""));
    if (generic && !generic->isCPUStringValid(cpu))
      return llvm::createStringError("LLVM's " + std::string(target->getName()) +
                                     " back end does not know the processor '" + cpu.str() + "'");
  }
  llvm::TargetOptions options;
  // Triton's choices: contract a * b + c into FMA when fusion is on; NaNs are assumed
  // absent, infinities are not; unreachable code traps.
  options.AllowFPOpFusion = fpFusion ? llvm::FPOpFusion::Fast : llvm::FPOpFusion::Strict;
  options.NoInfsFPMath = false;
  options.NoNaNsFPMath = true;
  options.TrapUnreachable = true;
  options.MCOptions.AsmVerbose = true;
  options.MCOptions.PreserveAsmComments = true;
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, cpu, features, options, llvm::Reloc::PIC_, std::nullopt,
      llvm::CodeGenOptLevel::Aggressive));
  if (!machine)
    return llvm::createStringError("LLVM cannot target " + cpu.str() + " (" + tripleName.str() +
                                   ")");
  return (machines[key] = std::move(machine)).get();
}

namespace {

// Moves each extractelement down to just before its first user in its block. The lowering
// unpacks a vector load's elements beside the load; on AMDGPU a 16-bit element extracted there
// takes a register of its own from the load to its use, and a dot on the FMA path (thousands of
// operand elements, each used at one step of k) then spilled over a thousand registers and
// kept the greedy register allocator busy for a minute. Extracting at the use keeps only the
// loaded vectors live.
void sinkExtractsToUses(llvm::Function &function) {
  for (llvm::BasicBlock &block : function) {
    // Positions in the block, taken once: moving an extract keeps the others' order.
    llvm::DenseMap<const llvm::Instruction *, unsigned> position;
    llvm::SmallVector<llvm::ExtractElementInst *> extracts;
    for (llvm::Instruction &instruction : block) {
      position[&instruction] = position.size();
      if (auto *extract = llvm::dyn_cast<llvm::ExtractElementInst>(&instruction))
        extracts.push_back(extract);
    }
    for (llvm::ExtractElementInst *extract : extracts) {
      llvm::Instruction *first = nullptr;
      bool local = !extract->use_empty();
      for (llvm::User *user : extract->users()) {
        auto *instruction = llvm::dyn_cast<llvm::Instruction>(user);
        if (!instruction || instruction->getParent() != &block ||
            llvm::isa<llvm::PHINode>(instruction)) {
          local = false;
          break;
        }
        if (!first || position[instruction] < position[first])
          first = instruction;
      }
      if (local && first != extract->getNextNode())
        extract->moveBefore(first->getIterator());
    }
  }
}

} // namespace

void optimizeModule(llvm::Module &module, llvm::TargetMachine &machine,
                    llvm::PassInstrumentationCallbacks *callbacks) {
  module.setTargetTriple(machine.getTargetTriple());
  module.setDataLayout(machine.createDataLayout());
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager sccs;
  llvm::ModuleAnalysisManager modules;
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = true;
  tuning.LoopInterleaving = true;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = true;
  llvm::PassBuilder builder(&machine, tuning, std::nullopt, callbacks);
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(sccs);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, sccs, modules);
  llvm::ModulePassManager pipeline =
      builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
  pipeline.run(module, modules);
  if (machine.getTargetTriple().isAMDGPU())
    for (llvm::Function &function : module)
      sinkExtractsToUses(function);
}

llvm::Expected<std::string> emitCode(llvm::Module &module, llvm::TargetMachine &machine,
                                     llvm::CodeGenFileType fileType) {
  module.setTargetTriple(machine.getTargetTriple());
  module.setDataLayout(machine.createDataLayout());
  llvm::SmallString<0> buffer;
  llvm::raw_svector_ostream stream(buffer);
  llvm::legacy::PassManager passes;
  if (machine.addPassesToEmitFile(passes, stream, nullptr, fileType))
    return llvm::createStringError("LLVM cannot emit code for " +
                                   machine.getTargetTriple().str());
  passes.run(module);
  return std::string(buffer.str());
}

std::string printModule(const llvm::Module &module) {
  std::string text;
  llvm::raw_string_ostream stream(text);
  module.print(stream, nullptr);
  return text;
}

std::optional<std::string> findTool(llvm::StringRef environmentVariable,
                                    llvm::ArrayRef<llvm::StringRef> names,
                                    llvm::ArrayRef<llvm::StringRef> fallbackPaths) {
  // A tool the user named explicitly is the only one used: silently taking another one would
  // hide a typo in the setting.
  if (!environmentVariable.empty())
    if (const char *value = std::getenv(environmentVariable.str().c_str()); value && *value) {
      if (llvm::sys::fs::exists(value))
        return std::string(value);
      return std::nullopt;
    }
  for (llvm::StringRef name : names)
    if (llvm::ErrorOr<std::string> path = llvm::sys::findProgramByName(name))
      return *path;
  for (llvm::StringRef path : fallbackPaths)
    if (llvm::sys::fs::exists(path))
      return path.str();
  return std::nullopt;
}

llvm::Expected<std::string> runTool(llvm::StringRef program,
                                    llvm::ArrayRef<std::string> arguments) {
  llvm::Expected<TemporaryFile> output = TemporaryFile::create("trex-tool", "log");
  if (!output)
    return output.takeError();
  std::vector<llvm::StringRef> argv{program};
  for (const std::string &argument : arguments)
    argv.push_back(argument);
  std::optional<llvm::StringRef> redirects[] = {llvm::StringRef(""),
                                                llvm::StringRef(output->path()),
                                                llvm::StringRef(output->path())};
  std::string error;
  int status = llvm::sys::ExecuteAndWait(program, argv, std::nullopt, redirects,
                                         /*SecondsToWait=*/0, /*MemoryLimit=*/0, &error);
  std::string printed;
  if (auto buffer = llvm::MemoryBuffer::getFile(output->path()))
    printed = (*buffer)->getBuffer().str();
  if (status < 0)
    return llvm::createStringError("cannot run " + program.str() + ": " + error);
  if (status != 0)
    return llvm::createStringError(program.str() + " failed (exit status " +
                                   std::to_string(status) + "):\n" + printed);
  return printed;
}

llvm::Expected<TemporaryFile> TemporaryFile::create(llvm::StringRef prefix,
                                                    llvm::StringRef suffix) {
  llvm::SmallString<128> path;
  if (std::error_code error = llvm::sys::fs::createTemporaryFile(prefix, suffix, path))
    return llvm::createStringError("cannot create a temporary file: " + error.message());
  return TemporaryFile(std::string(path.str()));
}

TemporaryFile::TemporaryFile(TemporaryFile &&other) noexcept
    : filePath(std::move(other.filePath)) {
  other.filePath.clear();
}

TemporaryFile::~TemporaryFile() {
  if (!filePath.empty())
    llvm::sys::fs::remove(filePath);
}

} // namespace trex::llvmir
