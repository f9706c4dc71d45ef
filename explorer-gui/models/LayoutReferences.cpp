// LayoutReferences: text scanning of ttgir types; the attribute text itself is parsed later by
// layoutviz, which knows every family.
#include "LayoutReferences.h"

#include "MultiBuffering.h"

#include <QRegularExpression>
#include <QSet>
#include <QStringList>

namespace trex::explorer {

namespace {

bool isNameChar(QChar c) { return c.isLetterOrNumber() || c == '_' || c == '.' || c == '$'; }

// The index just past the '>' that closes the '<' at `open`.
int closingAngle(const QString &text, int open) {
  int depth = 0;
  for (int i = open; i < text.size(); ++i) {
    QChar c = text[i];
    // "->" in a type list is not a bracket.
    if (c == '>' && i > 0 && text[i - 1] == '-')
      continue;
    if (c == '<')
      ++depth;
    else if (c == '>' && --depth == 0)
      return i + 1;
  }
  return text.size();
}

QStringList splitTopLevel(const QString &text) {
  QStringList parts;
  int depth = 0;
  QString current;
  for (QChar c : text) {
    if (c == '<' || c == '[' || c == '{' || c == '(')
      ++depth;
    else if (c == '>' || c == ']' || c == '}' || c == ')')
      --depth;
    if (c == ',' && depth == 0) {
      parts << current.trimmed();
      current.clear();
    } else {
      current += c;
    }
  }
  parts << current.trimmed();
  return parts;
}

// The "#name" or "%name" token the cursor at `column` is in, or empty.
QString tokenAt(const QString &line, int column) {
  if (line.isEmpty() || column < 0)
    return {};
  int start = std::min(column, static_cast<int>(line.size()) - 1);
  while (start >= 0 && isNameChar(line[start]))
    --start;
  if (start < 0 || (line[start] != '#' && line[start] != '%'))
    return {};
  int end = start + 1;
  while (end < line.size() && isNameChar(line[end]))
    ++end;
  return line.mid(start, end - start);
}

} // namespace

int elementBitWidth(const QString &elementType) {
  if (elementType.contains(QLatin1String("ptr")))
    return 64;
  static const QRegularExpression bits(QStringLiteral(R"(^(?:i|f|bf|u|si|ui)(\d+))"));
  QRegularExpressionMatch match = bits.match(elementType);
  if (match.hasMatch())
    return std::max(8, match.captured(1).toInt());
  if (elementType.startsWith(QLatin1String("f8")) || elementType.startsWith(QLatin1String("fp8")))
    return 8;
  return 32;
}

QMap<QString, QString> layoutAliases(const QString &ir) {
  QMap<QString, QString> aliases;
  static const QRegularExpression definition(
      QStringLiteral(R"(^(#[\w.$]+)\s*=\s*(#(?:ttg|triton_gpu)\.\S.*)$)"),
      QRegularExpression::MultilineOption);
  QRegularExpressionMatchIterator it = definition.globalMatch(ir);
  while (it.hasNext()) {
    QRegularExpressionMatch match = it.next();
    aliases.insert(match.captured(1), match.captured(2).trimmed());
  }
  return aliases;
}

QString expandLayoutAliases(const QString &text, const QMap<QString, QString> &aliases) {
  QString result = text;
  // Nested aliases (a slice of #blocked, a dot_op of #mma) need several rounds.
  for (int round = 0; round < 8; ++round) {
    bool replaced = false;
    QString next;
    for (int i = 0; i < result.size();) {
      if (result[i] == '#') {
        int end = i + 1;
        while (end < result.size() && isNameChar(result[end]))
          ++end;
        QString name = result.mid(i, end - i);
        auto found = aliases.find(name);
        if (found != aliases.end()) {
          next += found.value();
          replaced = true;
          i = end;
          continue;
        }
      }
      next += result[i++];
    }
    result = next;
    if (!replaced)
      break;
  }
  return result;
}

std::vector<LayoutSelection> tensorTypesIn(const QString &line, const QMap<QString, QString> &aliases) {
  std::vector<LayoutSelection> types;
  // An async copy prints its memdesc result type without the dialect prefix, after "->".
  static const QRegularExpression opener(
      QStringLiteral(R"((?<![\w.])(tensor|!ttg\.memdesc)<|(?<=->\s)<)"));
  QRegularExpressionMatchIterator it = opener.globalMatch(line);
  while (it.hasNext()) {
    QRegularExpressionMatch match = it.next();
    int open = match.capturedEnd(0) - 1;
    int close = closingAngle(line, open);
    QString body = line.mid(open + 1, close - open - 2);
    QStringList parts = splitTopLevel(body);
    if (parts.size() < 2 || !parts[1].startsWith('#'))
      continue;
    LayoutSelection selection;
    selection.isMemDesc = match.captured(1) != QLatin1String("tensor");
    QStringList dims = parts[0].split('x');
    int index = 0;
    for (; index < dims.size(); ++index) {
      bool ok = false;
      qint64 dim = dims[index].toLongLong(&ok);
      if (!ok)
        break;
      selection.shape.push_back(dim);
    }
    selection.elementType = dims.mid(index).join('x');
    selection.elementBits = elementBitWidth(selection.elementType);
    selection.name = parts[1];
    selection.attribute = expandLayoutAliases(parts[1], aliases);
    types.push_back(selection);
  }
  return types;
}

LayoutSelection layoutOfAlias(const QString &ir, const QString &alias) {
  QMap<QString, QString> aliases = layoutAliases(ir);
  const QStringList lines = ir.split('\n');
  for (int i = 0; i < lines.size(); ++i) {
    if (lines[i].startsWith('#'))
      continue;
    for (LayoutSelection &type : tensorTypesIn(lines[i], aliases))
      if (type.name == alias) {
        type.line = i + 1;
        return oneBuffer(ir, type);
      }
  }
  LayoutSelection unshaped;
  unshaped.name = alias;
  if (aliases.contains(alias))
    unshaped.attribute = expandLayoutAliases(alias, aliases);
  return unshaped;
}

LayoutSelection layoutOfValue(const QString &ir, const QString &valueName) {
  QMap<QString, QString> aliases = layoutAliases(ir);
  const QStringList lines = ir.split('\n');
  const QString escaped = QRegularExpression::escape(valueName);
  // An op result: "%x = op ... : type" (possibly one of several results "%x, %y = ...").
  const QRegularExpression definition(QStringLiteral(R"(^\s*(%[\w.$#:, %]*)?%1(?![\w.$])[\w.$#:, %]*\s=\s)").arg(escaped));
  // An argument: "%x: tensor<...>" in a signature, or "%x = %init" in an iter_args list.
  const QRegularExpression argument(QStringLiteral(R"(%1(?![\w.$]):\s*)").arg(escaped));
  for (int i = 0; i < lines.size(); ++i) {
    const QString &line = lines[i];
    std::vector<LayoutSelection> types;
    if (definition.match(line).hasMatch()) {
      types = tensorTypesIn(line, aliases);
      if (!types.empty()) {
        // The result type is the last one written ("... -> tensor<...>" or ": tensor<...>").
        LayoutSelection result = types.back();
        result.valueName = valueName;
        result.line = i + 1;
        return oneBuffer(ir, result);
      }
    }
    QRegularExpressionMatch match = argument.match(line);
    if (match.hasMatch()) {
      types = tensorTypesIn(line.mid(match.capturedEnd(0)), aliases);
      if (!types.empty()) {
        LayoutSelection result = types.front();
        result.valueName = valueName;
        result.line = i + 1;
        return oneBuffer(ir, result);
      }
    }
  }
  return {};
}

LayoutSelection layoutAt(const QString &ir, int line, int column) {
  const QStringList lines = ir.split('\n');
  if (line < 1 || line > lines.size())
    return {};
  const QString &text = lines[line - 1];
  QString token = tokenAt(text, column);
  QMap<QString, QString> aliases = layoutAliases(ir);
  if (token.startsWith('#') && aliases.contains(token))
    return layoutOfAlias(ir, token);
  if (token.startsWith('%')) {
    LayoutSelection value = layoutOfValue(ir, token);
    if (value.isValid())
      return value;
  }
  // A definition line: "#blocked = #ttg.blocked<...>".
  for (auto it = aliases.constBegin(); it != aliases.constEnd(); ++it)
    if (text.startsWith(it.key() + QLatin1String(" =")))
      return layoutOfAlias(ir, it.key());
  std::vector<LayoutSelection> types = tensorTypesIn(text, aliases);
  if (types.empty())
    return {};
  LayoutSelection chosen = types.back();
  // Inside a type: that type.
  for (LayoutSelection &type : types) {
    int at = text.indexOf(type.name);
    if (at >= 0 && column >= text.lastIndexOf(QLatin1String("<"), at) && column <= at + type.name.size()) {
      chosen = type;
      break;
    }
  }
  chosen.line = line;
  return oneBuffer(ir, chosen);
}

namespace {

// "%x = ttg.local_load %buf : ..." -> ("%x", "ttg.local_load", "%buf ..."): the first result, the
// operation and the text after it; empty operation when the line is no operation.
struct OperationLine {
  QString result;
  QString operation;
  QString operands;
};

OperationLine operationLine(const QString &line) {
  static const QRegularExpression pattern(
      QStringLiteral(R"(^\s*(?:(%[\w.$#]+)(?::\d+)?(?:\s*,\s*%[\w.$#]+)*\s*=\s*)?([a-z_]+\.[a-z_]+)\b(.*)$)"));
  QRegularExpressionMatch match = pattern.match(line);
  if (!match.hasMatch())
    return {};
  return {match.captured(1), match.captured(2), match.captured(3)};
}

// The %values an operation's text names, in order (before its type list).
QStringList operandNames(const QString &operands) {
  static const QRegularExpression name(QStringLiteral(R"(%[\w.$#]+)"));
  QStringList names;
  int typesStart = operands.indexOf(QLatin1String(" : "));
  QRegularExpressionMatchIterator it = name.globalMatch(typesStart < 0 ? operands : operands.left(typesStart));
  while (it.hasNext())
    names << it.next().captured(0);
  return names;
}

bool isBufferView(const QString &operation) {
  return operation.startsWith(QLatin1String("ttg.memdesc_"));
}

// The `contiguity = N` attribute of an async copy, 0 when absent.
int contiguityOf(const QString &operands) {
  static const QRegularExpression contiguity(QStringLiteral(R"(\bcontiguity\s*=\s*(\d+))"));
  QRegularExpressionMatch match = contiguity.match(operands);
  return match.hasMatch() ? match.captured(1).toInt() : 0;
}

SharedAccess accessOf(const QString &operation, SharedAccessKind kind, int lineNumber,
                      const LayoutSelection &registers, const LayoutSelection &shared,
                      const QString &bufferValue) {
  SharedAccess access;
  access.line = lineNumber;
  access.operation = operation;
  access.kind = kind;
  access.isStore = kind == SharedAccessKind::Store || kind == SharedAccessKind::AsyncCopy;
  access.registers = registers;
  access.registers.line = lineNumber;
  access.shared = shared;
  access.shared.line = lineNumber;
  access.bufferValue = bufferValue;
  return access;
}

} // namespace

std::vector<SharedAccess> sharedAccessesOn(const QString &line, int lineNumber,
                                           const QMap<QString, QString> &aliases) {
  OperationLine op = operationLine(line);
  if (op.operation.isEmpty())
    return {};
  const QStringList operands = operandNames(op.operands);
  const std::vector<LayoutSelection> types = tensorTypesIn(line, aliases);
  if (op.operation == QLatin1String("ttng.warp_group_dot")) {
    // "%d = ttng.warp_group_dot %a, %b, %c ... : A * B -> D": each operand in shared memory is
    // read by the wgmma instructions themselves.
    if (types.size() < 3 || operands.size() < 2 || types[2].isMemDesc || !types[1].isMemDesc)
      return {};
    std::vector<SharedAccess> accesses;
    for (int index = 0; index < 2; ++index) {
      if (!types[index].isMemDesc)
        continue;
      SharedAccess access = accessOf(op.operation, SharedAccessKind::WarpGroupDotOperand,
                                     lineNumber, types[2], types[index], operands[index]);
      access.operandIndex = index;
      access.otherOperand = types[1 - index];
      access.otherOperand.line = lineNumber;
      accesses.push_back(access);
    }
    return accesses;
  }
  if (op.operation == QLatin1String("ttng.async_tma_copy_global_to_local") ||
      op.operation == QLatin1String("ttng.async_tma_copy_local_to_global")) {
    // "%desc[coordinates] %buffer[, %barrier, %pred] : !tt.tensordesc<tensor<...>>, ...": the
    // descriptor's block is the first tensor type, the buffer the last memdesc (a load's
    // barrier comes before its result type).
    const LayoutSelection *block = nullptr;
    const LayoutSelection *buffer = nullptr;
    for (const LayoutSelection &type : types) {
      if (!type.isMemDesc && !block)
        block = &type;
      else if (type.isMemDesc)
        buffer = &type;
    }
    const int rank = buffer ? static_cast<int>(buffer->shape.size()) : 0;
    if (!block || !buffer || operands.size() < 2 + rank)
      return {};
    SharedAccess access = accessOf(op.operation, SharedAccessKind::TMACopy, lineNumber, *block,
                                   *buffer, operands[1 + rank]);
    access.isStore = op.operation.endsWith(QLatin1String("global_to_local"));
    return {access};
  }
  const LayoutSelection *shared = nullptr;
  const LayoutSelection *registers = nullptr;
  for (const LayoutSelection &type : types) {
    if (type.isMemDesc)
      shared = &type;
    else
      registers = &type;
  }
  // A local_alloc without a source only reserves the buffer.
  if (!shared || !registers)
    return {};
  if (op.operation == QLatin1String("ttg.local_alloc"))
    return {accessOf(op.operation, SharedAccessKind::Store, lineNumber, *registers, *shared,
                     op.result)};
  if (op.operation == QLatin1String("ttg.local_store") && operands.size() >= 2)
    return {accessOf(op.operation, SharedAccessKind::Store, lineNumber, *registers, *shared,
                     operands[1])};
  if (op.operation == QLatin1String("ttg.local_load") && !operands.isEmpty())
    return {accessOf(op.operation, SharedAccessKind::Load, lineNumber, *registers, *shared,
                     operands.front())};
  if (op.operation == QLatin1String("ttg.async_copy_global_to_local") && operands.size() >= 2) {
    // The source holds pointers; what lands in shared memory are the buffer's elements.
    LayoutSelection elements = *registers;
    elements.elementType = shared->elementType;
    elements.elementBits = shared->elementBits;
    SharedAccess access = accessOf(op.operation, SharedAccessKind::AsyncCopy, lineNumber, elements,
                                   *shared, operands[1]);
    access.contiguity = contiguityOf(op.operands);
    return {access};
  }
  return {};
}

std::vector<SharedAccess> sharedAccesses(const QString &ir, const QString &sharedName) {
  std::vector<SharedAccess> accesses;
  QMap<QString, QString> aliases = layoutAliases(ir);
  const QString wanted = expandLayoutAliases(sharedName, aliases);
  const QStringList lines = ir.split('\n');
  for (int i = 0; i < lines.size(); ++i) {
    if (lines[i].startsWith('#'))
      continue;
    for (const SharedAccess &access : sharedAccessesOn(lines[i], i + 1, aliases))
      if (access.shared.attribute == wanted)
        accesses.push_back(access);
  }
  return accesses;
}

std::vector<SharedAccess> sharedAccessesOfBuffer(const QString &ir, const QString &valueName) {
  const QStringList lines = ir.split('\n');
  // Each view's source, to walk from the clicked view back to its allocation.
  QMap<QString, QString> viewSource;
  for (const QString &line : lines) {
    OperationLine op = operationLine(line);
    QStringList operands = operandNames(op.operands);
    if (!op.result.isEmpty() && isBufferView(op.operation) && !operands.isEmpty())
      viewSource.insert(op.result, operands.front());
  }
  QString root = valueName;
  for (int hop = 0; hop < 64 && viewSource.contains(root); ++hop)
    root = viewSource.value(root);
  // The allocation and its views, in text order (a view is printed after its source).
  QSet<QString> buffer{root};
  QMap<QString, QString> aliases = layoutAliases(ir);
  std::vector<SharedAccess> accesses;
  for (int i = 0; i < lines.size(); ++i) {
    OperationLine op = operationLine(lines[i]);
    if (op.operation.isEmpty())
      continue;
    QStringList operands = operandNames(op.operands);
    if (isBufferView(op.operation) && !operands.isEmpty() && buffer.contains(operands.front()))
      buffer.insert(op.result);
    for (const SharedAccess &access : sharedAccessesOn(lines[i], i + 1, aliases))
      if (buffer.contains(access.bufferValue))
        accesses.push_back(access);
  }
  return accesses;
}

} // namespace trex::explorer
