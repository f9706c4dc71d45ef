// PassTimelineView: the pass list (search, hide unchanged) beside the IR after the chosen pass
// and its diff against the IR before it, and what the pass is for (its Passes.td description).
// The IR after a pass can be edited and the pipeline re-run from there; an edit is kept (per
// pass, across recompiles) until it is reverted.
#pragma once

#include "CodeEditor.h"
#include "PassTimelineModel.h"

#include <QMap>
#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;
class QTextBrowser;
class QTabWidget;
class QPlainTextEdit;

namespace trex::explorer {

class SyntaxHighlighter;

class PassTimelineView : public QWidget {
  Q_OBJECT
public:
  PassTimelineView(PassTimelineModel *model, QWidget *parent = nullptr);
  // Shows pass `row` (a row of the model, not of the filtered view).
  void showPass(int row);
  int shownPass() const { return shown; }
  QTableView *table() const { return view; }
  PassFilterModel *filter() const { return proxy; }
  QString diffText() const;
  QString irText() const;
  // The description area's text (the pass's summary and description).
  QString descriptionText() const;
  CodeEditor *irEditor() const { return irAfter; }
  // Edit mode on the shown pass's IR (the main window's shortcut and the tests).
  void setEditing(bool editing);
  bool isEditing() const;
  // What re-running from the shown pass does; `available` false disables re-running.
  void setResumeNote(const QString &note, bool available);
  QString resumeNote() const;
  // Asks for a re-run from the shown pass with the editor's text.
  void requestRerun();
  // Drops the shown pass's edit and asks for the compiled IR back (its Revert button).
  void revertShown();
  // The located errors of the last re-run, drawn in the IR editor.
  void setEditDiagnostics(const std::vector<InlineDiagnostic> &diagnostics);

Q_SIGNALS:
  void passShown(int row);
  void rerunRequested(int row, const QString &text);
  void revertRequested(int row);

private:
  QString identity(int row) const;

  PassTimelineModel *model;
  PassFilterModel *proxy;
  QTableView *view;
  QTabWidget *tabs;
  CodeEditor *irAfter;
  SyntaxHighlighter *irHighlighter;
  QPlainTextEdit *diff;
  QLabel *summary;
  QTextBrowser *description;
  QPushButton *editButton;
  QPushButton *rerunButton;
  QPushButton *revertButton;
  QLabel *note;
  int shown = -1;
  // Edited IR per pass (by identity, so it survives recompiles that renumber the rows).
  QMap<QString, QString> drafts;
};

} // namespace trex::explorer
