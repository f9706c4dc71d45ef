// The front end's entry point: parse, pick the kernel, specialize it and generate its module.
#include "trex/Frontend/CodeGen/CodeGen.h"

#include "CodeGenerator.h"
#include "Signature.h"

#include "trex/Frontend/Python/Parser.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/Path.h"

#include <algorithm>

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

// An error with its chain of call sites: the first frame in the user's file is where it is
// reported; frames inside the standard library and outer call sites become notes.
void reportError(const CompileError &error, const ModuleScope &userScope,
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

std::string moduleNameOf(const std::string &fileName) {
  return llvm::sys::path::stem(fileName).str();
}

bool isConstexprAnnotation(GenerationState &state, ModuleScope &scope,
                           const python::Parameter &parameter) {
  if (!parameter.annotation)
    return false;
  try {
    Value annotation = CodeGenerator::evaluateConstant(state, scope, *parameter.annotation);
    return annotation.isCallable() && annotation.asCallable()->name == "triton.language.constexpr";
  } catch (const CompileError &) {
    return false;
  }
}

} // namespace

FrontendResult generateKernel(MLIRContext &context, std::string_view source, std::string fileName,
                              const KernelRequest &request, const FrontendOptions &options) {
  FrontendResult result;
  auto scope = std::make_unique<ModuleScope>();
  scope->fileName = fileName;
  scope->moduleName = moduleNameOf(fileName);
  scope->source = std::string(source);
  python::ParseResult parsed = python::parsePythonModule(scope->source, fileName);
  result.diagnostics = parsed.diagnostics;
  if (!parsed.succeeded())
    return result;
  scope->module = std::move(parsed.module);
  collectModuleGlobals(*scope);

  // The kernel.
  std::vector<std::string> available;
  const JitFunction *kernel = nullptr;
  for (const auto &function : scope->functions) {
    available.push_back(function->definition->name());
    if (function->definition->name() == request.kernelName)
      kernel = function.get();
  }
  if (request.kernelName.empty() && scope->functions.size() == 1)
    kernel = scope->functions.front().get();
  if (!kernel) {
    std::string list;
    for (const std::string &name : available)
      list += (list.empty() ? "" : ", ") + name;
    python::Diagnostic diagnostic;
    diagnostic.fileName = fileName;
    if (available.empty())
      diagnostic.message = "no @triton.jit function in this file";
    else if (request.kernelName.empty())
      diagnostic.message = "this file has several @triton.jit functions (" + list +
                           "); choose one with --kernel";
    else
      diagnostic.message = "no @triton.jit function named '" + request.kernelName +
                           "' in this file; it has: " + list;
    result.diagnostics.push_back(std::move(diagnostic));
    return result;
  }
  const python::FunctionDefStmt &definition = *kernel->definition;
  result.kernelName = definition.name();

  GenerationState state;
  state.context = &context;
  state.options = &options;
  OwningOpRef<ModuleOp> module =
      ModuleOp::create(FileLineColLoc::get(&context, fileName, definition.location().line, 0));
  state.module = *module;

  try {
    // Specialization from the signature.
    std::vector<ParameterSpecialization> specializations;
    try {
      specializations = parseSignature(request.signature);
    } catch (CompileError &error) {
      CompileError located("in the signature \"" + request.signature + "\": " + error.message());
      located.addFrame({scope.get(), definition.location()});
      throw located;
    }
    const python::ParameterList &parameters = definition.parameters();
    if (specializations.size() > parameters.size()) {
      CompileError error("the signature has " + std::to_string(specializations.size()) +
                         " entries but " + definition.name() + " has " +
                         std::to_string(parameters.size()) + " parameters");
      error.addFrame({scope.get(), definition.location()});
      throw error;
    }
    Prototype prototype;
    std::vector<std::string> missing;
    for (size_t i = 0; i < parameters.size(); ++i) {
      const python::Parameter &parameter = parameters[i];
      auto locatedError = [&](const std::string &message) {
        CompileError error(message);
        error.addFrame({scope.get(), parameter.range.begin});
        return error;
      };
      bool isConstexpr = isConstexprAnnotation(state, *scope, parameter);
      if (i >= specializations.size()) {
        if (!parameter.defaultValue) {
          missing.push_back(parameter.name);
          continue;
        }
        Value value = CodeGenerator::evaluateConstant(state, *scope, *parameter.defaultValue);
        prototype.parameters.push_back(ValueTemplate::of(value));
        continue;
      }
      const ParameterSpecialization &specialization = specializations[i];
      if (specialization.constant) {
        prototype.parameters.push_back(ValueTemplate::of(*specialization.constant));
        continue;
      }
      if (isConstexpr)
        throw locatedError("parameter '" + parameter.name +
                           "' is a tl.constexpr: give its value in the signature (e.g. 1024), "
                           "not the type '" + specialization.text + "'");
      ValueTemplate parameterTemplate;
      parameterTemplate.kind = ValueTemplate::Kind::Tensor;
      parameterTemplate.type = *specialization.type;
      prototype.parameters.push_back(parameterTemplate);
      if (specialization.divisibility)
        prototype.attributes[i].push_back({"tt.divisibility", *specialization.divisibility});
    }
    if (!missing.empty()) {
      std::string list;
      for (const std::string &name : missing)
        list += (list.empty() ? "" : ", ") + name;
      CompileError error("the signature has " + std::to_string(specializations.size()) +
                         " entries but " + definition.name() + " needs " +
                         std::to_string(parameters.size()) + "; missing: " + list);
      error.addFrame({scope.get(), definition.location()});
      throw error;
    }

    CodeGenerator generator(state, *kernel, definition.name(), std::move(prototype),
                            /*isKernel=*/true);
    generator.generate();
  } catch (const CompileError &error) {
    result.diagnostics.insert(result.diagnostics.end(), state.diagnostics.begin(),
                              state.diagnostics.end());
    reportError(error, *scope, result.diagnostics);
    return result;
  }
  result.diagnostics.insert(result.diagnostics.end(), state.diagnostics.begin(),
                            state.diagnostics.end());

  // The generator validates what it builds; a verifier failure here is a trex bug.
  std::string verifierMessages;
  {
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diagnostic) {
      verifierMessages += diagnostic.str() + "\n";
      return success();
    });
    if (failed(verify(*module))) {
      python::Diagnostic diagnostic;
      diagnostic.fileName = fileName;
      diagnostic.message = "internal error: trex generated IR that does not verify:\n" +
                           verifierMessages;
      result.diagnostics.push_back(std::move(diagnostic));
      return result;
    }
  }
  result.module = std::move(module);
  return result;
}

} // namespace trex::frontend
