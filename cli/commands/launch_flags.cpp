// The shared launch flags and their RunRequest.
#include "commands/launch_flags.h"

#include "trex/Runtime/Error.h"

#include <charconv>

namespace trex::cli {

static CLI::Validator integerAtLeast(long long minimum, const std::string &what) {
  return CLI::Validator(
      [minimum, what](std::string &text) -> std::string {
        long long value = 0;
        const char *begin = text.data(), *end = text.data() + text.size();
        auto [next, error] = std::from_chars(begin, end, value);
        if (error != std::errc() || next != end || value < minimum)
          return "must be " + what + ", got '" + text + "'";
        return {};
      },
      what == "a positive integer" ? "POSITIVE" : "NONNEGATIVE");
}

CLI::Validator positiveInteger() { return integerAtLeast(1, "a positive integer"); }
CLI::Validator nonNegativeInteger() { return integerAtLeast(0, "a non-negative integer"); }

void addLaunchFlags(CLI::App &command, LaunchFlags &flags, bool benchFlags) {
  command.add_option("--signature", flags.signature,
                     "The kernel's signature in Triton's AOT form, e.g. '*fp32:16, *fp32:16, "
                     "i32, 1024' (literals are constexprs and not passed)");
  command.add_option("--grid", flags.grid, "Programs to launch: X[,Y[,Z]]")->required();
  command.add_option("--arg", flags.arguments,
                     "NAME=VALUE or VALUE (positional): a pointer takes rand:N, randn:N, zeros:N, "
                     "ones:N or arange:N (N elements of its type); a scalar takes a literal. "
                     "Without known names, argI=VALUE names the I-th passed argument");
  command.add_option("--print", flags.printNames, "Show this argument's buffer after the run");
  command.add_option("--print-limit", flags.printLimit, "Elements of a printed buffer to show")
      ->capture_default_str();
  command.add_flag("--json", flags.json, "Machine-readable results");
  command.add_flag("--profile-scopes", flags.profileScopes,
                   "Report the kernel's triton.profiler.language scopes after the run: cycles "
                   "(min/median/max over warps and programs), count, share of the kernel (a "
                   ".py kernel is compiled with its scopes instrumented)");
  command.add_option("--trace", flags.traceFile,
                     "With --profile-scopes: write a Chrome trace (Perfetto, chrome://tracing), "
                     "one row per warp");
  command
      .add_option("--trace-programs", flags.tracePrograms,
                  "Programs (linear ids) the trace shows (default 0)")
      ->delimiter(',');
  command.add_option("--dump-global-scratch", flags.globalScratchDump,
                     "Write the global scratch (each program's part at base + program x "
                     "global_scratch_size, e.g. its device-side tensor descriptors) to this file "
                     "after the run; the JSON gives the base");
  if (!benchFlags)
    return;
  command.add_option("--warmup", flags.warmupMilliseconds, "Warm-up budget in ms (do_bench)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  command.add_option("--rep", flags.repetitionMilliseconds, "Repetition budget in ms (do_bench)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  command.add_flag("--no-flush", flags.noFlush, "Do not clear the L2 cache between runs");
  command.add_flag("--cuda-graph", flags.graph, "Time replays of a captured graph");
}

runtime::RunRequest toRunRequest(const LaunchFlags &flags) {
  runtime::RunRequest request;
  request.signature = flags.signature;
  request.parameterNames = flags.parameterNames;
  request.grid = runtime::parseGrid(flags.grid);
  for (const std::string &argument : flags.arguments)
    request.arguments.push_back(runtime::splitNamedArgument(argument));
  request.printNames = flags.printNames;
  request.printLimit = flags.printLimit;
  request.json = flags.json;
  request.benchmark = flags.benchmark;
  request.benchmarkOptions.warmupMilliseconds = flags.warmupMilliseconds;
  request.benchmarkOptions.repetitionMilliseconds = flags.repetitionMilliseconds;
  request.benchmarkOptions.flushL2 = !flags.noFlush;
  request.benchmarkOptions.useGraph = flags.graph;
  request.profileScopes = flags.profileScopes;
  request.traceFile = flags.traceFile;
  request.tracePrograms = flags.tracePrograms;
  request.globalScratchDump = flags.globalScratchDump;
  if (!flags.traceFile.empty() && !flags.profileScopes)
    throw runtime::Error("--trace needs --profile-scopes");
  return request;
}

} // namespace trex::cli
