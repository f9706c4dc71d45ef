// `trex compile`: flags -> CompileOptions -> compileFile, then the requested
// stages to stdout or to DIR/<kernel>.<stage>.
#include "commands/compile.h"
#include "commands/launch_flags.h"

#include "trex/Compiler/Compilation.h"
#include "trex/Compiler/StageFiles.h"
#include "trex/Runtime/AotLauncher.h"
#include "trex/Runtime/Error.h"
#include "trex/Runtime/KernelInfo.h"
#include "trex/Target/CUDA/SassDisassembler.h"
#include "trex/Tools/CaptureSession.h"
#include "trex/Tools/KernelBuild.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>

namespace trex::cli::compile {
namespace {

struct Options {
  std::string input;
  std::string kernel;
  std::string signature;
  std::vector<std::string> pythonPath;
  std::string target = "cuda:90";
  int numWarps = 4;
  int numStages = 3;
  int numCTAs = 1;
  // Whether --num-warps / --num-stages / --num-ctas were given (an autotune config's values
  // yield to them).
  bool numWarpsGiven = false;
  bool numStagesGiven = false;
  bool numCTAsGiven = false;
  bool listConfigs = false;
  std::optional<int> config;
  std::string mma = "default";
  bool pipeline = true;
  bool debug = false;
  bool launchCooperativeGrid = false;
  bool profileScopes = false;
  bool instrumentLoops = false;
  std::string assembler = "default";
  bool remarks = false;
  std::vector<std::string> emit;
  std::string outputDirectory;
  std::string dumpPassesDirectory;
  std::string session;
  std::string launcherName;
  bool targetGiven = false;
};

// The stages `--emit` names for `target` ("all" = every stage the target has).
llvm::Expected<std::vector<Stage>> requestedStages(const std::vector<std::string> &names,
                                                   const Target &target) {
  std::vector<Stage> stages;
  auto add = [&](Stage stage) {
    if (std::find(stages.begin(), stages.end(), stage) == stages.end())
      stages.push_back(stage);
  };
  for (const std::string &name : names) {
    if (name == "all") {
      for (Stage stage : target.stages())
        add(stage);
      continue;
    }
    if (name == "sass" || name == "launcher")
      return llvm::createStringError("--emit " + name +
                                     " is made for one kernel: not with --session unless "
                                     "--kernel chooses one");
    std::optional<Stage> stage = parseStageName(name);
    if (!stage)
      return llvm::createStringError("unknown stage '" + name +
                                     "' in --emit; expected source, ttir, ttgir, llir, ptx, "
                                     "cubin, amdgcn, hsaco, json or all");
    if (!target.hasStage(*stage))
      return llvm::createStringError(
          "--emit " + name + ": " + target.str() + " has no " + name + " stage (" +
          (target.isCUDA() ? "NVIDIA targets produce ptx and cubin"
                           : "AMD targets produce amdgcn and hsaco") +
          ")");
    add(*stage);
  }
  if (stages.empty())
    stages.push_back(Stage::TTIR);
  std::sort(stages.begin(), stages.end());
  return stages;
}

// `--emit sass` and `--emit launcher`: not stages of the compiler but made from the cubin (the
// toolkit's disassembly, the C launcher); taken out of the names (sets `*wanted`), so the
// compile produces what they need.
std::vector<std::string> without(const std::vector<std::string> &names, llvm::StringRef output,
                                 bool *wanted) {
  std::vector<std::string> rest;
  for (const std::string &name : names)
    if (name == output)
      *wanted = true;
    else
      rest.push_back(name);
  return rest;
}

// What `--emit launcher` cannot do, said before compiling; empty when it can.
std::string launcherRefusal(const Options &options, const Target &target) {
  if (!target.isCUDA())
    return "--emit launcher: the AOT launcher loads a cubin with the CUDA driver API; " +
           target.str() + " kernels are launched with trex run or HIP's module API";
  if (options.outputDirectory.empty())
    return "--emit launcher writes two files, NAME.h and NAME.c: give the folder with -o DIR";
  if (!llvm::StringRef(options.input).ends_with(".py") && options.signature.empty())
    return "--emit launcher: '" + options.input +
           "' does not record its parameters' types; give them with --signature (the passed "
           "parameters in Triton's AOT form, e.g. '*fp32:16, *fp32:16, i32')";
  return "";
}

// `--emit launcher`: DIR/NAME.h and DIR/NAME.c from the compile's cubin and metadata.
llvm::Error writeLauncher(const Options &options, const CompilationResult &result) {
  auto metadata = result.stages.find(Stage::Metadata);
  auto cubin = result.stages.find(Stage::CUBIN);
  if (metadata == result.stages.end())
    return llvm::createStringError("--emit launcher: the compile produced no metadata");
  if (cubin == result.stages.end())
    return llvm::createStringError(
        "--emit launcher: no cubin was assembled (the launcher embeds it; is ptxas installed?)");
  runtime::AotLauncherSources sources;
  try {
    runtime::AotLauncherRequest request;
    request.info = runtime::parseKernelInfo(metadata->second, "the compile's metadata");
    std::string signature = options.signature.empty() && result.proposedSignature
                                ? *result.proposedSignature
                                : options.signature;
    request.signature = runtime::parseSignature(signature);
    request.parameterNames = result.passedParameterNames;
    request.cubin = cubin->second;
    request.launcherName = options.launcherName;
    sources = runtime::generateAotLauncher(request);
  } catch (const runtime::Error &error) {
    return llvm::createStringError(std::string("--emit launcher: ") + error.what());
  }
  for (const auto &[extension, text] :
       {std::pair{".h", &sources.header}, std::pair{".c", &sources.source}}) {
    llvm::SmallString<256> path(options.outputDirectory);
    llvm::sys::path::append(path, sources.name + extension);
    if (llvm::Error error = writeOutputFile(path, *text, options.input))
      return error;
  }
  return llvm::Error::success();
}

// The SASS of the compiled cubin, or nothing with a note on stderr (no toolkit disassembler, no
// cubin); the other stages are written either way.
std::optional<std::string> sassOf(const CompilationResult &result, const Target &target) {
  if (!target.isCUDA()) {
    llvm::errs() << "note: sass is NVIDIA's machine code; " << target.str()
                 << " has amdgcn instead\n";
    return std::nullopt;
  }
  std::optional<cuda::SassTool> tool = cuda::findSassTool();
  if (!tool) {
    llvm::errs() << "note: sass needs nvdisasm or cuobjdump from the CUDA toolkit; not found in "
                 << cuda::sassToolSearchPlaces() << "\n";
    return std::nullopt;
  }
  auto cubin = result.stages.find(Stage::CUBIN);
  if (cubin == result.stages.end()) {
    llvm::errs() << "note: sass needs the cubin, and none was assembled\n";
    return std::nullopt;
  }
  llvm::Expected<std::string> sass = cuda::disassembleCubin(cubin->second, *tool);
  if (!sass) {
    llvm::errs() << "note: no sass: " << llvm::toString(sass.takeError()) << "\n";
    return std::nullopt;
  }
  return *sass;
}

// `--list-configs`: the kernel's autotune configs and heuristics, one per line.
int listConfigs(const Options &options) {
  frontend::KernelConfigs configs =
      readKernelConfigsFile(options.input, options.kernel, options.pythonPath);
  llvm::errs() << python::formatDiagnostics(configs.diagnostics);
  if (!configs.succeeded())
    return 1;
  llvm::raw_ostream &out = llvm::outs();
  if (!configs.hasAutotune) {
    out << configs.kernelName << ": no @triton.autotune configs\n";
  } else {
    out << configs.kernelName << ": " << configs.configs.size() << " autotune config"
        << (configs.configs.size() == 1 ? "" : "s");
    if (!configs.key.empty()) {
      out << " (key:";
      for (const std::string &name : configs.key)
        out << " " << name;
      out << ")";
    }
    out << "\n";
    for (const frontend::AutotuneConfigInfo &config : configs.configs)
      out << "  " << config.index << ": " << config.describe() << "\n";
  }
  if (!configs.heuristics.empty()) {
    out << "heuristics:\n";
    for (const frontend::HeuristicInfo &heuristic : configs.heuristics)
      out << "  " << heuristic.parameter << ": " << heuristic.expression << "\n";
  }
  return 0;
}

// A Python kernel's metadata also records its specialisation and the names of the arguments
// a launcher passes ("trex_signature", "trex_param_names"), so `trex-runner DIR` can take
// `--arg NAME=VALUE` without being told the signature again.
void addLaunchKeys(const Options &options, CompilationResult &result) {
  auto metadata = result.stages.find(Stage::Metadata);
  if (metadata == result.stages.end() || !llvm::StringRef(options.input).ends_with(".py"))
    return;
  try {
    // The compile result says which parameters a launch passes (the file is not read again).
    std::string signature = options.signature.empty() && result.proposedSignature
                                ? *result.proposedSignature
                                : options.signature;
    const std::vector<std::string> &names = result.passedParameterNames;
    metadata->second = runtime::annotateKernelInfo(metadata->second, signature, names);
  } catch (const runtime::Error &error) {
    llvm::errs() << "warning: the metadata was written without launch keys: " << error.what()
                 << "\n";
  }
}

// A .ttgir file's ttg.target as Triton prints it on the module line, read before the compile
// so that a compile without --target emits the stages of the module's target (the compile
// itself takes the target from the parsed module and refuses another --target).
std::optional<std::string> ttgirModuleTarget(const std::string &path) {
  if (!llvm::StringRef(path).ends_with(".ttgir"))
    return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  std::string line;
  while (std::getline(in, line)) {
    if (!llvm::StringRef(line).starts_with("module"))
      continue;
    constexpr llvm::StringLiteral key = "ttg.target = \"";
    size_t start = line.find(key.data());
    if (start == std::string::npos)
      return std::nullopt;
    start += key.size();
    size_t end = line.find('"', start);
    if (end == std::string::npos)
      return std::nullopt;
    return line.substr(start, end - start);
  }
  return std::nullopt;
}

// The compiler's options for the command line's, compiling for `target` (lastStage is the
// caller's to set).
CompileOptions compileOptionsFor(const Options &options, const Target &target) {
  CompileOptions compileOptions;
  compileOptions.target = target;
  compileOptions.numWarps = options.numWarps;
  compileOptions.numStages = options.numStagesGiven ? options.numStages : defaultNumStages(target);
  compileOptions.numCTAs = options.numCTAs;
  compileOptions.numWarpsGiven = options.numWarpsGiven;
  compileOptions.numStagesGiven = options.numStagesGiven;
  compileOptions.numCTAsGiven = options.numCTAsGiven;
  compileOptions.targetGiven = options.targetGiven;
  compileOptions.kernelName = options.kernel;
  compileOptions.signature = options.signature;
  compileOptions.pythonPath = options.pythonPath;
  compileOptions.autotuneConfig = options.config;
  compileOptions.matmulUnit = options.mma == "v2"    ? CompileOptions::MatmulUnit::MmaV2
                              : options.mma == "v3"  ? CompileOptions::MatmulUnit::MmaV3
                              : options.mma == "fma" ? CompileOptions::MatmulUnit::FMA
                                                     : CompileOptions::MatmulUnit::Default;
  compileOptions.pipeline = options.pipeline;
  compileOptions.debug = options.debug;
  compileOptions.launchCooperativeGrid = options.launchCooperativeGrid;
  compileOptions.profileScopes = options.profileScopes;
  compileOptions.instrumentLoops = options.instrumentLoops;
  compileOptions.assembler = options.assembler == "ptxas" ? CompileOptions::Assembler::PtxasExecutable
                             : options.assembler == "nvjitlink"
                                 ? CompileOptions::Assembler::JitLink
                                 : CompileOptions::Assembler::Default;
  compileOptions.captureIRAfterEachPass = !options.dumpPassesDirectory.empty();
  return compileOptions;
}

int compileOne(const Options &options) {
  if (options.listConfigs)
    return listConfigs(options);
  std::string targetName = options.target;
  if (!options.targetGiven)
    if (std::optional<std::string> moduleTarget = ttgirModuleTarget(options.input))
      targetName = *moduleTarget;
  llvm::Expected<Target> target = Target::parse(targetName);
  if (!target && targetName != options.target) {
    // A ttgir module's ttg.target trex does not know: the compile reports it at the
    // attribute's line of the file; the default target only picks the stages to check here.
    llvm::consumeError(target.takeError());
    target = Target::parse(options.target);
  }
  if (!target) {
    llvm::errs() << "error: " << llvm::toString(target.takeError()) << "\n";
    return 1;
  }
  bool wantsSass = false, wantsLauncher = false;
  std::vector<std::string> names =
      without(without(options.emit, "sass", &wantsSass), "launcher", &wantsLauncher);
  if (!options.launcherName.empty() && !wantsLauncher) {
    llvm::errs() << "error: --launcher-name names the files of --emit launcher, which is not "
                    "asked for\n";
    return 1;
  }
  if (wantsLauncher) {
    std::string refusal = launcherRefusal(options, *target);
    if (!refusal.empty()) {
      llvm::errs() << "error: " << refusal << "\n";
      return 1;
    }
  }
  // `--emit sass` or `--emit launcher` alone compiles to the cubin and writes only the SASS or
  // the launcher.
  bool derivedOnly = (wantsSass || wantsLauncher) && names.empty();
  if (derivedOnly)
    names.push_back("ptx");
  llvm::Expected<std::vector<Stage>> stages = requestedStages(names, *target);
  if (!stages) {
    llvm::errs() << "error: " << llvm::toString(stages.takeError()) << "\n";
    return 1;
  }

  CompileOptions compileOptions = compileOptionsFor(options, *target);
  compileOptions.lastStage = *std::max_element(stages->begin(), stages->end());
  if (wantsSass && target->isCUDA())
    compileOptions.lastStage = std::max(compileOptions.lastStage, Stage::CUBIN);
  if (wantsLauncher)
    compileOptions.lastStage = Stage::Metadata;

  CompilationResult result = compileFile(options.input, compileOptions);
  llvm::errs() << result.renderDiagnostics(options.remarks);
  if (!options.dumpPassesDirectory.empty())
    if (llvm::Error error =
            writePassSnapshots(result, options.dumpPassesDirectory, options.input, &llvm::errs())) {
      llvm::errs() << "error: " << llvm::toString(std::move(error)) << "\n";
      return 1;
    }
  if (!result.succeeded)
    return 1;
  addLaunchKeys(options, result);
  std::optional<std::string> sass = wantsSass ? sassOf(result, *target) : std::nullopt;

  if (!options.outputDirectory.empty()) {
    if (llvm::Error error = writeStageFiles(result, derivedOnly ? std::vector<Stage>() : *stages,
                                            options.outputDirectory, options.input)) {
      llvm::errs() << "error: " << llvm::toString(std::move(error)) << "\n";
      return 1;
    }
    if (sass) {
      llvm::SmallString<256> path(options.outputDirectory);
      llvm::sys::path::append(path,
                              (result.kernelName.empty() ? "kernel" : result.kernelName) + ".sass");
      if (llvm::Error error = writeOutputFile(path, *sass, options.input)) {
        llvm::errs() << "error: " << llvm::toString(std::move(error)) << "\n";
        return 1;
      }
    }
    if (wantsLauncher)
      if (llvm::Error error = writeLauncher(options, result)) {
        llvm::errs() << "error: " << llvm::toString(std::move(error)) << "\n";
        return 1;
      }
    return 0;
  }
  bool several = stages->size() > 1 || (wantsSass && !derivedOnly);
  for (Stage stage : derivedOnly ? std::vector<Stage>() : *stages) {
    auto text = result.stages.find(stage);
    if (text == result.stages.end())
      continue;
    if (isBinaryStage(stage)) {
      llvm::errs() << "note: " << stageName(stage) << " is binary; write it with -o DIR\n";
      continue;
    }
    if (several)
      llvm::outs() << "// ----- " << stageName(stage) << "\n";
    llvm::outs() << text->second;
  }
  if (sass) {
    if (several)
      llvm::outs() << "// ----- sass\n";
    llvm::outs() << *sass;
  }
  return 0;
}

std::string readWholeFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The options of a session kernel: its module, signature and Triton's options, unless the
// command line names others.
Options sessionKernelOptions(const Options &options, const tools::SessionKernel &kernel) {
  Options one = options;
  one.session.clear();
  one.input = kernel.modulePath;
  one.kernel = kernel.name;
  one.signature = kernel.signature;
  if (!options.targetGiven && !kernel.target.empty())
    one.target = kernel.target;
  if (!options.numWarpsGiven)
    one.numWarps = kernel.numWarps;
  if (!options.numStagesGiven)
    one.numStages = kernel.numStages;
  if (!options.numCTAsGiven)
    one.numCTAs = kernel.numCTAs;
  one.numWarpsGiven = one.numStagesGiven = one.numCTAsGiven = true;
  // Triton's debug option as the program compiled with it (TRITON_DEBUG=1, a launch's debug).
  for (const auto &[name, value] : kernel.options)
    if (name == "debug" && value == "True")
      one.debug = true;
    else if (name == "launch_cooperative_grid" && value == "True")
      one.launchCooperativeGrid = true;
  return one;
}

// `trex compile --session DIR`: every kernel of the session compiled by trex with Triton's
// specialization, one line each, with the agreement of trex's ttgir with Triton's.
// `--kernel K` (a name or an id) compiles one as a plain compile would.
int runSession(const Options &options) {
  tools::CaptureSession session;
  try {
    session = tools::readCaptureSession(options.session);
  } catch (const std::exception &error) {
    llvm::errs() << "error: " << error.what() << "\n";
    return 1;
  }
  if (!options.kernel.empty()) {
    std::vector<const tools::SessionKernel *> found =
        tools::findSessionKernels(session, options.kernel);
    if (found.empty()) {
      llvm::errs() << "error: " << options.session << ": no kernel named or with id '"
                   << options.kernel << "'; the session has:";
      for (const tools::SessionKernel &kernel : session.kernels)
        llvm::errs() << " " << kernel.name << " (" << kernel.id << ")";
      llvm::errs() << "\n";
      return 1;
    }
    const tools::SessionKernel &kernel = *found.front();
    if (kernel.signature.empty()) {
      llvm::errs() << "error: session kernel " << kernel.id << " (" << kernel.name
                   << ") has no trex signature";
      for (const std::string &note : kernel.notes)
        llvm::errs() << "; " << note;
      llvm::errs() << "\n";
      return 1;
    }
    llvm::errs() << "note: session kernel " << kernel.id << ": " << kernel.name << "("
                 << kernel.signature << "), " << kernel.describeOptions();
    if (kernel.launches)
      llvm::errs() << ", launched " << kernel.launches << " time"
                   << (kernel.launches == 1 ? "" : "s") << ", grid " << kernel.describeGrids();
    if (found.size() > 1)
      llvm::errs() << " (the most launched of " << found.size()
                   << " specializations; choose another by id)";
    llvm::errs() << "\n";
    return compileOne(sessionKernelOptions(options, kernel));
  }

  if (!options.dumpPassesDirectory.empty()) {
    llvm::errs() << "error: --dump-passes writes one kernel's passes: choose it with --kernel\n";
    return 1;
  }
  llvm::raw_ostream &out = llvm::outs();
  out << "session " << options.session << ": " << session.kernels.size() << " kernel"
      << (session.kernels.size() == 1 ? "" : "s");
  if (!session.tritonVersion.empty())
    out << " compiled by Triton " << session.tritonVersion;
  out << "\n";
  int failures = 0, compared = 0, same = 0;
  for (const tools::SessionKernel &kernel : session.kernels) {
    out << kernel.id << "  " << kernel.name << "  " << kernel.describeOptions();
    if (kernel.launches)
      out << "  launches=" << kernel.launches << " grid=" << kernel.describeGrids();
    out << "\n    signature: " << (kernel.signature.empty() ? "(none)" : kernel.signature) << "\n";
    if (!kernel.tritonOk)
      out << "    triton: failed: " << kernel.tritonError.substr(0, kernel.tritonError.find('\n'))
          << "\n";
    if (kernel.signature.empty()) {
      out << "    trex: not compiled:";
      for (const std::string &note : kernel.notes)
        out << " " << note;
      out << "\n";
      ++failures;
      continue;
    }
    Options one = sessionKernelOptions(options, kernel);
    llvm::Expected<Target> target = Target::parse(one.target);
    if (!target) {
      out << "    trex: " << llvm::toString(target.takeError()) << "\n";
      ++failures;
      continue;
    }
    llvm::Expected<std::vector<Stage>> stages = requestedStages(one.emit, *target);
    if (!stages) {
      llvm::errs() << "error: " << llvm::toString(stages.takeError()) << "\n";
      return 1;
    }
    // The session's specialization with the command line's other options (--mma, --pipeline,
    // --assembler, --python-path), as a plain compile takes them.
    CompileOptions compileOptions = compileOptionsFor(one, *target);
    compileOptions.lastStage =
        std::max(Stage::TTGIR, *std::max_element(stages->begin(), stages->end()));
    CompilationResult result = compileFile(one.input, compileOptions);
    if (!result.succeeded) {
      std::string diagnostics = result.renderDiagnostics(false);
      llvm::StringRef first = llvm::StringRef(diagnostics).split('\n').first;
      first.consume_front("error: ");
      out << "    trex: error: " << first << "\n";
      ++failures;
      continue;
    }
    out << "    trex: ok";
    auto tritonTtgir = kernel.tritonStages.find("ttgir");
    auto trexTtgir = result.stages.find(Stage::TTGIR);
    if (tritonTtgir != kernel.tritonStages.end() && trexTtgir != result.stages.end()) {
      ++compared;
      std::string difference = tools::describeOperationDifference(
          tools::countOperations(trexTtgir->second),
          tools::countOperations(readWholeFile(tritonTtgir->second)));
      if (difference.empty()) {
        ++same;
        out << "; ttgir ops as Triton's";
      } else {
        out << "; ttgir ops differ from Triton's: " << difference;
      }
    }
    out << "\n";
    if (!one.outputDirectory.empty()) {
      std::string folder = (std::filesystem::path(one.outputDirectory) / kernel.id).string();
      if (llvm::Error error = writeStageFiles(result, *stages, folder, one.input)) {
        llvm::errs() << "error: " << llvm::toString(std::move(error)) << "\n";
        return 1;
      }
    }
  }
  out << session.kernels.size() - failures << " of " << session.kernels.size()
      << " compiled by trex";
  if (compared)
    out << "; ttgir operations equal to Triton's for " << same << " of " << compared;
  out << "\n";
  return failures ? 1 : 0;
}

int run(const Options &options) {
  if (!options.session.empty()) {
    if (!options.input.empty()) {
      llvm::errs() << "error: give a kernel file or --session DIR, not both\n";
      return 1;
    }
    return runSession(options);
  }
  if (options.input.empty()) {
    llvm::errs() << "error: no kernel file given (or --session DIR for a capture session)\n";
    return 1;
  }
  return compileOne(options);
}

} // namespace

void setup(CLI::App &app) {
  auto options = std::make_shared<Options>();
  CLI::App *command = app.add_subcommand(
      "compile", "Compile a kernel (.py, .source, .ttir, .ttgir) and print or write its stages");
  command->add_option("input", options->input, "The kernel file");
  command->add_option("--session", options->session,
                      "A capture session (trex_triton): compile each of its kernels with "
                      "Triton's specialization and compare with Triton's ttgir, or the one "
                      "--kernel names (a name or an id)");
  command->add_option("--kernel", options->kernel, "The @triton.jit function to compile (.py)");
  command->add_option("--signature", options->signature,
                      "Its specialization in Triton's AOT form, e.g. '*fp32:16, i32, 1024'");
  command
      ->add_option("--python-path", options->pythonPath,
                   "A folder searched for the kernel file's imports after its own folder, "
                   "as on sys.path (repeatable; TREX_PYTHONPATH adds more)")
      ->check(CLI::ExistingDirectory);
  command->add_option("--target", options->target, "cuda:90, cuda:80 or hip:gfx942")
      ->capture_default_str();
  CLI::Option *numWarps = command->add_option("--num-warps", options->numWarps, "Warps per program")
                              ->capture_default_str()
                              ->check(positiveInteger());
  CLI::Option *numStages =
      command
          ->add_option("--num-stages", options->numStages,
                       "Software pipelining depth (default: the autotune config's, else 3 "
                       "on NVIDIA and 2 on AMD, as Triton)")
          ->check(positiveInteger());
  CLI::Option *numCTAs =
      command
          ->add_option("--num-ctas", options->numCTAs,
                       "CTAs per thread-block cluster (Triton's num_ctas; default: the "
                       "autotune config's, else 1): a power of two, above 1 on sm_90 only")
          ->check(positiveInteger());
  command->add_flag("--remarks", options->remarks,
                    "Also print the passes' remarks (e.g. why a dot does not use wgmma)");
  command->add_flag("--list-configs", options->listConfigs,
                    "Print the kernel's @triton.autotune configs and @triton.heuristics (.py)");
  command
      ->add_option("--config", options->config,
                   "Compile with autotune config N: its meta-parameters give the constexpr "
                   "parameters the signature leaves out, its num_warps, num_stages and "
                   "num_ctas the defaults (.py)")
      ->check(nonNegativeInteger());
  command
      ->add_option("--mma", options->mma,
                   "What multiplies tl.dot: default (wgmma on sm_90, mma.sync on sm_80-89 for "
                   "f16/bf16, MFMA on gfx942, else FMA), v2 (mma.sync on any sm_80+, sm_90 "
                   "included, also tf32 and i8), v3 (wgmma on sm_90) or fma")
      ->capture_default_str()
      ->check(CLI::IsMember({"default", "v2", "v3", "fma"}));
  command->add_flag("--debug", options->debug,
                    "Triton's debug option for the whole compile (as @triton.jit(debug=True) "
                    "or TRITON_DEBUG=1): tl.device_assert and the integer overflow checks are "
                    "compiled in, and the metadata says \"debug\": true");
  command->add_flag("--launch-cooperative-grid", options->launchCooperativeGrid,
                    "Triton's launch_cooperative_grid: the metadata says the kernel is launched "
                    "cooperatively (every program resident at once, for grid-wide barriers), "
                    "and trex run/bench, trex-runner and --emit launcher launch it so");
  command->add_flag("--profile-scopes", options->profileScopes,
                    "Instrument triton.profiler.language scopes (Proton's instrumentation: "
                    "clock reads into a shared-memory circular buffer, written to the profile "
                    "scratch); without it scopes compile to nothing, as in Triton");
  command->add_flag("--instrument-loops", options->instrumentLoops,
                    "Profiling scopes around each top-level loop and the epilogue of a kernel "
                    "without scopes of its own (loop0, loop1, ..., epilogue), instrumented as "
                    "--profile-scopes (from the LLVM lowering on: the ttgir stage has none)");
  command->add_flag("--pipeline,!--no-pipeline", options->pipeline,
                    "Software-pipeline the loads that feed tl.dot, --num-stages deep: cp.async "
                    "on sm_80+, shared-memory buffers on AMD (on by default, as in Triton)");
  command
      ->add_option("--assembler", options->assembler,
                   "PTX to cubin: ptxas (the executable, whole-program, as Triton), nvjitlink "
                   "(the same ptxas in process through libnvJitLink, ~10 ms faster, relocatable "
                   "code) or default ($TREX_ASSEMBLER, else nvjitlink where libnvJitLink "
                   "loads, else ptxas)")
      ->capture_default_str()
      ->check(CLI::IsMember({"default", "ptxas", "nvjitlink"}));
  command
      ->add_option(
          "--emit", options->emit,
          "Stages to output, comma separated: source, ttir, ttgir, llir, ptx, cubin, amdgcn, "
          "hsaco, json, or all (every stage of the target; default ttir); sass, the "
          "cubin disassembled by the CUDA toolkit's nvdisasm or cuobjdump where found; and "
          "launcher, a C launcher of the cubin (DIR/NAME.h and DIR/NAME.c, with -o; CUDA only)")
      ->delimiter(',');
  command->add_option("--launcher-name", options->launcherName,
                      "--emit launcher: the prefix of its C names and files (default: the "
                      "kernel's name)");
  command->add_option("-o,--output-dir", options->outputDirectory,
                      "Write DIR/<kernel>.<stage> instead of printing");
  command->add_option("--dump-passes", options->dumpPassesDirectory,
                      "Write the IR after every MLIR and LLVM pass to DIR/NNN-<pass>.mlir|.ll, and "
                      "DIR/passes.txt listing each pass with its time and whether it changed the IR");
  CLI::Option *targetOption = command->get_option("--target");
  command->callback([options, numWarps, numStages, numCTAs, targetOption] {
    options->targetGiven = targetOption->count() > 0;
    options->numWarpsGiven = numWarps->count() > 0;
    options->numStagesGiven = numStages->count() > 0;
    options->numCTAsGiven = numCTAs->count() > 0;
    if (int exitCode = run(*options))
      throw CLI::RuntimeError(exitCode);
  });
}

} // namespace trex::cli::compile
