// Editing a stage or a pass snapshot in the explorer's window and re-running the pipeline from
// there: the later stages change, the earlier ones and the edited text stay, errors are drawn
// at their line, and reverting brings the compiled text back. Also the teaching texts the
// window shows: each pass's description, each layout parameter's tooltip.
#include "CodePane.h"
#include "ExplorerTestMain.h"
#include "LayoutPanel.h"
#include "MainWindow.h"
#include "PassDescriptions.h"
#include "PassTimelineView.h"

#include <QTableWidget>
#include <QtTest>

using namespace trex::explorer;

namespace {

const QString kSample = QStringLiteral(TREX_SAMPLES_DIR "/vector_add.py");
const QString kSignature = QStringLiteral("*fp32:16, *fp32:16, *fp32:16, i32:16, 1024");

// Replaces the editor's whole text the way typing does (textEdited fires).
void type(CodeEditor *editor, const QString &text) {
  editor->setFocus();
  editor->selectAll();
  editor->insertPlainText(text);
}

int rowOf(PassTimelineModel *model, const char *argument, int occurrence = 0) {
  for (int row = 0; row < model->rowCount(); ++row)
    if (model->pass(row).argument == argument && occurrence-- == 0)
      return row;
  return -1;
}

bool openVectorAdd(MainWindow &window) {
  if (!window.openPath(kSample, QStringLiteral("add_kernel"), kSignature) || !window.compileAndWait())
    return false;
  window.showAllStages();
  return window.diagnosticsModel()->errorCount() == 0;
}

} // namespace

class ExplorerEditingTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName(QStringLiteral("trex-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("explorer-editing-test"));
  }

  void editedWarpsReachThePtx() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(openVectorAdd(window));
    const QString ttir = window.stageModel()->text("ttir");
    const QString ttgir = window.stageModel()->text("ttgir");
    const QString ptx = window.stageModel()->text("ptx");
    QVERIFY(ptx.contains(QLatin1String(".reqntid 128")));
    QVERIFY(ttgir.contains(QLatin1String("\"ttg.num-warps\" = 4")));
    QVERIFY(ttgir.contains(QLatin1String("warpsPerCTA = [4]")));

    CodePane *pane = window.paneForStage("ttgir");
    QVERIFY(pane->isEditAvailable());
    QVERIFY(pane->editor()->isReadOnly());
    QVERIFY(!window.paneForStage("ptx")->isEditAvailable());
    pane->setEditing(true);
    QVERIFY(!pane->editor()->isReadOnly());
    QString edited = ttgir;
    edited.replace(QStringLiteral("\"ttg.num-warps\" = 4"), QStringLiteral("\"ttg.num-warps\" = 8"));
    edited.replace(QStringLiteral("warpsPerCTA = [4]"), QStringLiteral("warpsPerCTA = [8]"));
    type(pane->editor(), edited);
    QVERIFY(window.stageEdits().isEdited("ttgir"));
    // Ctrl+Enter in the pane re-runs from it.
    QTest::keyClick(pane->editor(), Qt::Key_Return, Qt::ControlModifier);
    QVERIFY(window.compiler()->waitForLatest(60000));

    QCOMPARE(window.diagnosticsModel()->errorCount(), 0);
    const QString newPtx = window.paneForStage("ptx")->editor()->toPlainText();
    QVERIFY2(newPtx.contains(QLatin1String(".reqntid 256")), qPrintable(newPtx.left(600)));
    // The edit stays in its pane, marked; the stages before it are untouched.
    QCOMPARE(pane->editor()->toPlainText(), edited);
    QVERIFY(pane->isMarkedEdited());
    QVERIFY2(pane->editNote().contains(QLatin1String("re-ran")), qPrintable(pane->editNote()));
    // (The pane shows the ttir without its locations.)
    QCOMPARE(window.paneForStage("ttir")->editor()->toPlainText(),
             QString::fromStdString(
                 trex::stagetext::LocationFreeText::fromMLIR(ttir.toStdString()).text()));
    QCOMPARE(window.stageModel()->text("ttir"), ttir);
    // The timeline keeps the ttir and ttgir passes and shows the lowering that re-ran.
    QVERIFY(rowOf(window.passModel(), "triton-combine") >= 0);
    QVERIFY(rowOf(window.passModel(), "tritongpu-coalesce") >= 0);
    QVERIFY(rowOf(window.passModel(), "convert-triton-gpu-to-llvm") >= 0);
    QCOMPARE(window.hiddenParameters()->parameters().size(), size_t(7));

    // A recompile from the source keeps the edit in its pane.
    window.compileAndWait();
    QCOMPARE(pane->editor()->toPlainText(), edited);
    // Revert: the compiled ttgir and PTX come back.
    Q_EMIT pane->revertRequested();
    QVERIFY(window.compiler()->waitForLatest(60000));
    QCOMPARE(window.stageModel()->text("ttgir"), ttgir);
    QCOMPARE(pane->editor()->toPlainText(),
             pane->isEditing()
                 ? ttgir
                 : QString::fromStdString(
                       trex::stagetext::LocationFreeText::fromMLIR(ttgir.toStdString()).text()));
    QVERIFY(!pane->isMarkedEdited());
    QVERIFY(!window.stageEdits().isEdited("ttgir"));
    QVERIFY(window.paneForStage("ptx")->editor()->toPlainText().contains(QLatin1String(".reqntid 128")));
  }

  void aSyntaxErrorIsLocatedAndTheTextKept() {
    MainWindow window;
    QVERIFY(openVectorAdd(window));
    const QString ptx = window.stageModel()->text("ptx");
    CodePane *pane = window.paneForStage("ttgir");
    pane->setEditing(true);
    QStringList lines = window.stageModel()->text("ttgir").split('\n');
    lines.insert(2, QStringLiteral("  this is not IR"));
    const QString broken = lines.join('\n');
    type(pane->editor(), broken);
    window.rerunFromStage("ttgir");
    QVERIFY(window.compiler()->waitForLatest(60000));
    QVERIFY(window.diagnosticsModel()->errorCount() > 0);
    QCOMPARE(pane->editor()->toPlainText(), broken);
    bool onLine3 = false;
    for (const InlineDiagnostic &diagnostic : pane->editor()->diagnostics())
      onLine3 |= diagnostic.line == 3 && diagnostic.isError && !diagnostic.message.isEmpty();
    QVERIFY2(onLine3, "the parse error is drawn at line 3 of the edited ttgir");
    // Nothing after it was replaced.
    QCOMPARE(window.stageModel()->text("ptx"), ptx);
    QVERIFY2(pane->editNote().contains(QLatin1String("failed")), qPrintable(pane->editNote()));
  }

  void editedLlirIsCompiledToPtx() {
    MainWindow window;
    QVERIFY(openVectorAdd(window));
    CodePane *pane = window.paneForStage("llir");
    QVERIFY(pane->isEditAvailable());
    pane->setEditing(true);
    QString llir = window.stageModel()->text("llir");
    QVERIFY(llir.contains(QLatin1String("fadd float")));
    type(pane->editor(), llir.replace(QStringLiteral("fadd float"), QStringLiteral("fmul float")));
    window.rerunFromStage("llir");
    QVERIFY(window.compiler()->waitForLatest(60000));
    QCOMPARE(window.diagnosticsModel()->errorCount(), 0);
    const QString ptx = window.stageModel()->text("ptx");
    QVERIFY(ptx.contains(QLatin1String("mul.f32")));
    QVERIFY(!ptx.contains(QLatin1String("add.f32")));
  }

  void aPassSnapshotIsEditedAndRerunFromThere() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(openVectorAdd(window));
    PassTimelineModel *model = window.passModel();
    const int rows = model->rowCount();
    const QString ttir = window.stageModel()->text("ttir");
    int coalesce = rowOf(model, "tritongpu-coalesce");
    QVERIFY(coalesce > 0);
    PassTimelineView *timeline = window.passView();
    timeline->showPass(coalesce);
    QVERIFY2(timeline->resumeNote().contains(QLatin1String("of the ttgir pipeline")), qPrintable(timeline->resumeNote()));
    QVERIFY2(timeline->descriptionText().contains(QLatin1String("Give global loads and stores layouts whose accesses coalesce")),
             qPrintable(timeline->descriptionText()));
    timeline->setEditing(true);
    QVERIFY(timeline->isEditing());
    QString ir = timeline->irText();
    QVERIFY(ir.contains(QLatin1String("arith.addf")));
    type(timeline->irEditor(), ir.replace(QStringLiteral("arith.addf"), QStringLiteral("arith.mulf")));
    QTest::keyClick(timeline->irEditor(), Qt::Key_Return, Qt::ControlModifier);
    QVERIFY(window.compiler()->waitForLatest(60000));
    QCOMPARE(window.diagnosticsModel()->errorCount(), 0);
    QVERIFY(window.stageModel()->text("ttgir").contains(QLatin1String("arith.mulf")));
    QVERIFY(window.stageModel()->text("ptx").contains(QLatin1String("mul.f32")));
    QCOMPARE(window.stageModel()->text("ttir"), ttir);
    // Same passes (the same pipeline re-ran); the edited one is marked and keeps the edit.
    QCOMPARE(model->rowCount(), rows);
    QVERIFY(model->pass(coalesce).edited);
    QVERIFY(model->index(coalesce, PassTimelineModel::NameColumn).data().toString().endsWith(QLatin1String("(edited)")));
    QCOMPARE(timeline->shownPass(), coalesce);
    QCOMPARE(timeline->irText(), ir);
    // Revert recompiles from the source: the add is back.
    timeline->revertShown();
    QVERIFY(window.compiler()->waitForLatest(60000));
    QVERIFY(window.stageModel()->text("ptx").contains(QLatin1String("add.f32")));
    QVERIFY(!model->pass(coalesce).edited);
    QVERIFY(timeline->irText().contains(QLatin1String("arith.addf")));
  }

  void approximateResumePointsSaySo() {
    MainWindow window;
    QVERIFY(openVectorAdd(window));
    PassTimelineModel *model = window.passModel();
    // canonicalize inside the inliner.
    int nested = -1;
    for (int row = 0; row < model->rowCount() && nested < 0; ++row)
      if (model->pass(row).nested)
        nested = row;
    QVERIFY(nested > 0);
    window.passView()->showPass(nested);
    QVERIFY2(window.passView()->resumeNote().contains(QLatin1String("inside Inliner")), qPrintable(window.passView()->resumeNote()));
    int llvm = rowOf(model, "instcombine");
    QVERIFY(llvm > 0);
    window.passView()->showPass(llvm);
    QVERIFY(window.passView()->resumeNote().contains(QLatin1String("whole LLVM optimizer")));
    int codegen = -1;
    for (int row = 0; row < model->rowCount(); ++row)
      if (model->pass(row).kind == PassRecord::IRKind::None)
        codegen = row;
    window.passView()->showPass(codegen);
    QVERIFY(window.passView()->resumeNote().contains(QLatin1String("nothing to edit")));
    window.passView()->setEditing(true);
    QVERIFY(!window.passView()->isEditing());
  }

  void everyPassOfTheCompileIsDescribed() {
    MainWindow window;
    QVERIFY(openVectorAdd(window));
    PassTimelineModel *model = window.passModel();
    QVERIFY(model->rowCount() > 100);
    for (int row = 0; row < model->rowCount(); ++row) {
      const PassRecord &pass = model->pass(row);
      QVERIFY2(findPassDescription(pass.kind, QString::fromStdString(pass.argument), QString::fromStdString(pass.name)),
               qPrintable(QString::fromStdString(pass.name + " (" + pass.argument + ")")));
    }
  }

  void layoutParametersHaveTooltips() {
    MainWindow window;
    QVERIFY(openVectorAdd(window));
    window.selectLine(QStringLiteral("ttgir"), 1, 2); // "#blocked = #ttg.blocked<...>"
    QTableWidget *table = window.layoutPanel()->parameterTable();
    QCOMPARE(table->rowCount(), 4);
    QStringList keys;
    for (int row = 0; row < table->rowCount(); ++row) {
      keys << table->item(row, 0)->text();
      for (int column : {0, 1}) {
        QString tooltip = table->item(row, column)->toolTip();
        QVERIFY2(tooltip.size() > 60 && !tooltip.contains(QLatin1String("no explanation")), qPrintable(tooltip));
      }
    }
    QCOMPARE(keys, QStringList({"sizePerThread", "threadsPerWarp", "warpsPerCTA", "order"}));
    QCOMPARE(table->item(0, 1)->text(), QStringLiteral("[4]"));
    QVERIFY(table->item(0, 0)->toolTip().contains(QLatin1String("contiguously")));
  }
};

TREX_EXPLORER_TEST_MAIN(ExplorerEditingTest)
#include "ExplorerEditingTest.moc"
