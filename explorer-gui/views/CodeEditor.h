// CodeEditor: a read-mostly text view with line numbers, highlighted mapped lines, lines that
// differ from a compared stage, and diagnostics drawn inline at the end of their line.
#pragma once

#include <QPlainTextEdit>

namespace trex::explorer {

struct InlineDiagnostic {
  int line = 0;
  bool isError = true;
  QString message;
};

class CodeEditor : public QPlainTextEdit {
  Q_OBJECT
public:
  explicit CodeEditor(QWidget *parent = nullptr);

  // Replaces the text without emitting lineSelected (nor textEdited).
  void setCode(const QString &text);
  // Lines (1-based) that correspond to the selection elsewhere; scrolls to the first.
  void setMappedLines(const std::vector<int> &lines);
  const std::vector<int> &mappedLines() const { return mapped; }
  // Lines (1-based) that differ from the stage compared with (drawn in a light red).
  void setChangedLines(const std::vector<int> &lines);
  const std::vector<int> &changedLines() const { return changed; }
  void setDiagnostics(const std::vector<InlineDiagnostic> &diagnostics);
  const std::vector<InlineDiagnostic> &diagnostics() const { return inlineDiagnostics; }
  int lineNumberAreaWidth() const;
  void paintLineNumbers(QPaintEvent *event);

Q_SIGNALS:
  // The user put the cursor on `line` (1-based) at `column` (0-based).
  void lineSelected(int line, int column);
  // The user changed the text.
  void textEdited();

protected:
  void resizeEvent(QResizeEvent *event) override;
  void paintEvent(QPaintEvent *event) override;

private:
  void refreshSelections();
  void updateLineNumberArea(const QRect &rect, int dy);

  QWidget *lineNumberArea;
  std::vector<int> mapped;
  std::vector<int> changed;
  std::vector<InlineDiagnostic> inlineDiagnostics;
  bool settingText = false;
  QString lastText;
};

} // namespace trex::explorer
