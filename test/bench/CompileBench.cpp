// trex-compile-bench: compile time of every fixture spec in one warm process, per target:
// the front end plus the ttir pipeline (Python source to ttir), source to assembly (PTX or
// AMDGCN), and the whole pipeline to machine code (cubin or hsaco, including ptxas or ld.lld),
// each the median of N runs after a warm-up run (and the whole pipeline's fastest run, which
// noise on a shared machine affects least). Prints a table, or JSON with --json; --only
// TEXT keeps the specs whose name holds TEXT, --target T measures one target only.
// $TREX_ASSEMBLER (ptxas or nvjitlink) picks the assembler (CompileOptions::Assembler);
// $TREX_BENCH_ASSEMBLY_ONLY measures source to assembly only, $TREX_BENCH_PASS_TIMES prints
// the last run's passes by time (for profiling).
#include "trex/Compiler/Compilation.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

namespace fs = std::filesystem;

namespace {

struct Timing {
  double median = 0, minimum = 0;
  // The part of the median run spent in external tools (ptxas, ld.lld).
  double tools = 0;
  bool succeeded = true;
  std::string error;
};

Timing measure(const fs::path &source, const nlohmann::json &spec, const std::string &target,
               trex::Stage last, int runs) {
  trex::CompileOptions options;
  options.target = llvm::cantFail(trex::Target::parse(target));
  options.kernelName = spec["kernel"];
  options.signature = spec["signature"];
  options.numWarps = spec["num_warps"];
  options.numStages = spec["num_stages"];
  options.lastStage = last;
  std::vector<std::pair<double, double>> samples; // (total, tools)
  Timing timing;
  for (int run = 0; run <= runs; ++run) {
    auto start = std::chrono::steady_clock::now();
    trex::CompilationResult result = trex::compileFile(source.string(), options);
    double total =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count();
    if (!result.succeeded) {
      timing.succeeded = false;
      timing.error = result.renderDiagnostics();
      return timing;
    }
    // TREX_BENCH_PASS_TIMES (profiling): each run's MLIR and back-end passes by time, to stderr.
    if (std::getenv("TREX_BENCH_PASS_TIMES") && run == runs) {
      std::map<std::string, std::pair<double, int>> byName;
      double total = 0, llvmPasses = 0;
      for (const trex::PassSnapshot &pass : result.passes)
        if (pass.kind == trex::PassSnapshot::IRKind::LLVM && !pass.nested)
          llvmPasses += pass.milliseconds;
      if (llvmPasses > 0)
        byName["(LLVM optimizer passes)"] = {llvmPasses, 1};
      total += llvmPasses;
      for (const trex::PassSnapshot &pass : result.passes)
        if (!pass.nested && pass.kind != trex::PassSnapshot::IRKind::LLVM) {
          auto &entry = byName[pass.argument];
          entry.first += pass.milliseconds;
          entry.second += 1;
          total += pass.milliseconds;
        }
      std::vector<std::pair<double, std::string>> sorted;
      for (const auto &[name, entry] : byName)
        sorted.push_back({entry.first, name + " x" + std::to_string(entry.second)});
      std::sort(sorted.rbegin(), sorted.rend());
      std::fprintf(stderr, "passes of the last run (%.2f ms in all):\n", total);
      for (const auto &[ms, name] : sorted)
        std::fprintf(stderr, "  %8.3f ms  %s\n", ms, name.c_str());
    }
    double tools = 0;
    for (const trex::PassSnapshot &pass : result.passes)
      if (pass.argument == "ptxas" || pass.argument == "nvjitlink" || pass.argument == "ld.lld")
        tools += pass.milliseconds;
    if (run > 0) // the first run warms caches (dialect registration, libdevice from disk)
      samples.push_back({total, tools});
  }
  std::sort(samples.begin(), samples.end());
  timing.median = samples[samples.size() / 2].first;
  timing.tools = samples[samples.size() / 2].second;
  timing.minimum = samples.front().first;
  return timing;
}

} // namespace

