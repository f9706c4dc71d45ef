// ProfileTimelineView: lanes, bars, zoom and hover over ProfileTimelineModel.
#include "ProfileTimelineView.h"

#include "ProfileTimelineModel.h"

#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace trex::explorer {

namespace {
constexpr int kLabelWidth = 56;
constexpr int kLaneHeight = 22;
constexpr int kAxisHeight = 18;

QColor scopeColour(int index) {
  // Golden-angle hues: neighbouring scopes get distinct colours.
  return QColor::fromHsv((index * 137) % 360, 150, 220);
}
} // namespace

ProfileTimelineView::ProfileTimelineView(ProfileTimelineModel *model, QWidget *parent)
    : QWidget(parent), model(model) {
  setMouseTracking(true);
  setMinimumHeight(kAxisHeight + 2 * kLaneHeight);
  connect(model, &ProfileTimelineModel::windowChanged, this, qOverload<>(&QWidget::update));
  connect(model, &ProfileTimelineModel::modelReset, this, [this] {
    setMinimumHeight(kAxisHeight + std::max(2, this->model->laneCount()) * kLaneHeight);
    update();
  });
}

QRect ProfileTimelineView::plotArea() const {
  return QRect(kLabelWidth, 0, std::max(1, width() - kLabelWidth - 4),
               model->laneCount() * kLaneHeight);
}

qint64 ProfileTimelineView::cycleAt(int x) const {
  QRect area = plotArea();
  double fraction = double(x - area.left()) / double(area.width());
  return model->windowStart() + qint64(fraction * double(model->windowWidth()));
}

int ProfileTimelineView::laneAt(int y) const {
  if (y < 0 || y >= model->laneCount() * kLaneHeight)
    return -1;
  return y / kLaneHeight;
}

void ProfileTimelineView::paintEvent(QPaintEvent *) {
  QPainter painter(this);
  painter.fillRect(rect(), palette().base());
  if (model->laneCount() == 0) {
    painter.drawText(rect(), Qt::AlignCenter,
                     QStringLiteral("Run with \"Profile scopes\" to see the kernel's scopes"));
    return;
  }
  QRect area = plotArea();
  const double first = double(model->windowStart());
  const double scale = double(area.width()) / double(std::max<qint64>(1, model->windowWidth()));
  const QStringList scopes = model->scopes();
  for (int lane = 0; lane < model->laneCount(); ++lane) {
    int top = lane * kLaneHeight;
    painter.setPen(palette().text().color());
    painter.drawText(QRect(0, top, kLabelWidth - 4, kLaneHeight), Qt::AlignVCenter | Qt::AlignRight,
                     QStringLiteral("warp %1").arg(lane));
    for (const TimelineBar &bar : model->barsOfLane(lane)) {
      double left = area.left() + (double(bar.start) - first) * scale;
      double right = area.left() + (double(bar.end()) - first) * scale;
      if (right < area.left() || left > area.right())
        continue;
      left = std::max<double>(left, area.left());
      right = std::min<double>(right, area.right());
      int inset = 2 + 3 * std::min(bar.depth, 3);
      QRectF box(left, top + inset, std::max(1.0, right - left), kLaneHeight - 2 * inset);
      painter.fillRect(box, scopeColour(int(scopes.indexOf(bar.scope))));
      painter.setPen(Qt::black);
      if (box.width() > 40)
        painter.drawText(box, Qt::AlignCenter, bar.scope);
    }
  }
  // The axis: the window's first and last cycle.
  int axis = area.bottom() + 2;
  painter.setPen(palette().text().color());
  painter.drawLine(area.left(), axis, area.right(), axis);
  painter.drawText(QRect(area.left(), axis, area.width(), kAxisHeight), Qt::AlignLeft,
                   QString::number(model->windowStart()));
  painter.drawText(QRect(area.left(), axis, area.width(), kAxisHeight), Qt::AlignRight,
                   QStringLiteral("%1 cycles").arg(model->windowStart() + model->windowWidth()));
}

void ProfileTimelineView::wheelEvent(QWheelEvent *event) {
  double steps = event->angleDelta().y() / 120.0;
  if (steps != 0)
    model->zoom(std::pow(1.25, steps), cycleAt(int(event->position().x())));
  event->accept();
}

void ProfileTimelineView::mouseMoveEvent(QMouseEvent *event) {
  int lane = laneAt(int(event->position().y()));
  int bar = lane < 0 ? -1 : model->barAt(lane, cycleAt(int(event->position().x())));
  if (bar < 0) {
    QToolTip::hideText();
    return;
  }
  QToolTip::showText(event->globalPosition().toPoint(),
                     ProfileTimelineModel::hoverText(model->bars()[size_t(bar)]), this);
}

void ProfileTimelineView::mouseDoubleClickEvent(QMouseEvent *) { model->resetZoom(); }

} // namespace trex::explorer
