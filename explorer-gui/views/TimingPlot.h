// TimingPlot: the median time of every successful run, in launch order, drawn with QPainter
// (no QtCharts on the build machines).
#pragma once

#include <QWidget>

namespace trex::explorer {

class RunResultsModel;

class TimingPlot : public QWidget {
  Q_OBJECT
public:
  explicit TimingPlot(RunResultsModel *model, QWidget *parent = nullptr);
  QSize sizeHint() const override { return QSize(320, 160); }
  // The points drawn: (run row, median ms).
  std::vector<std::pair<int, double>> points() const;

protected:
  void paintEvent(QPaintEvent *event) override;

private:
  RunResultsModel *model;
};

} // namespace trex::explorer
