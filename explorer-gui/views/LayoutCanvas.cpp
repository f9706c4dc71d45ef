// LayoutCanvas: evaluates the linear layout for every hardware index of block 0 and paints the
// resulting ownership grid (leading dims stacked as rows, the last dim as columns).
#include "LayoutCanvas.h"

#include <QPainter>
#include <QWheelEvent>

namespace trex::explorer {

using trex::layoutviz::LinearLayout;

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
    if (shared) {
      if (target.offset < 0 || owner.offset < target.offset)
        target.offset = owner.offset;
      return;
    }
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
    for (int offset = 0; offset < sizeOf("offset"); ++offset) {
      Cell owner;
      owner.offset = offset;
      place(layout.apply(withBlock({{"offset", offset}})), owner);
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
  const int left = 36, top = 20;
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
      const Cell &c = cells[static_cast<size_t>(row) * columnCount + column];
      QColor fill(235, 235, 235);
      if (shared && c.offset >= 0) {
        // Colour by bank, so conflicting rows stand out.
        int bank = static_cast<int>((c.offset * bits / 32) % 32);
        fill = QColor::fromHsv(bank * 360 / 32, 70, 250);
      } else if (!shared && c.thread >= 0) {
        fill = QColor::fromHsv((c.warp * 67) % 360, 90, 245);
      }
      QRect box(x, y, width, cell);
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
