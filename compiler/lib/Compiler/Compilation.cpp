// The compilation driver: load the input at its stage, run each later stage's
// pipeline with pass recording, print every stage, and collect diagnostics.
#include "trex/Compiler/Compilation.h"

#include "trex/Layout/LayoutAdapter.h"

#include "Driver.h"
#include "StagePrinter.h"
#include "ThreadContext.h"

#include "trex/Compiler/IRText.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/Triton/Transforms/Canonicalize.h"
#include "trex/Dialect/Triton/Transforms/Pipeline.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/Transforms/Pipeline.h"
#include "trex/Frontend/CodeGen/CodeGen.h"
#include "trex/IRParsing/IRTextLimits.h"
#include "trex/Target/CUDA/PTXBackend.h"
#include "trex/Target/HIP/AMDGCNBackend.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"

#include <algorithm>
#include <cstdlib>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <mutex>

using namespace mlir;

namespace trex {

namespace {

// A source-manager handler whose rendering (location, message, source line,
// caret) the collector can call for one diagnostic at a time.
class DiagnosticRenderer : public SourceMgrDiagnosticHandler {
public:
  using SourceMgrDiagnosticHandler::emitDiagnostic;
  using SourceMgrDiagnosticHandler::SourceMgrDiagnosticHandler;
};

// Turns MLIR diagnostics into CompileDiagnostics, rendering each with its
// source line and a caret through the source manager that holds the input.
class DiagnosticCollector {
public:
  DiagnosticCollector(llvm::SourceMgr &sourceMgr, MLIRContext &context,
                      std::vector<CompileDiagnostic> &out)
      : renderStream(rendered), renderer(sourceMgr, &context, renderStream),
        handler(&context, [this, &out](Diagnostic &diagnostic) {
          record(diagnostic, out);
          return success();
        }) {}

private:
  static std::string locationText(Location location) {
    if (auto file = dyn_cast<FileLineColLoc>(location))
      return (file.getFilename().getValue() + ":" + llvm::Twine(file.getLine()) + ":" +
              llvm::Twine(file.getColumn()))
          .str();
    if (auto name = dyn_cast<NameLoc>(location))
      return locationText(name.getChildLoc());
    if (auto callSite = dyn_cast<CallSiteLoc>(location))
      return locationText(callSite.getCaller());
    if (auto fused = dyn_cast<FusedLoc>(location))
      for (Location part : fused.getLocations())
        if (std::string text = locationText(part); !text.empty())
          return text;
    return "";
  }

  void record(Diagnostic &diagnostic, std::vector<CompileDiagnostic> &out) {
    CompileDiagnostic result;
    switch (diagnostic.getSeverity()) {
    case DiagnosticSeverity::Error:
      result.severity = CompileDiagnostic::Severity::Error;
      break;
    case DiagnosticSeverity::Warning:
      result.severity = CompileDiagnostic::Severity::Warning;
      break;
    case DiagnosticSeverity::Note:
      result.severity = CompileDiagnostic::Severity::Note;
      break;
    case DiagnosticSeverity::Remark:
      result.severity = CompileDiagnostic::Severity::Remark;
      result.passRemark = true;
      break;
    }
    result.location = locationText(diagnostic.getLocation());
    result.message = diagnostic.str();
    rendered.clear();
    renderer.emitDiagnostic(diagnostic);
    result.rendered = limitOperationDump(rendered);
    out.push_back(std::move(result));
  }

  // MLIR notes the failing op in generic form ("see current operation: ..."); for an op with
  // regions that is the whole function or module (tens of kilobytes). The op's first lines
  // say which op it is; the rest is left out, with a count.
  static std::string limitOperationDump(const std::string &text) {
    constexpr llvm::StringLiteral marker = "see current operation:";
    constexpr int kShownLines = 12;
    size_t start = text.find(marker);
    if (start == std::string::npos)
      return text;
    size_t cut = start;
    int lines = 0;
    while (lines < kShownLines && cut != std::string::npos) {
      cut = text.find('\n', cut + 1);
      ++lines;
    }
    if (cut == std::string::npos)
      return text;
    size_t hidden = static_cast<size_t>(std::count(text.begin() + cut, text.end(), '\n'));
    if (hidden < 4)
      return text;
    return text.substr(0, cut + 1) + "  ... (" + std::to_string(hidden) +
           " more lines of the operation not shown)\n";
  }

  std::string rendered;
  llvm::raw_string_ostream renderStream;
  DiagnosticRenderer renderer;
  ScopedDiagnosticHandler handler;
};

// What a compile of one input needs around it, in the order it is made and (reversed) ended:
// the thread's context, the per-compile caches keyed by its attributes, the input's buffer
// for located diagnostics, and the handler collecting those diagnostics into the result.
class CompileSession {
public:
  CompileSession(llvm::StringRef text, llvm::StringRef bufferName, const CompileOptions &options,
                 CompilationResult &result)
      : lease(options.target), collector(sourceMgr, lease.context(), result.diagnostics) {
    sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, bufferName),
                                 llvm::SMLoc());
  }

