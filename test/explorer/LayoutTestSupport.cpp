// Helpers of the explorer's window layout tests (see LayoutTestSupport.h).
#include "LayoutTestSupport.h"

#include "layoutviz/AttributeText.h"

#include <QRegularExpression>
#include <QtTest>

namespace layout_tests {

namespace lv = trex::layoutviz;

QList<int> linesContaining(const QString &text, const QString &needle, const QString &also) {
  QList<int> found;
  const QStringList lines = text.split('\n');
  for (int i = 0; i < lines.size(); ++i)
    if (lines[i].contains(needle) && (also.isEmpty() || lines[i].contains(also)))
      found << i + 1;
  return found;
}

int lineContaining(const QString &text, const QString &needle, const QString &also) {
  QList<int> found = linesContaining(text, needle, also);
  return found.isEmpty() ? 0 : found.front();
}

QString aliasDefinition(const QString &ir, const QString &alias) {
  QRegularExpression definition(
      QStringLiteral("^%1 = (#ttg\\..*)$").arg(QRegularExpression::escape(alias)),
      QRegularExpression::MultilineOption);
  return definition.match(ir).captured(1);
}

QString lineText(const QString &text, int line) { return text.section('\n', line - 1, line - 1); }

lv::LinearLayout linearOf(const QString &attribute, const std::vector<int64_t> &shape) {
  return lv::toLinearLayout(lv::parseLayoutAttributeOrThrow(attribute.toStdString()), shape);
}

bool sameReport(const lv::BankConflictReport &shown, const lv::BankConflictReport &expected) {
  [&] {
    QCOMPARE(shown.maxWavefronts, expected.maxWavefronts);
    QCOMPARE(shown.idealWavefronts, expected.idealWavefronts);
    QCOMPARE(shown.totalWavefronts, expected.totalWavefronts);
    QCOMPARE(shown.instructions.size(), expected.instructions.size());
  }();
  return !QTest::currentTestFailed();
}

std::vector<QString> expectedThreadLabels(const lv::LinearLayout &layout) {
  const std::vector<int32_t> sizes = layout.getOutDimSizes();
  const int columns = sizes.back();
  std::vector<QString> labels(static_cast<size_t>(sizes[0]) * columns);
  std::vector<int> copies(labels.size(), 0);
  auto sizeOf = [&](const char *name) {
    return layout.hasInDim(name) ? layout.getInDimSize(name) : 1;
  };
  const int lanes = sizeOf("lane");
  for (int warp = 0; warp < sizeOf("warp"); ++warp)
    for (int lane = 0; lane < lanes; ++lane)
      for (int reg = 0; reg < sizeOf("register"); ++reg) {
        lv::LinearLayout::Coordinates ins{{"register", reg}, {"lane", lane}, {"warp", warp}};
        if (layout.hasInDim("block"))
          ins.push_back({"block", 0});
        lv::LinearLayout::Coordinates out = layout.apply(ins);
        size_t cell = static_cast<size_t>(out[0].second) * columns + out[1].second;
        if (labels[cell].isEmpty())
          labels[cell] = QStringLiteral("T%1:%2").arg(warp * lanes + lane).arg(reg);
        else
          ++copies[cell];
      }
  for (size_t cell = 0; cell < labels.size(); ++cell)
    if (copies[cell])
      labels[cell] += QStringLiteral("+%1").arg(copies[cell]);
  return labels;
}

bool canvasShowsLabels(const trex::explorer::LayoutCanvas &canvas,
                       const std::vector<QString> &expected, int columns) {
  for (size_t cell = 0; cell < expected.size(); ++cell) {
    int row = static_cast<int>(cell / columns), column = static_cast<int>(cell % columns);
    if (canvas.cellLabel(row, column) != expected[cell]) {
      QTest::qFail(qPrintable(QStringLiteral("cell (%1, %2) is labelled %3, layoutviz says %4")
                                  .arg(row)
                                  .arg(column)
                                  .arg(canvas.cellLabel(row, column), expected[cell])),
                   __FILE__, __LINE__);
      return false;
    }
  }
  return true;
}

} // namespace layout_tests
