// LayoutPanel: parsing and conversion go through layoutviz, the bank-conflict figures through
// SharedAccessFigures; failures are shown, never thrown.
#include "LayoutPanel.h"

#include "LayoutCanvas.h"
#include "LayoutParameters.h"
#include "MultiBuffering.h"

#include "layoutviz/AttributeText.h"
#include "layoutviz/LayoutSvg.h"
#include "layoutviz/LayoutText.h"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace trex::explorer {

namespace lv = trex::layoutviz;

namespace {

QString shapeText(const std::vector<int64_t> &shape) {
  QStringList parts;
  for (int64_t dim : shape)
    parts << QString::number(dim);
  return parts.join('x');
}

std::vector<int64_t> parseShape(const QString &text) {
  std::vector<int64_t> shape;
  for (const QString &part : text.split('x', Qt::SkipEmptyParts)) {
    bool ok = false;
    qint64 dim = part.trimmed().toLongLong(&ok);
    if (!ok || dim <= 0)
      return {};
    shape.push_back(dim);
  }
  return shape;
}

// Larger hardware views are cut: they are for reading, not for scrolling through megabytes.
QString capped(const std::string &text) {
  constexpr size_t limit = 200000;
  if (text.size() <= limit)
    return QString::fromStdString(text);
  return QString::fromStdString(text.substr(0, limit)) + QStringLiteral("\n... (cut)");
}

} // namespace

LayoutPanel::LayoutPanel(QWidget *parent)
    : QWidget(parent), attributeField(new QLineEdit(this)), shapeField(new QLineEdit(this)),
      colouringChooser(new QComboBox(this)), status(new QLabel(this)), parameters(new QTableWidget(0, 2, this)),
      tabs(new QTabWidget(this)), layoutCanvas(new LayoutCanvas), hardware(new QPlainTextEdit(this)),
      conflictModel(new BankConflictModel(this)), conflictView(new QTableView(this)), conflictNote(new QLabel(this)),
      conflictDetails(new QPlainTextEdit(this)), historyModel(new LayoutHistoryModel(this)),
      historyView(new QTableView(this)), historyNote(new QLabel(this)) {
  attributeField->setPlaceholderText(QStringLiteral("#ttg.blocked<{...}>"));
  shapeField->setPlaceholderText(QStringLiteral("shape, e.g. 128x64"));
  shapeField->setMaximumWidth(120);
  colouringChooser->addItems({QStringLiteral("Colour: swizzle phase"), QStringLiteral("Colour: bank")});
  colouringChooser->setToolTip(QStringLiteral("Shared layouts: colour each offset by its swizzle phase (offset XOR "
                                              "the unswizzled offset) or by its shared-memory bank"));
  connect(colouringChooser, &QComboBox::currentIndexChanged, this, [this](int index) {
    layoutCanvas->setSharedColouring(index == 0 ? LayoutCanvas::SharedColouring::SwizzlePhase
                                                : LayoutCanvas::SharedColouring::Bank);
  });
  status->setWordWrap(true);
  parameters->setHorizontalHeaderLabels({QStringLiteral("Parameter"), QStringLiteral("Value")});
  parameters->horizontalHeader()->setStretchLastSection(true);
  parameters->verticalHeader()->hide();
  parameters->setEditTriggers(QAbstractItemView::NoEditTriggers);
  parameters->setMaximumHeight(fontMetrics().height() * 9);
  parameters->setToolTip(QStringLiteral("Hover a parameter for what it controls"));
  parameters->hide();
  QFont monospace(QStringLiteral("monospace"));
  monospace.setStyleHint(QFont::TypeWriter);
  for (QPlainTextEdit *text : {hardware, conflictDetails}) {
    text->setReadOnly(true);
    text->setLineWrapMode(QPlainTextEdit::NoWrap);
    text->setFont(monospace);
  }
  auto *scroll = new QScrollArea(this);
  scroll->setWidget(layoutCanvas);
  tabs->addTab(scroll, QStringLiteral("Tensor view"));
  tabs->addTab(hardware, QStringLiteral("Hardware view"));
  tabs->addTab(buildConflictTab(), QStringLiteral("Bank conflicts"));
  tabs->addTab(buildHistoryTab(), QStringLiteral("Across passes"));

  auto *zoomIn = new QPushButton(QStringLiteral("+"), this);
  auto *zoomOut = new QPushButton(QStringLiteral("−"), this);
  auto *svg = new QPushButton(QStringLiteral("Export SVG…"), this);
  auto *png = new QPushButton(QStringLiteral("Export PNG…"), this);
  for (QPushButton *button : {zoomIn, zoomOut})
    button->setMaximumWidth(28);
  connect(zoomIn, &QPushButton::clicked, this, [this] { layoutCanvas->setCellSize(layoutCanvas->cellSize() + 6); });
  connect(zoomOut, &QPushButton::clicked, this, [this] { layoutCanvas->setCellSize(layoutCanvas->cellSize() - 6); });
  connect(svg, &QPushButton::clicked, this, [this] {
    QString path = QFileDialog::getSaveFileName(this, QStringLiteral("Export SVG"), QStringLiteral("layout.svg"),
                                                QStringLiteral("SVG (*.svg)"));
    if (!path.isEmpty() && !exportSvg(path))
      status->setText(QStringLiteral("Could not write %1").arg(path));
  });
  connect(png, &QPushButton::clicked, this, [this] {
    QString path = QFileDialog::getSaveFileName(this, QStringLiteral("Export PNG"), QStringLiteral("layout.png"),
                                                QStringLiteral("PNG (*.png)"));
    if (!path.isEmpty() && !exportPng(path))
      status->setText(QStringLiteral("Could not write %1").arg(path));
  });
  connect(attributeField, &QLineEdit::returnPressed, this, &LayoutPanel::redrawFromFields);
  connect(shapeField, &QLineEdit::returnPressed, this, &LayoutPanel::redrawFromFields);

  auto *fields = new QHBoxLayout;
  fields->addWidget(attributeField, 1);
  fields->addWidget(shapeField);
  fields->addWidget(colouringChooser);
  fields->addWidget(zoomOut);
  fields->addWidget(zoomIn);
  fields->addWidget(svg);
  fields->addWidget(png);
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addLayout(fields);
  layout->addWidget(status);
  layout->addWidget(parameters);
  layout->addWidget(tabs, 1);
}

