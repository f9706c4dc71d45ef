// SessionKernelsModel: the kernels of a capture session (what trex_triton recorded of a real
// Triton program), one row each: name, launches, first grid, options, Triton's outcome. Also
// reads a session kernel's Triton stages, to be shown beside trex's.
#pragma once

#include "CompileSnapshot.h"

#include "trex/Tools/CaptureSession.h"

#include <QAbstractTableModel>

namespace trex::explorer {

class SessionKernelsModel : public QAbstractTableModel {
  Q_OBJECT
public:
  enum Column { NameColumn, LaunchesColumn, GridColumn, OptionsColumn, TritonColumn, ColumnCount };
  enum Role { IdRole = Qt::UserRole + 1, SignatureRole, NotesRole };

  explicit SessionKernelsModel(QObject *parent = nullptr);

  void setSession(const tools::CaptureSession &session);
  void clear();
  bool isEmpty() const { return session.kernels.empty(); }
  const tools::CaptureSession &captureSession() const { return session; }
  // The kernel of `row`, or nullptr.
  const tools::SessionKernel *kernel(int row) const;
  // The row `key` names (an id, a unique id prefix or a kernel name: the first of that name),
  // or -1.
  int rowOf(const QString &key) const;
  // The first row whose kernel has a trex signature (else 0; -1 when empty).
  int firstCompilableRow() const;

  int rowCount(const QModelIndex &parent = QModelIndex()) const override;
  int columnCount(const QModelIndex &parent = QModelIndex()) const override;
  QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

private:
  tools::CaptureSession session;
};

// Triton's stages of `kernel` that the panes can show (ttir, ttgir, llir, ptx, amdgcn, in
// pipeline order; not the metadata JSON), origin "triton". A stage file that cannot be read is
// left out.
std::vector<StageText> tritonStagesOf(const tools::SessionKernel &kernel);
// Triton's metadata JSON of a session kernel; empty where the session holds none.
std::string tritonMetadataOf(const tools::SessionKernel &kernel);

// "no trex signature: ...; ..." in lines, for the window's note on a kernel.
QString describeNotes(const tools::SessionKernel &kernel);

} // namespace trex::explorer
