// The explorer's window offscreen on a capture session (test/explorer/Inputs/session): the
// kernel list, a kernel compiled with the session's specialization, Triton's ttgir beside
// trex's with its comparison, the note of a kernel without a trex signature, the screenshot; and
// Compare… against other options or a folder, in the same view, with the passes of each side.
#include "CodePane.h"
#include "ExplorerTestMain.h"
#include "MainWindow.h"
#include "Screenshot.h"

#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace trex::explorer;

namespace {

const QString kSession = QStringLiteral(TREX_EXPLORER_INPUTS_DIR "/session");
const QString kSample = QStringLiteral(TREX_SAMPLES_DIR "/vector_add.py");
const QString kSampleSignature = QStringLiteral("*fp32:16, *fp32:16, *fp32:16, i32:16, 1024");

QString cell(const QAbstractItemModel *model, int row, int column) {
  return model->index(row, column).data().toString();
}

int lineContaining(const QString &text, const QString &needle) {
  const QStringList lines = text.split('\n');
  for (int i = 0; i < lines.size(); ++i)
    if (lines[i].contains(needle))
      return i + 1;
  return 0;
}

} // namespace

class ExplorerSessionTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName(QStringLiteral("trex-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("explorer-session-test"));
    // The panes' remembered stages would replace the defaults these cases expect.
    QSettings().clear();
  }

  void sessionListsItsKernels() {
    MainWindow window;
    window.setHeadless(true);
    QVERIFY(window.openPath(kSession));
    const SessionKernelsModel *kernels = window.sessionKernels();
    QAbstractItemModelTester tester(window.sessionKernels(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(kernels->rowCount(), 4);
    QStringList names;
    for (int row = 0; row < kernels->rowCount(); ++row)
      names << cell(kernels, row, SessionKernelsModel::NameColumn);
    QCOMPARE(names, QStringList(
                        {"copy_rows", "pair_kernel", "rejected_by_triton_kernel", "scale_kernel"}));
    QCOMPARE(cell(kernels, 0, SessionKernelsModel::LaunchesColumn), QStringLiteral("1"));
    QCOMPARE(cell(kernels, 0, SessionKernelsModel::GridColumn), QStringLiteral("(16, 1, 1)"));
    QCOMPARE(cell(kernels, 0, SessionKernelsModel::OptionsColumn),
             QStringLiteral("num_warps=2 num_stages=3"));
    QCOMPARE(cell(kernels, 0, SessionKernelsModel::TritonColumn), QStringLiteral("ok"));
    QCOMPARE(cell(kernels, 2, SessionKernelsModel::LaunchesColumn), QStringLiteral("0"));
    QCOMPARE(cell(kernels, 2, SessionKernelsModel::GridColumn), QString());
    QCOMPARE(
        cell(kernels, 2, SessionKernelsModel::TritonColumn),
        QStringLiteral("failed: CompilationError: fake Triton rejects rejected_by_triton_kernel"));
    QCOMPARE(cell(kernels, 3, SessionKernelsModel::GridColumn), QStringLiteral("(4, 1, 1)"));
    // The list is shown, in its own dock.
    auto *dock = window.findChild<QDockWidget *>(QStringLiteral("session"));
    QVERIFY(dock);
    QCOMPARE(dock->findChild<QTableView *>()->model(), window.sessionKernels());
  }

  void choosingAKernelCompilesItWithTheSessionsSpecialization() {
    MainWindow window;
    window.setHeadless(true);
    QVERIFY(window.openPath(kSession, QStringLiteral("copy_rows")));
    QVERIFY(window.compileAndWait());
    QCOMPARE(window.diagnosticsModel()->errorCount(), 0);
    QCOMPARE(window.signatureText(), QStringLiteral("*fp32:16, *fp32:16, i32:16"));
    // num_warps=2 from the session, not the field's default of 4.
    QVERIFY(window.stageModel()->text("ttgir").contains(QLatin1String("\"ttg.num-warps\" = 2")));
    QVERIFY(window.stageModel()->text("ttir").contains(QLatin1String("tt.func public @copy_rows")));

    // A row chosen in the list compiles that kernel with its own specialization.
    auto *table =
        window.findChild<QDockWidget *>(QStringLiteral("session"))->findChild<QTableView *>();
    table->setCurrentIndex(window.sessionKernels()->index(3, 0));
    QCOMPARE(window.sessionKernelRow(), 3);
    QVERIFY(window.compiler()->waitForLatest(120000));
    QCOMPARE(window.diagnosticsModel()->errorCount(), 0);
    QCOMPARE(window.signatureText(),
             QStringLiteral("*fp32:16, *fp16:16, i32, twice, tl.float16, 256"));
    QString ttgir = window.stageModel()->text("ttgir");
    QVERIFY(ttgir.contains(QLatin1String("tt.func public @scale_kernel")));
    QVERIFY(ttgir.contains(QLatin1String("\"ttg.num-warps\" = 4")));
    QVERIFY(window.sessionNote().isEmpty());
  }

  void tritonTtgirShowsWithItsDiffSummary() {
    MainWindow window;
    window.setHeadless(true);
    QVERIFY(window.openPath(kSession, QStringLiteral("scale_kernel")));
    QVERIFY(window.compileAndWait());
    QVERIFY(window.stageModel()->keys().contains(QStringLiteral("ttgir (triton)")));
    CodePane *triton = window.paneForStage(QStringLiteral("ttgir (triton)"));
    CodePane *trex = window.paneForStage(QStringLiteral("ttgir"));
    QVERIFY(triton && trex);
    QVERIFY(triton->editor()->toPlainText().contains(QLatin1String("dense<6.000000e+00>")));

    // The stand-in Triton ttgir is trex's with its values renamed and two multiplications
    // folded into one: only the lines of that fold differ, and the counts say what.
    const StageDifference *difference =
        window.comparisonModel()->difference(QStringLiteral("ttgir"));
    QVERIFY(difference);
    QCOMPARE(difference->operationDifference, QStringLiteral("+1 arith.constant, +1 arith.mulf"));
    QVERIFY2(difference->trexLines.size() <= 4 && difference->otherLines.size() <= 3,
             qPrintable(window.comparisonModel()->summary(QStringLiteral("ttgir"))));
    QString summary = window.comparisonModel()->summary(QStringLiteral("ttgir"));
    QVERIFY2(summary.startsWith(QLatin1String("ttgir: ")) &&
                 summary.contains(QLatin1String("lines differ")) &&
                 summary.endsWith(QLatin1String("ops: +1 arith.constant, +1 arith.mulf")),
             qPrintable(summary));
    // ttir is a placeholder on the Triton side: compared too, all different.
    QVERIFY(window.comparisonModel()
                ->summary(QStringLiteral("ttir"))
                .contains(QLatin1String("lines differ")));
    // ttir, ttgir, the layouts the ttgir defines (the renamed copy defines the same ones), the
    // launch facts of both metadata files (the stand-in's JSON has no tmem_size: "-") and the
    // passes (compareThePassesOfEachSide).
    QCOMPARE(window.comparisonModel()->rowCount(), 5);
    QCOMPARE(window.comparisonModel()->summary(QStringLiteral("metadata")),
             QStringLiteral("metadata: tmem_size 0 (Triton -)"));
    QVERIFY(window.comparisonModel()
                ->summary(QStringLiteral("layouts"))
                .startsWith(QLatin1String("layouts: same (")));

    // Both panes carry the summary and mark their changed lines: trex's folded multiplication,
    // not a renamed line.
    QCOMPARE(trex->comparisonSummary(), summary);
    QCOMPARE(triton->comparisonSummary(), summary);
    const QString trexText = trex->editor()->toPlainText();
    int multiply = lineContaining(trexText, QStringLiteral("%y = arith.mulf"));
    int renamed = lineContaining(trexText, QStringLiteral("tt.make_range"));
    QVERIFY(multiply > 0 && renamed > 0);
    const std::vector<int> &marked = trex->editor()->changedLines();
    QVERIFY(std::find(marked.begin(), marked.end(), multiply) != marked.end());
    QVERIFY(std::find(marked.begin(), marked.end(), renamed) == marked.end());
    int folded =
        lineContaining(triton->editor()->toPlainText(), QStringLiteral("dense<6.000000e+00>"));
    const std::vector<int> &tritonMarked = triton->editor()->changedLines();
    QVERIFY(std::find(tritonMarked.begin(), tritonMarked.end(), folded) != tritonMarked.end());

    window.setDifferencesMarked(false);
    QVERIFY(trex->comparisonSummary().isEmpty());
    QVERIFY(trex->editor()->changedLines().empty());
    window.setDifferencesMarked(true);
    QCOMPARE(trex->comparisonSummary(), summary);
  }

  void kernelWithoutSignatureShowsItsNote() {
    MainWindow window;
    window.setHeadless(true);
    QVERIFY(window.openPath(kSession, QStringLiteral("pair_kernel")));
    QVERIFY(window.compileAndWait());
    QCOMPARE(window.sessionKernelRow(), 1);
    QVERIFY(window.signatureText().isEmpty());
    // Not compiled, so no errors: the notes say why.
    QCOMPARE(window.diagnosticsModel()->errorCount(), 0);
    QVERIFY2(window.sessionNote().contains(
                 QLatin1String("pair_kernel: no trex signature: no type for parameter 'pair'")),
             qPrintable(window.sessionNote()));
    QCOMPARE(window.diagnosticsModel()->rowCount(), 1);
    QVERIFY(window.stageModel()->text("ttgir").isEmpty());
    QVERIFY(window.paneForStage(QStringLiteral("python"))
                ->editor()
                ->toPlainText()
                .contains(QLatin1String("def pair_kernel(x_ptr, pair)")));
    // Triton's own stages are still there to read.
    QVERIFY(window.stageModel()->keys().contains(QStringLiteral("ttgir (triton)")));
  }

  void brokenSessionIsAClearProblem() {
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("kernels/abc")));
    QFile header(dir.filePath(QStringLiteral("session.json")));
    QVERIFY(header.open(QIODevice::WriteOnly));
    header.write(R"({"format": "trex-session", "version": 1})");
    header.close();
    QFile kernel(dir.filePath(QStringLiteral("kernels/abc/kernel.json")));
    QVERIFY(kernel.open(QIODevice::WriteOnly));
    kernel.write(R"({"name": "k", "signature": "i32"})");
    kernel.close();
    MainWindow window;
    window.setHeadless(true);
    QVERIFY(!window.openPath(dir.path()));
    QVERIFY2(window.openProblem().contains(QLatin1String("kernel.py")),
             qPrintable(window.openProblem()));
  }

  // Compare…: the same view against the kernel compiled with other options, or a folder.
  void compareWithOtherOptions() {
    MainWindow window;
    window.setHeadless(true);
    QVERIFY(window.openPath(kSample, QStringLiteral("add_kernel"), kSampleSignature));
    QVERIFY(window.compileAndWait());
    QCOMPARE(window.comparisonModel()->rowCount(), 0);
    window.compareWithOptions(8, 3);
    QVERIFY(window.comparisonCompiler()->waitForLatest(120000));
    QCOMPARE(window.comparisonModel()->otherName(), QStringLiteral("num_warps=8 num_stages=3"));
    // The launch facts: trex's 4 warps against the other compile's 8.
    QString metadata = window.comparisonModel()->summary(QStringLiteral("metadata"));
    QVERIFY2(metadata.contains(QLatin1String("num_warps 4 (num_warps=8 num_stages=3 8)")),
             qPrintable(metadata));
    QString ttgir = window.comparisonModel()->summary(QStringLiteral("ttgir"));
    QVERIFY2(ttgir.contains(QLatin1String("lines differ")), qPrintable(ttgir));
    QVERIFY(window.stageModel()
                ->text(QStringLiteral("ttgir (compared)"))
                .contains(QLatin1String("\"ttg.num-warps\" = 8")));
    CodePane *compared = window.paneForStage(QStringLiteral("ttgir (compared)"));
    QVERIFY(compared);
    QCOMPARE(compared->comparisonSummary(), ttgir);
    QVERIFY(!compared->editor()->changedLines().empty());
    // The same options again: every stage the same.
    window.compareWithOptions(4, 3);
    QVERIFY(window.comparisonCompiler()->waitForLatest(120000));
    QCOMPARE(window.comparisonModel()->summary(QStringLiteral("ttgir")),
             QStringLiteral("ttgir: same"));
    QCOMPARE(window.comparisonModel()->summary(QStringLiteral("ptx")), QStringLiteral("ptx: same"));
    QCOMPARE(window.comparisonModel()->summary(QStringLiteral("metadata")),
             QStringLiteral("metadata: same launch facts"));
    // Another target: its own PTX (sm_80).
    window.compareWithOptions(4, 3, QStringLiteral("cuda:80"));
    QVERIFY(window.comparisonCompiler()->waitForLatest(120000));
    QCOMPARE(window.comparisonModel()->otherName(),
             QStringLiteral("num_warps=4 num_stages=3 cuda:80"));
    QVERIFY(window.stageModel()
                ->text(QStringLiteral("ptx (compared)"))
                .contains(QLatin1String(".target sm_80")));
    QVERIFY(window.comparisonModel()
                ->summary(QStringLiteral("ptx"))
                .contains(QLatin1String("lines differ")));
  }

  void compareWithAFolder() {
    MainWindow window;
    window.setHeadless(true);
    QVERIFY(window.openPath(kSample, QStringLiteral("add_kernel"), kSampleSignature));
    QVERIFY(window.compileAndWait());
    // A folder as `trex compile -o` writes it: ttgir as compiled, ttir with one line changed.
    QTemporaryDir dir;
    auto write = [&](const QString &name, const QString &text) {
      QFile file(dir.filePath(name));
      QVERIFY(file.open(QIODevice::WriteOnly));
      file.write(text.toUtf8());
    };
    write(QStringLiteral("add_kernel.ttgir"), window.stageModel()->text("ttgir"));
    write(QStringLiteral("add_kernel.ttir"),
          window.stageModel()->text("ttir").replace(QLatin1String("arith.addf"),
                                                    QLatin1String("arith.mulf")));
    QVERIFY(window.compareWithFolder(dir.path()));
    QCOMPARE(window.comparisonModel()->rowCount(), 4); // ttir, ttgir, layouts, passes
    QCOMPARE(window.comparisonModel()->summary(QStringLiteral("ttgir")),
             QStringLiteral("ttgir: same"));
    // Without a passes.txt the folder's passes are not known, and the row says why.
    QVERIFY2(window.comparisonModel()
                 ->summary(QStringLiteral("passes"))
                 .contains(QLatin1String("holds no passes.txt (trex compile --dump-passes")),
             qPrintable(window.comparisonModel()->summary(QStringLiteral("passes"))));
    QString ttir = window.comparisonModel()->summary(QStringLiteral("ttir"));
    QVERIFY2(ttir.startsWith(QLatin1String("ttir: 2 lines differ (1 only in trex, 1 only in ")) &&
                 ttir.endsWith(QLatin1String("ops: +1 arith.addf, -1 arith.mulf")),
             qPrintable(ttir));
    QTemporaryDir empty;
    QVERIFY(!window.compareWithFolder(empty.path()));
    QVERIFY(!window.openProblem().isEmpty());
  }

  // The Compare view's passes: trex's as Triton names them; Triton's side says that a session
  // does not record them; another compile's and a folder's passes.txt are set beside trex's.
  void compareThePassesOfEachSide() {
    MainWindow window;
    window.setHeadless(true);
    QVERIFY(window.openPath(kSession, QStringLiteral("scale_kernel")));
    QVERIFY(window.compileAndWait());
    QStringList trexPasses;
    for (const PassRecord &pass : window.passModel()->allPasses())
      trexPasses << tritonPassName(pass);
    QVERIFY(trexPasses.size() > 20);
    QVERIFY(trexPasses.contains(QStringLiteral("tritongpu-coalesce")));
    QVERIFY(trexPasses.contains(QStringLiteral("convert-triton-to-tritongpu")));
    QVERIFY(!trexPasses.contains(QStringLiteral("TritonGPUCoalesce"))); // the class name
    const QString note = QStringLiteral(
        "the capture session keeps Triton's stages (ttir, ttgir), not its pass list");
    QCOMPARE(window.comparisonModel()->summary(QStringLiteral("passes")),
             QStringLiteral("passes: trex ran %1 passes; Triton's are not known: %2")
                 .arg(trexPasses.size())
                 .arg(note));
    PassListComparisonModel *lists = window.passListComparison();
    QCOMPARE(lists->rowCount(), trexPasses.size());
    for (int row = 0; row < lists->rowCount(); ++row) {
      QCOMPARE(cell(lists, row, PassListComparisonModel::TrexColumn), trexPasses[row]);
      QVERIFY(cell(lists, row, PassListComparisonModel::OtherColumn).isEmpty());
    }
    QCOMPARE(lists->headerData(PassListComparisonModel::OtherColumn, Qt::Horizontal).toString(),
             QStringLiteral("Triton: passes not known"));
    QCOMPARE(
        lists->headerData(PassListComparisonModel::OtherColumn, Qt::Horizontal, Qt::ToolTipRole)
            .toString(),
        note);
    // The dock shows the lists below the rows.
    auto *dock = window.findChild<QDockWidget *>(QStringLiteral("comparison"));
    QVERIFY(dock);
    bool shown = false;
    for (QTableView *table : dock->findChildren<QTableView *>())
      shown |= table->model()->rowCount() == lists->rowCount() &&
               table->model()->columnCount() == PassListComparisonModel::ColumnCount;
    QVERIFY(shown);

    // Another target: both lists known, the differences named.
    window.compareWithOptions(4, 3, QStringLiteral("cuda:80"));
    QVERIFY(window.comparisonCompiler()->waitForLatest(120000));
    const PassList &other = lists->otherList();
    QVERIFY(other.known);
    QVERIFY(other.passes.size() > 20);
    QVERIFY(other.passes != trexPasses);
    const QString passes = window.comparisonModel()->summary(QStringLiteral("passes"));
    QVERIFY2(passes.startsWith(QStringLiteral("passes: %1 passes in trex, %2 passes in "
                                              "num_warps=4 num_stages=3 cuda:80: ")
                                   .arg(trexPasses.size())
                                   .arg(other.passes.size())),
             qPrintable(passes));
    QVERIFY2(passes.contains(QLatin1String("only in")), qPrintable(passes));
    int differing = 0;
    for (int row = 0; row < lists->rowCount(); ++row) {
      bool differs = lists->index(row, 0).data(PassListComparisonModel::DiffersRole).toBool();
      differing += differs;
      if (!differs)
        QCOMPARE(cell(lists, row, PassListComparisonModel::TrexColumn),
                 cell(lists, row, PassListComparisonModel::OtherColumn));
    }
    QVERIFY(differing > 0);
    // The same options: the same passes.
    window.compareWithOptions(4, 3);
    QVERIFY(window.comparisonCompiler()->waitForLatest(120000));
    QCOMPARE(window.comparisonModel()->summary(QStringLiteral("passes")),
             QStringLiteral("passes: the same %1 passes").arg(trexPasses.size()));

    // A folder with the passes.txt of `trex compile --dump-passes`: one pass left out, one
    // added.
    QTemporaryDir dir;
    QFile ttgir(dir.filePath(QStringLiteral("scale_kernel.ttgir")));
    QVERIFY(ttgir.open(QIODevice::WriteOnly));
    ttgir.write(window.stageModel()->text("ttgir").toUtf8());
    ttgir.close();
    QString index;
    int position = 0;
    for (const PassRecord &pass : window.passModel()->allPasses()) {
      if (pass.argument == "tritongpu-coalesce")
        continue;
      index +=
          QString::asprintf("%3d %10.3f ms  %-9s  %s (%s) on %s%s\n", ++position, pass.milliseconds,
                            pass.changed ? "changed" : "unchanged", pass.name.c_str(),
                            qPrintable(tritonPassName(pass)), pass.anchor.c_str(),
                            pass.ir.empty() ? "" : "  -> 001-some-pass.mlir");
      if (pass.argument == "cse")
        index += QStringLiteral("%1      0.001 ms  unchanged  MyPass (my-pass) on builtin.module\n")
                     .arg(++position, 3);
    }
    QFile passesFile(dir.filePath(QStringLiteral("passes.txt")));
    QVERIFY(passesFile.open(QIODevice::WriteOnly));
    passesFile.write(index.toUtf8());
    passesFile.close();
    QVERIFY(window.compareWithFolder(dir.path()));
    const QString folder = QDir(dir.path()).dirName();
    const QString withFolder = window.comparisonModel()->summary(QStringLiteral("passes"));
    QVERIFY2(withFolder.contains(QStringLiteral("1 pass only in trex (tritongpu-coalesce)")) &&
                 withFolder.contains(QStringLiteral("only in %1 (my-pass)").arg(folder)),
             qPrintable(withFolder));
    // Back to Triton: not known again.
    window.compareWithTriton();
    QCOMPARE(window.comparisonModel()->summary(QStringLiteral("passes")),
             QStringLiteral("passes: trex ran %1 passes; Triton's are not known: %2")
                 .arg(trexPasses.size())
                 .arg(note));
  }

  void screenshotOfASession() {
    QTemporaryDir dir;
    ScreenshotRequest request;
    request.output = dir.filePath("session.png");
    request.input = kSession;
    request.width = 1400;
    request.height = 800;
    QCOMPARE(renderScreenshot(request), 0);
    QImage image(request.output);
    QCOMPARE(image.size(), QSize(1400, 800));
  }
};

TREX_EXPLORER_TEST_MAIN(ExplorerSessionTest)
#include "ExplorerSessionTest.moc"
