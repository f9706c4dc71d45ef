// LayoutCanvas: a layout painted as the tensor grid — per element, the owning warp's colour and
// "T<thread>:<register>" (registers), or the offset coloured by swizzle phase or by bank (shared
// memory, as layoutviz's SVG offset grid); hovering a cell names it; zoomable.
#pragma once

#include "layoutviz/LinearLayout.h"

#include <QWidget>

namespace trex::explorer {

class LayoutCanvas : public QWidget {
  Q_OBJECT
public:
  explicit LayoutCanvas(QWidget *parent = nullptr);

  // `layout` maps (register, lane, warp[, block]) or (offset[, block]) to the tensor dims.
  void setLayout(const trex::layoutviz::LinearLayout &layout, bool isShared, int elementBits);
  void clearLayout();
  // Shared layouts: what the cell colours show.
  enum class SharedColouring { SwizzlePhase, Bank };
  void setSharedColouring(SharedColouring colouring);
  SharedColouring sharedColouring() const { return colouring; }
  void setCellSize(int pixels);
  int cellSize() const { return cell; }
  int rows() const { return rowCount; }
  int columns() const { return columnCount; }
  // The label drawn in a cell ("T5:2", or the offset), for tests and tooltips.
  QString cellLabel(int row, int column) const;
  // Shared layouts: the cell's swizzle phase (layoutviz's SharedOffsetGrid), -1 outside.
  int64_t swizzlePhase(int row, int column) const;
  // The fill of a cell, and where it is painted (widget pixels).
  QColor cellColour(int row, int column) const;
  QRect cellRect(int row, int column) const;
  // What hovering the cell shows.
  QString cellToolTip(int row, int column) const;
  QSize sizeHint() const override;

protected:
  void paintEvent(QPaintEvent *event) override;
  void wheelEvent(QWheelEvent *event) override;
  bool event(QEvent *event) override;

private:
  struct Cell {
    int thread = -1;
    int reg = 0;
    int warp = 0;
    int copies = 0;
    int64_t offset = -1;
    int64_t phase = 0;
  };
  const Cell *cellAt(int row, int column) const;
  std::vector<Cell> cells;
  int rowCount = 0;
  int columnCount = 0;
  bool shared = false;
  int bits = 32;
  int cell = 34;
  SharedColouring colouring = SharedColouring::SwizzlePhase;
};

} // namespace trex::explorer