QWidget *LayoutPanel::buildConflictTab() {
  conflictView->setModel(conflictModel);
  conflictView->setSelectionBehavior(QAbstractItemView::SelectRows);
  conflictView->setSelectionMode(QAbstractItemView::SingleSelection);
  conflictView->verticalHeader()->hide();
  conflictView->horizontalHeader()->setStretchLastSection(true);
  conflictNote->setWordWrap(true);
  conflictDetails->setPlaceholderText(QStringLiteral("Choose an access for the lanes that collide in each bank"));
  connect(conflictView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex &current) { conflictDetails->setPlainText(conflictModel->details(current.row())); });
  auto *splitter = new QSplitter(Qt::Vertical);
  splitter->addWidget(conflictView);
  splitter->addWidget(conflictDetails);
  auto *tab = new QWidget(this);
  auto *layout = new QVBoxLayout(tab);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(conflictNote);
  layout->addWidget(splitter, 1);
  return tab;
}

QWidget *LayoutPanel::buildHistoryTab() {
  historyView->setModel(historyModel);
  historyView->setSelectionBehavior(QAbstractItemView::SelectRows);
  historyView->setSelectionMode(QAbstractItemView::SingleSelection);
  historyView->verticalHeader()->hide();
  historyView->horizontalHeader()->setStretchLastSection(true);
  historyNote->setWordWrap(true);
  historyNote->setText(QStringLiteral("Choose a %value or an operation in ttgir to follow it across passes."));
  connect(historyView, &QTableView::clicked, this, [this](const QModelIndex &index) { showHistoryEntry(index.row()); });
  auto *tab = new QWidget(this);
  auto *layout = new QVBoxLayout(tab);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(historyNote);
  layout->addWidget(historyView, 1);
  return tab;
}

void LayoutPanel::redrawFromFields() {
  showAttribute(attributeField->text(), parseShape(shapeField->text()), currentBits);
}

