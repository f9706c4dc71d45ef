// The profile decoder on hand-made profile scratch: the layout proton_gpu.finalize writes,
// records in order and wrapped around the circular buffer, nesting, a wrapped clock, lost
// records, malformed buffers, the summary and the Chrome trace.
#include "trex/Runtime/ProfileDecoder.h"
#include "trex/Runtime/Error.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cstring>

using namespace trex::runtime;

namespace {

// One program's profile scratch: header, per-warp indices, then the segments.
class ProgramBuffer {
public:
  ProgramBuffer(int numWarps, std::uint32_t bufferBytes, std::uint32_t scratchBytes,
                std::uint32_t programId)
      : numWarps(numWarps), bufferBytes(bufferBytes), words(scratchBytes / 4, 0) {
    words[0] = kProfilePreamble;
    words[1] = programId;
    words[2] = 7; // SM id
    words[3] = bufferBytes;
  }

  // Appends a record for `warp` as the kernel does: at index modulo the segment, index += 2.
  void record(int warp, bool isEnd, int scopeId, std::uint32_t clock) {
    std::uint32_t &index = words[kProfileHeaderWords + warp];
    std::uint32_t segmentWords = bufferBytes / 4 / numWarps;
    std::size_t at = kProfileHeaderWords + numWarps + warp * segmentWords + index % segmentWords;
    words[at] = (isEnd ? 1u << 31 : 0u) | (static_cast<std::uint32_t>(scopeId) << 23);
    words[at + 1] = clock;
    index += 2;
  }

  void appendTo(std::vector<std::uint8_t> &bytes) const {
    std::size_t offset = bytes.size();
    bytes.resize(offset + words.size() * 4);
    std::memcpy(bytes.data() + offset, words.data(), words.size() * 4);
  }

