// PassTimelineModel: a table over PassRecord rows plus the proxy that filters them.
#include "PassTimelineModel.h"

#include "PassDescriptions.h"

namespace trex::explorer {

PassTimelineModel::PassTimelineModel(QObject *parent) : QAbstractTableModel(parent) {}

void PassTimelineModel::setPasses(const std::vector<PassRecord> &newPasses) {
  beginResetModel();
  passes = newPasses;
  endResetModel();
}

int PassTimelineModel::rowCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : static_cast<int>(passes.size());
}

int PassTimelineModel::columnCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

static QString kindName(PassRecord::IRKind kind) {
  switch (kind) {
  case PassRecord::IRKind::MLIR:
    return QStringLiteral("MLIR");
  case PassRecord::IRKind::LLVM:
    return QStringLiteral("LLVM");
  case PassRecord::IRKind::None:
    return QStringLiteral("back end");
  }
  return {};
}

QVariant PassTimelineModel::data(const QModelIndex &index, int role) const {
  if (!index.isValid() || index.row() >= rowCount())
    return {};
  const PassRecord &pass = passes[index.row()];
  switch (role) {
  case Qt::DisplayRole:
    switch (index.column()) {
    case IndexColumn:
      return index.row() + 1;
    case NameColumn: {
      // As Triton and mlir-opt spell it (the pass argument); the back end's steps and passes
      // without one keep their class name.
      QString name = QString::fromStdString(pass.argument.empty() ? pass.name : pass.argument);
      return pass.edited ? name + QStringLiteral(" (edited)") : name;
    }
    case ClassColumn:
      return QString::fromStdString(pass.name);
    case AnchorColumn:
      return QString::fromStdString(pass.anchor);
    case MillisecondsColumn:
      return QString::number(pass.milliseconds, 'f', 3);
    case ChangedColumn:
      return pass.changed ? QStringLiteral("changed") : QStringLiteral("—");
    }
    return {};
  case Qt::ToolTipRole:
    return passToolTip(pass.kind, QString::fromStdString(pass.argument), QString::fromStdString(pass.name)) +
           QStringLiteral("\n\n%1 pass on %2").arg(kindName(pass.kind), QString::fromStdString(pass.anchor));
  case DescriptionRole:
    return passDescriptionMarkdown(pass.kind, QString::fromStdString(pass.argument), QString::fromStdString(pass.name));
  case EditedRole:
    return pass.edited;
  case Qt::TextAlignmentRole:
    if (index.column() == MillisecondsColumn || index.column() == IndexColumn)
      return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
  case ChangedRole:
    return pass.changed;
  case KindRole:
    return kindName(pass.kind);
  case HasIRRole:
    return !pass.ir.empty();
  case MillisecondsRole:
    return pass.milliseconds;
  default:
    return {};
  }
}

QVariant PassTimelineModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    return QAbstractTableModel::headerData(section, orientation, role);
  static const char *names[] = {"#", "Pass", "Class", "On", "ms", "Changed"};
  return section >= 0 && section < ColumnCount ? QString::fromLatin1(names[section]) : QVariant();
}

QString PassTimelineModel::irAfter(int row) const {
  if (row < 0 || row >= rowCount())
    return {};
  return QString::fromStdString(passes[row].ir);
}

int PassTimelineModel::previousWithIR(int row) const {
  if (row < 0 || row >= rowCount())
    return -1;
  for (int earlier = row - 1; earlier >= 0; --earlier)
    if (passes[earlier].kind == passes[row].kind && !passes[earlier].ir.empty())
      return earlier;
  return -1;
}

std::vector<DiffLine> PassTimelineModel::diff(int row) const {
  if (row < 0 || row >= rowCount())
    return {};
  int previous = previousWithIR(row);
  const std::string empty;
  return diffLines(previous < 0 ? empty : passes[previous].ir, passes[row].ir);
}

double PassTimelineModel::totalMilliseconds() const {
  double total = 0;
  for (const PassRecord &pass : passes)
    total += pass.milliseconds;
  return total;
}

PassFilterModel::PassFilterModel(QObject *parent) : QSortFilterProxyModel(parent) {}

void PassFilterModel::setHideUnchanged(bool hide) {
  if (hide == hidingUnchanged)
    return;
  hidingUnchanged = hide;
  invalidateFilter();
}

void PassFilterModel::setSearchText(const QString &text) {
  if (text == search)
    return;
  search = text;
  invalidateFilter();
}

bool PassFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const {
  QAbstractItemModel *model = sourceModel();
  if (!model)
    return false;
  if (hidingUnchanged &&
      !model->index(sourceRow, 0, sourceParent).data(PassTimelineModel::ChangedRole).toBool())
    return false;
  if (search.isEmpty())
    return true;
  for (int column : {PassTimelineModel::NameColumn, PassTimelineModel::ClassColumn})
    if (model->index(sourceRow, column, sourceParent).data().toString().contains(search, Qt::CaseInsensitive))
      return true;
  return false;
}

} // namespace trex::explorer