  MLIRContext &context() { return lease.context(); }
  llvm::SourceMgr &sources() { return sourceMgr; }

private:
  driver::ContextLease lease;
  layout::LinearLayoutCacheScope linearLayouts;
  CanonicalizePatternsScope canonicalizePatterns;
  llvm::SourceMgr sourceMgr;
  DiagnosticCollector collector;
};

enum class InputKind { Python, TTIR, TTGIR };

std::optional<InputKind> inputKind(llvm::StringRef fileName) {
  llvm::StringRef extension = llvm::sys::path::extension(fileName);
  if (extension == ".py")
    return InputKind::Python;
  if (extension == ".source" || extension == ".ttir" || extension == ".mlir")
    return InputKind::TTIR;
  if (extension == ".ttgir")
    return InputKind::TTGIR;
  return std::nullopt;
}

std::string findKernelName(ModuleOp module) {
  for (auto function : module.getOps<tt::FuncOp>())
    if (function.isPublic())
      return function.getName().str();
  return "";
}

void addError(CompilationResult &result, std::string message) {
  driver::addDiagnostic(result, CompileDiagnostic::Severity::Error, std::move(message));
}

// Front-end diagnostics (already located and rendered with a caret) as CompileDiagnostics.
void addFrontendDiagnostics(const std::vector<python::Diagnostic> &diagnostics,
                            CompilationResult &result) {
  for (const python::Diagnostic &diagnostic : diagnostics) {
    CompileDiagnostic converted;
    switch (diagnostic.severity) {
    case python::DiagnosticSeverity::Error:
      converted.severity = CompileDiagnostic::Severity::Error;
      break;
    case python::DiagnosticSeverity::Warning:
      converted.severity = CompileDiagnostic::Severity::Warning;
      break;
    case python::DiagnosticSeverity::Note:
      converted.severity = CompileDiagnostic::Severity::Note;
      break;
    case python::DiagnosticSeverity::Remark:
      converted.severity = CompileDiagnostic::Severity::Remark;
      break;
    }
    if (diagnostic.location.line > 0)
      converted.location = diagnostic.fileName + ":" + std::to_string(diagnostic.location.line) +
                           ":" + std::to_string(diagnostic.displayColumn());
    converted.message = diagnostic.message;
    converted.rendered = diagnostic.format();
    result.diagnostics.push_back(std::move(converted));
  }
}

frontend::FrontendOptions frontendOptions(const CompileOptions &options) {
  frontend::FrontendOptions frontend = options.target.isCUDA()
                                           ? frontend::FrontendOptions::forCUDA(
                                                 options.target.computeCapability)
                                           : frontend::FrontendOptions::forHIP(options.target.arch);
  frontend.numWarps = options.numWarps;
  frontend.profileScopes = options.profileScopes;
  frontend.debug = options.debug;
  frontend.pythonPath = options.pythonPath;
  return frontend;
}

tt::TTIRPipelineOptions ttirOptions(const Target &target) {
  tt::TTIRPipelineOptions options;
  options.backend = target.isCUDA() ? tt::TTIRPipelineOptions::Backend::CUDA
                                    : tt::TTIRPipelineOptions::Backend::HIP;
  options.computeCapability = target.computeCapability;
  options.arch = target.arch;
  return options;
}

// The AMD generation whose MFMA instructions trex lowers (gfx940, gfx941, gfx942).
bool isCdna3(const std::string &arch) {
  return arch == "gfx940" || arch == "gfx941" || arch == "gfx942";
}

