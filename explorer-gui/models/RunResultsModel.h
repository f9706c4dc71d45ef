// RunResultsModel: the outcome of every Run and Bench the explorer launched (through a child
// `trex run --json` / `trex bench --json`), for the results table and the timing plot.
#pragma once

#include <QAbstractTableModel>
#include <QDateTime>
#include <QString>

namespace trex::explorer {

struct RunRecord {
  // What was launched: "run" or "bench", the kernel, the grid and the options.
  QString mode;
  QString kernel;
  QString grid;
  QString configuration;
  bool succeeded = false;
  // The machine has no GPU driver (the child said "no_driver"): not the kernel's fault.
  bool noDriver = false;
  // The child died from a signal or without a JSON answer.
  bool crashed = false;
  // The user stopped it.
  bool cancelled = false;
  QString error;
  QString device;
  double medianMilliseconds = 0;
  double minMilliseconds = 0;
  double maxMilliseconds = 0;
  double gigabytesPerSecond = 0;
  int registers = -1;
  QString outputs;
  // The JSON answer when it carries a profile (--profile-scopes), for the timeline.
  QByteArray profileAnswer;
};

// Reads the child's answer: its stdout (the JSON object), how it ended, and stderr (shown when
// there is no JSON). `crashed` is QProcess's CrashExit.
RunRecord parseRunOutput(const QByteArray &standardOutput, const QByteArray &standardError,
                         int exitCode, bool crashed);

class RunResultsModel : public QAbstractTableModel {
  Q_OBJECT
public:
  enum Column {
    ModeColumn,
    KernelColumn,
    GridColumn,
    ConfigurationColumn,
    StatusColumn,
    MedianColumn,
    BandwidthColumn,
    DeviceColumn,
    ColumnCount
  };
  enum Role { MedianRole = Qt::UserRole + 1, SucceededRole };

  explicit RunResultsModel(QObject *parent = nullptr);
  void append(const RunRecord &record);
  void clear();
  const RunRecord &record(int row) const { return records[row]; }

  int rowCount(const QModelIndex &parent = QModelIndex()) const override;
  int columnCount(const QModelIndex &parent = QModelIndex()) const override;
  QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
  std::vector<RunRecord> records;
};

} // namespace trex::explorer
