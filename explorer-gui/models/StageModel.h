// StageModel: the stages a compilation produced (and Triton's, when read from its cache), one
// row each, with their text.
#pragma once

#include "CompileSnapshot.h"

#include <QAbstractListModel>

namespace trex::explorer {

class StageModel : public QAbstractListModel {
  Q_OBJECT
public:
  enum Role { TextRole = Qt::UserRole + 1, NameRole, OriginRole, LineCountRole };

  explicit StageModel(QObject *parent = nullptr);

  // Replaces the stages of `origin` ("trex" or "triton") and keeps the other origin's.
  void setStages(const std::vector<StageText> &stages, const QString &origin = QStringLiteral("trex"));
  void clear();

  int rowCount(const QModelIndex &parent = QModelIndex()) const override;
  QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
  QHash<int, QByteArray> roleNames() const override;

  // "ttgir" for trex's stage, "ttgir (triton)" for Triton's: the key panes choose stages by.
  QStringList keys() const;
  // The row of a key, or -1.
  int rowOf(const QString &key) const;
  QString text(const QString &key) const;
  // The rows of one origin ("trex"), in pipeline order.
  std::vector<StageText> stagesOf(const QString &origin) const;
  static QString keyOf(const StageText &stage);

private:
  std::vector<StageText> rows;
};

} // namespace trex::explorer
