// `trex bench`: `trex run` with do_bench timing (warm-up and repetition budgets, L2 flush),
// as a table or JSON.
#pragma once

#include <CLI/CLI.hpp>

namespace trex::cli::bench {

void setup(CLI::App &app);

} // namespace trex::cli::bench
