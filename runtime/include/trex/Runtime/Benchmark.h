// Benchmark: timing a launch the way triton.testing.do_bench does — estimate the time of one
// call from five, derive the warm-up and repetition counts from millisecond budgets, clear the
// L2 cache (a 256 MB memset) before every timed call, time each call with device events —
// and summarize the samples (median, min, max, mean).
#ifndef TREX_RUNTIME_BENCHMARK_H
#define TREX_RUNTIME_BENCHMARK_H

#include "trex/Runtime/Driver.h"

#include <cstddef>
#include <functional>
#include <vector>

namespace trex::runtime {

struct BenchmarkOptions {
  double warmupMilliseconds = 25;
  double repetitionMilliseconds = 100;
  bool flushL2 = true;
  std::size_t flushBytes = 256u << 20;
  // Capture the launch in a graph (CUDA/HIP graphs) and time graph replays instead, which
  // takes the CPU launch overhead out of the samples.
  bool useGraph = false;
};

struct TimingStatistics {
  double medianMilliseconds = 0;
  double minMilliseconds = 0;
  double maxMilliseconds = 0;
  double meanMilliseconds = 0;
  // The per-call estimate the counts came from.
  double estimateMilliseconds = 0;
  std::size_t warmups = 0;
  std::size_t repetitions = 0;
  std::vector<double> samples;
};

// Median (interpolated between the two middle samples for an even count, as torch.quantile),
// min, max and mean of `samples`; throws Error when it is empty.
TimingStatistics summarize(std::vector<double> samples);

// do_bench's schedule for a per-call estimate: n_warmup = max(1, int(warmup / estimate)),
// n_repeat = max(1, int(rep / estimate)); capped so a near-zero estimate cannot ask for
// billions of calls.
std::size_t benchmarkCount(double budgetMilliseconds, double estimateMilliseconds);

// Times `launch` (one kernel launch on the driver's stream) with do_bench's semantics.
TimingStatistics benchmark(Driver &driver, const std::function<void()> &launch,
                           const BenchmarkOptions &options);

} // namespace trex::runtime

#endif // TREX_RUNTIME_BENCHMARK_H
