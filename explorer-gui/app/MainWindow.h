// MainWindow: wires the explorer together — the options bar, the stage panes, the docks (passes,
// diagnostics, hidden parameters, layouts, run) — around the models and the compile controller.
#pragma once

#include "CompileController.h"
#include "DiagnosticsModel.h"
#include "HiddenParametersModel.h"
#include "KernelSource.h"
#include "LineMapping.h"
#include "PassListComparison.h"
#include "PassTimelineModel.h"
#include "SessionKernelsModel.h"
#include "StageComparisonModel.h"
#include "StageEdits.h"
#include "StageModel.h"

#include <QMainWindow>

#include <functional>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QMenu;
class QProgressBar;
class QSettings;
class QSpinBox;
class QSplitter;
class QTableView;

namespace trex::explorer {

class CodePane;
class LayoutPanel;
class PassTimelineView;
class RunPanel;
class SpecializationPanel;
class TuningPanel;

class MainWindow : public QMainWindow {
  Q_OBJECT
public:
  explicit MainWindow(QWidget *parent = nullptr);

  // Opens a .py (with its remembered or the given kernel and signature), a .ttir/.ttgir, a
  // Triton cache directory or a capture session folder (`kernel`: a kernel id or name there);
  // compiles at once. False (with a message) when it cannot be read.
  bool openPath(const QString &path, const QString &kernel = QString(), const QString &signature = QString());
  // Capture sessions (MainWindowSession.cpp). Opens the session kernel of `row` of the
  // session's list: its module with the session's signature, target, num_warps and
  // num_stages, Triton's stages beside trex's. A kernel without a trex signature is not
  // compiled; its notes say why. False for a row that is not there or a module not read.
  bool chooseSessionKernel(int row);
  SessionKernelsModel *sessionKernels() const { return sessionModel; }
  // The session kernel shown (-1: none) and its notes as the window shows them.
  int sessionKernelRow() const { return sessionRow; }
  QString sessionNote() const;
  // trex's stages against Triton's (or another compilation's), per stage, then the layouts,
  // the launch facts and the passes (a "passes" row).
  StageComparisonModel *comparisonModel() const { return comparison; }
  // The passes of each side of the comparison, aligned (below the rows in the Compare dock).
  PassListComparisonModel *passListComparison() const { return passLists; }
  // Whether the panes mark the lines that differ from the compared stage (View menu; on).
  void setDifferencesMarked(bool marked);
  // Compare… (issue 22): trex's stages against another compilation, in the same view: the
  // stages of a folder (`trex compile --emit all -o DIR` output or a Triton cache entry), or
  // the current kernel compiled again with other num_warps/num_stages (off the UI thread; the
  // comparison appears when it is done). Its stages are offered as "ttgir (compared)". False
  // (with a message) for a folder that holds no stages. compareWithTriton goes back to
  // Triton's stages of a session or cache.
  bool compareWithFolder(const QString &folder);
  // The kernel compiled again with these options (and another target, when `target` names
  // one: "cuda:80"), compared with the current compilation.
  void compareWithOptions(int numWarps, int numStages, const QString &target = QString());
  void compareWithTriton();
  CompileController *comparisonCompiler() const { return comparedController; }
  // Without a user to dismiss them (--screenshot, tests), problems opening a path go to the
  // diagnostics pane and openProblem() instead of a modal message box.
  void setHeadless(bool headless) { this->headless = headless; }
  QString openProblem() const { return lastOpenProblem; }
  void setTarget(const QString &target);
  // The num_warps field (compiles after the usual debounce, or at compileAndWait).
  void setNumWarps(int warps);
  // Compiles now (no debounce) and waits for the result; for --screenshot and tests.
  bool compileAndWait(int timeoutMilliseconds = 120000);
  // The signature field: what is typed, and its placeholder ("proposed: ..." after a compile
  // that used the specialization trex proposed).
  QString signatureText() const;
  QString signaturePlaceholder() const;
  // The specialization form beside the signature field (a dock).
  SpecializationPanel *specializationPanel() const { return specialization; }
  // Goes back to the specialization trex proposes: the field is emptied, nothing is remembered
  // for the kernel, and it compiles at once (the form's "Use trex's proposal").
  void useProposedSpecialization();
  // Brings the diagnostics pane to the front of its tabs (after a crashed compile; --screenshot
  // of a kernel that does not compile).
  void raiseDiagnostics();
  // Shows `count` panes with the stages in pipeline order (python first).
  void showAllStages();
  // The stages the panes show when nothing is remembered: the input, ttgir and the assembly
  // (ptx, or amdgcn on a hip target).
  QStringList defaultPaneStages() const;
  // Whether the MLIR panes show their `#loc` lines and `loc(...)` suffixes (View > Show
  // locations; off by default, remembered).
  void setLocationsShown(bool shown);
  bool locationsShown() const;

