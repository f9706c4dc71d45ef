// DiagnosticsModel: a table of severity, location and message.
#include "DiagnosticsModel.h"

#include <QFileInfo>

namespace trex::explorer {

ParsedLocation parseDiagnosticLocation(const QString &location) {
  ParsedLocation parsed;
  QStringList parts = location.split(':');
  // file:line:col, or file:line
  bool lineOk = false, columnOk = false;
  if (parts.size() >= 3) {
    int column = parts.last().toInt(&columnOk);
    int line = parts[parts.size() - 2].toInt(&lineOk);
    if (lineOk && columnOk) {
      parsed.line = line;
      parsed.column = column;
      parsed.file = parts.mid(0, parts.size() - 2).join(':');
      return parsed;
    }
  }
  if (parts.size() >= 2) {
    int line = parts.last().toInt(&lineOk);
    if (lineOk) {
      parsed.line = line;
      parsed.file = parts.mid(0, parts.size() - 1).join(':');
      return parsed;
    }
  }
  parsed.file = location;
  return parsed;
}

DiagnosticsModel::DiagnosticsModel(QObject *parent) : QAbstractTableModel(parent) {}

QString DiagnosticsModel::severityName(CompileDiagnostic::Severity severity) {
  switch (severity) {
  case CompileDiagnostic::Severity::Error:
    return QStringLiteral("error");
  case CompileDiagnostic::Severity::Warning:
    return QStringLiteral("warning");
  case CompileDiagnostic::Severity::Note:
    return QStringLiteral("note");
  case CompileDiagnostic::Severity::Remark:
    return QStringLiteral("remark");
  }
  return {};
}

void DiagnosticsModel::setDiagnostics(const std::vector<CompileDiagnostic> &diagnostics) {
  beginResetModel();
  rows = diagnostics;
  locations.clear();
  for (const CompileDiagnostic &diagnostic : rows)
    locations.push_back(parseDiagnosticLocation(QString::fromStdString(diagnostic.location)));
  endResetModel();
}

int DiagnosticsModel::rowCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows.size());
}

int DiagnosticsModel::columnCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiagnosticsModel::data(const QModelIndex &index, int role) const {
  if (!index.isValid() || index.row() >= rowCount())
    return {};
  const CompileDiagnostic &diagnostic = rows[index.row()];
  const ParsedLocation &location = locations[index.row()];
  switch (role) {
  case Qt::DisplayRole:
    switch (index.column()) {
    case SeverityColumn:
      return severityName(diagnostic.severity);
    case LocationColumn:
      return QString::fromStdString(diagnostic.location);
    case MessageColumn:
      return QString::fromStdString(diagnostic.message);
    }
    return {};
  case Qt::ToolTipRole:
  case RenderedRole:
    return QString::fromStdString(diagnostic.rendered);
  case LineRole:
    return location.line;
  case ColumnRole:
    return location.column;
  case FileRole:
    return location.file;
  case SeverityRole:
    return static_cast<int>(diagnostic.severity);
  default:
    return {};
  }
}

QVariant DiagnosticsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    return QAbstractTableModel::headerData(section, orientation, role);
  switch (section) {
  case SeverityColumn:
    return QStringLiteral("Severity");
  case LocationColumn:
    return QStringLiteral("Location");
  case MessageColumn:
    return QStringLiteral("Message");
  }
  return {};
}

QMultiMap<int, CompileDiagnostic> DiagnosticsModel::byLine(const QString &fileName) const {
  QMultiMap<int, CompileDiagnostic> result;
  QString wanted = QFileInfo(fileName).fileName();
  for (size_t i = 0; i < rows.size(); ++i)
    if (locations[i].line > 0 && QFileInfo(locations[i].file).fileName() == wanted)
      result.insert(locations[i].line, rows[i]);
  return result;
}

int DiagnosticsModel::errorCount() const {
  int count = 0;
  for (const CompileDiagnostic &diagnostic : rows)
    count += diagnostic.severity == CompileDiagnostic::Severity::Error;
  return count;
}

} // namespace trex::explorer
