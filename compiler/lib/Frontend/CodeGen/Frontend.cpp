// The front end's entry point: parse, pick the kernel, specialize it and generate its module.
#include "trex/Frontend/CodeGen/CodeGen.h"

#include "Autotune.h"
#include "CodeGenerator.h"
#include "Proposal.h"
#include "Specialization.h"

#include "../Module/ModuleEvaluator.h"

#include "trex/Frontend/Python/AstVisitor.h"
#include "trex/Frontend/Python/Parser.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <optional>

using namespace mlir;

namespace trex::frontend {

FrontendOptions FrontendOptions::forCUDA(int computeCapability) {
  FrontendOptions options;
  options.isCUDA = true;
  options.computeCapability = computeCapability;
  options.allowedDotInputPrecisions = {"tf32", "tf32x3", "ieee", "bf16x3", "bf16x6"};
  options.defaultDotInputPrecision = "tf32";
  options.supportedFP8DTypes = {"fp8e4b15", "fp8e5"};
  if (computeCapability >= 89)
    options.supportedFP8DTypes.push_back("fp8e4nv");
  if (computeCapability >= 90)
    options.deprecatedFP8DotOperandDTypes = {"fp8e4b15"};
  options.maxNumImpreciseAccDefault = computeCapability == 90 ? (std::int64_t(1) << 30) : 0;
  return options;
}

FrontendOptions FrontendOptions::forHIP(std::string arch) {
  FrontendOptions options;
  options.isCUDA = false;
  options.arch = std::move(arch);
  bool isCDNA3 = options.arch == "gfx942" || options.arch == "gfx950";
  options.allowedDotInputPrecisions = {"bf16x3", "bf16x6", "ieee"};
  if (isCDNA3)
    options.allowedDotInputPrecisions.push_back("tf32");
  options.defaultDotInputPrecision = "ieee";
  if (options.arch == "gfx942")
    options.supportedFP8DTypes = {"fp8e4b8", "fp8e4nv", "fp8e5", "fp8e5b16"};
  else if (options.arch == "gfx950")
    options.supportedFP8DTypes = {"fp8e4nv", "fp8e5"};
  options.maxNumImpreciseAccDefault = 0;
  return options;
}

namespace {

python::Diagnostic diagnosticAt(const ModuleScope &scope, python::DiagnosticSeverity severity,
                                python::SourceLocation where, std::string message) {
  return python::makeDiagnostic(severity, scope.source, scope.fileName, where, std::move(message));
}

std::string moduleNameOf(const std::string &fileName) {
  return llvm::sys::path::stem(fileName).str();
}

// The position of an MLIR location in `fileName`, if it has one.
std::optional<python::SourceLocation> positionIn(mlir::Location location,
                                                 const std::string &fileName) {
  if (auto file = dyn_cast<FileLineColLoc>(location)) {
    if (file.getFilename().getValue() != fileName || file.getLine() == 0)
      return std::nullopt;
    return python::SourceLocation{static_cast<int>(file.getLine()),
                                  static_cast<int>(file.getColumn())};
  }
  if (auto name = dyn_cast<NameLoc>(location))
    return positionIn(name.getChildLoc(), fileName);
  if (auto callSite = dyn_cast<CallSiteLoc>(location))
    return positionIn(callSite.getCallee(), fileName);
  return std::nullopt;
}

} // namespace

// An error with its chain of call sites: the first frame in the user's file is where it is
// reported; frames inside the standard library and outer call sites become notes.
void reportCompileError(const CompileError &error, const ModuleScope &userScope,
                        std::vector<python::Diagnostic> &diagnostics) {
  const std::vector<SourcePoint> &frames = error.frames();
  if (frames.empty()) {
    python::Diagnostic diagnostic;
    diagnostic.fileName = userScope.fileName;
    diagnostic.message = error.message();
    diagnostics.push_back(std::move(diagnostic));
    return;
  }
  size_t primary = 0;
  while (primary < frames.size() && frames[primary].scope != &userScope)
    ++primary;
  if (primary == frames.size())
    primary = 0;
  diagnostics.push_back(diagnosticAt(*frames[primary].scope, python::DiagnosticSeverity::Error,
                                     frames[primary].location, error.message()));
  for (size_t i = 0; i < primary; ++i)
    diagnostics.push_back(diagnosticAt(*frames[i].scope, python::DiagnosticSeverity::Note,
                                       frames[i].location,
                                       "raised inside " + frames[i].scope->moduleName + " here"));
  for (size_t i = primary + 1; i < frames.size(); ++i)
    diagnostics.push_back(diagnosticAt(*frames[i].scope, python::DiagnosticSeverity::Note,
                                       frames[i].location, "in the call from here"));
}

namespace {

bool isJitDecorator(const python::ExprPtr &decorator) { return decoratorName(*decorator) == "jit"; }

// Kernels a function of the file makes when called (`def build(): @triton.jit def k(...): ...
// return k`: torchao builds its kernels lazily so, to import without Triton). Where the
// requested kernel (any kernel without --kernel) is not among the module's jit functions, a
// top-level function without required parameters whose body defines it is called, as the
// program calls it before the launch, and the jit functions it returns join the module's,
// with a note. False when there is no such function.
bool materializeBuiltKernels(ModuleScope &scope, ModuleEvaluator &evaluator,
                             const std::string &kernelName,
                             std::vector<python::Diagnostic> &diagnostics) {
  std::string wanted = kernelName.substr(kernelName.rfind('.') + 1);
  bool made = false;
  for (const python::StmtPtr &statement : scope.module->body()) {
    const auto *builder = statement->dynCast<python::FunctionDefStmt>();
    if (!builder || llvm::any_of(builder->decorators(), isJitDecorator))
      continue;
    bool defines = false;
    python::walkAst(*builder, [&](const python::Node &node) {
      const auto *inner = node.dynCast<python::FunctionDefStmt>();
      if (inner && inner != builder && (wanted.empty() || inner->name() == wanted) &&
          llvm::any_of(inner->decorators(), isJitDecorator))
        defines = true;
    });
    bool callable = llvm::all_of(builder->parameters(), [](const python::Parameter &parameter) {
      return parameter.defaultValue ||
             parameter.kind == python::ParameterKind::VariadicPositional ||
             parameter.kind == python::ParameterKind::VariadicKeyword;
    });
    auto global = scope.globals.find(builder->name());
    if (!defines || !callable || global == scope.globals.end() ||
        global->second.kind != ModuleScope::Global::Kind::Resolved)
      continue;
    Value returned;
    try {
      returned = evaluator.call(global->second.value, {}, {}, &scope);
    } catch (const CompileError &) {
      continue;
    }
    std::vector<Value> values =
        returned.isTuple() || returned.isList()
            ? (returned.isTuple() ? returned.elements() : returned.listElements())
            : std::vector<Value>{returned};
    for (const Value &value : values) {
      if (!value.isCallable() || value.asCallable()->kind != Callable::Kind::Jit)
        continue;
      const auto &jit = value.asCallable()->jit;
      scope.addFunction(jit);
      diagnostics.push_back(diagnosticAt(
          scope, python::DiagnosticSeverity::Note, builder->location(),
          "the @triton.jit function '" + jit->definition->name() + "' is made by calling " +
              builder->name() + "(); trex called it, as the program does before launching it"));
      made = true;
    }
  }
  return made;
}

} // namespace

FrontendResult generateKernel(MLIRContext &context, std::string_view source, std::string fileName,
                              const KernelRequest &request, const FrontendOptions &options) {
  FrontendResult result;
  // The dialects of the IR generated. tl.debug_barrier and tl.assume make gpu and llvm ops by
  // name (this library does not link those dialects), which verify only where the dialect is
  // loaded: each is loaded here from the context's registry, whatever the caller loaded.
  for (llvm::StringRef dialect :
       {"tt", "arith", "math", "scf", "cf", "ub", "gpu", "llvm", "proton"})
    context.getOrLoadDialect(dialect);
  auto scope = std::make_unique<ModuleScope>();
  scope->fileName = fileName;
  scope->moduleName = moduleNameOf(fileName);
  scope->source = std::string(source);
  python::ParseResult parsed = python::parsePythonModule(scope->source, fileName);
  result.diagnostics = parsed.diagnostics;
  if (!parsed.succeeded())
    return result;
  scope->module = std::move(parsed.module);

  GenerationState state;
  state.context = &context;
  state.options = &options;
  std::optional<FrontendOptions> kernelOptions;
  ModuleEvaluator evaluator(state, moduleSearchPath(options.pythonPath));
  state.evaluator = &evaluator;
  evaluator.evaluateModule(*scope);
  result.importedFiles = evaluator.importedFiles();
  result.diagnostics.insert(result.diagnostics.end(), evaluator.diagnostics().begin(),
                            evaluator.diagnostics().end());
  evaluator.diagnostics().clear();
  OwningOpRef<ModuleOp> module;
  try {
    std::optional<std::reference_wrapper<const JitFunction>> selected;
    try {
      selected = selectKernel(*scope, request.kernelName);
    } catch (const CompileError &) {
      // Not among the module's: maybe one a function of the file makes when called.
      if (!materializeBuiltKernels(*scope, evaluator, request.kernelName, result.diagnostics))
        throw;
      selected = selectKernel(*scope, request.kernelName);
    }
    const JitFunction &kernel = *selected;
    const python::FunctionDefStmt &definition = *kernel.definition;
    // Triton's JITFunction.run: the launch's debug option is the decorator's `debug` where the
    // compile does not ask for debugging itself; it holds for every function the kernel calls.
    if (kernel.debug && *kernel.debug && !options.debug) {
      kernelOptions = options;
      kernelOptions->debug = true;
      state.options = &*kernelOptions;
    }
    result.debug = state.options->debug;
    result.kernelName = definition.name();
    result.diagnostics.insert(result.diagnostics.end(), kernel.notes.begin(), kernel.notes.end());
    // The kernel's configs as --list-configs reads them, whichever one this compile uses (an
    // error folding one is reported where the compile uses it).
    try {
      for (FoldedConfig &config : foldAutotuneConfigs(state, kernel))
        result.autotuneConfigs.push_back(std::move(config.info));
    } catch (const CompileError &) {
      result.autotuneConfigs.clear();
    }
    module = ModuleOp::create(FileLineColLoc::get(&context, fileName, definition.location().line, 0));
    state.module = *module;
    KernelRequest effective = request;
    std::vector<int64_t> blockSizes; // the proposal's, for its variants
    bool needsValues = false;
    for (const python::Parameter &parameter : definition.parameters())
      needsValues = needsValues || !parameter.defaultValue;
    if (request.signature.empty() && needsValues) {
      if (std::optional<ProposedSpecialization> proposal =
              proposeSpecialization(state, *scope, kernel)) {
        effective.signature = proposal->signature;
        if (!effective.autotuneConfig)
          effective.autotuneConfig = proposal->autotuneConfig;
        result.proposedSignature = proposal->signature;
        result.proposedNumWarps = proposal->numWarps;
        result.proposedNumStages = proposal->numStages;
        blockSizes = proposal->blockSizes;
        std::string from;
        for (const std::string &evidence : proposal->evidence)
          from += (from.empty() ? "" : ", ") + evidence;
        result.diagnostics.push_back(diagnosticAt(
            *scope, python::DiagnosticSeverity::Remark, definition.location(),
            "no --signature given; trex proposes --signature \"" + proposal->signature + "\"" +
                (proposal->autotuneConfig ? " --config " + std::to_string(*proposal->autotuneConfig)
                                          : std::string()) +
                (proposal->numWarps ? " --num-warps " + std::to_string(*proposal->numWarps)
                                    : std::string()) +
                (proposal->numStages ? " --num-stages " + std::to_string(*proposal->numStages)
                                     : std::string()) +
                " (from " + from + ")"));
      }
    }
    // One code generation of the kernel into a fresh module.
    auto generate = [&](const KernelRequest &attempt) {
      module =
          ModuleOp::create(FileLineColLoc::get(&context, fileName, definition.location().line, 0));
      state.module = *module;
      state.returnTypes.clear();
      state.diagnostics.clear();
      state.callDepth = 0;
      state.unrolledBodies = 0;
      KernelSpecialization specialization = specializeKernel(state, kernel, attempt);
      result.passedParameterNames.clear();
      for (size_t i = 0; i < specialization.prototype.parameters.size(); ++i)
        if (specialization.prototype.parameters[i].kind != ValueTemplate::Kind::Constexpr)
          result.passedParameterNames.push_back(definition.parameters()[i].name);
      result.autotuneConfig = specialization.config;
      std::vector<python::Diagnostic> remarks = std::move(specialization.remarks);
      CodeGenerator generator(state, kernel, definition.name(), std::move(specialization.prototype),
                              /*isKernel=*/true);
      generator.generate();
      result.diagnostics.insert(result.diagnostics.end(), remarks.begin(), remarks.end());
    };
    if (!result.proposedSignature) {
      generate(effective);
    } else {
      // A proposal is a guess from names and use: where the kernel refuses it (a pointer read
      // as integers, a dot of half-precision tiles, a block too small for a descriptor), nearby
      // proposals are tried (proposalVariants). One that compiles is kept; one whose error
      // comes later in the kernel is a step forward and the search goes on from it (so that
      // two pointers of different types are found one after the other), within a budget.
      auto reachedBy = [](const CompileError &error) {
        if (error.frames().empty())
          return std::make_pair(0, 0);
        const python::SourceLocation &at = error.frames().back().location;
        return std::make_pair(static_cast<int>(at.line), static_cast<int>(at.column));
      };
      int guessed = 128; // the proposal's guessed block size (a repair may take a smaller)
      try {
        generate(effective);
      } catch (const CompileError &first) {
        std::string current = *result.proposedSignature;
        std::string changes;
        std::pair<int, int> reached = reachedBy(first);
        bool repaired = false;
        constexpr int kAttempts = 96;
        int attempts = 0;
        for (bool progressed = true; progressed && !repaired && attempts < kAttempts;) {
          progressed = false;
          for (const ProposalVariant &variant : proposalVariants(current, blockSizes)) {
            if (++attempts > kAttempts)
              break;
            KernelRequest attempt = effective;
            attempt.signature = variant.signature;
            try {
              generate(attempt);
            } catch (const CompileError &error) {
              if (reachedBy(error) > reached) {
                reached = reachedBy(error);
                current = variant.signature;
                changes += (changes.empty() ? "" : "; ") + variant.change;
                guessed = variant.blockSize.value_or(guessed);
                progressed = true;
                break;
              }
              continue;
            } catch (const std::exception &) {
              continue; // a variant trex cannot compile for another reason is no step
            }
            repaired = true;
            current = variant.signature;
            changes += (changes.empty() ? "" : "; ") + variant.change;
            guessed = variant.blockSize.value_or(guessed);
            break;
          }
        }
        if (repaired) {
          result.proposedSignature = current;
          result.diagnostics.push_back(
              diagnosticAt(*scope, python::DiagnosticSeverity::Remark, definition.location(),
                           "the kernel refuses that proposal; trex proposes --signature \"" +
                               current + "\" instead (" + changes + ")"));
        } else {
          generate(effective); // the proposal's own error is the one reported
        }
      }
      // Guessed block sizes whose product makes tensors far larger than a program's blocks
      // usually are (128 for each of three dimensions: a million elements, minutes of LLVM and
      // ptxas): smaller ones, the largest that keeps every tensor within kProposalElements.
      auto largest = [&]() {
        int64_t elements = 0;
        module->walk([&](Operation *op) {
          for (Type type : op->getResultTypes())
            if (auto tensor = dyn_cast<RankedTensorType>(type); tensor && tensor.hasStaticShape())
              elements = std::max(elements, tensor.getNumElements());
        });
        return elements;
      };
      if (largest() > kProposalElements) {
        std::string proposed = *result.proposedSignature;
        bool shrunk = false;
        // Each generation adds its specialization's remarks (the same for every size): the
        // first generation's are kept.
        size_t remarksBefore = result.diagnostics.size();
        for (int size : {64, 32, 16}) {
          if (size >= guessed)
            continue;
          std::optional<std::string> smaller = smallerBlocks(proposed, guessed, size);
          if (!smaller)
            break;
          KernelRequest attempt = effective;
          attempt.signature = *smaller;
          try {
            generate(attempt);
            result.diagnostics.erase(result.diagnostics.begin() + remarksBefore,
                                     result.diagnostics.end());
          } catch (const std::exception &) {
            result.diagnostics.erase(result.diagnostics.begin() + remarksBefore,
                                     result.diagnostics.end());
            continue;
          }
          if (largest() <= kProposalElements) {
            result.proposedSignature = *smaller;
            result.diagnostics.push_back(
                diagnosticAt(*scope, python::DiagnosticSeverity::Remark, definition.location(),
                             "trex proposes --signature \"" + *smaller + "\" instead (blocks of " +
                                 std::to_string(size) + ": with " + std::to_string(guessed) +
                                 " the kernel's tensors exceed " +
                                 std::to_string(kProposalElements) + " elements)"));
            shrunk = true;
            break;
          }
        }
        if (!shrunk) {
          KernelRequest again = effective;
          again.signature = proposed;
          generate(again);
          result.diagnostics.erase(result.diagnostics.begin() + remarksBefore,
                                   result.diagnostics.end());
        }
      }
    }
  } catch (const CompileError &error) {
    result.diagnostics.insert(result.diagnostics.end(), state.diagnostics.begin(),
                              state.diagnostics.end());
    result.diagnostics.insert(result.diagnostics.end(), evaluator.diagnostics().begin(),
                              evaluator.diagnostics().end());
    reportCompileError(error, *scope, result.diagnostics);
    return result;
  } catch (const std::exception &error) {
    // The generator turns other exceptions into located CompileErrors at the node being
    // visited; one thrown outside any node (a trex bug) still ends as a diagnostic.
    result.diagnostics.insert(result.diagnostics.end(), state.diagnostics.begin(),
                              state.diagnostics.end());
    result.diagnostics.push_back(diagnosticAt(*scope, python::DiagnosticSeverity::Error, {1, 0},
                                              std::string("internal error: ") + error.what()));
    return result;
  }
  result.diagnostics.insert(result.diagnostics.end(), state.diagnostics.begin(),
                            state.diagnostics.end());
  result.diagnostics.insert(result.diagnostics.end(), evaluator.diagnostics().begin(),
                            evaluator.diagnostics().end());

  // The generator validates what it builds; a verifier failure here is a trex bug, reported
  // at the operation's place in the kernel.
  std::string verifierMessages;
  std::optional<python::SourceLocation> failedAt;
  {
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diagnostic) {
      verifierMessages += (verifierMessages.empty() ? "" : "\n") + diagnostic.str();
      if (!failedAt)
        failedAt = positionIn(diagnostic.getLocation(), fileName);
      return success();
    });
    if (failed(verify(*module))) {
      result.diagnostics.push_back(diagnosticAt(
          *scope, python::DiagnosticSeverity::Error, failedAt.value_or(python::SourceLocation{1, 0}),
          "internal error: trex generated IR that does not verify: " + verifierMessages));
      return result;
    }
  }
  result.module = std::move(module);
  return result;
}

} // namespace trex::frontend
