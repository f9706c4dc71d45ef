// ProfileDecoder: reads the profile scratch an instrumented kernel (trex compile
// --profile-scopes) wrote, one part per program, into scope durations per warp, and
// summarizes, prints and exports them (text, JSON, Chrome trace for Perfetto).
//
// One program's part (profile_scratch_size bytes), as proton_gpu.finalize writes it:
//   word 0 preamble 0xdeadbeef, word 1 program id, word 2 SM id, word 3 buffer bytes B,
//   words 4..4+W-1 each warp's write index (in words, 2 per record, never wrapped),
//   then W segments of B/W bytes: 8-byte records {tag, clock}, tag bit 31 = end,
//   bits 30-23 = scope id. A segment is a circular buffer: once a warp wrote more than
//   fit, the oldest record is at its index modulo the segment's words.
#ifndef TREX_RUNTIME_PROFILEDECODER_H
#define TREX_RUNTIME_PROFILEDECODER_H

#include <cstdint>
#include <string>
#include <vector>

namespace trex::runtime {

inline constexpr std::uint32_t kProfilePreamble = 0xdeadbeef;
inline constexpr int kProfileHeaderWords = 4;

// One completed scope of one warp: its start and end clock (32-bit cycle counter) and the
// cycles between them (modulo 2^32, so a counter that wrapped once still measures right).
struct ScopeEvent {
  std::uint32_t program = 0;
  int warp = 0;
  int scopeId = 0;
  std::uint32_t startClock = 0;
  std::uint32_t endClock = 0;
  std::uint64_t cycles = 0;
  int depth = 0; // nesting depth within the warp (0 outermost)
};

struct ProgramProfile {
  std::uint32_t programId = 0;
  std::uint32_t processorId = 0;
  // Records each warp wrote, and those lost because its segment was full.
  std::vector<std::uint64_t> recordsWritten;
  std::vector<std::uint64_t> recordsDropped;
};

struct DecodedProfile {
  int numWarps = 0;
  std::uint32_t bufferBytes = 0;
  std::vector<ProgramProfile> programs;
  std::vector<ScopeEvent> events;
  // Records that could not be paired (an end whose start was overwritten, a start whose end
  // never came), for the report.
  std::vector<std::string> warnings;
};

// Decodes `bytes` (programs x `scratchBytesPerProgram`). Throws Error for a size that is no
// multiple of the per-program size, a part without the preamble, or a header whose buffer
// does not fit the part.
DecodedProfile decodeProfile(const std::uint8_t *data, std::size_t bytes,
                             std::int64_t scratchBytesPerProgram, int numWarps);

struct ScopeSummary {
  int scopeId = 0;
  std::string name;
  std::uint64_t count = 0;
  std::uint64_t minCycles = 0, medianCycles = 0, maxCycles = 0;
  // Sum of this scope's cycles over the sum, over warps, of the time from the warp's first
  // record to its last: the share of the profiled part of the kernel the scope takes.
  double share = 0;
};

// Per scope id in `names` (ids without a name are named "scope<N>"), in id order.
std::vector<ScopeSummary> summarizeProfile(const DecodedProfile &profile,
                                           const std::vector<std::string> &names);

// One program's scopes as bars on per-warp lanes: start in cycles from the program's first
// record (what the Chrome trace and the explorer's timeline draw).
struct TimelineBar {
  int warp = 0;
  int scopeId = 0;
  std::string name;
  std::uint64_t start = 0;
  std::uint64_t cycles = 0;
  int depth = 0;
};
std::vector<TimelineBar> programTimeline(const DecodedProfile &profile,
                                         const std::vector<std::string> &names,
                                         std::uint32_t program);

std::string renderProfileText(const std::vector<ScopeSummary> &summary,
                              const DecodedProfile &profile);
// {"scopes": [{"name", "count", "min_cycles", "median_cycles", "max_cycles", "share"}...],
//  "programs", "num_warps", "warnings"}
// With `timelinePrograms`, also "timeline": {"<program>": [{"warp", "scope", "start",
// "cycles", "depth"}...]} for each of them.
std::string renderProfileJSON(const std::vector<ScopeSummary> &summary,
                              const DecodedProfile &profile,
                              const std::vector<std::string> &names = {},
                              const std::vector<std::uint32_t> &timelinePrograms = {});
// Chrome trace event format: one process per program in `programs` (all when empty), one
// thread (row) per warp, one complete event per scope, timestamps in cycles from the
// program's first record (shown as microseconds by the viewers: 1 unit = 1 cycle).
std::string renderChromeTrace(const DecodedProfile &profile, const std::vector<std::string> &names,
                              const std::vector<std::uint32_t> &programs);

} // namespace trex::runtime

#endif // TREX_RUNTIME_PROFILEDECODER_H
