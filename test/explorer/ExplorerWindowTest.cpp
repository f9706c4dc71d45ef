// The explorer's window offscreen: the vector-add sample compiled into every pane, line mapping
// between panes, a layout click, the --screenshot output, compile workers that crash or are
// superseded, and Run children that crash or find no GPU, while the window lives on.
#include "CodePane.h"
#include "CompileController.h"
#include "ExplorerTestMain.h"
#include "HiddenParametersModel.h"
#include "LayoutCanvas.h"
#include "LayoutPanel.h"
#include "MainWindow.h"
#include "RunPanel.h"
#include "Screenshot.h"

#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QSettings>
#include <QSignalSpy>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QtTest>

#include <csignal>

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

int lineContaining(const QString &text, const QString &needle) {
  const QStringList lines = text.split('\n');
  for (int i = 0; i < lines.size(); ++i)
    if (lines[i].contains(needle))
      return i + 1;
  return 0;
}

// Whether the dock titled `title` is the shown tab of its group.
bool isTabInFront(const QMainWindow &window, const QString &title) {
  for (const QTabBar *bar : window.findChildren<QTabBar *>())
    for (int i = 0; i < bar->count(); ++i)
      if (bar->tabText(i) == title)
        return bar->currentIndex() == i;
  return false;
}

} // namespace

class ExplorerWindowTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName(QStringLiteral("trex-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("explorer-window-test"));
  }

  void panesHoldEveryStage() {
    MainWindow window;
    window.resize(1600, 900);
    QVERIFY(window.openPath(kSample, QStringLiteral("add_kernel"), kSignature));
    QVERIFY(window.compileAndWait());
    QCOMPARE(window.diagnosticsModel()->errorCount(), 0);
    window.showAllStages();
    QStringList shown;
    for (CodePane *pane : window.panes())
      shown << pane->stage();
    QCOMPARE(shown, QStringList({"python", "source", "ttir", "ttgir", "llir", "ptx"}));
    for (CodePane *pane : window.panes()) {
      QString text = pane->editor()->toPlainText();
      QString stage = window.stageModel()->text(pane->stage());
      if (pane->stage() == "python")
        QVERIFY(text.contains(QLatin1String("def add_kernel")));
      else if (pane->stage() == "llir" || pane->stage() == "ptx")
        QCOMPARE(text, stage);
      else // the MLIR stages, without their locations
        QCOMPARE(text,
                 QString::fromStdString(
                     trex::stagetext::LocationFreeText::fromMLIR(stage.toStdString()).text()));
    }
    QVERIFY(window.paneForStage("ttgir")->editor()->toPlainText().contains(QLatin1String("#ttg.blocked")));
    QVERIFY(window.paneForStage("ptx")->editor()->toPlainText().contains(QLatin1String(".entry add_kernel")));
    QVERIFY(window.passModel()->rowCount() > 20);
    // The hidden parameters: four passed arguments, then the two scratch pointers, matched
    // with PTX params 4 and 5.
    const std::vector<HiddenParameterRow> &parameters = window.hiddenParameters()->parameters();
    QCOMPARE(parameters.size(), size_t(7));
    QCOMPARE(parameters[0].name, QStringLiteral("x_ptr"));
    QVERIFY(parameters[4].machineParameter.endsWith(QLatin1String("add_kernel_param_4")));
    QVERIFY(parameters[5].machineParameter.endsWith(QLatin1String("add_kernel_param_5")));
  }

  void sourceLineHighlightsEveryStage() {
    MainWindow window;
    QVERIFY(window.openPath(kSample, QStringLiteral("add_kernel"), kSignature));
    QVERIFY(window.compileAndWait());
    window.showAllStages();
    const QString python = window.paneForStage("python")->editor()->toPlainText();
    int storeLine = lineContaining(python, QStringLiteral("tl.store"));
    QVERIFY(storeLine > 0);
    window.selectLine(QStringLiteral("python"), storeLine, 4);
    const QString ptx = window.stageModel()->text("ptx");
    bool ptxStore = false;
    for (int line : window.paneForStage("ptx")->editor()->mappedLines())
      ptxStore |= ptx.split('\n')[line - 1].contains(QLatin1String("st.global"));
    QVERIFY2(ptxStore, "selecting the tl.store line highlights the PTX store");
    const QString ttgir = window.stageModel()->text("ttgir");
    // The ttgir pane's highlight is in its lines as shown (without the #loc lines).
    std::vector<int> ttgirLines = window.paneForStage("ttgir")->editor()->mappedLines();
    const QString shownTtgir = window.paneForStage("ttgir")->editor()->toPlainText();
    QVERIFY(std::find(ttgirLines.begin(), ttgirLines.end(),
                      lineContaining(shownTtgir, QStringLiteral("tt.store"))) != ttgirLines.end());
    // And back: the ttgir store line highlights the source line.
    window.selectLine(QStringLiteral("ttgir"), lineContaining(ttgir, QStringLiteral("tt.store")));
    std::vector<int> pythonLines = window.paneForStage("python")->editor()->mappedLines();
    QCOMPARE(pythonLines, std::vector<int>({storeLine}));
  }

  // A laptop screen: three panes (the kernel, ttgir, the assembly) wide and tall enough to read,
  // each with its stage picker; the other stages are in the pickers.
  void defaultViewFitsALaptopScreen_data() {
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("assembly");
    QTest::newRow("cuda") << QStringLiteral("cuda:90") << QStringLiteral("ptx");
    QTest::newRow("hip") << QStringLiteral("hip:gfx942") << QStringLiteral("amdgcn");
  }

  void defaultViewFitsALaptopScreen() {
    QFETCH(QString, target);
    QFETCH(QString, assembly);
    QSettings().remove(QStringLiteral("panes"));
    MainWindow window;
    window.resize(1366, 768);
    window.setTarget(target);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openPath(kSample, QStringLiteral("add_kernel"), kSignature));
    QVERIFY(window.compileAndWait());
    QApplication::processEvents();
    QCOMPARE(window.size(), QSize(1366, 768));
    QStringList shown;
    for (CodePane *pane : window.panes())
      shown << pane->stage();
    QCOMPARE(shown, QStringList({"python", "ttgir", assembly}));
    QCOMPARE(window.defaultPaneStages(), shown);
    for (CodePane *pane : window.panes()) {
      QVERIFY2(pane->editor()->width() >= 320 && pane->editor()->height() >= 320,
               qPrintable(QStringLiteral("%1: %2x%3")
                              .arg(pane->stage())
                              .arg(pane->editor()->width())
                              .arg(pane->editor()->height())));
      QVERIFY(!pane->editor()->toPlainText().isEmpty());
      auto *picker = pane->findChild<QComboBox *>();
      QVERIFY(picker);
      QVERIFY2(picker->findText(QStringLiteral("llir")) >= 0 &&
                   picker->findText(QStringLiteral("ttir")) >= 0,
               qPrintable(pane->stage()));
    }
  }

  // A stage picked in a pane is remembered for the next window; the assembly follows the target.
  void chosenStagesAreRemembered() {
    QSettings().remove(QStringLiteral("panes"));
    {
      MainWindow window;
      QVERIFY(window.openPath(kSample, QStringLiteral("add_kernel"), kSignature));
      QVERIFY(window.compileAndWait());
      CodePane *middle = window.panes().value(1);
      QVERIFY(middle);
      auto *picker = middle->findChild<QComboBox *>();
      picker->setCurrentIndex(picker->findText(QStringLiteral("llir")));
      Q_EMIT picker->textActivated(QStringLiteral("llir")); // what a click on the item sends
      QCOMPARE(middle->stage(), QStringLiteral("llir"));
      QCOMPARE(middle->editor()->toPlainText(), window.stageModel()->text("llir"));
    }
    QCOMPARE(QSettings().value(QStringLiteral("panes/stages")).toStringList(),
             QStringList({"python", "llir", "ptx"}));
    MainWindow window;
    window.setTarget(QStringLiteral("hip:gfx942"));
    QVERIFY(window.openPath(kSample, QStringLiteral("add_kernel"), kSignature));
    QVERIFY(window.compileAndWait());
    QStringList shown;
    for (CodePane *pane : window.panes())
      shown << pane->stage();
    QCOMPARE(shown, QStringList({"python", "llir", "amdgcn"}));
    QSettings().remove(QStringLiteral("panes"));
  }

  // The MLIR panes hide #loc lines and loc(...) by default; a click on a ttgir line still lands
  // on its source line, through the stage's own lines.
  void locationsAreHiddenButStillMap() {
    QSettings().remove(QStringLiteral("view"));
    MainWindow window;
    QVERIFY(!window.locationsShown());
    QVERIFY(window.openPath(kSample, QStringLiteral("add_kernel"), kSignature));
    QVERIFY(window.compileAndWait());
    CodePane *pane = window.paneForStage("ttgir");
    QVERIFY(pane);
    const QString full = window.stageModel()->text("ttgir");
    const QString shown = pane->editor()->toPlainText();
    QVERIFY(full.contains(QLatin1String("#loc")) && full.contains(QLatin1String(" loc(")));
    QVERIFY2(!shown.contains(QLatin1String("#loc")) && !shown.contains(QLatin1String("loc(")),
             qPrintable(shown));
    QVERIFY(shown.split('\n').size() < full.split('\n').size());
    // A click on the shown tt.store line (below where the #loc lines were).
    const int shownStore = lineContaining(shown, QStringLiteral("tt.store"));
    const int stageStore = lineContaining(full, QStringLiteral("tt.store"));
    QVERIFY(shownStore > 0 && shownStore != stageStore);
    QCOMPARE(pane->stageLine(shownStore), stageStore);
    QTextCursor cursor(pane->editor()->document()->findBlockByNumber(shownStore - 1));
    pane->editor()->setTextCursor(cursor);
    const int storeLine = lineContaining(window.paneForStage("python")->editor()->toPlainText(),
                                         QStringLiteral("tl.store"));
    QCOMPARE(window.paneForStage("python")->editor()->mappedLines(), std::vector<int>({storeLine}));
    // And from the source, the ttgir pane lights its shown store line.
    window.selectLine(QStringLiteral("python"), storeLine);
    std::vector<int> ttgirLines = pane->editor()->mappedLines();
    QVERIFY(std::find(ttgirLines.begin(), ttgirLines.end(), shownStore) != ttgirLines.end());
    // View > Show locations brings them back, and is remembered.
    window.setLocationsShown(true);
    QCOMPARE(pane->editor()->toPlainText(), full);
    QVERIFY(QSettings().value(QStringLiteral("view/showLocations")).toBool());
    window.setLocationsShown(false);
    QCOMPARE(pane->editor()->toPlainText(), shown);
    QSettings().remove(QStringLiteral("view"));
  }

  // The pass list reads as Triton spells the passes; the tooltip names the C++ class.
  void passListUsesTritonsPassNames() {
    MainWindow window;
    QVERIFY(window.openPath(kSample, QStringLiteral("add_kernel"), kSignature));
    QVERIFY(window.compileAndWait());
    PassTimelineModel *model = window.passModel();
    QStringList names;
    for (int row = 0; row < model->rowCount(); ++row)
      names << model->index(row, PassTimelineModel::NameColumn).data().toString();
    for (const char *name :
         {"tritongpu-coalesce", "canonicalize", "cse", "tritongpu-remove-layout-conversions"})
      QVERIFY2(names.contains(QLatin1String(name)), qPrintable(names.join(", ")));
    QVERIFY(!names.contains(QStringLiteral("TritonGPUCoalesce")));
    int coalesce = names.indexOf(QStringLiteral("tritongpu-coalesce"));
    QString tooltip =
        model->index(coalesce, PassTimelineModel::NameColumn).data(Qt::ToolTipRole).toString();
    QVERIFY2(tooltip.startsWith(QLatin1String("tritongpu-coalesce (C++ class TritonGPUCoalesce)")),
             qPrintable(tooltip));
  }

  // Where the CUDA toolkit's disassembler is found (here a stand-in printing a hand-written
  // nvdisasm listing), SASS is one more stage; its line information maps it to the source.
  void sassPaneWhereADisassemblerIsFound() {
    qputenv("TREX_SASS_TOOL", TREX_TEST_INPUTS_DIR "/fake-nvdisasm");
    MainWindow window;
    QVERIFY(window.openPath(kSample, QStringLiteral("add_kernel"), kSignature));
    QVERIFY(window.compileAndWait());
    qunsetenv("TREX_SASS_TOOL");
    const QString sass = window.stageModel()->text("sass");
    if (sass.isEmpty())
      QSKIP("no cubin: neither libnvJitLink nor ptxas is installed");
    QVERIFY(sass.contains(QLatin1String("STG.E.128")));
    CodePane *pane = window.panes().last();
    pane->setStage(QStringLiteral("sass"));
    Q_EMIT pane->stageChosen(QStringLiteral("sass"));
    QCOMPARE(pane->editor()->toPlainText(), sass);
    window.selectLine(QStringLiteral("sass"), lineContaining(sass, QStringLiteral("STG.E.128")));
    QCOMPARE(window.paneForStage("python")->editor()->mappedLines(),
             std::vector<int>({14})); // tl.store
    QSettings().remove(QStringLiteral("panes"));
  }

  void samplesOpenWithoutASignature() {
    // Nothing remembered: each sample opened with no signature compiles with the one trex
    // proposes, which the signature field shows.
    QSettings().clear();
    QDir samples(QStringLiteral(TREX_SAMPLES_DIR));
    const QStringList files = samples.entryList({QStringLiteral("*.py")}, QDir::Files);
    QVERIFY(files.size() >= 5);
    for (const QString &file : files) {
      MainWindow window;
      QVERIFY(window.openPath(samples.filePath(file)));
      QVERIFY2(window.compileAndWait(), qPrintable(file));
      QVERIFY2(window.stageModel()->text("ttgir").contains(QLatin1String("tt.func public")),
               qPrintable(file + ": " + window.stageModel()->text("ttgir").left(200)));
      QVERIFY(window.signatureText().isEmpty());
      QVERIFY2(window.signaturePlaceholder().startsWith(QLatin1String("proposed: ")),
               qPrintable(file + ": " + window.signaturePlaceholder()));
    }
    QSettings().clear();
  }

  void clickingALayoutDrawsIt() {
    MainWindow window;
    QVERIFY(window.openPath(kSample, QStringLiteral("add_kernel"), kSignature));
    QVERIFY(window.compileAndWait());
    window.showAllStages();
    window.selectLine(QStringLiteral("ttgir"), 1, 2); // "#blocked = #ttg.blocked<...>"
    QVERIFY2(window.layoutPanel()->problem().isEmpty(), qPrintable(window.layoutPanel()->problem()));
    LayoutCanvas *canvas = window.layoutPanel()->canvas();
    // 1024 elements, wrapped into rows of 32; sizePerThread 4: thread 0 holds 0..3.
    QCOMPARE(canvas->rows() * canvas->columns(), 1024);
    QCOMPARE(canvas->cellLabel(0, 0), QStringLiteral("T0:0"));
    QCOMPARE(canvas->cellLabel(0, 5), QStringLiteral("T1:1"));
    QVERIFY(!window.layoutPanel()->hardwareText().isEmpty());
    QTemporaryDir dir;
    QVERIFY(window.layoutPanel()->exportSvg(dir.filePath("layout.svg")));
    QVERIFY(window.layoutPanel()->exportPng(dir.filePath("layout.png")));
    QFile svg(dir.filePath("layout.svg"));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QVERIFY(svg.readAll().contains("<svg"));
  }

  void screenshotWritesThePng() {
    QTemporaryDir dir;
    ScreenshotRequest request;
    request.output = dir.filePath("explorer.png");
    request.input = kSample;
    request.kernel = QStringLiteral("add_kernel");
    request.signature = kSignature;
    request.width = 1400;
    request.height = 800;
    QCOMPARE(renderScreenshot(request), 0);
    QImage image(request.output);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), QSize(1400, 800));
  }

  // --default-view: the screenshot keeps the first-open layout (three panes), for the README.
  void screenshotOfTheDefaultView() {
    QTemporaryDir dir;
    ScreenshotRequest request;
    request.output = dir.filePath("default.png");
    request.input = kSample;
    request.kernel = QStringLiteral("add_kernel");
    request.signature = kSignature;
    request.defaultView = true;
    request.width = 1366;
    request.height = 768;
    QCOMPARE(renderScreenshot(request), 0);
    QCOMPARE(QImage(request.output).size(), QSize(1366, 768));
    ScreenshotRequest every = request;
    every.output = dir.filePath("every.png");
    every.defaultView = false;
    QCOMPARE(renderScreenshot(every), 0);
    // The two renders differ: three panes against every stage.
    QVERIFY(QImage(request.output) != QImage(every.output));
  }

  // Inputs the explorer cannot open: the screenshot mode exits 1 at once (it used to wait for a
  // message box nobody could close, or read /dev/zero forever), the PNG showing the problem.
  void screenshotOfAnUnopenableInputFailsFast_data() {
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("problem");
    QTest::newRow("missing") << QStringLiteral("/nonexistent/kernel.py")
                             << QStringLiteral("no such file or directory");
    QTest::newRow("device") << QStringLiteral("/dev/zero") << QStringLiteral("not a regular file");
    QTest::newRow("empty directory") << QString() << QString();
  }

  void screenshotOfAnUnopenableInputFailsFast() {
    QFETCH(QString, input);
    QFETCH(QString, problem);
    QTemporaryDir dir;
    QTemporaryDir empty;
    ScreenshotRequest request;
    request.output = dir.filePath("explorer.png");
    request.input = input.isEmpty() ? empty.path() : input;
    QElapsedTimer timer;
    timer.start();
    QCOMPARE(renderScreenshot(request), 1);
    QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
    QVERIFY(!QImage(request.output).isNull());
    MainWindow window;
    window.setHeadless(true);
    QVERIFY(!window.openPath(request.input));
    QVERIFY2(window.openProblem().contains(problem), qPrintable(window.openProblem()));
    QCOMPARE(window.diagnosticsModel()->errorCount(), 1);
  }

  // The screenshot mode neither reads the remembered specialization nor writes settings.
  void screenshotLeavesSettingsAlone() {
    {
      MainWindow window;
      QVERIFY(window.openPath(kSample, QStringLiteral("add_kernel"), kSignature));
    }
    QString key = QStringLiteral("files/") +
                  QString::fromLatin1(QFileInfo(kSample).absoluteFilePath().toUtf8().toHex()) +
                  QStringLiteral("/signature");
    QSettings settings;
    settings.sync();
    QStringList before = settings.allKeys();
    QVariant recent = settings.value(QStringLiteral("recentFiles"));
    // A remembered signature that would not compile: a screenshot must not pick it up.
    QVERIFY2(before.contains(key), qPrintable(before.join(',')));
    settings.setValue(key, QStringLiteral("not a signature"));
    settings.sync();
    QTemporaryDir dir;
    ScreenshotRequest request;
    request.output = dir.filePath("explorer.png");
    request.input = kSample;
    request.kernel = QStringLiteral("add_kernel");
    QCOMPARE(renderScreenshot(request), 0);
    QSettings after;
    after.sync();
    QCOMPARE(after.value(key).toString(), QStringLiteral("not a signature"));
    QCOMPARE(after.value(QStringLiteral("recentFiles")), recent);
    QCOMPARE(after.allKeys(), before);
    after.remove(key);
  }

  void recompileAfterAnEditIsFast() {
    MainWindow window;
    QVERIFY(window.openPath(kSample, QStringLiteral("add_kernel"), kSignature));
    QVERIFY(window.compileAndWait());
    window.showAllStages();
    CodeEditor *python = window.paneForStage("python")->editor();
    QString before = window.stageModel()->text("ttgir");
    // Change the kernel: add becomes multiply.
    QString edited = python->toPlainText().replace(QStringLiteral("x + y"), QStringLiteral("x * y"));
    python->setFocus();
    python->selectAll();
    QElapsedTimer timer;
    timer.start();
    python->insertPlainText(edited);
    QVERIFY(window.compiler()->waitForLatest(60000));
    qInfo("edit -> all stages updated: %lld ms (wall, incl. the typing debounce); compile to "
          "shown: %.0f ms",
          static_cast<long long>(timer.elapsed()), window.lastUpdateMilliseconds());
    QString after = window.stageModel()->text("ttgir");
    QVERIFY(before.contains(QLatin1String("arith.addf")));
    QVERIFY(after.contains(QLatin1String("arith.mulf")));
    QVERIFY(window.paneForStage("ptx")->editor()->toPlainText().contains(QLatin1String("mul.f32")));
  }

  // A compile whose worker dies of SIGSEGV (the test hook) leaves the window up with the crash
  // in the diagnostics, raised; the next compile, hook off, starts a new worker and succeeds.
  void crashingCompileLeavesTheWindowUp() {
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    window.findChild<QDockWidget *>(QStringLiteral("passes"))->raise();
    QVERIFY(!isTabInFront(window, QStringLiteral("Diagnostics"))); // the pass timeline is
    QSignalSpy failed(window.compiler(), &CompileController::workerFailed);
    // Read by the worker, which the first compile starts.
    qputenv("TREX_EXPLORER_TEST_CRASH", "1");
    QVERIFY(window.openPath(kSample, QStringLiteral("add_kernel"), kSignature));
    bool finished = window.compileAndWait(60000);
    qunsetenv("TREX_EXPLORER_TEST_CRASH");
    QVERIFY(finished);
    QVERIFY(window.isVisible());
    QCOMPARE(failed.count(), 1);
    QCOMPARE(window.diagnosticsModel()->errorCount(), 1);
    const QString expected = QStringLiteral(
        "the compiler crashed (signal 11, Segmentation fault) while compiling vector_add.py; the "
        "window is unaffected");
    QCOMPARE(window.diagnosticsModel()->index(0, DiagnosticsModel::MessageColumn).data().toString(),
             expected);
    QCOMPARE(failed.first().first().toString(), expected);
    // The worker's last words (its stderr) follow as notes.
    bool stderrShown = false;
    for (int row = 1; row < window.diagnosticsModel()->rowCount(); ++row)
      stderrShown |= window.diagnosticsModel()
                         ->index(row, DiagnosticsModel::MessageColumn)
                         .data()
                         .toString()
                         .contains(QLatin1String("TREX_EXPLORER_TEST_CRASH=1, raising SIGSEGV"));
    QVERIFY(stderrShown);
    QVERIFY(isTabInFront(window, QStringLiteral("Diagnostics")));
    QVERIFY(window.stageModel()->text("ptx").isEmpty());
    QCOMPARE(window.compiler()->workerProcessId(), qint64(0));

    QVERIFY(window.compileAndWait(60000));
    QCOMPARE(window.diagnosticsModel()->errorCount(), 0);
    QVERIFY(window.stageModel()->text("ptx").contains(QLatin1String(".entry add_kernel")));
    QVERIFY(window.compiler()->workerProcessId() != 0);
    QCOMPARE(failed.count(), 1);
  }

  // A newer request stops a compile that is not about to end (here the matmul sample, seconds
  // long, with nothing known of its time) by ending its worker; the newer one's result comes
  // from a new worker.
  void newerRequestStopsASlowCompile() {
    CompileController controller;
    QSignalSpy started(&controller, &CompileController::compileStarted);
    QSignalSpy dropped(&controller, &CompileController::staleResultDropped);
    QSignalSpy finished(&controller, &CompileController::compileFinished);
    QFile matmul(QStringLiteral(TREX_SAMPLES_DIR "/matmul.py"));
    QVERIFY(matmul.open(QIODevice::ReadOnly));
    CompileRequest slow;
    slow.fileName = matmul.fileName().toStdString();
    slow.text = matmul.readAll().toStdString();
    slow.kernelName = "matmul_kernel";
    controller.request(slow, 0);
    QVERIFY(started.wait(10000));
    QTRY_VERIFY_WITH_TIMEOUT(controller.workerProcessId() != 0, 10000);
    const qint64 slowWorker = controller.workerProcessId();
    QTest::qWait(300);
    QVERIFY(finished.isEmpty()); // still compiling

    QFile vectorAdd(kSample);
    QVERIFY(vectorAdd.open(QIODevice::ReadOnly));
    CompileRequest quick;
    quick.fileName = kSample.toStdString();
    quick.text = vectorAdd.readAll().toStdString();
    quick.kernelName = "add_kernel";
    quick.signature = kSignature.toStdString();
    QElapsedTimer timer;
    timer.start();
    controller.request(quick, 0);
    QVERIFY(controller.waitForLatest(60000));
    QCOMPARE(dropped.count(), 1);
    QCOMPARE(dropped.first().at(1).toBool(), true); // stopped, not left to finish
    QCOMPARE(finished.count(), 1);
    const auto snapshot = finished.first().first().value<CompileSnapshot>();
    QVERIFY(snapshot.succeeded);
    QCOMPARE(snapshot.kernelName, std::string("add_kernel"));
    QVERIFY(controller.workerProcessId() != slowWorker);
    // The stopped worker is gone (and reaped).
    QTRY_VERIFY_WITH_TIMEOUT(::kill(static_cast<pid_t>(slowWorker), 0) != 0, 10000);
    qInfo("request -> result with the slow compile stopped: %lld ms", timer.elapsed());
  }

  void crashingRunLeavesTheWindowAlive() {
    QTemporaryDir dir;
    MainWindow window;
    window.show();
    QVERIFY(window.openPath(kSample, QStringLiteral("add_kernel"), kSignature));
    QVERIFY(window.compileAndWait());
    RunPanel *panel = window.runPanel();
    // A child that dies from a segmentation fault.
    panel->setExecutable(writeScript(dir, "crash.sh", "kill -SEGV $$\n"));
    QSignalSpy finished(panel, &RunPanel::finished);
    panel->start(false);
    QVERIFY(finished.wait(20000));
    QVERIFY(window.isVisible());
    QCOMPARE(panel->results()->rowCount(), 1);
    QVERIFY(panel->results()->record(0).crashed);
    QVERIFY2(panel->message().contains(QLatin1String("crashed")), qPrintable(panel->message()));
    // The arguments the child got are the kernel's.
    QStringList arguments = panel->commandArguments(true);
    QCOMPARE(arguments.first(), QStringLiteral("bench"));
    QVERIFY(arguments.contains(QStringLiteral("add_kernel")));
    QVERIFY(arguments.contains(QStringLiteral("--json")));
  }

  void profileScopesToggleRecompiles() {
    QTemporaryDir dir;
    const QString kernel = dir.filePath(QStringLiteral("scoped.py"));
    QFile file(kernel);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(
        "import triton\nimport triton.language as tl\nimport triton.profiler.language as pl\n\n\n"
        "@triton.jit\ndef scoped(x_ptr, BLOCK: tl.constexpr):\n"
        "    with pl.scope(\"load\"):\n"
        "        x = tl.load(x_ptr + tl.arange(0, BLOCK))\n"
        "    tl.store(x_ptr + tl.arange(0, BLOCK), x + 1)\n");
    file.close();
    MainWindow window;
    QVERIFY(window.openPath(kernel, QStringLiteral("scoped"), QStringLiteral("*fp32:16, 128")));
    QVERIFY(window.compileAndWait());
    QVERIFY(!window.stageModel()->text("ttgir").contains(QLatin1String("proton.record")));
    // Checking "Profile scopes" compiles the scopes instrumented: records in ttgir, a profile
    // buffer among the hidden parameters.
    window.runPanel()->setProfileScopes(true);
    QVERIFY(window.compiler()->waitForLatest(60000));
    QVERIFY(
        window.stageModel()->text("ttgir").contains(QLatin1String("proton.record start \"load\"")));
    bool profileBuffer = false;
    for (const HiddenParameterRow &row : window.hiddenParameters()->parameters())
      if (row.kind == HiddenParameterRow::Kind::ProfileScratch && row.perProgramBytes > 0)
        profileBuffer = true;
    QVERIFY(profileBuffer);
  }

  void profiledRunShowsItsTimeline() {
    QTemporaryDir dir;
    RunPanel panel;
    LaunchTarget target;
    target.path = kSample;
    target.kernel = QStringLiteral("add_kernel");
    target.signature = kSignature;
    panel.setLaunchTarget(target);
    panel.setProfileScopes(true);
    QVERIFY(panel.commandArguments(false).contains(QStringLiteral("--profile-scopes")));
    // What `trex run --profile-scopes --json` answers: two warps of program 0.
    panel.setExecutable(writeScript(
        dir, "profiled.sh",
        "echo '{\"kernel\": \"add_kernel\", \"device\": \"fake\", \"grid\": [1, 1, 1], "
        "\"outputs\": {}, \"profile\": {\"scopes\": [], \"timeline\": {\"0\": ["
        "{\"warp\": 0, \"scope\": \"load\", \"start\": 0, \"cycles\": 400, \"depth\": 0}, "
        "{\"warp\": 1, \"scope\": \"load\", \"start\": 20, \"cycles\": 380, \"depth\": 0}]}}}'\n"));
    QSignalSpy finished(&panel, &RunPanel::finished);
    panel.resize(700, 500);
    panel.show();
    panel.start(false);
    QVERIFY(finished.wait(20000));
    QVERIFY2(panel.results()->record(0).succeeded, qPrintable(panel.message()));
    QCOMPARE(panel.profileTimeline()->laneCount(), 2);
    QCOMPARE(panel.profileTimeline()->span(), qint64(400));
    QCOMPARE(panel.profileTimeline()->programs(), QStringList{QStringLiteral("0")});
    QVERIFY(!panel.grab().isNull()); // the timeline paints
  }

  void noGpuIsAClearMessage() {
    QTemporaryDir dir;
    RunPanel panel;
    LaunchTarget target;
    target.path = kSample;
    target.kernel = QStringLiteral("add_kernel");
    target.signature = kSignature;
    panel.setLaunchTarget(target);
    panel.setExecutable(writeScript(
        dir, "nogpu.sh",
        "echo '{\"error\": \"cannot load libcuda.so.1\", \"no_driver\": true}'\necho 'error: no driver' >&2\nexit 1\n"));
    QSignalSpy finished(&panel, &RunPanel::finished);
    panel.start(false);
    QVERIFY(finished.wait(20000));
    QVERIFY(panel.results()->record(0).noDriver);
    QVERIFY2(panel.message().contains(QLatin1String("No GPU")), qPrintable(panel.message()));
    // A program that does not exist is reported too.
    panel.setExecutable(dir.filePath("missing-trex"));
    panel.start(false);
    QVERIFY(finished.wait(20000));
    QVERIFY(panel.message().contains(QLatin1String("could not start")));
  }
};

TREX_EXPLORER_TEST_MAIN(ExplorerWindowTest)
#include "ExplorerWindowTest.moc"