// The make_ttgir options: the target and the launch shape the user asked for.
ttg::TTGIRPipelineOptions ttgirOptions(const CompileOptions &options) {
  ttg::TTGIRPipelineOptions ttgir;
  ttgir.backend = options.target.isCUDA() ? ttg::TTGIRPipelineOptions::Backend::CUDA
                                          : ttg::TTGIRPipelineOptions::Backend::HIP;
  ttgir.computeCapability = options.target.computeCapability;
  ttgir.arch = options.target.arch;
  ttgir.numWarps = options.numWarps;
  ttgir.numCTAs = options.numCTAs;
  ttgir.numStages = options.numStages;
  // Tensor cores where their lowering exists: wgmma on sm_90, mma.sync on sm_80+, MFMA on
  // CDNA3.
  int capability = options.target.computeCapability;
  bool hasMmaSync = options.target.isCUDA() && capability >= 80;
  bool hasWgmma = options.target.isCUDA() && capability == 90;
  bool hasMfma = !options.target.isCUDA() && isCdna3(options.target.arch);
  ttgir.maxMmaVersion = 2;
  switch (options.matmulUnit) {
  case CompileOptions::MatmulUnit::Default:
    // Dots wgmma does not take (shapes) fall back to mma.sync, which takes f16, bf16 and
    // tf32 into f32, f16 into f16 and i8 into i32 (checked against Triton on an H100:
    // mma_check.py --mma v2), and fp8 widened to f16 in registers as Triton does (except on
    // sm_89, whose native fp8 mma.sync trex does not emit: FMA there, with a warning); f64 on
    // the m8n8k4 f64 instruction (sm_80 on; wgmma has no f64), as Triton 3.6 on sm_90.
    ttgir.tensorCores = hasMmaSync || hasMfma;
    ttgir.maxMmaVersion = hasWgmma ? 3 : 2;
    ttgir.mmaV2Types = {"f16", "bf16", "tf32", "i8", "f16acc", "f64"};
    if (capability != 89)
      ttgir.mmaV2Types.push_back("fp8");
    break;
  case CompileOptions::MatmulUnit::MmaV2:
    ttgir.tensorCores = hasMmaSync || hasMfma;
    ttgir.mmaV2Types = {"f16", "bf16", "tf32", "i8", "f16acc", "f64"};
    if (capability != 89)
      ttgir.mmaV2Types.push_back("fp8");
    break;
  case CompileOptions::MatmulUnit::MmaV3:
    ttgir.tensorCores = hasMmaSync || hasMfma;
    ttgir.maxMmaVersion = hasWgmma ? 3 : 2;
    break;
  case CompileOptions::MatmulUnit::FMA:
    ttgir.tensorCores = false;
    break;
  }
  // The instructions MfmaDotOpToLLVM lowers; fp8 (fnuz) and f64 dots stay on FMA.
  ttgir.mfmaTypes = {"f16", "bf16", "f32", "tf32", "i8"};
  ttgir.pipeline = options.pipeline && (!options.target.isCUDA() || capability >= 80);
  return ttgir;
}

} // namespace

namespace driver {

void addDiagnostic(CompilationResult &result, CompileDiagnostic::Severity severity,
                   std::string message) {
  static constexpr const char *kSeverityNames[] = {"error", "warning", "note", "remark"};
  CompileDiagnostic diagnostic;
  diagnostic.severity = severity;
  diagnostic.rendered =
      std::string(kSeverityNames[static_cast<int>(severity)]) + ": " + message + "\n";
  diagnostic.message = std::move(message);
  result.diagnostics.push_back(std::move(diagnostic));
}

static const char *pipelineName(Pipeline pipeline) {
  switch (pipeline) {
  case Pipeline::TTIR:
    return "ttir";
  case Pipeline::TTGIR:
    return "ttgir";
  case Pipeline::LLVMLowering:
    return "LLVM lowering";
  case Pipeline::LLVMOptimizer:
    return "LLVM optimizer";
  case Pipeline::Backend:
    return "back-end";
  }
  return "";
}

LogicalResult runPipeline(ModuleOp module, llvm::function_ref<void(OpPassManager &)> build,
                          Pipeline pipeline, const CompileOptions &options,
                          CompilationResult &result, int firstStep) {
  PassManager passManager(module->getContext());
  if (firstStep == 0) {
    build(passManager);
  } else {
    OpPassManager whole(ModuleOp::getOperationName());
    build(whole);
    std::string error;
    if (failed(addPipelineSuffix(whole, firstStep, passManager, error))) {
      addDiagnostic(result, CompileDiagnostic::Severity::Error, error);
      return failure();
    }
  }
  passManager.addInstrumentation(std::make_unique<PassSnapshotRecorder>(
      result.passes, options.captureIRAfterEachPass, pipeline, firstStep));
  // The verifier after every pass costs about 5% of a small kernel's compile: it runs where
  // the IR after each pass is kept (the explorer, --dump-passes) or TREX_VERIFY_EACH_PASS is
  // set, and otherwise once on the pipeline's output.
  const char *verifyEachPass = std::getenv("TREX_VERIFY_EACH_PASS");
  bool verifyEach =
      options.captureIRAfterEachPass || (verifyEachPass && llvm::StringRef(verifyEachPass) != "0");
  passManager.enableVerifier(verifyEach);
  auto errors = [&] {
    return llvm::count_if(result.diagnostics, [](const CompileDiagnostic &diagnostic) {
      return diagnostic.severity == CompileDiagnostic::Severity::Error;
    });
  };
  auto errorsBefore = errors();
  if (failed(passManager.run(module)))
    return failure();
  if (!verifyEach && failed(mlir::verify(module))) {
    addDiagnostic(result, CompileDiagnostic::Severity::Error,
                  "trex produced invalid IR in its " + std::string(pipelineName(pipeline)) +
                      " pipeline (an internal error; TREX_VERIFY_EACH_PASS=1 names the pass)");
    return failure();
  }
  // A pass that reports an error without failing leaves IR that must not reach the output.
  return success(errors() == errorsBefore);
}

} // namespace driver

