// HiddenParametersModel: built from the signature (which entries are passed), the metadata
// (scratch sizes, shared memory) and the machine code's parameter declarations.
#include "HiddenParametersModel.h"

#include "trex/Runtime/Error.h"
#include "trex/Runtime/Signature.h"
#include "trex/Runtime/TensorMap.h"

#include <QRegularExpression>

namespace trex::explorer {

namespace {

// "[0, 128) TMA descriptor (tl.make_tensor_descriptor)  at kernel.py:12:10".
QString describe(const ScratchAllocation &buffer) {
  std::string text = "[" + std::to_string(buffer.offset) + ", " +
                     std::to_string(buffer.offset + buffer.size) + ") " + buffer.what +
                     (buffer.source.empty() ? "" : "  at " + buffer.source);
  return QString::fromStdString(text);
}

// "box 64x32, 64-byte swizzle, 2-byte elements (TMA type 6)".
QString describe(const TensorDescriptorMetadata &descriptor) {
  std::string box;
  for (int64_t size : descriptor.blockSize)
    box += (box.empty() ? "" : "x") + std::to_string(size);
  static const char *const swizzles[] = {"no swizzle", "32-byte swizzle", "64-byte swizzle",
                                         "128-byte swizzle"};
  return QString::fromStdString("box " + box + ", " + swizzles[descriptor.swizzle & 3] + ", " +
                                std::to_string(descriptor.elementSize) +
                                "-byte elements (TMA type " +
                                std::to_string(descriptor.elementType) + ")");
}

} // namespace

std::vector<MachineParameter> ptxParameters(const QString &ptx) {
  std::vector<MachineParameter> result;
  const QStringList lines = ptx.split('\n');
  bool inEntry = false;
  static const QRegularExpression typePattern(QStringLiteral(R"(\.param\s+\.([usbf])(\d+))"));
  // A by-value aggregate (a host descriptor's CUtensorMap): `.param .align 64 .b8 name[128]`.
  static const QRegularExpression arrayPattern(
      QStringLiteral(R"(\.param\s+\.align\s+\d+\s+\.b8\s+\S+\[(\d+)\])"));
  for (int i = 0; i < lines.size(); ++i) {
    QString line = lines[i].trimmed();
    if (line.contains(QLatin1String(".entry"))) {
      inEntry = true;
      continue;
    }
    if (!inEntry)
      continue;
    if (line.startsWith(')'))
      break;
    if (!line.startsWith(QLatin1String(".param")))
      continue;
    if (line.endsWith(','))
      line.chop(1);
    MachineParameter parameter{line, i + 1, 0};
    QRegularExpressionMatch match = typePattern.match(line);
    if (match.hasMatch())
      parameter.bytes = match.captured(2).toInt() / 8;
    else if (QRegularExpressionMatch array = arrayPattern.match(line); array.hasMatch())
      parameter.bytes = array.captured(1).toInt();
    result.push_back(parameter);
  }
  return result;
}

std::vector<MachineParameter> amdgcnParameters(const QString &amdgcn) {
  std::vector<MachineParameter> result;
  const QStringList lines = amdgcn.split('\n');
  int argsIndent = -1;
  for (int i = 0; i < lines.size(); ++i) {
    const QString &line = lines[i];
    int indent = 0;
    while (indent < line.size() && line[indent] == ' ')
      ++indent;
    QString content = line.trimmed();
    if (content == QLatin1String(".args:")) {
      argsIndent = indent;
      continue;
    }
    if (argsIndent < 0 || content.isEmpty())
      continue;
    if (indent <= argsIndent && !content.startsWith('-'))
      break;
    if (content.startsWith(QLatin1String("- "))) {
      result.push_back({QString(), i + 1, 0});
      content = content.mid(2).trimmed();
    }
    if (result.empty())
      continue;
    MachineParameter &parameter = result.back();
    QString key = content.section(':', 0, 0).trimmed();
    QString value = content.section(':', 1).trimmed();
    if (key == QLatin1String(".offset") || key == QLatin1String(".size") ||
        key == QLatin1String(".value_kind")) {
      if (!parameter.text.isEmpty())
        parameter.text += QLatin1String(", ");
      parameter.text += key.mid(1) + ' ' + value;
    }
    if (key == QLatin1String(".size"))
      parameter.bytes = value.toInt();
  }
  return result;
}

HiddenParametersModel::HiddenParametersModel(QObject *parent) : QAbstractTableModel(parent) {}

void HiddenParametersModel::setKernel(const QString &newSignature,
                                      const QStringList &parameterNames,
                                      const std::optional<KernelMetadata> &newFacts,
                                      const QString &newMachineCode, bool machineCodeIsPTX) {
  signature = newSignature;
  names = parameterNames;
  facts = newFacts;
  machineCode = newMachineCode;
  isPTX = machineCodeIsPTX;
  rebuild();
}

void HiddenParametersModel::setGrid(qint64 x, qint64 y, qint64 z) {
  gridX = std::max<qint64>(1, x);
  gridY = std::max<qint64>(1, y);
  gridZ = std::max<qint64>(1, z);
  rebuild();
}

void HiddenParametersModel::rebuild() {
  beginResetModel();
  rows.clear();
  issue.clear();
  std::vector<MachineParameter> machine =
      isPTX ? ptxParameters(machineCode) : amdgcnParameters(machineCode);
  size_t machineIndex = 0;
  auto attachMachine = [&](HiddenParameterRow &row) {
    if (machineIndex < machine.size()) {
      row.machineParameter = machine[machineIndex].text;
      row.machineLine = machine[machineIndex].line;
    }
    ++machineIndex;
  };

  if (!signature.trimmed().isEmpty()) {
    try {
      runtime::Signature parsed = runtime::parseSignature(signature.toStdString());
      size_t descriptors = 0;
      for (size_t i = 0; i < parsed.entries.size(); ++i) {
        const runtime::SignatureEntry &entry = parsed.entries[i];
        if (!entry.isPassed())
          continue;
        HiddenParameterRow row;
        row.name = i < static_cast<size_t>(names.size()) ? names[static_cast<int>(i)]
                                                         : QStringLiteral("arg%1").arg(i);
        row.type = QString::fromStdString(entry.describe());
        if (entry.kind == runtime::SignatureEntry::Kind::TensorDescriptor) {
          // A host descriptor, as Triton 3.6 launches it: the CUtensorMap by value, then the
          // tensor's shape (i32 each) and strides (i64 each).
          row.type += QStringLiteral(" (CUtensorMap, by value)");
          if (facts && descriptors < facts->tensorDescriptors.size())
            row.tensorMap = describe(facts->tensorDescriptors[descriptors]);
          ++descriptors;
          row.parameterBytes = static_cast<int>(runtime::kTensorMapBytes);
          row.parameterAlign = static_cast<int>(runtime::kTensorMapAlignment);
          attachMachine(row);
          rows.push_back(row);
          const QString base = row.name;
          for (const char *part : {"shape", "strides"})
            for (size_t d = 0; d < entry.blockShape.size(); ++d) {
              HiddenParameterRow extra;
              bool stride = QLatin1String(part) == QLatin1String("strides");
              extra.name = QStringLiteral("%1.%2[%3]").arg(base, QLatin1String(part)).arg(d);
              extra.type = stride ? QStringLiteral("i64") : QStringLiteral("i32");
              extra.parameterBytes = stride ? 8 : 4;
              extra.parameterAlign = extra.parameterBytes;
              attachMachine(extra);
              rows.push_back(extra);
            }
          continue;
        }
        bool pointer = entry.kind == runtime::SignatureEntry::Kind::Pointer;
        // A parameter is laid out at its own size, like a C struct member.
        row.parameterBytes = pointer ? 8 : static_cast<int>(runtime::scalarTypeSize(entry.type));
        row.parameterAlign = row.parameterBytes;
        attachMachine(row);
        rows.push_back(row);
      }
    } catch (const runtime::Error &error) {
      issue = QString::fromUtf8(error.what());
    }
  } else {
    issue = QStringLiteral("no signature: only the hidden parameters are known");
    // Without the signature the user's parameters are whatever the machine code lists before
    // the two hidden pointers.
    machineIndex = machine.size() >= 2 ? machine.size() - 2 : 0;
  }

  const qint64 programs = gridX * gridY * gridZ * (facts ? facts->numCTAs : 1);
  auto scratchRow = [&](HiddenParameterRow::Kind kind, const QString &name, qint64 size, qint64 align) {
    HiddenParameterRow row;
    row.kind = kind;
    row.name = name;
    row.type = QStringLiteral("*i8 (hidden)");
    row.parameterBytes = 8;
    row.parameterAlign = 8;
    row.perProgramBytes = size;
    row.perProgramAlign = align;
    row.gridBytes = size * programs;
    attachMachine(row);
    rows.push_back(row);
  };
  scratchRow(HiddenParameterRow::Kind::GlobalScratch, QStringLiteral("global_scratch"),
             facts ? facts->globalScratchSize : 0, facts ? facts->globalScratchAlign : 1);
  scratchRow(HiddenParameterRow::Kind::ProfileScratch, QStringLiteral("profile_scratch"),
             facts ? facts->profileScratchSize : 0, facts ? facts->profileScratchAlign : 1);

  HiddenParameterRow shared;
  shared.kind = HiddenParameterRow::Kind::SharedMemory;
  shared.name = QStringLiteral("shared memory");
  shared.type = QStringLiteral("dynamic, per program");
  shared.perProgramBytes = facts ? facts->shared : 0;
  shared.gridBytes = shared.perProgramBytes;
  rows.push_back(shared);
  endResetModel();
}

int HiddenParametersModel::rowCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows.size());
}

