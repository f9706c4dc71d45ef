// BackendStages: ttgir -> LLVM dialect -> LLVM IR -> PTX + cubin / AMDGCN + hsaco, and the
// metadata, for the compilation driver; or LLVM IR text -> the same (an edited llir).
#include "Driver.h"
#include "StagePrinter.h"

#include "trex/Compiler/Metadata.h"
#include "trex/Compiler/PassSnapshots.h"
#include "trex/Conversion/TritonGPUToLLVM/Pipeline.h"
#include "trex/Dialect/ProtonGPU/Transforms/Passes.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Target/CUDA/PTXBackend.h"
#include "trex/Target/CUDA/ResourceUsage.h"
#include "trex/Target/HIP/AMDGCNBackend.h"
#include "trex/Target/LLVMIR/ModuleTranslation.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <chrono>
#include <cstdlib>

using namespace mlir;

namespace trex::driver {

namespace {

using Severity = CompileDiagnostic::Severity;

// Whether lowering will want libdevice: math the hardware has no exact instruction for.
bool needsDeviceLibrary(ModuleOp module) {
  bool needed = false;
  module.walk([&](Operation *op) {
    if (isa<math::ExpOp, math::LogOp, math::Log2Op, math::SinOp, math::CosOp, math::ErfOp,
            math::RsqrtOp, tt::PreciseSqrtOp, tt::PreciseDivFOp>(op))
      needed = true;
  });
  return needed;
}

// The stages after LLIR the request asks for: the assembly for any of them, the binary
// for the binary stages and for the metadata (Triton writes it with the binary).
bool wantsAssembly(Stage last) { return last > Stage::LLIR; }
bool wantsBinary(Stage last) {
  return last == Stage::CUBIN || last == Stage::HSACO || last == Stage::Metadata;
}

// Runs `step` and records it like a pass (the back end's steps have no MLIR or LLVM pass).
template <typename Step>
auto timed(CompilationResult &result, llvm::StringRef name, llvm::StringRef argument, Step step) {
  auto start = std::chrono::steady_clock::now();
  auto value = step();
  PassSnapshot snapshot;
  snapshot.kind = PassSnapshot::IRKind::None;
  snapshot.name = name.str();
  snapshot.argument = argument.str();
  snapshot.anchor = "module";
  snapshot.pipeline = Pipeline::Backend;
  snapshot.changed = true;
  snapshot.milliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  result.passes.push_back(std::move(snapshot));
  return value;
}

// Code generation from a copy: LLVM's code generator changes the module it runs on, and
// depends on the order of each value's uses, which a copy (like Triton's reparse of the llir
// text) has in program order while the optimized module has it in the order of its history.
llvm::Expected<std::string> generate(const llvm::Module &module, llvm::TargetMachine &machine,
                                     llvm::CodeGenFileType fileType) {
  std::unique_ptr<llvm::Module> copy = llvm::CloneModule(module);
  return llvmir::emitCode(*copy, machine, fileType);
}

// The LLVM half of the back end for one target: an LLVM context whose code-generation errors
// (an operation the target cannot select, say) are collected instead of ending the process,
// and the steps from an LLVM module to the assembly and the binary.
class LLVMBackend {
public:
  LLVMBackend(const Target &target, const CompileOptions &options, CompilationResult &result,
              StagePrinter *printer = nullptr)
      : target(target), options(options), result(result), printer(printer) {
    context.setDiagnosticHandlerCallBack(
        [](const llvm::DiagnosticInfo *info, void *errors) {
          if (info->getSeverity() != llvm::DS_Error)
            return;
          std::string message;
          llvm::raw_string_ostream stream(message);
          llvm::DiagnosticPrinterRawOStream printer(stream);
          info->print(printer);
          static_cast<std::vector<std::string> *>(errors)->push_back(message);
        },
        &errors);
  }

  llvm::LLVMContext &llvmContext() { return context; }

  // False (with the errors as diagnostics) when LLVM reported any since the last call.
  bool reportErrors() {
    for (const std::string &error : errors)
      addDiagnostic(result, Severity::Error,
                    "the LLVM back end for " + target.str() + " failed: " + error);
    bool clean = errors.empty();
    errors.clear();
    return clean;
  }