// glibc hands blocks of 128 KiB and more straight back to the system when freed, and trims
// the heap once 128 KiB at its top are free; every compile then faults the same memory in
// again (ptxas inside nvJitLink above all: 9% of a softmax kernel's assembly, 4% of a layer
// norm's, measured on its own). Larger limits keep up to that much freed memory for the next
// compile.
void keepFreedMemoryForReuse() {
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, 8 << 20);
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}

namespace {

// The compilation in progress on this thread records LLVM's fatal-error reason here.
thread_local std::string *fatalErrorReason = nullptr;

// LLVM reports some failures (an intrinsic its code generator cannot select, say) by ending
// the process. Inside compileText's recovery context, Process::Exit returns control to it
// instead, so the failure becomes a diagnostic; elsewhere it ends the process as before.
void recordFatalError(void *, const char *reason, bool) {
  if (fatalErrorReason)
    *fatalErrorReason = reason;
  if (!llvm::CrashRecoveryContext::GetCurrent())
    llvm::errs() << "LLVM ERROR: " << reason << "\n";
  llvm::sys::Process::Exit(1);
}

// A crash or fatal error while compiling one kernel (a bug in trex or LLVM) must not take
// down the program compiling it (the explorer compiles in-process): it is caught and reported
// as an internal error naming the last pass that started.
CompilationResult compileSafely(llvm::function_ref<void(CompilationResult &)> compile) {
  static std::once_flag installed;
  std::call_once(installed, [] {
    llvm::CrashRecoveryContext::Enable();
    llvm::install_fatal_error_handler(recordFatalError);
    keepFreedMemoryForReuse();
  });
  CompilationResult result;
  std::string reason;
  fatalErrorReason = &reason;
  llvm::CrashRecoveryContext recovery;
  bool finished = recovery.RunSafely([&] { compile(result); });
  fatalErrorReason = nullptr;
  if (!finished) {
    // The compile's context and per-compile caches were left mid-use.
    driver::abandonThreadContext();
    layout::LinearLayoutCacheScope::abandonAll();
    CanonicalizePatternsScope::abandonAll();
    result.succeeded = false;
    std::string where = result.passes.empty() ? "in the front end"
                                              : "after pass " + result.passes.back().name;
    addError(result, "internal compiler error " + where + ": " +
                         (reason.empty() ? "trex crashed" : reason) +
                         " (please report it with this kernel and its options)");
  }
  return result;
}

// Runs the pipelines from `point` on (the module is the IR at that point) and prints each
// stage they finish, as far as options.lastStage asks.
// A tensor whose layout gives each thread far more registers than the target has (block
// sizes pushed up, too few warps) compiles for a long time and spills heavily: say so, at the
// op that makes the largest such tensor, once per compile.
void warnAboutRegisterPressure(ModuleOp module, const Target &target) {
  const int64_t registersPerThread = target.isCUDA() ? 255 : 512;
  const int64_t warnAbove = 4 * registersPerThread;
  Operation *worst = nullptr;
  RankedTensorType worstType;
  int64_t worstRegisters = 0;
  llvm::DenseMap<Type, int64_t> perType; // a layout is computed once per tensor type
  module.walk([&](Operation *op) {
    for (Type type : op->getResultTypes()) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (!tensor || !tensor.getEncoding() || !tensor.getElementType().isIntOrIndexOrFloat())
        continue;
      int64_t bits =
          tensor.getElementType().isIndex() ? 64 : tensor.getElementType().getIntOrFloatBitWidth();
      auto known = perType.find(tensor);
      int64_t registers = known != perType.end()
                              ? known->second
                              : perType[tensor] = (elementsPerThread(tensor) * bits + 31) / 32;
      // The largest; among equals, the first whose location points into the kernel's file.
      bool located = isa<FileLineColLoc, CallSiteLoc, NameLoc>(op->getLoc());
      bool worstLocated = worst && isa<FileLineColLoc, CallSiteLoc, NameLoc>(worst->getLoc());
      if (registers > worstRegisters || (registers == worstRegisters && located && !worstLocated)) {
        worstRegisters = registers;
        worst = op;
        worstType = tensor;
      }
    }
  });
  if (worst && worstRegisters > warnAbove)
    emitWarning(worst->getLoc())
        << "this " << worstType.getShape().size() << "-d tensor of " << worstType.getNumElements()
        << " elements gives each thread about " << worstRegisters << " 32-bit registers ("
        << target.str() << " has " << registersPerThread
        << " per thread): expect heavy spilling and a long compile; smaller "
           "blocks or more warps keep it in registers";
}

// The elements each thread computes, summed over the ops of the ttgir: about the number of
// instructions per thread the lowering will emit (a loop body counted once).
int64_t elementOpsPerThread(ModuleOp module) {
  int64_t total = 0;
  llvm::DenseMap<Type, int64_t> perType;
  module.walk([&](Operation *op) {
    for (Type type : op->getResultTypes()) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (!tensor || !tensor.getEncoding())
        continue;
      auto known = perType.find(tensor);
      total += known != perType.end() ? known->second : perType[tensor] = elementsPerThread(tensor);
    }
  });
  return total;
}

