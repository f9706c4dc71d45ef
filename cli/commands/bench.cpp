// `trex bench`: the run flags plus the timing flags, then run::run with timing on.
#include "commands/bench.h"

#include "commands/run.h"

namespace trex::cli::bench {

void setup(CLI::App &app) {
  CLI::App *command = app.add_subcommand(
      "bench", "Compile a kernel (through the cache) and time it (triton.testing.do_bench)");
  std::shared_ptr<run::Options> options = run::addFlags(*command, /*benchFlags=*/true);
  command->callback([options, command] {
    options->numWarpsGiven = command->count("--num-warps") > 0;
    options->targetGiven = command->count("--target") > 0;
    options->numStagesGiven = command->count("--num-stages") > 0;
    options->numCTAsGiven = command->count("--num-ctas") > 0;
    options->launch.benchmark = true;
    if (int exitCode = run::run(*options))
      throw CLI::RuntimeError(exitCode);
  });
}

} // namespace trex::cli::bench
