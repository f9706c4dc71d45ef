// LaunchExpression: a recursive-descent evaluator; Python's precedence (** binds tighter than
// unary minus on its left, * / // % before + -), integer division rounding down.
#include "LaunchExpression.h"

#include <stdexcept>

namespace trex::explorer {

namespace {

class Evaluator {
public:
  Evaluator(const QString &text, const QMap<QString, qint64> &variables) : text(text), variables(variables) {}

  qint64 evaluate() {
    qint64 value = sum();
    skipSpaces();
    if (position < text.size())
      fail(QStringLiteral("unexpected '%1'").arg(text.mid(position, 8)));
    return value;
  }

private:
  [[noreturn]] void fail(const QString &message) { throw std::runtime_error(message.toStdString()); }

  void skipSpaces() {
    while (position < text.size() && text[position].isSpace())
      ++position;
  }

  bool take(const QString &token) {
    skipSpaces();
    if (text.mid(position, token.size()) != token)
      return false;
    position += token.size();
    return true;
  }

  static qint64 floorDivide(qint64 a, qint64 b) {
    qint64 quotient = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? quotient - 1 : quotient;
  }

  qint64 sum() {
    qint64 value = product();
    for (;;) {
      if (take(QStringLiteral("+")))
        value += product();
      else if (take(QStringLiteral("-")))
        value -= product();
      else
        return value;
    }
  }

  qint64 product() {
    qint64 value = unary();
    for (;;) {
      if (take(QStringLiteral("//")) || take(QStringLiteral("/"))) {
        qint64 divisor = unary();
        if (divisor == 0)
          fail(QStringLiteral("division by zero"));
        value = floorDivide(value, divisor);
      } else if (take(QStringLiteral("*"))) {
        value *= unary();
      } else if (take(QStringLiteral("%"))) {
        qint64 divisor = unary();
        if (divisor == 0)
          fail(QStringLiteral("division by zero"));
        value -= floorDivide(value, divisor) * divisor;
      } else {
        return value;
      }
    }
  }

  qint64 unary() {
    if (take(QStringLiteral("-")))
      return -unary();
    if (take(QStringLiteral("+")))
      return unary();
    return power();
  }

  qint64 power() {
    qint64 base = atom();
    if (!take(QStringLiteral("**")))
      return base;
    qint64 exponent = unary();
    if (exponent < 0)
      fail(QStringLiteral("negative exponent"));
    qint64 result = 1;
    for (qint64 i = 0; i < exponent; ++i)
      result *= base;
    return result;
  }

  qint64 atom() {
    skipSpaces();
    if (take(QStringLiteral("("))) {
      qint64 value = sum();
      if (!take(QStringLiteral(")")))
        fail(QStringLiteral("missing ')'"));
      return value;
    }
    if (position < text.size() && text[position].isDigit()) {
      qsizetype start = position;
      while (position < text.size() && (text[position].isDigit() || text[position] == '_'))
        ++position;
      bool ok = false;
      qint64 value = text.mid(start, position - start).remove('_').toLongLong(&ok);
      if (!ok)
        fail(QStringLiteral("number too large"));
      return value;
    }
    if (position < text.size() && (text[position].isLetter() || text[position] == '_')) {
      qsizetype start = position;
      // Dotted, for triton.cdiv.
      while (position < text.size() &&
             (text[position].isLetterOrNumber() || text[position] == '_' || text[position] == '.'))
        ++position;
      QString name = text.mid(start, position - start);
      if (take(QStringLiteral("(")))
        return call(name);
      if (!variables.contains(name))
        fail(QStringLiteral("unknown name '%1'").arg(name));
      return variables.value(name);
    }
    fail(position < text.size() ? QStringLiteral("unexpected '%1'").arg(text[position])
                                : QStringLiteral("the expression ends too early"));
  }

  qint64 call(const QString &name) {
    std::vector<qint64> arguments{sum()};
    while (take(QStringLiteral(",")))
      arguments.push_back(sum());
    if (!take(QStringLiteral(")")))
      fail(QStringLiteral("missing ')' after the arguments of %1").arg(name));
    if (name == QLatin1String("cdiv") || name == QLatin1String("triton.cdiv")) {
      if (arguments.size() != 2)
        fail(QStringLiteral("cdiv takes two arguments"));
      if (arguments[1] == 0)
        fail(QStringLiteral("division by zero"));
      return -floorDivide(-arguments[0], arguments[1]);
    }
    if (name == QLatin1String("min") || name == QLatin1String("max")) {
      qint64 value = arguments.front();
      for (qint64 argument : arguments)
        value = name == QLatin1String("min") ? std::min(value, argument) : std::max(value, argument);
      return value;
    }
    fail(QStringLiteral("unknown function '%1'").arg(name));
  }

  QString text;
  const QMap<QString, qint64> &variables;
  qsizetype position = 0;
};

} // namespace

ExpressionValue evaluateLaunchExpression(const QString &text, const QMap<QString, qint64> &variables) {
  ExpressionValue result;
  if (text.trimmed().isEmpty()) {
    result.error = QStringLiteral("empty expression");
    return result;
  }
  try {
    result.value = Evaluator(text, variables).evaluate();
  } catch (const std::runtime_error &error) {
    result.error = QStringLiteral("'%1': %2").arg(text.trimmed(), QString::fromStdString(error.what()));
  }
  return result;
}

ExpressionValue evaluateGrid(const QString &grid, const QMap<QString, qint64> &variables, QString *evaluated) {
  QStringList components;
  // Commas inside calls (cdiv(a, b)) do not separate grid components.
  int depth = 0;
  qsizetype start = 0;
  for (qsizetype i = 0; i <= grid.size(); ++i) {
    if (i < grid.size() && grid[i] == '(')
      ++depth;
    else if (i < grid.size() && grid[i] == ')')
      --depth;
    else if (i == grid.size() || (grid[i] == ',' && depth == 0)) {
      components << grid.mid(start, i - start);
      start = i + 1;
    }
  }
  QStringList values;
  for (const QString &component : components) {
    ExpressionValue value = evaluateLaunchExpression(component, variables);
    if (!value.value)
      return value;
    if (*value.value <= 0) {
      value.error = QStringLiteral("'%1' is %2: a grid needs at least one program per dimension")
                        .arg(component.trimmed())
                        .arg(*value.value);
      value.value.reset();
      return value;
    }
    values << QString::number(*value.value);
  }
  if (evaluated)
    *evaluated = values.join(',');
  ExpressionValue result;
  result.value = values.size();
  return result;
}

} // namespace trex::explorer
