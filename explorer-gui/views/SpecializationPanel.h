// SpecializationPanel: the kernel's specialization as a form (one row per parameter: kind,
// dtype or value, ":16") beside its AOT signature string; the two follow each other both ways.
#pragma once

#include "SpecializationForm.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QPushButton;

namespace trex::explorer {

class SpecializationPanel : public QWidget {
  Q_OBJECT
public:
  // Where the signature shown came from. Proposed: the field is empty and the compiler's
  // proposal is used; Remembered: the one saved for this file, marked as such.
  enum class Origin { Proposed, Remembered, Given, Edited };

  explicit SpecializationPanel(QWidget *parent = nullptr);

  // The AOT signature string (the window's signature field).
  QLineEdit *signatureEdit() const { return signatureField; }
  // The kernel's parameters (the form's rows); none: the form is empty (IR inputs).
  void setParameters(const std::vector<KernelParameter> &parameters);
  // Shows `signature` in the string and, where it can, in the form.
  void setSignature(const QString &signature, Origin origin);
  // The specialization the compiler proposed; the form shows it while the string is empty.
  void setProposal(const QString &proposal);

  Origin origin() const { return shownOrigin; }
  // The mark above the form ("remembered for this file", "proposed by trex", ...).
  QString originText() const;
  // Why the form cannot show the string (empty when it does); the string is used as typed then.
  QString note() const;
  // The parameters the string leaves out and what becomes of them ("Not in the signature:
  // BLOCK: its default 1024; N: missing, the compile needs it"), or why a form edit is not
  // written yet; empty when the string gives every parameter.
  QString absentNote() const;
  // The mark beside row `row` ("default", "missing", ...; empty for an entry of the string).
  QString rowMark(int row) const;
  bool formShowsSignature() const { return note().isEmpty(); }
  std::vector<SpecializationRow> rows() const { return formRows; }
  // As if the user changed row `row` of the form to `value` (tests, the bench).
  void editRow(int row, const SpecializationRow &value);
  QPushButton *proposalButton() const { return useProposal; }
  QComboBox *kindChooser(int row) const;
  QComboBox *dtypeChooser(int row) const;
  QCheckBox *divisibilityBox(int row) const;
  QLineEdit *valueField(int row) const;

Q_SIGNALS:
  // The user changed the form or the string: the window recompiles (debounced).
  void signatureEdited();
  // "Use trex's proposal": the window clears the string and recompiles.
  void proposalRequested();

private:
  struct RowWidgets {
    QLabel *name;
    QComboBox *kind;
    QComboBox *dtype;
    QLineEdit *value;
    QCheckBox *divisible;
  };
  void rebuildRows();
  // The form from the string (or the proposal while it is empty).
  void readString();
  void showRows();
  void showOrigin();
  // The absent parameters' note (and `blocked`, why a form edit is not written yet, first).
  void showAbsent(const QString &blocked = QString());
  // A widget of row `row` changed: the row, then the string, follow.
  void formChanged(int row);

  QLabel *originLabel;
  QPushButton *useProposal;
  QLineEdit *signatureField;
  QLabel *noteLabel;
  QLabel *absentLabel;
  QWidget *rowsWidget;
  QGridLayout *grid;
  std::vector<KernelParameter> parameters;
  std::vector<RowWidgets> rowWidgets;
  std::vector<SpecializationRow> formRows;
  QString proposal;
  QString problem;
  Origin shownOrigin = Origin::Proposed;
  bool updating = false;
};

} // namespace trex::explorer
