// `trex run`: flags -> (KernelBuild through the cache) -> runtime::runFromArtifacts.
#include "commands/run.h"
#include "commands/launch_flags.h"

#include "trex/Runtime/Driver.h"
#include "trex/Runtime/Error.h"
#include "trex/Runtime/KernelInfo.h"
#include "trex/Runtime/Runner.h"
#include "trex/Tools/KernelBuild.h"
#include "trex/Tools/LaunchBoundsCheck.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <iostream>

namespace trex::cli::run {

namespace {

bool isArtifactPath(const std::string &input) {
  return input.size() > 5 && input.compare(input.size() - 5, 5, ".json") == 0;
}

bool isDirectory(const std::string &input) {
  std::error_code error;
  return std::filesystem::is_directory(input, error);
}

int fail(const Options &options, const std::string &message, bool noDriver = false) {
  if (options.launch.json)
    std::cout << nlohmann::json({{"error", message}, {"no_driver", noDriver}}).dump(1) << "\n";
  std::cerr << "error: " << message << "\n";
  return 1;
}

// Stops a launch whose loads, stores or atomics would leave the given buffers, before any
// driver call; 0 when the launch may go ahead.
int checkBounds(const Options &options, const std::string &artifacts,
                const runtime::RunRequest &request, const std::string &sourcePath) {
  tools::BoundsCheckResult check = tools::checkLaunchBounds(artifacts, request, sourcePath);
  if (check.violations.empty())
    return 0;
  if (options.launch.json) {
    nlohmann::json violations = nlohmann::json::array();
    for (const tools::BoundsViolation &violation : check.violations)
      violations.push_back({{"location", violation.location},
                            {"message", violation.message},
                            {"argument", violation.argument},
                            {"index", violation.index},
                            {"count", violation.count},
                            {"launch_values", violation.launchValues}});
    const tools::BoundsViolation &first = check.violations.front();
    std::string error = (first.location.empty() ? "" : first.location + ": ") + first.message;
    nlohmann::json failure = {
        {"error", error}, {"no_driver", false}, {"out_of_bounds", violations}};
    std::cout << failure.dump(1) << "\n";
  }
  std::cerr << check.render();
  return 1;
}

} // namespace

std::shared_ptr<Options> addFlags(CLI::App &command, bool benchFlags) {
  auto options = std::make_shared<Options>();
  command.add_option("input", options->input,
                     "The kernel: a .py file, or compiled artifacts (<kernel>.json or its directory)")
      ->required();
  command.add_option("--kernel", options->kernel, "The @triton.jit function (.py)");
  command
      .add_option("--python-path", options->pythonPath,
                  "A folder searched for the kernel file's imports after its own folder "
                  "(repeatable; TREX_PYTHONPATH adds more)")
      ->check(CLI::ExistingDirectory);
  command.add_option("--target", options->target, "cuda:90, cuda:80 or hip:gfx942")
      ->capture_default_str();
  command.add_option("--num-warps", options->numWarps, "Warps per program")
      ->capture_default_str()
      ->check(positiveInteger());
  command
      .add_option("--num-stages", options->numStages,
                  "Software pipelining depth (default: the autotune config's, else 3 on "
                  "NVIDIA and 2 on AMD, as Triton)")
      ->check(positiveInteger());
  command
      .add_option("--num-ctas", options->numCTAs,
                  "CTAs per thread-block cluster (Triton's num_ctas; default: the autotune "
                  "config's, else 1): a power of two, above 1 on sm_90 only")
      ->check(positiveInteger());
  command.add_option("--config", options->config, "Compile with autotune config N (.py)")
      ->check(nonNegativeInteger());
  command.add_option("--cache-dir", options->cacheDirectory,
                     "Kernel cache (default $TREX_CACHE_DIR or ~/.cache/trex)");
  command.add_flag("--dry-run", options->dryRun,
                   "Compile through the cache and check the launch without a GPU: no driver "
                   "is opened, nothing runs");
  command.add_flag("--no-bounds-check", options->noBoundsCheck,
                   "Skip the pre-launch check that the kernel's loads, stores and atomics stay "
                   "inside the buffers given (its ttir run on the host for representative programs)");
  addLaunchFlags(command, options->launch, benchFlags);
  return options;
}

int run(const Options &options) {
  try {
    runtime::RunRequest request = toRunRequest(options.launch);
    std::string artifacts = options.input;
    std::string sourcePath;
    bool compiles = !isArtifactPath(options.input) && !isDirectory(options.input);
    // The driver is found before anything is compiled or written to the kernel cache: a
    // machine without one is told so at once (--dry-run compiles and checks without it).
    std::unique_ptr<runtime::Driver> driver;
    if (!options.dryRun) {
      runtime::Backend backend = runtime::Backend::CUDA;
      if (compiles) {
        llvm::Expected<Target> target = Target::parse(options.target);
        if (!target)
          return fail(options, llvm::toString(target.takeError()));
        backend = target->isHIP() ? runtime::Backend::HIP : runtime::Backend::CUDA;
      } else {
        backend = runtime::findKernelArtifacts(options.input).info.backend;
      }
      try {
        driver = runtime::openDriver(backend);
      } catch (const runtime::NoDriverError &error) {
        return fail(options, error.what(), /*noDriver=*/true);
      }
    }
    if (compiles) {
      if (options.launch.signature.empty())
        return fail(options, "--signature is required to compile a .py kernel");
      llvm::Expected<Target> target = Target::parse(options.target);
      if (!target)
        return fail(options, llvm::toString(target.takeError()));
      tools::KernelBuildRequest build;
      build.path = options.input;
      build.cacheDirectory = options.cacheDirectory;
      build.options.target = *target;
      build.options.kernelName = options.kernel;
      build.options.pythonPath = options.pythonPath;
      build.options.signature = options.launch.signature;
      build.options.numWarps = options.numWarps;
      build.options.numStages =
          options.numStagesGiven ? options.numStages : defaultNumStages(*target);
      build.options.numCTAs = options.numCTAs;
      build.options.numWarpsGiven = options.numWarpsGiven;
      build.options.numCTAsGiven = options.numCTAsGiven;
      build.options.targetGiven = options.targetGiven;
      build.options.numStagesGiven = options.numStagesGiven;
      build.options.autotuneConfig = options.config;
      build.options.profileScopes = options.launch.profileScopes;
      tools::KernelBuild built = tools::buildKernel(build);
      std::cerr << built.diagnostics;
      if (!built.rebuildReason.empty())
        std::cerr << "note: rebuilt the cache entry (" << built.rebuildReason << ")\n";
      artifacts = built.directory;
      sourcePath = options.input;
    }
    if (!options.noBoundsCheck)
      if (int exitCode = checkBounds(options, artifacts, request, sourcePath))
        return exitCode;
    if (options.dryRun) {
      // The launch is planned (arguments, grid, scratch) as a run would, then not executed.
      runtime::LaunchPlan plan = runtime::planLaunch(runtime::findKernelArtifacts(artifacts), request);
      if (options.launch.json)
        std::cout << nlohmann::json({{"dry_run", true},
                                     {"kernel", plan.artifacts.info.name},
                                     {"artifacts", artifacts}})
                         .dump(1)
                  << "\n";
      else
        std::cout << "dry run: " << plan.artifacts.info.name << " compiled in " << artifacts
                  << ", launch checked; not run\n";
      return 0;
    }
    return runtime::runFromArtifacts(
        artifacts, request, std::cout, std::cerr,
        [&driver](runtime::Backend) { return std::move(driver); });
  } catch (const runtime::Error &error) {
    return fail(options, error.what());
  }
}

void setup(CLI::App &app) {
  CLI::App *command = app.add_subcommand(
      "run", "Compile a kernel (through the cache) and run it once on the GPU");
  std::shared_ptr<Options> options = addFlags(*command, /*benchFlags=*/false);
  command->callback([options, command] {
    options->numWarpsGiven = command->count("--num-warps") > 0;
    options->targetGiven = command->count("--target") > 0;
    options->numStagesGiven = command->count("--num-stages") > 0;
    options->numCTAsGiven = command->count("--num-ctas") > 0;
    if (int exitCode = run(*options))
      throw CLI::RuntimeError(exitCode);
  });
}

} // namespace trex::cli::run
