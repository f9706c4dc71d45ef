// explorer-hopper-layout-test: the layout panel on Triton's sm_90 wgmma benchmark matmul.
// 128x256x64 tiles, 8 warps, 3 stages: cp.async into triple-buffered nvmma_shared tiles that
// wgmma reads. The shared layout, the wgmma accumulator and the bank-conflict table of every
// access of the buffers are each recomputed here through layoutviz and compared with real
// Triton's ttgir.
#include "ExplorerTestMain.h"
#include "LayoutCanvas.h"
#include "LayoutPanel.h"
#include "LayoutTestSupport.h"
#include "MainWindow.h"

#include "layoutviz/BankConflicts.h"
#include "layoutviz/SharedOffsetGrid.h"

#include <QFile>
#include <QLineEdit>
#include <QTableView>
#include <QtTest>

#include <map>
#include <memory>
#include <set>

using namespace trex::explorer;
using namespace layout_tests;
namespace lv = trex::layoutviz;

namespace {

const QString kMatmul = QStringLiteral(TREX_SAMPLES_DIR "/matmul.py");
// Triton's sm_90 benchmark configuration (the fixture matmul_f16_128x256x64_w8_s3).
const QString kSignature = QStringLiteral("*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, "
                                          "i32:16, 1, i32:16, 1, i32:16, 1, 128, 256, 64, 8");
const QString kFixtureTtgir = QStringLiteral(
    TREX_FIXTURES_DIR "/matmul_f16_128x256x64_w8_s3/sm90/matmul_f16_128x256x64_w8_s3.ttgir");

QString readText(const QString &path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// The model the table states, computed here from the nvmma_shared linear layout alone: per
// instruction of a warp group, the elements of its tile grouped into core matrices of 8
// consecutive rows (dim 0: M for A, K for B) x 16 bytes of the contiguous dim 1, each costing
// the largest number of distinct 4-byte words one of the 32 banks serves.
struct Tile {
  int32_t row0, rows;    // along dim 0 of the buffer
  int32_t col0, columns; // along dim 1
};

lv::BankConflictReport coreMatrixReport(const lv::LinearLayout &buffer,
                                        const std::vector<Tile> &instructions, int elementBytes) {
  // element -> offset, by inverting offset -> element.
  const std::vector<int32_t> sizes = buffer.getOutDimSizes();
  std::map<std::pair<int32_t, int32_t>, int64_t> offsetOf;
  for (int32_t offset = 0; offset < buffer.getInDimSize("offset"); ++offset) {
    lv::LinearLayout::Coordinates ins{{"offset", offset}};
    if (buffer.hasInDim("block"))
      ins.push_back({"block", 0});
    lv::LinearLayout::Coordinates out = buffer.apply(ins);
    offsetOf.emplace(std::make_pair(out[0].second, out[1].second), offset);
  }
  const int32_t chunk = 16 / elementBytes;
  lv::BankConflictReport report;
  for (const Tile &tile : instructions) {
    std::map<std::pair<int32_t, int32_t>, std::map<int, std::set<int64_t>>> banksOfCoreMatrix;
    for (int32_t r = tile.row0; r < tile.row0 + tile.rows; ++r)
      for (int32_t c = tile.col0; c < tile.col0 + tile.columns; ++c) {
        // The buffer's dim 1 is contiguous (transposed = false): 16 bytes run along it.
        std::pair<int32_t, int32_t> coreMatrix{(r - tile.row0) / 8, (c - tile.col0) / chunk};
        int64_t word = offsetOf.at({r, c}) * elementBytes / 4;
        banksOfCoreMatrix[coreMatrix][static_cast<int>(word % 32)].insert(word);
      }
    lv::InstructionWavefronts instruction;
    for (const auto &[coreMatrix, banks] : banksOfCoreMatrix) {
      size_t worst = 0;
      for (const auto &[bank, words] : banks)
        worst = std::max(worst, words.size());
      instruction.wavefronts += static_cast<int>(worst);
    }
    report.idealWavefronts = static_cast<int>(banksOfCoreMatrix.size());
    report.maxWavefronts = std::max(report.maxWavefronts, instruction.wavefronts);
    report.totalWavefronts += instruction.wavefronts;
    report.instructions.push_back(instruction);
  }
  return report;
}

} // namespace

class ExplorerHopperLayoutTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName(QStringLiteral("trex-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("explorer-hopper-layout-test"));
    // One compile for every test: the sm_90 pipeline of this kernel takes a few seconds.
    window = std::make_unique<MainWindow>();
    window->resize(1600, 1000);
    window->setTarget(QStringLiteral("cuda:90"));
    window->setNumWarps(8);
    QVERIFY(window->openPath(kMatmul, QStringLiteral("matmul_kernel"), kSignature));
    QVERIFY(window->compileAndWait());
    window->showAllStages();
    ttgir = window->stageModel()->text("ttgir");
    QVERIFY(ttgir.contains(QLatin1String("ttng.warp_group_dot ")));
    // trex's layouts are real Triton's.
    const QString fixture = readText(kFixtureTtgir);
    QVERIFY2(!fixture.isEmpty(), qPrintable(kFixtureTtgir));
    for (const QString alias : {QStringLiteral("#shared"), QStringLiteral("#mma"),
                                QStringLiteral("#blocked"), QStringLiteral("#blocked1")}) {
      QVERIFY(!aliasDefinition(fixture, alias).isEmpty());
      QCOMPARE(aliasDefinition(ttgir, alias), aliasDefinition(fixture, alias));
    }
  }

  void nvmmaSharedBufferAndItsAccesses() {
    const int allocLine =
        lineContaining(ttgir, QStringLiteral("ttg.local_alloc"), QStringLiteral("#shared,"));
    QVERIFY(allocLine > 0);
    const QString allocText = lineText(ttgir, allocLine);
    QVERIFY2(allocText.contains(QLatin1String("!ttg.memdesc<3x128x64xf16, #shared")),
             qPrintable(allocText));
    window->selectLine(QStringLiteral("ttgir"), allocLine,
                       allocText.indexOf(QLatin1String("#shared,")) + 2);
    LayoutPanel *panel = window->layoutPanel();
    QVERIFY2(panel->problem().isEmpty(), qPrintable(panel->problem()));
    QVERIFY2(panel->statusText().contains(QLatin1String("128x64xf16")) &&
                 panel->statusText().contains(QLatin1String("3 buffers, one drawn")),
             qPrintable(panel->statusText()));

    // One 128x64 buffer: offsets and swizzle phases as layoutviz has them.
    const QString shared = aliasDefinition(ttgir, QStringLiteral("#shared"));
    QCOMPARE(shared, QStringLiteral("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = "
                                    "false, elementBitWidth = 16}>"));
    lv::LinearLayout aLinear = linearOf(shared, {128, 64});
    lv::SharedOffsetGrid grid = lv::sharedOffsetGrid(aLinear);
    LayoutCanvas *canvas = panel->canvas();
    QCOMPARE(canvas->rows(), 128);
    QCOMPARE(canvas->columns(), 64);
    for (int row = 0; row < 128; ++row)
      for (int column = 0; column < 64; ++column) {
        int64_t element = grid.elementAt(row, column);
        QCOMPARE(canvas->cellLabel(row, column), QString::number(grid.offset[element]));
        QCOMPARE(canvas->swizzlePhase(row, column), grid.swizzlePhase[element]);
      }
    // 128-byte rows, each 16-byte chunk XOR-ed with the row (mod 8): row 1 starts with chunk 1.
    QCOMPARE(canvas->cellLabel(1, 0), QStringLiteral("72"));
    QCOMPARE(canvas->swizzlePhase(1, 0), int64_t(8));
    QCOMPARE(canvas->cellLabel(8, 0), QStringLiteral("512"));

    // Every access of a #shared buffer, in text order: cp.async writes of A and B (prologue and
    // loop), and the warp_group_dot reading both.
    const QList<int> copyLines =
        linesContaining(ttgir, QStringLiteral("ttg.async_copy_global_to_local"));
    const int dotLine = lineContaining(ttgir, QStringLiteral("ttng.warp_group_dot "));
    QCOMPARE(copyLines.size(), 6);
    BankConflictModel *conflicts = panel->bankConflicts();
    QCOMPARE(conflicts->rowCount(), 8);
    const std::vector<SharedAccessFigure> &figures = conflicts->figures();
    int copies = 0;
    std::vector<const SharedAccessFigure *> reads;
    for (const SharedAccessFigure &figure : figures) {
      if (figure.access.kind == SharedAccessKind::AsyncCopy) {
        QCOMPARE(figure.access.line, copyLines[copies++]);
        QCOMPARE(figure.instruction, QStringLiteral("cp.async.cg 16 B/lane"));
        QCOMPARE(figure.vectorWidth, 8);
        const QString registers = aliasDefinition(ttgir, figure.access.registers.name);
        const std::vector<int64_t> &shape = figure.access.shared.shape;
        QVERIFY2(figure.report, qPrintable(figure.problem));
        QVERIFY(
            sameReport(*figure.report, lv::analyzeBankConflicts(linearOf(registers, shape),
                                                                linearOf(shared, shape), {16, 8})));
      } else {
        QCOMPARE(figure.access.kind, SharedAccessKind::WarpGroupDotOperand);
        QCOMPARE(figure.access.line, dotLine);
        reads.push_back(&figure);
      }
    }
    QCOMPARE(copies, 6);
    QCOMPARE(reads.size(), size_t(2));

    // wgmma m64n256k16: each of the 2 warp groups runs 1 tile x 4 K steps. A (K-major): 64 rows
    // x 32 bytes = 16 core matrices per instruction; B (N-major, the buffer's rows are K):
    // 16 x 512 bytes = 64. The 128-byte swizzle puts the 8 rows of every core matrix on
    // distinct banks: one wavefront each.
    const SharedAccessFigure &a = *reads[0];
    const SharedAccessFigure &b = *reads[1];
    QCOMPARE(a.access.operandIndex, 0);
    QCOMPARE(b.access.operandIndex, 1);
    QCOMPARE(a.instruction, QStringLiteral("wgmma.m64n256k16 A (K-major, 128B swizzle)"));
    QCOMPARE(b.instruction, QStringLiteral("wgmma.m64n256k16 B (N-major, 128B swizzle)"));
    QCOMPARE(a.countedPer, QStringLiteral("8x16 B core matrix"));
    QVERIFY2(a.report && b.report, qPrintable(a.problem + b.problem));
    std::vector<Tile> aTiles, bTiles;
    for (int32_t group = 0; group < 2; ++group)
      for (int32_t step = 0; step < 4; ++step) {
        aTiles.push_back({64 * group, 64, 16 * step, 16});
        // Both warp groups read the whole B tile of their K step.
        bTiles.push_back({16 * step, 16, 0, 256});
      }
    lv::BankConflictReport expectedA = coreMatrixReport(aLinear, aTiles, 2);
    lv::BankConflictReport expectedB = coreMatrixReport(linearOf(shared, {64, 256}), bTiles, 2);
    QCOMPARE(expectedA.idealWavefronts, 16);
    QCOMPARE(expectedB.idealWavefronts, 64);
    QVERIFY(sameReport(*a.report, expectedA));
    QVERIFY(sameReport(*b.report, expectedB));
    QVERIFY(a.report->isConflictFree() && b.report->isConflictFree());
    for (size_t i = 0; i < expectedA.instructions.size(); ++i) {
      QCOMPARE(a.report->instructions[i].wavefronts, expectedA.instructions[i].wavefronts);
      QCOMPARE(b.report->instructions[i].wavefronts, expectedB.instructions[i].wavefronts);
    }
    // The row says what is modelled.
    const int aRow = static_cast<int>(&a - figures.data());
    QCOMPARE(
        conflicts->data(conflicts->index(aRow, BankConflictModel::CountedPerColumn)).toString(),
        QStringLiteral("8x16 B core matrix"));
    QCOMPARE(conflicts->data(conflicts->index(aRow, BankConflictModel::IdealColumn)).toInt(), 16);
    QVERIFY(conflicts->details(aRow).contains(QLatin1String("model: a model: wgmma reads")));
    QVERIFY(conflicts->data(conflicts->index(aRow, BankConflictModel::OperationColumn))
                .toString()
                .contains(QLatin1String("read A")));

    // What if the buffers were not swizzled: the copies are recomputed for the edited layout,
    // and the wgmma rows say why the lowering could not read them (no descriptor swizzle mode).
    const QString unswizzled = QStringLiteral(
        "#ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>");
    auto *field = panel->findChild<QLineEdit *>();
    QVERIFY(field);
    field->setText(unswizzled);
    QTest::keyClick(field, Qt::Key_Return);
    QCOMPARE(conflicts->rowCount(), 8);
    for (const SharedAccessFigure &figure : conflicts->figures()) {
      if (figure.access.kind == SharedAccessKind::AsyncCopy) {
        const std::vector<int64_t> &shape = figure.access.shared.shape;
        QVERIFY(
            sameReport(*figure.report,
                       lv::analyzeBankConflicts(
                           linearOf(aliasDefinition(ttgir, figure.access.registers.name), shape),
                           linearOf(unswizzled, shape), {16, 8})));
      } else {
        QVERIFY(!figure.report);
        QVERIFY2(figure.problem.contains(QLatin1String("need a swizzled #ttg.nvmma_shared")),
                 qPrintable(figure.problem));
      }
    }

    // Clicking the dot's A operand (a loop view of the buffer) draws that buffer and lists the
    // accesses of A's allocation only: its 3 copies and the read.
    const QString dotText = lineText(ttgir, dotLine);
    window->selectLine(QStringLiteral("ttgir"), dotLine,
                       dotText.indexOf('%', dotText.indexOf(QLatin1String("warp_group_dot"))) + 1);
    QVERIFY2(panel->problem().isEmpty(), qPrintable(panel->problem()));
    QVERIFY2(panel->statusText().contains(QLatin1String(" of 3")), qPrintable(panel->statusText()));
    QCOMPARE(canvas->rows(), 128);
    QCOMPARE(conflicts->rowCount(), 4);
    int aReads = 0;
    for (const SharedAccessFigure &figure : conflicts->figures()) {
      QVERIFY(figure.access.shared.shape == std::vector<int64_t>({128, 64}));
      aReads += figure.access.kind == SharedAccessKind::WarpGroupDotOperand &&
                figure.access.operandIndex == 0;
    }
    QCOMPARE(aReads, 1);
  }

  void wgmmaAccumulatorAndItsHistory() {
    // #mma is the wgmma accumulator: warp w of a group holds rows 16w..16w+15; lane (g = lane
    // / 4, t = lane % 4) value i sits at row g + 8 * ((i >> 1) & 1), column 8 * (i >> 2) + 2t
    // + (i & 1); warp groups 0 and 1 take rows 0-63 and 64-127.
    const int definition = lineContaining(ttgir, QStringLiteral("#mma = "));
    QVERIFY(definition > 0);
    window->selectLine(QStringLiteral("ttgir"), definition, 1);
    LayoutPanel *panel = window->layoutPanel();
    QVERIFY2(panel->problem().isEmpty(), qPrintable(panel->problem()));
    LayoutCanvas *canvas = panel->canvas();
    QCOMPARE(canvas->rows(), 128);
    QCOMPARE(canvas->columns(), 256);
    QCOMPARE(canvas->cellLabel(0, 0), QStringLiteral("T0:0"));
    QCOMPARE(canvas->cellLabel(0, 1), QStringLiteral("T0:1"));
    QCOMPARE(canvas->cellLabel(0, 2), QStringLiteral("T1:0"));
    QCOMPARE(canvas->cellLabel(1, 0), QStringLiteral("T4:0"));
    QCOMPARE(canvas->cellLabel(8, 0), QStringLiteral("T0:2"));
    QCOMPARE(canvas->cellLabel(0, 8), QStringLiteral("T0:4"));
    QCOMPARE(canvas->cellLabel(16, 0), QStringLiteral("T32:0"));
    QCOMPARE(canvas->cellLabel(64, 0), QStringLiteral("T128:0"));
    const QString mma = aliasDefinition(ttgir, QStringLiteral("#mma"));
    QVERIFY(mma.contains(QLatin1String("versionMajor = 3")));
    QVERIFY(canvasShowsLabels(*canvas, expectedThreadLabels(linearOf(mma, {128, 256})), 256));
    QVERIFY(panel->statusText().startsWith(QLatin1String("nvidia_mma layout")) ||
            panel->statusText().contains(QLatin1String("#mma")));

    // The dot's result followed across passes: it is a wgmma accumulator from the pass that
    // makes the dot a warp-group dot on, and clicking a row draws it.
    const int dotLine = lineContaining(ttgir, QStringLiteral("ttng.warp_group_dot "));
    window->selectLine(QStringLiteral("ttgir"), dotLine, 0);
    LayoutHistoryModel *history = panel->history();
    QCOMPARE(history->anchor().operation, QStringLiteral("ttng.warp_group_dot"));
    QVERIFY(history->rowCount() > 0);
    for (const LayoutHistoryEntry &entry : history->entries())
      QCOMPARE(entry.value.attribute, mma);
    QVERIFY2(history->rowOfPass(QStringLiteral("tritongpu-accelerate-matmul")) == 0,
             qPrintable(history->entries().front().passName));
    QTableView *table = panel->historyTable();
    table->show();
    const int last = history->rowCount() - 1;
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                      table->visualRect(history->index(last, 0)).center());
    QVERIFY2(panel->problem().isEmpty(), qPrintable(panel->problem()));
    QCOMPARE(canvas->cellLabel(8, 0), QStringLiteral("T0:2"));

    // The multi-buffered allocation across passes: drawn as one buffer in every pass's IR.
    const int allocLine =
        lineContaining(ttgir, QStringLiteral("ttg.local_alloc"), QStringLiteral("3x64x256xf16"));
    QVERIFY(allocLine > 0);
    window->selectLine(QStringLiteral("ttgir"), allocLine,
                       lineText(ttgir, allocLine).indexOf('%') + 1);
    QVERIFY(history->rowCount() > 0);
    for (const LayoutHistoryEntry &entry : history->entries()) {
      QCOMPARE(entry.value.shape, std::vector<int64_t>({64, 256}));
      QCOMPARE(entry.value.bufferCount, int64_t(3));
    }
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                      table->visualRect(history->index(0, 0)).center());
    QVERIFY2(panel->problem().isEmpty(), qPrintable(panel->problem()));
    QVERIFY2(panel->statusText().contains(QLatin1String("3 buffers, one drawn")),
             qPrintable(panel->statusText()));
    QCOMPARE(canvas->rows(), 64);
    QCOMPARE(canvas->columns(), 256);
  }

private:
  std::unique_ptr<MainWindow> window;
  QString ttgir;
};

TREX_EXPLORER_TEST_MAIN(ExplorerHopperLayoutTest)
#include "ExplorerHopperLayoutTest.moc"
