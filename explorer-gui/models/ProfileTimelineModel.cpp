// ProfileTimelineModel: one program's profiling scopes per warp, from a run's JSON answer.
#include "ProfileTimelineModel.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace trex::explorer {

namespace {

QJsonObject timelineOf(const QByteArray &json) {
  int brace = json.indexOf('{');
  if (brace < 0)
    return {};
  QJsonDocument document = QJsonDocument::fromJson(json.mid(brace));
  return document.object()
      .value(QStringLiteral("profile"))
      .toObject()
      .value(QStringLiteral("timeline"))
      .toObject();
}

} // namespace

ProfileTimelineModel::ProfileTimelineModel(QObject *parent) : QAbstractTableModel(parent) {}

bool ProfileTimelineModel::setRunOutput(const QByteArray &json) {
  QJsonObject timeline = timelineOf(json);
  answer = json;
  programIds = timeline.keys();
  std::sort(programIds.begin(), programIds.end(),
            [](const QString &a, const QString &b) { return a.toLongLong() < b.toLongLong(); });
  if (programIds.isEmpty()) {
    beginResetModel();
    shown.clear();
    scopeNames.clear();
    lanes = 0;
    shownProgram.clear();
    endResetModel();
    resetZoom();
    return false;
  }
  return showProgram(programIds.front());
}

bool ProfileTimelineModel::showProgram(const QString &program) {
  QJsonObject timeline = timelineOf(answer);
  if (!timeline.contains(program))
    return false;
  beginResetModel();
  shown.clear();
  scopeNames.clear();
  lanes = 0;
  for (const QJsonValue &value : timeline.value(program).toArray()) {
    QJsonObject object = value.toObject();
    TimelineBar bar;
    bar.warp = object.value(QStringLiteral("warp")).toInt();
    bar.scope = object.value(QStringLiteral("scope")).toString();
    bar.start = object.value(QStringLiteral("start")).toInteger();
    bar.cycles = object.value(QStringLiteral("cycles")).toInteger();
    bar.depth = object.value(QStringLiteral("depth")).toInt();
    if (bar.warp < 0 || bar.start < 0 || bar.cycles < 0)
      continue;
    lanes = std::max(lanes, bar.warp + 1);
    shown.push_back(bar);
  }
  std::stable_sort(shown.begin(), shown.end(), [](const TimelineBar &a, const TimelineBar &b) {
    return a.warp != b.warp ? a.warp < b.warp : a.start < b.start;
  });
  for (const TimelineBar &bar : shown)
    if (!scopeNames.contains(bar.scope))
      scopeNames.append(bar.scope);
  shownProgram = program;
  endResetModel();
  resetZoom();
  return true;
}

qint64 ProfileTimelineModel::span() const {
  qint64 end = 0;
  for (const TimelineBar &bar : shown)
    end = std::max(end, bar.end());
  return end;
}

std::vector<TimelineBar> ProfileTimelineModel::barsOfLane(int lane) const {
  std::vector<TimelineBar> result;
  for (const TimelineBar &bar : shown)
    if (bar.warp == lane)
      result.push_back(bar);
  return result;
}

int ProfileTimelineModel::barAt(int lane, qint64 at) const {
  int found = -1;
  for (size_t i = 0; i < shown.size(); ++i) {
    const TimelineBar &bar = shown[i];
    if (bar.warp == lane && bar.start <= at && at < std::max(bar.end(), bar.start + 1) &&
        (found < 0 || bar.depth > shown[static_cast<size_t>(found)].depth))
      found = static_cast<int>(i);
  }
  return found;
}

QString ProfileTimelineModel::hoverText(const TimelineBar &bar) {
  return QStringLiteral("%1: %2 cycles (warp %3, cycles %4 to %5)")
      .arg(bar.scope)
      .arg(bar.cycles)
      .arg(bar.warp)
      .arg(bar.start)
      .arg(bar.end());
}

void ProfileTimelineModel::zoom(double factor, qint64 anchor) {
  qint64 total = std::max<qint64>(1, span());
  if (factor <= 0)
    return;
  qint64 newWidth = std::clamp<qint64>(static_cast<qint64>(static_cast<double>(width) / factor),
                                       std::min<qint64>(16, total), total);
  anchor = std::clamp<qint64>(anchor, first, first + width);
  double fraction =
      width > 0 ? static_cast<double>(anchor - first) / static_cast<double>(width) : 0;
  qint64 newFirst = anchor - static_cast<qint64>(fraction * static_cast<double>(newWidth));
  first = std::clamp<qint64>(newFirst, 0, total - newWidth);
  width = newWidth;
  Q_EMIT windowChanged();
}

void ProfileTimelineModel::resetZoom() {
  first = 0;
  width = std::max<qint64>(1, span());
  Q_EMIT windowChanged();
}

int ProfileTimelineModel::rowCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : static_cast<int>(shown.size());
}

int ProfileTimelineModel::columnCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant ProfileTimelineModel::data(const QModelIndex &index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
    return {};
  const TimelineBar &bar = shown[static_cast<size_t>(index.row())];
  if (role == Qt::ToolTipRole)
    return hoverText(bar);
  if (role != Qt::DisplayRole)
    return {};
  switch (index.column()) {
  case WarpColumn:
    return bar.warp;
  case ScopeColumn:
    return bar.scope;
  case StartColumn:
    return bar.start;
  case CyclesColumn:
    return bar.cycles;
  default:
    return {};
  }
}

QVariant ProfileTimelineModel::headerData(int section, Qt::Orientation orientation,
                                          int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    return {};
  switch (section) {
  case WarpColumn:
    return QStringLiteral("Warp");
  case ScopeColumn:
    return QStringLiteral("Scope");
  case StartColumn:
    return QStringLiteral("Start (cycles)");
  case CyclesColumn:
    return QStringLiteral("Cycles");
  default:
    return {};
  }
}

} // namespace trex::explorer
