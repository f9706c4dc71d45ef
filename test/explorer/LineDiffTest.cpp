// LineDiff: the edit scripts of small texts, checked line by line.
#include "trex/StageText/LineDiff.h"

#include <QtTest>

using namespace trex::stagetext;

namespace {

QString render(const std::vector<DiffLine> &diff) {
  QString out;
  for (const DiffLine &line : diff)
    out += QString(line.kind == DiffLine::Kind::Same ? ' ' : line.kind == DiffLine::Kind::Removed ? '-' : '+') +
           QString::fromStdString(line.text) + '\n';
  return out;
}

} // namespace

class LineDiffTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void identicalTextsHaveNoChange() {
    std::vector<DiffLine> diff = diffLines("a\nb\nc\n", "a\nb\nc\n");
    QCOMPARE(diff.size(), size_t(3));
    for (const DiffLine &line : diff)
      QCOMPARE(line.kind, DiffLine::Kind::Same);
    QCOMPARE(QString::fromStdString(unifiedDiff(diff)), QString());
  }

  void replacedLineIsRemovedThenAdded() {
    QCOMPARE(render(diffLines("a\nb\nc\n", "a\nB\nc\n")), QStringLiteral(" a\n-b\n+B\n c\n"));
  }

  void insertionAndDeletion() {
    QCOMPARE(render(diffLines("a\nb\nc\nd\n", "a\nc\nd\ne\n")), QStringLiteral(" a\n-b\n c\n d\n+e\n"));
  }

  void fromAndToEmpty() {
    QCOMPARE(render(diffLines("", "x\ny")), QStringLiteral("+x\n+y\n"));
    QCOMPARE(render(diffLines("x\ny\n", "")), QStringLiteral("-x\n-y\n"));
  }

  void lineNumbersOnEachSide() {
    std::vector<DiffLine> diff = diffLines("a\nb\nc\n", "a\nx\ny\nc\n");
    QCOMPARE(diff.size(), size_t(5));
    QCOMPARE(diff[1].kind, DiffLine::Kind::Removed);
    QCOMPARE(diff[1].oldLine, 2);
    QCOMPARE(diff[1].newLine, 0);
    QCOMPARE(diff[3].kind, DiffLine::Kind::Added);
    QCOMPARE(diff[3].newLine, 3);
    QCOMPARE(diff[4].oldLine, 3);
    QCOMPARE(diff[4].newLine, 4);
  }

  // The script must be minimal: the classic Myers example needs 5 edits.
  void shortestEditScript() {
    std::vector<DiffLine> diff = diffLines("A\nB\nC\nA\nB\nB\nA\n", "C\nB\nA\nB\nA\nC\n");
    int edits = 0;
    for (const DiffLine &line : diff)
      edits += line.kind != DiffLine::Kind::Same;
    QCOMPARE(edits, 5);
    // Applying the script gives the new text back.
    QString rebuilt;
    for (const DiffLine &line : diff)
      if (line.kind != DiffLine::Kind::Removed)
        rebuilt += QString::fromStdString(line.text) + '\n';
    QCOMPARE(rebuilt, QStringLiteral("C\nB\nA\nB\nA\nC\n"));
  }

  // Lines found on one side only are left out of the search; the common lines still match in
  // order, and each change shows its removed lines before its added ones.
  void linesWithoutACounterpart() {
    QCOMPARE(render(diffLines("a\nx\nb\ny\nc\n", "p\na\nq\nb\nr\nc\n")),
             QStringLiteral("+p\n a\n-x\n+q\n b\n-y\n+r\n c\n"));
    // A rewrite of everything (as the lowering to LLVM): one change, all removed then all added.
    QCOMPARE(render(diffLines("a\nb\n", "c\nd\n")), QStringLiteral("-a\n-b\n+c\n+d\n"));
    // Repeated lines keep the longest common subsequence.
    std::vector<DiffLine> diff = diffLines("}\nx\n}\ny\n}\n", "}\n}\nz\n}\n");
    int same = 0;
    for (const DiffLine &line : diff)
      same += line.kind == DiffLine::Kind::Same;
    QCOMPARE(same, 3);
  }

  void unifiedHunks() {
    std::string before, after;
    for (int i = 1; i <= 20; ++i) {
      before += std::to_string(i) + "\n";
      after += (i == 10 ? std::string("ten") : std::to_string(i)) + "\n";
    }
    QCOMPARE(QString::fromStdString(unifiedDiff(diffLines(before, after), 2)),
             QStringLiteral("@@ -8,5 +8,5 @@\n 8\n 9\n-10\n+ten\n 11\n 12\n"));
  }
};

QTEST_GUILESS_MAIN(LineDiffTest)
#include "LineDiffTest.moc"
