// SpecializationForm: the signature's entries split at top-level commas, each read as a typed
// argument or a constexpr value; written back in the canonical spelling.
#include "SpecializationForm.h"

#include <QRegularExpression>

#include <algorithm>

namespace trex::explorer {

namespace {

// Splits at commas outside brackets and quotes, as the compiler's signature reader does.
QStringList splitEntries(const QString &signature) {
  QStringList entries;
  int depth = 0;
  QChar quote;
  QString current;
  for (QChar c : signature) {
    if (!quote.isNull()) {
      if (c == quote)
        quote = QChar();
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '(' || c == '[' || c == '<') {
      ++depth;
    } else if ((c == ')' || c == ']' || c == '>') && depth > 0) {
      --depth;
    } else if (c == ',' && depth == 0) {
      entries << current.trimmed();
      current.clear();
      continue;
    }
    current += c;
  }
  if (!current.trimmed().isEmpty() || !entries.isEmpty())
    entries << current.trimmed();
  return entries;
}

bool isIntegerDType(const QString &dtype) { return dtype.startsWith('i') || dtype.startsWith('u'); }

} // namespace

QStringList specializationDTypes() {
  return {QStringLiteral("fp32"),    QStringLiteral("fp16"),     QStringLiteral("bf16"),
          QStringLiteral("fp64"),    QStringLiteral("fp8e4nv"),  QStringLiteral("fp8e5"),
          QStringLiteral("fp8e4b8"), QStringLiteral("fp8e5b16"), QStringLiteral("fp8e4b15"),
          QStringLiteral("i1"),      QStringLiteral("i8"),       QStringLiteral("i16"),
          QStringLiteral("i32"),     QStringLiteral("i64"),      QStringLiteral("u8"),
          QStringLiteral("u16"),     QStringLiteral("u32"),      QStringLiteral("u64")};
}

QString SpecializationRow::mark() const {
  switch (source) {
  case Source::Signature:
    return QString();
  case Source::Default:
    return QStringLiteral("default");
  case Source::Heuristics:
    return QStringLiteral("@heuristics");
  case Source::Autotune:
    return QStringLiteral("autotune config");
  case Source::Proposed:
    return QStringLiteral("missing, proposed");
  case Source::Missing:
    return QStringLiteral("missing");
  }
  return QString();
}

bool takesDivisibility(const SpecializationRow &row) {
  return row.kind == SpecializationRow::Kind::Pointer ||
         (row.kind == SpecializationRow::Kind::Scalar && isIntegerDType(row.dtype));
}

SpecializationReading readSpecialization(const QString &signature,
                                         const std::vector<KernelParameter> &parameters,
                                         const SpecializationContext &context) {
  SpecializationReading reading;
  const QStringList entries = splitEntries(signature);
  if (entries.size() > static_cast<int>(parameters.size())) {
    reading.problem = QStringLiteral("the signature has %1 entries for %2 parameters")
                          .arg(entries.size())
                          .arg(parameters.size());
    return reading;
  }
  // The compiler's rule (Specialization.cpp): entries go to every parameter in order, or, when
  // there are no more of them than parameters not given by name, to those.
  std::vector<bool> byName(parameters.size());
  for (size_t i = 0; i < parameters.size(); ++i)
    byName[i] = parameters[i].setByHeuristics ||
                (context.autotuneConfigUsed && parameters[i].setByAutotune);
  const auto positionalSlots = std::count(byName.begin(), byName.end(), false);
  const bool toEveryParameter = entries.size() > positionalSlots;
  std::vector<int> entryOf(parameters.size(), -1);
  for (size_t i = 0, next = 0; i < parameters.size() && next < size_t(entries.size()); ++i)
    if (toEveryParameter || !byName[i])
      entryOf[i] = static_cast<int>(next++);
  // What trex proposed for the parameters left out (its proposal uses autotune config 0).
  std::vector<SpecializationRow> proposed;
  if (entries.size() < static_cast<int>(parameters.size()) && !context.proposal.isEmpty() &&
      context.proposal != signature)
    proposed = readSpecialization(context.proposal, parameters, {true, QString()}).rows;

  static const QRegularExpression typed(
      QStringLiteral(R"(^(\*?)([a-z][a-z0-9]*)\s*(?::\s*(\S+))?$)"));
  const QStringList dtypes = specializationDTypes();
  for (size_t i = 0; i < parameters.size(); ++i) {
    SpecializationRow row;
    row.name = parameters[i].name;
    row.declaredConstexpr = parameters[i].isConstexpr;
    if (entryOf[i] < 0) {
      row.kind = row.declaredConstexpr ? SpecializationRow::Kind::Constexpr
                                       : SpecializationRow::Kind::Pointer;
      row.dtype = QStringLiteral("fp32");
      if (byName[i]) {
        row.kind = SpecializationRow::Kind::Constexpr;
        row.source = parameters[i].setByHeuristics ? SpecializationRow::Source::Heuristics
                                                   : SpecializationRow::Source::Autotune;
      } else if (!parameters[i].defaultValue.isEmpty()) {
        row.kind = SpecializationRow::Kind::Constexpr;
        row.value = parameters[i].defaultValue;
        row.source = SpecializationRow::Source::Default;
      } else if (i < proposed.size() &&
                 proposed[i].source == SpecializationRow::Source::Signature) {
        row = proposed[i];
        row.source = SpecializationRow::Source::Proposed;
      } else {
        row.source = SpecializationRow::Source::Missing;
      }
      reading.rows.push_back(row);
      continue;
    }
    const QString &entry = entries[entryOf[i]];
    if (entry.isEmpty()) {
      reading.problem = QStringLiteral("entry %1 (%2) is empty").arg(entryOf[i] + 1).arg(row.name);
      return {{}, reading.problem};
    }
    QRegularExpressionMatch match = typed.match(entry);
    // "tl.float16" or a helper's name does not match: only dtypes the list names are typed
    // arguments; anything else is a constexpr's value.
    if (match.hasMatch() && dtypes.contains(match.captured(2))) {
      QString hint = match.captured(3);
      if (row.declaredConstexpr) {
        reading.problem = QStringLiteral("%1 is a tl.constexpr but entry %2 is a type (%3)")
                              .arg(row.name)
                              .arg(entryOf[i] + 1)
                              .arg(entry);
        return {{}, reading.problem};
      }
      row.kind = match.captured(1).isEmpty() ? SpecializationRow::Kind::Scalar
                                             : SpecializationRow::Kind::Pointer;
      row.dtype = match.captured(2);
      if (!hint.isEmpty() && (hint != QLatin1String("16") || !takesDivisibility(row))) {
        reading.problem =
            QStringLiteral("entry %1 (%2) has the hint ':%3', which the form does not show")
                .arg(entryOf[i] + 1)
                .arg(entry, hint);
        return {{}, reading.problem};
      }
      row.divisibleBy16 = !hint.isEmpty();
    } else if (entry.startsWith('*') || (match.hasMatch() && !match.captured(3).isEmpty())) {
      reading.problem = QStringLiteral("entry %1 (%2) is not a type the form offers")
                            .arg(entryOf[i] + 1)
                            .arg(entry);
      return {{}, reading.problem};
    } else {
      row.kind = SpecializationRow::Kind::Constexpr;
      row.value = entry;
    }
    reading.rows.push_back(row);
  }
  return reading;
}

QString writeSpecialization(const std::vector<SpecializationRow> &rows) {
  int last = -1;
  for (size_t i = 0; i < rows.size(); ++i)
    if (rows[i].source == SpecializationRow::Source::Signature)
      last = static_cast<int>(i);
  QStringList entries;
  for (int i = 0; i <= last; ++i) {
    const SpecializationRow &row = rows[i];
    if (!row.givenByName())
      entries << specializationEntry(row);
  }
  return entries.join(QStringLiteral(", "));
}

QString specializationEntry(const SpecializationRow &row) {
  if (row.kind == SpecializationRow::Kind::Constexpr)
    return row.value.trimmed();
  return (row.kind == SpecializationRow::Kind::Pointer ? QStringLiteral("*") : QString()) +
         row.dtype +
         (row.divisibleBy16 && takesDivisibility(row) ? QStringLiteral(":16") : QString());
}

} // namespace trex::explorer
