// The frames between the explorer and its compile worker: a request and a snapshot with every
// field set away from its default come back equal, field by field; damaged payloads and streams
// are refused, not misread.
#include "CompileMessages.h"

#include <QtTest>

using namespace trex::explorer;

namespace {

ResumeRequest someResume() {
  ResumeRequest resume;
  resume.pipeline = Pipeline::TTGIR;
  resume.firstStep = 7;
  resume.exact = false;
  resume.bufferName = "edited.ttgir";
  return resume;
}

CompileRequest someRequest() {
  CompileRequest request;
  request.fileName = "/kernels/kernel.py";
  // Bytes a text format could trip on: NUL, a non-ASCII character, newlines, a quote.
  request.text = std::string("def k(x):\n  \"é\"\0tail\n", 23);
  request.target = "hip:gfx942";
  request.numWarps = 8;
  request.numStages = 5;
  request.kernelName = "k";
  request.signature = "*fp16:16, i32, 128";
  request.capturePasses = false;
  request.profileScopes = true;
  request.resume = someResume();
  return request;
}

CompileSnapshot someSnapshot() {
  CompileSnapshot snapshot;
  snapshot.succeeded = true;
  snapshot.kernelName = "matmul_kernel";
  snapshot.stages = {{"ttir", "module {}\n", "trex"}, {"ptx", std::string(100000, 'p'), "triton"}};
  PassRecord pass;
  pass.kind = PassRecord::IRKind::LLVM;
  pass.name = "InstCombinePass";
  pass.argument = "instcombine";
  pass.anchor = "llvm.module";
  pass.milliseconds = 1.25;
  pass.changed = true;
  pass.ir = "define void @k() {\n  ret void\n}\n";
  pass.pipeline = Pipeline::LLVMOptimizer;
  pass.step = 42;
  pass.nested = true;
  pass.edited = true;
  pass.compiledIR = "; compiled\n";
  // A pass that changed nothing carries the IR of the one before: sent once, received twice.
  PassRecord unchanged = pass;
  unchanged.name = "CSE";
  unchanged.changed = false;
  snapshot.passes = {pass, unchanged, PassRecord()};
  snapshot.diagnostics = {
      {CompileDiagnostic::Severity::Warning, "kernel.py:9:28", "careful",
       "kernel.py:9:28: warning: careful"},
      {CompileDiagnostic::Severity::Remark, "", "noted", "remark: noted", true}};
  KernelMetadata facts;
  facts.name = "matmul_kernel";
  facts.target.backend = trex::Target::Backend::HIP;
  facts.target.computeCapability = 80;
  facts.target.arch = "gfx942";
  facts.target.warpSize = 64;
  facts.numWarps = 8;
  facts.numCTAs = 2;
  facts.numStages = 4;
  facts.shared = 98304;
  facts.globalScratchSize = int64_t(1) << 40;
  facts.globalScratchAlign = 128;
  facts.profileScratchSize = 256;
  facts.profileScratchAlign = 8;
  facts.profileScopes = {"loop", "epilogue"};
  facts.globalScratch = {{0, 256, 16, "reduce", "kernel.py:12"}, {256, 256, 8, "scan", ""}};
  facts.tensorDescriptors = {{2, 2, 6, {64, 32}, true}};
  facts.registers = 168;
  facts.spills = 3;
  snapshot.metadata = facts;
  snapshot.assemblerLog = "ptxas info: 0 bytes spill";
  snapshot.metadataJson = R"({"name": "matmul_kernel", "shared": 98304})";
  snapshot.proposedSignature = "*fp16:16, *fp16:16, i32";
  snapshot.milliseconds = -3.5e-7;
  snapshot.resumedFrom = someResume();
  AutotuneConfig config;
  config.index = 3;
  config.numWarps = 8;
  config.numStages = 4;
  config.numCTAs = 2;
  config.maxRegisters = 128;
  config.metaParameters = {{"BLOCK", "128"}, {"EVEN", "True"}};
  snapshot.autotuneConfigs = {config, AutotuneConfig()};
  return snapshot;
}

void compareResume(const std::optional<ResumeRequest> &got,
                   const std::optional<ResumeRequest> &expected) {
  QCOMPARE(got.has_value(), expected.has_value());
  if (!got)
    return;
  QCOMPARE(got->pipeline, expected->pipeline);
  QCOMPARE(got->firstStep, expected->firstStep);
  QCOMPARE(got->exact, expected->exact);
  QCOMPARE(got->bufferName, expected->bufferName);
}

} // namespace

class CompileMessagesTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void requestRoundTrips() {
    const CompileRequest request = someRequest();
    std::string problem;
    std::optional<CompileRequest> back = decodeRequest(encodeRequest(request), &problem);
    QVERIFY2(back, problem.c_str());
    QCOMPARE(back->fileName, request.fileName);
    QCOMPARE(back->text, request.text);
    QCOMPARE(back->target, request.target);
    QCOMPARE(back->numWarps, request.numWarps);
    QCOMPARE(back->numStages, request.numStages);
    QCOMPARE(back->kernelName, request.kernelName);
    QCOMPARE(back->signature, request.signature);
    QCOMPARE(back->capturePasses, request.capturePasses);
    QCOMPARE(back->profileScopes, request.profileScopes);
    compareResume(back->resume, request.resume);
    // And without the optional part.
    CompileRequest plain;
    std::optional<CompileRequest> plainBack = decodeRequest(encodeRequest(plain));
    QVERIFY(plainBack);
    QVERIFY(!plainBack->resume);
    QCOMPARE(plainBack->capturePasses, true);
  }

  void snapshotRoundTrips() {
    const CompileSnapshot snapshot = someSnapshot();
    std::string problem;
    std::optional<CompileSnapshot> back = decodeSnapshot(encodeSnapshot(snapshot), &problem);
    QVERIFY2(back, problem.c_str());
    QCOMPARE(back->succeeded, snapshot.succeeded);
    QCOMPARE(back->kernelName, snapshot.kernelName);
    QCOMPARE(back->stages.size(), snapshot.stages.size());
    for (size_t i = 0; i < snapshot.stages.size(); ++i) {
      QCOMPARE(back->stages[i].name, snapshot.stages[i].name);
      QCOMPARE(back->stages[i].text, snapshot.stages[i].text);
      QCOMPARE(back->stages[i].origin, snapshot.stages[i].origin);
    }
    QCOMPARE(back->passes.size(), snapshot.passes.size());
    for (size_t i = 0; i < snapshot.passes.size(); ++i) {
      const PassRecord &got = back->passes[i];
      const PassRecord &expected = snapshot.passes[i];
      QCOMPARE(got.kind, expected.kind);
      QCOMPARE(got.name, expected.name);
      QCOMPARE(got.argument, expected.argument);
      QCOMPARE(got.anchor, expected.anchor);
      QCOMPARE(got.milliseconds, expected.milliseconds);
      QCOMPARE(got.changed, expected.changed);
      QCOMPARE(got.ir, expected.ir);
      QCOMPARE(got.pipeline, expected.pipeline);
      QCOMPARE(got.step, expected.step);
      QCOMPARE(got.nested, expected.nested);
      QCOMPARE(got.edited, expected.edited);
      QCOMPARE(got.compiledIR, expected.compiledIR);
    }
    QCOMPARE(back->diagnostics.size(), snapshot.diagnostics.size());
    for (size_t i = 0; i < snapshot.diagnostics.size(); ++i) {
      QCOMPARE(back->diagnostics[i].severity, snapshot.diagnostics[i].severity);
      QCOMPARE(back->diagnostics[i].location, snapshot.diagnostics[i].location);
      QCOMPARE(back->diagnostics[i].message, snapshot.diagnostics[i].message);
      QCOMPARE(back->diagnostics[i].rendered, snapshot.diagnostics[i].rendered);
      QCOMPARE(back->diagnostics[i].passRemark, snapshot.diagnostics[i].passRemark);
    }
    QVERIFY(back->metadata);
    const KernelMetadata &facts = *back->metadata;
    const KernelMetadata &expected = *snapshot.metadata;
    QCOMPARE(facts.name, expected.name);
    QCOMPARE(facts.target.backend, expected.target.backend);
    QCOMPARE(facts.target.computeCapability, expected.target.computeCapability);
    QCOMPARE(facts.target.arch, expected.target.arch);
    QCOMPARE(facts.target.warpSize, expected.target.warpSize);
    QCOMPARE(facts.numWarps, expected.numWarps);
    QCOMPARE(facts.numCTAs, expected.numCTAs);
    QCOMPARE(facts.numStages, expected.numStages);
    QCOMPARE(facts.shared, expected.shared);
    QCOMPARE(facts.globalScratchSize, expected.globalScratchSize);
    QCOMPARE(facts.globalScratchAlign, expected.globalScratchAlign);
    QCOMPARE(facts.profileScratchSize, expected.profileScratchSize);
    QCOMPARE(facts.profileScratchAlign, expected.profileScratchAlign);
    QCOMPARE(facts.profileScopes, expected.profileScopes);
    QCOMPARE(facts.globalScratch.size(), expected.globalScratch.size());
    for (size_t i = 0; i < expected.globalScratch.size(); ++i) {
      QCOMPARE(facts.globalScratch[i].offset, expected.globalScratch[i].offset);
      QCOMPARE(facts.globalScratch[i].size, expected.globalScratch[i].size);
      QCOMPARE(facts.globalScratch[i].align, expected.globalScratch[i].align);
      QCOMPARE(facts.globalScratch[i].what, expected.globalScratch[i].what);
      QCOMPARE(facts.globalScratch[i].source, expected.globalScratch[i].source);
    }
    QCOMPARE(facts.tensorDescriptors.size(), expected.tensorDescriptors.size());
    for (size_t i = 0; i < expected.tensorDescriptors.size(); ++i) {
      QCOMPARE(facts.tensorDescriptors[i].swizzle, expected.tensorDescriptors[i].swizzle);
      QCOMPARE(facts.tensorDescriptors[i].elementSize, expected.tensorDescriptors[i].elementSize);
      QCOMPARE(facts.tensorDescriptors[i].elementType, expected.tensorDescriptors[i].elementType);
      QCOMPARE(facts.tensorDescriptors[i].blockSize, expected.tensorDescriptors[i].blockSize);
      QCOMPARE(facts.tensorDescriptors[i].fp4Padded, expected.tensorDescriptors[i].fp4Padded);
    }
    QCOMPARE(facts.registers, expected.registers);
    QCOMPARE(facts.spills, expected.spills);
    QCOMPARE(back->assemblerLog, snapshot.assemblerLog);
    QCOMPARE(back->metadataJson, snapshot.metadataJson);
    QCOMPARE(back->proposedSignature, snapshot.proposedSignature);
    QCOMPARE(back->milliseconds, snapshot.milliseconds);
    compareResume(back->resumedFrom, snapshot.resumedFrom);
    QCOMPARE(back->autotuneConfigs.size(), snapshot.autotuneConfigs.size());
    for (size_t i = 0; i < snapshot.autotuneConfigs.size(); ++i) {
      const AutotuneConfig &got = back->autotuneConfigs[i];
      const AutotuneConfig &config = snapshot.autotuneConfigs[i];
      QCOMPARE(got.index, config.index);
      QCOMPARE(got.numWarps, config.numWarps);
      QCOMPARE(got.numStages, config.numStages);
      QCOMPARE(got.numCTAs, config.numCTAs);
      QCOMPARE(got.maxRegisters, config.maxRegisters);
      QCOMPARE(got.metaParameters, config.metaParameters);
      QCOMPARE(got.describe(), config.describe());
    }
    // The defaults too (no metadata, no resume point).
    std::optional<CompileSnapshot> empty = decodeSnapshot(encodeSnapshot(CompileSnapshot()));
    QVERIFY(empty);
    QVERIFY(!empty->metadata);
    QVERIFY(!empty->resumedFrom);
    QVERIFY(!empty->succeeded);
  }

  // The worker streams the frame; it is the frame of the encoded snapshot, byte for byte, and a
  // pass's IR that repeats the previous one's is not sent again.
  void streamedFrameEqualsTheEncodedOne() {
    CompileSnapshot snapshot = someSnapshot();
    snapshot.passes[0].ir = std::string(3 << 20, 'm'); // larger than the stream's buffer
    snapshot.passes[1].ir = snapshot.passes[0].ir;
    std::string streamed;
    int pieces = 0;
    QVERIFY(writeSnapshotFrame(snapshot, [&](const char *data, size_t size) {
      streamed.append(data, size);
      ++pieces;
      return true;
    }));
    QVERIFY(pieces > 1);
    const std::string payload = encodeSnapshot(snapshot);
    QVERIFY(streamed == frame(payload));
    QVERIFY(payload.size() < 2 * snapshot.passes[0].ir.size());
    std::optional<CompileSnapshot> back = decodeSnapshot(payload);
    QVERIFY(back);
    QVERIFY(back->passes[1].ir == snapshot.passes[0].ir);
    QCOMPARE(back->passes[1].name, std::string("CSE"));
    // A failed write ends the stream.
    int calls = 0;
    QVERIFY(!writeSnapshotFrame(snapshot, [&](const char *, size_t) {
      ++calls;
      return false;
    }));
    QCOMPARE(calls, 1);
  }

  void damagedPayloadsAreRefused() {
    const std::string payload = encodeSnapshot(someSnapshot());
    std::string problem;
    // Every truncation.
    for (size_t size : {size_t(0), size_t(1), size_t(8), payload.size() / 2, payload.size() - 1}) {
      problem.clear();
      QVERIFY(!decodeSnapshot(std::string_view(payload).substr(0, size), &problem));
      QVERIFY2(problem.find("truncated") != std::string::npos, problem.c_str());
    }
    // Bytes left over.
    QVERIFY(!decodeSnapshot(payload + "x", &problem));
    QVERIFY2(problem.find("after the message") != std::string::npos, problem.c_str());
    // A flag that is neither 0 nor 1 (`succeeded` is the first byte).
    std::string flag = payload;
    flag[0] = 2;
    QVERIFY(!decodeSnapshot(flag, &problem));
    // An enum out of range: the request's resume pipeline (after the presence byte of the
    // resume point, which comes last but for its own four fields).
    CompileRequest request = someRequest();
    request.resume->bufferName.clear();
    std::string bytes = encodeRequest(request);
    // pipeline (8), firstStep (8), exact (1), bufferName length (8) end the payload.
    bytes[bytes.size() - 25] = 9;
    QVERIFY(!decodeRequest(bytes, &problem));
    QVERIFY2(problem.find("enum") != std::string::npos, problem.c_str());
    // A length no payload could hold is refused without allocating it.
    std::string huge = encodeRequest(CompileRequest());
    huge.replace(0, 8, std::string("\xff\xff\xff\xff\xff\xff\xff\x7f", 8));
    QVERIFY(!decodeRequest(huge, &problem));
  }

  void framesAreFoundInAStream() {
    const std::string payload = encodeRequest(someRequest());
    const std::string bytes = frame(payload);
    QCOMPARE(bytes.size(), kFrameHeaderSize + payload.size());
    // Arriving piece by piece: incomplete until the last byte, then complete.
    for (size_t size : {size_t(0), size_t(3), kFrameHeaderSize, bytes.size() - 1})
      QCOMPARE(scanFrame(std::string_view(bytes).substr(0, size)).state,
               FrameScan::State::Incomplete);
    FrameScan header = scanFrame(std::string_view(bytes).substr(0, kFrameHeaderSize));
    QCOMPARE(header.payloadSize, payload.size());
    // With the start of the next frame behind it.
    std::string two = bytes + frame("");
    FrameScan scan = scanFrame(two);
    QCOMPARE(scan.state, FrameScan::State::Complete);
    QCOMPARE(scan.payloadOffset, kFrameHeaderSize);
    QCOMPARE(scan.payloadSize, payload.size());
    QVERIFY(decodeRequest(std::string_view(two).substr(scan.payloadOffset, scan.payloadSize)));
    FrameScan second =
        scanFrame(std::string_view(two).substr(scan.payloadOffset + scan.payloadSize));
    QCOMPARE(second.state, FrameScan::State::Complete);
    QCOMPARE(second.payloadSize, size_t(0));
    // Something that is not a frame: text on stdout, a wrong magic word, an absurd length.
    QCOMPARE(scanFrame("warning: something\n").state, FrameScan::State::Invalid);
    QCOMPARE(scanFrame("T").state, FrameScan::State::Incomplete);
    QCOMPARE(scanFrame("TXC0").state, FrameScan::State::Invalid);
    std::string absurd = bytes.substr(0, 4) + std::string("\xff\xff\xff\xff\xff\xff\xff\xff", 8);
    QCOMPARE(scanFrame(absurd).state, FrameScan::State::Invalid);
  }
};

QTEST_GUILESS_MAIN(CompileMessagesTest)
#include "CompileMessagesTest.moc"
