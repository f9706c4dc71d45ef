// TimingPlot: axes from zero to the largest median, one labelled point per timed run.
#include "TimingPlot.h"

#include "RunResultsModel.h"

#include <QPainter>
#include <QPainterPath>

namespace trex::explorer {

TimingPlot::TimingPlot(RunResultsModel *model, QWidget *parent) : QWidget(parent), model(model) {
  setMinimumHeight(120);
  connect(model, &QAbstractItemModel::rowsInserted, this, qOverload<>(&QWidget::update));
  connect(model, &QAbstractItemModel::modelReset, this, qOverload<>(&QWidget::update));
}

std::vector<std::pair<int, double>> TimingPlot::points() const {
  std::vector<std::pair<int, double>> result;
  for (int row = 0; row < model->rowCount(); ++row) {
    const RunRecord &record = model->record(row);
    if (record.succeeded && record.medianMilliseconds > 0)
      result.emplace_back(row, record.medianMilliseconds);
  }
  return result;
}

void TimingPlot::paintEvent(QPaintEvent *) {
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.fillRect(rect(), palette().base());
  const QRect area = rect().adjusted(56, 12, -12, -24);
  painter.setPen(Qt::gray);
  painter.drawLine(area.bottomLeft(), area.bottomRight());
  painter.drawLine(area.bottomLeft(), area.topLeft());
  std::vector<std::pair<int, double>> data = points();
  if (data.empty()) {
    painter.drawText(area, Qt::AlignCenter, QStringLiteral("Median time per run appears here after Bench"));
    return;
  }
  double maximum = 0;
  for (const auto &point : data)
    maximum = std::max(maximum, point.second);
  maximum *= 1.15;
  const int count = std::max(1, model->rowCount() - 1);
  auto position = [&](int row, double ms) {
    double x = area.left() + (model->rowCount() == 1 ? area.width() / 2.0 : area.width() * row / double(count));
    double y = area.bottom() - area.height() * ms / maximum;
    return QPointF(x, y);
  };
  painter.drawText(QRect(0, area.top() - 6, 52, 14), Qt::AlignRight, QString::number(maximum, 'g', 3));
  painter.drawText(QRect(0, area.bottom() - 7, 52, 14), Qt::AlignRight, QStringLiteral("0 ms"));
  painter.drawText(QRect(area.left(), area.bottom() + 4, area.width(), 16), Qt::AlignCenter, QStringLiteral("run"));
  QPainterPath path;
  for (size_t i = 0; i < data.size(); ++i) {
    QPointF p = position(data[i].first, data[i].second);
    if (i == 0)
      path.moveTo(p);
    else
      path.lineTo(p);
  }
  painter.setPen(QPen(QColor(30, 100, 200), 1.5));
  painter.drawPath(path);
  painter.setBrush(QColor(30, 100, 200));
  for (const auto &point : data) {
    QPointF p = position(point.first, point.second);
    painter.drawEllipse(p, 3, 3);
    painter.drawText(p + QPointF(5, -5), QString::number(point.second, 'g', 3));
  }
}

} // namespace trex::explorer
