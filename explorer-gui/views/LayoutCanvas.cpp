// LayoutCanvas: evaluates the linear layout for every hardware index of block 0 and paints the
// resulting ownership grid (leading dims stacked as rows, the last dim as columns). Shared
// layouts take their offsets and swizzle phases from layoutviz's SharedOffsetGrid and their
// colours from its CellColours, so the canvas shows what the SVG export shows.
#include "LayoutCanvas.h"

#include "layoutviz/CellColours.h"
#include "layoutviz/SharedOffsetGrid.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

namespace trex::explorer {

using trex::layoutviz::LinearLayout;

namespace {

constexpr int kLeftMargin = 36;
constexpr int kTopMargin = 20;

QColor qtColour(const trex::layoutviz::HslColour &colour) {
  return QColor::fromHsl(colour.hue, colour.saturationPercent * 255 / 100, colour.lightnessPercent * 255 / 100);
}

} // namespace

LayoutCanvas::LayoutCanvas(QWidget *parent) : QWidget(parent) {
  setBackgroundRole(QPalette::Base);
  setAutoFillBackground(true);
}

void LayoutCanvas::clearLayout() {
  cells.clear();
  rowCount = columnCount = 0;
  updateGeometry();
  update();
}

void LayoutCanvas::setLayout(const LinearLayout &layout, bool isShared, int elementBits) {
  shared = isShared;
  bits = elementBits;
  std::vector<std::string> outNames = layout.getOutDimNames();
  std::vector<int32_t> outSizes = layout.getOutDimSizes();
  columnCount = outSizes.empty() ? 1 : outSizes.back();
  rowCount = 1;
  for (size_t i = 0; i + 1 < outSizes.size(); ++i)
    rowCount *= outSizes[i];
  // A 1-D tensor is wrapped into rows of 32 so that it fits on screen.
  if (outSizes.size() == 1 && columnCount > 32) {
    rowCount = columnCount / 32;
    columnCount = 32;
  }
  cells.assign(static_cast<size_t>(rowCount) * columnCount, Cell());
  auto place = [&](const LinearLayout::Coordinates &out, const Cell &owner) {
    int64_t flat = 0;
    for (size_t i = 0; i < out.size(); ++i)
      flat = flat * outSizes[i] + out[i].second;
    if (flat < 0 || flat >= static_cast<int64_t>(cells.size()))
      return;
    Cell &target = cells[flat];
    if (target.thread < 0)
      target = owner;
    else
      ++target.copies;
  };
  auto sizeOf = [&](const char *name) { return layout.hasInDim(name) ? layout.getInDimSize(name) : 1; };
  auto withBlock = [&](LinearLayout::Coordinates ins) {
    if (layout.hasInDim("block"))
      ins.push_back({"block", 0});
    return ins;
  };
  if (shared) {
    trex::layoutviz::SharedOffsetGrid grid = trex::layoutviz::sharedOffsetGrid(layout);
    for (size_t element = 0; element < grid.offset.size() && element < cells.size(); ++element) {
      cells[element].offset = grid.offset[element];
      cells[element].phase = grid.swizzlePhase[element];
    }
  } else {
    const int lanes = sizeOf("lane");
    for (int warp = 0; warp < sizeOf("warp"); ++warp)
      for (int lane = 0; lane < lanes; ++lane)
        for (int reg = 0; reg < sizeOf("register"); ++reg) {
          LinearLayout::Coordinates ins;
          if (layout.hasInDim("register"))
            ins.push_back({"register", reg});
          if (layout.hasInDim("lane"))
            ins.push_back({"lane", lane});
          if (layout.hasInDim("warp"))
            ins.push_back({"warp", warp});
          Cell owner;
          owner.thread = warp * lanes + lane;
          owner.reg = reg;
          owner.warp = warp;
          place(layout.apply(withBlock(ins)), owner);
        }
  }
  updateGeometry();
  resize(sizeHint());
  update();
}

void LayoutCanvas::setCellSize(int pixels) {
  cell = std::clamp(pixels, 4, 120);
  updateGeometry();
  resize(sizeHint());
  update();
}

void LayoutCanvas::setSharedColouring(SharedColouring newColouring) {
  colouring = newColouring;
  update();
}

const LayoutCanvas::Cell *LayoutCanvas::cellAt(int row, int column) const {
  if (row < 0 || column < 0 || row >= rowCount || column >= columnCount)
    return nullptr;
  return &cells[static_cast<size_t>(row) * columnCount + column];
}

int64_t LayoutCanvas::swizzlePhase(int row, int column) const {
  const Cell *c = cellAt(row, column);
  return c && shared && c->offset >= 0 ? c->phase : -1;
}

QColor LayoutCanvas::cellColour(int row, int column) const {
  const Cell *c = cellAt(row, column);
  if (c && shared && c->offset >= 0) {
    if (colouring == SharedColouring::SwizzlePhase)
      return qtColour(trex::layoutviz::swizzlePhaseColour(c->phase));
    // Colour by bank, so conflicting rows stand out.
    int bank = static_cast<int>((c->offset * bits / 32) % 32);
    return QColor::fromHsv(bank * 360 / 32, 70, 250);
  }
  if (c && !shared && c->thread >= 0)
    return qtColour(trex::layoutviz::paletteColour(c->warp));
  return QColor(235, 235, 235);
}

QRect LayoutCanvas::cellRect(int row, int column) const {
  return QRect(kLeftMargin + column * cell * 2, kTopMargin + row * cell, cell * 2, cell);
}

QString LayoutCanvas::cellToolTip(int row, int column) const {
  const Cell *c = cellAt(row, column);
  if (!c)
    return {};
  QString where = QStringLiteral("row %1, column %2").arg(row).arg(column);
  if (shared) {
    if (c->offset < 0)
      return where + QStringLiteral(": not stored");
    return QStringLiteral("%1: offset %2, swizzle phase %3 (offset XOR unswizzled offset), bank %4")
        .arg(where)
        .arg(c->offset)
        .arg(c->phase)
        .arg((c->offset * bits / 32) % 32);
  }
  if (c->thread < 0)
    return where + QStringLiteral(": no owner");
  return QStringLiteral("%1: thread %2 (warp %3, lane %4), register %5%6")
      .arg(where)
      .arg(c->thread)
      .arg(c->warp)
      .arg(c->thread % 32)
      .arg(c->reg)
      .arg(c->copies ? QStringLiteral(", and %1 more copies").arg(c->copies) : QString());
}

bool LayoutCanvas::event(QEvent *event) {
  if (event->type() == QEvent::ToolTip && !cells.empty()) {
    auto *help = static_cast<QHelpEvent *>(event);
    QPoint at = help->pos() - QPoint(kLeftMargin, kTopMargin);
    int column = at.x() >= 0 ? at.x() / (cell * 2) : -1;
    int row = at.y() >= 0 ? at.y() / cell : -1;
    QString text = cellToolTip(row, column);
    if (text.isEmpty())
      QToolTip::hideText();
    else
      QToolTip::showText(help->globalPos(), text, this);
    return true;
  }
  return QWidget::event(event);
}

QString LayoutCanvas::cellLabel(int row, int column) const {
  if (row < 0 || column < 0 || row >= rowCount || column >= columnCount)
    return {};
  const Cell &c = cells[static_cast<size_t>(row) * columnCount + column];
  if (shared)
    return c.offset < 0 ? QString() : QString::number(c.offset);
  if (c.thread < 0)
    return {};
  QString label = QStringLiteral("T%1:%2").arg(c.thread).arg(c.reg);
  if (c.copies)
    label += QStringLiteral("+%1").arg(c.copies);
  return label;
}

QSize LayoutCanvas::sizeHint() const {
  if (cells.empty())
    return QSize(420, 200);
  return QSize(std::max(1, columnCount) * cell * 2 + 40, std::max(1, rowCount) * cell + 30);
}

void LayoutCanvas::paintEvent(QPaintEvent *event) {
  QPainter painter(this);
  painter.fillRect(event->rect(), palette().base());
  if (cells.empty()) {
    painter.drawText(rect(), Qt::AlignCenter, QStringLiteral("Click a #layout or a value in a ttgir pane"));
    return;
  }
  const int width = cell * 2;
  const int left = kLeftMargin, top = kTopMargin;
  QFont font = painter.font();
  font.setPixelSize(std::max(6, cell / 3));
  painter.setFont(font);
  const QRect visible = event->rect();
  for (int row = 0; row < rowCount; ++row) {
    int y = top + row * cell;
    if (y > visible.bottom() || y + cell < visible.top())
      continue;
    if (cell >= 12)
      painter.drawText(QRect(0, y, left - 4, cell), Qt::AlignRight | Qt::AlignVCenter, QString::number(row));
    for (int column = 0; column < columnCount; ++column) {
      int x = left + column * width;
      if (x > visible.right() || x + width < visible.left())
        continue;
      QColor fill = cellColour(row, column);
      QRect box = cellRect(row, column);
      painter.fillRect(box, fill);
      painter.setPen(QColor(180, 180, 180));
      painter.drawRect(box);
      if (cell >= 16) {
        painter.setPen(Qt::black);
        painter.drawText(box, Qt::AlignCenter, cellLabel(row, column));
      }
    }
  }
  if (cell >= 12) {
    painter.setPen(Qt::darkGray);
    for (int column = 0; column < columnCount; column += std::max(1, 48 / width + 1))
      painter.drawText(QRect(left + column * width, 0, width, top), Qt::AlignCenter, QString::number(column));
  }
}

void LayoutCanvas::wheelEvent(QWheelEvent *event) {
  if (event->modifiers() & Qt::ControlModifier) {
    setCellSize(cell + (event->angleDelta().y() > 0 ? 4 : -4));
    event->accept();
    return;
  }
  QWidget::wheelEvent(event);
}

} // namespace trex::explorer