// The code a thread runs grows with the elements it computes: past kWarnElementOpsPerThread
// (ten times the largest kernel of Triton's test suite) the compile takes a while, past
// kMaxElementOpsPerThread minutes in LLVM (a tl.sort of 65,536 elements on 4 warps: 750,000,
// 70 s), and trex stops after the ttgir with an error. Located at the kernel's definition.
constexpr int64_t kWarnElementOpsPerThread = int64_t(1) << 17;
constexpr int64_t kMaxElementOpsPerThread = int64_t(1) << 19;

LogicalResult checkElementOpsPerThread(ModuleOp module) {
  int64_t total = elementOpsPerThread(module);
  if (total <= kWarnElementOpsPerThread)
    return success();
  // At the kernel (the first public function; the module where there is none).
  Location location = module.getLoc();
  module.walk([&](FunctionOpInterface function) {
    if (!function.isPublic())
      return WalkResult::advance();
    location = function.getLoc();
    return WalkResult::interrupt();
  });
  if (auto file = dyn_cast<FileLineColLoc>(location); file && file.getColumn() == 0)
    location = FileLineColLoc::get(file.getFilename(), file.getLine(), 1);
  bool refused = total > kMaxElementOpsPerThread;
  InFlightDiagnostic diagnostic = refused ? emitError(location) : emitWarning(location);
  diagnostic << "each thread computes about " << total
             << " tensor elements over the kernel's ops (blocks per thread times ops); ";
  if (refused)
    diagnostic << "trex compiles at most " << kMaxElementOpsPerThread
               << ", whose code takes LLVM minutes, and stops after the ttgir: ";
  else
    diagnostic << "expect a long compile: ";
  diagnostic << "smaller blocks or more warps give each thread less";
  return failure(refused);
}

void runPipelinesFrom(ModuleOp module, const ResumePoint &point, const CompileOptions &options,
                      CompilationResult &result, driver::StagePrinter &printer) {
  auto firstStepOf = [&](Pipeline pipeline) {
    return point.pipeline == pipeline ? point.firstStep : 0;
  };
  if (point.pipeline <= Pipeline::TTIR && options.lastStage >= Stage::TTIR) {
    if (failed(driver::runPipeline(
            module,
            [&](OpPassManager &pm) { tt::buildTTIRPipeline(pm, ttirOptions(options.target)); },
            Pipeline::TTIR, options, result, firstStepOf(Pipeline::TTIR))))
      return;
    printer.keep(Stage::TTIR, module);
  }
  if (point.pipeline <= Pipeline::TTGIR && options.lastStage >= Stage::TTGIR) {
    if (failed(driver::runPipeline(
            module, [&](OpPassManager &pm) { ttg::buildTTGIRPipeline(pm, ttgirOptions(options)); },
            Pipeline::TTGIR, options, result, firstStepOf(Pipeline::TTGIR))))
      return;
    printer.keep(Stage::TTGIR, module);
    warnAboutRegisterPressure(module, options.target);
  }
  // Also for a ttgir input, which starts here.
  if (point.pipeline <= Pipeline::LLVMLowering && options.lastStage > Stage::TTGIR &&
      failed(checkElementOpsPerThread(module)))
    return;
  if (options.lastStage > Stage::TTGIR &&
      !driver::produceBackendStages(module, options, result, firstStepOf(Pipeline::LLVMLowering),
                                    &printer))
    return;
  if (!printer.join())
    return;
  result.succeeded = true;
}

void compileInto(llvm::StringRef text, llvm::StringRef fileName, const CompileOptions &options,
                 CompilationResult &result);

} // namespace

CompilationResult compileText(llvm::StringRef text, llvm::StringRef fileName,
                              const CompileOptions &options) {
  return compileSafely(
      [&](CompilationResult &result) { compileInto(text, fileName, options, result); });
}