  int numWarps;
  std::uint32_t bufferBytes;
  std::vector<std::uint32_t> words;
};

TEST(ProfileDecoder, DecodesScopesOfEveryWarpAndProgram) {
  std::vector<std::uint8_t> bytes;
  for (std::uint32_t program = 0; program < 2; ++program) {
    ProgramBuffer buffer(/*numWarps=*/2, /*bufferBytes=*/64, /*scratchBytes=*/128, program);
    for (int warp = 0; warp < 2; ++warp) {
      std::uint32_t base = 1000 * (program + 1) + 10 * warp;
      buffer.record(warp, false, 0, base);      // start outer
      buffer.record(warp, false, 1, base + 5);  // start inner
      buffer.record(warp, true, 1, base + 25);  // end inner: 20 cycles
      buffer.record(warp, true, 0, base + 100); // end outer: 100 cycles
    }
    buffer.appendTo(bytes);
  }
  DecodedProfile profile = decodeProfile(bytes.data(), bytes.size(), 128, 2);
  ASSERT_EQ(profile.programs.size(), 2u);
  EXPECT_EQ(profile.programs[1].programId, 1u);
  EXPECT_EQ(profile.programs[1].processorId, 7u);
  EXPECT_EQ(profile.programs[0].recordsWritten, (std::vector<std::uint64_t>{4, 4}));
  ASSERT_EQ(profile.events.size(), 8u);
  EXPECT_TRUE(profile.warnings.empty());
  // Inner closes first.
  EXPECT_EQ(profile.events[0].scopeId, 1);
  EXPECT_EQ(profile.events[0].cycles, 20u);
  EXPECT_EQ(profile.events[0].depth, 1);
  EXPECT_EQ(profile.events[1].scopeId, 0);
  EXPECT_EQ(profile.events[1].cycles, 100u);
  EXPECT_EQ(profile.events[1].depth, 0);

  std::vector<ScopeSummary> summary = summarizeProfile(profile, {"outer", "inner"});
  ASSERT_EQ(summary.size(), 2u);
  EXPECT_EQ(summary[0].name, "outer");
  EXPECT_EQ(summary[0].count, 4u);
  EXPECT_EQ(summary[0].medianCycles, 100u);
  EXPECT_DOUBLE_EQ(summary[0].share, 1.0);
  EXPECT_EQ(summary[1].name, "inner");
  EXPECT_EQ(summary[1].minCycles, 20u);
  EXPECT_DOUBLE_EQ(summary[1].share, 0.2);

  std::string text = renderProfileText(summary, profile);
  EXPECT_NE(text.find("outer"), std::string::npos);
  EXPECT_NE(text.find("20.0%"), std::string::npos);
  auto json = nlohmann::json::parse(renderProfileJSON(summary, profile));
  EXPECT_EQ(json["scopes"][1]["name"], "inner");
  EXPECT_EQ(json["scopes"][1]["median_cycles"], 20);
  EXPECT_EQ(json["programs"], 2);

  // The timeline of program 1: per warp, bars from the program's first record.
  auto withTimeline =
      nlohmann::json::parse(renderProfileJSON(summary, profile, {"outer", "inner"}, {1}));
  const auto &bars = withTimeline["timeline"]["1"];
  ASSERT_EQ(bars.size(), 4u);
  EXPECT_EQ(bars[0]["warp"], 0);
  EXPECT_EQ(bars[0]["scope"], "inner");
  EXPECT_EQ(bars[0]["start"], 5);
  EXPECT_EQ(bars[0]["depth"], 1);
  EXPECT_EQ(bars[3]["warp"], 1);
  EXPECT_EQ(bars[3]["scope"], "outer");
  EXPECT_EQ(bars[3]["start"], 10);
  EXPECT_EQ(bars[3]["cycles"], 100);
}

TEST(ProfileDecoder, ReadsAWrappedCircularBufferOldestFirst) {
  // 1 warp, 32 bytes of buffer: 4 records. 6 written: the first 2 are overwritten, and the
  // oldest kept record sits at slot 2 (index 12 words modulo 8).
  ProgramBuffer buffer(1, 32, 64, 0);
  buffer.record(0, false, 0, 100); // lost
  buffer.record(0, true, 0, 110);  // lost
  buffer.record(0, false, 0, 200);
  buffer.record(0, true, 0, 230);
  buffer.record(0, false, 1, 300);
  buffer.record(0, true, 1, 345);
  EXPECT_EQ(buffer.words[kProfileHeaderWords], 12u);
  std::vector<std::uint8_t> bytes;
  buffer.appendTo(bytes);
  DecodedProfile profile = decodeProfile(bytes.data(), bytes.size(), 64, 1);
  EXPECT_EQ(profile.programs[0].recordsDropped[0], 2u);
  ASSERT_EQ(profile.events.size(), 2u);
  EXPECT_EQ(profile.events[0].scopeId, 0);
  EXPECT_EQ(profile.events[0].cycles, 30u);
  EXPECT_EQ(profile.events[1].scopeId, 1);
  EXPECT_EQ(profile.events[1].cycles, 45u);
  ASSERT_EQ(profile.warnings.size(), 1u);
  EXPECT_NE(profile.warnings[0].find("first 2 records were overwritten"), std::string::npos);
}

TEST(ProfileDecoder, WrapThatSplitsAScopeDropsItsOrphanEndsSilently) {
  // 4 records kept of 6: both starts of scopes 0 and 1 are overwritten; their ends are
  // dropped without a warning of their own (the overwrite warning says why).
  ProgramBuffer buffer(1, 32, 64, 0);
  buffer.record(0, false, 0, 100); // overwritten
  buffer.record(0, false, 1, 105); // overwritten
  buffer.record(0, true, 1, 120);
  buffer.record(0, false, 2, 130);
  buffer.record(0, true, 2, 150);
  buffer.record(0, true, 0, 160);
  std::vector<std::uint8_t> bytes;
  buffer.appendTo(bytes);
  DecodedProfile profile = decodeProfile(bytes.data(), bytes.size(), 64, 1);
  ASSERT_EQ(profile.events.size(), 1u);
  EXPECT_EQ(profile.events[0].scopeId, 2);
  EXPECT_EQ(profile.events[0].cycles, 20u);
  ASSERT_EQ(profile.warnings.size(), 1u);
  EXPECT_NE(profile.warnings[0].find("overwritten"), std::string::npos);
}

TEST(ProfileDecoder, MeasuresAcrossACycleCounterWrap) {
  ProgramBuffer buffer(1, 32, 64, 0);
  buffer.record(0, false, 0, 0xfffffff0u);
  buffer.record(0, true, 0, 0x10u);
  std::vector<std::uint8_t> bytes;
  buffer.appendTo(bytes);
  DecodedProfile profile = decodeProfile(bytes.data(), bytes.size(), 64, 1);
  ASSERT_EQ(profile.events.size(), 1u);
  EXPECT_EQ(profile.events[0].cycles, 0x20u);
}

TEST(ProfileDecoder, ReportsUnmatchedRecords) {
  ProgramBuffer buffer(1, 32, 64, 0);
  buffer.record(0, true, 3, 50);
  buffer.record(0, false, 4, 60);
  std::vector<std::uint8_t> bytes;
  buffer.appendTo(bytes);
  DecodedProfile profile = decodeProfile(bytes.data(), bytes.size(), 64, 1);
  EXPECT_TRUE(profile.events.empty());
  ASSERT_EQ(profile.warnings.size(), 2u);
  EXPECT_NE(profile.warnings[0].find("scope 3 ends without a start"), std::string::npos);
  EXPECT_NE(profile.warnings[1].find("scope 4 starts but never ends"), std::string::npos);
}

TEST(ProfileDecoder, RejectsMalformedBuffers) {
  ProgramBuffer buffer(1, 32, 64, 0);
  std::vector<std::uint8_t> bytes;
  buffer.appendTo(bytes);
  EXPECT_THROW(decodeProfile(bytes.data(), bytes.size() - 4, 64, 1), Error); // size
  EXPECT_THROW(decodeProfile(bytes.data(), bytes.size(), 0, 1), Error);      // no scratch
  std::vector<std::uint8_t> noPreamble = bytes;
  noPreamble[0] = 0;
  try {
    decodeProfile(noPreamble.data(), noPreamble.size(), 64, 1);
    FAIL() << "no error";
  } catch (const Error &error) {
    EXPECT_NE(std::string(error.what()).find("program 0: no preamble"), std::string::npos);
  }
  ProgramBuffer tooBig(1, 32, 64, 0);
  tooBig.words[3] = 4096;
  std::vector<std::uint8_t> big;
  tooBig.appendTo(big);
  EXPECT_THROW(decodeProfile(big.data(), big.size(), 64, 1), Error);
}

TEST(ProfileDecoder, ChromeTraceHasARowPerWarpOfTheChosenPrograms) {
  std::vector<std::uint8_t> bytes;
  for (std::uint32_t program = 0; program < 3; ++program) {
    ProgramBuffer buffer(2, 64, 128, program);
    for (int warp = 0; warp < 2; ++warp) {
      buffer.record(warp, false, 0, 500 + warp);
      buffer.record(warp, true, 0, 540 + warp);
    }
    buffer.appendTo(bytes);
  }
  DecodedProfile profile = decodeProfile(bytes.data(), bytes.size(), 128, 2);
  auto trace = nlohmann::json::parse(renderChromeTrace(profile, {"load"}, {1}));
  int threads = 0, scopes = 0;
  for (const auto &event : trace["traceEvents"]) {
    EXPECT_EQ(event["pid"], 1);
    if (event["name"] == "thread_name")
      ++threads;
    if (event["ph"] == "X") {
      ++scopes;
      EXPECT_EQ(event["name"], "load");
      EXPECT_EQ(event["dur"], 40);
      EXPECT_EQ(event["ts"], event["tid"] == 0 ? 0 : 1);
    }
  }
  EXPECT_EQ(threads, 2);
  EXPECT_EQ(scopes, 2);
}

} // namespace
