// The run panel's profiling timeline model: a run's JSON answer (trex run --profile-scopes
// --json) read into one lane per warp, bars with their nesting, hover text, programs to pick,
// and the zoom window.
#include "ProfileTimelineModel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

using namespace trex::explorer;

namespace {

// Program 0: two warps, an outer scope with an inner one; program 3: one bar.
const QByteArray kAnswer = R"({
 "kernel": "softmax_kernel",
 "profile": {
  "scopes": [{"name": "outer"}, {"name": "inner"}],
  "timeline": {
   "3": [{"warp": 0, "scope": "outer", "start": 0, "cycles": 50, "depth": 0}],
   "0": [{"warp": 0, "scope": "inner", "start": 5, "cycles": 20, "depth": 1},
         {"warp": 0, "scope": "outer", "start": 0, "cycles": 100, "depth": 0},
         {"warp": 1, "scope": "inner", "start": 15, "cycles": 30, "depth": 1},
         {"warp": 1, "scope": "outer", "start": 10, "cycles": 110, "depth": 0}]
  }
 }
})";

} // namespace

class ProfileTimelineModelTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void lanesAndBars() {
    ProfileTimelineModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(model.setRunOutput(kAnswer));
    QCOMPARE(model.programs(), (QStringList{QStringLiteral("0"), QStringLiteral("3")}));
    QCOMPARE(model.program(), QStringLiteral("0"));
    QCOMPARE(model.laneCount(), 2);
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.span(), qint64(120));
    // Ordered by warp, then start: the outer bar first.
    std::vector<TimelineBar> lane0 = model.barsOfLane(0);
    QCOMPARE(lane0.size(), size_t(2));
    QCOMPARE(lane0[0].scope, QStringLiteral("outer"));
    QCOMPARE(lane0[1].scope, QStringLiteral("inner"));
    QCOMPARE(model.scopes(), (QStringList{QStringLiteral("outer"), QStringLiteral("inner")}));
    QCOMPARE(model.data(model.index(1, ProfileTimelineModel::CyclesColumn)).toLongLong(), 20);
    QCOMPARE(model.headerData(ProfileTimelineModel::CyclesColumn, Qt::Horizontal, Qt::DisplayRole)
                 .toString(),
             QStringLiteral("Cycles"));
  }

  void hoverFindsTheInnermostBar() {
    ProfileTimelineModel model;
    QVERIFY(model.setRunOutput(kAnswer));
    int inner = model.barAt(0, 10);
    QVERIFY(inner >= 0);
    QCOMPARE(model.bars()[size_t(inner)].scope, QStringLiteral("inner"));
    int outer = model.barAt(0, 50);
    QCOMPARE(model.bars()[size_t(outer)].scope, QStringLiteral("outer"));
    QCOMPARE(model.barAt(0, 500), -1);
    QCOMPARE(model.barAt(7, 10), -1);
    QCOMPARE(ProfileTimelineModel::hoverText(model.bars()[size_t(inner)]),
             QStringLiteral("inner: 20 cycles (warp 0, cycles 5 to 25)"));
    QCOMPARE(model.data(model.index(inner, 0), Qt::ToolTipRole).toString(),
             QStringLiteral("inner: 20 cycles (warp 0, cycles 5 to 25)"));
  }

  void otherProgramAndNoProfile() {
    ProfileTimelineModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(model.setRunOutput(kAnswer));
    QVERIFY(model.showProgram(QStringLiteral("3")));
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.laneCount(), 1);
    QVERIFY(!model.showProgram(QStringLiteral("9")));
    QCOMPARE(model.program(), QStringLiteral("3"));
    QVERIFY(!model.setRunOutput(R"({"kernel": "k", "outputs": {}})"));
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.laneCount(), 0);
    QVERIFY(!model.setRunOutput("not json"));
    QCOMPARE(model.rowCount(), 0);
  }

  void zoomKeepsTheAnchorAndStaysInside() {
    ProfileTimelineModel model;
    QVERIFY(model.setRunOutput(kAnswer));
    QSignalSpy changed(&model, &ProfileTimelineModel::windowChanged);
    QCOMPARE(model.windowStart(), qint64(0));
    QCOMPARE(model.windowWidth(), qint64(120));
    model.zoom(4, 60); // around the middle: 30 cycles wide, 60 stays at the same place
    QCOMPARE(model.windowWidth(), qint64(30));
    QCOMPARE(model.windowStart(), qint64(45));
    QCOMPARE(changed.count(), 1);
    model.zoom(100, 50); // never narrower than 16 cycles
    QCOMPARE(model.windowWidth(), qint64(16));
    model.zoom(0.001, 0); // never wider than the span, never before 0
    QCOMPARE(model.windowWidth(), qint64(120));
    QCOMPARE(model.windowStart(), qint64(0));
    model.zoom(2, 120);
    QCOMPARE(model.windowStart() + model.windowWidth(), qint64(120));
    model.resetZoom();
    QCOMPARE(model.windowWidth(), qint64(120));
  }
};

QTEST_GUILESS_MAIN(ProfileTimelineModelTest)
#include "ProfileTimelineModelTest.moc"
