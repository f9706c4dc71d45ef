// LayoutPanel: the layout a ttgir click chose — drawn (tensor view; shared layouts as offsets
// coloured by swizzle phase), as the hardware view text, with the bank-conflict figure of every
// shared-memory access of that buffer or layout and the chosen value's layout after each pass;
// exportable as SVG (layoutviz's renderer) or PNG (the painted canvas); its parameters listed
// with a tooltip each saying what the parameter controls.
#pragma once

#include "BankConflictModel.h"
#include "LayoutHistoryModel.h"
#include "LayoutReferences.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QTabWidget;
class QTableView;
class QTableWidget;

namespace trex::explorer {

class LayoutCanvas;

class LayoutPanel : public QWidget {
  Q_OBJECT
public:
  explicit LayoutPanel(QWidget *parent = nullptr);

  // `accesses`: the register<->shared-memory accesses of the selected buffer or shared layout;
  // `target` ("cuda:80") decides the instructions the figures assume.
  void showSelection(const LayoutSelection &selection, const std::vector<SharedAccess> &accesses,
                     const QString &target);
  // The selected value's layout after each pass (empty: nothing to follow).
  void showHistory(const ValueAnchor &anchor, std::vector<LayoutHistoryEntry> history);
  // Draws the layout of history row `row` (what clicking the row does).
  void showHistoryEntry(int row);
  // Returns false (with the reason shown) when the attribute does not parse or convert. The
  // bank-conflict figures follow: an edited shared layout replaces the selection's in them.
  bool showAttribute(const QString &attribute, const std::vector<int64_t> &shape, int elementBits);

  bool exportSvg(const QString &path) const;
  bool exportPng(const QString &path) const;
  QString problem() const;
  QString statusText() const;
  QString hardwareText() const;
  QString bankConflictText() const;
  LayoutCanvas *canvas() const { return layoutCanvas; }
  BankConflictModel *bankConflicts() const { return conflictModel; }
  LayoutHistoryModel *history() const { return historyModel; }
  QTableView *historyTable() const { return historyView; }
  // One row per parameter of the shown attribute (name, value), each with its explanation as
  // the tooltip.
  QTableWidget *parameterTable() const { return parameters; }

private:
  void redrawFromFields();
  void showParameters(const QString &attribute);
  void refreshBankConflicts(const QString &attribute, bool isShared);
  QWidget *buildConflictTab();
  QWidget *buildHistoryTab();

  QLineEdit *attributeField;
  QLineEdit *shapeField;
  QComboBox *colouringChooser;
  QLabel *status;
  QTableWidget *parameters;
  QTabWidget *tabs;
  LayoutCanvas *layoutCanvas;
  QPlainTextEdit *hardware;
  BankConflictModel *conflictModel;
  QTableView *conflictView;
  QLabel *conflictNote;
  QPlainTextEdit *conflictDetails;
  LayoutHistoryModel *historyModel;
  QTableView *historyView;
  QLabel *historyNote;
  QString currentAttribute;
  std::vector<int64_t> currentShape;
  int currentBits = 32;
  // The selection's own attribute: accesses whose buffer has it follow edits of the field.
  QString selectedAttribute;
  std::vector<SharedAccess> currentAccesses;
  QString currentTarget;
};

} // namespace trex::explorer