void LayoutPanel::showSelection(const LayoutSelection &selection, const std::vector<SharedAccess> &accesses,
                                const QString &target) {
  currentAccesses = accesses;
  currentTarget = target;
  selectedAttribute = selection.attribute;
  showAttribute(selection.attribute, selection.shape, selection.elementBits);
  QString origin = selection.valueName.isEmpty() ? selection.name : selection.valueName + QStringLiteral(" : ") + selection.name;
  if (status->text().isEmpty() || !problem().isEmpty())
    return;
  // One buffer of a pipelined allocation is drawn; say which, or how many there are.
  const QString buffers = bufferDescription(selection);
  status->setText(QStringLiteral("%1, %2x%3 (%4-bit elements)%5, line %6")
                      .arg(origin.left(80), shapeText(selection.shape), selection.elementType)
                      .arg(selection.elementBits)
                      .arg(buffers.isEmpty() ? QString() : QStringLiteral(", ") + buffers)
                      .arg(selection.line));
}

void LayoutPanel::showHistory(const ValueAnchor &anchor, std::vector<LayoutHistoryEntry> entries) {
  int changes = 0;
  for (const LayoutHistoryEntry &entry : entries)
    changes += entry.changed;
  historyModel->setHistory(anchor, std::move(entries));
  historyView->resizeColumnsToContents();
  if (!anchor.isValid())
    historyNote->setText(QStringLiteral("Choose a %value or an operation in ttgir to follow it across passes."));
  else if (historyModel->rowCount() == 0)
    historyNote->setText(QStringLiteral("%1 has a layout in no pass's IR.").arg(anchor.valueName));
  else
    historyNote->setText(QStringLiteral("%1 (%2%3): %4 passes, %5 layouts. Click a row to draw it.")
                             .arg(anchor.valueName, anchor.operation.isEmpty() ? QStringLiteral("block argument") : anchor.operation,
                                  anchor.hasLocation() ? QStringLiteral(" at ") + anchor.location.left(60) : QString())
                             .arg(historyModel->rowCount())
                             .arg(changes));
}

void LayoutPanel::showHistoryEntry(int row) {
  if (row < 0 || row >= historyModel->rowCount())
    return;
  const LayoutHistoryEntry &entry = historyModel->entries()[row];
  if (showAttribute(entry.value.attribute, entry.value.shape, entry.value.elementBits))
    status->setText(QStringLiteral("%1 after pass %2 %3: %4, %5x%6%7")
                        .arg(entry.value.valueName)
                        .arg(entry.passRow + 1)
                        .arg(entry.passName, entry.value.name.left(60),
                             shapeText(entry.value.shape), entry.value.elementType,
                             entry.value.bufferCount > 0
                                 ? QStringLiteral(", ") + bufferDescription(entry.value)
                                 : QString()));
  tabs->setCurrentIndex(0);
}

bool LayoutPanel::showAttribute(const QString &attribute, const std::vector<int64_t> &shape, int elementBits) {
  currentAttribute = attribute;
  currentShape = shape;
  currentBits = elementBits;
  attributeField->setText(attribute);
  shapeField->setText(shapeText(shape));
  showParameters(attribute);
  layoutCanvas->clearLayout();
  hardware->clear();
  conflictModel->setFigures({});
  conflictDetails->clear();
  lv::AttributeParseResult parsed = lv::parseLayoutAttribute(attribute.toStdString());
  if (!parsed.ok()) {
    status->setText(QStringLiteral("Not a layout: ") + QString::fromStdString(parsed.error));
    return false;
  }
  if (shape.empty()) {
    status->setText(QStringLiteral("No tensor uses this layout: enter a shape"));
    return false;
  }
  try {
    bool isShared = lv::isSharedMemoryLayout(*parsed.layout);
    lv::LinearLayout linear = lv::toLinearLayout(*parsed.layout, shape);
    layoutCanvas->setLayout(linear, isShared, elementBits);
    colouringChooser->setEnabled(isShared);
    hardware->setPlainText(capped(lv::renderLayoutText(*parsed.layout, shape, lv::LayoutView::Hardware)));
    refreshBankConflicts(attribute, isShared);
    status->setText(QStringLiteral("%1 layout, %2").arg(QString::fromStdString(lv::familyName(*parsed.layout)), shapeText(shape)));
    return true;
  } catch (const std::exception &error) {
    status->setText(QStringLiteral("Cannot draw: ") + QString::fromUtf8(error.what()));
    return false;
  }
}

