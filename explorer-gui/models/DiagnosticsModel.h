// DiagnosticsModel: the compiler's errors and warnings with their file, line and column split
// out, so panes can show each at its line.
#pragma once

#include "CompileSnapshot.h"

#include <QAbstractTableModel>

namespace trex::explorer {

struct ParsedLocation {
  QString file;
  int line = 0;
  int column = 0;
};

// "kernel.py:9:28" -> {kernel.py, 9, 28}; file names may hold ':' themselves, so the numbers
// are read from the right. Line 0 when there is none.
ParsedLocation parseDiagnosticLocation(const QString &location);

class DiagnosticsModel : public QAbstractTableModel {
  Q_OBJECT
public:
  enum Column { SeverityColumn, LocationColumn, MessageColumn, ColumnCount };
  enum Role { LineRole = Qt::UserRole + 1, ColumnRole, FileRole, RenderedRole, SeverityRole };

  explicit DiagnosticsModel(QObject *parent = nullptr);
  void setDiagnostics(const std::vector<CompileDiagnostic> &diagnostics);

  int rowCount(const QModelIndex &parent = QModelIndex()) const override;
  int columnCount(const QModelIndex &parent = QModelIndex()) const override;
  QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

  // The diagnostics located in a file of `fileName`'s base name, per line.
  QMultiMap<int, CompileDiagnostic> byLine(const QString &fileName) const;
  int errorCount() const;

  static QString severityName(CompileDiagnostic::Severity severity);

private:
  std::vector<CompileDiagnostic> rows;
  std::vector<ParsedLocation> locations;
};

} // namespace trex::explorer
