// PassTimelineView: a filtered table; choosing a row fills the IR and diff tabs.
#include "PassTimelineView.h"

#include "CodeEditor.h"
#include "SyntaxHighlighter.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QShortcut>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>

namespace trex::explorer {

namespace {

// Colours unified-diff lines by their first character.
class DiffHighlighter : public QSyntaxHighlighter {
public:
  using QSyntaxHighlighter::QSyntaxHighlighter;

protected:
  void highlightBlock(const QString &text) override {
    if (text.startsWith('+'))
      setFormat(0, text.size(), QColor(0, 120, 0));
    else if (text.startsWith('-'))
      setFormat(0, text.size(), QColor(170, 0, 0));
    else if (text.startsWith(QLatin1String("@@")))
      setFormat(0, text.size(), QColor(0, 80, 170));
  }
};

} // namespace

PassTimelineView::PassTimelineView(PassTimelineModel *model, QWidget *parent)
    : QWidget(parent), model(model), proxy(new PassFilterModel(this)), view(new QTableView(this)),
      tabs(new QTabWidget(this)), irAfter(new CodeEditor(this)),
      irHighlighter(new SyntaxHighlighter(irAfter->document(), Language::MLIR)),
      diff(new QPlainTextEdit(this)), summary(new QLabel(this)), description(new QTextBrowser(this)),
      editButton(new QPushButton(QStringLiteral("Edit"), this)),
      rerunButton(new QPushButton(QStringLiteral("Re-run from here"), this)),
      revertButton(new QPushButton(QStringLiteral("Revert"), this)), note(new QLabel(this)) {
  proxy->setSourceModel(model);
  view->setModel(proxy);
  view->setSelectionBehavior(QAbstractItemView::SelectRows);
  view->setSelectionMode(QAbstractItemView::SingleSelection);
  view->verticalHeader()->hide();
  view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
  view->horizontalHeader()->setStretchLastSection(true);
  view->setColumnHidden(PassTimelineModel::AnchorColumn, true);
  // The class name is in the tooltip; the column reads as Triton spells the pass.
  view->setColumnHidden(PassTimelineModel::ClassColumn, true);

  auto *search = new QLineEdit(this);
  search->setPlaceholderText(QStringLiteral("Search passes (Ctrl+F)"));
  search->setClearButtonEnabled(true);
  auto *hideUnchanged = new QCheckBox(QStringLiteral("Hide unchanged"), this);
  connect(search, &QLineEdit::textChanged, proxy, &PassFilterModel::setSearchText);
  connect(hideUnchanged, &QCheckBox::toggled, proxy, &PassFilterModel::setHideUnchanged);

  irAfter->setReadOnly(true);
  diff->setReadOnly(true);
  diff->setLineWrapMode(QPlainTextEdit::NoWrap);
  diff->setFont(irAfter->font());
  new DiffHighlighter(diff->document());
  tabs->addTab(diff, QStringLiteral("Diff against the IR before"));
  auto *irPage = new QWidget(this);
  auto *irLayout = new QVBoxLayout(irPage);
  irLayout->setContentsMargins(0, 0, 0, 0);
  auto *editRow = new QHBoxLayout;
  editButton->setCheckable(true);
  editButton->setToolTip(QStringLiteral("Edit the IR after this pass, then re-run the rest of the pipeline from it"));
  rerunButton->setEnabled(false);
  revertButton->setEnabled(false);
  editRow->addWidget(editButton);
  editRow->addWidget(rerunButton);
  editRow->addWidget(revertButton);
  editRow->addStretch();
  note->setWordWrap(true);
  // A long note wraps within the width it gets instead of widening the dock.
  note->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  rerunButton->setToolTip(QStringLiteral("Compile the rest of the pipeline from this IR (Ctrl+Enter)"));
  revertButton->setToolTip(QStringLiteral("Drop the edit and recompile"));
  irLayout->addLayout(editRow);
  irLayout->addWidget(note);
  irLayout->addWidget(irAfter, 1);
  tabs->addTab(irPage, QStringLiteral("IR after"));
  description->setOpenLinks(false);
  description->setPlaceholderText(QStringLiteral("Choose a pass to read what it is for"));

  auto *left = new QWidget(this);
  auto *leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  auto *controls = new QHBoxLayout;
  controls->addWidget(search);
  controls->addWidget(hideUnchanged);
  leftLayout->addLayout(controls);
  leftLayout->addWidget(view);
  leftLayout->addWidget(summary);

  auto *right = new QSplitter(Qt::Vertical, this);
  right->addWidget(tabs);
  right->addWidget(description);
  right->setStretchFactor(0, 3);
  right->setStretchFactor(1, 1);
  auto *splitter = new QSplitter(Qt::Horizontal, this);
  splitter->addWidget(left);
  splitter->addWidget(right);
  splitter->setStretchFactor(1, 2);
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(splitter);

  connect(editButton, &QPushButton::toggled, this, &PassTimelineView::setEditing);
  connect(rerunButton, &QPushButton::clicked, this, &PassTimelineView::requestRerun);
  connect(revertButton, &QPushButton::clicked, this, &PassTimelineView::revertShown);
  auto *rerunShortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), irAfter);
  rerunShortcut->setContext(Qt::WidgetShortcut);
  connect(rerunShortcut, &QShortcut::activated, this, &PassTimelineView::requestRerun);
  connect(irAfter, &CodeEditor::textEdited, this, [this] {
    if (shown >= 0 && isEditing()) {
      drafts.insert(identity(shown), irAfter->toPlainText());
      revertButton->setEnabled(true);
    }
  });
  connect(view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex &current) {
            if (current.isValid())
              showPass(proxy->mapToSource(current).row());
          });
  connect(model, &QAbstractItemModel::modelReset, this, [this] {
    summary->setText(QStringLiteral("%1 passes, %2 ms in total")
                         .arg(this->model->rowCount())
                         .arg(this->model->totalMilliseconds(), 0, 'f', 1));
    view->resizeColumnsToContents();
    // Stay on the same pass across recompiles when it still exists.
    if (shown >= 0 && shown < this->model->rowCount())
      showPass(shown);
    else {
      shown = -1;
      irAfter->setCode(QString());
      diff->clear();
    }
  });
}

