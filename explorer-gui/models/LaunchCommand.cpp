// LaunchCommand: one flag per LaunchTarget field, one --arg per argument word.
#include "LaunchCommand.h"

namespace trex::explorer {

QStringList launchArguments(const LaunchTarget &target, const LaunchSettings &settings, bool bench) {
  QStringList arguments{bench ? QStringLiteral("bench") : QStringLiteral("run"), target.path};
  if (!target.kernel.isEmpty())
    arguments << QStringLiteral("--kernel") << target.kernel;
  if (!target.signature.isEmpty())
    arguments << QStringLiteral("--signature") << target.signature;
  arguments << QStringLiteral("--target") << target.target;
  if (target.autotuneConfig)
    arguments << QStringLiteral("--config") << QString::number(*target.autotuneConfig);
  else
    arguments << QStringLiteral("--num-warps") << QString::number(target.numWarps)
              << QStringLiteral("--num-stages") << QString::number(target.numStages);
  arguments << QStringLiteral("--grid") << settings.grid.trimmed();
  for (const QString &argument : settings.arguments.split(' ', Qt::SkipEmptyParts))
    arguments << QStringLiteral("--arg") << argument;
  if (settings.profileScopes) {
    arguments << QStringLiteral("--profile-scopes");
    if (!settings.timelinePrograms.trimmed().isEmpty())
      arguments << QStringLiteral("--trace-programs") << settings.timelinePrograms.trimmed();
  }
  if (bench)
    arguments << settings.benchOptions.split(' ', Qt::SkipEmptyParts);
  arguments << QStringLiteral("--json");
  return arguments;
}

} // namespace trex::explorer
