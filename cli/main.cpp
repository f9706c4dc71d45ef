// trex: the command-line front end of the compiler, runtime and layout tools; each subcommand lives in commands/.
#include "commands/compile.h"
#include "commands/layout.h"

#include <CLI/CLI.hpp>

int main(int argc, char **argv) {
  CLI::App app{"trex: a Triton-language GPU compiler, runtime and layout explorer"};
  app.require_subcommand(1);
  trex::cli::compile::setup(app);
  trex::cli::layout::setup(app);
  CLI11_PARSE(app, argc, argv);
  return 0;
}
