// CodePane: one stage column — a chooser for which stage it shows, and the highlighted text.
#pragma once

#include "CodeEditor.h"

#include <QComboBox>
#include <QWidget>

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
  void setText(const QString &text);
  CodeEditor *editor() const { return codeEditor; }

Q_SIGNALS:
  void stageChosen(const QString &stageKey);

private:
  QComboBox *chooser;
  CodeEditor *codeEditor;
  SyntaxHighlighter *highlighter;
  QString currentStage;
};

} // namespace trex::explorer
