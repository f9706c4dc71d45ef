// SyntaxHighlighter: the rule tables. Later rules win where matches overlap, so comments and
// strings come last.
#include "SyntaxHighlighter.h"

namespace trex::explorer {

namespace {

QTextCharFormat styled(const char *color, bool bold = false, bool italic = false) {
  QTextCharFormat result;
  result.setForeground(QColor(color));
  if (bold)
    result.setFontWeight(QFont::Bold);
  result.setFontItalic(italic);
  return result;
}

} // namespace

Language languageOfStage(const QString &stage) {
  QString name = stage.section(' ', 0, 0);
  if (name == QLatin1String("python"))
    return Language::Python;
  if (name == QLatin1String("llir"))
    return Language::LLVM;
  if (name == QLatin1String("ptx"))
    return Language::PTX;
  if (name == QLatin1String("amdgcn"))
    return Language::AMDGCN;
  if (name == QLatin1String("ttir") || name == QLatin1String("ttgir") || name == QLatin1String("source") ||
      name == QLatin1String("mlir"))
    return Language::MLIR;
  return Language::Plain;
}

SyntaxHighlighter::SyntaxHighlighter(QTextDocument *document, Language language)
    : QSyntaxHighlighter(document) {
  setLanguage(language);
}

void SyntaxHighlighter::setLanguage(Language language) {
  current = language;
  rules.clear();
  auto add = [&](const char *pattern, const QTextCharFormat &style) {
    rules.push_back({QRegularExpression(QString::fromLatin1(pattern)), style});
  };
  const QTextCharFormat keyword = styled("#0033b3", true);
  const QTextCharFormat type = styled("#00627a");
  const QTextCharFormat number = styled("#1750eb");
  const QTextCharFormat value = styled("#871094");
  const QTextCharFormat attribute = styled("#9e880d");
  const QTextCharFormat operation = styled("#0033b3");
  const QTextCharFormat string = styled("#067d17");
  const QTextCharFormat comment = styled("#8c8c8c", false, true);
  const QTextCharFormat location = styled("#a0a0a0");
  switch (language) {
  case Language::Python:
    add(R"(\b(def|return|if|elif|else|for|while|in|import|from|as|and|or|not|None|True|False|with|pass|break|continue|lambda|class)\b)", keyword);
    add(R"(@[\w.]+)", attribute);
    add(R"(\btl\.\w+)", operation);
    add(R"(\b\d+(\.\d+)?\b)", number);
    add(R"("[^"]*"|'[^']*')", string);
    add(R"(#.*$)", comment);
    break;
  case Language::MLIR:
    add(R"(\b[a-z_]+\.[a-z_.]+\b)", operation);
    add(R"(\b(tensor|memref|vector|i1|i8|i16|i32|i64|f16|bf16|f32|f64|index)\b|![\w.]+)", type);
    add(R"(\b\d+(\.\d+)?(e[+-]?\d+)?\b)", number);
    add(R"(%[\w.$#]+)", value);
    add(R"(#[\w.$]+)", attribute);
    add(R"(@[\w.$]+)", keyword);
    add(R"("[^"]*")", string);
    add(R"(\bloc\(.*\)\s*$)", location);
    add(R"(//.*$)", comment);
    break;
  case Language::LLVM:
    add(R"(\b(define|declare|call|ret|br|store|load|getelementptr|icmp|fcmp|phi|select|alloca|tail|attributes|target|asm|sideeffect)\b)", keyword);
    add(R"(\b(i1|i8|i16|i32|i64|half|bfloat|float|double|ptr|void|addrspace)\b|<\d+ x)", type);
    add(R"(\b-?\d+(\.\d+)?\b)", number);
    add(R"(%[\w.$]+)", value);
    add(R"(@[\w.$]+)", attribute);
    add(R"(![\w.]+)", location);
    add(R"("[^"]*")", string);
    add(R"(;.*$)", comment);
    break;
  case Language::PTX:
    add(R"(^\s*[a-z][\w.]*)", operation);
    add(R"(\.(u|s|b|f)(8|16|32|64)\b|\.pred\b|\.v[24]\b)", type);
    add(R"(^\s*\.\w+)", keyword);
    add(R"(%\w+)", value);
    add(R"(\b0[xXfF][0-9a-fA-F]+\b|\b\d+\b)", number);
    add(R"(^\s*\$?[\w$]+:)", attribute);
    add(R"(@!?%\w+)", attribute);
    add(R"("[^"]*")", string);
    add(R"(//.*$)", comment);
    break;
  case Language::AMDGCN:
    add(R"(^\s*[sv]_[\w]+|^\s*(global|buffer|ds|flat|scratch)_[\w]+)", operation);
    add(R"(\b[sv]\[\d+:\d+\]|\b[sva]\d+\b|\bvcc\b|\bexec\b)", value);
    add(R"(^\s*\.[\w.]+)", keyword);
    add(R"(\b0x[0-9a-fA-F]+\b|\b\d+\b)", number);
    add(R"(^[\w.$]+:)", attribute);
    add(R"("[^"]*")", string);
    add(R"(;.*$)", comment);
    break;
  case Language::Plain:
    break;
  }
  rehighlight();
}

void SyntaxHighlighter::highlightBlock(const QString &text) {
  // Very long lines (inline asm, big constants) cost more to match than they are worth.
  if (text.size() > 4000)
    return;
  for (const Rule &rule : rules) {
    QRegularExpressionMatchIterator it = rule.pattern.globalMatch(text);
    while (it.hasNext()) {
      QRegularExpressionMatch match = it.next();
      if (match.capturedLength() > 0)
        setFormat(match.capturedStart(), match.capturedLength(), rule.format);
    }
  }
}

} // namespace trex::explorer
