// The explorer's table and list models on small fixtures, each watched by
// QAbstractItemModelTester (which fails the test on any model-contract violation).
#include "DiagnosticsModel.h"
#include "HiddenParametersModel.h"
#include "KernelSource.h"
#include "PassListComparison.h"
#include "PassTimelineModel.h"
#include "RunResultsModel.h"
#include "StageComparisonModel.h"
#include "StageModel.h"
#include "TritonCacheDirectory.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace trex::explorer;

namespace {

const char *kPtxEntry = R"(.visible .entry add_kernel(
	.param .u64 .ptr .global .align 1 add_kernel_param_0,
	.param .u64 .ptr .global .align 1 add_kernel_param_1,
	.param .u32 add_kernel_param_2,
	.param .u64 .ptr .global .align 1 add_kernel_param_3,
	.param .u64 .ptr .global .align 1 add_kernel_param_4
)
{
	ret;
}
)";

const char *kAmdgcnArgs = R"(amdhsa.kernels:
  - .agpr_count:     0
    .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .offset:         8
        .size:           4
        .value_kind:     by_value
      - .address_space:  global
        .offset:         16
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         24
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .name:           k
)";

PassRecord pass(const char *name, const char *argument, bool changed, const char *ir,
                PassRecord::IRKind kind = PassRecord::IRKind::MLIR) {
  PassRecord record;
  record.kind = kind;
  record.name = name;
  record.argument = argument;
  record.anchor = "builtin.module";
  record.milliseconds = 0.5;
  record.changed = changed;
  record.ir = ir;
  return record;
}

} // namespace

class ModelsTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void stageModelListsTrexThenTriton() {
    StageModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStages({{"ttir", "module {}\n", "trex"}, {"ttgir", "module {\n}\n", "trex"}});
    model.setStages({{"ttgir", "real\n", "triton"}}, QStringLiteral("triton"));
    QCOMPARE(model.keys(), QStringList({"ttir", "ttgir", "ttgir (triton)"}));
    QCOMPARE(model.text("ttgir (triton)"), QStringLiteral("real\n"));
    QCOMPARE(model.index(1).data(StageModel::LineCountRole).toInt(), 2);
    // A recompile replaces trex's stages and keeps Triton's.
    model.setStages({{"ttir", "x\n", "trex"}});
    QCOMPARE(model.keys(), QStringList({"ttir", "ttgir (triton)"}));
    QCOMPARE(model.rowOf("ptx"), -1);
  }

  void passTimelineDiffsAgainstThePreviousSnapshotOfTheSameKind() {
    PassTimelineModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setPasses({pass("Canonicalizer", "canonicalize", true, "a\nb\n"),
                     pass("CSE", "cse", false, "a\nb\n"),
                     pass("TritonCombineOps", "triton-combine", true, "a\nc\n"),
                     pass("InstCombinePass", "instcombine", true, "x\n", PassRecord::IRKind::LLVM),
                     pass("Translate", "", true, "", PassRecord::IRKind::None),
                     pass("GVNPass", "gvn", true, "y\n", PassRecord::IRKind::LLVM)});
    QCOMPARE(model.rowCount(), 6);
    QCOMPARE(model.index(2, PassTimelineModel::NameColumn).data().toString(),
             QStringLiteral("triton-combine"));
    QCOMPARE(model.index(2, PassTimelineModel::ClassColumn).data().toString(),
             QStringLiteral("TritonCombineOps"));
    // A step without an argument keeps its name.
    QCOMPARE(model.index(4, PassTimelineModel::NameColumn).data().toString(),
             QStringLiteral("Translate"));
    QCOMPARE(model.previousWithIR(2), 1);
    QCOMPARE(model.previousWithIR(0), -1);
    // The first LLVM pass has no LLVM IR before it; the next skips the back-end step.
    QCOMPARE(model.previousWithIR(3), -1);
    QCOMPARE(model.previousWithIR(5), 3);
    std::vector<DiffLine> diff = model.diff(2);
    QCOMPARE(diff.size(), size_t(3));
    QCOMPARE(diff[1].kind, DiffLine::Kind::Removed);
    QCOMPARE(diff[1].text, std::string("b"));
    QCOMPARE(diff[2].kind, DiffLine::Kind::Added);
    QCOMPARE(model.irAfter(0), QStringLiteral("a\nb\n"));
    QCOMPARE(model.totalMilliseconds(), 3.0);

    PassFilterModel filter;
    QAbstractItemModelTester filterTester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
    filter.setSourceModel(&model);
    QCOMPARE(filter.rowCount(), 6);
    filter.setHideUnchanged(true);
    QCOMPARE(filter.rowCount(), 5);
    filter.setSearchText(QStringLiteral("COMBINE"));
    QCOMPARE(filter.rowCount(), 2);
    filter.setHideUnchanged(false);
    filter.setSearchText(QStringLiteral("cse"));
    QCOMPARE(filter.rowCount(), 1);
    QCOMPARE(filter.mapToSource(filter.index(0, 0)).row(), 1);
  }

  void diagnosticsSplitTheirLocation() {
    ParsedLocation location = parseDiagnosticLocation(QStringLiteral("/a:b/kernel.py:9:28"));
    QCOMPARE(location.file, QStringLiteral("/a:b/kernel.py"));
    QCOMPARE(location.line, 9);
    QCOMPARE(location.column, 28);
    QCOMPARE(parseDiagnosticLocation(QStringLiteral("k.py:3")).line, 3);
    QCOMPARE(parseDiagnosticLocation(QString()).line, 0);

    DiagnosticsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setDiagnostics(
        {{CompileDiagnostic::Severity::Error, "/src/k.py:9:28", "unknown name 'x'", "r1"},
         {CompileDiagnostic::Severity::Warning, "other.py:2:1", "w", "r2"},
         {CompileDiagnostic::Severity::Note, "", "no location", "r3"}});
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.errorCount(), 1);
    QCOMPARE(model.index(0, DiagnosticsModel::SeverityColumn).data().toString(), QStringLiteral("error"));
    QCOMPARE(model.index(0, 0).data(DiagnosticsModel::LineRole).toInt(), 9);
    QMultiMap<int, CompileDiagnostic> inKernel = model.byLine(QStringLiteral("/elsewhere/k.py"));
    QCOMPARE(inKernel.size(), 1);
    QCOMPARE(QString::fromStdString(inKernel.value(9).message), QStringLiteral("unknown name 'x'"));
  }

  void hiddenParametersForPtx() {
    HiddenParametersModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    KernelMetadata facts;
    facts.globalScratchSize = 256;
    facts.globalScratchAlign = 16;
    facts.profileScratchSize = 0;
    facts.shared = 4096;
    // Described as "[0, 128) TMA descriptor (tl.make_tensor_descriptor)  at k.py:9:10".
    facts.globalScratch = {{0, 128, 64, "TMA descriptor (tl.make_tensor_descriptor)", "k.py:9:10"}};
    model.setKernel(QStringLiteral("*fp32:16, *fp32:16, i32, 1024"),
                    {"x_ptr", "out_ptr", "n", "BLOCK"}, facts, QString::fromLatin1(kPtxEntry), true);
    model.setGrid(4, 2, 1);
    QVERIFY(model.problem().isEmpty());
    const std::vector<HiddenParameterRow> &rows = model.parameters();
    // Three passed arguments (the constexpr is folded), two hidden pointers, shared memory.
    QCOMPARE(rows.size(), size_t(6));
    QCOMPARE(rows[0].name, QStringLiteral("x_ptr"));
    QCOMPARE(rows[2].name, QStringLiteral("n"));
    QCOMPARE(rows[2].parameterBytes, 4);
    QVERIFY(rows[2].machineParameter.contains(QLatin1String(".u32 add_kernel_param_2")));
    QCOMPARE(rows[2].machineLine, 4);
    QCOMPARE(rows[3].kind, HiddenParameterRow::Kind::GlobalScratch);
    QCOMPARE(rows[3].gridBytes, qint64(256 * 8));
    QCOMPARE(rows[3].perProgramAlign, qint64(16));
    QVERIFY(rows[3].machineParameter.endsWith(QLatin1String("add_kernel_param_3")));
    QCOMPARE(rows[4].kind, HiddenParameterRow::Kind::ProfileScratch);
    QVERIFY(rows[4].machineParameter.endsWith(QLatin1String("add_kernel_param_4")));
    QCOMPARE(rows[5].perProgramBytes, qint64(4096));
    QCOMPARE(model.index(3, HiddenParametersModel::GridBytesColumn).data().toString(), QStringLiteral("2048 B"));
    // The global scratch row's tooltip says what each part of a program's slice holds.
    QString tip =
        model.index(3, HiddenParametersModel::PerProgramColumn).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QLatin1String(
                 "[0, 128) TMA descriptor (tl.make_tensor_descriptor)  at k.py:9:10")),
             qPrintable(tip));
  }

  void hiddenParametersOfHostDescriptors() {
    // copy_tiles(src, dst, 64, 64) of test/frontend/host-descriptors.py as trex's PTX declares it.
    const char *ptx = ".visible .entry copy_tiles(\n"
                      "\t.param .align 64 .b8 copy_tiles_param_0[128],\n"
                      "\t.param .u32 copy_tiles_param_1,\n"
                      "\t.param .u32 copy_tiles_param_2,\n"
                      "\t.param .u64 copy_tiles_param_3,\n"
                      "\t.param .u64 copy_tiles_param_4,\n"
                      "\t.param .u64 .ptr .global .align 1 copy_tiles_param_5,\n"
                      "\t.param .u64 .ptr .global .align 1 copy_tiles_param_6\n"
                      ")\n";
    std::vector<MachineParameter> params = ptxParameters(QString::fromLatin1(ptx));
    QCOMPARE(params.size(), size_t(7));
    QCOMPARE(params[0].bytes, 128);
    QCOMPARE(params[1].bytes, 4);
    HiddenParametersModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    KernelMetadata facts;
    // Described as "box 64x64, 128-byte swizzle, 2-byte elements (TMA type 6)".
    facts.tensorDescriptors = {{3, 2, 6, {64, 64}, false}};
    model.setKernel(QStringLiteral("tensordesc<fp16[64, 64]>, 64, 64"), {"src", "BM", "BN"}, facts,
                    QString::fromLatin1(ptx), true);
    QVERIFY(model.problem().isEmpty());
    const std::vector<HiddenParameterRow> &rows = model.parameters();
    // The map, two shapes, two strides, the two hidden pointers, shared memory.
    QCOMPARE(rows.size(), size_t(8));
    QCOMPARE(rows[0].name, QStringLiteral("src"));
    QCOMPARE(rows[0].type, QStringLiteral("tensordesc<fp16[64, 64]> (CUtensorMap, by value)"));
    QCOMPARE(rows[0].parameterBytes, 128);
    QCOMPARE(rows[0].parameterAlign, 64);
    QVERIFY(
        rows[0].machineParameter.contains(QLatin1String(".align 64 .b8 copy_tiles_param_0[128]")));
    QCOMPARE(model.index(0, HiddenParametersModel::TypeColumn).data(Qt::ToolTipRole).toString(),
             QStringLiteral("Encoded by the launcher (cuTensorMapEncodeTiled): box 64x64, "
                            "128-byte swizzle, 2-byte elements (TMA type 6)"));
    QCOMPARE(rows[1].name, QStringLiteral("src.shape[0]"));
    QCOMPARE(rows[1].type, QStringLiteral("i32"));
    QCOMPARE(rows[3].name, QStringLiteral("src.strides[0]"));
    QCOMPARE(rows[3].parameterBytes, 8);
    QVERIFY(rows[4].machineParameter.endsWith(QLatin1String("copy_tiles_param_4")));
    QCOMPARE(rows[5].kind, HiddenParameterRow::Kind::GlobalScratch);
    QVERIFY(rows[5].machineParameter.endsWith(QLatin1String("copy_tiles_param_5")));
  }

  void hiddenParametersOfAnInstrumentedKernel() {
    HiddenParametersModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    KernelMetadata facts;
    facts.numWarps = 4;
    facts.profileScratchSize = 8320;
    facts.profileScratchAlign = 128;
    facts.shared = 8208;
    model.setKernel(QStringLiteral("*fp32:16, *fp32:16, i32, 1024"),
                    {"x_ptr", "out_ptr", "n", "BLOCK"}, facts, QString::fromLatin1(kPtxEntry),
                    true);
    model.setGrid(4, 2, 1);
    QCOMPARE(model.parameters()[4].kind, HiddenParameterRow::Kind::ProfileScratch);
    QCOMPARE(model.parameters()[4].gridBytes, qint64(8320 * 8));
    QCOMPARE(model.index(4, HiddenParametersModel::PerProgramColumn).data().toString(),
             QStringLiteral("8320 B (align 128)"));
    QString tip =
        model.index(4, HiddenParametersModel::PerProgramColumn).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QLatin1String("8320 B per program x 8 programs")), qPrintable(tip));
    QVERIFY2(tip.contains(QLatin1String("[16, 32) a write index per warp (4 warps)")),
             qPrintable(tip));
    QVERIFY2(tip.contains(QLatin1String("[32, 8320) the warps' circular buffers")),
             qPrintable(tip));
  }

  void hiddenParametersForAmdgcn() {
    std::vector<MachineParameter> args = amdgcnParameters(QString::fromLatin1(kAmdgcnArgs));
    QCOMPARE(args.size(), size_t(4));
    QCOMPARE(args[1].text, QStringLiteral("offset 8, size 4, value_kind by_value"));
    QCOMPARE(args[1].bytes, 4);
    QCOMPARE(args[1].line, 8);
    HiddenParametersModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setKernel(QStringLiteral("*fp16, i32:16"), {}, std::nullopt, QString::fromLatin1(kAmdgcnArgs), false);
    QCOMPARE(model.parameters()[0].name, QStringLiteral("arg0"));
    QCOMPARE(model.parameters()[2].machineParameter, QStringLiteral("offset 16, size 8, value_kind global_buffer"));
  }

  void hiddenParametersReportABadSignature() {
    HiddenParametersModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setKernel(QStringLiteral("*fp33"), {}, std::nullopt, QString(), true);
    QVERIFY(!model.problem().isEmpty());
    QCOMPARE(model.rowCount(), 3);
  }

  void runOutputs() {
    RunRecord ok = parseRunOutput(R"({"kernel": "k", "device": "H100", "grid": [4, 1, 1],
      "registers": 24, "timing_ms": {"median": 0.0125, "min": 0.01, "max": 0.02}, "gbps": 1000.5})",
                                  "", 0, false);
    QVERIFY(ok.succeeded);
    QCOMPARE(ok.grid, QStringLiteral("4,1,1"));
    QCOMPARE(ok.medianMilliseconds, 0.0125);
    RunRecord noGpu = parseRunOutput(R"({"error": "libcuda.so.1 not found", "no_driver": true})", "error: x", 1, false);
    QVERIFY(noGpu.noDriver);
    QVERIFY(!noGpu.succeeded);
    QVERIFY(noGpu.error.startsWith(QLatin1String("No GPU")));
    RunRecord crash = parseRunOutput("", "Segmentation fault", 11, true);
    QVERIFY(crash.crashed);
    QVERIFY(crash.error.contains(QLatin1String("crashed")));

    RunResultsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.append(ok);
    model.append(noGpu);
    model.append(crash);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.index(1, RunResultsModel::StatusColumn).data().toString(), QStringLiteral("no GPU"));
    QCOMPARE(model.index(2, RunResultsModel::StatusColumn).data().toString(), QStringLiteral("crashed"));
    QCOMPARE(model.index(0, RunResultsModel::MedianColumn).data().toString(), QStringLiteral("0.0125"));
  }

  void kernelsOfAPythonFile() {
    const QString source = QStringLiteral(R"(import triton
import triton.language as tl

def helper(x):
    return x

@triton.autotune(configs=[
    triton.Config({'BLOCK': 64}),
], key=['n'])
@triton.jit
def scaled(x_ptr, out_ptr,
           n, scale: tl.float32,
           BLOCK: tl.constexpr = 128):
    pass

@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pass
)");
    std::vector<KernelDefinition> kernels = findKernels(source);
    QCOMPARE(kernels.size(), size_t(2));
    QCOMPARE(kernels[0].name, QStringLiteral("scaled"));
    QCOMPARE(kernels[0].line, 11);
    QCOMPARE(kernels[0].parameterNames(), QStringList({"x_ptr", "out_ptr", "n", "scale", "BLOCK"}));
    QVERIFY(kernels[0].parameters[4].isConstexpr);
    QVERIFY(!kernels[0].parameters[3].isConstexpr);
    // The default as written, and the autotune config's key (given by name when a config is
    // used); the other parameters have neither.
    QCOMPARE(kernels[0].parameters[4].defaultValue, QStringLiteral("128"));
    QVERIFY(kernels[0].parameters[4].setByAutotune);
    QVERIFY(!kernels[0].parameters[4].setByHeuristics);
    for (int i = 0; i < 4; ++i)
      QVERIFY(kernels[0].parameters[i].defaultValue.isEmpty() &&
              !kernels[0].parameters[i].setByAutotune);
    QCOMPARE(kernels[1].name, QStringLiteral("add_kernel"));
    // The autotune decorator above `scaled` does not reach the next kernel.
    QVERIFY(!kernels[1].parameters[4].setByAutotune);

    // @triton.heuristics' keys, over several lines; an args['n'] subscript is not a key.
    std::vector<KernelDefinition> heuristic = findKernels(QStringLiteral(R"(@triton.heuristics({
    "EVEN": lambda args: args['n'] % 64 == 0,
})
@triton.jit
def k(x_ptr, n, EVEN: tl.constexpr, BLOCK: tl.constexpr = 64):
    pass
)"));
    QCOMPARE(heuristic.size(), size_t(1));
    QVERIFY(heuristic[0].parameters[2].setByHeuristics);
    QVERIFY(!heuristic[0].parameters[1].setByHeuristics);
    QCOMPARE(heuristic[0].parameters[3].defaultValue, QStringLiteral("64"));

    // `k = triton.jit(f)` (projects keep the plain function importable without Triton): a
    // kernel named as it is launched, with f's parameters, in file order with the decorated
    // ones; a jit function made so with options too. A def inside a class or a builder
    // function decorated with @triton.jit is one as well.
    std::vector<KernelDefinition> called = findKernels(QStringLiteral(R"(def _scale(x_ptr, n,
           BLOCK: tl.constexpr = 256):
    pass

scale_kernel = triton.jit(_scale)

class Ops:
    @staticmethod
    @triton.jit
    def shift(x_ptr):
        pass

fast_scale = jit(_scale, do_not_specialize=["n"])
unrelated = triton.jit(missing_function)
)"));
    QCOMPARE(called.size(), size_t(3));
    QCOMPARE(called[0].name, QStringLiteral("scale_kernel"));
    QCOMPARE(called[0].line, 5);
    QCOMPARE(called[0].parameterNames(), QStringList({"x_ptr", "n", "BLOCK"}));
    QVERIFY(called[0].parameters[2].isConstexpr);
    QCOMPARE(called[0].parameters[2].defaultValue, QStringLiteral("256"));
    QCOMPARE(called[1].name, QStringLiteral("shift"));
    QCOMPARE(called[2].name, QStringLiteral("fast_scale"));
    QCOMPARE(called[2].parameterNames(), QStringList({"x_ptr", "n", "BLOCK"}));
  }

  void tritonCacheDirectory() {
    TritonCacheEntry entry = readTritonCacheDirectory(QStringLiteral(TREX_FIXTURES_DIR "/add_kernel_f32_b1024/gfx942"));
    if (!entry.problem.isEmpty() && entry.stages.empty())
      QSKIP("Triton fixtures not found");
    QCOMPARE(entry.kernelName, QStringLiteral("add_kernel_f32_b1024"));
    QCOMPARE(entry.target, QStringLiteral("hip:gfx942"));
    QStringList names;
    for (const StageText &stage : entry.stages)
      names << QString::fromStdString(stage.name);
    QCOMPARE(names, QStringList({"source", "ttir", "ttgir", "llir", "amdgcn"}));
    QVERIFY(!readTritonCacheDirectory(QStringLiteral("/nonexistent/dir")).problem.isEmpty());
  }

  // The compare view's layouts row: the ttgir's layout aliases compared by definition (value
  // names and locations play no part), next to the per-stage rows.
  void comparisonListsTheLayoutsThatDiffer() {
    const QString trex = QStringLiteral("#blocked = #ttg.blocked<{sizePerThread = [4], "
                                        "threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>\n"
                                        "#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = "
                                        "0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>\n"
                                        "#loc = loc(\"k.py\":1:0)\n"
                                        "module {\n  %a = tt.get_program_id x : i32\n}\n");
    const QString triton = QStringLiteral(
        "#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], "
        "order = [0]}>\n"
        "#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n"
        "module {\n  %b = tt.get_program_id x : i32\n}\n");
    StageComparisonModel model;
    QAbstractItemModelTester tester(&model);
    model.compare({{"ttgir", trex.toStdString(), "trex"}},
                  {{"ttgir", triton.toStdString(), "triton"}});
    QCOMPARE(model.rowCount(), 2);
    // The renamed value (%a, %b) is no change; the alias lines are.
    QVERIFY(model.summary(QStringLiteral("ttgir"))
                .startsWith(
                    QStringLiteral("ttgir: 4 lines differ (2 only in trex, 2 only in Triton)")));
    const StageDifference *layouts = model.difference(QStringLiteral("layouts"));
    QVERIFY(layouts);
    QVERIFY(!layouts->same());
    QCOMPARE(layouts->summary(QStringLiteral("Triton")),
             QStringLiteral("#blocked differs, #mma only in trex, #shared only in Triton"));
    model.compare({{"ttgir", trex.toStdString(), "trex"}},
                  {{"ttgir", trex.toStdString(), "triton"}});
    QCOMPARE(model.summary(QStringLiteral("layouts")), QStringLiteral("layouts: same (2 layouts)"));
  }

  // Two pass lists side by side: shared passes on one row, a replaced pass beside its
  // replacement, a pass only one side ran alone on its row; the summary names them.
  void passListsAreAligned() {
    PassRecord coalesce;
    coalesce.name = "TritonGPUCoalesce";
    coalesce.argument = "tritongpu-coalesce";
    PassRecord ptxas;
    ptxas.name = "ptxas"; // a back-end step: no argument, its name stands
    QCOMPARE(tritonPassName(coalesce), QStringLiteral("tritongpu-coalesce"));
    QCOMPARE(tritonPassName(ptxas), QStringLiteral("ptxas"));
    PassList trex = passListOf({coalesce, ptxas});
    QVERIFY(trex.known);
    QCOMPARE(trex.passes, QStringList({"tritongpu-coalesce", "ptxas"}));

    PassListComparisonModel model;
    QAbstractItemModelTester tester(&model);
    PassList mine{true, {"inline", "canonicalize", "cse", "tritongpu-coalesce", "llc"}, {}};
    PassList theirs{true, {"inline", "canonicalize", "licm", "tritongpu-coalesce"}, {}};
    model.setLists(mine, theirs, QStringLiteral("Triton"));
    auto row = [&](int r) {
      return QStringList{model.index(r, PassListComparisonModel::TrexColumn).data().toString(),
                         model.index(r, PassListComparisonModel::OtherColumn).data().toString()};
    };
    QCOMPARE(model.rowCount(), 5);
    QCOMPARE(row(0), QStringList({"inline", "inline"}));
    QCOMPARE(row(2), QStringList({"cse", "licm"}));
    QVERIFY(model.index(2, 0).data(PassListComparisonModel::DiffersRole).toBool());
    QVERIFY(!model.index(3, 0).data(PassListComparisonModel::DiffersRole).toBool());
    QCOMPARE(row(4), QStringList({"llc", ""}));
    QCOMPARE(model.headerData(PassListComparisonModel::OtherColumn, Qt::Horizontal).toString(),
             QStringLiteral("Triton (4 passes)"));
    StageDifference difference = comparePassLists(mine, theirs, QStringLiteral("Triton"));
    QVERIFY(difference.differs);
    QCOMPARE(difference.summary(QStringLiteral("Triton")),
             QStringLiteral("5 passes in trex, 4 passes in Triton: 2 passes only in trex (cse, "
                            "llc), 1 pass only in Triton (licm)"));
    QCOMPARE(comparePassLists(mine, mine, QStringLiteral("Triton")).note,
             QStringLiteral("the same 5 passes"));

    // The other side unknown: trex's alone, and why.
    PassList unknown{false, {}, QStringLiteral("the capture session keeps Triton's stages")};
    model.setLists(mine, unknown, QStringLiteral("Triton"));
    QCOMPARE(model.rowCount(), 5);
    QVERIFY(model.index(4, PassListComparisonModel::OtherColumn).data().toString().isEmpty());
    QCOMPARE(model.headerData(PassListComparisonModel::OtherColumn, Qt::Horizontal).toString(),
             QStringLiteral("Triton: passes not known"));
    QCOMPARE(model.headerData(PassListComparisonModel::OtherColumn, Qt::Horizontal, Qt::ToolTipRole)
                 .toString(),
             unknown.note);
    QCOMPARE(comparePassLists(mine, unknown, QStringLiteral("Triton")).note,
             QStringLiteral("trex ran 5 passes; Triton's are not known: the capture session "
                            "keeps Triton's stages"));
    model.clear();
    QCOMPARE(model.rowCount(), 0);
  }

  // passes.txt as `trex compile --dump-passes` writes it (anchors with spaces, steps without a
  // file); anything else is not read as a pass list.
  void passIndexIsRead() {
    const QString index = QStringLiteral(
        "  1      1.474 ms  changed    Inliner (inline) on builtin.module  -> 001-inline.mlir\n"
        "  2      0.069 ms  changed    Canonicalizer (canonicalize) on tt.func @k  -> "
        "002-canonicalize.mlir\n"
        "  3      2.385 ms  changed    NVPTXCodeGen (llc) on module\n");
    std::optional<QStringList> passes = readPassIndex(index);
    QVERIFY(passes);
    QCOMPARE(*passes, QStringList({"inline", "canonicalize", "llc"}));
    QVERIFY(readPassIndex(QString())->isEmpty());
    QVERIFY(!readPassIndex(index + QStringLiteral("not a pass line\n")));
  }
};

QTEST_GUILESS_MAIN(ModelsTest)
#include "ModelsTest.moc"
