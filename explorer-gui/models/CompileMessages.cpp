// CompileMessages: each struct lists its fields once (`fields`), and that list drives both the
// writer and the reader, so the two cannot disagree on order. Numbers are 64-bit little-endian,
// strings and lists carry their length first, optionals a presence byte.
#include "CompileMessages.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <type_traits>

namespace trex::explorer {

namespace {

// "TXC" and the format's version: a worker of another build answers with frames the explorer
// refuses instead of misreading.
constexpr char kMagic[4] = {'T', 'X', 'C', '3'};
// Far above any compile's output (the matmul sample's snapshot with every pass is ~20 MB); a
// larger length means the stream is not a frame.
constexpr uint64_t kMaxPayloadSize = uint64_t(4) << 30;

// The last value of each enum, for the reader's range check.
constexpr int lastValue(Pipeline) { return static_cast<int>(Pipeline::Backend); }
constexpr int lastValue(PassSnapshot::IRKind) {
  return static_cast<int>(PassSnapshot::IRKind::None);
}
constexpr int lastValue(CompileDiagnostic::Severity) {
  return static_cast<int>(CompileDiagnostic::Severity::Remark);
}
constexpr int lastValue(Target::Backend) { return static_cast<int>(Target::Backend::HIP); }

// Every field, in the order of the struct. `Record` is const for the writer.
template <class Archive, class Record>
std::enable_if_t<std::is_same_v<std::decay_t<Record>, ResumeRequest>> fields(Archive &archive,
                                                                             Record &request) {
  archive(request.pipeline, request.firstStep, request.exact, request.bufferName);
}

template <class Archive, class Record>
std::enable_if_t<std::is_same_v<std::decay_t<Record>, CompileRequest>> fields(Archive &archive,
                                                                              Record &request) {
  archive(request.fileName, request.text, request.target, request.numWarps, request.numStages,
          request.kernelName, request.signature, request.capturePasses, request.profileScopes,
          request.resume);
}

template <class Archive, class Record>
std::enable_if_t<std::is_same_v<std::decay_t<Record>, StageText>> fields(Archive &archive,
                                                                         Record &stage) {
  archive(stage.name, stage.text, stage.origin);
}

// All but `ir`, which the pass list carries itself (write and read of std::vector<PassRecord>).
template <class Archive, class Record>
std::enable_if_t<std::is_same_v<std::decay_t<Record>, PassRecord>> fields(Archive &archive,
                                                                          Record &pass) {
  archive(pass.kind, pass.name, pass.argument, pass.anchor, pass.milliseconds, pass.changed,
          pass.pipeline, pass.step, pass.nested, pass.edited, pass.compiledIR);
}

template <class Archive, class Record>
std::enable_if_t<std::is_same_v<std::decay_t<Record>, CompileDiagnostic>> fields(Archive &archive,
                                                                                 Record &record) {
  archive(record.severity, record.location, record.message, record.rendered, record.passRemark);
}

template <class Archive, class Record>
std::enable_if_t<std::is_same_v<std::decay_t<Record>, Target>> fields(Archive &archive,
                                                                      Record &target) {
  archive(target.backend, target.computeCapability, target.arch, target.warpSize);
}

template <class Archive, class Record>
std::enable_if_t<std::is_same_v<std::decay_t<Record>, ScratchAllocation>> fields(Archive &archive,
                                                                                 Record &buffer) {
  archive(buffer.offset, buffer.size, buffer.align, buffer.what, buffer.source);
}

template <class Archive, class Record>
std::enable_if_t<std::is_same_v<std::decay_t<Record>, TensorDescriptorMetadata>>
fields(Archive &archive, Record &descriptor) {
  archive(descriptor.swizzle, descriptor.elementSize, descriptor.elementType, descriptor.blockSize,
          descriptor.fp4Padded);
}

template <class Archive, class Record>
std::enable_if_t<std::is_same_v<std::decay_t<Record>, KernelMetadata>> fields(Archive &archive,
                                                                              Record &metadata) {
  archive(metadata.name, metadata.target, metadata.numWarps, metadata.numCTAs, metadata.numStages,
          metadata.shared, metadata.globalScratchSize, metadata.globalScratchAlign,
          metadata.profileScratchSize, metadata.profileScratchAlign, metadata.profileScopes,
          metadata.globalScratch, metadata.tensorDescriptors, metadata.registers, metadata.spills);
}

template <class Archive, class Record>
std::enable_if_t<std::is_same_v<std::decay_t<Record>, AutotuneConfig>> fields(Archive &archive,
                                                                              Record &config) {
  archive(config.index, config.metaParameters, config.numWarps, config.numStages, config.numCTAs,
          config.maxRegisters);
}

template <class Archive, class Record>
std::enable_if_t<std::is_same_v<std::decay_t<Record>, CompileSnapshot>> fields(Archive &archive,
                                                                               Record &snapshot) {
  archive(snapshot.succeeded, snapshot.kernelName, snapshot.stages, snapshot.passes,
          snapshot.diagnostics, snapshot.metadata, snapshot.assemblerLog, snapshot.metadataJson,
          snapshot.proposedSignature, snapshot.milliseconds, snapshot.resumedFrom,
          snapshot.autotuneConfigs);
}

// Where a Writer's bytes go: `put(data, size)`.
struct StringSink {
  std::string bytes;
  void put(const char *data, size_t size) { bytes.append(data, size); }
};

struct CountingSink {
  uint64_t size = 0;
  void put(const char *, size_t count) { size += count; }
};

// Small pieces are gathered; a large text goes to `write` from where it lies, uncopied.
class StreamSink {
public:
  explicit StreamSink(const std::function<bool(const char *, size_t)> &write) : write(write) {}
  void put(const char *data, size_t size) {
    if (buffer.size() + size <= kBufferSize) {
      buffer.insert(buffer.end(), data, data + size);
      return;
    }
    flush();
    if (size < kBufferSize)
      buffer.insert(buffer.end(), data, data + size);
    else if (ok)
      ok = write(data, size);
  }
  bool flush() {
    if (ok && !buffer.empty())
      ok = write(buffer.data(), buffer.size());
    buffer.clear();
    return ok;
  }

private:
  static constexpr size_t kBufferSize = 1 << 20;
  const std::function<bool(const char *, size_t)> &write;
  std::vector<char> buffer;
  bool ok = true;
};

template <class Sink> class Writer {
public:
  explicit Writer(Sink &sink) : sink(sink) {}
  template <class... Values> void operator()(const Values &...values) { (write(values), ...); }

private:
  void number(uint64_t value) {
    char little[8];
    for (int i = 0; i < 8; ++i)
      little[i] = static_cast<char>((value >> (8 * i)) & 0xff);
    sink.put(little, 8);
  }
  void write(bool value) {
    char byte = value ? 1 : 0;
    sink.put(&byte, 1);
  }
  void write(int value) { number(static_cast<uint64_t>(static_cast<int64_t>(value))); }
  void write(int64_t value) { number(static_cast<uint64_t>(value)); }
  void write(double value) {
    uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    number(bits);
  }
  void write(const std::string &text) {
    number(text.size());
    sink.put(text.data(), text.size());
  }
  template <class Enum, std::enable_if_t<std::is_enum_v<Enum>, int> = 0> void write(Enum value) {
    write(static_cast<int>(value));
  }
  template <class T> void write(const std::vector<T> &values) {
    number(values.size());
    for (const T &value : values)
      write(value);
  }
  // Most passes change nothing, so their IR is the previous pass's: it travels as a flag then
  // (two thirds of the 350 MB of the matmul sample's passes).
  void write(const std::vector<PassRecord> &passes) {
    number(passes.size());
    const std::string *previous = nullptr;
    for (const PassRecord &pass : passes) {
      fields(*this, pass);
      bool repeated = previous && *previous == pass.ir;
      write(repeated);
      if (!repeated)
        write(pass.ir);
      previous = &pass.ir;
    }
  }
  template <class T> void write(const std::optional<T> &value) {
    write(value.has_value());
    if (value)
      write(*value);
  }
  template <class A, class B> void write(const std::pair<A, B> &value) {
    write(value.first);
    write(value.second);
  }
  template <class Record, std::enable_if_t<std::is_class_v<Record>, int> = 0>
  void write(const Record &record) {
    fields(*this, record);
  }

  Sink &sink;
};

class Reader {
public:
  explicit Reader(std::string_view bytes) : bytes(bytes) {}
  template <class... Values> void operator()(Values &...values) { (read(values), ...); }
  // Whether everything read was well formed and nothing is left over.
  bool finish(std::string *problem) {
    if (ok && position != bytes.size())
      fail("bytes after the message");
    if (!ok && problem)
      *problem =
          why + " at byte " + std::to_string(position) + " of " + std::to_string(bytes.size());
    return ok;
  }

private:
  void fail(const char *reason) {
    if (ok)
      why = reason;
    ok = false;
  }
  bool available(uint64_t size) {
    if (!ok || size > bytes.size() - position) {
      fail("the message is truncated");
      return false;
    }
    return true;
  }
  uint64_t number() {
    if (!available(8))
      return 0;
    uint64_t value = 0;
    for (int i = 0; i < 8; ++i)
      value |= uint64_t(static_cast<unsigned char>(bytes[position + i])) << (8 * i);
    position += 8;
    return value;
  }
  void read(bool &value) {
    if (!available(1))
      return;
    unsigned char byte = static_cast<unsigned char>(bytes[position++]);
    if (byte > 1)
      fail("a flag is neither 0 nor 1");
    value = byte == 1;
  }
  void read(int &value) {
    int64_t wide = static_cast<int64_t>(number());
    if (wide < INT32_MIN || wide > INT32_MAX)
      fail("an int is out of range");
    value = static_cast<int>(wide);
  }
  void read(int64_t &value) { value = static_cast<int64_t>(number()); }
  void read(double &value) {
    uint64_t bits = number();
    std::memcpy(&value, &bits, sizeof bits);
  }
  void read(std::string &text) {
    uint64_t size = number();
    if (!available(size))
      return;
    text.assign(bytes.data() + position, size);
    position += size;
  }
  template <class Enum, std::enable_if_t<std::is_enum_v<Enum>, int> = 0> void read(Enum &value) {
    int raw = 0;
    read(raw);
    if (raw < 0 || raw > lastValue(value))
      fail("an enum value is out of range");
    value = static_cast<Enum>(raw);
  }
  template <class T> void read(std::vector<T> &values) {
    uint64_t count = number();
    // Each element takes at least one byte: a larger count is damage, not a request to
    // allocate.
    if (!available(count))
      return;
    values.clear();
    values.reserve(count);
    for (uint64_t i = 0; i < count && ok; ++i)
      read(values.emplace_back());
  }
  void read(std::vector<PassRecord> &passes) {
    uint64_t count = number();
    if (!available(count))
      return;
    passes.clear();
    passes.reserve(count);
    for (uint64_t i = 0; i < count && ok; ++i) {
      PassRecord &pass = passes.emplace_back();
      fields(*this, pass);
      bool repeated = false;
      read(repeated);
      if (!repeated)
        read(pass.ir);
      else if (i == 0)
        fail("the first pass's IR is marked as the one before it");
      else
        pass.ir = passes[i - 1].ir;
    }
  }
  template <class T> void read(std::optional<T> &value) {
    bool present = false;
    read(present);
    if (!present || !ok) {
      value = std::nullopt;
      return;
    }
    T contents;
    read(contents);
    value = std::move(contents);
  }
  template <class A, class B> void read(std::pair<A, B> &value) {
    read(value.first);
    read(value.second);
  }
  template <class Record, std::enable_if_t<std::is_class_v<Record>, int> = 0>
  void read(Record &record) {
    fields(*this, record);
  }

