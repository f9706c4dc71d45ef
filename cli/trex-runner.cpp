// trex-runner: runs (and benchmarks) a compiled kernel from its artifacts — <kernel>.json with
// its .cubin/.ptx/.hsaco — on a machine without the compiler. Links only the runtime.
#include "commands/launch_flags.h"

#include "trex/Runtime/Error.h"

#include <iostream>

int main(int argc, char **argv) {
  CLI::App app{"trex-runner: run a compiled Triton kernel (<kernel>.json + binary) on the GPU"};
  std::string path;
  trex::cli::LaunchFlags flags;
  app.add_option("kernel", path, "<kernel>.json, or a directory holding one")->required();
  trex::cli::addLaunchFlags(app, flags, /*benchFlags=*/true);
  app.add_flag("--bench", flags.benchmark, "Time the kernel (do_bench semantics)");
  app.add_option("--names", flags.parameterNames,
                 "Names of the passed arguments in order (comma separated), for NAME=VALUE")
      ->delimiter(',');
  CLI11_PARSE(app, argc, argv);
  try {
    return trex::runtime::runFromArtifacts(path, trex::cli::toRunRequest(flags), std::cout,
                                           std::cerr);
  } catch (const trex::runtime::Error &error) {
    std::cerr << "error: " << error.what() << "\n";
    return 1;
  }
}
