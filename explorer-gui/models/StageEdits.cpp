// StageEdits: a map from stage key to its edited and compiled texts.
#include "StageEdits.h"

namespace trex::explorer {

void StageEdits::edit(const QString &key, const QString &compiled, const QString &edited) {
  auto existing = edits.find(key);
  if (existing == edits.end())
    edits.insert(key, {compiled, edited});
  else
    existing->edited = edited;
}

void StageEdits::setCompiled(const QString &key, const QString &compiled) {
  auto existing = edits.find(key);
  if (existing != edits.end())
    existing->compiled = compiled;
}

QString StageEdits::revert(const QString &key) {
  QString compiled = edits.value(key).compiled;
  edits.remove(key);
  return compiled;
}

} // namespace trex::explorer
