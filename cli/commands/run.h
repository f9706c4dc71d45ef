// `trex run`: compiles a kernel through the cache (or takes compiled artifacts) and runs it
// once on the GPU; `trex bench` is the same with timing (commands/bench.cpp).
#pragma once

#include "commands/launch_flags.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace trex::cli::run {

struct Options {
  // A .py kernel (compiled through the cache), or a <kernel>.json / its directory.
  std::string input;
  std::string kernel;
  // Folders searched for the kernel file's imports (--python-path).
  std::vector<std::string> pythonPath;
  std::string target = "cuda:90";
  int numWarps = 4;
  int numStages = 3;
  int numCTAs = 1;
  bool numWarpsGiven = false;
  bool numCTAsGiven = false;
  bool targetGiven = false;
  bool numStagesGiven = false;
  std::optional<int> config;
  std::string cacheDirectory;
  // Skip the host-side check of the kernel's accesses against the buffers' sizes.
  bool noBoundsCheck = false;
  // Compile through the cache and check the launch (arguments, bounds) without a GPU: no
  // driver is opened and nothing runs.
  bool dryRun = false;
  LaunchFlags launch;
};

// Adds the compile and launch flags of `run`/`bench` to `command` and returns the options
// they fill; `benchFlags` adds the timing flags.
std::shared_ptr<Options> addFlags(CLI::App &command, bool benchFlags);

// Builds (or finds) the kernel and runs it; diagnostics to stderr, results to stdout.
int run(const Options &options);

// Adds `run` to `app`. A failed run ends the parse with CLI::RuntimeError carrying the exit code.
void setup(CLI::App &app);

} // namespace trex::cli::run
