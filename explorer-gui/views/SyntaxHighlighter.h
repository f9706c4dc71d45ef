// SyntaxHighlighter: one table-driven highlighter for the explorer's five languages (Python,
// MLIR, LLVM IR, PTX, AMDGCN); each language is a list of (pattern, format) rules.
#pragma once

#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace trex::explorer {

enum class Language { Plain, Python, MLIR, LLVM, PTX, AMDGCN };

// The language of a stage name ("python", "ttir", "ttgir", "source", "llir", "ptx", "amdgcn").
Language languageOfStage(const QString &stage);

class SyntaxHighlighter : public QSyntaxHighlighter {
public:
  SyntaxHighlighter(QTextDocument *document, Language language);
  void setLanguage(Language language);
  Language language() const { return current; }

protected:
  void highlightBlock(const QString &text) override;

private:
  struct Rule {
    QRegularExpression pattern;
    QTextCharFormat format;
  };
  Language current = Language::Plain;
  std::vector<Rule> rules;
};

} // namespace trex::explorer