  // For tests and --screenshot.
  QList<CodePane *> panes() const { return codePanes; }
  CodePane *paneForStage(const QString &stageKey) const;
  StageModel *stageModel() const { return stages; }
  PassTimelineModel *passModel() const { return passes; }
  DiagnosticsModel *diagnosticsModel() const { return diagnostics; }
  HiddenParametersModel *hiddenParameters() const { return hidden; }
  LayoutPanel *layoutPanel() const { return layouts; }
  RunPanel *runPanel() const { return runner; }
  TuningPanel *tuningPanel() const { return tuner; }
  const StageEdits &stageEdits() const { return edits; }
  PassTimelineView *passView() const { return timeline; }
  CompileController *compiler() const { return controller; }
  // Milliseconds from the last compile request to its stages being shown.
  double lastUpdateMilliseconds() const { return lastUpdate; }
  // Reacts like a click on line `line` of the stage's text (as stageModel() holds it, locations
  // included), at `column` of the line as the pane shows it, in the pane showing `stageKey`.
  void selectLine(const QString &stageKey, int line, int column = 0);

  // Re-runs the pipeline from the text of the pane showing `stageKey` (its "Re-run from here").
  void rerunFromStage(const QString &stageKey);
  // Re-runs the pipeline from `text` as the IR after pass `row` of the timeline.
  void rerunFromPass(int row, const QString &text);
  // Drops the edit of `stageKey` and recompiles.
  void revertStage(const QString &stageKey);

protected:
  void closeEvent(QCloseEvent *event) override;

private:
  // The message box of an input that cannot be opened (or, headless, the diagnostics pane).
  void reportOpenProblem(const QString &problem);
  bool openSession(const QString &folder, const QString &kernel);
  void buildSessionDocks();
  // Compares trex's stages with the other origin's, after either changed.
  void refreshComparison();
  // The comparison line and marks of each pane.
  void refreshPaneComparisons();
  void showCompared(const std::vector<StageText> &stages, const QString &name,
                    const std::string &metadataJson, const PassList &otherPasses);
  // What is known of the passes behind Triton's stages (a session's or a cache entry's): not
  // their list, and the note says so.
  PassList tritonPasses() const;
  void buildCompareMenu(QMenu *menu);
  void buildOptionsBar();
  void buildDocks();
  void buildMenus();
  void setPaneCount(int count);
  // The panes' stages: those remembered (QSettings "panes/stages") where the input offers them,
  // else the defaults; rememberPaneStages saves them after the user picks a stage or a count.
  void restorePaneStages();
  void rememberPaneStages();
  // Whether the pane for `stageKey` shows it without its locations.
  bool hidesLocations(const QString &stageKey) const;
  // A compile after `debounceMilliseconds`; by default (kAdaptiveDebounce) 100 ms after the
  // last change for a kernel whose last compile took under 250 ms, 300 ms otherwise (a slow
  // compile is not restarted at every pause in typing).
  static constexpr int kAdaptiveDebounce = -1;
  void requestCompile(int debounceMilliseconds = kAdaptiveDebounce);
  double lastCompileMilliseconds = -1;
  void applySnapshot(const CompileSnapshot &snapshot);
  void refreshPanes();
  void refreshDiagnostics();
  void refreshHiddenParameters();
  void onLineSelected(CodePane *pane, int line, int column);
  // `line` of the stage's text; `shownText`, `shownLine` and `column` as the pane shows it.
  void showLayoutAt(const QString &stageKey, int line, const QString &shownText, int shownLine,
                    int column);
  void chooseKernel(const QString &kernel);
  void rememberKernelChoice();
  // The parameters of `kernel` as the light scan of the source found them.
  std::vector<KernelParameter> kernelParameters(const QString &kernel) const;
  // Writes settings and syncs them; a failed write is reported in the status bar. False then.
  bool saveSettings(const std::function<void(QSettings &)> &write);
  void addRecentFile(const QString &path);
  void rebuildRecentMenu();
  QString paneText(const QString &stageKey) const;
  QStringList paneChoices() const;
  // Stage editing (MainWindowEdits.cpp).
  void connectEditing(CodePane *pane);
  bool isResumableStage(const QString &stageKey) const;
  void applyResumedSnapshot(const CompileSnapshot &snapshot);
  void showPassResumeNote(int row);
  // The tuning form for the kernel shown, with the autotune configs the compile read.
  void refreshTuning(const std::vector<AutotuneConfig> &autotuneConfigs);

