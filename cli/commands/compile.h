// `trex compile`: registers the subcommand that compiles a kernel and prints or
// writes its stages.
#pragma once

#include <CLI/CLI.hpp>

namespace trex::cli::compile {

// Adds `compile` to `app`. A failed compilation ends the parse with
// CLI::RuntimeError carrying the exit code.
void setup(CLI::App &app);

} // namespace trex::cli::compile