void PassTimelineView::showPass(int row) {
  shown = row;
  if (row < 0 || row >= model->rowCount())
    return;
  const PassRecord &pass = model->pass(row);
  Language language = pass.kind == PassRecord::IRKind::LLVM ? Language::LLVM : Language::MLIR;
  if (irHighlighter->language() != language)
    irHighlighter->setLanguage(language);
  QString identityKey = identity(row);
  irAfter->setCode(drafts.contains(identityKey) ? drafts.value(identityKey) : model->irAfter(row));
  irAfter->setDiagnostics({});
  setEditing(drafts.contains(identityKey));
  revertButton->setEnabled(drafts.contains(identityKey) || pass.edited);
  description->setMarkdown(model->index(row, 0).data(PassTimelineModel::DescriptionRole).toString());
  Q_EMIT passShown(row);
  if (pass.ir.empty()) {
    diff->setPlainText(QStringLiteral("(this step prints no IR)"));
    return;
  }
  std::string text = unifiedDiff(model->diff(row));
  int previous = model->previousWithIR(row);
  QString header = previous < 0 ? QStringLiteral("first %1 snapshot: everything is new\n")
                                      .arg(pass.kind == PassRecord::IRKind::LLVM ? "LLVM" : "MLIR")
                                : QStringLiteral("against #%1 %2\n")
                                      .arg(previous + 1)
                                      .arg(QString::fromStdString(model->pass(previous).name));
  diff->setPlainText(text.empty() ? header + QStringLiteral("(no change)") : header + QString::fromStdString(text));
}

QString PassTimelineView::identity(int row) const {
  const PassRecord &pass = model->pass(row);
  int occurrence = 0;
  for (int earlier = 0; earlier < row; ++earlier)
    occurrence += model->pass(earlier).name == pass.name && model->pass(earlier).anchor == pass.anchor;
  return QStringLiteral("%1|%2|%3").arg(QString::fromStdString(pass.name), QString::fromStdString(pass.anchor)).arg(occurrence);
}

void PassTimelineView::setEditing(bool editing) {
  bool hasIR = shown >= 0 && shown < model->rowCount() && !model->pass(shown).ir.empty();
  editing = editing && hasIR;
  irAfter->setReadOnly(!editing);
  // The IR is edited where it is shown.
  if (editing)
    tabs->setCurrentIndex(tabs->count() - 1);
  {
    QSignalBlocker blocker(editButton);
    editButton->setChecked(editing);
  }
  editButton->setEnabled(hasIR);
  rerunButton->setEnabled(editing && !note->property("unavailable").toBool());
}

bool PassTimelineView::isEditing() const { return editButton->isChecked(); }

void PassTimelineView::setResumeNote(const QString &text, bool available) {
  note->setText(text);
  note->setProperty("unavailable", !available);
  rerunButton->setEnabled(available && isEditing());
}

QString PassTimelineView::resumeNote() const { return note->text(); }

void PassTimelineView::requestRerun() {
  if (shown < 0 || !isEditing() || note->property("unavailable").toBool())
    return;
  QString text = irAfter->toPlainText();
  drafts.insert(identity(shown), text);
  Q_EMIT rerunRequested(shown, text);
}

void PassTimelineView::revertShown() {
  if (shown < 0)
    return;
  drafts.remove(identity(shown));
  setEditing(false);
  Q_EMIT revertRequested(shown);
}

void PassTimelineView::setEditDiagnostics(const std::vector<InlineDiagnostic> &diagnostics) {
  irAfter->setDiagnostics(diagnostics);
}

QString PassTimelineView::descriptionText() const { return description->toPlainText(); }

QString PassTimelineView::diffText() const { return diff->toPlainText(); }
QString PassTimelineView::irText() const { return irAfter->toPlainText(); }

} // namespace trex::explorer
