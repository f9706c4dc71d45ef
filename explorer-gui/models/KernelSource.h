// KernelSource: the @triton.jit functions of a Triton-Python file and their parameters, found by
// scanning the text (the explorer's kernel picker must not wait for a compile).
#pragma once

#include <QString>
#include <QStringList>
#include <vector>

namespace trex::explorer {

struct KernelParameter {
  QString name;
  bool isConstexpr = false;
};

struct KernelDefinition {
  QString name;
  std::vector<KernelParameter> parameters;
  // 1-based line of the `def`.
  int line = 0;

  QStringList parameterNames() const;
};

// Every `def` decorated with @triton.jit (or @jit, possibly under @triton.autotune /
// @triton.heuristics), in file order.
std::vector<KernelDefinition> findKernels(const QString &pythonText);

} // namespace trex::explorer
