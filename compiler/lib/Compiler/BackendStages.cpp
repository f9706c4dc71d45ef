// BackendStages: ttgir -> LLVM dialect -> LLVM IR -> PTX + cubin / AMDGCN + hsaco, and the
// metadata, for the compilation driver.
#include "Driver.h"

#include "trex/Compiler/Metadata.h"
#include "trex/Compiler/PassSnapshots.h"
#include "trex/Conversion/TritonGPUToLLVM/Pipeline.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Target/CUDA/PTXBackend.h"
#include "trex/Target/HIP/AMDGCNBackend.h"
#include "trex/Target/LLVMIR/ModuleTranslation.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <chrono>

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
  snapshot.changed = true;
  snapshot.milliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  result.passes.push_back(std::move(snapshot));
  return value;
}

// Code generation from a copy: LLVM's code generator changes the module it runs on.
llvm::Expected<std::string> generate(const llvm::Module &module, llvm::TargetMachine &machine,
                                     llvm::CodeGenFileType fileType) {
  std::unique_ptr<llvm::Module> copy = llvm::CloneModule(module);
  return llvmir::emitCode(*copy, machine, fileType);
}

} // namespace

bool produceBackendStages(ModuleOp module, const CompileOptions &options,
                          CompilationResult &result) {
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
  lowering.deviceLibrary = libdevice.has_value();
  if (failed(runPipeline(
          module, [&](OpPassManager &pm) { buildLLVMLoweringPipeline(pm, lowering); }, options,
          result)))
    return false;
  KernelMetadata metadata =
      readKernelMetadata(module, result.kernelName, target, options.numStages);

  // LLVM reports code generation errors (an operation the target cannot select, say) through
  // the context; by default they end the process. Collected here, they fail the compilation.
  llvm::LLVMContext context;
  std::vector<std::string> backendErrors;
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
      &backendErrors);
  auto reportBackendErrors = [&] {
    for (const std::string &error : backendErrors)
      addDiagnostic(result, Severity::Error,
                    "the LLVM back end for " + target.str() + " failed: " + error);
    return backendErrors.empty();
  };
  std::unique_ptr<llvm::Module> llvmModule = timed(result, "TranslateToLLVMIR",
                                                   "mlir-to-llvmir", [&] {
                                                     return llvmir::translateModule(module, context);
                                                   });
  if (!llvmModule) {
    addDiagnostic(result, Severity::Error,
                  "the LLVM-dialect module could not be translated to LLVM IR");
    return false;
  }
  auto machine = target.isCUDA() ? cuda::createTargetMachine(target.computeCapability, true)
                                 : hip::createTargetMachine(target.arch, true);
  if (!machine) {
    addDiagnostic(result, Severity::Error, llvm::toString(machine.takeError()));
    return false;
  }
  if (target.isCUDA()) {
    cuda::setModuleFlags(*llvmModule);
    if (libdevice)
      if (llvm::Error error = cuda::linkLibdevice(*llvmModule, *libdevice)) {
        addDiagnostic(result, Severity::Error, llvm::toString(std::move(error)));
        return false;
      }
  } else {
    hip::setModuleFlags(*llvmModule);
  }
  {
    LLVMPassSnapshotRecorder recorder(result.passes, options.captureIRAfterEachPass);
    llvm::PassInstrumentationCallbacks callbacks;
    recorder.registerCallbacks(callbacks);
    llvmir::optimizeModule(*llvmModule, **machine, &callbacks);
  }
  if (!reportBackendErrors())
    return false;
  result.stages[Stage::LLIR] = llvmir::printModule(*llvmModule);
  result.metadata = metadata;
  result.stages[Stage::Metadata] = metadataJSON(metadata);
  if (!wantsAssembly(options.lastStage))
    return true;

  Stage assemblyStage = target.isCUDA() ? Stage::PTX : Stage::AMDGCN;
  llvm::Expected<std::string> assembly =
      timed(result, target.isCUDA() ? "NVPTXCodeGen" : "AMDGPUCodeGen", "llc", [&] {
        return generate(*llvmModule, **machine, llvm::CodeGenFileType::AssemblyFile);
      });
  if (!assembly) {
    addDiagnostic(result, Severity::Error, llvm::toString(assembly.takeError()));
    return false;
  }
  if (!reportBackendErrors())
    return false;
  if (target.isCUDA())
    *assembly = cuda::withoutDebugFlag(*assembly);
  result.stages[assemblyStage] = *assembly;
  if (!wantsBinary(options.lastStage))
    return true;

  if (target.isCUDA()) {
    std::optional<std::string> ptxas = cuda::findPtxas();
    if (!ptxas) {
      addDiagnostic(result, Severity::Warning,
                    "ptxas was not found (set TRITON_PTXAS_PATH or CUDA_HOME, or put it on "
                    "PATH); no cubin was produced");
      return true;
    }
    llvm::Expected<std::string> cubin = timed(result, "PTXAS", "ptxas", [&] {
      return cuda::assemble(*assembly, target.computeCapability, *ptxas, result.assemblerLog);
    });
    if (!cubin) {
      addDiagnostic(result, Severity::Error, llvm::toString(cubin.takeError()));
      return false;
    }
    result.stages[Stage::CUBIN] = *cubin;
    return true;
  }
  std::optional<std::string> linker = hip::findLinker();
  if (!linker) {
    addDiagnostic(result, Severity::Warning,
                  "ld.lld was not found (install lld-22 or set TRITON_HIP_LLD_PATH); no hsaco "
                  "was produced");
    return true;
  }
  llvm::Expected<std::string> object = timed(result, "AMDGPUObjectEmission", "llc", [&] {
    return generate(*llvmModule, **machine, llvm::CodeGenFileType::ObjectFile);
  });
  if (!object) {
    addDiagnostic(result, Severity::Error, llvm::toString(object.takeError()));
    return false;
  }
  // Assembling inline asm reports its errors here (the text stage only prints the asm).
  if (!reportBackendErrors())
    return false;
  llvm::Expected<std::string> hsaco = timed(
      result, "LinkCodeObject", "ld.lld", [&] { return hip::linkCodeObject(*object, *linker); });
  if (!hsaco) {
    addDiagnostic(result, Severity::Error, llvm::toString(hsaco.takeError()));
    return false;
  }
  result.stages[Stage::HSACO] = *hsaco;
  return true;
}

} // namespace trex::driver
