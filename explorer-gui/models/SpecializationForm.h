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
  // Where the row's value comes from. Only Signature rows are entries of the string; the others
  // are parameters a shorter signature leaves out: the kernel's default applies, the decorators
  // give it by name, or nothing does and the compile needs it (Missing; Proposed when trex's
  // proposal has a value to offer for it).
  enum class Source { Signature, Default, Heuristics, Autotune, Proposed, Missing };
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
  Source source = Source::Signature;

  bool operator==(const SpecializationRow &other) const {
    return name == other.name && declaredConstexpr == other.declaredConstexpr &&
           kind == other.kind && dtype == other.dtype && divisibleBy16 == other.divisibleBy16 &&
           value == other.value && source == other.source;
  }
  // Set by the decorators: the form shows it but the string cannot give it alone.
  bool givenByName() const { return source == Source::Heuristics || source == Source::Autotune; }
  // How the form marks a row that is not an entry of the string ("default", "missing", ...);
  // empty for an entry.
  QString mark() const;
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

struct SpecializationContext {
  // Whether the compile uses an autotune config, whose keys it then gives by name (trex's
  // proposal for an autotuned kernel uses config 0; a typed signature, none).
  bool autotuneConfigUsed = false;
  // trex's proposal for the kernel, offered for the parameters a signature leaves out.
  QString proposal;
};

// Reads `signature` into one row per parameter of `parameters`, each entry a pointer or scalar
// dtype (":16" optional) or a constexpr value, entries going to parameters as the compiler
// gives them: in order, skipping those the decorators give by name when there are fewer entries
// than the other parameters. The parameters left without an entry are rows too (Default,
// Heuristics, Autotune, Proposed, Missing). Anything else (more entries than parameters,
// ":1", "*k" pointers, unknown dtypes) is a problem.
SpecializationReading readSpecialization(const QString &signature,
                                         const std::vector<KernelParameter> &parameters,
                                         const SpecializationContext &context = {});
// The signature of `rows`, entries joined by ", ": every row up to the last Signature row
// (defaults and proposals before it written out, rows given by name skipped), none after it.
// The string a signature was read from comes back (in the canonical spelling).
QString writeSpecialization(const std::vector<SpecializationRow> &rows);
// The entry of one row as the signature writes it ("*fp16:16", "i32", "1024").
QString specializationEntry(const SpecializationRow &row);

} // namespace trex::explorer
