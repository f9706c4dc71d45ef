// The launch flags `trex run`, `trex bench` and `trex-runner` share (--grid, --arg, --print,
// --json, the timing budgets), and their translation to a runtime::RunRequest.
#pragma once

#include "trex/Runtime/Runner.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace trex::cli {

struct LaunchFlags {
  std::string signature;
  std::string grid;
  std::vector<std::string> arguments;
  std::vector<std::string> parameterNames;
  std::vector<std::string> printNames;
  std::size_t printLimit = 32;
  bool json = false;
  bool benchmark = false;
  double warmupMilliseconds = 25;
  double repetitionMilliseconds = 100;
  bool noFlush = false;
  bool graph = false;
  // --profile-scopes, --trace FILE, --trace-programs 0,3
  bool profileScopes = false;
  std::string traceFile;
  std::vector<std::uint32_t> tracePrograms;
  std::string globalScratchDump;
};

// Validators for whole-number options whose message says what is wrong ("must be a positive
// integer") instead of CLI11's range of doubles up to 1.8e308.
CLI::Validator positiveInteger();
CLI::Validator nonNegativeInteger();

// Adds the flags to `command`; `benchFlags` adds --warmup/--rep/--no-flush/--cuda-graph.
void addLaunchFlags(CLI::App &command, LaunchFlags &flags, bool benchFlags);

// Throws runtime::Error for a bad --grid or --arg.
runtime::RunRequest toRunRequest(const LaunchFlags &flags);

} // namespace trex::cli
