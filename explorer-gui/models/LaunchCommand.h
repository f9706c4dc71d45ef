// LaunchCommand: the command line of a child `trex run|bench ... --json` for a kernel, shared
// by the Run panel and the tuning sweep (which changes the options per configuration).
#pragma once

#include <QString>
#include <QStringList>
#include <optional>

namespace trex::explorer {

// What to launch: the kernel and the options it is compiled with.
struct LaunchTarget {
  QString path;
  QString kernel;
  QString signature;
  QString target = QStringLiteral("cuda:90");
  int numWarps = 4;
  int numStages = 3;
  // @triton.autotune config N of the kernel (trex's --config N) instead of numWarps/numStages.
  std::optional<int> autotuneConfig;
};

// How to launch it: the grid ("X[,Y[,Z]]"), the --arg words ("x=rand:1024 n=1024") and extra
// bench flags ("--warmup 25 --rep 100").
struct LaunchSettings {
  QString grid = QStringLiteral("1");
  QString arguments;
  QString benchOptions;
  // Instrument the kernel's profiling scopes (--profile-scopes); the answer then carries the
  // timeline of `timelinePrograms` ("0,5", --trace-programs; empty: program 0).
  bool profileScopes = false;
  QString timelinePrograms;
};

// The arguments of `trex run` (or `trex bench`) for `target` with `settings`, ending in --json.
QStringList launchArguments(const LaunchTarget &target, const LaunchSettings &settings, bool bench);

} // namespace trex::explorer