  bool createMachine() {
    auto found = target.isCUDA() ? cuda::targetMachine(target.computeCapability, true)
                                 : hip::targetMachine(target.arch, true);
    if (!found) {
      addDiagnostic(result, Severity::Error, llvm::toString(found.takeError()));
      return false;
    }
    machine = *found;
    return true;
  }

  // Set when the kernel cannot run on the target (the error is reported): the llir is still
  // produced, the machine code is not.
  bool cannotRun = false;

  // Optimizes `module` (when asked), prints it as the llir stage, and produces the assembly
  // and the binary as far as options.lastStage asks. With a printer, the llir is printed by
  // its worker while the external assembler or linker runs (the caller joins the printer
  // before this backend ends).
  bool finish(llvm::Module &module, bool optimize) {
    if (optimize) {
      LLVMPassSnapshotRecorder recorder(result.passes, options.captureIRAfterEachPass);
      llvm::PassInstrumentationCallbacks callbacks;
      recorder.registerCallbacks(callbacks);
      llvmir::optimizeModule(module, *machine, &callbacks);
      if (!reportErrors())
        return false;
      pendingLLIR = &module;
      if (!printer || !wantsBinary(options.lastStage))
        printLLIRNow();
    }
    // Also when code generation fails or no tool runs: the llir is shown either way.
    llvm::scope_exit printLLIRAtTheLatest([&] { printLLIRNow(); });
    if (!wantsAssembly(options.lastStage))
      return true;
    if (cannotRun)
      return false;
    Stage assemblyStage = target.isCUDA() ? Stage::PTX : Stage::AMDGCN;
    llvm::Expected<std::string> assembly =
        timed(result, target.isCUDA() ? "NVPTXCodeGen" : "AMDGPUCodeGen", "llc", [&] {
          return generate(module, *machine, llvm::CodeGenFileType::AssemblyFile);
        });
    if (!assembly) {
      addDiagnostic(result, Severity::Error, llvm::toString(assembly.takeError()));
      return false;
    }
    if (!reportErrors())
      return false;
    if (target.isCUDA())
      *assembly = cuda::withoutDebugFlag(*assembly);
    result.stages[assemblyStage] = *assembly;
    if (!wantsBinary(options.lastStage))
      return true;
    return target.isCUDA() ? assembleCubin(*assembly) : linkHsaco(module);
  }

private:
  void printLLIRNow() {
    if (pendingLLIR)
      result.stages[Stage::LLIR] = llvmir::printModule(*pendingLLIR);
    pendingLLIR = nullptr;
  }

  // The LLVM context is idle from here to the end of the external tool.
  void printLLIRWhileToolRuns() {
    if (pendingLLIR && printer)
      printer->startLLVM(*pendingLLIR);
    else
      printLLIRNow();
    pendingLLIR = nullptr;
  }