int main(int argc, char **argv) {
  int runs = 7;
  bool json = false;
  std::string fixtures = TREX_FIXTURES_DIR;
  std::string only; // a substring of the spec names to measure; empty: all
  std::vector<std::string> targets = {"cuda:90", "cuda:80", "hip:gfx942"};
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--runs") && i + 1 < argc)
      runs = std::max(1, std::atoi(argv[++i]));
    else if (!std::strcmp(argv[i], "--json"))
      json = true;
    else if (!std::strcmp(argv[i], "--fixtures") && i + 1 < argc)
      fixtures = argv[++i];
    else if (!std::strcmp(argv[i], "--only") && i + 1 < argc)
      only = argv[++i];
    else if (!std::strcmp(argv[i], "--target") && i + 1 < argc)
      targets = {argv[++i]};
    else {
      std::cerr << "usage: trex-compile-bench [--runs N] [--json] [--fixtures DIR] [--only TEXT] "
                   "[--target T]\n";
      return 2;
    }
  }
  std::ifstream specsFile(fs::path(fixtures) / "specs.json");
  if (!specsFile) {
    std::cerr << "error: cannot read " << (fs::path(fixtures) / "specs.json") << "\n";
    return 1;
  }
  nlohmann::json specs = nlohmann::json::parse(specsFile, nullptr, false);
  if (specs.is_discarded()) {
    std::cerr << "error: specs.json is not valid JSON\n";
    return 1;
  }
  nlohmann::json report = nlohmann::json::array();
  if (!json)
    std::printf("%-30s %-11s %12s %12s %14s %12s %12s\n", "spec", "target", "py->ttir ms",
                "py->asm ms", "py->binary ms", "of it tools", "binary min");
  // Rows appear as they are measured, also when the output is a pipe and the run is cut short.
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  for (const nlohmann::json &spec : specs) {
    if (!only.empty() && spec["name"].get<std::string>().find(only) == std::string::npos)
      continue;
    fs::path source = fs::path(fixtures) / "kernels" / spec["file"].get<std::string>();
    for (const std::string &targetName : targets) {
      const char *target = targetName.c_str();
      // TREX_BENCH_ASSEMBLY_ONLY (profiling): only the source -> assembly measurement.
      bool assemblyOnly = std::getenv("TREX_BENCH_ASSEMBLY_ONLY") != nullptr;
      Timing ttir =
          assemblyOnly ? Timing() : measure(source, spec, target, trex::Stage::TTIR, runs);
      Timing assembly = measure(source, spec, target,
                                llvm::StringRef(target).starts_with("cuda") ? trex::Stage::PTX
                                                                             : trex::Stage::AMDGCN,
                                runs);
      Timing full =
          assemblyOnly ? assembly : measure(source, spec, target, trex::Stage::Metadata, runs);
      nlohmann::json row = {{"spec", spec["name"]},
                            {"target", target},
                            {"ttir_ms", ttir.median},
                            {"assembly_ms", assembly.median},
                            {"full_ms", full.median},
                            {"full_min_ms", full.minimum},
                            {"tools_ms", full.tools},
                            {"succeeded", full.succeeded}};
      if (!full.succeeded)
        row["error"] = full.error.substr(0, full.error.find('\n'));
      report.push_back(row);
      if (json)
        continue;
      if (full.succeeded)
        std::printf("%-30s %-11s %12.1f %12.1f %14.1f %12.1f %12.1f\n",
                    spec["name"].get<std::string>().c_str(), target, ttir.median,
                    assembly.median, full.median, full.tools, full.minimum);
      else
        std::printf("%-30s %-11s %12.1f %12s %14s   %s\n",
                    spec["name"].get<std::string>().c_str(), target, ttir.median, "",
                    "fails", row["error"].get<std::string>().c_str());
    }
  }
  if (json)
    std::cout << report.dump(1) << "\n";
  return 0;
}
