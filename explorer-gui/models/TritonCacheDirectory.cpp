// TritonCacheDirectory: file listing plus the few metadata keys the explorer needs.
#include "TritonCacheDirectory.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace trex::explorer {

TritonCacheEntry readTritonCacheDirectory(const QString &directory) {
  TritonCacheEntry entry;
  entry.directory = directory;
  QDir dir(directory);
  if (!dir.exists()) {
    entry.problem = QStringLiteral("%1 is not a directory").arg(directory);
    return entry;
  }
  QStringList jsons = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
  for (const QString &json : jsons)
    if (!json.startsWith(QLatin1String("__grp__")) && !json.startsWith('_')) {
      entry.kernelName = json.chopped(5);
      break;
    }
  if (entry.kernelName.isEmpty()) {
    // No metadata: take the name of any stage file.
    QStringList stages = dir.entryList({QStringLiteral("*.ttir"), QStringLiteral("*.ttgir")}, QDir::Files);
    if (stages.isEmpty()) {
      entry.problem = QStringLiteral("%1 holds no Triton kernel (no .json, .ttir or .ttgir)").arg(directory);
      return entry;
    }
    entry.kernelName = stages.first().section('.', 0, 0);
  }
  for (const char *extension : {"source", "ttir", "ttgir", "llir", "ptx", "amdgcn"}) {
    QFile file(dir.filePath(entry.kernelName + '.' + QLatin1String(extension)));
    if (!file.open(QIODevice::ReadOnly))
      continue;
    entry.stages.push_back({extension, file.readAll().toStdString(), "triton"});
  }
  QFile metadata(dir.filePath(entry.kernelName + QStringLiteral(".json")));
  if (metadata.open(QIODevice::ReadOnly)) {
    QJsonObject object = QJsonDocument::fromJson(metadata.readAll()).object();
    // Triton 3.6 writes the target as "GPUTarget(backend='cuda', arch=90, warp_size=32)".
    static const QRegularExpression targetPattern(
        QStringLiteral(R"(backend='(\w+)',\s*arch='?(\w+)'?)"));
    QRegularExpressionMatch match = targetPattern.match(object.value(QStringLiteral("target")).toString());
    if (match.hasMatch())
      entry.target = match.captured(1) + ':' + match.captured(2);
    entry.numWarps = object.value(QStringLiteral("num_warps")).toInt(entry.numWarps);
    entry.numStages = object.value(QStringLiteral("num_stages")).toInt(entry.numStages);
  }
  if (entry.stages.empty())
    entry.problem = QStringLiteral("no stage files named %1.* in %2").arg(entry.kernelName, directory);
  return entry;
}

} // namespace trex::explorer
