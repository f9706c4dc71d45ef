// SessionKernelsModel: see the header.
#include "SessionKernelsModel.h"

#include <QFile>

namespace trex::explorer {

SessionKernelsModel::SessionKernelsModel(QObject *parent) : QAbstractTableModel(parent) {}

void SessionKernelsModel::setSession(const tools::CaptureSession &newSession) {
  beginResetModel();
  session = newSession;
  endResetModel();
}

void SessionKernelsModel::clear() { setSession({}); }

const tools::SessionKernel *SessionKernelsModel::kernel(int row) const {
  if (row < 0 || row >= static_cast<int>(session.kernels.size()))
    return nullptr;
  return &session.kernels[row];
}

int SessionKernelsModel::rowOf(const QString &key) const {
  if (key.isEmpty())
    return -1;
  std::vector<const tools::SessionKernel *> found =
      tools::findSessionKernels(session, key.toStdString());
  if (found.empty())
    return -1;
  return static_cast<int>(found.front() - session.kernels.data());
}

int SessionKernelsModel::firstCompilableRow() const {
  for (size_t row = 0; row < session.kernels.size(); ++row)
    if (!session.kernels[row].signature.empty())
      return static_cast<int>(row);
  return session.kernels.empty() ? -1 : 0;
}

int SessionKernelsModel::rowCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : static_cast<int>(session.kernels.size());
}

int SessionKernelsModel::columnCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant SessionKernelsModel::data(const QModelIndex &index, int role) const {
  const tools::SessionKernel *entry = index.isValid() ? kernel(index.row()) : nullptr;
  if (!entry)
    return {};
  switch (role) {
  case Qt::DisplayRole:
    switch (index.column()) {
    case NameColumn:
      return QString::fromStdString(entry->name);
    case LaunchesColumn:
      return entry->launches;
    case GridColumn:
      return QString::fromStdString(entry->describeGrids());
    case OptionsColumn:
      return QString::fromStdString(entry->describeOptions());
    case TritonColumn:
      return entry->tritonOk
                 ? QStringLiteral("ok")
                 : QStringLiteral("failed: %1").arg(QString::fromStdString(entry->tritonError));
    }
    return {};
  case Qt::ToolTipRole:
    if (index.column() == NameColumn)
      return QStringLiteral("%1 (%2)\nsignature: %3%4")
          .arg(QString::fromStdString(entry->name), QString::fromStdString(entry->id),
               entry->signature.empty() ? QStringLiteral("none")
                                        : QString::fromStdString(entry->signature),
               entry->notes.empty() ? QString() : QStringLiteral("\n") + describeNotes(*entry));
    if (index.column() == TritonColumn && !entry->tritonOk)
      return QString::fromStdString(entry->tritonError);
    return {};
  case IdRole:
    return QString::fromStdString(entry->id);
  case SignatureRole:
    return QString::fromStdString(entry->signature);
  case NotesRole:
    return describeNotes(*entry);
  }
  return {};
}

QVariant SessionKernelsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    return {};
  static const char *const kTitles[] = {"Kernel", "Launches", "Grid", "Options", "Triton"};
  return section >= 0 && section < ColumnCount ? QString::fromLatin1(kTitles[section]) : QVariant();
}

std::vector<StageText> tritonStagesOf(const tools::SessionKernel &kernel) {
  static const char *const kStages[] = {"ttir", "ttgir", "llir", "ptx", "amdgcn"};
  std::vector<StageText> stages;
  for (const char *name : kStages) {
    auto found = kernel.tritonStages.find(name);
    if (found == kernel.tritonStages.end())
      continue;
    QFile file(QString::fromStdString(found->second));
    if (!file.open(QIODevice::ReadOnly))
      continue;
    stages.push_back({name, file.readAll().toStdString(), "triton"});
  }
  return stages;
}

std::string tritonMetadataOf(const tools::SessionKernel &kernel) {
  auto found = kernel.tritonStages.find("json");
  if (found == kernel.tritonStages.end())
    return {};
  QFile file(QString::fromStdString(found->second));
  return file.open(QIODevice::ReadOnly) ? file.readAll().toStdString() : std::string();
}

QString describeNotes(const tools::SessionKernel &kernel) {
  QStringList lines;
  for (const std::string &note : kernel.notes)
    lines << QString::fromStdString(note);
  return lines.join('\n');
}

} // namespace trex::explorer