namespace {

// Where `attribute` ("ttg.target") is written in an IR file's text, so an error about it points
// at that line of the file (the module's own location is the kernel's Python source).
Location attributeLocation(ModuleOp module, llvm::StringRef text, llvm::StringRef fileName,
                           llvm::StringRef attribute) {
  size_t offset = text.find(attribute);
  if (offset == llvm::StringRef::npos)
    return module.getLoc();
  llvm::StringRef before = text.take_front(offset);
  unsigned line = before.count('\n') + 1;
  size_t lineStart = before.rfind('\n');
  unsigned column = offset - (lineStart == llvm::StringRef::npos ? 0 : lineStart + 1) + 1;
  // The attribute is printed quoted ("ttg.num-warps") where its name needs it: point at the quote.
  if (offset > 0 && text[offset - 1] == '"')
    --column;
  return FileLineColLoc::get(module.getContext(), fileName, line, column);
}

// A ttgir module was lowered for the target its `ttg.target` names: that target is compiled
// for. Another --target cannot apply (the layouts and the back end would disagree), so it is
// a located error; a target the caller did not choose yields to the module's.
LogicalResult adoptModuleTarget(ModuleOp module, llvm::StringRef text, llvm::StringRef fileName,
                                const CompileOptions &options, CompileOptions &effective) {
  auto attribute = module->getAttrOfType<StringAttr>("ttg.target");
  if (!attribute)
    return success();
  Location location = attributeLocation(module, text, fileName, "ttg.target");
  llvm::Expected<Target> moduleTarget = Target::parse(attribute.getValue());
  if (!moduleTarget) {
    emitError(location) << "the module's ttg.target \"" << attribute.getValue()
                        << "\" is not a target trex knows: "
                        << llvm::toString(moduleTarget.takeError());
    return failure();
  }
  if (moduleTarget->str() == options.target.str())
    return success();
  if (options.targetGiven) {
    emitError(location) << "the module says " << moduleTarget->str()
                        << " (ttg.target), --target says " << options.target.str()
                        << "; a ttgir file's layouts and instructions are chosen for its own "
                           "target (drop --target, or compile the kernel's .py or .ttir for "
                        << options.target.str() << ")";
    return failure();
  }
  effective.target = *moduleTarget;
  return success();
}

// num_ctas, the CTAs of a thread-block cluster: a power of two up to kMaxNumCTAs, and above 1
// only where clusters exist. Triton refuses num_ctas > 1 below sm_90 (CUDABackend.parse_options,
// with this message); AMD GPUs have no clusters (Triton's HIP backend would build layouts
// spread over CTAs its launch never makes).
LogicalResult checkNumCTAs(const Target &target, int numCTAs, CompilationResult &result) {
  if (numCTAs < 1 || numCTAs > kMaxNumCTAs || (numCTAs & (numCTAs - 1)) != 0) {
    addError(result, "num_ctas must be a power of two from 1 to " + std::to_string(kMaxNumCTAs) +
                         " (the CTAs of a thread-block cluster), got " + std::to_string(numCTAs));
    return failure();
  }
  if (numCTAs == 1)
    return success();
  if (target.isHIP()) {
    addError(result, "num_ctas > 1 needs thread-block clusters, which NVIDIA sm_90+ has and " +
                         target.str() + " has not; use num_ctas=1 on AMD GPUs");
    return failure();
  }
  if (target.computeCapability < 90) {
    addError(result, "num_ctas > 1 requires NVIDIA SM90+ (Hopper). Current target is sm_" +
                         std::to_string(target.computeCapability) +
                         ". Please set num_ctas=1 or target an SM90+ GPU.");
    return failure();
  }
  return success();
}

// Options that cannot apply are errors, and ones trex cannot check against Triton are warned
// about, rather than silently dropped.
LogicalResult checkOptions(const CompileOptions &options, Stage inputStage, ModuleOp module,
                           llvm::StringRef text, llvm::StringRef fileName,
                           CompilationResult &result) {
  const Target &target = options.target;
  std::string name = target.str();
  bool modelled = name == "cuda:80" || name == "cuda:90" || name == "hip:gfx942";
  if (!modelled) {
    // A processor LLVM does not know is refused before any pass (LLVM would compile for a
    // generic one that selects no instructions for some ops).
    llvm::Expected<llvm::TargetMachine *> machine =
        target.isCUDA() ? cuda::targetMachine(target.computeCapability, true)
                        : hip::targetMachine(target.arch, true);
    if (!machine) {
      addError(result, name + ": " + llvm::toString(machine.takeError()));
      return failure();
    }
    std::string nearest = target.isHIP()                  ? "hip:gfx942"
                          : target.computeCapability < 85 ? "cuda:80"
                                                          : "cuda:90";
    driver::addDiagnostic(result, CompileDiagnostic::Severity::Warning,
                          "trex models cuda:80, cuda:90 and hip:gfx942; " + name +
                              " compiles, but its layouts and instructions are not checked "
                              "against Triton's (the nearest modelled target is " +
                              nearest + ")");
  }
  using Unit = CompileOptions::MatmulUnit;
  if (options.matmulUnit == Unit::MmaV3 && !(target.isCUDA() && target.computeCapability == 90)) {
    addError(result, "--mma v3 (wgmma) needs sm_90; " + name +
                         (target.isCUDA() ? " multiplies with mma.sync (--mma v2) or FMA"
                                          : " multiplies with MFMA (the default) or FMA"));
    return failure();
  }
  if (options.launchCooperativeGrid && target.isHIP()) {
    addError(result, "--launch-cooperative-grid (launch_cooperative_grid): trex launches "
                     "kernels cooperatively on NVIDIA GPUs only, not on " +
                         name);
    return failure();
  }
  if (options.matmulUnit == Unit::MmaV2 && (target.isHIP() || target.computeCapability < 80)) {
    addError(result, "--mma v2 (mma.sync) needs NVIDIA sm_80 or later; " + name +
                         (target.isHIP() ? " multiplies with MFMA (the default) or FMA"
                                         : " multiplies with FMA"));
    return failure();
  }
  // A ttgir module's layouts were built for its own warps and CTAs: another count cannot apply.
  if (inputStage == Stage::TTGIR && options.numCTAsGiven) {
    auto ctas = module->getAttrOfType<IntegerAttr>(ttg::kNumCTAsAttr);
    int moduleCTAs = ctas ? static_cast<int>(ctas.getInt()) : 1;
    if (moduleCTAs != options.numCTAs) {
      Location where =
          ctas ? attributeLocation(module, text, fileName, ttg::kNumCTAsAttr) : module.getLoc();
      emitError(where) << "--num-ctas " << options.numCTAs << " differs from the module's \""
                       << ttg::kNumCTAsAttr << "\" = " << moduleCTAs
                       << "; a ttgir file's layouts are built for its own CTAs (drop --num-ctas, "
                          "or compile the kernel's .py or .ttir)";
      return failure();
    }
  }
  // A ttgir module's layouts were built for its own warps: another count cannot apply.
  if (inputStage == Stage::TTGIR && options.numWarpsGiven)
    if (auto warps = module->getAttrOfType<IntegerAttr>("ttg.num-warps"))
      if (warps.getInt() != options.numWarps) {
        emitError(attributeLocation(module, text, fileName, "ttg.num-warps"))
            << "--num-warps " << options.numWarps
            << " differs from the module's \"ttg.num-warps\" = " << warps.getInt()
            << "; a ttgir file's layouts are built for its own warps (drop --num-warps, or "
               "compile the kernel's .py or .ttir)";
        return failure();
      }
  return success();
}

// Parses an IR input, or reports (located) why not.
OwningOpRef<ModuleOp> parseIR(CompileSession &session, llvm::StringRef text,
                              llvm::StringRef bufferName) {
  if (failed(checkIRTextLimits(text, bufferName, &session.context())))
    return nullptr;
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(session.sources(), &session.context());
  if (!module)
    return nullptr;
  // The module holds functions (and other symbols such as globals) only: an op outside every
  // function (a line moved out of its tt.func) has no function to be lowered into, and the
  // lowering of tt.print crashed looking for one.
  for (Operation &op : module->getBody()->getOperations())
    if (!isa<SymbolOpInterface>(op)) {
      emitError(op.getLoc()) << "'" << op.getName()
                             << "' is outside every function; at the top level of a module "
                                "Triton's IR has functions (tt.func) only";
      return nullptr;
    }
  return module;
}

void compileInto(llvm::StringRef text, llvm::StringRef fileName, const CompileOptions &options,
                 CompilationResult &result) {
  result.numWarps = options.numWarps;
  result.numStages = options.numStages;
  result.numCTAs = options.numCTAs;
  std::optional<InputKind> kind = inputKind(fileName);
  if (!kind) {
    addError(result, "cannot tell the stage of '" + fileName.str() +
                         "' from its extension; expected .py, .source, .ttir, .mlir or .ttgir");
    return;
  }

  CompileSession session(text, fileName, options, result);
  MLIRContext &context = session.context();
  OwningOpRef<ModuleOp> module;
  if (*kind == InputKind::Python) {
    frontend::KernelRequest request;
    request.kernelName = options.kernelName;
    request.signature = options.signature;
    request.autotuneConfig = options.autotuneConfig;
    frontend::FrontendResult generated = frontend::generateKernel(
        context, text, fileName.str(), request, frontendOptions(options));
    addFrontendDiagnostics(generated.diagnostics, result);
    result.importedFiles = generated.importedFiles;
    result.autotuneConfigs = std::move(generated.autotuneConfigs);
    result.debug = generated.debug;
    if (!generated.succeeded())
      return;
    module = std::move(generated.module);
    result.passedParameterNames = generated.passedParameterNames;
    result.proposedSignature = generated.proposedSignature;
    if (generated.proposedNumWarps && !options.numWarpsGiven && !generated.autotuneConfig)
      result.numWarps = *generated.proposedNumWarps;
    if (generated.proposedNumStages && !options.numStagesGiven && !generated.autotuneConfig)
      result.numStages = *generated.proposedNumStages;
    if (generated.autotuneConfig) {
      if (!options.numWarpsGiven)
        result.numWarps = generated.autotuneConfig->numWarps;
      if (!options.numStagesGiven)
        result.numStages = generated.autotuneConfig->numStages;
      if (!options.numCTAsGiven)
        result.numCTAs = generated.autotuneConfig->numCTAs;
    }
  } else {
    module = parseIR(session, text, fileName);
    if (!module)
      return;
  }
  result.kernelName = findKernelName(*module);

  Stage inputStage = *kind == InputKind::TTGIR                         ? Stage::TTGIR
                     : llvm::sys::path::extension(fileName) == ".ttir" ? Stage::TTIR
                                                                       : Stage::Source;
  // A Python kernel starts at the frontend's output, Triton's `.source`.
  driver::StagePrinter printer(result, options);
  printer.keep(inputStage, *module);
  CompileOptions effective = options;
  if (inputStage == Stage::TTGIR &&
      failed(adoptModuleTarget(*module, text, fileName, options, effective)))
    return;
  if (failed(checkOptions(effective, inputStage, *module, text, fileName, result)))
    return;
  // Checked before any pass: a program of more than 1024 threads cannot launch, and the layouts
  // assume a power of two (Triton asserts it).
  if (inputStage != Stage::TTGIR) {
    int warps = result.numWarps, warpSize = effective.target.warpSize;
    int maxWarps = 1024 / warpSize;
    if (warps < 1 || warps > maxWarps || (warps & (warps - 1)) != 0) {
      addError(result, "num_warps must be a power of two from 1 to " + std::to_string(maxWarps) +
                           " on " + effective.target.str() + " (at most 1024 threads of " +
                           std::to_string(warpSize) + "-wide warps per program), got " +
                           std::to_string(warps));
      return;
    }
  }
  if (inputStage != Stage::TTGIR && failed(checkNumCTAs(effective.target, result.numCTAs, result)))
    return;
  // The pipelines run with the launch shape chosen above (an autotune config's num_warps,
  // num_stages and num_ctas where the caller gave none).
  effective.numWarps = result.numWarps;
  effective.numStages = result.numStages;
  effective.numCTAs = result.numCTAs;
  runPipelinesFrom(*module, *ResumePoint::afterStage(inputStage), effective, result, printer);
}

} // namespace

