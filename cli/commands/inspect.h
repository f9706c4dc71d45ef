// `trex inspect`: the launch facts of a compiled kernel (<kernel>.json or its directory).
#pragma once

#include <CLI/CLI.hpp>

namespace trex::cli::inspect {

void setup(CLI::App &app);

} // namespace trex::cli::inspect
