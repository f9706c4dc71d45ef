// CodePane: the chooser drives the highlighter's language; the edit bar drives read-only.
#include "CodePane.h"

#include "SyntaxHighlighter.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QShortcut>
#include <QVBoxLayout>

namespace trex::explorer {

CodePane::CodePane(QWidget *parent)
    : QWidget(parent), chooser(new QComboBox(this)), codeEditor(new CodeEditor(this)),
      highlighter(new SyntaxHighlighter(codeEditor->document(), Language::Plain)),
      editBar(new QWidget(this)), editButton(new QToolButton(editBar)),
      rerunButton(new QToolButton(editBar)), revertButton(new QToolButton(editBar)),
      editLabel(new QLabel(editBar)), comparisonLabel(new QLabel(this)) {
  editButton->setText(QStringLiteral("Edit"));
  rerunButton->setText(QStringLiteral("Re-run from here"));
  revertButton->setText(QStringLiteral("Revert"));
  // Six panes side by side must still fit a laptop screen: the bar may be cut, not widen them.
  editBar->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
  editButton->setCheckable(true);
  editButton->setToolTip(QStringLiteral("Edit this stage's text, then re-run the later stages from it"));
  rerunButton->setToolTip(QStringLiteral("Re-run from here: compile the later stages from this text (Ctrl+Enter)"));
  revertButton->setToolTip(QStringLiteral("Drop the edit: back to the compiled text, and recompile"));
  rerunButton->setEnabled(false);
  revertButton->setEnabled(false);
  editLabel->setStyleSheet(QStringLiteral("color: #a05000"));
  // The note may be long; it must not widen the pane (the tooltip holds all of it).
  editLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  auto *bar = new QHBoxLayout(editBar);
  bar->setContentsMargins(0, 0, 0, 0);
  bar->addWidget(editButton);
  bar->addWidget(rerunButton);
  bar->addWidget(revertButton);
  bar->addWidget(editLabel, 1);
  editBar->hide();
  comparisonLabel->setStyleSheet(QStringLiteral("color: #803030"));
  comparisonLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  comparisonLabel->hide();

  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addWidget(chooser);
  layout->addWidget(editBar);
  layout->addWidget(comparisonLabel);
  layout->addWidget(codeEditor);
  connect(chooser, &QComboBox::textActivated, this, [this](const QString &key) {
    setStage(key);
    Q_EMIT stageChosen(key);
  });
  connect(editButton, &QToolButton::toggled, this, [this](bool editing) {
    setEditing(editing);
    Q_EMIT editingToggled(editing);
  });
  connect(rerunButton, &QToolButton::clicked, this, &CodePane::rerunRequested);
  connect(revertButton, &QToolButton::clicked, this, &CodePane::revertRequested);
  auto *rerun = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), codeEditor);
  rerun->setContext(Qt::WidgetShortcut);
  connect(rerun, &QShortcut::activated, this, [this] {
    if (isEditing())
      Q_EMIT rerunRequested();
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

void CodePane::setText(const QString &text) {
  hidingLocations = false;
  shown = {};
  codeEditor->setCode(text);
}

void CodePane::setStageText(const QString &text, bool hideLocations) {
  if (!hideLocations) {
    setText(text);
    return;
  }
  hidingLocations = true;
  shown = stagetext::LocationFreeText::fromMLIR(text.toStdString());
  codeEditor->setCode(QString::fromStdString(shown.text()));
}

int CodePane::stageLine(int shownLine) const {
  return hidingLocations ? shown.originalLine(shownLine) : shownLine;
}

int CodePane::shownLine(int stageLine) const {
  return hidingLocations ? shown.shownLine(stageLine) : stageLine;
}

void CodePane::setComparison(const QString &summary, const std::vector<int> &changedStageLines) {
  comparisonLabel->setText(summary);
  comparisonLabel->setToolTip(summary);
  comparisonLabel->setVisible(!summary.isEmpty());
  std::vector<int> lines;
  if (!summary.isEmpty())
    for (int line : changedStageLines)
      if (int shownLine = this->shownLine(line))
        lines.push_back(shownLine);
  codeEditor->setChangedLines(lines);
}

QString CodePane::comparisonSummary() const { return comparisonLabel->text(); }

void CodePane::setEditAvailable(bool available) {
  editAvailable = available;
  editBar->setVisible(available);
  if (!available)
    setEditing(false);
}

void CodePane::setEditing(bool editing) {
  editing = editing && editAvailable;
  {
    QSignalBlocker blocker(editButton);
    editButton->setChecked(editing);
  }
  rerunButton->setEnabled(editing);
  if (editAvailable)
    codeEditor->setReadOnly(!editing);
}

bool CodePane::isEditing() const { return editAvailable && editButton->isChecked(); }

void CodePane::setEdited(bool edited, const QString &note) {
  markedEdited = edited;
  revertButton->setEnabled(edited);
  editLabel->setText(edited ? (note.isEmpty() ? QStringLiteral("edited") : QStringLiteral("edited — ") + note) : QString());
  editLabel->setToolTip(editLabel->text());
}

QString CodePane::editNote() const { return editLabel->text(); }

} // namespace trex::explorer