int defaultNumStages(const Target &target) { return target.isCUDA() ? 3 : 2; }

CompilationResult compileFrom(llvm::StringRef text, llvm::StringRef bufferName,
                              const ResumePoint &point, const CompileOptions &options) {
  return compileSafely([&](CompilationResult &result) {
    result.numWarps = options.numWarps;
    result.numStages = options.numStages;
    if (point.takesLLVMIR()) {
      result.succeeded = driver::produceStagesFromLLVMIR(
          text, bufferName, point.pipeline == Pipeline::LLVMOptimizer, options, result);
      return;
    }
    CompileSession session(text, bufferName, options, result);
    OwningOpRef<ModuleOp> module = parseIR(session, text, bufferName);
    if (!module)
      return;
    result.kernelName = findKernelName(*module);
    driver::StagePrinter printer(result, options);
    runPipelinesFrom(*module, point, options, result, printer);
  });
}

std::optional<ResumePoint> ResumePoint::afterStage(Stage stage) {
  switch (stage) {
  case Stage::Source:
    return ResumePoint{Pipeline::TTIR, 0, true};
  case Stage::TTIR:
    return ResumePoint{Pipeline::TTGIR, 0, true};
  case Stage::TTGIR:
    return ResumePoint{Pipeline::LLVMLowering, 0, true};
  case Stage::LLIR:
    return ResumePoint{Pipeline::Backend, 0, true};
  default:
    return std::nullopt;
  }
}

