// The explorer's layout panel offscreen on compiled samples: a shared layout of the software-
// pipelined tensor-core matmul (cuda:80) drawn as one of its buffers with its swizzle phases,
// and the bank conflicts of every access of its buffers (cp.async writes, ldmatrix reads), all
// recomputed here through layoutviz; the softmax load followed across passes.
#include "ExplorerTestMain.h"
#include "LayoutCanvas.h"
#include "LayoutPanel.h"
#include "LayoutTestSupport.h"
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
using namespace layout_tests;
namespace lv = trex::layoutviz;

namespace {

const QString kMatmul = QStringLiteral(TREX_SAMPLES_DIR "/matmul.py");
const QString kMatmulSignature = QStringLiteral(
    "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 64, 64, 32, 8");
const QString kSoftmax = QStringLiteral(TREX_SAMPLES_DIR "/fused_softmax.py");
const QString kSoftmaxSignature = QStringLiteral("*fp32:16, *fp32:16, i32:16, i32:16, i32:16, 1024");

QColor qtColour(const lv::HslColour &colour) {
  return QColor::fromHsl(colour.hue, colour.saturationPercent * 255 / 100, colour.lightnessPercent * 255 / 100);
}

// The `contiguity = N` the line's async copy carries, read here independently.
int contiguityOn(const QString &line) {
  return QRegularExpression(QStringLiteral(R"(contiguity = (\d+))"))
      .match(line)
      .captured(1)
      .toInt();
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
    // Software pipelining: A lives in a 2-buffer #shared allocation (num_stages 3 - 1), filled
    // by cp.async through memdesc_index views and read back as an mma.sync operand.
    int allocLine = lineContaining(ttgir, QStringLiteral("ttg.local_alloc"), QStringLiteral("#shared,"));
    QList<int> copyLines = linesContaining(ttgir, QStringLiteral("ttg.async_copy_global_to_local"),
                                           QStringLiteral("#shared,"));
    int loadLine = lineContaining(ttgir, QStringLiteral("ttg.local_load"), QStringLiteral("#shared,"));
    QVERIFY2(allocLine > 0 && loadLine > 0 && copyLines.size() >= 2, qPrintable(ttgir));
    const QString allocText = lineText(ttgir, allocLine);
    QVERIFY2(allocText.contains(QLatin1String("!ttg.memdesc<2x64x32xf16, #shared")),
             qPrintable(allocText));
    window.selectLine(QStringLiteral("ttgir"), allocLine, allocText.indexOf(QLatin1String("#shared,")) + 2);
    LayoutPanel *panel = window.layoutPanel();
    QVERIFY2(panel->problem().isEmpty(), qPrintable(panel->problem()));
    // One buffer is drawn (the trailing 64x32), and the status says there are two.
    QVERIFY2(panel->statusText().contains(QLatin1String("64x32xf16")) &&
                 panel->statusText().contains(QLatin1String("2 buffers, one drawn")),
             qPrintable(panel->statusText()));

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

    // One row per access of the #shared buffers, in text order: the cp.async writes (prologue
    // and loop) and the ldmatrix read.
    BankConflictModel *conflicts = panel->bankConflicts();
    QCOMPARE(conflicts->rowCount(), static_cast<int>(copyLines.size()) + 1);
    // Copies: the edits below reset the model. Rows are in text order: prologue copies, the
    // read in the loop, the loop's copies for later iterations.
    std::vector<SharedAccessFigure> figures;
    SharedAccessFigure load;
    int loadRow = -1;
    for (int row = 0; row < conflicts->rowCount(); ++row) {
      if (conflicts->figures()[row].access.kind == SharedAccessKind::Load) {
        load = conflicts->figures()[row];
        loadRow = row;
      } else {
        figures.push_back(conflicts->figures()[row]);
      }
    }
    QVERIFY(loadRow > 0);
    QCOMPARE(load.access.line, loadLine);
    QVERIFY(!load.access.isStore);
    const QString copyRegisters = aliasDefinition(ttgir, figures[0].access.registers.name);
    QVERIFY(copyRegisters.startsWith(QLatin1String("#ttg.blocked<{sizePerThread = [1, 8]")));
    lv::BankConflictReport expectedCopy =
        lv::analyzeBankConflicts(linearOf(copyRegisters, {64, 32}), sharedLinear, {16, 8});
    for (int i = 0; i < copyLines.size(); ++i) {
      const SharedAccessFigure &copy = figures[i];
      QCOMPARE(copy.access.line, copyLines[i]);
      QCOMPARE(copy.access.kind, SharedAccessKind::AsyncCopy);
      QVERIFY(copy.access.isStore);
      // The lowering's width: 8 contiguous f16 per lane (sizePerThread) and contiguity 8, so
      // 16-byte cp.async.cg; a copy moves f16, not the pointers of its source tensor.
      QCOMPARE(contiguityOn(lineText(ttgir, copyLines[i])), 8);
      QCOMPARE(copy.vectorWidth, 8);
      QCOMPARE(copy.elementBits, 16);
      QCOMPARE(copy.instruction, QStringLiteral("cp.async.cg 16 B/lane"));
      QVERIFY2(copy.report, qPrintable(copy.problem));
      QVERIFY(sameReport(*copy.report, expectedCopy));
    }
    // The mma.sync A operand (kWidth 2) has pairs along K, read with ldmatrix.x4 on sm_80.
    QCOMPARE(load.vectorWidth, 2);
    QCOMPARE(load.instruction, QStringLiteral("ldmatrix.x4"));
    QVERIFY(load.report && load.plainReport);
    QVERIFY(load.access.registers.attribute.startsWith(QLatin1String("#ttg.dot_op<{opIdx = 0")));
    QVERIFY(sameReport(*load.plainReport,
                       lv::analyzeBankConflicts(linearOf(load.access.registers.attribute, {64, 32}),
                                                sharedLinear, {16, 2})));
    // ldmatrix.x4 on the swizzled tile: four 8-lane phases of 128 bytes, no conflict.
    QCOMPARE(load.report->idealWavefronts, 4);
    QCOMPARE(load.report->maxWavefronts, 4);
    // The table shows those figures.
    QCOMPARE(conflicts->data(conflicts->index(0, BankConflictModel::WorstColumn)).toInt(),
             expectedCopy.maxWavefronts);
    QCOMPARE(conflicts->data(conflicts->index(0, BankConflictModel::TotalColumn)).toLongLong(),
             static_cast<qlonglong>(expectedCopy.totalWavefronts));
    QCOMPARE(conflicts->data(conflicts->index(0, BankConflictModel::InstructionColumn)).toString(),
             QStringLiteral("cp.async.cg 16 B/lane"));
    QCOMPARE(
        conflicts->data(conflicts->index(loadRow, BankConflictModel::CollidingColumn)).toString(),
        QStringLiteral("none (conflict-free)"));

    // What if the buffer were not swizzled: the figures follow the edited attribute, and the
    // ldmatrix read now collides (its 8 rows of 64 bytes share banks pairwise).
    const QString unswizzled = QStringLiteral("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>");
    auto *field = panel->findChild<QLineEdit *>();
    QVERIFY(field);
    field->setText(unswizzled);
    QTest::keyClick(field, Qt::Key_Return);
    QCOMPARE(conflicts->rowCount(), static_cast<int>(copyLines.size()) + 1);
    lv::LinearLayout plainLinear = linearOf(unswizzled, {64, 32});
    lv::BankConflictReport unswizzledCopy =
        lv::analyzeBankConflicts(linearOf(copyRegisters, {64, 32}), plainLinear, {16, 8});
    for (int row = 0; row < conflicts->rowCount(); ++row)
      if (row != loadRow)
        QVERIFY(sameReport(*conflicts->figures()[row].report, unswizzledCopy));
    const SharedAccessFigure &editedLoad = conflicts->figures()[loadRow];
    QVERIFY(sameReport(*editedLoad.plainReport,
                       lv::analyzeBankConflicts(linearOf(load.access.registers.attribute, {64, 32}),
                                                plainLinear, {16, 2})));
    // Rows of 64 bytes: the 8 rows of one matrix fall on 2 groups of 4 banks, 4 rows each, so
    // each of the 4 phases takes 4 wavefronts.
    QCOMPARE(editedLoad.report->maxWavefronts, 16);
    QCOMPARE(editedLoad.report->idealWavefronts, 4);
    const QString colliding =
        conflicts->data(conflicts->index(loadRow, BankConflictModel::CollidingColumn)).toString();
    QVERIFY2(colliding.startsWith(QLatin1String("bank ")), qPrintable(colliding));
    QVERIFY(conflicts->details(loadRow).contains(QLatin1String("ask for words")));
    QCOMPARE(canvas->swizzlePhase(2, 0), int64_t(0));
  }