  // What is open.
  enum class InputKind { None, Python, IR, TritonCache };
  InputKind inputKind = InputKind::None;
  QString inputPath;
  // The path handed to the compiler (the .source of a cache directory).
  QString compilePath;
  QString inputText;
  std::vector<KernelDefinition> kernels;

  StageModel *stages;
  PassTimelineModel *passes;
  DiagnosticsModel *diagnostics;
  HiddenParametersModel *hidden;
  LineMapping mapping;
  CompileController *controller;
  std::optional<KernelMetadata> facts;

  QComboBox *kernelChooser;
  SpecializationPanel *specialization;
  // The AOT signature string: the specialization panel's field.
  QLineEdit *signatureField;
  QComboBox *targetChooser;
  QSpinBox *warpsField;
  QSpinBox *stagesField;
  QSpinBox *paneCountField;
  QProgressBar *progress;
  QLabel *statusLabel;
  QSplitter *paneSplitter;
  QList<CodePane *> codePanes;
  PassTimelineView *timeline;
  QTableView *diagnosticsTable;
  QTableView *hiddenTable;
  QLineEdit *hiddenGridField;
  QLabel *hiddenProblem;
  LayoutPanel *layouts;
  RunPanel *runner;
  TuningPanel *tuner;
  // Stage texts the user edited, and the latest re-run from an edit: the stage it came from
  // (empty for a pass), the pass row (-1 for a stage), the edited text and the buffer name under
  // which the compiler locates errors in it.
  struct ResumeOrigin {
    QString stage;
    int passRow = -1;
    QString text;
    QString buffer;
  };
  StageEdits edits;
  ResumeOrigin resumeOrigin;
  // The capture session open (empty model: none), the kernel row shown, the notes shown.
  SessionKernelsModel *sessionModel;
  StageComparisonModel *comparison;
  int sessionRow = -1;
  // What trex's stages are compared with: the stages of origin "triton" or "compared".
  QString comparedOrigin = QStringLiteral("triton");
  QString comparedName = QStringLiteral("Triton");
  // Metadata JSON of trex's latest compile and of the compared side (empty where unknown).
  std::string trexMetadataJson;
  std::string comparedMetadataJson;
  std::string tritonMetadataJson; // a session kernel's, from Triton
  // The passes of the compared compilation or folder (not Triton's: tritonPasses()).
  PassList comparedPasses;
  PassListComparisonModel *passLists;
  CompileController *comparedController;
  QString pendingComparisonName;
  QTableView *sessionTable = nullptr;
  QLabel *sessionNotesLabel = nullptr;
  QTableView *comparisonTable = nullptr;
  QTableView *passListTable = nullptr;
  QAction *markDifferencesAction = nullptr;
  QMenu *recentMenu;
  QAction *showLocationsAction = nullptr;
  qint64 requestStartedAt = 0;
  double lastUpdate = 0;
  bool applying = false;
  bool headless = false;
  QString lastOpenProblem;
};

} // namespace trex::explorer
