// ProfileTimelineModel: the profiling scopes of one program of a run (`trex run
// --profile-scopes --json`'s profile.timeline), as bars on one lane per warp, for the run
// panel's timeline: where each bar starts and ends (cycles from the program's first record),
// its nesting depth, and the text a hover shows. Also the view's zoom window.
#pragma once

#include <QAbstractTableModel>
#include <QByteArray>
#include <QString>
#include <QStringList>

#include <vector>

namespace trex::explorer {

struct TimelineBar {
  int warp = 0;
  QString scope;
  qint64 start = 0;
  qint64 cycles = 0;
  int depth = 0;

  qint64 end() const { return start + cycles; }
};

class ProfileTimelineModel : public QAbstractTableModel {
  Q_OBJECT
public:
  enum Column { WarpColumn, ScopeColumn, StartColumn, CyclesColumn, ColumnCount };

  explicit ProfileTimelineModel(QObject *parent = nullptr);

  // Reads the run's JSON answer; false (and an empty model) when it has no profile. The
  // programs with a timeline become `programs()`; the first one is shown.
  bool setRunOutput(const QByteArray &json);
  QStringList programs() const { return programIds; }
  // Shows another program of the answer; false when it has none.
  bool showProgram(const QString &program);
  QString program() const { return shownProgram; }

  int laneCount() const { return lanes; }
  qint64 span() const; // the last bar's end
  const std::vector<TimelineBar> &bars() const { return shown; }
  // Bars of `lane` (warp), in start order.
  std::vector<TimelineBar> barsOfLane(int lane) const;
  // The innermost bar of `lane` covering cycle `at`, or -1 (an index into bars()).
  int barAt(int lane, qint64 at) const;
  static QString hoverText(const TimelineBar &bar);
  // Scope names in order of first appearance, for colours (a scope keeps its colour).
  QStringList scopes() const { return scopeNames; }

  // The visible window [first, first + width) in cycles: zoomed in or out by `factor`
  // around cycle `anchor`, kept inside [0, span()].
  qint64 windowStart() const { return first; }
  qint64 windowWidth() const { return width; }
  void zoom(double factor, qint64 anchor);
  void resetZoom();

  int rowCount(const QModelIndex &parent = QModelIndex()) const override;
  int columnCount(const QModelIndex &parent = QModelIndex()) const override;
  QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

Q_SIGNALS:
  void windowChanged();

private:
  QByteArray answer;
  QStringList programIds;
  QString shownProgram;
  std::vector<TimelineBar> shown;
  QStringList scopeNames;
  int lanes = 0;
  qint64 first = 0, width = 1;
};

} // namespace trex::explorer
