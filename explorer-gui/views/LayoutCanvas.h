// LayoutCanvas: a layout painted as the tensor grid — per element, the owning warp's colour and
// "T<thread>:<register>" (registers) or the offset coloured by bank (shared memory); zoomable.
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
  void setCellSize(int pixels);
  int cellSize() const { return cell; }
  int rows() const { return rowCount; }
  int columns() const { return columnCount; }
  // The label drawn in a cell ("T5:2", or the offset), for tests and tooltips.
  QString cellLabel(int row, int column) const;
  QSize sizeHint() const override;

protected:
  void paintEvent(QPaintEvent *event) override;
  void wheelEvent(QWheelEvent *event) override;

private:
  struct Cell {
    int thread = -1;
    int reg = 0;
    int warp = 0;
    int copies = 0;
    int64_t offset = -1;
  };
  std::vector<Cell> cells;
  int rowCount = 0;
  int columnCount = 0;
  bool shared = false;
  int bits = 32;
  int cell = 34;
};

} // namespace trex::explorer
