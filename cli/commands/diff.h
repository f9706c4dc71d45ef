// `trex diff`: compares two compilations of a kernel (compile output folders or Triton cache
// entries) stage by stage, then their metadata and layouts.
#pragma once

#include <CLI/CLI.hpp>

namespace trex::cli::diff {

// Adds `diff` to `app`. Ends the parse with CLI::RuntimeError carrying 1 when the compilations
// differ and 2 when one cannot be read.
void setup(CLI::App &app);

} // namespace trex::cli::diff
