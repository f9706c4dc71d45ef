// The explorer's layout panel offscreen on compiled samples: a shared layout of the tensor-core
// matmul (cuda:80) drawn with its swizzle phases and its accesses' bank conflicts, both
// recomputed here through layoutviz; the softmax load followed across passes.
#include "LayoutCanvas.h"
#include "LayoutPanel.h"
#include "MainWindow.h"

#include "layoutviz/AttributeText.h"
#include "layoutviz/BankConflicts.h"
#include "layoutviz/CellColours.h"
#include "layoutviz/SharedOffsetGrid.h"

#include <QLineEdit>
#include <QRegularExpression>
#include <QTableView>
#include <QtTest>

using namespace trex::explorer;
namespace lv = trex::layoutviz;

namespace {

const QString kMatmul = QStringLiteral(TREX_SAMPLES_DIR "/matmul.py");
const QString kMatmulSignature = QStringLiteral(
    "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 64, 64, 32, 8");
const QString kSoftmax = QStringLiteral(TREX_SAMPLES_DIR "/fused_softmax.py");
const QString kSoftmaxSignature = QStringLiteral("*fp32:16, *fp32:16, i32:16, i32:16, i32:16, 1024");

int lineContaining(const QString &text, const QString &needle, const QString &also = QString()) {
  const QStringList lines = text.split('\n');
  for (int i = 0; i < lines.size(); ++i)
    if (lines[i].contains(needle) && (also.isEmpty() || lines[i].contains(also)))
      return i + 1;
  return 0;
}

// The definition of `#alias` in `ir`, found independently of the explorer's own scanner.
QString aliasDefinition(const QString &ir, const QString &alias) {
  QRegularExpression definition(QStringLiteral("^%1 = (#ttg\\..*)$").arg(QRegularExpression::escape(alias)),
                                QRegularExpression::MultilineOption);
  return definition.match(ir).captured(1);
}

lv::LinearLayout linearOf(const QString &attribute, const std::vector<int64_t> &shape) {
  return lv::toLinearLayout(lv::parseLayoutAttributeOrThrow(attribute.toStdString()), shape);
}

QColor qtColour(const lv::HslColour &colour) {
  return QColor::fromHsl(colour.hue, colour.saturationPercent * 255 / 100, colour.lightnessPercent * 255 / 100);
}

void compareReports(const lv::BankConflictReport &shown, const lv::BankConflictReport &expected) {
  QCOMPARE(shown.maxWavefronts, expected.maxWavefronts);
  QCOMPARE(shown.idealWavefronts, expected.idealWavefronts);
  QCOMPARE(shown.totalWavefronts, expected.totalWavefronts);
  QCOMPARE(shown.instructions.size(), expected.instructions.size());
}

} // namespace

class ExplorerLayoutTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName(QStringLiteral("trex-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("explorer-layout-test"));
  }

  void sharedLayoutShowsSwizzlePhasesAndBankConflicts() {
    MainWindow window;
    window.resize(1600, 1000);
    window.setTarget(QStringLiteral("cuda:80"));
    QVERIFY(window.openPath(kMatmul, QStringLiteral("matmul_kernel"), kMatmulSignature));
    QVERIFY(window.compileAndWait());
    window.showAllStages();
    const QString ttgir = window.stageModel()->text("ttgir");
    // Tensor cores: A is stored to #shared and read back as an mma.sync operand.
    int allocLine = lineContaining(ttgir, QStringLiteral("ttg.local_alloc"), QStringLiteral("#shared,"));
    int loadLine = lineContaining(ttgir, QStringLiteral("ttg.local_load"), QStringLiteral("#shared,"));
    QVERIFY2(allocLine > 0 && loadLine > 0, qPrintable(ttgir));
    const QString allocText = ttgir.split('\n')[allocLine - 1];
    window.selectLine(QStringLiteral("ttgir"), allocLine, allocText.indexOf(QLatin1String("#shared,")) + 2);
    LayoutPanel *panel = window.layoutPanel();
    QVERIFY2(panel->problem().isEmpty(), qPrintable(panel->problem()));

    // The drawn offsets and swizzle phases are layoutviz's for the #shared definition.
    const QString shared = aliasDefinition(ttgir, QStringLiteral("#shared"));
    QVERIFY(shared.startsWith(QLatin1String("#ttg.swizzled_shared<{vec = 8")));
    lv::LinearLayout sharedLinear = linearOf(shared, {64, 32});
    lv::SharedOffsetGrid grid = lv::sharedOffsetGrid(sharedLinear);
    LayoutCanvas *canvas = panel->canvas();
    QCOMPARE(canvas->rows(), 64);
    QCOMPARE(canvas->columns(), 32);
    int swizzledCells = 0;
    for (int row = 0; row < 64; ++row)
      for (int column = 0; column < 32; ++column) {
        int64_t element = grid.elementAt(row, column);
        QCOMPARE(canvas->cellLabel(row, column), QString::number(grid.offset[element]));
        QCOMPARE(canvas->swizzlePhase(row, column), grid.swizzlePhase[element]);
        swizzledCells += grid.swizzlePhase[element] != 0;
      }
    QVERIFY(swizzledCells > 0);
    // perPhase 2: rows 2 and 3 have phase vec = 8 (their 8-element groups swap pairwise), and
    // the painted pixels have the SVG's colour for it.
    QCOMPARE(canvas->swizzlePhase(2, 0), int64_t(8));
    QCOMPARE(canvas->cellLabel(2, 0), QStringLiteral("72"));
    QImage painted = canvas->grab().toImage();
    QPoint inside = canvas->cellRect(2, 0).topLeft() + QPoint(3, 3);
    QCOMPARE(painted.pixelColor(inside).rgb(), qtColour(lv::swizzlePhaseColour(8)).rgb());
    QCOMPARE(painted.pixelColor(canvas->cellRect(0, 0).topLeft() + QPoint(3, 3)).rgb(),
             qtColour(lv::swizzlePhaseColour(0)).rgb());

    // One row per access of the #shared buffers: the store of the loaded tile, the ldmatrix read.
    BankConflictModel *conflicts = panel->bankConflicts();
    QCOMPARE(conflicts->rowCount(), 2);
    const SharedAccessFigure store = conflicts->figures()[0]; // copies: edits below reset the model
    const SharedAccessFigure load = conflicts->figures()[1];
    QCOMPARE(store.access.line, allocLine);
    QVERIFY(store.access.isStore);
    QCOMPARE(load.access.line, loadLine);
    QVERIFY(!load.access.isStore);
    // The store moves sizePerThread = 8 contiguous f16 (16 bytes) per lane; the mma.sync A
    // operand (kWidth 2) has pairs along K, read with ldmatrix.x4 on sm_80.
    QCOMPARE(store.vectorWidth, 8);
    QCOMPARE(store.elementBits, 16);
    QCOMPARE(load.vectorWidth, 2);
    QCOMPARE(load.instruction, QStringLiteral("ldmatrix.x4"));
    QVERIFY(store.report && load.report && load.plainReport);
    const QString storeRegisters = aliasDefinition(ttgir, store.access.registers.name);
    QVERIFY(storeRegisters.startsWith(QLatin1String("#ttg.blocked")));
    compareReports(*store.report, lv::analyzeBankConflicts(linearOf(storeRegisters, {64, 32}), sharedLinear, {16, 8}));
    QVERIFY(load.access.registers.attribute.startsWith(QLatin1String("#ttg.dot_op<{opIdx = 0")));
    compareReports(*load.plainReport,
                   lv::analyzeBankConflicts(linearOf(load.access.registers.attribute, {64, 32}), sharedLinear, {16, 2}));
    // ldmatrix.x4 on the swizzled tile: four 8-lane phases of 128 bytes, no conflict.
    QCOMPARE(load.report->idealWavefronts, 4);
    QCOMPARE(load.report->maxWavefronts, 4);
    // The table shows those figures.
    QCOMPARE(conflicts->data(conflicts->index(0, BankConflictModel::WorstColumn)).toInt(), store.report->maxWavefronts);
    QCOMPARE(conflicts->data(conflicts->index(0, BankConflictModel::TotalColumn)).toLongLong(),
             static_cast<qlonglong>(store.report->totalWavefronts));
    QCOMPARE(conflicts->data(conflicts->index(1, BankConflictModel::CollidingColumn)).toString(),
             QStringLiteral("none (conflict-free)"));

    // What if the buffer were not swizzled: the figures follow the edited attribute, and the
    // ldmatrix read now collides (its 8 rows of 64 bytes share banks pairwise).
    const QString unswizzled = QStringLiteral("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>");
    auto *field = panel->findChild<QLineEdit *>();
    QVERIFY(field);
    field->setText(unswizzled);
    QTest::keyClick(field, Qt::Key_Return);
    QCOMPARE(conflicts->rowCount(), 2);
    lv::LinearLayout plainLinear = linearOf(unswizzled, {64, 32});
    const SharedAccessFigure &editedStore = conflicts->figures()[0];
    const SharedAccessFigure &editedLoad = conflicts->figures()[1];
    compareReports(*editedStore.report,
                   lv::analyzeBankConflicts(linearOf(storeRegisters, {64, 32}), plainLinear, {16, 8}));
    compareReports(*editedLoad.plainReport,
                   lv::analyzeBankConflicts(linearOf(load.access.registers.attribute, {64, 32}), plainLinear, {16, 2}));
    // Rows of 64 bytes: the 8 rows of one matrix fall on 2 groups of 4 banks, 4 rows each, so
    // each of the 4 phases takes 4 wavefronts.
    QCOMPARE(editedLoad.report->maxWavefronts, 16);
    QCOMPARE(editedLoad.report->idealWavefronts, 4);
    const QString colliding = conflicts->data(conflicts->index(1, BankConflictModel::CollidingColumn)).toString();
    QVERIFY2(colliding.startsWith(QLatin1String("bank ")), qPrintable(colliding));
    QVERIFY(conflicts->details(1).contains(QLatin1String("ask for words")));
    QCOMPARE(canvas->swizzlePhase(2, 0), int64_t(0));
  }

  void memdescValueSelectsItsBuffer() {
    MainWindow window;
    window.setTarget(QStringLiteral("cuda:80"));
    QVERIFY(window.openPath(kMatmul, QStringLiteral("matmul_kernel"), kMatmulSignature));
    QVERIFY(window.compileAndWait());
    window.showAllStages();
    const QString ttgir = window.stageModel()->text("ttgir");
    // The B tile's local_load: its operand is the #shared1 buffer.
    int loadLine = lineContaining(ttgir, QStringLiteral("ttg.local_load"), QStringLiteral("#shared1,"));
    QVERIFY(loadLine > 0);
    const QString text = ttgir.split('\n')[loadLine - 1];
    int operand = text.indexOf('%', text.indexOf(QLatin1String("ttg.local_load")));
    window.selectLine(QStringLiteral("ttgir"), loadLine, operand + 2);
    LayoutPanel *panel = window.layoutPanel();
    QVERIFY2(panel->problem().isEmpty(), qPrintable(panel->problem()));
    QVERIFY(panel->statusText().contains(QLatin1String("#shared1")));
    BankConflictModel *conflicts = panel->bankConflicts();
    QCOMPARE(conflicts->rowCount(), 2);
    QCOMPARE(conflicts->figures()[0].access.operation, QStringLiteral("ttg.local_alloc"));
    QCOMPARE(conflicts->figures()[1].access.line, loadLine);
    // B is N-contiguous: one f16 per register along the buffer's order, read with ldmatrix.trans.
    QCOMPARE(conflicts->figures()[1].vectorWidth, 1);
    QCOMPARE(conflicts->figures()[1].instruction, QStringLiteral("ldmatrix.x4.trans"));
  }

  void softmaxLoadAcrossPasses() {
    MainWindow window;
    window.setTarget(QStringLiteral("cuda:90"));
    QVERIFY(window.openPath(kSoftmax, QStringLiteral("softmax_kernel"), kSoftmaxSignature));
    QVERIFY(window.compileAndWait());
    window.showAllStages();
    const QString ttgir = window.stageModel()->text("ttgir");
    int loadLine = lineContaining(ttgir, QStringLiteral("= tt.load"));
    QVERIFY(loadLine > 0);
    // A click on the operation (no token under the cursor) follows the value it defines.
    window.selectLine(QStringLiteral("ttgir"), loadLine, 0);
    LayoutPanel *panel = window.layoutPanel();
    LayoutHistoryModel *history = panel->history();
    QVERIFY2(history->anchor().hasLocation(), qPrintable(history->anchor().location));
    QCOMPARE(history->anchor().operation, QStringLiteral("tt.load"));
    int converted = history->rowOfPass(QStringLiteral("convert-triton-to-tritongpu"));
    int coalesced = history->rowOfPass(QStringLiteral("tritongpu-coalesce"));
    QVERIFY2(converted >= 0 && coalesced == converted + 1, qPrintable(QString::number(history->rowCount())));
    const LayoutHistoryEntry &before = history->entries()[converted];
    const LayoutHistoryEntry &after = history->entries()[coalesced];
    QVERIFY2(before.value.attribute.contains(QLatin1String("sizePerThread = [1]")), qPrintable(before.value.attribute));
    QVERIFY2(after.value.attribute.contains(QLatin1String("sizePerThread = [4]")), qPrintable(after.value.attribute));
    QVERIFY(after.changed);
    QCOMPARE(history->data(history->index(coalesced, LayoutHistoryModel::ChangedColumn)).toString(),
             QStringLiteral("changed"));
    // Clicking a row draws that pass's layout: one element per thread, then four.
    QTableView *table = panel->historyTable();
    table->show();
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(history->index(converted, 0)).center());
    QCOMPARE(panel->canvas()->cellLabel(0, 1), QStringLiteral("T1:0"));
    QVERIFY(panel->statusText().contains(QLatin1String("convert-triton-to-tritongpu")));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(history->index(coalesced, 0)).center());
    QCOMPARE(panel->canvas()->cellLabel(0, 1), QStringLiteral("T0:1"));
    // The ttir passes before the conversion hold the load without a layout: no rows for them.
    QCOMPARE(converted, 0);
  }
};

QTEST_MAIN(ExplorerLayoutTest)
#include "ExplorerLayoutTest.moc"
