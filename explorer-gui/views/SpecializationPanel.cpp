// SpecializationPanel: the rows are rebuilt when the kernel's parameters change; the string is
// the truth the compile uses, the form a view of it that writes it back when edited.
#include "SpecializationPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>

namespace trex::explorer {

namespace {

const QStringList kKindNames = {QStringLiteral("pointer"), QStringLiteral("scalar"),
                                QStringLiteral("constexpr")};

} // namespace

SpecializationPanel::SpecializationPanel(QWidget *parent)
    : QWidget(parent), originLabel(new QLabel(this)),
      useProposal(new QPushButton(QStringLiteral("Use trex's proposal"), this)),
      signatureField(new QLineEdit(this)), noteLabel(new QLabel(this)),
      absentLabel(new QLabel(this)), rowsWidget(new QWidget(this)),
      grid(new QGridLayout(rowsWidget)) {
  signatureField->setPlaceholderText(
      QStringLiteral("signature, e.g. *fp32:16, *fp32:16, i32, 1024 (empty: trex proposes one)"));
  signatureField->setToolTip(
      QStringLiteral("Triton's AOT signature, as trex compile --signature takes it"));
  originLabel->setWordWrap(true);
  noteLabel->setWordWrap(true);
  noteLabel->hide();
  absentLabel->setWordWrap(true);
  absentLabel->hide();
  useProposal->setToolTip(
      QStringLiteral("Forget this specialization and compile with the one trex proposes"));
  auto *layout = new QVBoxLayout(this);
  auto *header = new QHBoxLayout;
  header->addWidget(originLabel, 1);
  header->addWidget(useProposal);
  layout->addLayout(header);
  layout->addWidget(signatureField);
  layout->addWidget(noteLabel);
  layout->addWidget(absentLabel);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setColumnStretch(2, 1);
  auto *scroll = new QScrollArea(this);
  scroll->setWidget(rowsWidget);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  layout->addWidget(scroll, 1);

  connect(signatureField, &QLineEdit::textEdited, this, [this] {
    shownOrigin = signatureField->text().trimmed().isEmpty() ? Origin::Proposed : Origin::Edited;
    readString();
    showOrigin();
    Q_EMIT signatureEdited();
  });
  connect(useProposal, &QPushButton::clicked, this, [this] { Q_EMIT proposalRequested(); });
  showOrigin();
}

void SpecializationPanel::setParameters(const std::vector<KernelParameter> &newParameters) {
  if (newParameters == parameters)
    return;
  parameters = newParameters;
  rebuildRows();
  readString();
}

void SpecializationPanel::setSignature(const QString &signature, Origin origin) {
  signatureField->setText(signature);
  shownOrigin = signature.trimmed().isEmpty() ? Origin::Proposed : origin;
  readString();
  showOrigin();
}

void SpecializationPanel::setProposal(const QString &newProposal) {
  proposal = newProposal;
  if (signatureField->text().trimmed().isEmpty())
    readString();
  showOrigin();
}

QString SpecializationPanel::originText() const {
  switch (shownOrigin) {
  case Origin::Proposed:
    return proposal.isEmpty() ? QStringLiteral("trex proposes a specialization at the next compile")
                              : QStringLiteral("proposed by trex");
  case Origin::Remembered:
    return QStringLiteral("remembered for this file (not trex's proposal)");
  case Origin::Given:
    return QStringLiteral("given when opened");
  case Origin::Edited:
    return QStringLiteral("edited");
  }
  return QString();
}

QString SpecializationPanel::note() const { return problem; }

QString SpecializationPanel::absentNote() const { return absentLabel->text(); }

QString SpecializationPanel::rowMark(int row) const {
  return problem.isEmpty() && row >= 0 && row < static_cast<int>(formRows.size())
             ? formRows[row].mark()
             : QString();
}

void SpecializationPanel::showOrigin() {
  QString text = QStringLiteral("<b>Specialization</b>: %1").arg(originText().toHtmlEscaped());
  if (shownOrigin == Origin::Remembered)
    text = QStringLiteral("<b>Specialization</b>: <span style='background:#ffe7a0'>%1</span>")
               .arg(originText().toHtmlEscaped());
  originLabel->setText(text);
  useProposal->setEnabled(shownOrigin != Origin::Proposed);
}

void SpecializationPanel::rebuildRows() {
  for (const RowWidgets &widgets : rowWidgets) {
    delete widgets.name;
    delete widgets.kind;
    delete widgets.dtype;
    delete widgets.value;
    delete widgets.divisible;
  }
  rowWidgets.clear();
  const QStringList dtypes = specializationDTypes();
  for (size_t i = 0; i < parameters.size(); ++i) {
    int row = static_cast<int>(i);
    RowWidgets widgets{new QLabel(parameters[i].name, rowsWidget), new QComboBox(rowsWidget),
                       new QComboBox(rowsWidget), new QLineEdit(rowsWidget),
                       new QCheckBox(QStringLiteral(":16"), rowsWidget)};
    widgets.kind->addItems(kKindNames);
    widgets.dtype->addItems(dtypes);
    widgets.value->setPlaceholderText(QStringLiteral("value"));
    widgets.divisible->setToolTip(
        QStringLiteral("The argument is a multiple of 16 (tt.divisibility)"));
    // A tl.constexpr parameter only takes a value.
    widgets.kind->setEnabled(!parameters[i].isConstexpr);
    grid->addWidget(widgets.name, row, 0);
    grid->addWidget(widgets.kind, row, 1);
    grid->addWidget(widgets.dtype, row, 2);
    grid->addWidget(widgets.value, row, 2);
    grid->addWidget(widgets.divisible, row, 3);
    connect(widgets.kind, &QComboBox::currentIndexChanged, this, [this, row] { formChanged(row); });
    connect(widgets.dtype, &QComboBox::currentIndexChanged, this,
            [this, row] { formChanged(row); });
    connect(widgets.value, &QLineEdit::textEdited, this, [this, row] { formChanged(row); });
    connect(widgets.divisible, &QCheckBox::toggled, this, [this, row] { formChanged(row); });
    rowWidgets.push_back(widgets);
  }
  grid->setRowStretch(static_cast<int>(parameters.size()), 1);
}

void SpecializationPanel::readString() {
  QString signature = signatureField->text().trimmed();
  bool fromProposal = signature.isEmpty();
  if (fromProposal)
    signature = proposal;
  if (parameters.empty()) {
    formRows.clear();
    problem = signature.isEmpty() ? QString() : QStringLiteral("no kernel parameters are known");
  } else if (signature.isEmpty()) {
    // Nothing to show until the compiler proposes a specialization.
    formRows.clear();
    for (const KernelParameter &parameter : parameters) {
      SpecializationRow row;
      row.name = parameter.name;
      row.declaredConstexpr = parameter.isConstexpr;
      row.kind = parameter.isConstexpr ? SpecializationRow::Kind::Constexpr
                                       : SpecializationRow::Kind::Pointer;
      row.dtype = QStringLiteral("fp32");
      formRows.push_back(row);
    }
    problem.clear();
  } else {
    // The proposal is read as the compile that made it used it (with autotune config 0); a
    // typed string, as a compile without a config reads it, with the proposal offered for the
    // parameters it leaves out.
    SpecializationReading reading =
        fromProposal ? readSpecialization(signature, parameters, {true, QString()})
                     : readSpecialization(signature, parameters, {false, proposal});
    problem = reading.problem.isEmpty()
                  ? QString()
                  : QStringLiteral(
                        "The form cannot show this signature (%1); the text is compiled as typed.")
                        .arg(reading.problem);
    if (reading.problem.isEmpty())
      formRows = reading.rows;
  }
  noteLabel->setText(problem);
  noteLabel->setVisible(!problem.isEmpty());
  showAbsent();
  showRows();
}

void SpecializationPanel::showAbsent(const QString &blocked) {
  QStringList absent;
  if (problem.isEmpty())
    for (const SpecializationRow &row : formRows) {
      switch (row.source) {
      case SpecializationRow::Source::Signature:
        break;
      case SpecializationRow::Source::Default:
        absent << QStringLiteral("%1: its default %2").arg(row.name, row.value);
        break;
      case SpecializationRow::Source::Heuristics:
        absent << QStringLiteral("%1: set by @triton.heuristics").arg(row.name);
        break;
      case SpecializationRow::Source::Autotune:
        absent << QStringLiteral("%1: set by the autotune config").arg(row.name);
        break;
      case SpecializationRow::Source::Proposed:
        absent << QStringLiteral("%1: missing (the compile needs it; trex proposes %2)")
                      .arg(row.name, specializationEntry(row));
        break;
      case SpecializationRow::Source::Missing:
        absent << QStringLiteral("%1: missing (the compile needs it)").arg(row.name);
        break;
      }
    }
  QString text =
      absent.isEmpty()
          ? QString()
          : QStringLiteral("Not in the signature: %1.").arg(absent.join(QStringLiteral("; ")));
  if (!blocked.isEmpty())
    text = blocked + (text.isEmpty() ? QString() : QStringLiteral(" ") + text);
  absentLabel->setText(text);
  absentLabel->setVisible(!text.isEmpty());
}

void SpecializationPanel::showRows() {
  updating = true;
  bool shown = problem.isEmpty() && formRows.size() == rowWidgets.size();
  for (size_t i = 0; i < rowWidgets.size(); ++i) {
    const RowWidgets &widgets = rowWidgets[i];
    for (QWidget *widget :
         {static_cast<QWidget *>(widgets.dtype), static_cast<QWidget *>(widgets.value),
          static_cast<QWidget *>(widgets.divisible)})
      widget->setEnabled(shown);
    widgets.kind->setEnabled(shown && !parameters[i].isConstexpr);
    if (!shown) {
      widgets.name->setText(parameters[i].name.toHtmlEscaped());
      continue;
    }
    const SpecializationRow &row = formRows[i];
    bool isConstexpr = row.kind == SpecializationRow::Kind::Constexpr;
    widgets.kind->setCurrentIndex(static_cast<int>(row.kind));
    widgets.dtype->setCurrentText(row.dtype);
    widgets.dtype->setVisible(!isConstexpr);
    widgets.value->setText(row.value);
    widgets.value->setVisible(isConstexpr);
    widgets.divisible->setChecked(row.divisibleBy16);
    widgets.divisible->setEnabled(takesDivisibility(row));
    // A row the string leaves out is marked under its name; what the decorators give is not
    // the string's to change (short of giving every parameter), the others can be given.
    QString mark = row.mark();
    widgets.name->setText(mark.isEmpty()
                              ? parameters[i].name.toHtmlEscaped()
                              : QStringLiteral("%1<br><small style='color:#a05000'>%2</small>")
                                    .arg(parameters[i].name.toHtmlEscaped(), mark));
    if (row.givenByName())
      for (QWidget *widget :
           {static_cast<QWidget *>(widgets.kind), static_cast<QWidget *>(widgets.dtype),
            static_cast<QWidget *>(widgets.value), static_cast<QWidget *>(widgets.divisible)})
        widget->setEnabled(false);
  }
  updating = false;
}

void SpecializationPanel::formChanged(int index) {
  if (updating || index < 0 || index >= static_cast<int>(formRows.size()) || !problem.isEmpty())
    return;
  const RowWidgets &widgets = rowWidgets[index];
  SpecializationRow row = formRows[index];
  row.kind = static_cast<SpecializationRow::Kind>(widgets.kind->currentIndex());
  row.dtype = widgets.dtype->currentText();
  row.value = widgets.value->text();
  row.divisibleBy16 = widgets.divisible->isChecked();
  editRow(index, row);
}

void SpecializationPanel::editRow(int index, const SpecializationRow &row) {
  if (index < 0 || index >= static_cast<int>(formRows.size()) || !problem.isEmpty() ||
      formRows[index].givenByName())
    return;
  formRows[index] = row;
  formRows[index].name = parameters[index].name;
  formRows[index].declaredConstexpr = parameters[index].isConstexpr;
  formRows[index].source = SpecializationRow::Source::Signature;
  // A constexpr without a value yet is not written until it has one.
  if (row.kind == SpecializationRow::Kind::Constexpr && row.value.trimmed().isEmpty()) {
    showRows();
    return;
  }
  // Entries go to parameters in order: a parameter left out before the last one given joins
  // the string with the value shown (its default, trex's proposal), unless it has none yet;
  // then nothing is written (the form keeps the edit) until it is given.
  int last = index;
  for (int row = 0; row < static_cast<int>(formRows.size()); ++row)
    if (formRows[row].source == SpecializationRow::Source::Signature)
      last = std::max(last, row);
  for (int earlier = 0; earlier < last; ++earlier) {
    if (formRows[earlier].source == SpecializationRow::Source::Missing) {
      showAbsent(QStringLiteral("Give %1 a value first: the signature lists the parameters in "
                                "order.")
                     .arg(formRows[earlier].name));
      showRows();
      return;
    }
  }
  for (int earlier = 0; earlier < last; ++earlier)
    if (formRows[earlier].source == SpecializationRow::Source::Default ||
        formRows[earlier].source == SpecializationRow::Source::Proposed)
      formRows[earlier].source = SpecializationRow::Source::Signature;
  signatureField->setText(writeSpecialization(formRows));
  showAbsent();
  shownOrigin = Origin::Edited;
  showRows();
  showOrigin();
  Q_EMIT signatureEdited();
}

QComboBox *SpecializationPanel::kindChooser(int row) const {
  return row >= 0 && row < static_cast<int>(rowWidgets.size()) ? rowWidgets[row].kind : nullptr;
}
QComboBox *SpecializationPanel::dtypeChooser(int row) const {
  return row >= 0 && row < static_cast<int>(rowWidgets.size()) ? rowWidgets[row].dtype : nullptr;
}
QCheckBox *SpecializationPanel::divisibilityBox(int row) const {
  return row >= 0 && row < static_cast<int>(rowWidgets.size()) ? rowWidgets[row].divisible
                                                               : nullptr;
}
QLineEdit *SpecializationPanel::valueField(int row) const {
  return row >= 0 && row < static_cast<int>(rowWidgets.size()) ? rowWidgets[row].value : nullptr;
}

} // namespace trex::explorer