  std::string_view bytes;
  size_t position = 0;
  bool ok = true;
  std::string why;
};

template <class Record> std::string encode(const Record &record) {
  StringSink sink;
  Writer<StringSink> writer(sink);
  fields(writer, record);
  return std::move(sink.bytes);
}

template <class Record>
std::optional<Record> decode(std::string_view payload, std::string *problem) {
  Record record;
  Reader reader(payload);
  fields(reader, record);
  if (!reader.finish(problem))
    return std::nullopt;
  return record;
}

} // namespace

std::string encodeRequest(const CompileRequest &request) { return encode(request); }
std::string encodeSnapshot(const CompileSnapshot &snapshot) { return encode(snapshot); }

std::optional<CompileRequest> decodeRequest(std::string_view payload, std::string *problem) {
  return decode<CompileRequest>(payload, problem);
}

std::optional<CompileSnapshot> decodeSnapshot(std::string_view payload, std::string *problem) {
  return decode<CompileSnapshot>(payload, problem);
}

namespace {

std::string frameHeader(uint64_t payloadSize) {
  std::string bytes(kMagic, sizeof kMagic);
  for (int i = 0; i < 8; ++i)
    bytes.push_back(static_cast<char>((payloadSize >> (8 * i)) & 0xff));
  return bytes;
}

} // namespace

std::string frame(const std::string &payload) { return frameHeader(payload.size()) + payload; }

bool writeSnapshotFrame(const CompileSnapshot &snapshot,
                        const std::function<bool(const char *, size_t)> &write) {
  // The header needs the payload's size: one pass counts it, the second writes.
  CountingSink counter;
  Writer<CountingSink> counting(counter);
  fields(counting, snapshot);
  StreamSink stream(write);
  std::string header = frameHeader(counter.size);
  stream.put(header.data(), header.size());
  Writer<StreamSink> writer(stream);
  fields(writer, snapshot);
  return stream.flush();
}

FrameScan scanFrame(std::string_view received) {
  FrameScan scan;
  size_t compared = std::min(received.size(), sizeof kMagic);
  if (std::memcmp(received.data(), kMagic, compared) != 0) {
    scan.state = FrameScan::State::Invalid;
    return scan;
  }
  if (received.size() < kFrameHeaderSize)
    return scan;
  uint64_t size = 0;
  for (int i = 0; i < 8; ++i)
    size |= uint64_t(static_cast<unsigned char>(received[sizeof kMagic + i])) << (8 * i);
  if (size > kMaxPayloadSize) {
    scan.state = FrameScan::State::Invalid;
    return scan;
  }
  scan.payloadOffset = kFrameHeaderSize;
  scan.payloadSize = size;
  if (received.size() - kFrameHeaderSize >= size)
    scan.state = FrameScan::State::Complete;
  return scan;
}

} // namespace trex::explorer
