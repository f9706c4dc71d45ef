// ProfileTimelineView: one program's profiling scopes drawn as coloured bars on one lane per
// warp (nested scopes thinner, inside their parent), over ProfileTimelineModel. The wheel
// zooms around the cursor, a double click shows everything again, hovering a bar shows its
// cycles.
#pragma once

#include <QWidget>

namespace trex::explorer {

class ProfileTimelineModel;

class ProfileTimelineView : public QWidget {
  Q_OBJECT
public:
  explicit ProfileTimelineView(ProfileTimelineModel *model, QWidget *parent = nullptr);
  QSize sizeHint() const override { return QSize(240, 100); }
  // The cycle under x (in the zoom window) and the lane under y, -1 outside the lanes.
  qint64 cycleAt(int x) const;
  int laneAt(int y) const;

protected:
  void paintEvent(QPaintEvent *event) override;
  void wheelEvent(QWheelEvent *event) override;
  void mouseMoveEvent(QMouseEvent *event) override;
  void mouseDoubleClickEvent(QMouseEvent *event) override;

private:
  QRect plotArea() const;

  ProfileTimelineModel *model;
};

} // namespace trex::explorer
