// Timing: the statistics and do_bench's schedule, on a fake driver whose clock advances by a
// known amount per launch and per L2 flush.
#include "FakeDriver.h"

#include "trex/Runtime/Benchmark.h"

#include <gtest/gtest.h>

using namespace trex::runtime;
using trex::runtime::testing::FakeDriver;

TEST(Summarize, MedianMinMaxMean) {
  TimingStatistics odd = summarize({3, 1, 2, 10, 4});
  EXPECT_DOUBLE_EQ(odd.medianMilliseconds, 3);
  EXPECT_DOUBLE_EQ(odd.minMilliseconds, 1);
  EXPECT_DOUBLE_EQ(odd.maxMilliseconds, 10);
  EXPECT_DOUBLE_EQ(odd.meanMilliseconds, 4);
  EXPECT_EQ(odd.repetitions, 5u);
  TimingStatistics even = summarize({4, 1, 3, 2});
  EXPECT_DOUBLE_EQ(even.medianMilliseconds, 2.5); // interpolated, as torch.quantile(0.5)
  EXPECT_THROW(summarize({}), Error);
}

TEST(BenchmarkCount, DoBenchFormula) {
  EXPECT_EQ(benchmarkCount(25, 1.5), 16u);   // int(25 / 1.5)
  EXPECT_EQ(benchmarkCount(100, 1.5), 66u);  // int(100 / 1.5)
  EXPECT_EQ(benchmarkCount(25, 100), 1u);    // at least one
  EXPECT_EQ(benchmarkCount(0, 2), 1u);
  EXPECT_EQ(benchmarkCount(100, 0), 100000u); // capped
}

TEST(Benchmark, FollowsDoBenchScheduleWithFlushes) {
  FakeDriver driver;
  driver.kernelMilliseconds = 1.0;
  driver.fillMilliseconds = 0.5;
  std::size_t launches = 0;
  TimingStatistics statistics = benchmark(
      driver, [&] { driver.launch(nullptr, {}, nullptr), ++launches; }, {});
  // Estimate: five (flush + launch) = 7.5 ms -> 1.5 ms per call.
  EXPECT_DOUBLE_EQ(statistics.estimateMilliseconds, 1.5);
  EXPECT_EQ(statistics.warmups, 16u);
  EXPECT_EQ(statistics.repetitions, 66u);
  EXPECT_EQ(launches, 5u + 16u + 66u);
  // A flush before every timed call (and the five estimate calls), outside the events.
  EXPECT_EQ(driver.fills, 5u + 66u);
  EXPECT_NEAR(statistics.medianMilliseconds, 1.0, 1e-6);
  EXPECT_NEAR(statistics.meanMilliseconds, 1.0, 1e-6);
  EXPECT_EQ(driver.allocations.front(), 256u << 20); // the 256 MB flush buffer
  EXPECT_EQ(driver.liveAllocations(), 0u);
  EXPECT_EQ(driver.liveEvents, 0u);
}

TEST(Benchmark, WithoutFlushAndBudgets) {
  FakeDriver driver;
  driver.kernelMilliseconds = 2.0;
  BenchmarkOptions options;
  options.flushL2 = false;
  options.warmupMilliseconds = 10;
  options.repetitionMilliseconds = 20;
  TimingStatistics statistics =
      benchmark(driver, [&] { driver.launch(nullptr, {}, nullptr); }, options);
  EXPECT_EQ(statistics.warmups, 5u);
  EXPECT_EQ(statistics.repetitions, 10u);
  EXPECT_EQ(driver.fills, 0u);
  EXPECT_TRUE(driver.allocations.empty());
  options.repetitionMilliseconds = 0;
  EXPECT_THROW(benchmark(driver, [] {}, options), Error);
  options.repetitionMilliseconds = 1;
  options.useGraph = true; // the fake driver cannot capture
  EXPECT_THROW(benchmark(driver, [] {}, options), Error);
}
