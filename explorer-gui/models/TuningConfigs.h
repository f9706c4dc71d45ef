// TuningConfigs: the configurations a tuning sweep runs — every combination of the num_warps,
// num_stages and constexpr values the user lists, or the kernel's @triton.autotune configs —
// and how each one changes the launch (options, signature, meta-parameter values).
#pragma once

#include "CompileSnapshot.h"

#include <QMap>
#include <QString>
#include <QStringList>
#include <optional>
#include <utility>
#include <vector>

namespace trex::explorer {

struct TuningConfig {
  // "num_warps=8, num_stages=3, BLOCK_SIZE=512" or "config 2: BLOCK_SIZE=1024; num_warps=16".
  QString label;
  int numWarps = 4;
  int numStages = 3;
  // Run with @triton.autotune config N (trex --config N) instead of the options above.
  std::optional<int> autotuneIndex;
  // Meta-parameter values (constexprs) this configuration sets, as written ("512", "True").
  QMap<QString, QString> constexprs;

  // num_warps, num_stages and every integer (or True/False) meta-parameter, for the grid and
  // FLOP expressions.
  QMap<QString, qint64> variables() const;
};

// "4, 8 16" -> {4, 8, 16}; nullopt (with `error`) for anything but positive integers.
std::optional<std::vector<int>> parseIntegerList(const QString &text, QString *error);

// "BLOCK_SIZE=256,512; BLOCK_M=64,128" -> {{BLOCK_SIZE, {256, 512}}, {BLOCK_M, {64, 128}}};
// nullopt (with `error`) when a part is not NAME=VALUES.
std::optional<std::vector<std::pair<QString, QStringList>>> parseConstexprSweeps(const QString &text,
                                                                                 QString *error);

// Every combination, num_warps varying slowest, then num_stages, then the constexprs in the
// order given (the last fastest).
std::vector<TuningConfig> sweepConfigs(const std::vector<int> &warps, const std::vector<int> &stages,
                                       const std::vector<std::pair<QString, QStringList>> &constexprSweeps);

// One configuration per @triton.autotune config, run with trex's --config N.
std::vector<TuningConfig> autotuneConfigs(const std::vector<AutotuneConfig> &choices);

// `signature` (one entry per parameter of `parameterNames`, in order) with the entries of the
// parameters `values` names replaced by their values. Fails (with `error`) when a name is not a
// parameter or the signature has too few entries to hold it.
std::optional<QString> signatureWith(const QString &signature, const QStringList &parameterNames,
                                     const QMap<QString, QString> &values, QString *error);

} // namespace trex::explorer
