// LayoutPanel: the layout a ttgir click chose — drawn (tensor view), as the hardware view text,
// with bank conflicts of the shared-memory accesses that use it and its history across passes;
// exportable as SVG (layoutviz's renderer) or PNG (the painted canvas); its parameters listed
// with a tooltip each saying what the parameter controls.
#pragma once

#include "LayoutReferences.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QTabWidget;
class QTableWidget;

namespace trex::explorer {

class LayoutCanvas;

class LayoutPanel : public QWidget {
  Q_OBJECT
public:
  explicit LayoutPanel(QWidget *parent = nullptr);

  // `accesses`: operations pairing this (shared) layout with a register layout; `history`: the
  // layout of the same value after each pass that changed it.
  void showSelection(const LayoutSelection &selection, const std::vector<SharedAccess> &accesses,
                     const QStringList &history);
  // Returns false (with the reason shown) when the attribute does not parse or convert.
  bool showAttribute(const QString &attribute, const std::vector<int64_t> &shape, int elementBits);

  bool exportSvg(const QString &path) const;
  bool exportPng(const QString &path) const;
  QString problem() const;
  QString hardwareText() const;
  QString bankConflictText() const;
  LayoutCanvas *canvas() const { return layoutCanvas; }
  // One row per parameter of the shown attribute (name, value), each with its explanation as
  // the tooltip.
  QTableWidget *parameterTable() const { return parameters; }

private:
  void redrawFromFields();
  void showParameters(const QString &attribute);

  QLineEdit *attributeField;
  QLineEdit *shapeField;
  QLabel *status;
  QTableWidget *parameters;
  QTabWidget *tabs;
  LayoutCanvas *layoutCanvas;
  QPlainTextEdit *hardware;
  QPlainTextEdit *conflicts;
  QPlainTextEdit *history;
  QString currentAttribute;
  std::vector<int64_t> currentShape;
  int currentBits = 32;
  std::vector<SharedAccess> currentAccesses;
};

} // namespace trex::explorer
