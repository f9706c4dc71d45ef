// The tuning sweep against fake `trex bench` children (shell scripts): one row per
// configuration in order, the grid and signature each one launched with, the best marked, the
// child's error per row when there is no GPU, cancelling, and the kernel's @triton.autotune
// configs offered by the window.
#include "CompileBridge.h"
#include "ExplorerTestMain.h"
#include "MainWindow.h"
#include "TuningPanel.h"

#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace trex::explorer;

namespace {

const QString kSample = QStringLiteral(TREX_SAMPLES_DIR "/vector_add.py");
const QString kSignature = QStringLiteral("*fp32:16, *fp32:16, *fp32:16, i32:16, 1024");

QString writeScript(const QTemporaryDir &dir, const QString &name, const QByteArray &body) {
  QString path = dir.filePath(name);
  QFile file(path);
  file.open(QIODevice::WriteOnly);
  file.write("#!/bin/sh\n" + body);
  file.close();
  file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
  return path;
}

// A bench that logs its command line and answers median = 100 / num_warps ms, plus 1 ms when
// the signature's last entry (BLOCK_SIZE) is 512.
QByteArray fakeBench(const QString &log) {
  return "echo \"$*\" >> '" + log.toUtf8() + "'\n"
         "warps=4; extra=0\n"
         "while [ $# -gt 0 ]; do\n"
         "  case \"$1\" in\n"
         "    --num-warps) warps=$2 ;;\n"
         "    --signature) case \"$2\" in *', 512') extra=1 ;; esac ;;\n"
         "  esac\n"
         "  shift\n"
         "done\n"
         "median=$(( 100 / warps + extra ))\n"
         "echo \"{\\\"kernel\\\": \\\"add_kernel\\\", \\\"device\\\": \\\"Fake GPU\\\", \\\"grid\\\": [1, 1, 1], "
         "\\\"timing_ms\\\": {\\\"median\\\": $median, \\\"min\\\": $median, \\\"max\\\": $median}, \\\"gbps\\\": 42.5}\"\n";
}

QStringList readLines(const QString &path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    return {};
  return QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
}

LaunchTarget vectorAdd() {
  LaunchTarget target;
  target.path = kSample;
  target.kernel = QStringLiteral("add_kernel");
  target.signature = kSignature;
  return target;
}

const QStringList kParameters{"x_ptr", "y_ptr", "out_ptr", "n_elements", "BLOCK_SIZE"};

} // namespace

class ExplorerTuningTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName(QStringLiteral("trex-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("explorer-tuning-test"));
  }

  void aSweepFillsOneRowPerConfigurationAndMarksTheBest() {
    QTemporaryDir dir;
    const QString log = dir.filePath("calls.log");
    TuningPanel panel;
    panel.setLaunchTarget(vectorAdd(), kParameters);
    panel.setExecutable(writeScript(dir, "bench.sh", fakeBench(log)));
    panel.setWarps(QStringLiteral("2, 4, 8"));
    panel.setStages(QStringLiteral("3"));
    panel.setConstexprs(QStringLiteral("BLOCK_SIZE=512,1024"));
    panel.setGrid(QStringLiteral("cdiv(4096, BLOCK_SIZE)"));
    panel.setArguments(QStringLiteral("x_ptr=rand:4096 y_ptr=rand:4096 out_ptr=zeros:4096 n_elements=4096"));
    panel.setFlops(QStringLiteral("4096"));
    QSignalSpy finished(&panel, &TuningPanel::finished);
    QVERIFY2(panel.start(), qPrintable(panel.message()));
    QVERIFY(finished.wait(60000));
    QVERIFY(!panel.isRunning());

    TuningResultsModel *results = panel.results();
    QCOMPARE(results->rowCount(), 6);
    const QStringList labels{"num_warps=2, num_stages=3, BLOCK_SIZE=512", "num_warps=2, num_stages=3, BLOCK_SIZE=1024",
                             "num_warps=4, num_stages=3, BLOCK_SIZE=512", "num_warps=4, num_stages=3, BLOCK_SIZE=1024",
                             "num_warps=8, num_stages=3, BLOCK_SIZE=512", "num_warps=8, num_stages=3, BLOCK_SIZE=1024"};
    const QList<double> medians{51, 50, 26, 25, 13, 12};
    for (int row = 0; row < 6; ++row) {
      QCOMPARE(results->index(row, TuningResultsModel::ConfigurationColumn).data().toString(), labels[row]);
      QVERIFY(results->row(row).record.succeeded);
      QCOMPARE(results->row(row).record.medianMilliseconds, medians[row]);
      QCOMPARE(results->index(row, TuningResultsModel::BandwidthColumn).data().toString(), QStringLiteral("42.5"));
    }
    QCOMPARE(results->bestRow(), 5);
    QCOMPARE(results->index(5, TuningResultsModel::StatusColumn).data().toString(), QStringLiteral("ok ★ best"));
    QVERIFY2(panel.message().contains(QLatin1String("Best: #6")), qPrintable(panel.message()));
    // 4096 FLOPs in 12 ms.
    QVERIFY(!results->index(5, TuningResultsModel::TflopsColumn).data().toString().isEmpty());

    // The children ran in order, each with its own options, signature and grid.
    QStringList calls = readLines(log);
    QCOMPARE(calls.size(), 6);
    QVERIFY2(calls[0].contains(QLatin1String("--num-warps 2")) && calls[0].contains(QLatin1String("i32:16, 512 ")) &&
                 calls[0].contains(QLatin1String("--grid 8 ")),
             qPrintable(calls[0]));
    QVERIFY2(calls[5].contains(QLatin1String("--num-warps 8")) && calls[5].contains(QLatin1String("i32:16, 1024 ")) &&
                 calls[5].contains(QLatin1String("--grid 4 ")),
             qPrintable(calls[5]));
    for (const QString &call : calls)
      QVERIFY(call.startsWith(QLatin1String("bench ")) && call.endsWith(QLatin1String("--json")));
  }

  void withoutAGpuEveryRowShowsTheChildsError() {
    QTemporaryDir dir;
    TuningPanel panel;
    panel.setLaunchTarget(vectorAdd(), kParameters);
    panel.setExecutable(writeScript(
        dir, "nogpu.sh", "echo '{\"error\": \"cannot load libcuda.so.1\", \"no_driver\": true}'\nexit 1\n"));
    panel.setWarps(QStringLiteral("4 8"));
    QSignalSpy finished(&panel, &TuningPanel::finished);
    QElapsedTimer timer;
    timer.start();
    QVERIFY(panel.start());
    QVERIFY(finished.wait(30000));
    QVERIFY(timer.elapsed() < 30000);
    TuningResultsModel *results = panel.results();
    QCOMPARE(results->rowCount(), 2);
    for (int row = 0; row < 2; ++row) {
      QCOMPARE(results->index(row, TuningResultsModel::StatusColumn).data().toString(), QStringLiteral("no GPU"));
      QVERIFY(results->index(row, TuningResultsModel::DetailColumn).data().toString().contains(QLatin1String("libcuda")));
    }
    QCOMPARE(results->bestRow(), -1);
    QVERIFY(panel.message().contains(QLatin1String("No configuration produced a time")));
  }

  void cancellingStopsTheRunningChildAndTheRest() {
    QTemporaryDir dir;
    TuningPanel panel;
    panel.setLaunchTarget(vectorAdd(), kParameters);
    panel.setExecutable(writeScript(dir, "slow.sh", "exec sleep 60\n"));
    panel.setWarps(QStringLiteral("1 2 4"));
    QSignalSpy finished(&panel, &TuningPanel::finished);
    QVERIFY(panel.start());
    QTRY_COMPARE_WITH_TIMEOUT(panel.results()->index(0, TuningResultsModel::StatusColumn).data().toString(),
                              QStringLiteral("running…"), 10000);
    QElapsedTimer timer;
    timer.start();
    panel.cancel();
    QVERIFY(finished.wait(10000));
    QVERIFY(timer.elapsed() < 10000);
    QVERIFY(!panel.isRunning());
    for (int row = 0; row < 3; ++row)
      QCOMPARE(panel.results()->index(row, TuningResultsModel::StatusColumn).data().toString(), QStringLiteral("cancelled"));
    QVERIFY(panel.message().startsWith(QLatin1String("Cancelled")));
  }

  void aBadGridFailsEachRowWithoutLaunching() {
    QTemporaryDir dir;
    const QString log = dir.filePath("calls.log");
    TuningPanel panel;
    panel.setLaunchTarget(vectorAdd(), kParameters);
    panel.setExecutable(writeScript(dir, "bench.sh", fakeBench(log)));
    panel.setWarps(QStringLiteral("4 8"));
    panel.setGrid(QStringLiteral("cdiv(4096, BLOCK)"));
    QSignalSpy finished(&panel, &TuningPanel::finished);
    QVERIFY(panel.start());
    QVERIFY(finished.wait(10000));
    for (int row = 0; row < 2; ++row)
      QVERIFY(panel.results()->index(row, TuningResultsModel::DetailColumn).data().toString().contains(QLatin1String("unknown name 'BLOCK'")));
    QVERIFY(readLines(log).isEmpty());
    // A constexpr that is not a parameter is refused before anything runs.
    panel.setConstexprs(QStringLiteral("BLOCK=1,2"));
    QVERIFY(!panel.start());
    QVERIFY(panel.message().contains(QLatin1String("not a parameter")));
  }

  void theWindowOffersTheAutotuneConfigs() {
    QTemporaryDir dir;
    const QString log = dir.filePath("calls.log");
    MainWindow window;
    QVERIFY(window.openPath(QStringLiteral(TREX_TEST_INPUTS_DIR "/autotuned.py"), QStringLiteral("scale_kernel"),
                            QStringLiteral("*fp32:16, *fp32:16, i32")));
    QVERIFY(window.compileAndWait());
    TuningPanel *panel = window.tuningPanel();
    panel->setExecutable(writeScript(dir, "bench.sh", fakeBench(log)));
    panel->setUseAutotuneConfigs(true);
    panel->setGrid(QStringLiteral("cdiv(4096, BLOCK_SIZE)"));
    QSignalSpy finished(panel, &TuningPanel::finished);
    QVERIFY2(panel->start(), qPrintable(panel->message()));
    QVERIFY(finished.wait(60000));
    QCOMPARE(panel->results()->rowCount(), 3);
    QStringList calls = readLines(log);
    QCOMPARE(calls.size(), 3);
    QVERIFY2(calls[0].contains(QLatin1String("--config 0")) && calls[0].contains(QLatin1String("--grid 32 ")), qPrintable(calls[0]));
    QVERIFY2(calls[1].contains(QLatin1String("--config 1")) && calls[1].contains(QLatin1String("--grid 16 ")), qPrintable(calls[1]));
    QVERIFY2(calls[2].contains(QLatin1String("--config 2")) && calls[2].contains(QLatin1String("--grid 4 ")), qPrintable(calls[2]));
    QCOMPARE(panel->results()->index(1, TuningResultsModel::ConfigurationColumn).data().toString(),
             QStringLiteral("config 1: BLOCK_SIZE=256; num_warps=8, num_stages=4"));
    QCOMPARE(panel->results()->index(2, TuningResultsModel::ConfigurationColumn).data().toString(),
             QStringLiteral("config 2: BLOCK_SIZE=1024, UNROLL=2; num_warps=16, num_stages=2"));
  }

  // The configs come with the compile result: a kernel compiled from text that is on no disk
  // (an unsaved buffer) still lists them, whichever config the compile used; a compile from
  // edited IR has none.
  void theCompileResultCarriesTheAutotuneConfigs() {
    CompileRequest request;
    request.fileName = "unsaved/never_written.py";
    request.text = R"(import triton
import triton.language as tl

WIDE = 512


@triton.autotune(configs=[
    triton.Config({'BLOCK': 64}, num_warps=2),
    triton.Config({'BLOCK': WIDE, 'EVEN': True}, num_warps=8, num_stages=5, num_ctas=2, maxnreg=128),
], key=['n'])
@triton.jit
def copy_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr = False):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=offsets < n), mask=offsets < n)
)";
    request.kernelName = "copy_kernel";
    request.signature = "*fp32:16, *fp32:16, i32, 128";
    request.capturePasses = false;
    QVERIFY(!QFile::exists(QString::fromStdString(request.fileName)));
    CompileSnapshot snapshot = compileKernel(request);
    QVERIFY2(snapshot.succeeded,
             snapshot.diagnostics.empty() ? "" : snapshot.diagnostics[0].rendered.c_str());
    QCOMPARE(snapshot.autotuneConfigs.size(), size_t(2));
    QCOMPARE(snapshot.autotuneConfigs[1].index, 1);
    QCOMPARE(snapshot.autotuneConfigs[1].numWarps, 8);
    QCOMPARE(snapshot.autotuneConfigs[1].numStages, 5);
    std::vector<TuningConfig> configs = autotuneConfigs(snapshot.autotuneConfigs);
    QCOMPARE(configs[0].label, QStringLiteral("config 0: BLOCK=64; num_warps=2, num_stages=3"));
    QCOMPARE(
        configs[1].label,
        QStringLiteral(
            "config 1: BLOCK=512, EVEN=True; num_warps=8, num_stages=5, num_ctas=2, maxnreg=128"));
    QCOMPARE(configs[1].constexprs.value(QStringLiteral("EVEN")), QStringLiteral("True"));
    // The same configs when the compile fails after reading them (a signature too short).
    request.signature = "*fp32:16";
    CompileSnapshot failed = compileKernel(request);
    QVERIFY(!failed.succeeded);
    QCOMPARE(failed.autotuneConfigs.size(), size_t(2));

    // From edited IR: no Python, no configs.
    std::optional<ResumeRequest> resume = resumeAfterStage("ttgir");
    QVERIFY(resume);
    const StageText *ttgir = nullptr;
    for (const StageText &stage : snapshot.stages)
      if (stage.name == "ttgir")
        ttgir = &stage;
    QVERIFY(ttgir);
    CompileRequest edited;
    edited.text = ttgir->text;
    edited.resume = resume;
    edited.resume->bufferName = "edited.ttgir";
    edited.capturePasses = false;
    CompileSnapshot resumed = compileKernel(edited);
    QVERIFY(resumed.succeeded);
    QVERIFY(resumed.autotuneConfigs.empty());
  }
};

TREX_EXPLORER_TEST_MAIN(ExplorerTuningTest)
#include "ExplorerTuningTest.moc"
