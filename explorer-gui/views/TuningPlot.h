// TuningPlot: one bar per configuration of a tuning sweep (median time, lower is better), the
// best one in a different colour, configurations without a time marked with a cross; drawn
// with QPainter (no QtCharts on the build machines).
#pragma once

#include <QWidget>

namespace trex::explorer {

class TuningResultsModel;

class TuningPlot : public QWidget {
  Q_OBJECT
public:
  explicit TuningPlot(TuningResultsModel *model, QWidget *parent = nullptr);
  QSize sizeHint() const override { return QSize(360, 180); }

protected:
  void paintEvent(QPaintEvent *event) override;

private:
  TuningResultsModel *model;
};

} // namespace trex::explorer
