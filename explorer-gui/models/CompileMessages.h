// CompileMessages: what the explorer and its compile worker (a child process, so that a compiler
// crash cannot take the window down) say to each other: a CompileRequest one way, a
// CompileSnapshot back, each as one length-prefixed binary frame on a pipe. Plain C++; both
// sides are the same executable, so the format is versioned by its magic word, not negotiated.
#pragma once

#include "CompileSnapshot.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace trex::explorer {

// The payload of a frame (no header).
std::string encodeRequest(const CompileRequest &request);
std::string encodeSnapshot(const CompileSnapshot &snapshot);
// None (and `problem` says why) for a payload that is truncated, has bytes left over or holds a
// value out of range.
std::optional<CompileRequest> decodeRequest(std::string_view payload,
                                            std::string *problem = nullptr);
std::optional<CompileSnapshot> decodeSnapshot(std::string_view payload,
                                              std::string *problem = nullptr);

// A frame is kFrameHeaderSize bytes (the magic word, then the payload's length as a 64-bit
// little-endian number) followed by the payload.
constexpr size_t kFrameHeaderSize = 12;
std::string frame(const std::string &payload);
// The frame of encodeSnapshot(snapshot), handed to `write` piece by piece without building it
// whole (the matmul sample's snapshot is over 100 MB): the header first, small fields gathered,
// large texts from where they lie. False once `write` returned false.
bool writeSnapshotFrame(const CompileSnapshot &snapshot,
                        const std::function<bool(const char *, size_t)> &write);
// What the bytes received so far hold: a whole frame, the start of one, or something that is
// not a frame at all (a wrong magic word or an absurd length).
struct FrameScan {
  enum class State { Incomplete, Complete, Invalid };
  State state = State::Incomplete;
  // Once the header is whole (Complete, or Incomplete past kFrameHeaderSize bytes): the
  // payload's offset and size in the buffer; the frame ends at offset + size.
  size_t payloadOffset = 0;
  size_t payloadSize = 0;
};
FrameScan scanFrame(std::string_view received);

} // namespace trex::explorer