void LayoutPanel::refreshBankConflicts(const QString &attribute, bool isShared) {
  if (!isShared) {
    conflictNote->setText(QStringLiteral("A register layout: choose a shared layout (#shared...) or a !ttg.memdesc value "
                                         "to see the bank conflicts of its accesses."));
    return;
  }
  if (currentAccesses.empty()) {
    conflictNote->setText(
        QStringLiteral("No ttg.local_alloc, local_store, local_load, async_copy_global_to_local or "
                       "ttng.warp_group_dot in this stage accesses this buffer."));
    return;
  }
  // An edited shared layout stands in for the selection's in the accesses of that buffer, so
  // the figures answer "what if the buffer were laid out like this".
  std::vector<SharedAccess> accesses = currentAccesses;
  bool edited = attribute != selectedAttribute;
  for (SharedAccess &access : accesses) {
    if (edited && access.shared.attribute == selectedAttribute)
      access.shared.attribute = attribute;
    // A dot reading both operands from buffers of this layout: both follow the edit.
    if (edited && access.otherOperand.isMemDesc &&
        access.otherOperand.attribute == selectedAttribute)
      access.otherOperand.attribute = attribute;
  }
  conflictModel->setFigures(sharedAccessFigures(accesses, sharedMemoryTarget(currentTarget)));
  conflictView->resizeColumnsToContents();
  conflictNote->setText(
      QStringLiteral("Wavefronts per instruction (32 banks of 4 bytes) for %1, with the vector "
                     "width and instruction the lowering uses; ideal = conflict-free. wgmma reads "
                     "are a model: counted per 8x16-byte core matrix (see a row's details).%2")
          .arg(currentTarget.isEmpty() ? QStringLiteral("the target") : currentTarget,
               edited ? QStringLiteral(" The edited layout replaces the buffer's.") : QString()));
  if (conflictModel->rowCount() > 0)
    conflictView->selectRow(0);
}

void LayoutPanel::showParameters(const QString &attribute) {
  LayoutParameters described = describeLayoutParameters(attribute);
  parameters->setRowCount(static_cast<int>(described.parameters.size()));
  for (int row = 0; row < parameters->rowCount(); ++row) {
    const LayoutParameter &parameter = described.parameters[row];
    auto *key = new QTableWidgetItem(parameter.key);
    auto *value = new QTableWidgetItem(parameter.value);
    for (QTableWidgetItem *item : {key, value})
      // Rich text, so Qt wraps the sentence instead of showing one long line.
      item->setToolTip(QStringLiteral("<p><b>%1</b> (%2 layout): %3</p>")
                           .arg(parameter.key, described.family, parameter.explanation.toHtmlEscaped()));
    parameters->setItem(row, 0, key);
    parameters->setItem(row, 1, value);
  }
  parameters->resizeColumnToContents(0);
  parameters->setVisible(parameters->rowCount() > 0);
}

bool LayoutPanel::exportSvg(const QString &path) const {
  lv::AttributeParseResult parsed = lv::parseLayoutAttribute(currentAttribute.toStdString());
  if (!parsed.ok() || currentShape.empty())
    return false;
  try {
    std::string svg = lv::renderLayoutSvg(*parsed.layout, currentShape, lv::LayoutView::Tensor);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
      return false;
    file.write(svg.data(), static_cast<qint64>(svg.size()));
    return true;
  } catch (const std::exception &) {
    return false;
  }
}

bool LayoutPanel::exportPng(const QString &path) const {
  if (layoutCanvas->rows() == 0)
    return false;
  return layoutCanvas->grab().save(path, "PNG");
}

QString LayoutPanel::problem() const {
  QString text = status->text();
  return text.startsWith(QLatin1String("Not a layout")) || text.startsWith(QLatin1String("Cannot draw")) ||
                 text.startsWith(QLatin1String("No tensor"))
             ? text
             : QString();
}

QString LayoutPanel::statusText() const { return status->text(); }
QString LayoutPanel::hardwareText() const { return hardware->toPlainText(); }
QString LayoutPanel::bankConflictText() const {
  return conflictModel->rowCount() ? conflictModel->text() : conflictNote->text();
}

} // namespace trex::explorer
