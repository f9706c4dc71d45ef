// SpecializationForm: a kernel's specialization (Triton's AOT signature, "*fp32:16, i32, 1024")
// as one row per parameter, read from and written back to the signature string.
#pragma once

#include "KernelSource.h"

#include <QString>
#include <QStringList>
#include <vector>

namespace trex::explorer {

struct SpecializationRow {
  enum class Kind { Pointer, Scalar, Constexpr };
  QString name;
  // The kernel declares the parameter `: tl.constexpr`; it can only be given a value.
  bool declaredConstexpr = false;
  Kind kind = Kind::Scalar;
  // A scalar's dtype, or a pointer's pointee ("fp32", "i32", ...).
  QString dtype = QStringLiteral("i32");
  // ":16": the argument is a multiple of 16 (pointers and integers only).
  bool divisibleBy16 = false;
  // A constexpr's value as the signature writes it ("1024", "True", "tl.float16").
  QString value;

  bool operator==(const SpecializationRow &other) const {
    return name == other.name && declaredConstexpr == other.declaredConstexpr &&
           kind == other.kind && dtype == other.dtype && divisibleBy16 == other.divisibleBy16 &&
           value == other.value;
  }
};

// The dtypes the signature names, floats first; a pointer's pointee is one of these too.
QStringList specializationDTypes();
// Whether ":16" means anything for the row: a pointer, or an integer scalar.
bool takesDivisibility(const SpecializationRow &row);

struct SpecializationReading {
  std::vector<SpecializationRow> rows;
  // Why the form cannot show the signature (empty when it can); the text stays the truth then.
  QString problem;
};

// Reads `signature` into one row per parameter of `parameters`. The form shows only a
// signature with one entry per parameter, each a pointer or scalar dtype (":16" optional) or a
// constexpr value; anything else (fewer entries, ":1", "*k" pointers, unknown dtypes) is a
// problem.
SpecializationReading readSpecialization(const QString &signature,
                                         const std::vector<KernelParameter> &parameters);
// The signature of `rows`, entries joined by ", ".
QString writeSpecialization(const std::vector<SpecializationRow> &rows);

} // namespace trex::explorer
