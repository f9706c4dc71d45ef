// LineMapping: source line <-> stage lines through MLIR locations, LLVM debug locations and
// assembly .loc directives, on small strings and on real Triton output.
#include "IrFixtures.h"
#include "LineMapping.h"

#include <QFile>
#include <QtTest>

using namespace trex::explorer;

namespace {


std::vector<int> lines(std::initializer_list<int> values) { return std::vector<int>(values); }

} // namespace

class LineMappingTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void mlirAliasesResolvedThroughNamesAndCallSites() {
    StageLineSources sources = mlirLineSources(fixtures::kLocatedMlir);
    // Line 5 (%pid) -> #loc5 -> "pid"(#loc2) -> k.py:9.
    QVERIFY(sources.count(5));
    QCOMPARE(sources[5].begin()->line, 9);
    QCOMPARE(QString::fromStdString(sources[5].begin()->file), QStringLiteral("k.py"));
    QCOMPARE(sources[7].begin()->line, 11);
    // A call site names both the callee's and the caller's line.
    QCOMPARE(sources[8].size(), size_t(2));
    // Unknown locations map nowhere; alias definitions are not code lines.
    QVERIFY(!sources.count(9));
    QVERIFY(!sources.count(14));
  }

  void mappingKeepsOnlyTheKernelsFile() {
    LineMapping mapping;
    mapping.setSourceFile("/somewhere/else/k.py");
    mapping.setStage("ttgir", fixtures::kLocatedMlir);
    QCOMPARE(mapping.sourceLinesFor("ttgir", 8), lines({10}));
    QCOMPARE(mapping.stageLinesFor("ttgir", 10), lines({6, 8}));
    QCOMPARE(mapping.stageLinesFor("ttgir", 8), lines({4, 11, 12}));
  }

  void llvmDebugLocations() {
    LineMapping mapping;
    mapping.setSourceFile("k.py");
    mapping.setStage("llir", fixtures::kLocatedLlvm);
    QCOMPARE(mapping.sourceLinesFor("llir", 1), lines({8}));
    QCOMPARE(mapping.sourceLinesFor("llir", 2), lines({9}));
    // Inlined from standard.py: only the kernel's own line is kept.
    QCOMPARE(mapping.sourceLinesFor("llir", 3), lines({10}));
    QCOMPARE(mapping.sourceLinesFor("llir", 4), lines({}));
    QCOMPARE(mapping.stageLinesFor("llir", 12), lines({5}));
  }

  void ptxLocDirectivesCoverFollowingInstructions() {
    LineMapping mapping;
    mapping.setSourceFile("k.py");
    mapping.setStage("ptx", fixtures::kLocatedPtx);
    QCOMPARE(mapping.stageLinesFor("ptx", 9), lines({5, 6, 7}));
    QCOMPARE(mapping.stageLinesFor("ptx", 10), lines({8, 9, 10}));
    QCOMPARE(mapping.sourceLinesFor("ptx", 2), lines({}));
    QCOMPARE(mapping.sourceLinesFor("ptx", 11), lines({}));
  }

  void amdgcnLineZeroEndsARange() {
    LineMapping mapping;
    mapping.setSourceFile("k.py");
    mapping.setStage("amdgcn", fixtures::kLocatedAmdgcn);
    QCOMPARE(mapping.stageLinesFor("amdgcn", 9), lines({3, 4}));
    QCOMPARE(mapping.sourceLinesFor("amdgcn", 6), lines({}));
    QCOMPARE(mapping.stageLinesFor("amdgcn", 12), lines({7, 8}));
  }

  void counterpartsAcrossStages() {
    LineMapping mapping;
    mapping.setSourceFile("k.py");
    mapping.setStage("python", "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n");
    mapping.setStage("ttgir", fixtures::kLocatedMlir);
    std::map<std::string, std::vector<int>> found = mapping.counterparts("ttgir", 5);
    QCOMPARE(found["python"], lines({9}));
    QCOMPARE(found["ttgir"], lines({5}));
  }

  // Real Triton 3.6 output for vector add on sm90: the store (source line 12 of the fixture's
  // kernel, "tl.store(output_ptr + offsets, output, mask=mask)") reaches every stage.
  void tritonFixtureStoreReachesEveryStage() {
    const QString directory = QStringLiteral(TREX_FIXTURES_DIR "/add_kernel_f32_b1024/sm90/");
    auto read = [&](const QString &extension) {
      QFile file(directory + "add_kernel_f32_b1024." + extension);
      if (!file.open(QIODevice::ReadOnly))
        return std::string();
      return file.readAll().toStdString();
    };
    std::string ttgir = read("ttgir"), llir = read("llir"), ptx = read("ptx");
    if (ttgir.empty())
      QSKIP("Triton fixtures not found");
    // Find the source file name and the store's line from the ttgir itself.
    LineMapping mapping;
    QRegularExpression fileLoc(QStringLiteral("loc\\(\"([^\"]+)\":\\d+:\\d+\\)"));
    QString file = fileLoc.match(QString::fromStdString(ttgir)).captured(1);
    QVERIFY(!file.isEmpty());
    mapping.setSourceFile(file.toStdString());
    mapping.setStage("ttgir", ttgir);
    mapping.setStage("llir", llir);
    mapping.setStage("ptx", ptx);
    const QStringList ttgirLines = QString::fromStdString(ttgir).split('\n');
    int storeLine = 0;
    for (int i = 0; i < ttgirLines.size(); ++i)
      if (ttgirLines[i].contains(QLatin1String("tt.store")))
        storeLine = i + 1;
    QVERIFY(storeLine > 0);
    std::vector<int> source = mapping.sourceLinesFor("ttgir", storeLine);
    QCOMPARE(source.size(), size_t(1));
    std::map<std::string, std::vector<int>> found = mapping.counterparts("ttgir", storeLine);
    const QStringList ptxLines = QString::fromStdString(ptx).split('\n');
    bool storeInPtx = false;
    for (int line : found["ptx"])
      storeInPtx |= ptxLines[line - 1].contains(QLatin1String("st.global"));
    QVERIFY2(storeInPtx, "the PTX store is among the lines of the source store");
    const QStringList llirLines = QString::fromStdString(llir).split('\n');
    bool storeInLlir = false;
    for (int line : found["llir"])
      storeInLlir |= llirLines[line - 1].contains(QLatin1String("st.global"));
    QVERIFY2(storeInLlir, "the LLVM inline-asm store is among the lines of the source store");
  }
};

QTEST_GUILESS_MAIN(LineMappingTest)
#include "LineMappingTest.moc"
