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
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>

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
      diff(new QPlainTextEdit(this)), summary(new QLabel(this)) {
  proxy->setSourceModel(model);
  view->setModel(proxy);
  view->setSelectionBehavior(QAbstractItemView::SelectRows);
  view->setSelectionMode(QAbstractItemView::SingleSelection);
  view->verticalHeader()->hide();
  view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
  view->horizontalHeader()->setStretchLastSection(true);
  view->setColumnHidden(PassTimelineModel::AnchorColumn, true);

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
  tabs->addTab(irAfter, QStringLiteral("IR after"));

  auto *left = new QWidget(this);
  auto *leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  auto *controls = new QHBoxLayout;
  controls->addWidget(search);
  controls->addWidget(hideUnchanged);
  leftLayout->addLayout(controls);
  leftLayout->addWidget(view);
  leftLayout->addWidget(summary);

  auto *splitter = new QSplitter(Qt::Horizontal, this);
  splitter->addWidget(left);
  splitter->addWidget(tabs);
  splitter->setStretchFactor(1, 2);
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(splitter);

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
  Language language = pass.kind == PassRecord::Kind::LLVM ? Language::LLVM : Language::MLIR;
  if (irHighlighter->language() != language)
    irHighlighter->setLanguage(language);
  irAfter->setCode(model->irAfter(row));
  if (pass.ir.empty()) {
    diff->setPlainText(QStringLiteral("(this step prints no IR)"));
    return;
  }
  std::string text = unifiedDiff(model->diff(row));
  int previous = model->previousWithIR(row);
  QString header = previous < 0 ? QStringLiteral("first %1 snapshot: everything is new\n")
                                      .arg(pass.kind == PassRecord::Kind::LLVM ? "LLVM" : "MLIR")
                                : QStringLiteral("against #%1 %2\n").arg(previous + 1).arg(QString::fromStdString(model->pass(previous).name));
  diff->setPlainText(text.empty() ? header + QStringLiteral("(no change)") : header + QString::fromStdString(text));
}

QString PassTimelineView::diffText() const { return diff->toPlainText(); }
QString PassTimelineView::irText() const { return irAfter->toPlainText(); }

} // namespace trex::explorer
