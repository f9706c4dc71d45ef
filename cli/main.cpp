// trex: the command-line front end of the compiler, runtime and layout tools; each subcommand lives in commands/.
#include "commands/bench.h"
#include "commands/compile.h"
#include "commands/diff.h"
#include "commands/inspect.h"
#include "commands/layout.h"
#include "commands/run.h"

#include <CLI/CLI.hpp>

int main(int argc, char **argv) {
  CLI::App app{"trex: a Triton-language GPU compiler, runtime and layout explorer"};
  app.require_subcommand(1);
  trex::cli::compile::setup(app);
  trex::cli::layout::setup(app);
  trex::cli::run::setup(app);
  trex::cli::bench::setup(app);
  trex::cli::inspect::setup(app);
  trex::cli::diff::setup(app);
  CLI11_PARSE(app, argc, argv);
  return 0;
}