  bool assembleCubin(const std::string &assembly) {
    using Assembler = CompileOptions::Assembler;
    Assembler choice = options.assembler;
    if (choice == Assembler::Default)
      switch (cuda::assemblerFromEnvironment()) {
      case cuda::AssemblerChoice::JitLink:
        choice = Assembler::JitLink;
        break;
      case cuda::AssemblerChoice::Executable:
        choice = Assembler::PtxasExecutable;
        break;
      case cuda::AssemblerChoice::Unknown:
        addDiagnostic(result, Severity::Warning,
                      "TREX_ASSEMBLER=" + std::string(std::getenv("TREX_ASSEMBLER")) +
                          " is neither nvjitlink nor ptxas; it is ignored (the default "
                          "assembler is used)");
        break;
      case cuda::AssemblerChoice::Unset:
        break;
      }
    // Unless asked for one, nvJitLink where it loads, else the executable, without a word.
    std::optional<std::string> library =
        choice != Assembler::PtxasExecutable ? cuda::findJitLink() : std::nullopt;
    if (choice == Assembler::JitLink && !library)
      addDiagnostic(result, Severity::Warning,
                    "nvJitLink (libnvJitLink.so, CUDA 12.8 or later) was not found (set "
                    "TREX_NVJITLINK_PATH or CUDA_HOME); assembling with the ptxas executable");
    printLLIRWhileToolRuns();
    if (library) {
      llvm::Expected<std::string> cubin = timed(result, "PTXAS", "nvjitlink", [&] {
        return cuda::assembleInProcess(assembly, target.computeCapability, *library,
                                       result.assemblerLog);
      });
      if (!cubin) {
        addDiagnostic(result, Severity::Error, llvm::toString(cubin.takeError()));
        return false;
      }
      result.stages[Stage::CUBIN] = *cubin;
      return true;
    }
    std::optional<std::string> ptxas = cuda::findPtxas();
    if (!ptxas) {
      addDiagnostic(result, Severity::Warning,
                    choice == Assembler::PtxasExecutable
                        ? "ptxas was not found (set TRITON_PTXAS_PATH or CUDA_HOME, or put it on "
                          "PATH); no cubin was produced"
                        : "ptxas was not found, neither in process (libnvJitLink: set "
                          "TREX_NVJITLINK_PATH or CUDA_HOME) nor as an executable (set "
                          "TRITON_PTXAS_PATH or CUDA_HOME, or put it on PATH); no cubin was "
                          "produced");
      return true;
    }
    llvm::Expected<std::string> cubin = timed(result, "PTXAS", "ptxas", [&] {
      return cuda::assemble(assembly, target.computeCapability, *ptxas, result.assemblerLog);
    });
    if (!cubin) {
      addDiagnostic(result, Severity::Error, llvm::toString(cubin.takeError()));
      return false;
    }
    result.stages[Stage::CUBIN] = *cubin;
    return true;
  }

  bool linkHsaco(const llvm::Module &module) {
    std::optional<std::string> linker = hip::findLinker();
    if (!linker) {
      addDiagnostic(result, Severity::Warning,
                    "ld.lld was not found (install lld-22 or set TRITON_HIP_LLD_PATH); no hsaco "
                    "was produced");
      return true;
    }
    llvm::Expected<std::string> object = timed(result, "AMDGPUObjectEmission", "llc", [&] {
      return generate(module, *machine, llvm::CodeGenFileType::ObjectFile);
    });
    if (!object) {
      addDiagnostic(result, Severity::Error, llvm::toString(object.takeError()));
      return false;
    }
    // Assembling inline asm reports its errors here (the text stage only prints the asm).
    if (!reportErrors())
      return false;
    printLLIRWhileToolRuns();
    llvm::Expected<std::string> hsaco = timed(
        result, "LinkCodeObject", "ld.lld", [&] { return hip::linkCodeObject(*object, *linker); });
    if (!hsaco) {
      addDiagnostic(result, Severity::Error, llvm::toString(hsaco.takeError()));
      return false;
    }
    result.stages[Stage::HSACO] = *hsaco;
    return true;
  }

