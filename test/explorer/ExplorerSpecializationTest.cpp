// The specialization form: rows read from and written back to the AOT signature (a shorter one
// too: every parameter a row, those left out marked), a form edit that recompiles with the new
// signature, and a remembered specialization that is shown marked (never used silently) with
// the way back to trex's proposal.
#include "ExplorerTestMain.h"
#include "MainWindow.h"
#include "SpecializationForm.h"
#include "SpecializationPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QtTest>

using namespace trex::explorer;

namespace {

const QString kSample = QStringLiteral(TREX_SAMPLES_DIR "/vector_add.py");
const QString kSignature = QStringLiteral("*fp32:16, *fp32:16, *fp32:16, i32:16, 1024");

std::vector<KernelParameter> parametersOf(const QString &source, const QString &kernel) {
  for (const KernelDefinition &definition : findKernels(source))
    if (definition.name == kernel)
      return definition.parameters;
  return {};
}

QString rememberedKey(const QString &kernel) {
  return QStringLiteral("files/") +
         QString::fromLatin1(QFileInfo(kSample).absoluteFilePath().toUtf8().toHex()) +
         QStringLiteral("/signature/") + kernel;
}

} // namespace

class ExplorerSpecializationTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void initTestCase() {
    QCoreApplication::setOrganizationName(QStringLiteral("trex-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("explorer-specialization-test"));
    QSettings().clear();
  }
  void cleanupTestCase() { QSettings().clear(); }

  // String -> form -> string gives the string back, and form -> string -> form the form.
  void formRoundTripsWithTheSignature() {
    const std::vector<KernelParameter> parameters = {
        {QStringLiteral("a_ptr"), false},  {QStringLiteral("b_ptr"), false},
        {QStringLiteral("n"), false},      {QStringLiteral("scale"), false},
        {QStringLiteral("stride"), false}, {QStringLiteral("BLOCK"), true},
        {QStringLiteral("DTYPE"), true}};
    const QString signature = QStringLiteral("*fp16:16, *bf16, i64:16, fp32, 1, 128, tl.float16");
    SpecializationReading reading = readSpecialization(signature, parameters);
    QVERIFY2(reading.problem.isEmpty(), qPrintable(reading.problem));
    QCOMPARE(reading.rows.size(), size_t(7));
    QCOMPARE(reading.rows[0].kind, SpecializationRow::Kind::Pointer);
    QCOMPARE(reading.rows[0].dtype, QStringLiteral("fp16"));
    QVERIFY(reading.rows[0].divisibleBy16);
    QVERIFY(!reading.rows[1].divisibleBy16);
    QCOMPARE(reading.rows[2].kind, SpecializationRow::Kind::Scalar);
    QCOMPARE(reading.rows[3].dtype, QStringLiteral("fp32"));
    QCOMPARE(reading.rows[4].kind, SpecializationRow::Kind::Constexpr); // a stride given as 1
    QCOMPARE(reading.rows[6].value, QStringLiteral("tl.float16"));
    QCOMPARE(writeSpecialization(reading.rows), signature);
    QCOMPARE(readSpecialization(writeSpecialization(reading.rows), parameters).rows, reading.rows);

    // What the form cannot show is a problem, not a guess.
    QVERIFY(!readSpecialization(signature + QStringLiteral(", 4"), parameters).problem.isEmpty());
    QVERIFY(!readSpecialization(QStringLiteral("*fp16, *fp16, i32:1, fp32, 1, 128, 4"), parameters)
                 .problem.isEmpty());
    QVERIFY(!readSpecialization(QStringLiteral("*kfp16, *fp16, i32, fp32, 1, 128, 4"), parameters)
                 .problem.isEmpty());
    QVERIFY(!readSpecialization(QStringLiteral("*fp16, *fp16, i32, fp32:16, 1, 128, 4"), parameters)
                 .problem.isEmpty());
    QVERIFY(!readSpecialization(QStringLiteral("*fp16, *fp16, i32, fp32, 1, i32, 4"), parameters)
                 .problem.isEmpty());
  }

  // A signature shorter than the parameter list (issue 22): every parameter is a row; those
  // left out show the kernel's default, trex's proposal or that they are missing, and the
  // string comes back unchanged.
  void shortSignatureShowsEveryParameter() {
    const std::vector<KernelParameter> parameters = {{QStringLiteral("a_ptr"), false},
                                                     {QStringLiteral("n"), false},
                                                     {QStringLiteral("scale"), false},
                                                     {QStringLiteral("BLOCK"), true, "128"},
                                                     {QStringLiteral("DTYPE"), true, "tl.float16"}};
    const QString signature = QStringLiteral("*fp16:16, i32");
    SpecializationReading reading = readSpecialization(signature, parameters);
    QVERIFY2(reading.problem.isEmpty(), qPrintable(reading.problem));
    QCOMPARE(reading.rows.size(), size_t(5));
    using Source = SpecializationRow::Source;
    QCOMPARE(reading.rows[0].source, Source::Signature);
    QCOMPARE(reading.rows[1].kind, SpecializationRow::Kind::Scalar);
    QCOMPARE(reading.rows[2].source, Source::Missing);
    QCOMPARE(reading.rows[2].mark(), QStringLiteral("missing"));
    QCOMPARE(reading.rows[3].source, Source::Default);
    QCOMPARE(reading.rows[3].value, QStringLiteral("128"));
    QCOMPARE(reading.rows[3].mark(), QStringLiteral("default"));
    QCOMPARE(reading.rows[4].value, QStringLiteral("tl.float16"));
    QCOMPARE(writeSpecialization(reading.rows), signature);
    QCOMPARE(readSpecialization(writeSpecialization(reading.rows), parameters).rows, reading.rows);

    // With trex's proposal, the missing parameter shows its value there, still marked.
    SpecializationContext context;
    context.proposal = QStringLiteral("*fp16:16, i32:16, fp32, 64, tl.float32");
    std::vector<SpecializationRow> rows = readSpecialization(signature, parameters, context).rows;
    QCOMPARE(rows[2].source, Source::Proposed);
    QCOMPARE(rows[2].kind, SpecializationRow::Kind::Scalar);
    QCOMPARE(rows[2].dtype, QStringLiteral("fp32"));
    QCOMPARE(rows[2].mark(), QStringLiteral("missing, proposed"));
    QCOMPARE(rows[3].source, Source::Default); // a default wins over the proposal
    QCOMPARE(writeSpecialization(rows), signature);
    // Given a value, a later row writes the ones before it out: the proposal, the default.
    rows[4].source = Source::Signature;
    rows[4].value = QStringLiteral("tl.bfloat16");
    QCOMPARE(writeSpecialization(rows), QStringLiteral("*fp16:16, i32, fp32, 128, tl.bfloat16"));

    // Parameters the decorators give by name are skipped, as the compiler skips them; every
    // parameter given, they take entries like the others.
    std::vector<KernelParameter> decorated = {{QStringLiteral("x_ptr"), false},
                                              {QStringLiteral("EVEN"), true},
                                              {QStringLiteral("n"), false},
                                              {QStringLiteral("BLOCK"), true}};
    decorated[1].setByHeuristics = true;
    decorated[3].setByAutotune = true;
    rows = readSpecialization(QStringLiteral("*fp32, i32"), decorated).rows;
    QCOMPARE(rows.size(), size_t(4));
    QCOMPARE(rows[1].source, Source::Heuristics);
    QCOMPARE(rows[2].source, Source::Signature);
    QCOMPARE(rows[2].dtype, QStringLiteral("i32"));
    QCOMPARE(rows[3].source, Source::Missing); // no autotune config in a typed compile
    QCOMPARE(writeSpecialization(rows), QStringLiteral("*fp32, i32"));
    rows = readSpecialization(QStringLiteral("*fp32, i32"), decorated, {true, QString()}).rows;
    QCOMPARE(rows[3].source, Source::Autotune); // trex's proposal uses config 0
    rows = readSpecialization(QStringLiteral("*fp32, True, i32, 64"), decorated).rows;
    for (const SpecializationRow &row : rows)
      QCOMPARE(row.source, Source::Signature);
    QCOMPARE(rows[1].value, QStringLiteral("True"));
    QCOMPARE(writeSpecialization(rows), QStringLiteral("*fp32, True, i32, 64"));
    // Entry numbers in problems count entries, not parameters.
    QVERIFY2(readSpecialization(QStringLiteral("*fp32, i32:1"), decorated)
                 .problem.startsWith(QLatin1String("entry 2 (i32:1)")),
             qPrintable(readSpecialization(QStringLiteral("*fp32, i32:1"), decorated).problem));
  }

  // The panel shows the rows a short signature leaves out, marked, and writes them into the
  // string only in order: a missing parameter before an edited one must be given first.
  void panelCompletesAShortSignature() {
    SpecializationPanel panel;
    panel.setParameters({{QStringLiteral("x_ptr"), false},
                         {QStringLiteral("n"), false},
                         {QStringLiteral("BLOCK"), true, "1024"},
                         {QStringLiteral("SCALE"), true}});
    panel.setSignature(QStringLiteral("*fp32:16"), SpecializationPanel::Origin::Given);
    QVERIFY(panel.formShowsSignature());
    QCOMPARE(panel.rows().size(), size_t(4));
    QCOMPARE(panel.rowMark(0), QString());
    QCOMPARE(panel.rowMark(1), QStringLiteral("missing"));
    QCOMPARE(panel.rowMark(2), QStringLiteral("default"));
    QCOMPARE(panel.valueField(2)->text(), QStringLiteral("1024"));
    QVERIFY(panel.valueField(2)->isEnabled());
    QCOMPARE(panel.absentNote(),
             QStringLiteral("Not in the signature: n: missing (the compile needs it); BLOCK: its "
                            "default 1024; SCALE: missing (the compile needs it)."));

    QSignalSpy edited(&panel, &SpecializationPanel::signatureEdited);
    // SCALE before n: not written, and the panel says why.
    SpecializationRow scale = panel.rows()[3];
    scale.value = QStringLiteral("2.0");
    panel.editRow(3, scale);
    QCOMPARE(edited.count(), 0);
    QCOMPARE(panel.signatureEdit()->text(), QStringLiteral("*fp32:16"));
    QVERIFY2(panel.absentNote().startsWith(QLatin1String("Give n a value first")),
             qPrintable(panel.absentNote()));
    QCOMPARE(panel.valueField(3)->text(), QStringLiteral("2.0")); // kept in the form
    // n given: written, with the SCALE the form kept and BLOCK's default between them.
    SpecializationRow n = panel.rows()[1];
    n.kind = SpecializationRow::Kind::Scalar;
    n.dtype = QStringLiteral("i32");
    panel.editRow(1, n);
    QCOMPARE(panel.signatureEdit()->text(), QStringLiteral("*fp32:16, i32, 1024, 2.0"));
    QCOMPARE(panel.rowMark(1), QString());
    QCOMPARE(panel.rowMark(2), QString());
    QCOMPARE(edited.count(), 1);
    QVERIFY(panel.absentNote().isEmpty());
    // Typed shorter again, the rows follow.
    panel.signatureEdit()->setText(QStringLiteral("*fp32:16, i32, 512"));
    Q_EMIT panel.signatureEdit()->textEdited(panel.signatureEdit()->text());
    QCOMPARE(panel.valueField(2)->text(), QStringLiteral("512"));
    QCOMPARE(panel.rowMark(2), QString());
    QCOMPARE(panel.rowMark(3), QStringLiteral("missing"));
  }

  // The panel's widgets follow the string, and the string follows the widgets.
  void panelFollowsTheStringBothWays() {
    SpecializationPanel panel;
    QFile file(kSample);
    QVERIFY(file.open(QIODevice::ReadOnly));
    panel.setParameters(
        parametersOf(QString::fromUtf8(file.readAll()), QStringLiteral("add_kernel")));
    panel.setSignature(kSignature, SpecializationPanel::Origin::Given);
    QVERIFY(panel.formShowsSignature());
    QCOMPARE(panel.kindChooser(0)->currentText(), QStringLiteral("pointer"));
    QCOMPARE(panel.dtypeChooser(1)->currentText(), QStringLiteral("fp32"));
    QVERIFY(panel.divisibilityBox(3)->isChecked());
    QCOMPARE(panel.valueField(4)->text(), QStringLiteral("1024"));
    QVERIFY(!panel.kindChooser(4)->isEnabled()); // BLOCK_SIZE: tl.constexpr

    QSignalSpy edited(&panel, &SpecializationPanel::signatureEdited);
    panel.dtypeChooser(0)->setCurrentText(QStringLiteral("fp16"));
    panel.divisibilityBox(3)->setChecked(false);
    panel.valueField(4)->setText(QStringLiteral("512"));
    Q_EMIT panel.valueField(4)->textEdited(QStringLiteral("512"));
    QCOMPARE(panel.signatureEdit()->text(),
             QStringLiteral("*fp16:16, *fp32:16, *fp32:16, i32, 512"));
    QCOMPARE(edited.count(), 3);
    QCOMPARE(panel.origin(), SpecializationPanel::Origin::Edited);

    // Typed text the form cannot show keeps the text authoritative, with a note.
    panel.signatureEdit()->setText(QStringLiteral("*fp16:16, *fp32:16, *fp32:16, i32:1, 512"));
    Q_EMIT panel.signatureEdit()->textEdited(panel.signatureEdit()->text());
    QVERIFY(!panel.formShowsSignature());
    QVERIFY2(panel.note().contains(QLatin1String(":1")), qPrintable(panel.note()));
    QVERIFY(!panel.dtypeChooser(0)->isEnabled());
    QCOMPARE(panel.signatureEdit()->text(),
             QStringLiteral("*fp16:16, *fp32:16, *fp32:16, i32:1, 512"));
  }

  void formEditRecompilesWithTheNewSignature() {
    MainWindow window;
    QVERIFY(window.openPath(kSample, QStringLiteral("add_kernel"), kSignature));
    QVERIFY(window.compileAndWait());
    QVERIFY(window.stageModel()->text("ttir").contains(QLatin1String("!tt.ptr<f32>")));
    SpecializationPanel *panel = window.specializationPanel();
    QCOMPARE(panel->rows().size(), size_t(5));
    SpecializationRow x = panel->rows()[0];
    x.dtype = QStringLiteral("fp16");
    panel->editRow(0, x);
    QCOMPARE(window.signatureText(), QStringLiteral("*fp16:16, *fp32:16, *fp32:16, i32:16, 1024"));
    QVERIFY(window.compiler()->waitForLatest(60000));
    QVERIFY2(window.stageModel()->text("ttir").contains(QLatin1String("!tt.ptr<f16>")),
             qPrintable(window.stageModel()->text("ttir").left(600)));
    // The edit is the kernel's remembered specialization now.
    QCOMPARE(QSettings().value(rememberedKey(QStringLiteral("add_kernel"))).toString(),
             window.signatureText());
  }

  // A plain open shows the remembered specialization marked; the proposal comes back on request.
  // A signature that leaves BLOCK_SIZE out: the compile says it is missing, the form shows
  // trex's proposal for it, and giving it there compiles.
  void shortSignatureIsCompletedInTheWindow() {
    MainWindow window;
    QVERIFY(window.openPath(kSample, QStringLiteral("add_kernel"), QString()));
    window.useProposedSpecialization(); // not one an earlier case remembered
    QVERIFY(window.compiler()->waitForLatest(60000));
    QVERIFY(window.signaturePlaceholder().startsWith(QLatin1String("proposed: ")));
    SpecializationPanel *panel = window.specializationPanel();
    panel->signatureEdit()->setText(QStringLiteral("*fp32:16, *fp32:16, *fp32:16, i32:16"));
    Q_EMIT panel->signatureEdit()->textEdited(panel->signatureEdit()->text());
    QVERIFY(window.compiler()->waitForLatest(60000));
    QVERIFY(window.diagnosticsModel()->errorCount() > 0);
    QCOMPARE(panel->rows().size(), size_t(5));
    QCOMPARE(panel->rowMark(4), QStringLiteral("missing, proposed"));
    SpecializationRow block = panel->rows()[4];
    QVERIFY(!block.value.isEmpty());
    block.value = QStringLiteral("256");
    panel->editRow(4, block);
    QCOMPARE(window.signatureText(), QStringLiteral("*fp32:16, *fp32:16, *fp32:16, i32:16, 256"));
    QVERIFY(window.compiler()->waitForLatest(60000));
    QCOMPARE(window.diagnosticsModel()->errorCount(), 0);
    QVERIFY(window.stageModel()->text("ttir").contains(QLatin1String("256")));
  }

  void rememberedSpecializationIsMarkedAndTheProposalRestorable() {
    const QString remembered = QStringLiteral("*fp16:16, *fp16:16, *fp16:16, i32, 256");
    QSettings().setValue(rememberedKey(QStringLiteral("add_kernel")), remembered);
    QSettings().sync();
    MainWindow window;
    QVERIFY(window.openPath(kSample));
    SpecializationPanel *panel = window.specializationPanel();
    QCOMPARE(window.signatureText(), remembered);
    QCOMPARE(panel->origin(), SpecializationPanel::Origin::Remembered);
    QVERIFY2(panel->originText().contains(QLatin1String("remembered")),
             qPrintable(panel->originText()));
    QVERIFY(panel->proposalButton()->isEnabled());
    QCOMPARE(panel->valueField(4)->text(), QStringLiteral("256"));
    QVERIFY(window.compileAndWait());
    QVERIFY(window.stageModel()->text("ttir").contains(QLatin1String("!tt.ptr<f16>")));

    // Back to the proposal: the field is emptied, the compile uses trex's proposal, the form
    // shows it marked as proposed, and nothing is remembered any more.
    panel->proposalButton()->click();
    QVERIFY(window.signatureText().isEmpty());
    QVERIFY(window.compiler()->waitForLatest(60000));
    QVERIFY2(window.signaturePlaceholder().startsWith(QLatin1String("proposed: ")),
             qPrintable(window.signaturePlaceholder()));
    QCOMPARE(panel->origin(), SpecializationPanel::Origin::Proposed);
    QCOMPARE(panel->originText(), QStringLiteral("proposed by trex"));
    QVERIFY(!panel->proposalButton()->isEnabled());
    QCOMPARE(writeSpecialization(panel->rows()),
             window.signaturePlaceholder().mid(QStringLiteral("proposed: ").size()));
    QVERIFY(QSettings().value(rememberedKey(QStringLiteral("add_kernel"))).toString().isEmpty());

    // Opened again, nothing remembered: the proposal, unmarked.
    MainWindow again;
    QVERIFY(again.openPath(kSample));
    QVERIFY(again.signatureText().isEmpty());
    QCOMPARE(again.specializationPanel()->origin(), SpecializationPanel::Origin::Proposed);
  }
};

TREX_EXPLORER_TEST_MAIN(ExplorerSpecializationTest)
#include "ExplorerSpecializationTest.moc"
