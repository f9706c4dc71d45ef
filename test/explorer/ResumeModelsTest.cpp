// Re-running from an edit, in the models: how a resumed compile is folded into the stages and
// passes shown, what the timeline says re-running does, and the edits kept per stage.
#include "ResumedCompile.h"
#include "StageEdits.h"

#include <QtTest>

using namespace trex::explorer;

namespace {

PassRecord pass(Pipeline pipeline, int step, const char *name) {
  PassRecord record;
  record.pipeline = pipeline;
  record.step = step;
  record.name = name;
  return record;
}

} // namespace

class ResumeModelsTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void resumedCompilesReplaceOnlyWhatFollows() {
    std::vector<StageText> current{{"source", "S", "trex"}, {"ttir", "T", "trex"}, {"ttgir", "G-edited", "trex"},
                                   {"llir", "L", "trex"}, {"ptx", "P", "trex"}};
    std::vector<StageText> merged = mergeResumedStages(current, {{"llir", "L2", "trex"}, {"ptx", "P2", "trex"}});
    QCOMPARE(merged.size(), size_t(5));
    QCOMPARE(merged[2].text, std::string("G-edited"));
    QCOMPARE(merged[3].text, std::string("L2"));
    QCOMPARE(merged[4].text, std::string("P2"));

    std::vector<PassRecord> history{
        pass(Pipeline::TTIR, 0, "inline"), pass(Pipeline::TTGIR, 0, "convert"),
        pass(Pipeline::TTGIR, 1, "coalesce"), pass(Pipeline::TTGIR, 2, "remove"),
        pass(Pipeline::LLVMLowering, 0, "to-llvm")};
    ResumeRequest afterCoalesce{Pipeline::TTGIR, 2, true, "x"};
    std::vector<PassRecord> resumed = mergeResumedPasses(
        history, {pass(Pipeline::TTGIR, 2, "remove*"), pass(Pipeline::LLVMLowering, 0, "to-llvm*")},
        afterCoalesce);
    QStringList names;
    for (const PassRecord &record : resumed)
      names << QString::fromStdString(record.name);
    QCOMPARE(names, QStringList({"inline", "convert", "coalesce", "remove*", "to-llvm*"}));
    // After an edited pass: everything up to that row stays.
    std::vector<PassRecord> afterRow =
        mergeResumedPasses(history, {pass(Pipeline::LLVMOptimizer, -1, "opt")},
                           {Pipeline::LLVMOptimizer, 0, false, "y"}, 3);
    QCOMPARE(afterRow.size(), size_t(5));
    QCOMPARE(afterRow[3].name, std::string("remove"));
    QCOMPARE(afterRow[4].name, std::string("opt"));

    PassRecord nested = pass(Pipeline::TTIR, 0, "Canonicalizer");
    nested.nested = true;
    QString note =
        resumeExplanation(nested, {Pipeline::TTIR, 1, false, ""}, QStringLiteral("Inliner"));
    QVERIFY2(note.contains(QLatin1String("inside Inliner")), qPrintable(note));
    QVERIFY2(note.contains(QLatin1String("pass 2 of the ttir pipeline")), qPrintable(note));
    PassRecord llvm = pass(Pipeline::LLVMOptimizer, -1, "InstCombinePass");
    llvm.kind = PassRecord::IRKind::LLVM;
    QVERIFY(resumeExplanation(llvm, {Pipeline::LLVMOptimizer, 0, false, ""})
                .contains(QLatin1String("whole LLVM optimizer")));
  }

  void stageEditsKeepTheEditAndTheCompiledText() {
    StageEdits edits;
    QVERIFY(!edits.isEdited(QStringLiteral("ttgir")));
    edits.edit(QStringLiteral("ttgir"), QStringLiteral("compiled"), QStringLiteral("edit 1"));
    edits.edit(QStringLiteral("ttgir"), QStringLiteral("ignored: the first compiled text stays"), QStringLiteral("edit 2"));
    QCOMPARE(edits.edited(QStringLiteral("ttgir")), QStringLiteral("edit 2"));
    QCOMPARE(edits.compiled(QStringLiteral("ttgir")), QStringLiteral("compiled"));
    edits.setCompiled(QStringLiteral("ttgir"), QStringLiteral("recompiled"));
    QCOMPARE(edits.revert(QStringLiteral("ttgir")), QStringLiteral("recompiled"));
    QVERIFY(!edits.isEdited(QStringLiteral("ttgir")));
  }
};

QTEST_GUILESS_MAIN(ResumeModelsTest)
#include "ResumeModelsTest.moc"