  void memdescValueSelectsItsBuffer() {
    MainWindow window;
    window.setTarget(QStringLiteral("cuda:80"));
    QVERIFY(window.openPath(kMatmul, QStringLiteral("matmul_kernel"), kMatmulSignature));
    QVERIFY(window.compileAndWait());
    window.showAllStages();
    const QString ttgir = window.stageModel()->text("ttgir");
    LayoutPanel *panel = window.layoutPanel();
    BankConflictModel *conflicts = panel->bankConflicts();
    // The B tile's local_load: its operand is a memdesc_index view (by the loop's buffer index)
    // of the 2-buffer #shared1 allocation.
    int loadLine = lineContaining(ttgir, QStringLiteral("ttg.local_load"), QStringLiteral("#shared1,"));
    QList<int> copyLines = linesContaining(ttgir, QStringLiteral("ttg.async_copy_global_to_local"),
                                           QStringLiteral("#shared1,"));
    QVERIFY(loadLine > 0 && !copyLines.isEmpty());
    const QString text = lineText(ttgir, loadLine);
    int operand = text.indexOf('%', text.indexOf(QLatin1String("ttg.local_load")));
    window.selectLine(QStringLiteral("ttgir"), loadLine, operand + 2);
    QVERIFY2(panel->problem().isEmpty(), qPrintable(panel->problem()));
    QVERIFY(panel->statusText().contains(QLatin1String("#shared1")));
    // The view's index is the loop's (no constant): named as it is written.
    QVERIFY2(QRegularExpression(QStringLiteral(R"(buffer %\S+ of 2)"))
                 .match(panel->statusText())
                 .hasMatch(),
             qPrintable(panel->statusText()));
    // Every access of that buffer through any of its views: the cp.async writes and the read.
    QCOMPARE(conflicts->rowCount(), static_cast<int>(copyLines.size()) + 1);
    QList<int> rowLines;
    SharedAccessFigure load;
    for (const SharedAccessFigure &figure : conflicts->figures()) {
      rowLines << figure.access.line;
      if (figure.access.kind == SharedAccessKind::Load)
        load = figure;
      else
        QCOMPARE(figure.access.operation, QStringLiteral("ttg.async_copy_global_to_local"));
    }
    QList<int> expectedLines = copyLines;
    expectedLines << loadLine;
    std::sort(expectedLines.begin(), expectedLines.end());
    QCOMPARE(rowLines, expectedLines);
    QCOMPARE(load.access.line, loadLine);
    // B is N-contiguous: one f16 per register along the buffer's order, read with ldmatrix.trans.
    QCOMPARE(load.vectorWidth, 1);
    QCOMPARE(load.instruction, QStringLiteral("ldmatrix.x4.trans"));

    // The allocation itself: one 32x64 buffer of two drawn, the same accesses.
    int allocLine =
        lineContaining(ttgir, QStringLiteral("ttg.local_alloc"), QStringLiteral("#shared1,"));
    QVERIFY(allocLine > 0);
    window.selectLine(QStringLiteral("ttgir"), allocLine,
                      lineText(ttgir, allocLine).indexOf('%') + 1);
    QVERIFY2(panel->problem().isEmpty(), qPrintable(panel->problem()));
    QVERIFY2(panel->statusText().contains(QLatin1String("32x64xf16")) &&
                 panel->statusText().contains(QLatin1String("2 buffers, one drawn")),
             qPrintable(panel->statusText()));
    QCOMPARE(panel->canvas()->rows(), 32);
    QCOMPARE(panel->canvas()->columns(), 64);
    QCOMPARE(conflicts->rowCount(), static_cast<int>(copyLines.size()) + 1);

    // A prologue view takes buffer [%c1_i32]: the status names the constant's value.
    int viewLine =
        lineContaining(ttgir, QStringLiteral("ttg.memdesc_index"), QStringLiteral("[%c1_i32]"));
    QVERIFY(viewLine > 0);
    window.selectLine(QStringLiteral("ttgir"), viewLine,
                      lineText(ttgir, viewLine).indexOf('%') + 1);
    QVERIFY2(panel->problem().isEmpty(), qPrintable(panel->problem()));
    QVERIFY2(panel->statusText().contains(QLatin1String("buffer 1 of 2")),
             qPrintable(panel->statusText()));

    // The first cp.async's destination operand: the view of buffer [%c0_i32] it writes; and the
    // memdesc type the copy prints without its dialect prefix.
    const QString copyText = lineText(ttgir, copyLines.front());
    const int destination =
        copyText.indexOf(QLatin1String(", %"), copyText.indexOf(QLatin1String("async_copy"))) + 3;
    QVERIFY(destination > 3);
    window.selectLine(QStringLiteral("ttgir"), copyLines.front(), destination);
    QVERIFY2(panel->problem().isEmpty(), qPrintable(panel->problem()));
    QVERIFY2(panel->statusText().contains(QLatin1String("buffer 0 of 2")),
             qPrintable(panel->statusText()));
    QCOMPARE(conflicts->rowCount(), static_cast<int>(copyLines.size()) + 1);
    window.selectLine(QStringLiteral("ttgir"), copyLines.front(),
                      copyText.indexOf(QLatin1String("-> <")) + 6);
    QVERIFY2(panel->problem().isEmpty(), qPrintable(panel->problem()));
    QVERIFY2(panel->statusText().startsWith(QLatin1String("#shared1, 32x64xf16")),
             qPrintable(panel->statusText()));

    // The value the read produces: the mma.sync B operand layout, drawn as layoutviz places it.
    window.selectLine(QStringLiteral("ttgir"), loadLine, text.indexOf('%') + 1);
    QVERIFY2(panel->problem().isEmpty(), qPrintable(panel->problem()));
    const QString operandLayout = load.access.registers.attribute;
    QVERIFY(operandLayout.startsWith(QLatin1String("#ttg.dot_op<{opIdx = 1")));
    QCOMPARE(panel->canvas()->rows(), 32);
    QVERIFY(canvasShowsLabels(*panel->canvas(),
                              expectedThreadLabels(linearOf(operandLayout, {32, 64})), 64));
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

TREX_EXPLORER_TEST_MAIN(ExplorerLayoutTest)
#include "ExplorerLayoutTest.moc"
