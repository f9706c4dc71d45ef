// TuningPlot: bars scaled to the slowest successful configuration.
#include "TuningPlot.h"

#include "TuningResultsModel.h"

#include <QPainter>

namespace trex::explorer {

TuningPlot::TuningPlot(TuningResultsModel *model, QWidget *parent) : QWidget(parent), model(model) {
  setMinimumHeight(120);
  connect(model, &QAbstractItemModel::dataChanged, this, qOverload<>(&QWidget::update));
  connect(model, &QAbstractItemModel::modelReset, this, qOverload<>(&QWidget::update));
}

void TuningPlot::paintEvent(QPaintEvent *) {
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.fillRect(rect(), palette().base());
  const QRect area = rect().adjusted(56, 12, -12, -24);
  painter.setPen(Qt::gray);
  painter.drawLine(area.bottomLeft(), area.bottomRight());
  painter.drawLine(area.bottomLeft(), area.topLeft());
  const int count = model->rowCount();
  double slowest = 0;
  for (int row = 0; row < count; ++row)
    slowest = std::max(slowest, model->row(row).record.medianMilliseconds);
  if (count == 0 || slowest <= 0) {
    painter.drawText(area, Qt::AlignCenter, QStringLiteral("Median time per configuration appears here"));
    return;
  }
  slowest *= 1.15;
  painter.drawText(QRect(0, area.top() - 6, 52, 14), Qt::AlignRight, QString::number(slowest, 'g', 3));
  painter.drawText(QRect(0, area.bottom() - 7, 52, 14), Qt::AlignRight, QStringLiteral("0 ms"));
  const double slot = area.width() / double(count);
  const int best = model->bestRow();
  for (int row = 0; row < count; ++row) {
    const auto &result = model->row(row);
    QRectF bar(area.left() + slot * row + slot * 0.15, area.top(), slot * 0.7, area.height());
    painter.setPen(palette().text().color());
    painter.drawText(QRectF(bar.left(), area.bottom() + 4, bar.width(), 16), Qt::AlignCenter, QString::number(row + 1));
    double ms = result.record.succeeded ? result.record.medianMilliseconds : 0;
    if (ms <= 0) {
      if (result.state == TuningResultsModel::State::Done) {
        painter.setPen(QPen(QColor(190, 40, 40), 2));
        QPointF centre(bar.center().x(), area.bottom() - 10);
        painter.drawLine(centre + QPointF(-5, -5), centre + QPointF(5, 5));
        painter.drawLine(centre + QPointF(-5, 5), centre + QPointF(5, -5));
      }
      continue;
    }
    double height = area.height() * ms / slowest;
    bar.setTop(area.bottom() - height);
    bar.setBottom(area.bottom());
    painter.fillRect(bar, row == best ? QColor(40, 160, 70) : QColor(30, 100, 200));
    painter.setPen(palette().text().color());
    painter.drawText(QRectF(bar.left() - 10, bar.top() - 16, bar.width() + 20, 14), Qt::AlignCenter,
                     QString::number(ms, 'g', 3));
  }
}

} // namespace trex::explorer