std::optional<ResumePoint> ResumePoint::afterPass(const PassSnapshot &pass) {
  switch (pass.pipeline) {
  case Pipeline::TTIR:
  case Pipeline::TTGIR:
  case Pipeline::LLVMLowering:
    if (pass.step < 0)
      return std::nullopt;
    return ResumePoint{pass.pipeline, pass.step + 1, !pass.nested};
  case Pipeline::LLVMOptimizer:
    return ResumePoint{Pipeline::LLVMOptimizer, 0, false};
  case Pipeline::Backend:
    return std::nullopt;
  }
  return std::nullopt;
}

bool ResumePoint::takesLLVMIR() const {
  return pipeline == Pipeline::LLVMOptimizer || pipeline == Pipeline::Backend;
}

CompilationResult compileFile(llvm::StringRef path, const CompileOptions &options) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    CompilationResult result;
    addError(result, "cannot read '" + path.str() + "': " + buffer.getError().message());
    return result;
  }
  return compileText((*buffer)->getBuffer(), path, options);
}

frontend::KernelConfigs readKernelConfigsFile(llvm::StringRef path, const std::string &kernelName,
                                              const std::vector<std::string> &pythonPath) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    frontend::KernelConfigs result;
    python::Diagnostic diagnostic;
    diagnostic.fileName = path.str();
    diagnostic.message = "cannot read '" + path.str() + "': " + buffer.getError().message();
    result.diagnostics.push_back(std::move(diagnostic));
    return result;
  }
  return frontend::readKernelConfigs((*buffer)->getBuffer(), path.str(), kernelName, pythonPath);
}

} // namespace trex
