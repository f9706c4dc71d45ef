// RunResultsModel: JSON answers of trex run/bench, one row per launch.
#include "RunResultsModel.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace trex::explorer {

RunRecord parseRunOutput(const QByteArray &standardOutput, const QByteArray &standardError,
                         int exitCode, bool crashed) {
  RunRecord record;
  // The JSON object is the last thing on stdout; a crash may leave nothing.
  int brace = standardOutput.indexOf('{');
  QJsonParseError parseError;
  QJsonDocument document = brace < 0 ? QJsonDocument()
                                     : QJsonDocument::fromJson(standardOutput.mid(brace), &parseError);
  QString stderrText = QString::fromUtf8(standardError).trimmed();
  if (crashed || (document.isNull() && exitCode != 0)) {
    record.crashed = true;
    record.error = crashed ? QStringLiteral("the run process crashed") : 
                             QStringLiteral("the run process exited with code %1").arg(exitCode);
    if (!stderrText.isEmpty())
      record.error += QStringLiteral(": ") + stderrText.section('\n', -3);
    return record;
  }
  if (!document.isObject()) {
    record.error = QStringLiteral("the run process gave no JSON answer") +
                   (stderrText.isEmpty() ? QString() : QStringLiteral(": ") + stderrText);
    return record;
  }
  QJsonObject object = document.object();
  if (object.contains(QStringLiteral("error"))) {
    record.error = object.value(QStringLiteral("error")).toString();
    record.noDriver = object.value(QStringLiteral("no_driver")).toBool();
    if (record.noDriver)
      record.error = QStringLiteral("No GPU on this machine: ") + record.error;
    return record;
  }
  record.succeeded = exitCode == 0;
  record.kernel = object.value(QStringLiteral("kernel")).toString();
  record.device = object.value(QStringLiteral("device")).toString();
  QJsonArray grid = object.value(QStringLiteral("grid")).toArray();
  QStringList gridParts;
  for (const QJsonValue &dimension : grid)
    gridParts << QString::number(dimension.toInteger());
  record.grid = gridParts.join(',');
  record.registers = object.value(QStringLiteral("registers")).toInt(-1);
  QJsonObject timing = object.value(QStringLiteral("timing_ms")).toObject();
  record.medianMilliseconds = timing.value(QStringLiteral("median")).toDouble();
  record.minMilliseconds = timing.value(QStringLiteral("min")).toDouble();
  record.maxMilliseconds = timing.value(QStringLiteral("max")).toDouble();
  record.gigabytesPerSecond = object.value(QStringLiteral("gbps")).toDouble();
  QJsonObject outputs = object.value(QStringLiteral("outputs")).toObject();
  if (!outputs.isEmpty())
    record.outputs = QString::fromUtf8(QJsonDocument(outputs).toJson(QJsonDocument::Compact));
  if (object.contains(QStringLiteral("profile")))
    record.profileAnswer = standardOutput.mid(brace);
  return record;
}

RunResultsModel::RunResultsModel(QObject *parent) : QAbstractTableModel(parent) {}

void RunResultsModel::append(const RunRecord &record) {
  int row = rowCount();
  beginInsertRows(QModelIndex(), row, row);
  records.push_back(record);
  endInsertRows();
}

void RunResultsModel::clear() {
  beginResetModel();
  records.clear();
  endResetModel();
}

int RunResultsModel::rowCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : static_cast<int>(records.size());
}

int RunResultsModel::columnCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunResultsModel::data(const QModelIndex &index, int role) const {
  if (!index.isValid() || index.row() >= rowCount())
    return {};
  const RunRecord &record = records[index.row()];
  switch (role) {
  case Qt::DisplayRole:
    switch (index.column()) {
    case ModeColumn:
      return record.mode;
    case KernelColumn:
      return record.kernel;
    case GridColumn:
      return record.grid;
    case ConfigurationColumn:
      return record.configuration;
    case StatusColumn:
      if (record.succeeded)
        return QStringLiteral("ok");
      return record.noDriver ? QStringLiteral("no GPU")
                             : record.crashed ? QStringLiteral("crashed") : QStringLiteral("failed");
    case MedianColumn:
      return record.medianMilliseconds > 0 ? QVariant(QString::number(record.medianMilliseconds, 'f', 4))
                                           : QVariant();
    case BandwidthColumn:
      return record.gigabytesPerSecond > 0 ? QVariant(QString::number(record.gigabytesPerSecond, 'f', 1))
                                           : QVariant();
    case DeviceColumn:
      return record.device;
    }
    return {};
  case Qt::ToolTipRole:
    return record.succeeded ? record.outputs : record.error;
  case MedianRole:
    return record.medianMilliseconds;
  case SucceededRole:
    return record.succeeded;
  default:
    return {};
  }
}

QVariant RunResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    return QAbstractTableModel::headerData(section, orientation, role);
  static const char *headers[] = {"Mode", "Kernel", "Grid", "Options", "Status", "Median ms", "GB/s", "Device"};
  return section >= 0 && section < ColumnCount ? QString::fromLatin1(headers[section]) : QVariant();
}

} // namespace trex::explorer
