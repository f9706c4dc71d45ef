// TuningResultsModel: rows change in place as their child finishes; the best is recomputed.
#include "TuningResultsModel.h"

namespace trex::explorer {

TuningResultsModel::TuningResultsModel(QObject *parent) : QAbstractTableModel(parent) {}

void TuningResultsModel::setConfigs(const std::vector<TuningConfig> &configs) {
  beginResetModel();
  rows.clear();
  for (const TuningConfig &config : configs)
    rows.push_back({config, State::Pending, {}, 0});
  best = -1;
  endResetModel();
}

void TuningResultsModel::setRunning(int row) {
  if (row < 0 || row >= rowCount())
    return;
  rows[row].state = State::Running;
  rowChanged(row);
}

void TuningResultsModel::setResult(int row, const RunRecord &record, double flops) {
  if (row < 0 || row >= rowCount())
    return;
  rows[row].state = record.cancelled ? State::Cancelled : State::Done;
  rows[row].record = record;
  rows[row].flops = flops;
  int previous = best;
  best = -1;
  for (int i = 0; i < rowCount(); ++i)
    if (rows[i].state == State::Done && rows[i].record.succeeded && rows[i].record.medianMilliseconds > 0 &&
        (best < 0 || rows[i].record.medianMilliseconds < rows[best].record.medianMilliseconds))
      best = i;
  rowChanged(row);
  if (previous >= 0 && previous != best)
    rowChanged(previous);
  if (best >= 0 && best != row)
    rowChanged(best);
}

void TuningResultsModel::cancelPending() {
  for (int i = 0; i < rowCount(); ++i)
    if (rows[i].state == State::Pending || rows[i].state == State::Running) {
      rows[i].state = State::Cancelled;
      rows[i].record.cancelled = true;
      rows[i].record.error = QStringLiteral("cancelled");
      rowChanged(i);
    }
}

int TuningResultsModel::bestRow() const { return best; }

void TuningResultsModel::rowChanged(int row) {
  Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int TuningResultsModel::rowCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows.size());
}

int TuningResultsModel::columnCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant TuningResultsModel::data(const QModelIndex &index, int role) const {
  if (!index.isValid() || index.row() >= rowCount())
    return {};
  const Row &row = rows[index.row()];
  const RunRecord &record = row.record;
  switch (role) {
  case Qt::DisplayRole:
    switch (index.column()) {
    case IndexColumn:
      return index.row() + 1;
    case ConfigurationColumn:
      return row.config.label;
    case StatusColumn:
      switch (row.state) {
      case State::Pending:
        return QStringLiteral("pending");
      case State::Running:
        return QStringLiteral("running…");
      case State::Cancelled:
        return QStringLiteral("cancelled");
      case State::Done:
        if (record.succeeded)
          return index.row() == best ? QStringLiteral("ok ★ best") : QStringLiteral("ok");
        return record.noDriver ? QStringLiteral("no GPU") : record.crashed ? QStringLiteral("crashed") : QStringLiteral("failed");
      }
      return {};
    case MedianColumn:
      return record.medianMilliseconds > 0 ? QVariant(QString::number(record.medianMilliseconds, 'f', 4)) : QVariant();
    case BandwidthColumn:
      return record.gigabytesPerSecond > 0 ? QVariant(QString::number(record.gigabytesPerSecond, 'f', 1)) : QVariant();
    case TflopsColumn:
      if (row.flops > 0 && record.medianMilliseconds > 0)
        return QString::number(row.flops / (record.medianMilliseconds * 1e-3) / 1e12, 'f', 2);
      return {};
    case DetailColumn:
      return record.succeeded ? record.device : record.error;
    }
    return {};
  case Qt::ToolTipRole:
    return record.succeeded ? record.outputs : record.error;
  case MedianRole:
    return record.medianMilliseconds;
  case BestRole:
    return index.row() == best;
  case StateRole:
    return static_cast<int>(row.state);
  default:
    return {};
  }
}

QVariant TuningResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    return QAbstractTableModel::headerData(section, orientation, role);
  static const char *headers[] = {"#", "Configuration", "Status", "Median ms", "GB/s", "TFLOP/s", "Device / error"};
  return section >= 0 && section < ColumnCount ? QString::fromLatin1(headers[section]) : QVariant();
}

} // namespace trex::explorer
