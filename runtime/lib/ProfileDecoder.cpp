// ProfileDecoder: the profile scratch of instrumented kernels into scope durations.
#include "trex/Runtime/ProfileDecoder.h"

#include "trex/Runtime/Error.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <iomanip>
#include <map>
#include <sstream>

namespace trex::runtime {

namespace {

std::uint32_t wordAt(const std::uint8_t *data, std::size_t word) {
  std::uint32_t value;
  std::memcpy(&value, data + word * 4, 4);
  return value;
}

struct Record {
  bool isEnd;
  int scopeId;
  std::uint32_t clock;
};

std::string scopeName(const std::vector<std::string> &names, int id) {
  if (id >= 0 && static_cast<std::size_t>(id) < names.size())
    return names[static_cast<std::size_t>(id)];
  return "scope" + std::to_string(id);
}

} // namespace

DecodedProfile decodeProfile(const std::uint8_t *data, std::size_t bytes,
                             std::int64_t scratchBytesPerProgram, int numWarps) {
  if (scratchBytesPerProgram <= 0)
    throw Error("the kernel has no profile scratch (compile it with --profile-scopes)");
  if (numWarps <= 0)
    throw Error("profile: the number of warps must be positive");
  auto perProgram = static_cast<std::size_t>(scratchBytesPerProgram);
  if (bytes % perProgram != 0)
    throw Error("profile buffer of " + std::to_string(bytes) + " bytes is no multiple of " +
                std::to_string(perProgram) + " bytes per program");
  std::size_t headerBytes = 4u * (kProfileHeaderWords + static_cast<std::size_t>(numWarps));
  DecodedProfile profile;
  profile.numWarps = numWarps;
  for (std::size_t part = 0; part < bytes / perProgram; ++part) {
    const std::uint8_t *base = data + part * perProgram;
    std::string where = "profile of program " + std::to_string(part);
    if (perProgram < headerBytes || wordAt(base, 0) != kProfilePreamble)
      throw Error(where + ": no preamble (the kernel did not write its profile)");
    ProgramProfile program;
    program.programId = wordAt(base, 1);
    program.processorId = wordAt(base, 2);
    std::uint32_t bufferBytes = wordAt(base, 3);
    if (bufferBytes == 0 || bufferBytes % (8u * static_cast<std::uint32_t>(numWarps)) != 0 ||
        headerBytes + bufferBytes > perProgram)
      throw Error(where + ": a buffer of " + std::to_string(bufferBytes) + " bytes for " +
                  std::to_string(numWarps) + " warps does not fit " + std::to_string(perProgram) +
                  " bytes");
    profile.bufferBytes = bufferBytes;
    std::size_t segmentWords = bufferBytes / 4 / static_cast<std::size_t>(numWarps);
    for (int warp = 0; warp < numWarps; ++warp) {
      std::uint32_t index = wordAt(base, kProfileHeaderWords + static_cast<std::size_t>(warp));
      std::uint64_t written = index / 2;
      std::uint64_t capacity = segmentWords / 2;
      std::uint64_t kept = std::min(written, capacity);
      program.recordsWritten.push_back(written);
      program.recordsDropped.push_back(written - kept);
      // Oldest first: after a wrap the oldest record sits where the next one would go.
      std::size_t first = written > capacity ? (index % segmentWords) / 2 : 0;
      std::size_t segment = headerBytes / 4 + static_cast<std::size_t>(warp) * segmentWords;
      std::vector<Record> records;
      for (std::uint64_t i = 0; i < kept; ++i) {
        std::size_t slot = (first + i) % capacity;
        std::uint32_t tag = wordAt(base, segment + 2 * slot);
        records.push_back({(tag >> 31) != 0, static_cast<int>((tag >> 23) & 0xff),
                           wordAt(base, segment + 2 * slot + 1)});
      }
      std::vector<Record> open;
      bool lostStart = written > kept;
      for (const Record &record : records) {
        if (!record.isEnd) {
          open.push_back(record);
          continue;
        }
        auto match = std::find_if(open.rbegin(), open.rend(), [&](const Record &start) {
          return start.scopeId == record.scopeId;
        });
        if (match == open.rend()) {
          if (!lostStart)
            profile.warnings.push_back(where + ", warp " + std::to_string(warp) + ": scope " +
                                       std::to_string(record.scopeId) + " ends without a start");
          continue;
        }
        ScopeEvent event;
        event.program = program.programId;
        event.warp = warp;
        event.scopeId = record.scopeId;
        event.startClock = match->clock;
        event.endClock = record.clock;
        event.cycles = static_cast<std::uint32_t>(record.clock - match->clock);
        event.depth = static_cast<int>(std::distance(match, open.rend())) - 1;
        profile.events.push_back(event);
        open.erase(std::next(match).base());
      }
      for (const Record &start : open)
        profile.warnings.push_back(where + ", warp " + std::to_string(warp) + ": scope " +
                                   std::to_string(start.scopeId) + " starts but never ends");
      if (written > kept)
        profile.warnings.push_back(where + ", warp " + std::to_string(warp) + ": the first " +
                                   std::to_string(written - kept) +
                                   " records were overwritten (the buffer holds " +
                                   std::to_string(capacity) + " per warp)");
    }
    profile.programs.push_back(std::move(program));
  }
  return profile;
}

std::vector<ScopeSummary> summarizeProfile(const DecodedProfile &profile,
                                           const std::vector<std::string> &names) {
  std::map<int, std::vector<std::uint64_t>> cycles;
  for (std::size_t id = 0; id < names.size(); ++id)
    cycles[static_cast<int>(id)];
  // The profiled span of each warp: first record to last, over its outermost scopes.
  std::map<std::pair<std::uint32_t, int>, std::pair<std::uint32_t, std::uint32_t>> spans;
  for (const ScopeEvent &event : profile.events) {
    cycles[event.scopeId].push_back(event.cycles);
    auto key = std::make_pair(event.program, event.warp);
    auto it = spans.find(key);
    if (it == spans.end()) {
      spans[key] = {event.startClock, event.endClock};
      continue;
    }
    // Clocks compared relative to the span's start, so a wrapped counter still orders.
    std::uint32_t start = it->second.first;
    if (static_cast<std::int32_t>(event.startClock - start) < 0)
      it->second.first = event.startClock;
    if (static_cast<std::int32_t>(event.endClock - it->second.second) > 0)
      it->second.second = event.endClock;
  }
  std::uint64_t total = 0;
  for (const auto &[key, span] : spans)
    total += static_cast<std::uint32_t>(span.second - span.first);
  std::vector<ScopeSummary> summary;
  for (auto &[id, values] : cycles) {
    ScopeSummary scope;
    scope.scopeId = id;
    scope.name = scopeName(names, id);
    scope.count = values.size();
    if (!values.empty()) {
      std::sort(values.begin(), values.end());
      scope.minCycles = values.front();
      scope.maxCycles = values.back();
      scope.medianCycles = values[(values.size() - 1) / 2];
      std::uint64_t sum = 0;
      for (std::uint64_t value : values)
        sum += value;
      scope.share = total ? static_cast<double>(sum) / static_cast<double>(total) : 0.0;
    }
    summary.push_back(scope);
  }
  return summary;
}

std::string renderProfileText(const std::vector<ScopeSummary> &summary,
                              const DecodedProfile &profile) {
  std::ostringstream out;
  out << "profile: " << profile.programs.size() << " programs x " << profile.numWarps
      << " warps, cycles per scope and warp\n";
  std::size_t width = 5;
  for (const ScopeSummary &scope : summary)
    width = std::max(width, scope.name.size());
  out << "  " << std::left << std::setw(static_cast<int>(width)) << "scope" << std::right
      << std::setw(10) << "count" << std::setw(12) << "min" << std::setw(12) << "median"
      << std::setw(12) << "max" << std::setw(9) << "share"
      << "\n";
  for (const ScopeSummary &scope : summary)
    out << "  " << std::left << std::setw(static_cast<int>(width)) << scope.name << std::right
        << std::setw(10) << scope.count << std::setw(12) << scope.minCycles << std::setw(12)
        << scope.medianCycles << std::setw(12) << scope.maxCycles << std::setw(8) << std::fixed
        << std::setprecision(1) << scope.share * 100 << "%\n";
  std::size_t shown = 0;
  for (const std::string &warning : profile.warnings) {
    if (++shown > 5) {
      out << "  warning: ... " << profile.warnings.size() - 5 << " more\n";
      break;
    }
    out << "  warning: " << warning << "\n";
  }
  return out.str();
}

namespace {

nlohmann::json profileJSON(const std::vector<ScopeSummary> &summary,
                           const DecodedProfile &profile) {
  nlohmann::json scopes = nlohmann::json::array();
  for (const ScopeSummary &scope : summary)
    scopes.push_back({{"id", scope.scopeId},
                      {"name", scope.name},
                      {"count", scope.count},
                      {"min_cycles", scope.minCycles},
                      {"median_cycles", scope.medianCycles},
                      {"max_cycles", scope.maxCycles},
                      {"share", scope.share}});
  std::uint64_t dropped = 0;
  for (const ProgramProfile &program : profile.programs)
    for (std::uint64_t count : program.recordsDropped)
      dropped += count;
  return {{"scopes", scopes},
          {"programs", profile.programs.size()},
          {"num_warps", profile.numWarps},
          {"buffer_bytes", profile.bufferBytes},
          {"records_dropped", dropped},
          {"warnings", profile.warnings}};
}

} // namespace

std::vector<TimelineBar> programTimeline(const DecodedProfile &profile,
                                         const std::vector<std::string> &names,
                                         std::uint32_t program) {
  bool any = false;
  std::uint32_t origin = 0;
  for (const ScopeEvent &event : profile.events)
    if (event.program == program &&
        (!any || static_cast<std::int32_t>(event.startClock - origin) < 0)) {
      origin = event.startClock;
      any = true;
    }
  std::vector<TimelineBar> bars;
  for (const ScopeEvent &event : profile.events)
    if (event.program == program)
      bars.push_back({event.warp, event.scopeId, scopeName(names, event.scopeId),
                      static_cast<std::uint32_t>(event.startClock - origin), event.cycles,
                      event.depth});
  return bars;
}

std::string renderProfileJSON(const std::vector<ScopeSummary> &summary,
                              const DecodedProfile &profile, const std::vector<std::string> &names,
                              const std::vector<std::uint32_t> &timelinePrograms) {
  nlohmann::json object = profileJSON(summary, profile);
  if (!timelinePrograms.empty()) {
    nlohmann::json timeline = nlohmann::json::object();
    for (std::uint32_t program : timelinePrograms) {
      nlohmann::json bars = nlohmann::json::array();
      for (const TimelineBar &bar : programTimeline(profile, names, program))
        bars.push_back({{"warp", bar.warp},
                        {"scope", bar.name},
                        {"start", bar.start},
                        {"cycles", bar.cycles},
                        {"depth", bar.depth}});
      timeline[std::to_string(program)] = bars;
    }
    object["timeline"] = timeline;
  }
  return object.dump(1);
}

std::string renderChromeTrace(const DecodedProfile &profile, const std::vector<std::string> &names,
                              const std::vector<std::uint32_t> &programs) {
  std::vector<std::uint32_t> shown = programs;
  if (shown.empty())
    for (const ProgramProfile &program : profile.programs)
      shown.push_back(program.programId);
  nlohmann::json events = nlohmann::json::array();
  for (std::uint32_t program : shown) {
    std::vector<TimelineBar> bars = programTimeline(profile, names, program);
    if (bars.empty())
      continue;
    events.push_back({{"name", "process_name"},
                      {"ph", "M"},
                      {"pid", program},
                      {"args", {{"name", "program " + std::to_string(program)}}}});
    for (int warp = 0; warp < profile.numWarps; ++warp)
      events.push_back({{"name", "thread_name"},
                        {"ph", "M"},
                        {"pid", program},
                        {"tid", warp},
                        {"args", {{"name", "warp " + std::to_string(warp)}}}});
    for (const TimelineBar &bar : bars)
      events.push_back({{"name", bar.name},
                        {"cat", "scope"},
                        {"ph", "X"},
                        {"pid", program},
                        {"tid", bar.warp},
                        {"ts", bar.start},
                        {"dur", bar.cycles},
                        {"args", {{"cycles", bar.cycles}}}});
  }
  return nlohmann::json({{"traceEvents", events}, {"displayTimeUnit", "ns"}}).dump(1);
}

} // namespace trex::runtime
