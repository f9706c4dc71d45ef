// SpecializationForm: the signature's entries split at top-level commas, each read as a typed
// argument or a constexpr value; written back in the canonical spelling.
#include "SpecializationForm.h"

#include <QRegularExpression>

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

bool takesDivisibility(const SpecializationRow &row) {
  return row.kind == SpecializationRow::Kind::Pointer ||
         (row.kind == SpecializationRow::Kind::Scalar && isIntegerDType(row.dtype));
}

SpecializationReading readSpecialization(const QString &signature,
                                         const std::vector<KernelParameter> &parameters) {
  SpecializationReading reading;
  const QStringList entries = splitEntries(signature);
  if (entries.size() != static_cast<int>(parameters.size())) {
    reading.problem = QStringLiteral("the signature has %1 entries for %2 parameters")
                          .arg(entries.size())
                          .arg(parameters.size());
    return reading;
  }
  static const QRegularExpression typed(
      QStringLiteral(R"(^(\*?)([a-z][a-z0-9]*)\s*(?::\s*(\S+))?$)"));
  const QStringList dtypes = specializationDTypes();
  for (size_t i = 0; i < parameters.size(); ++i) {
    const QString &entry = entries[static_cast<int>(i)];
    SpecializationRow row;
    row.name = parameters[i].name;
    row.declaredConstexpr = parameters[i].isConstexpr;
    if (entry.isEmpty()) {
      reading.problem = QStringLiteral("entry %1 (%2) is empty").arg(i + 1).arg(row.name);
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
                              .arg(i + 1)
                              .arg(entry);
        return {{}, reading.problem};
      }
      row.kind = match.captured(1).isEmpty() ? SpecializationRow::Kind::Scalar
                                             : SpecializationRow::Kind::Pointer;
      row.dtype = match.captured(2);
      if (!hint.isEmpty() && (hint != QLatin1String("16") || !takesDivisibility(row))) {
        reading.problem =
            QStringLiteral("entry %1 (%2) has the hint ':%3', which the form does not show")
                .arg(i + 1)
                .arg(entry, hint);
        return {{}, reading.problem};
      }
      row.divisibleBy16 = !hint.isEmpty();
    } else if (entry.startsWith('*') || (match.hasMatch() && !match.captured(3).isEmpty())) {
      reading.problem =
          QStringLiteral("entry %1 (%2) is not a type the form offers").arg(i + 1).arg(entry);
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
  QStringList entries;
  for (const SpecializationRow &row : rows) {
    switch (row.kind) {
    case SpecializationRow::Kind::Constexpr:
      entries << row.value.trimmed();
      break;
    case SpecializationRow::Kind::Pointer:
    case SpecializationRow::Kind::Scalar:
      entries << (row.kind == SpecializationRow::Kind::Pointer ? QStringLiteral("*") : QString()) +
                     row.dtype +
                     (row.divisibleBy16 && takesDivisibility(row) ? QStringLiteral(":16")
                                                                  : QString());
      break;
    }
  }
  return entries.join(QStringLiteral(", "));
}

} // namespace trex::explorer