  Target target;
  const CompileOptions &options;
  CompilationResult &result;
  llvm::LLVMContext context;
  std::vector<std::string> errors;
  llvm::TargetMachine *machine = nullptr;
  StagePrinter *printer;
  const llvm::Module *pendingLLIR = nullptr; // optimized, not printed yet
};

// The public function a module of LLVM IR text launches: the kernel.
std::string kernelNameOf(const llvm::Module &module) {
  for (const llvm::Function &function : module)
    if (!function.isDeclaration() && function.hasExternalLinkage())
      return function.getName().str();
  return "";
}

} // namespace

bool produceBackendStages(ModuleOp module, const CompileOptions &options, CompilationResult &result,
                          int loweringStep, StagePrinter *printer) {
  // A ttgir module names the GPU it was laid out for; that decides, not the default.
  Target target = options.target;
  if (auto name = module->getAttrOfType<StringAttr>(ttg::kTargetAttr)) {
    llvm::Expected<Target> parsed = Target::parse(name.getValue());
    if (!parsed) {
      addDiagnostic(result, Severity::Error, llvm::toString(parsed.takeError()));
      return false;
    }
    target = *parsed;
  }
  std::optional<std::string> libdevice;
  if (target.isCUDA()) {
    libdevice = cuda::findLibdevice();
    if (!libdevice && needsDeviceLibrary(module))
      addDiagnostic(result, Severity::Warning,
                    "libdevice.10.bc was not found (set TRITON_LIBDEVICE_PATH or CUDA_HOME); "
                    "transcendental math uses the GPU's approximate instructions instead");
  }
  LLVMLoweringOptions lowering;
  lowering.deviceLibrary = target.isCUDA() ? libdevice.has_value()
                                           : hip::findDeviceLibrary("ockl").has_value() &&
                                                 hip::findDeviceLibrary("ocml").has_value();
  lowering.expandUpcastMXFP = !target.isCUDA();
  lowering.combineSelectAndIf = target.isCUDA();
  lowering.intrinsicDialects = target.isCUDA() ? "nvvm" : "rocdl";
  lowering.profileScopes = options.profileScopes || options.instrumentLoops;
  lowering.instrumentLoops = options.instrumentLoops;
  // The target's intrinsics, which the lowering creates (compileText loads ttir's and ttgir's
  // dialects only, and amdg only when the options name an AMD target).
  module->getContext()->getOrLoadDialect(target.isCUDA() ? "nvvm" : "rocdl");
  if (!target.isCUDA())
    module->getContext()->getOrLoadDialect("amdg");
  // The descriptor parameters' types are gone after the lowering.
  std::vector<TensorDescriptorMetadata> descriptors =
      readTensorDescriptorMetadata(module, result.kernelName);
  if (failed(runPipeline(
          module, [&](OpPassManager &pm) { buildLLVMLoweringPipeline(pm, lowering); },
          Pipeline::LLVMLowering, options, result, loweringStep)))
    return false;
  KernelMetadata metadata =
      readKernelMetadata(module, result.kernelName, target, options.numStages);
  metadata.tensorDescriptors = std::move(descriptors);
  metadata.debug = result.debug;
  metadata.launchCooperativeGrid = options.launchCooperativeGrid;
  // A kernel that needs more shared memory than the GPU has cannot run: Triton compiles it and
  // raises OutOfResources at its launch. trex warns, and still generates the code to look at;
  // past twice the GPU's shared memory (stages of large tiles, whose code generation took
  // a minute) it stops after the llir with an error instead.
  int64_t sharedLimit = proton_gpu::maxSharedMemoryOf(target.str());
  bool cannotRun = wantsAssembly(options.lastStage) && metadata.shared > 2 * sharedLimit;
  if (wantsAssembly(options.lastStage) && metadata.shared > sharedLimit) {
    // At the kernel's definition (whose column Triton's locations leave 0).
    Location kernelLocation = module.getLoc();
    if (auto file = dyn_cast<FileLineColLoc>(kernelLocation); file && file.getColumn() == 0)
      kernelLocation = FileLineColLoc::get(file.getFilename(), file.getLine(), 1);
    InFlightDiagnostic diagnostic =
        cannotRun ? emitError(kernelLocation) : emitWarning(kernelLocation);
    diagnostic << "out of resource: the kernel needs " << metadata.shared
               << " bytes of shared memory and " << target.str() << " has " << sharedLimit
               << " per program, so it cannot run (Triton raises OutOfResources when launching "
                  "it); smaller blocks or fewer stages (num_stages) need less";
    if (cannotRun)
      diagnostic << ". Past twice the GPU's shared memory trex stops before generating its code";
  }

  LLVMBackend backend(target, options, result, printer);
  backend.cannotRun = cannotRun;
  std::unique_ptr<llvm::Module> llvmModule = timed(result, "TranslateToLLVMIR",
                                                   "mlir-to-llvmir", [&] {
                                                     return llvmir::translateModule(
                                                         module, backend.llvmContext());
                                                   });
  // The MLIR context's last use here: the printer may take it until joined, which happens
  // before the LLVM module and context (its llir) end.
  llvm::scope_exit joinPrinter([&] {
    if (printer)
      printer->join();
  });
  if (printer)
    printer->startMLIR();
  if (!llvmModule) {
    addDiagnostic(result, Severity::Error,
                  "the LLVM-dialect module could not be translated to LLVM IR");
    return false;
  }
  if (!backend.createMachine())
    return false;
  if (target.isCUDA()) {
    cuda::setModuleFlags(*llvmModule);
    if (libdevice)
      if (llvm::Error error = cuda::linkLibdevice(*llvmModule, *libdevice)) {
        // A function libdevice lacks: reported where the kernel calls it.
        error = llvm::handleErrors(
            std::move(error), [&](const cuda::MissingLibdeviceFunction &missing) -> llvm::Error {
              if (missing.file.empty())
                return llvm::make_error<cuda::MissingLibdeviceFunction>(missing);
              mlir::emitError(mlir::FileLineColLoc::get(module.getContext(), missing.file,
                                                        missing.line, missing.column))
                  << "'" << missing.function
                  << "' is not a libdevice function (tt.extern_elementwise calls it; the "
                     "libdevice found, "
                  << missing.libdevicePath << ", does not define it)";
              return llvm::Error::success();
            });
        if (error)
          addDiagnostic(result, Severity::Error, llvm::toString(std::move(error)));
        return false;
      }
  } else {
    hip::setModuleFlags(*llvmModule);
    hip::LibraryLinkReport linked;
    if (llvm::Error error = hip::linkDeviceLibraries(*llvmModule, target.arch, &linked)) {
      addDiagnostic(result, Severity::Error, llvm::toString(std::move(error)));
      return false;
    }
    if (linked.keptAsCalls)
      addDiagnostic(result, Severity::Warning,
                    "the kernel makes " + std::to_string(linked.calls) +
                        " calls of ROCm device-library functions; inlining them would add about " +
                        std::to_string(linked.inlinedInstructions) + " instructions (more than " +
                        std::to_string(hip::kLibraryInlineBudget) +
                        "), so they stay function calls, where Triton inlines them");
  }
  result.metadata = metadata;
  result.stages[Stage::Metadata] = metadataJSON(metadata);
  bool finished = backend.finish(*llvmModule, /*optimize=*/true);
  // The assembler reported the registers and spills: they join the metadata.
  if (finished && target.isCUDA() && result.stages.count(Stage::CUBIN))
    if (std::optional<cuda::ResourceUsage> usage =
            cuda::readResourceUsage(result.assemblerLog, metadata.name)) {
      metadata.registers = usage->registers;
      metadata.spills = usage->stackFrameBytes / 4;
      result.metadata = metadata;
      result.stages[Stage::Metadata] = metadataJSON(metadata);
    }
  return (!printer || printer->join()) && finished;
}

bool produceStagesFromLLVMIR(llvm::StringRef text, llvm::StringRef bufferName, bool optimize,
                             const CompileOptions &options, CompilationResult &result) {
  LLVMBackend backend(options.target, options, result);
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> module = llvm::parseAssembly(
      llvm::MemoryBufferRef(text, bufferName), error, backend.llvmContext());
  if (!module) {
    CompileDiagnostic diagnostic;
    diagnostic.location = (bufferName + ":" + llvm::Twine(error.getLineNo()) + ":" +
                           llvm::Twine(error.getColumnNo() + 1))
                              .str();
    diagnostic.message = error.getMessage().str();
    llvm::raw_string_ostream rendered(diagnostic.rendered);
    error.print(/*ProgName=*/nullptr, rendered, /*ShowColors=*/false);
    result.diagnostics.push_back(std::move(diagnostic));
    return false;
  }
  // The IR is checked here, so a broken edit is reported rather than crashing the code
  // generator.
  std::string problems;
  llvm::raw_string_ostream problemStream(problems);
  if (llvm::verifyModule(*module, &problemStream)) {
    addDiagnostic(result, Severity::Error, "the edited LLVM IR is not valid: " + problems);
    return false;
  }
  // Named like a translated module rather than after the buffer, so the llir text it prints
  // reads as a compile's.
  module->setModuleIdentifier(module->getSourceFileName());
  result.kernelName = kernelNameOf(*module);
  if (!backend.createMachine())
    return false;
  return backend.finish(*module, optimize);
}

} // namespace trex::driver
