// Runner: one kernel run from compiled artifacts — resolve the signature and the --arg
// values, check them against the metadata and the binary, generate and upload the buffers,
// allocate the hidden scratch, launch (or benchmark), copy back what --print asks for — and
// its text or JSON report. `trex run`, `trex bench` and `trex-runner` are this plus flags.
//
// Argument names: the metadata's "trex_param_names" (written by trex's cache), or names the
// caller passes (from the .py parameter list). Without either, `--arg VALUE` is positional
// in the order of the signature's passed parameters, and `argI=VALUE` names the I-th.
#ifndef TREX_RUNTIME_RUNNER_H
#define TREX_RUNTIME_RUNNER_H

#include "trex/Runtime/ArgumentPacking.h"
#include "trex/Runtime/ArgumentSpec.h"
#include "trex/Runtime/Benchmark.h"
#include "trex/Runtime/Driver.h"
#include "trex/Runtime/KernelInfo.h"
#include "trex/Runtime/ProfileDecoder.h"

#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace trex::runtime {

struct RunRequest {
  // Empty: the metadata's "trex_signature".
  std::string signature;
  // Empty: the metadata's "trex_param_names".
  std::vector<std::string> parameterNames;
  Grid grid;
  std::vector<NamedArgument> arguments;
  std::vector<std::string> printNames;
  // Elements of a printed buffer shown (the JSON carries the same prefix).
  std::size_t printLimit = 32;
  bool benchmark = false;
  BenchmarkOptions benchmarkOptions;
  bool json = false;
  // Decode the profile scratch of a kernel compiled with --profile-scopes after the run (the
  // last launch's, when benchmarking) and report the scopes' cycles; with `traceFile`, also
  // write a Chrome trace of the programs in `tracePrograms` (default: program 0).
  bool profileScopes = false;
  std::string traceFile;
  std::vector<std::uint32_t> tracePrograms;
  // Write the global scratch (every program's part, as the first launch left it) to this file.
  std::string globalScratchDump;
};

struct PlannedArgument {
  std::string name;
  SignatureEntry entry;
  std::string valueText;
  std::optional<BufferSpec> buffer; // pointers, and the tensor behind a descriptor
  ScalarValue scalar;               // scalars
  // Host tensor descriptors: the tensor, and how its CUtensorMap is laid out (the metadata's
  // tensordesc_meta entry for it).
  std::optional<DescriptorSpec> descriptor;
  TensorDescriptorLayout descriptorLayout;
};

// Everything about a run that can be checked without a GPU.
struct LaunchPlan {
  KernelArtifacts artifacts;
  Signature signature;
  std::vector<PlannedArgument> arguments;
  Grid grid;
  std::uint64_t globalScratchBytes = 0;
  std::uint64_t profileScratchBytes = 0;
  // Indices into `arguments` of the --print names, in request order.
  std::vector<std::size_t> printed;
};

// Throws Error for: no signature, a bad signature, wrong or missing argument names, a value
// that does not parse for its type, a --print name that is no argument, a signature whose
// passed parameters differ from what the cubin's kernel takes, a descriptor argument whose
// shape, block or strides do not fit its signature entry, the metadata or TMA's rules.
LaunchPlan planLaunch(const KernelArtifacts &artifacts, const RunRequest &request);

struct PrintedArgument {
  std::string name;
  std::string type;
  std::uint64_t count = 0; // elements (1 for a scalar)
  std::vector<double> values;
};

struct RunResult {
  std::string kernelName;
  std::string device;
  Grid grid;
  FunctionAttributes attributes;
  std::uint64_t globalScratchBytes = 0;
  // Where the global scratch was (program p's part at base + p x the metadata's size).
  std::uint64_t globalScratchBase = 0;
  std::uint64_t globalScratchPerProgram = 0;
  std::uint64_t profileScratchBytes = 0;
  // Bytes of all pointer arguments together, the basis of the GB/s figure.
  std::uint64_t bufferBytes = 0;
  std::vector<PrintedArgument> printed;
  std::optional<TimingStatistics> timing;
  // With RunRequest::profileScopes.
  std::optional<DecodedProfile> profile;
  std::vector<ScopeSummary> profileSummary;
  std::vector<std::string> profileScopeNames;
  // The programs whose timeline the JSON carries (RunRequest::tracePrograms, default 0).
  std::vector<std::uint32_t> timelinePrograms;
};

RunResult executeLaunch(Driver &driver, const LaunchPlan &plan, const RunRequest &request);

std::string renderRunText(const RunResult &result);
std::string renderRunJSON(const RunResult &result);

using DriverFactory = std::function<std::unique_ptr<Driver>(Backend)>;

// The whole command: artifacts at `path` (a .json or its directory), plan, open the driver
// (`openDriver` unless a factory is given), execute, print the report to `out`. Errors go to
// `err` as "error: ..." and give exit code 1; nothing throws.
int runFromArtifacts(const std::string &path, const RunRequest &request, std::ostream &out,
                     std::ostream &err, const DriverFactory &factory = nullptr);

} // namespace trex::runtime

#endif // TREX_RUNTIME_RUNNER_H
