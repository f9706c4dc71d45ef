// `trex layout`: registers the subcommand that prints layout views and bank-conflict reports.
#pragma once

#include <CLI/CLI.hpp>

namespace trex::cli::layout {

// Adds `layout` to `app`.  A failed run ends the parse with CLI::RuntimeError carrying the exit
// code, which CLI11_PARSE returns from main.
void setup(CLI::App &app);

} // namespace trex::cli::layout
