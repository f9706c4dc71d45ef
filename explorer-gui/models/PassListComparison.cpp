// PassListComparison: the lists are diffed as texts of one pass per line (stagetext's line
// diff), and a run of removed lines is set beside the run of added lines that replaces it.
#include "PassListComparison.h"

#include "trex/StageText/LineDiff.h"

#include <QRegularExpression>

#include <algorithm>

namespace trex::explorer {

namespace {

// How many of the passes only one side ran the summary names.
constexpr int kNamedInSummary = 4;

std::string oneLinePerPass(const QStringList &passes) {
  return (passes.join('\n') + (passes.isEmpty() ? QString() : QStringLiteral("\n"))).toStdString();
}

// "a, b, c, d, …" of `names` without repeats, in order.
QString someNames(const QStringList &names) {
  QStringList unique;
  for (const QString &name : names)
    if (!unique.contains(name))
      unique << name;
  QString text = unique.mid(0, kNamedInSummary).join(QStringLiteral(", "));
  if (unique.size() > kNamedInSummary)
    text += QStringLiteral(", …");
  return text;
}

QString countOf(qsizetype count) {
  return count == 1 ? QStringLiteral("1 pass") : QStringLiteral("%1 passes").arg(count);
}

} // namespace

QString tritonPassName(const PassRecord &pass) {
  return QString::fromStdString(pass.argument.empty() ? pass.name : pass.argument);
}

PassList passListOf(const std::vector<PassRecord> &passes) {
  PassList list;
  list.known = true;
  for (const PassRecord &pass : passes)
    list.passes << tritonPassName(pass);
  return list;
}

std::optional<QStringList> readPassIndex(const QString &text) {
  // "<n> <ms> ms  changed|unchanged  <class> (<argument>) on <anchor>[  -> <file>]"; an
  // anchor may hold spaces ("tt.func @kernel").
  static const QRegularExpression line(
      QStringLiteral(R"(^\s*\d+\s+[0-9.]+ ms\s+(?:changed|unchanged)\s+.*?\(([^()]*)\) on \S.*$)"));
  QStringList passes;
  for (const QString &row : text.split('\n', Qt::SkipEmptyParts)) {
    QRegularExpressionMatch match = line.match(row);
    if (!match.hasMatch())
      return std::nullopt;
    passes << match.captured(1);
  }
  return passes;
}

StageDifference comparePassLists(const PassList &trex, const PassList &other,
                                 const QString &otherName) {
  StageDifference difference;
  difference.stage = QStringLiteral("passes");
  if (!other.known) {
    difference.note = QStringLiteral("trex ran %1; %2's are not known: %3")
                          .arg(countOf(trex.passes.size()), otherName, other.note);
    return difference;
  }
  QStringList onlyTrex, onlyOther;
  for (const stagetext::DiffLine &line :
       stagetext::diffLines(oneLinePerPass(other.passes), oneLinePerPass(trex.passes))) {
    if (line.kind == stagetext::DiffLine::Kind::Added) {
      onlyTrex << QString::fromStdString(line.text);
      difference.trexLines.push_back(line.newLine);
    } else if (line.kind == stagetext::DiffLine::Kind::Removed) {
      onlyOther << QString::fromStdString(line.text);
      difference.otherLines.push_back(line.oldLine);
    }
  }
  difference.differs = !onlyTrex.isEmpty() || !onlyOther.isEmpty();
  if (!difference.differs) {
    difference.note = QStringLiteral("the same %1").arg(countOf(trex.passes.size()));
    return difference;
  }
  QStringList parts;
  if (!onlyTrex.isEmpty())
    parts << QStringLiteral("%1 only in trex (%2)")
                 .arg(countOf(onlyTrex.size()), someNames(onlyTrex));
  if (!onlyOther.isEmpty())
    parts << QStringLiteral("%1 only in %2 (%3)")
                 .arg(countOf(onlyOther.size()), otherName, someNames(onlyOther));
  difference.note = QStringLiteral("%1 in trex, %2 in %3: %4")
                        .arg(countOf(trex.passes.size()), countOf(other.passes.size()), otherName,
                             parts.join(QStringLiteral(", ")));
  return difference;
}

PassListComparisonModel::PassListComparisonModel(QObject *parent) : QAbstractTableModel(parent) {}

void PassListComparisonModel::setLists(const PassList &trexList, const PassList &otherList,
                                       const QString &name) {
  beginResetModel();
  trex = trexList;
  other = otherList;
  otherName = name;
  rows.clear();
  if (!other.known) {
    for (const QString &pass : trex.passes)
      rows.push_back({pass, QString(), false});
    endResetModel();
    return;
  }
  std::vector<QString> removed, added;
  auto flush = [&] {
    for (size_t i = 0; i < std::max(removed.size(), added.size()); ++i)
      rows.push_back({i < added.size() ? added[i] : QString(),
                      i < removed.size() ? removed[i] : QString(), true});
    removed.clear();
    added.clear();
  };
  // The other side is "before", trex's "after", as in the stage rows.
  for (const stagetext::DiffLine &line :
       stagetext::diffLines(oneLinePerPass(other.passes), oneLinePerPass(trex.passes))) {
    QString text = QString::fromStdString(line.text);
    if (line.kind == stagetext::DiffLine::Kind::Removed) {
      removed.push_back(text);
    } else if (line.kind == stagetext::DiffLine::Kind::Added) {
      added.push_back(text);
    } else {
      flush();
      rows.push_back({text, text, false});
    }
  }
  flush();
  endResetModel();
}

void PassListComparisonModel::clear() { setLists(PassList(), PassList(), otherName); }

int PassListComparisonModel::rowCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows.size());
}

int PassListComparisonModel::columnCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant PassListComparisonModel::data(const QModelIndex &index, int role) const {
  if (!index.isValid() || index.row() >= static_cast<int>(rows.size()))
    return {};
  const Row &row = rows[index.row()];
  switch (role) {
  case Qt::DisplayRole:
    return index.column() == TrexColumn ? row.trex : row.other;
  case DiffersRole:
    return row.differs;
  default:
    return {};
  }
}

QVariant PassListComparisonModel::headerData(int section, Qt::Orientation orientation,
                                             int role) const {
  if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
    return {};
  const PassList &side = section == TrexColumn ? trex : other;
  const QString name = section == TrexColumn ? QStringLiteral("trex") : otherName;
  if (role == Qt::ToolTipRole)
    return side.note.isEmpty() ? QVariant() : QVariant(side.note);
  if (role != Qt::DisplayRole)
    return {};
  if (!side.known)
    return QStringLiteral("%1: passes not known").arg(name);
  return QStringLiteral("%1 (%2)").arg(name, countOf(side.passes.size()));
}

} // namespace trex::explorer
