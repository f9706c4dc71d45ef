// TuningConfigs: list parsing, the cartesian product and the signature substitution.
#include "TuningConfigs.h"

#include <QRegularExpression>

namespace trex::explorer {

QMap<QString, qint64> TuningConfig::variables() const {
  QMap<QString, qint64> result;
  result.insert(QStringLiteral("num_warps"), numWarps);
  result.insert(QStringLiteral("num_stages"), numStages);
  for (auto it = constexprs.constBegin(); it != constexprs.constEnd(); ++it) {
    bool ok = false;
    qint64 value = it.value().toLongLong(&ok);
    if (ok)
      result.insert(it.key(), value);
    else if (it.value() == QLatin1String("True") || it.value() == QLatin1String("False"))
      result.insert(it.key(), it.value() == QLatin1String("True"));
  }
  return result;
}

std::optional<std::vector<int>> parseIntegerList(const QString &text, QString *error) {
  static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
  std::vector<int> values;
  for (const QString &part : text.split(separators, Qt::SkipEmptyParts)) {
    bool ok = false;
    int value = part.toInt(&ok);
    if (!ok || value <= 0) {
      if (error)
        *error = QStringLiteral("'%1' is not a positive integer").arg(part);
      return std::nullopt;
    }
    values.push_back(value);
  }
  if (values.empty()) {
    if (error)
      *error = QStringLiteral("no values given");
    return std::nullopt;
  }
  return values;
}

std::optional<std::vector<std::pair<QString, QStringList>>> parseConstexprSweeps(const QString &text,
                                                                                 QString *error) {
  static const QRegularExpression name(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
  static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
  std::vector<std::pair<QString, QStringList>> sweeps;
  for (const QString &part : text.split(';', Qt::SkipEmptyParts)) {
    if (part.trimmed().isEmpty())
      continue;
    qsizetype equals = part.indexOf('=');
    QString key = part.left(equals).trimmed();
    QStringList values = part.mid(equals + 1).split(separators, Qt::SkipEmptyParts);
    if (equals < 0 || !name.match(key).hasMatch() || values.isEmpty()) {
      if (error)
        *error = QStringLiteral("'%1' is not NAME=VALUE,VALUE,...").arg(part.trimmed());
      return std::nullopt;
    }
    sweeps.emplace_back(key, values);
  }
  return sweeps;
}

std::vector<TuningConfig> sweepConfigs(const std::vector<int> &warps, const std::vector<int> &stages,
                                       const std::vector<std::pair<QString, QStringList>> &constexprSweeps) {
  std::vector<TuningConfig> configs;
  for (int warpCount : warps)
    for (int stageCount : stages) {
      TuningConfig base;
      base.numWarps = warpCount;
      base.numStages = stageCount;
      std::vector<TuningConfig> combined{base};
      for (const auto &[key, values] : constexprSweeps) {
        std::vector<TuningConfig> next;
        for (const TuningConfig &partial : combined)
          for (const QString &value : values) {
            TuningConfig config = partial;
            config.constexprs.insert(key, value);
            next.push_back(config);
          }
        combined = std::move(next);
      }
      for (TuningConfig &config : combined) {
        QStringList parts{QStringLiteral("num_warps=%1").arg(config.numWarps),
                          QStringLiteral("num_stages=%1").arg(config.numStages)};
        for (const auto &[key, values] : constexprSweeps)
          parts << key + '=' + config.constexprs.value(key);
        config.label = parts.join(QStringLiteral(", "));
        configs.push_back(config);
      }
    }
  return configs;
}

std::vector<TuningConfig> autotuneConfigs(const std::vector<AutotuneConfig> &choices) {
  std::vector<TuningConfig> configs;
  for (const AutotuneConfig &choice : choices) {
    TuningConfig config;
    config.label = QStringLiteral("config %1: %2")
                       .arg(choice.index)
                       .arg(QString::fromStdString(choice.describe()));
    config.numWarps = choice.numWarps;
    config.numStages = choice.numStages;
    config.autotuneIndex = choice.index;
    for (const auto &[name, value] : choice.metaParameters)
      config.constexprs.insert(QString::fromStdString(name), QString::fromStdString(value));
    configs.push_back(config);
  }
  return configs;
}

std::optional<QString> signatureWith(const QString &signature, const QStringList &parameterNames,
                                     const QMap<QString, QString> &values, QString *error) {
  QStringList entries = signature.split(',');
  for (QString &entry : entries)
    entry = entry.trimmed();
  for (auto it = values.constBegin(); it != values.constEnd(); ++it) {
    qsizetype position = parameterNames.indexOf(it.key());
    if (position < 0) {
      if (error)
        *error = QStringLiteral("'%1' is not a parameter of the kernel").arg(it.key());
      return std::nullopt;
    }
    if (position >= entries.size()) {
      if (error)
        *error = QStringLiteral("the signature has no entry for '%1' (parameter %2)").arg(it.key()).arg(position + 1);
      return std::nullopt;
    }
    entries[position] = it.value();
  }
  return entries.join(QStringLiteral(", "));
}

} // namespace trex::explorer
