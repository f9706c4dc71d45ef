// CodeEditor: after Qt's code-editor example (line-number gutter), plus extra selections for
// mapped lines and diagnostics.
#include "CodeEditor.h"

#include <QPainter>
#include <QScrollBar>
#include <QTextBlock>

namespace trex::explorer {

namespace {

class LineNumberArea : public QWidget {
public:
  explicit LineNumberArea(CodeEditor *editor) : QWidget(editor), editor(editor) {}
  QSize sizeHint() const override { return QSize(editor->lineNumberAreaWidth(), 0); }

protected:
  void paintEvent(QPaintEvent *event) override { editor->paintLineNumbers(event); }

private:
  CodeEditor *editor;
};

} // namespace

CodeEditor::CodeEditor(QWidget *parent) : QPlainTextEdit(parent), lineNumberArea(new LineNumberArea(this)) {
  setLineWrapMode(QPlainTextEdit::NoWrap);
  QFont font(QStringLiteral("monospace"));
  font.setStyleHint(QFont::TypeWriter);
  font.setPointSize(9);
  setFont(font);
  connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { setViewportMargins(lineNumberAreaWidth(), 0, 0, 0); });
  connect(this, &QPlainTextEdit::updateRequest, this, &CodeEditor::updateLineNumberArea);
  connect(this, &QPlainTextEdit::cursorPositionChanged, this, [this] {
    if (settingText)
      return;
    QTextCursor cursor = textCursor();
    Q_EMIT lineSelected(cursor.blockNumber() + 1, cursor.positionInBlock());
  });
  // textChanged also fires when a highlighter re-formats; only a different text is an edit.
  connect(this, &QPlainTextEdit::textChanged, this, [this] {
    if (settingText)
      return;
    QString text = toPlainText();
    if (text == lastText)
      return;
    lastText = text;
    Q_EMIT textEdited();
  });
  setViewportMargins(lineNumberAreaWidth(), 0, 0, 0);
}

void CodeEditor::setCode(const QString &text) {
  if (text == toPlainText())
    return;
  settingText = true;
  int scroll = verticalScrollBar()->value();
  setPlainText(text);
  lastText = text;
  verticalScrollBar()->setValue(scroll);
  settingText = false;
  refreshSelections();
}

void CodeEditor::setMappedLines(const std::vector<int> &lines) {
  mapped = lines;
  refreshSelections();
  if (lines.empty())
    return;
  QTextBlock block = document()->findBlockByNumber(lines.front() - 1);
  if (!block.isValid())
    return;
  // Scroll the first mapped line into view without moving the user's cursor.
  settingText = true;
  QTextCursor saved = textCursor();
  QTextCursor cursor(block);
  setTextCursor(cursor);
  centerCursor();
  setTextCursor(saved);
  settingText = false;
}

void CodeEditor::setChangedLines(const std::vector<int> &lines) {
  if (lines == changed)
    return;
  changed = lines;
  refreshSelections();
}

void CodeEditor::setDiagnostics(const std::vector<InlineDiagnostic> &diagnostics) {
  inlineDiagnostics = diagnostics;
  refreshSelections();
  viewport()->update();
}

void CodeEditor::refreshSelections() {
  QList<QTextEdit::ExtraSelection> selections;
  // Changed lines first: a mapped line drawn over one stays visible.
  for (int line : changed) {
    QTextBlock block = document()->findBlockByNumber(line - 1);
    if (!block.isValid())
      continue;
    QTextEdit::ExtraSelection selection;
    selection.format.setBackground(QColor(255, 222, 222));
    selection.format.setProperty(QTextFormat::FullWidthSelection, true);
    selection.cursor = QTextCursor(block);
    selections << selection;
  }
  for (int line : mapped) {
    QTextBlock block = document()->findBlockByNumber(line - 1);
    if (!block.isValid())
      continue;
    QTextEdit::ExtraSelection selection;
    selection.format.setBackground(QColor(255, 240, 160));
    selection.format.setProperty(QTextFormat::FullWidthSelection, true);
    selection.cursor = QTextCursor(block);
    selections << selection;
  }
  for (const InlineDiagnostic &diagnostic : inlineDiagnostics) {
    QTextBlock block = document()->findBlockByNumber(diagnostic.line - 1);
    if (!block.isValid())
      continue;
    QTextEdit::ExtraSelection selection;
    selection.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
    selection.format.setUnderlineColor(diagnostic.isError ? Qt::red : QColor(200, 140, 0));
    selection.cursor = QTextCursor(block);
    selection.cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
    selections << selection;
  }
  setExtraSelections(selections);
}

int CodeEditor::lineNumberAreaWidth() const {
  int digits = QString::number(std::max(1, blockCount())).size();
  return 8 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * digits;
}

void CodeEditor::updateLineNumberArea(const QRect &rect, int dy) {
  if (dy)
    lineNumberArea->scroll(0, dy);
  else
    lineNumberArea->update(0, rect.y(), lineNumberArea->width(), rect.height());
}

void CodeEditor::resizeEvent(QResizeEvent *event) {
  QPlainTextEdit::resizeEvent(event);
  QRect area = contentsRect();
  lineNumberArea->setGeometry(QRect(area.left(), area.top(), lineNumberAreaWidth(), area.height()));
}

void CodeEditor::paintLineNumbers(QPaintEvent *event) {
  QPainter painter(lineNumberArea);
  painter.fillRect(event->rect(), QColor(245, 245, 245));
  QTextBlock block = firstVisibleBlock();
  int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
  int bottom = top + qRound(blockBoundingRect(block).height());
  while (block.isValid() && top <= event->rect().bottom()) {
    if (block.isVisible() && bottom >= event->rect().top()) {
      int line = block.blockNumber() + 1;
      bool isMapped = std::find(mapped.begin(), mapped.end(), line) != mapped.end();
      painter.setPen(isMapped ? QColor(160, 100, 0) : QColor(150, 150, 150));
      painter.drawText(0, top, lineNumberArea->width() - 4, fontMetrics().height(), Qt::AlignRight,
                       QString::number(line));
    }
    block = block.next();
    top = bottom;
    bottom = top + qRound(blockBoundingRect(block).height());
  }
}

void CodeEditor::paintEvent(QPaintEvent *event) {
  QPlainTextEdit::paintEvent(event);
  if (inlineDiagnostics.empty())
    return;
  // The message goes after the end of its line, like an IDE's inline hint.
  QPainter painter(viewport());
  for (const InlineDiagnostic &diagnostic : inlineDiagnostics) {
    QTextBlock block = document()->findBlockByNumber(diagnostic.line - 1);
    if (!block.isValid() || !block.isVisible())
      continue;
    QRectF geometry = blockBoundingGeometry(block).translated(contentOffset());
    if (geometry.bottom() < 0 || geometry.top() > viewport()->height())
      continue;
    int x = static_cast<int>(geometry.left()) + fontMetrics().horizontalAdvance(block.text()) + 24;
    QString text = (diagnostic.isError ? QStringLiteral("■ ") : QStringLiteral("▲ ")) + diagnostic.message;
    QRect box(x, static_cast<int>(geometry.top()), fontMetrics().horizontalAdvance(text) + 8,
              static_cast<int>(geometry.height()));
    painter.fillRect(box, diagnostic.isError ? QColor(255, 225, 225) : QColor(255, 240, 200));
    painter.setPen(diagnostic.isError ? QColor(180, 0, 0) : QColor(140, 90, 0));
    painter.drawText(box.adjusted(4, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
  }
}

} // namespace trex::explorer
