// CodePane: one stage column — a chooser for which stage it shows, the highlighted text, and for
// a stage the pipeline can be re-run from (source, ttir, ttgir, llir) an Edit toggle, "Re-run
// from here" (Ctrl+Enter) and "Revert to compiled"; above the text, the comparison with the
// same stage elsewhere.
#pragma once

#include "CodeEditor.h"

#include "trex/StageText/Locations.h"

#include <QComboBox>
#include <QWidget>

class QLabel;
class QToolButton;

namespace trex::explorer {

class SyntaxHighlighter;

class CodePane : public QWidget {
  Q_OBJECT
public:
  explicit CodePane(QWidget *parent = nullptr);

  // The stages the chooser offers; keeps the current one when it is still offered.
  void setChoices(const QStringList &stageKeys);
  void setStage(const QString &stageKey);
  QString stage() const { return currentStage; }
  // Shows `text` as it is.
  void setText(const QString &text);
  // Shows an MLIR stage's `text`, without its `#loc` lines and `loc(...)` suffixes when
  // `hideLocations`; the lines keep their mapping to the stage's text (stageLine, shownLine).
  void setStageText(const QString &text, bool hideLocations);
  bool locationsHidden() const { return hidingLocations; }
  // The line of the stage's text that shown line `line` is (both 1-based), and back (0: the
  // stage line is not shown).
  int stageLine(int shownLine) const;
  int shownLine(int stageLine) const;
  CodeEditor *editor() const { return codeEditor; }
  // The comparison of the shown stage with the same stage elsewhere (trex's with Triton's):
  // a one-line summary above the text, and the lines (of the stage's text) that differ,
  // marked. An empty summary hides both.
  void setComparison(const QString &summary, const std::vector<int> &changedStageLines);
  QString comparisonSummary() const;

  // Whether the shown stage can be edited and re-run from (shows the edit controls).
  void setEditAvailable(bool available);
  bool isEditAvailable() const { return editAvailable; }
  void setEditing(bool editing);
  bool isEditing() const;
  // Marks the text as the user's edit (not the compiler's output); `note` says what ran from it.
  void setEdited(bool edited, const QString &note = QString());
  bool isMarkedEdited() const { return markedEdited; }
  QString editNote() const;

Q_SIGNALS:
  void stageChosen(const QString &stageKey);
  void editingToggled(bool editing);
  void rerunRequested();
  void revertRequested();

private:
  QComboBox *chooser;
  CodeEditor *codeEditor;
  SyntaxHighlighter *highlighter;
  QWidget *editBar;
  QToolButton *editButton;
  QToolButton *rerunButton;
  QToolButton *revertButton;
  QLabel *editLabel;
  QLabel *comparisonLabel;
  QString currentStage;
  bool editAvailable = false;
  bool hidingLocations = false;
  stagetext::LocationFreeText shown;
  bool markedEdited = false;
};

} // namespace trex::explorer
