// KernelSource: a line scanner over decorators and `def` headers; parameter lists may span lines.
#include "KernelSource.h"

#include <QRegularExpression>

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

} // namespace

std::vector<KernelDefinition> findKernels(const QString &pythonText) {
  std::vector<KernelDefinition> kernels;
  const QStringList lines = pythonText.split('\n');
  static const QRegularExpression jitDecorator(QStringLiteral(R"(^\s*@(triton\.)?jit\b)"));
  static const QRegularExpression otherDecorator(QStringLiteral(R"(^\s*@)"));
  static const QRegularExpression defHeader(QStringLiteral(R"(^\s*def\s+(\w+)\s*\()"));
  bool pendingJit = false;
  for (int i = 0; i < lines.size(); ++i) {
    const QString &line = lines[i];
    if (jitDecorator.match(line).hasMatch()) {
      pendingJit = true;
      continue;
    }
    QRegularExpressionMatch def = defHeader.match(line);
    if (!def.hasMatch()) {
      // Decorators, their continuation lines and comments may sit between @jit and def.
      if (pendingJit && !otherDecorator.match(line).hasMatch() && !line.trimmed().isEmpty() &&
          !line.trimmed().startsWith('#') && !line.startsWith(' ') && !line.startsWith(')'))
        pendingJit = false;
      continue;
    }
    if (!pendingJit)
      continue;
    pendingJit = false;
    KernelDefinition kernel;
    kernel.name = def.captured(1);
    kernel.line = i + 1;
    // Collect the parameter text up to the matching ')'.
    QString parameters;
    int depth = 0;
    bool done = false;
    for (int j = i; j < lines.size() && !done; ++j) {
      const QString &text = lines[j];
      int start = j == i ? def.capturedEnd(0) - 1 : 0;
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
      kernel.parameters.push_back({name, part.contains(QLatin1String("constexpr"))});
    }
    kernels.push_back(kernel);
  }
  return kernels;
}

} // namespace trex::explorer
