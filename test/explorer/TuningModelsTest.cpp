// The models behind the tuning sweep: launch expressions, sweep configurations, the signature a
// configuration launches with, the command line, and the results table with its best row.
#include "LaunchCommand.h"
#include "LaunchExpression.h"
#include "TuningConfigs.h"
#include "TuningResultsModel.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace trex::explorer;

namespace {

RunRecord timed(double median) {
  RunRecord record;
  record.succeeded = true;
  record.medianMilliseconds = median;
  record.gigabytesPerSecond = 100;
  record.device = QStringLiteral("fake");
  return record;
}

} // namespace

class TuningModelsTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void launchExpressions() {
    QMap<QString, qint64> variables{{QStringLiteral("BLOCK_SIZE"), 256}, {QStringLiteral("N"), 1000}};
    QCOMPARE(*evaluateLaunchExpression(QStringLiteral("cdiv(N, BLOCK_SIZE)"), variables).value, qint64(4));
    QCOMPARE(*evaluateLaunchExpression(QStringLiteral("triton.cdiv(1024, 256)"), variables).value, qint64(4));
    QCOMPARE(*evaluateLaunchExpression(QStringLiteral("2 + 3 * 4 - 10 // 3"), variables).value, qint64(11));
    QCOMPARE(*evaluateLaunchExpression(QStringLiteral("-7 // 2"), variables).value, qint64(-4));
    QCOMPARE(*evaluateLaunchExpression(QStringLiteral("2 ** 10 % 1000"), variables).value, qint64(24));
    QCOMPARE(*evaluateLaunchExpression(QStringLiteral("-2 ** 2"), variables).value, qint64(-4));
    QCOMPARE(*evaluateLaunchExpression(QStringLiteral("max(1, min(N, 64), 8)"), variables).value, qint64(64));
    QCOMPARE(*evaluateLaunchExpression(QStringLiteral("1_048_576"), variables).value, qint64(1048576));
    ExpressionValue unknown = evaluateLaunchExpression(QStringLiteral("cdiv(N, BLOCK)"), variables);
    QVERIFY(!unknown.value);
    QVERIFY2(unknown.error.contains(QLatin1String("unknown name 'BLOCK'")), qPrintable(unknown.error));
    QVERIFY(evaluateLaunchExpression(QStringLiteral("1 / 0"), variables).error.contains(QLatin1String("division by zero")));
    QVERIFY(!evaluateLaunchExpression(QStringLiteral("(1 + 2"), variables).value);
    QVERIFY(!evaluateLaunchExpression(QStringLiteral("3 4"), variables).value);
    QString grid;
    QVERIFY(evaluateGrid(QStringLiteral("cdiv(N, BLOCK_SIZE), 2, 1"), variables, &grid).value);
    QCOMPARE(grid, QStringLiteral("4,2,1"));
    QVERIFY(!evaluateGrid(QStringLiteral("N - 1000"), variables, &grid).value);
  }

  void sweepsEveryCombinationInOrder() {
    QString error;
    std::optional<std::vector<int>> warps = parseIntegerList(QStringLiteral("2, 4 8"), &error);
    QVERIFY(warps);
    QCOMPARE(*warps, std::vector<int>({2, 4, 8}));
    QVERIFY(!parseIntegerList(QStringLiteral("4, x"), &error));
    QVERIFY(error.contains(QLatin1String("'x'")));
    QVERIFY(!parseIntegerList(QStringLiteral(""), &error));
    auto sweeps = parseConstexprSweeps(QStringLiteral("BLOCK_M=64,128; BLOCK_N = 32"), &error);
    QVERIFY(sweeps);
    QCOMPARE(sweeps->size(), size_t(2));
    QVERIFY(!parseConstexprSweeps(QStringLiteral("BLOCK_M"), &error));
    std::vector<TuningConfig> configs = sweepConfigs({4, 8}, {2, 3}, *sweeps);
    QCOMPARE(configs.size(), size_t(8));
    QCOMPARE(configs[0].label, QStringLiteral("num_warps=4, num_stages=2, BLOCK_M=64, BLOCK_N=32"));
    QCOMPARE(configs[1].label, QStringLiteral("num_warps=4, num_stages=2, BLOCK_M=128, BLOCK_N=32"));
    QCOMPARE(configs[2].label, QStringLiteral("num_warps=4, num_stages=3, BLOCK_M=64, BLOCK_N=32"));
    QCOMPARE(configs[7].label, QStringLiteral("num_warps=8, num_stages=3, BLOCK_M=128, BLOCK_N=32"));
    QCOMPARE(configs[7].variables().value(QStringLiteral("BLOCK_M")), qint64(128));
    QCOMPARE(configs[7].variables().value(QStringLiteral("num_warps")), qint64(8));

    // The labels are the compiler's descriptions (--list-configs' text).
    AutotuneConfig small;
    small.metaParameters = {{"BLOCK_SIZE", "128"}};
    AutotuneConfig large;
    large.index = 1;
    large.metaParameters = {{"BLOCK_SIZE", "256"}};
    large.numWarps = 8;
    large.numStages = 4;
    std::vector<TuningConfig> autotuned = autotuneConfigs({small, large});
    QCOMPARE(autotuned.size(), size_t(2));
    QCOMPARE(autotuned[0].label,
             QStringLiteral("config 0: BLOCK_SIZE=128; num_warps=4, num_stages=3"));
    QCOMPARE(autotuned[1].label,
             QStringLiteral("config 1: BLOCK_SIZE=256; num_warps=8, num_stages=4"));
    QCOMPARE(autotuned[1].numWarps, 8);
    QCOMPARE(autotuned[1].numStages, 4);
    QCOMPARE(*autotuned[1].autotuneIndex, 1);
    QCOMPARE(autotuned[1].variables().value(QStringLiteral("BLOCK_SIZE")), qint64(256));
  }

  void signatureTakesTheConstexprValues() {
    QStringList names{"x_ptr", "y_ptr", "out_ptr", "n", "BLOCK_SIZE"};
    QString error;
    std::optional<QString> signature = signatureWith(QStringLiteral("*fp32:16, *fp32:16, *fp32:16, i32, 1024"), names,
                                                     {{QStringLiteral("BLOCK_SIZE"), QStringLiteral("512")}}, &error);
    QVERIFY(signature);
    QCOMPARE(*signature, QStringLiteral("*fp32:16, *fp32:16, *fp32:16, i32, 512"));
    QVERIFY(!signatureWith(QStringLiteral("*fp32, i32"), names, {{QStringLiteral("BLOCK_SIZE"), QStringLiteral("1")}}, &error));
    QVERIFY(error.contains(QLatin1String("no entry")));
    QVERIFY(!signatureWith(QStringLiteral("*fp32"), names, {{QStringLiteral("NOPE"), QStringLiteral("1")}}, &error));
    QVERIFY(error.contains(QLatin1String("not a parameter")));
  }

  void commandLines() {
    LaunchTarget target;
    target.path = QStringLiteral("k.py");
    target.kernel = QStringLiteral("k");
    target.signature = QStringLiteral("*fp32, 64");
    target.numWarps = 8;
    LaunchSettings settings;
    settings.grid = QStringLiteral("4,1");
    settings.arguments = QStringLiteral("x=rand:64  n=64");
    settings.benchOptions = QStringLiteral("--rep 10");
    QCOMPARE(launchArguments(target, settings, true),
             QStringList({"bench", "k.py", "--kernel", "k", "--signature", "*fp32, 64", "--target", "cuda:90",
                          "--num-warps", "8", "--num-stages", "3", "--grid", "4,1", "--arg", "x=rand:64", "--arg",
                          "n=64", "--rep", "10", "--json"}));
    target.autotuneConfig = 2;
    QStringList autotuned = launchArguments(target, settings, false);
    QVERIFY(autotuned.contains(QStringLiteral("--config")));
    QVERIFY(!autotuned.contains(QStringLiteral("--num-warps")));
    QVERIFY(!autotuned.contains(QStringLiteral("--rep")));
    // The profiling toggle: scopes instrumented, the timeline of the programs asked for.
    settings.profileScopes = true;
    settings.timelinePrograms = QStringLiteral(" 0,5 ");
    QStringList profiled = launchArguments(target, settings, false);
    QCOMPARE(profiled.mid(profiled.indexOf(QStringLiteral("--profile-scopes")), 3),
             QStringList({"--profile-scopes", "--trace-programs", "0,5"}));
    settings.profileScopes = false;
    QVERIFY(!launchArguments(target, settings, false).contains(QStringLiteral("--trace-programs")));
  }

  void resultsMarkTheBest() {
    TuningResultsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setConfigs(sweepConfigs({2, 4, 8}, {3}, {}));
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.index(0, TuningResultsModel::StatusColumn).data().toString(), QStringLiteral("pending"));
    QCOMPARE(model.bestRow(), -1);
    model.setRunning(0);
    QCOMPARE(model.index(0, TuningResultsModel::StatusColumn).data().toString(), QStringLiteral("running…"));
    model.setResult(0, timed(2.0), 2e9);
    QCOMPARE(model.bestRow(), 0);
    model.setResult(1, timed(1.0), 2e9);
    QCOMPARE(model.bestRow(), 1);
    QCOMPARE(model.index(1, TuningResultsModel::StatusColumn).data().toString(), QStringLiteral("ok ★ best"));
    QCOMPARE(model.index(0, TuningResultsModel::StatusColumn).data().toString(), QStringLiteral("ok"));
    // 2 GFLOP in 1 ms: 2 TFLOP/s.
    QCOMPARE(model.index(1, TuningResultsModel::TflopsColumn).data().toString(), QStringLiteral("2.00"));
    RunRecord failed;
    failed.noDriver = true;
    failed.error = QStringLiteral("No GPU on this machine: cannot load libcuda");
    model.setResult(2, failed, 0);
    QCOMPARE(model.bestRow(), 1);
    QCOMPARE(model.index(2, TuningResultsModel::StatusColumn).data().toString(), QStringLiteral("no GPU"));
    QCOMPARE(model.index(2, TuningResultsModel::DetailColumn).data().toString(), failed.error);
    QVERIFY(model.index(1, 0).data(TuningResultsModel::BestRole).toBool());
    model.setConfigs(sweepConfigs({1}, {1, 2}, {}));
    model.setResult(0, timed(1.0), 0);
    model.cancelPending();
    QCOMPARE(model.index(1, TuningResultsModel::StatusColumn).data().toString(), QStringLiteral("cancelled"));
    QCOMPARE(model.index(0, TuningResultsModel::StatusColumn).data().toString(), QStringLiteral("ok ★ best"));
  }

};

QTEST_GUILESS_MAIN(TuningModelsTest)
#include "TuningModelsTest.moc"
