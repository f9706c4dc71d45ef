// LaunchExpression: integer expressions over a configuration's meta-parameters, for what a
// tuning sweep must recompute per configuration: the grid ("cdiv(n, BLOCK_SIZE)") and the
// work of one launch in FLOPs ("2*M*N*K"). Python's integer syntax: + - * // / % ** and
// parentheses, names, cdiv, min and max.
#pragma once

#include <QMap>
#include <QString>
#include <QStringList>
#include <optional>

namespace trex::explorer {

struct ExpressionValue {
  std::optional<qint64> value;
  QString error;
};

// Evaluates `text` with `variables` (name -> integer); unknown names and malformed text give
// an error naming the problem.
ExpressionValue evaluateLaunchExpression(const QString &text, const QMap<QString, qint64> &variables);

// A grid "X[,Y[,Z]]" whose components are expressions, evaluated to "x,y,z" (fewer when fewer
// are given); the error of the first component that fails otherwise.
ExpressionValue evaluateGrid(const QString &grid, const QMap<QString, qint64> &variables, QString *evaluated);

} // namespace trex::explorer
