// HiddenParametersModel: the kernel's parameter list as the GPU sees it — the user's passed
// arguments, then the global-scratch and profile-scratch pointers Triton appends — with sizes,
// alignments, the scratch bytes a grid needs, shared memory, and the PTX .param line or AMDGCN
// .args entry each one is.
#pragma once

#include "CompileSnapshot.h"

#include <QAbstractTableModel>
#include <QStringList>

namespace trex::explorer {

struct HiddenParameterRow {
  enum class Kind { User, GlobalScratch, ProfileScratch, SharedMemory };
  Kind kind = Kind::User;
  QString name;
  QString type;
  // Bytes and alignment of the parameter itself in the parameter block (0 for shared memory).
  int parameterBytes = 0;
  int parameterAlign = 0;
  // Scratch and shared memory: bytes per program and their alignment.
  qint64 perProgramBytes = 0;
  qint64 perProgramAlign = 0;
  // Bytes for the whole grid (scratch) or per program (shared memory).
  qint64 gridBytes = 0;
  // A host descriptor's CUtensorMap: its box, swizzle and element type (the metadata's
  // tensordesc_meta), shown as the row's tooltip.
  QString tensorMap;
  // The matching line of the machine code and its 1-based line number (0 when not found).
  QString machineParameter;
  int machineLine = 0;
};

// A machine-code parameter: PTX `.param` declaration or AMDGCN `.args` entry, in order.
struct MachineParameter {
  QString text;
  int line = 0;
  int bytes = 0;
};
std::vector<MachineParameter> ptxParameters(const QString &ptx);
std::vector<MachineParameter> amdgcnParameters(const QString &amdgcn);

class HiddenParametersModel : public QAbstractTableModel {
  Q_OBJECT
public:
  enum Column {
    NameColumn,
    TypeColumn,
    BytesColumn,
    AlignColumn,
    PerProgramColumn,
    GridBytesColumn,
    MachineColumn,
    ColumnCount
  };
  enum Role { KindRole = Qt::UserRole + 1, MachineLineRole };

  explicit HiddenParametersModel(QObject *parent = nullptr);

  // `signature` is Triton's AOT form; `parameterNames` every parameter's name, constexprs
  // included (may be empty: then arg0, arg1, ...). `machineCode` is the PTX or AMDGCN text.
  void setKernel(const QString &signature, const QStringList &parameterNames,
                 const std::optional<KernelMetadata> &facts, const QString &machineCode,
                 bool machineCodeIsPTX);
  void setGrid(qint64 x, qint64 y, qint64 z);
  qint64 programs() const { return gridX * gridY * gridZ; }
  // Why the rows are incomplete (a signature that does not parse); empty otherwise.
  QString problem() const { return issue; }
  const std::vector<HiddenParameterRow> &parameters() const { return rows; }

  int rowCount(const QModelIndex &parent = QModelIndex()) const override;
  int columnCount(const QModelIndex &parent = QModelIndex()) const override;
  QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
  void rebuild();

  QString signature;
  QStringList names;
  std::optional<KernelMetadata> facts;
  QString machineCode;
  bool isPTX = true;
  qint64 gridX = 1, gridY = 1, gridZ = 1;
  QString issue;
  std::vector<HiddenParameterRow> rows;
};

} // namespace trex::explorer
