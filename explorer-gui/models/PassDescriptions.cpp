// PassDescriptions: parsing mlir-tblgen's pass documentation and looking passes up.
#include "PassDescriptions.h"

#include <QHash>
#include <QRegularExpression>
#include <QStringList>

namespace trex::explorer {

// The markdown of every Passes.td, embedded by EmbedPassDocs.cmake (PassDocs.cpp).
const std::vector<const char *> &passDocumentationMarkdown();

std::vector<PassDescription> parsePassDocumentation(const QString &markdown) {
  std::vector<PassDescription> result;
  // mlir-tblgen writes each pass as: ### `-argument`, a blank line, _summary_, the description
  // paragraphs, then #### Options / #### Statistics sections.
  static const QRegularExpression heading(QStringLiteral("^### `-([^`]+)`\\s*$"),
                                          QRegularExpression::MultilineOption);
  QRegularExpressionMatchIterator it = heading.globalMatch(markdown);
  std::vector<std::pair<QString, qsizetype>> sections;
  std::vector<qsizetype> starts;
  while (it.hasNext()) {
    QRegularExpressionMatch match = it.next();
    sections.emplace_back(match.captured(1), match.capturedEnd());
    starts.push_back(match.capturedStart());
  }
  for (size_t i = 0; i < sections.size(); ++i) {
    qsizetype end = i + 1 < sections.size() ? starts[i + 1] : markdown.size();
    QString body = markdown.mid(sections[i].second, end - sections[i].second);
    // Options and statistics are listed elsewhere in the explorer; only the prose is kept.
    qsizetype subsection = body.indexOf(QStringLiteral("\n#### "));
    if (subsection >= 0)
      body.truncate(subsection);
    body = body.trimmed();
    PassDescription description;
    description.argument = sections[i].first;
    if (body.startsWith('_')) {
      qsizetype close = body.indexOf(QStringLiteral("_\n"), 1);
      if (close < 0 && body.endsWith('_'))
        close = body.size() - 1;
      if (close > 0) {
        description.summary = body.mid(1, close - 1).trimmed();
        body = body.mid(close + 1).trimmed();
      }
    }
    description.description = body;
    result.push_back(std::move(description));
  }
  return result;
}

const std::vector<PassDescription> &generatedPassDescriptions() {
  static const std::vector<PassDescription> descriptions = [] {
    std::vector<PassDescription> all;
    for (const char *markdown : passDocumentationMarkdown()) {
      std::vector<PassDescription> parsed = parsePassDocumentation(QString::fromUtf8(markdown));
      all.insert(all.end(), parsed.begin(), parsed.end());
    }
    return all;
  }();
  return descriptions;
}

namespace {

using Index = QHash<QString, const PassDescription *>;

Index indexOf(std::initializer_list<const std::vector<PassDescription> *> tables) {
  Index index;
  for (const std::vector<PassDescription> *table : tables)
    for (const PassDescription &description : *table)
      if (!index.contains(description.argument))
        index.insert(description.argument, &description);
  return index;
}

// A description's first paragraph, as plain text.
QString firstParagraph(const QString &markdown) {
  QString paragraph = markdown.section(QStringLiteral("\n\n"), 0, 0).simplified();
  paragraph.remove('`');
  return paragraph;
}

} // namespace

const PassDescription *findPassDescription(PassRecord::IRKind kind, const QString &argument,
                                           const QString &name) {
  static const Index mlir = indexOf({&generatedPassDescriptions(), &builtinMLIRPassDescriptions()});
  static const Index llvm = indexOf({&builtinLLVMPassDescriptions()});
  static const Index backend = indexOf({&builtinBackendStepDescriptions()});
  switch (kind) {
  case PassRecord::IRKind::MLIR:
    return mlir.value(argument, nullptr);
  case PassRecord::IRKind::LLVM:
    // A few LLVM passes (pass-manager wrappers) have no command-line name; their class name is
    // the key then.
    return llvm.value(argument.isEmpty() ? name : argument, nullptr);
  case PassRecord::IRKind::None:
    return backend.value(name, nullptr);
  }
  return nullptr;
}

QString passToolTip(PassRecord::IRKind kind, const QString &argument, const QString &name) {
  const PassDescription *description = findPassDescription(kind, argument, name);
  // The timeline shows the argument; the tooltip adds the C++ class that implements it.
  QString title = argument.isEmpty() || argument == name
                      ? name
                      : QStringLiteral("%1 (C++ class %2)").arg(argument, name);
  if (!description)
    return title;
  QString summary = description->summary;
  summary.remove('`');
  QString paragraph = firstParagraph(description->description);
  QString head = QStringLiteral("%1: %2").arg(title, summary);
  return paragraph.isEmpty() ? head : head + QStringLiteral("\n\n") + paragraph;
}

QString passDescriptionMarkdown(PassRecord::IRKind kind, const QString &argument,
                                const QString &name) {
  const PassDescription *description = findPassDescription(kind, argument, name);
  QString title = argument.isEmpty() || argument == name
                      ? QStringLiteral("`%1`").arg(name)
                      : QStringLiteral("%1 (`%2`)").arg(name, argument);
  if (!description)
    return title + QStringLiteral("\n\n(no description: neither a Passes.td nor the explorer's "
                                  "list of common passes describes it)");
  QString text = QStringLiteral("%1 — **%2**").arg(title, description->summary);
  if (!description->description.isEmpty())
    text += QStringLiteral("\n\n") + description->description;
  return text;
}

} // namespace trex::explorer
