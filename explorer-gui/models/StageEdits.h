// StageEdits: the stage texts the user edited to re-run the pipeline from, each with the
// compiled text it replaced, so an edit is never lost by a recompile and can always be undone.
#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

namespace trex::explorer {

class StageEdits {
public:
  // Records `edited` for stage `key`; the first edit of a stage remembers `compiled`.
  void edit(const QString &key, const QString &compiled, const QString &edited);
  bool isEdited(const QString &key) const { return edits.contains(key); }
  QString edited(const QString &key) const { return edits.value(key).edited; }
  QString compiled(const QString &key) const { return edits.value(key).compiled; }
  // A new compile printed `compiled` for the stage: reverting goes back to that now.
  void setCompiled(const QString &key, const QString &compiled);
  // Forgets the edit and returns the compiled text.
  QString revert(const QString &key);
  QStringList keys() const { return edits.keys(); }

private:
  struct Edit {
    QString compiled;
    QString edited;
  };
  QMap<QString, Edit> edits;
};

} // namespace trex::explorer