int HiddenParametersModel::columnCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant HiddenParametersModel::data(const QModelIndex &index, int role) const {
  if (!index.isValid() || index.row() >= rowCount())
    return {};
  const HiddenParameterRow &row = rows[index.row()];
  const bool isShared = row.kind == HiddenParameterRow::Kind::SharedMemory;
  const bool isScratch = row.kind == HiddenParameterRow::Kind::GlobalScratch ||
                         row.kind == HiddenParameterRow::Kind::ProfileScratch;
  switch (role) {
  case Qt::DisplayRole:
    switch (index.column()) {
    case NameColumn:
      return row.name;
    case TypeColumn:
      return row.type;
    case BytesColumn:
      return isShared ? QVariant() : QVariant(row.parameterBytes);
    case AlignColumn:
      return isShared ? QVariant() : QVariant(row.parameterAlign);
    case PerProgramColumn:
      if (isScratch)
        return QStringLiteral("%1 B (align %2)").arg(row.perProgramBytes).arg(row.perProgramAlign);
      return isShared ? QVariant(QStringLiteral("%1 B").arg(row.perProgramBytes)) : QVariant();
    case GridBytesColumn:
      return isScratch ? QVariant(QStringLiteral("%1 B").arg(row.gridBytes)) : QVariant();
    case MachineColumn:
      return row.machineParameter;
    }
    return {};
  case KindRole:
    return static_cast<int>(row.kind);
  case MachineLineRole:
    return row.machineLine;
  case Qt::ToolTipRole:
    if (isScratch) {
      QString tip = QStringLiteral("Allocated by the launcher: %1 B per program x %2 programs")
                        .arg(row.perProgramBytes)
                        .arg(programs() * (facts ? facts->numCTAs : 1));
      // Program p's slice starts at base + p x size; what each part of a slice holds.
      if (row.kind == HiddenParameterRow::Kind::GlobalScratch && facts)
        for (const ScratchAllocation &buffer : facts->globalScratch)
          tip += QStringLiteral("\n") + describe(buffer);
      // The profile buffer of instrumented scopes (trex/Dialect/ProtonGPU/IR/Dialect.h).
      if (row.kind == HiddenParameterRow::Kind::ProfileScratch && facts &&
          row.perProgramBytes > 0) {
        const qint64 indices = 16 + 4 * qint64(facts->numWarps);
        tip += QStringLiteral("\n[0, 16) header: 0xdeadbeef, program id, SM id, buffer bytes"
                              "\n[16, %1) a write index per warp (%2 warps)"
                              "\n[%1, %3) the warps' circular buffers of 8-byte records "
                              "(scope tag, clock), then padding to the alignment")
                   .arg(indices)
                   .arg(facts->numWarps)
                   .arg(row.perProgramBytes);
      }
      return tip;
    }
    if (!row.tensorMap.isEmpty())
      return QStringLiteral("Encoded by the launcher (cuTensorMapEncodeTiled): ") + row.tensorMap;
    return {};
  default:
    return {};
  }
}

QVariant HiddenParametersModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    return QAbstractTableModel::headerData(section, orientation, role);
  static const char *headers[] = {"Parameter", "Type", "Bytes", "Align", "Per program", "For the grid",
                                  "Machine code"};
  return section >= 0 && section < ColumnCount ? QString::fromLatin1(headers[section]) : QVariant();
}

} // namespace trex::explorer
