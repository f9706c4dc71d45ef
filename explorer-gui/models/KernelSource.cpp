// KernelSource: a line scanner over decorators and `def` headers; parameter lists may span lines.
#include "KernelSource.h"

#include <QRegularExpression>

#include <algorithm>

namespace trex::explorer {

QStringList KernelDefinition::parameterNames() const {
  QStringList names;
  for (const KernelParameter &parameter : parameters)
    names << parameter.name;
  return names;
}

namespace {

// Splits "a, b: tl.constexpr = 4, c" at top-level commas.
QStringList splitTopLevel(const QString &text) {
  QStringList parts;
  int depth = 0;
  QString current;
  for (QChar c : text) {
    if (c == '(' || c == '[' || c == '{')
      ++depth;
    else if (c == ')' || c == ']' || c == '}')
      --depth;
    if (c == ',' && depth == 0) {
      parts << current.trimmed();
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.trimmed().isEmpty())
    parts << current.trimmed();
  return parts;
}

// The string keys of the dict literals in a decorator's text: {"BLOCK": 128} and
// {'EVEN': lambda args: ...} give BLOCK and EVEN.
QStringList dictKeys(const QString &decorator) {
  static const QRegularExpression key(QStringLiteral(R"(['"](\w+)['"]\s*:)"));
  QStringList keys;
  for (QRegularExpressionMatchIterator it = key.globalMatch(decorator); it.hasNext();)
    keys << it.next().captured(1);
  return keys;
}

// The parameters of the `def` at line `first` whose '(' is at column `open`.
std::vector<KernelParameter> readParameters(const QStringList &lines, int first, int open,
                                            const QStringList &byHeuristics,
                                            const QStringList &byAutotune) {
  std::vector<KernelParameter> result;
  // Collect the parameter text up to the matching ')'.
  QString parameters;
  int depth = 0;
  bool done = false;
  for (int j = first; j < lines.size() && !done; ++j) {
    const QString &text = lines[j];
    int start = j == first ? open : 0;
    for (int k = start; k < text.size(); ++k) {
      QChar c = text[k];
      if (c == '(' && ++depth == 1)
        continue;
      if (c == ')' && --depth == 0) {
        done = true;
        break;
      }
      if (depth >= 1)
        parameters += c;
    }
    parameters += ' ';
  }
  for (const QString &part : splitTopLevel(parameters)) {
    QString name = part.section(':', 0, 0).section('=', 0, 0).trimmed();
    if (name.isEmpty())
      continue;
    KernelParameter parameter;
    parameter.name = name;
    int assignment = part.indexOf('=');
    parameter.isConstexpr = part.contains(QLatin1String("constexpr"));
    if (assignment >= 0)
      parameter.defaultValue = part.mid(assignment + 1).trimmed();
    parameter.setByHeuristics = byHeuristics.contains(name);
    parameter.setByAutotune = byAutotune.contains(name);
    result.push_back(parameter);
  }
  return result;
}

} // namespace

std::vector<KernelDefinition> findKernels(const QString &pythonText) {
  std::vector<KernelDefinition> kernels;
  const QStringList lines = pythonText.split('\n');
  static const QRegularExpression jitDecorator(QStringLiteral(R"(^\s*@(triton\.)?jit\b)"));
  static const QRegularExpression otherDecorator(QStringLiteral(R"(^\s*@)"));
  static const QRegularExpression defHeader(QStringLiteral(R"(^\s*def\s+(\w+)\s*\()"));
  static const QRegularExpression heuristics(QStringLiteral(R"(^\s*@(triton\.)?heuristics\b)"));
  static const QRegularExpression autotune(QStringLiteral(R"(^\s*@(triton\.)?autotune\b)"));
  bool pendingJit = false;
  // The decorators above the next def, one text each with its continuation lines.
  QStringList decorators;
  for (int i = 0; i < lines.size(); ++i) {
    const QString &line = lines[i];
    bool continuation = line.trimmed().isEmpty() || line.trimmed().startsWith('#') ||
                        line.startsWith(' ') || line.startsWith(')') || line.startsWith(']') ||
                        line.startsWith('}');
    if (otherDecorator.match(line).hasMatch())
      decorators << line;
    else if (!decorators.isEmpty() && continuation && !defHeader.match(line).hasMatch())
      decorators.last() += '\n' + line;
    if (jitDecorator.match(line).hasMatch()) {
      pendingJit = true;
      continue;
    }
    QRegularExpressionMatch def = defHeader.match(line);
    if (!def.hasMatch()) {
      // Decorators, their continuation lines and comments may sit between @jit and def.
      if (!otherDecorator.match(line).hasMatch() && !continuation) {
        pendingJit = false;
        decorators.clear();
      }
      continue;
    }
    QStringList byHeuristics, byAutotune;
    for (const QString &decorator : decorators) {
      if (heuristics.match(decorator).hasMatch())
        byHeuristics << dictKeys(decorator);
      else if (autotune.match(decorator).hasMatch())
        byAutotune << dictKeys(decorator);
    }
    decorators.clear();
    if (!pendingJit)
      continue;
    pendingJit = false;
    KernelDefinition kernel;
    kernel.name = def.captured(1);
    kernel.line = i + 1;
    kernel.parameters = readParameters(lines, i, def.capturedEnd(0) - 1, byHeuristics, byAutotune);
    kernels.push_back(kernel);
  }
  // `kernel = triton.jit(function)` (and `jit(function, ...)`): a kernel named as the program
  // launches it, with the parameters of that function's `def`.
  static const QRegularExpression jitCall(
      QStringLiteral(R"(^(\w+)\s*=\s*(?:triton\.)?jit\(\s*(\w+)\s*[,)])"));
  for (int i = 0; i < lines.size(); ++i) {
    QRegularExpressionMatch call = jitCall.match(lines[i]);
    if (!call.hasMatch())
      continue;
    for (int j = 0; j < lines.size(); ++j) {
      QRegularExpressionMatch def = defHeader.match(lines[j]);
      if (!def.hasMatch() || def.captured(1) != call.captured(2) || lines[j].startsWith(' '))
        continue;
      KernelDefinition kernel;
      kernel.name = call.captured(1);
      kernel.line = i + 1;
      kernel.parameters = readParameters(lines, j, def.capturedEnd(0) - 1, {}, {});
      kernels.push_back(kernel);
      break;
    }
  }
  std::stable_sort(
      kernels.begin(), kernels.end(),
      [](const KernelDefinition &a, const KernelDefinition &b) { return a.line < b.line; });
  return kernels;
}

} // namespace trex::explorer
