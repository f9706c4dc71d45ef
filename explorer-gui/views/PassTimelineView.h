// PassTimelineView: the pass list (search, hide unchanged) beside the IR after the chosen pass
// and its diff against the IR before it.
#pragma once

#include "PassTimelineModel.h"

#include <QWidget>

class QLabel;
class QTableView;
class QTabWidget;
class QPlainTextEdit;

namespace trex::explorer {

class CodeEditor;
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

private:
  PassTimelineModel *model;
  PassFilterModel *proxy;
  QTableView *view;
  QTabWidget *tabs;
  CodeEditor *irAfter;
  SyntaxHighlighter *irHighlighter;
  QPlainTextEdit *diff;
  QLabel *summary;
  int shown = -1;
};

} // namespace trex::explorer
