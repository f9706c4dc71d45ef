// LayoutPanel: parsing and conversion go through layoutviz; failures are shown, never thrown.
#include "LayoutPanel.h"

#include "LayoutCanvas.h"
#include "LayoutParameters.h"

#include "layoutviz/AttributeText.h"
#include "layoutviz/BankConflicts.h"
#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutSvg.h"
#include "layoutviz/LayoutText.h"

#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QHeaderView>
#include <QScrollArea>
#include <QTabWidget>
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
      status(new QLabel(this)), parameters(new QTableWidget(0, 2, this)), tabs(new QTabWidget(this)), layoutCanvas(new LayoutCanvas),
      hardware(new QPlainTextEdit(this)), conflicts(new QPlainTextEdit(this)),
      history(new QPlainTextEdit(this)) {
  attributeField->setPlaceholderText(QStringLiteral("#ttg.blocked<{...}>"));
  shapeField->setPlaceholderText(QStringLiteral("shape, e.g. 128x64"));
  shapeField->setMaximumWidth(120);
  status->setWordWrap(true);
  parameters->setHorizontalHeaderLabels({QStringLiteral("Parameter"), QStringLiteral("Value")});
  parameters->horizontalHeader()->setStretchLastSection(true);
  parameters->verticalHeader()->hide();
  parameters->setEditTriggers(QAbstractItemView::NoEditTriggers);
  parameters->setMaximumHeight(fontMetrics().height() * 9);
  parameters->setToolTip(QStringLiteral("Hover a parameter for what it controls"));
  parameters->hide();
  for (QPlainTextEdit *text : {hardware, conflicts, history}) {
    text->setReadOnly(true);
    text->setLineWrapMode(QPlainTextEdit::NoWrap);
    QFont font(QStringLiteral("monospace"));
    font.setStyleHint(QFont::TypeWriter);
    text->setFont(font);
  }
  auto *scroll = new QScrollArea(this);
  scroll->setWidget(layoutCanvas);
  tabs->addTab(scroll, QStringLiteral("Tensor view"));
  tabs->addTab(hardware, QStringLiteral("Hardware view"));
  tabs->addTab(conflicts, QStringLiteral("Bank conflicts"));
  tabs->addTab(history, QStringLiteral("Across passes"));

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

void LayoutPanel::redrawFromFields() {
  showAttribute(attributeField->text(), parseShape(shapeField->text()), currentBits);
}

void LayoutPanel::showSelection(const LayoutSelection &selection, const std::vector<SharedAccess> &accesses,
                                const QStringList &historyLines) {
  currentAccesses = accesses;
  history->setPlainText(historyLines.isEmpty() ? QStringLiteral("(choose a %value to follow it across passes)")
                                               : historyLines.join('\n'));
  showAttribute(selection.attribute, selection.shape, selection.elementBits);
  QString origin = selection.valueName.isEmpty() ? selection.name : selection.valueName + QStringLiteral(" : ") + selection.name;
  if (status->text().isEmpty() || !problem().isEmpty())
    return;
  status->setText(QStringLiteral("%1, %2x%3 (%4-bit elements), line %5")
                      .arg(origin.left(80), shapeText(selection.shape), selection.elementType)
                      .arg(selection.elementBits)
                      .arg(selection.line));
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
  conflicts->clear();
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
    hardware->setPlainText(capped(lv::renderLayoutText(*parsed.layout, shape, lv::LayoutView::Hardware)));
    QStringList report;
    if (!isShared) {
      report << QStringLiteral("A register layout: choose a shared layout (#shared...) to see bank conflicts.");
    } else if (currentAccesses.empty()) {
      report << QStringLiteral("No register<->shared access in this stage uses the layout.");
    }
    for (const SharedAccess &access : isShared ? currentAccesses : std::vector<SharedAccess>()) {
      lv::AttributeParseResult registers = lv::parseLayoutAttribute(access.registers.attribute.toStdString());
      QString head = QStringLiteral("line %1 %2 with %3:").arg(access.line).arg(access.operation, access.registers.name.left(60));
      if (!registers.ok()) {
        report << head + QStringLiteral(" register layout not understood");
        continue;
      }
      try {
        lv::LinearLayout registerLinear = lv::toLinearLayout(*registers.layout, shape);
        // The widest vector the hardware moves (16 bytes per lane) that divides the registers.
        unsigned vector = std::max(1, 128 / std::max(8, elementBits));
        unsigned registerCount = registerLinear.hasInDim("register") ? registerLinear.getInDimSize("register") : 1;
        while (vector > 1 && registerCount % vector)
          vector /= 2;
        lv::BankConflictReport result =
            lv::analyzeBankConflicts(registerLinear, linear, {static_cast<unsigned>(elementBits), vector});
        report << head + QStringLiteral(" %1 wavefronts per instruction at worst (ideal %2), %3 in total, vector %4%5")
                             .arg(result.maxWavefronts)
                             .arg(result.idealWavefronts)
                             .arg(result.totalWavefronts)
                             .arg(vector)
                             .arg(result.isConflictFree() ? QStringLiteral(" — conflict-free") : QStringLiteral(" — CONFLICTS"));
      } catch (const std::exception &error) {
        report << head + ' ' + QString::fromUtf8(error.what());
      }
    }
    conflicts->setPlainText(report.join('\n'));
    status->setText(QStringLiteral("%1 layout, %2").arg(QString::fromStdString(lv::familyName(*parsed.layout)), shapeText(shape)));
    return true;
  } catch (const std::exception &error) {
    status->setText(QStringLiteral("Cannot draw: ") + QString::fromUtf8(error.what()));
    return false;
  }
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

QString LayoutPanel::hardwareText() const { return hardware->toPlainText(); }
QString LayoutPanel::bankConflictText() const { return conflicts->toPlainText(); }

} // namespace trex::explorer
