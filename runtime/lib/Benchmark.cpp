// Benchmark: do_bench's schedule on device events, and the sample statistics.
#include "trex/Runtime/Benchmark.h"

#include "trex/Runtime/Error.h"

#include <algorithm>
#include <memory>
#include <numeric>

namespace trex::runtime {

namespace {

// The most calls one phase makes; do_bench has no cap, but a kernel that takes nanoseconds
// with a generous budget would otherwise run for minutes on event overhead alone.
constexpr std::size_t kMaxCalls = 100000;
// do_bench estimates from five calls.
constexpr int kEstimateCalls = 5;

// Events owned for the duration of a benchmark.
class EventPool {
public:
  explicit EventPool(Driver &driver) : driver_(driver) {}
  ~EventPool() {
    for (EventHandle event : events_) {
      try {
        driver_.destroyEvent(event);
      } catch (const Error &) {
      }
    }
  }
  EventHandle create() {
    events_.push_back(driver_.createEvent());
    return events_.back();
  }

private:
  Driver &driver_;
  std::vector<EventHandle> events_;
};

// Device memory freed when the benchmark ends, even by an exception.
class FlushBuffer {
public:
  FlushBuffer(Driver &driver, std::size_t bytes) : driver_(driver), bytes_(bytes) {
    if (bytes_)
      pointer_ = driver_.allocate(bytes_);
  }
  ~FlushBuffer() {
    if (pointer_) {
      try {
        driver_.free(pointer_);
      } catch (const Error &) {
      }
    }
  }
  void flush() {
    if (pointer_)
      driver_.fill(pointer_, 0, bytes_);
  }

private:
  Driver &driver_;
  std::size_t bytes_;
  DevicePointer pointer_ = 0;
};

class CapturedLaunch {
public:
  CapturedLaunch(Driver &driver, const std::function<void()> &launch) : driver_(driver) {
    driver_.beginCapture();
    try {
      launch();
    } catch (...) {
      try {
        driver_.destroyGraph(driver_.endCapture());
      } catch (const Error &) {
      }
      throw;
    }
    graph_ = driver_.endCapture();
  }
  ~CapturedLaunch() {
    try {
      driver_.destroyGraph(graph_);
    } catch (const Error &) {
    }
  }
  void replay() { driver_.launchGraph(graph_); }

private:
  Driver &driver_;
  GraphHandle graph_ = nullptr;
};

} // namespace

TimingStatistics summarize(std::vector<double> samples) {
  if (samples.empty())
    throw Error("no timing samples to summarize");
  TimingStatistics statistics;
  std::vector<double> sorted = samples;
  std::sort(sorted.begin(), sorted.end());
  std::size_t count = sorted.size();
  statistics.medianMilliseconds =
      count % 2 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2;
  statistics.minMilliseconds = sorted.front();
  statistics.maxMilliseconds = sorted.back();
  statistics.meanMilliseconds = std::accumulate(sorted.begin(), sorted.end(), 0.0) / count;
  statistics.repetitions = count;
  statistics.samples = std::move(samples);
  return statistics;
}

std::size_t benchmarkCount(double budgetMilliseconds, double estimateMilliseconds) {
  if (estimateMilliseconds <= 0)
    return kMaxCalls;
  double count = budgetMilliseconds / estimateMilliseconds;
  if (count >= static_cast<double>(kMaxCalls))
    return kMaxCalls;
  return std::max<std::size_t>(1, static_cast<std::size_t>(count));
}

TimingStatistics benchmark(Driver &driver, const std::function<void()> &launch,
                           const BenchmarkOptions &options) {
  if (options.warmupMilliseconds < 0 || options.repetitionMilliseconds <= 0)
    throw Error("the warm-up budget must be >= 0 ms and the repetition budget > 0 ms");
  std::unique_ptr<CapturedLaunch> graph;
  if (options.useGraph) {
    if (!driver.supportsGraphs())
      throw Error("graph replay was requested but the driver cannot capture graphs");
    graph = std::make_unique<CapturedLaunch>(driver, launch);
  }
  auto call = [&] {
    if (graph)
      graph->replay();
    else
      launch();
  };
  FlushBuffer cache(driver, options.flushL2 ? options.flushBytes : 0);
  EventPool events(driver);
  driver.synchronize();

  EventHandle estimateStart = events.create();
  EventHandle estimateEnd = events.create();
  driver.recordEvent(estimateStart);
  for (int index = 0; index < kEstimateCalls; ++index) {
    cache.flush();
    call();
  }
  driver.recordEvent(estimateEnd);
  driver.synchronize();
  double estimate = driver.elapsedMilliseconds(estimateStart, estimateEnd) / kEstimateCalls;

  std::size_t warmups = benchmarkCount(options.warmupMilliseconds, estimate);
  std::size_t repetitions = benchmarkCount(options.repetitionMilliseconds, estimate);
  std::vector<EventHandle> starts, ends;
  for (std::size_t index = 0; index < repetitions; ++index) {
    starts.push_back(events.create());
    ends.push_back(events.create());
  }
  for (std::size_t index = 0; index < warmups; ++index)
    call();
  for (std::size_t index = 0; index < repetitions; ++index) {
    cache.flush();
    driver.recordEvent(starts[index]);
    call();
    driver.recordEvent(ends[index]);
  }
  driver.synchronize();
  std::vector<double> samples;
  samples.reserve(repetitions);
  for (std::size_t index = 0; index < repetitions; ++index)
    samples.push_back(driver.elapsedMilliseconds(starts[index], ends[index]));
  TimingStatistics statistics = summarize(std::move(samples));
  statistics.estimateMilliseconds = estimate;
  statistics.warmups = warmups;
  return statistics;
}

} // namespace trex::runtime
