// TuningResultsModel: one row per configuration of a tuning sweep, in the order they run:
// its status (pending, running, ok, the child's error), median time, GB/s, TFLOP/s when the
// work per launch is known, and which configuration is the fastest so far.
#pragma once

#include "RunResultsModel.h"
#include "TuningConfigs.h"

#include <QAbstractTableModel>

namespace trex::explorer {

class TuningResultsModel : public QAbstractTableModel {
  Q_OBJECT
public:
  enum Column { IndexColumn, ConfigurationColumn, StatusColumn, MedianColumn, BandwidthColumn, TflopsColumn, DetailColumn, ColumnCount };
  enum Role { MedianRole = Qt::UserRole + 1, BestRole, StateRole };
  enum class State { Pending, Running, Done, Cancelled };

  struct Row {
    TuningConfig config;
    State state = State::Pending;
    RunRecord record;
    // FLOPs of one launch (0: unknown), for TFLOP/s.
    double flops = 0;
  };

  explicit TuningResultsModel(QObject *parent = nullptr);
  void setConfigs(const std::vector<TuningConfig> &configs);
  void setRunning(int row);
  void setResult(int row, const RunRecord &record, double flops);
  // Marks every row not done yet as cancelled.
  void cancelPending();
  const Row &row(int index) const { return rows[index]; }
  // The successful row with the smallest median, or -1.
  int bestRow() const;

  int rowCount(const QModelIndex &parent = QModelIndex()) const override;
  int columnCount(const QModelIndex &parent = QModelIndex()) const override;
  QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
  void rowChanged(int row);

  std::vector<Row> rows;
  int best = -1;
};

} // namespace trex::explorer
