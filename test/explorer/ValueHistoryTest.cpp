// ValueHistory and LayoutHistoryModel: a value found again after passes that rename it, by its
// operation and resolved source location.
#include "LayoutHistoryModel.h"
#include "ValueHistory.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace trex::explorer;

namespace {

PassRecord pass(const std::string &argument, const std::string &ir) {
  PassRecord record;
  record.name = argument;
  record.argument = argument;
  record.ir = ir;
  record.kind = PassRecord::IRKind::MLIR;
  return record;
}

// Before layouts: the load has no encoding.
const char *const kTtir = R"(module {
  tt.func @k(%p: tensor<1024x!tt.ptr<f32>>) {
    %x = tt.load %p : tensor<1024x!tt.ptr<f32>> loc(#loc3)
    %y = tt.load %p : tensor<1024x!tt.ptr<f32>> loc(#loc4)
    tt.return loc(#loc1)
  } loc(#loc1)
} loc(#loc1)
#loc1 = loc("k.py":1:0)
#loc3 = loc("k.py":5:16)
#loc4 = loc("k.py":6:16)
)";

// Two loads at one location (an unrolled loop, say): the second is the one followed.
const char *const kConverted = R"(#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module {
  tt.func @k(%p: tensor<1024x!tt.ptr<f32>, #blocked>) {
    %x = tt.load %p : tensor<1024x!tt.ptr<f32>, #blocked> loc(#loc3)
    %x_0 = tt.load %p : tensor<1024x!tt.ptr<f32>, #blocked> loc(#loc3)
    %y = tt.load %p : tensor<1024x!tt.ptr<f32>, #blocked> loc(#loc4)
    tt.return loc(#loc1)
  } loc(#loc1)
} loc(#loc1)
#loc1 = loc("k.py":1:0)
#loc3 = loc("k.py":5:16)
#loc4 = loc("k.py":6:16)
)";

// Renamed values, renumbered location aliases (one through a named location), new layout.
const char *const kCoalesced = R"(#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module {
  tt.func @k(%p: tensor<1024x!tt.ptr<f32>, #blocked>) {
    %0 = ttg.convert_layout %p : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #blocked1> loc(#loc7)
    %x_5 = tt.load %0 : tensor<1024x!tt.ptr<f32>, #blocked1> loc(#loc7)
    %x_6 = tt.load %0 : tensor<1024x!tt.ptr<f32>, #blocked1> loc(#loc7)
    %y_7 = tt.load %0 : tensor<1024x!tt.ptr<f32>, #blocked1> loc(#loc8)
    tt.return loc(#loc1)
  } loc(#loc1)
} loc(#loc1)
#loc1 = loc("k.py":1:0)
#loc7 = loc("k.py":5:16)
#loc8 = loc("k.py":6:16)
)";

} // namespace

class ValueHistoryTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void anchorsResolveLocationAliases() {
    const QString ir = QString::fromLatin1(kConverted);
    ValueAnchor anchor = valueAnchor(ir, QStringLiteral("%x_0"));
    QCOMPARE(anchor.operation, QStringLiteral("tt.load"));
    QCOMPARE(anchor.location, QStringLiteral("\"k.py\":5:16"));
    QCOMPARE(anchor.occurrence, 1);
    // By line: the value line 6 defines.
    ValueAnchor byLine = valueAnchor(ir, QString(), 6);
    QCOMPARE(byLine.valueName, QStringLiteral("%y"));
    QCOMPARE(byLine.occurrence, 0);
    // A function argument has no defining operation: followed by name.
    ValueAnchor argument = valueAnchor(ir, QStringLiteral("%p"));
    QVERIFY(argument.isValid());
    QVERIFY(!argument.hasLocation());
    QCOMPARE(anchoredValue(QString::fromLatin1(kCoalesced), argument).name, QStringLiteral("#blocked"));
  }

  void historyFollowsRenamedValues() {
    std::vector<PassRecord> passes = {pass("convert-triton-to-tritongpu", kConverted), pass("tritongpu-coalesce", kCoalesced)};
    passes.insert(passes.begin(), pass("canonicalize", kTtir));
    ValueAnchor anchor = valueAnchor(QString::fromLatin1(kCoalesced), QStringLiteral("%x_6"));
    QCOMPARE(anchor.occurrence, 1);
    std::vector<LayoutHistoryEntry> history = layoutHistory(anchor, passes);
    // Not in the ttir (no layout), then after both ttgir passes.
    QCOMPARE(history.size(), size_t(2));
    QCOMPARE(history[0].passRow, 1);
    QCOMPARE(history[0].value.valueName, QStringLiteral("%x_0"));
    QVERIFY(history[0].value.attribute.contains(QLatin1String("sizePerThread = [1]")));
    QCOMPARE(history[1].value.valueName, QStringLiteral("%x_6"));
    QCOMPARE(history[1].value.name, QStringLiteral("#blocked1"));
    QVERIFY(history[1].value.attribute.contains(QLatin1String("sizePerThread = [4]")));
    QVERIFY(history[0].changed && history[1].changed);

    LayoutHistoryModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setHistory(anchor, history);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.rowOfPass(QStringLiteral("tritongpu-coalesce")), 1);
    QCOMPARE(model.data(model.index(1, LayoutHistoryModel::PassColumn)).toInt(), 3);
    QCOMPARE(model.data(model.index(1, LayoutHistoryModel::ValueColumn)).toString(), QStringLiteral("%x_6"));
    QVERIFY(model.data(model.index(1, LayoutHistoryModel::LayoutColumn)).toString().startsWith(QLatin1String("#blocked1 = #ttg.blocked")));
    QCOMPARE(model.data(model.index(1, 0), LayoutHistoryModel::AttributeRole).toString(), history[1].value.attribute);
  }

  void unchangedLayoutsAreNotMarked() {
    std::vector<PassRecord> passes = {pass("a", kConverted), pass("b", kConverted)};
    std::vector<LayoutHistoryEntry> history = layoutHistory(valueAnchor(QString::fromLatin1(kConverted), QStringLiteral("%y")), passes);
    QCOMPARE(history.size(), size_t(2));
    QVERIFY(history[0].changed);
    QVERIFY(!history[1].changed);
  }
};

QTEST_GUILESS_MAIN(ValueHistoryTest)
#include "ValueHistoryTest.moc"
