// MainWindow: editing a stage (source, ttir, ttgir, llir) or the IR after a pass and re-running
// the pipeline from there. The later stages and passes are replaced by the resumed compile's;
// the earlier ones stay; the edited text stays in its pane (marked edited) until reverted, and
// errors in it are drawn at their lines.
#include "MainWindow.h"

#include "CodePane.h"
#include "CompileBridge.h"
#include "PassTimelineView.h"
#include "ResumedCompile.h"
#include "RunPanel.h"
#include "TuningPanel.h"

#include <QDateTime>
#include <QComboBox>
#include <QLabel>
#include <QSpinBox>
#include <QStatusBar>

namespace trex::explorer {

namespace {

// The name the compiler gives an edited text in its diagnostics; DiagnosticsModel::byLine finds
// them under it.
QString editedBufferName(const QString &what, bool llvmIR) {
  return QStringLiteral("edited-%1.%2").arg(what, llvmIR ? QStringLiteral("ll") : QStringLiteral("mlir"));
}

} // namespace

bool MainWindow::isResumableStage(const QString &stageKey) const {
  // trex's own stages only ("ttgir", not "ttgir (triton)"), and only those a later stage is
  // compiled from.
  if (stageKey.contains(' ') || !stages->text(stageKey).size())
    return false;
  return resumeAfterStage(stageKey.toStdString()).has_value();
}

void MainWindow::connectEditing(CodePane *pane) {
  connect(pane, &CodePane::editingToggled, this, [this, pane](bool editing) {
    // Editing shows the stage with its locations (so a re-run keeps them), and hides them again
    // after.
    refreshPanes();
    if (editing)
      pane->editor()->setFocus();
  });
  connect(pane->editor(), &CodeEditor::textEdited, this, [this, pane] {
    if (!pane->isEditing())
      return;
    const QString key = pane->stage();
    edits.edit(key, stages->text(key), pane->editor()->toPlainText());
    pane->setEdited(true, QStringLiteral("Ctrl+Enter re-runs the later stages from it"));
  });
  connect(pane, &CodePane::rerunRequested, this, [this, pane] { rerunFromStage(pane->stage()); });
  connect(pane, &CodePane::revertRequested, this, [this, pane] { revertStage(pane->stage()); });
}

void MainWindow::rerunFromStage(const QString &stageKey) {
  CodePane *pane = paneForStage(stageKey);
  std::optional<ResumeRequest> point = resumeAfterStage(stageKey.toStdString());
  if (!pane || !point || inputKind == InputKind::None)
    return;
  const QString text = pane->editor()->toPlainText();
  edits.edit(stageKey, stages->text(stageKey), text);
  point->bufferName =
      editedBufferName(stageKey, point->pipeline >= Pipeline::LLVMOptimizer).toStdString();
  resumeOrigin = {stageKey, -1, text, QString::fromStdString(point->bufferName)};
  pane->setEdited(true, QStringLiteral("re-running the later stages…"));

  CompileRequest request;
  request.text = text.toStdString();
  request.target = targetChooser->currentText().toStdString();
  request.numWarps = warpsField->value();
  request.numStages = stagesField->value();
  request.profileScopes = runner->profileScopes();
  request.resume = point;
  requestStartedAt = QDateTime::currentMSecsSinceEpoch();
  controller->request(request, 0);
}

void MainWindow::rerunFromPass(int row, const QString &text) {
  if (row < 0 || row >= passes->rowCount())
    return;
  std::optional<ResumeRequest> point = resumeAfterPass(passes->pass(row));
  if (!point) {
    statusBar()->showMessage(QStringLiteral("Pass #%1 prints no IR to re-run from").arg(row + 1));
    return;
  }
  point->bufferName = editedBufferName(QStringLiteral("pass-%1").arg(row + 1),
                                       passes->pass(row).kind == PassRecord::IRKind::LLVM)
                          .toStdString();
  resumeOrigin = {QString(), row, text, QString::fromStdString(point->bufferName)};

  CompileRequest request;
  request.text = text.toStdString();
  request.target = targetChooser->currentText().toStdString();
  request.numWarps = warpsField->value();
  request.numStages = stagesField->value();
  request.profileScopes = runner->profileScopes();
  request.resume = point;
  requestStartedAt = QDateTime::currentMSecsSinceEpoch();
  controller->request(request, 0);
}

void MainWindow::revertStage(const QString &stageKey) {
  edits.revert(stageKey);
  if (CodePane *pane = paneForStage(stageKey)) {
    pane->setEdited(false);
    pane->setEditing(false);
    pane->setText(stages->text(stageKey));
  }
  if (resumeOrigin.stage == stageKey)
    resumeOrigin = {};
  // A full compile puts back every stage the edit had replaced.
  requestCompile(0);
}

void MainWindow::applyResumedSnapshot(const CompileSnapshot &snapshot) {
  const ResumeRequest &point = *snapshot.resumedFrom;
  // The edited stage's row holds the edited text, so line mapping works on what is shown.
  std::vector<StageText> current = stages->stagesOf(QStringLiteral("trex"));
  if (!resumeOrigin.stage.isEmpty())
    for (StageText &stage : current)
      if (QString::fromStdString(stage.name) == resumeOrigin.stage)
        stage.text = resumeOrigin.text.toStdString();
  stages->setStages(mergeResumedStages(current, snapshot.stages), QStringLiteral("trex"));

  std::vector<PassRecord> history = passes->allPasses();
  if (resumeOrigin.passRow >= 0 && resumeOrigin.passRow < static_cast<int>(history.size())) {
    PassRecord &edited = history[resumeOrigin.passRow];
    if (!edited.edited)
      edited.compiledIR = edited.ir;
    edited.edited = true;
    edited.ir = resumeOrigin.text.toStdString();
  }
  // A re-run that failed produced no passes to show; the timeline stays as it was.
  passes->setPasses(snapshot.succeeded ? mergeResumedPasses(history, snapshot.passes, point, resumeOrigin.passRow)
                                       : history);
  refreshComparison();
  diagnostics->setDiagnostics(snapshot.diagnostics);
  // LLVM IR carries no launch facts; the last compile's still hold (the edit cannot change
  // the kernel's parameters).
  if (snapshot.metadata)
    facts = snapshot.metadata;
  mapping.clear();
  if (inputKind == InputKind::Python)
    mapping.setStage("python", inputText.toStdString());
  for (const QString &key : stages->keys())
    mapping.setStage(key.toStdString(), stages->text(key).toStdString());
  refreshPanes();
  refreshHiddenParameters();

  QString from = resumeOrigin.stage.isEmpty() ? QStringLiteral("the IR after pass #%1").arg(resumeOrigin.passRow + 1)
                                              : QStringLiteral("the edited %1").arg(resumeOrigin.stage);
  int errors = diagnostics->errorCount();
  QString outcome = snapshot.succeeded
                        ? QStringLiteral("re-ran the %1 from %2").arg(pipelineName(point.pipeline), from)
                        : QStringLiteral("re-running from %1 failed (%2 error(s)); the later stages are "
                                         "still the previous compile's")
                              .arg(from)
                              .arg(errors);
  if (CodePane *pane = paneForStage(resumeOrigin.stage))
    pane->setEdited(true, outcome);
  lastUpdate = static_cast<double>(QDateTime::currentMSecsSinceEpoch() - requestStartedAt);
  statusLabel->setText(QStringLiteral("%1 in %2 ms").arg(outcome).arg(lastUpdate, 0, 'f', 0));
}

void MainWindow::showPassResumeNote(int row) {
  if (row < 0 || row >= passes->rowCount())
    return;
  const PassRecord &pass = passes->pass(row);
  std::optional<ResumeRequest> point = resumeAfterPass(pass);
  if (!point || pass.ir.empty()) {
    timeline->setResumeNote(QStringLiteral("This step prints no IR, so there is nothing to edit here."), false);
    return;
  }
  QString enclosing;
  if (pass.nested)
    for (int earlier = row - 1; earlier >= 0; --earlier)
      if (!passes->pass(earlier).nested && passes->pass(earlier).pipeline == pass.pipeline &&
          passes->pass(earlier).step == pass.step) {
        enclosing = QString::fromStdString(passes->pass(earlier).name);
        break;
      }
  timeline->setResumeNote(resumeExplanation(pass, *point, enclosing), true);
}

void MainWindow::refreshTuning(const std::vector<AutotuneConfig> &autotuneConfigs) {
  if (inputKind != InputKind::Python)
    return;
  LaunchTarget launch = runner->currentLaunchTarget();
  QStringList names;
  auto found = std::find_if(kernels.begin(), kernels.end(), [&](const KernelDefinition &definition) {
    return definition.name == kernelChooser->currentText();
  });
  if (found != kernels.end())
    for (const KernelParameter &parameter : found->parameters)
      names << parameter.name;
  tuner->setLaunchTarget(launch, names);
  tuner->setAutotuneConfigs(autotuneConfigs);
}

} // namespace trex::explorer
