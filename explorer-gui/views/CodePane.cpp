// CodePane: the chooser drives the highlighter's language.
#include "CodePane.h"

#include "SyntaxHighlighter.h"

#include <QVBoxLayout>

namespace trex::explorer {

CodePane::CodePane(QWidget *parent)
    : QWidget(parent), chooser(new QComboBox(this)), codeEditor(new CodeEditor(this)),
      highlighter(new SyntaxHighlighter(codeEditor->document(), Language::Plain)) {
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addWidget(chooser);
  layout->addWidget(codeEditor);
  connect(chooser, &QComboBox::textActivated, this, [this](const QString &key) {
    setStage(key);
    Q_EMIT stageChosen(key);
  });
}

void CodePane::setChoices(const QStringList &stageKeys) {
  QSignalBlocker blocker(chooser);
  chooser->clear();
  chooser->addItems(stageKeys);
  int index = chooser->findText(currentStage);
  if (index >= 0)
    chooser->setCurrentIndex(index);
}

void CodePane::setStage(const QString &stageKey) {
  currentStage = stageKey;
  QSignalBlocker blocker(chooser);
  int index = chooser->findText(stageKey);
  if (index >= 0)
    chooser->setCurrentIndex(index);
  Language language = languageOfStage(stageKey);
  if (language != highlighter->language())
    highlighter->setLanguage(language);
}

void CodePane::setText(const QString &text) { codeEditor->setCode(text); }

} // namespace trex::explorer
