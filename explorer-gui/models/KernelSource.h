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
  // The default value as written ("1024", "tl.float16"); empty when there is none.
  QString defaultValue;
  // A key of the kernel's @triton.heuristics, or of an @triton.autotune config's dict: the
  // compile may give it by name rather than from the signature (a signature shorter than the
  // parameter list then skips it, as the compiler does).
  bool setByHeuristics = false;
  bool setByAutotune = false;

  bool operator==(const KernelParameter &other) const {
    return name == other.name && isConstexpr == other.isConstexpr &&
           defaultValue == other.defaultValue && setByHeuristics == other.setByHeuristics &&
           setByAutotune == other.setByAutotune;
  }
  bool operator!=(const KernelParameter &other) const { return !(*this == other); }
};

struct KernelDefinition {
  QString name;
  std::vector<KernelParameter> parameters;
  // 1-based line of the `def`.
  int line = 0;

  QStringList parameterNames() const;
};

// Every `def` decorated with @triton.jit (or @jit, possibly under @triton.autotune /
// @triton.heuristics; in a class or a function too) and every `name = triton.jit(function)`
// (named `name`, with the function's parameters), in file order. The parameters' defaults and
// the names the decorators' dicts give are read from the text as written (configs built by a
// function are not seen).
std::vector<KernelDefinition> findKernels(const QString &pythonText);

} // namespace trex::explorer
