// LayoutTestSupport: helpers of the explorer's window layout tests.
// They find lines and alias definitions in ttgir independently of the explorer's own scanner,
// and recompute what the layout panel shows through layoutviz alone.
#pragma once

#include "LayoutCanvas.h"

#include "layoutviz/BankConflicts.h"
#include "layoutviz/LinearLayout.h"

#include <QList>
#include <QString>
#include <cstdint>
#include <vector>

namespace layout_tests {

// The 1-based numbers of the lines of `text` containing `needle` (and `also`, when given).
QList<int> linesContaining(const QString &text, const QString &needle,
                           const QString &also = QString());
// The first of them, or 0.
int lineContaining(const QString &text, const QString &needle, const QString &also = QString());
// The definition of `#alias` in `ir` ("#ttg.blocked<...>"), or empty.
QString aliasDefinition(const QString &ir, const QString &alias);
// The text of 1-based line `line`.
QString lineText(const QString &text, int line);

trex::layoutviz::LinearLayout linearOf(const QString &attribute, const std::vector<int64_t> &shape);

// The QtTest comparisons of two reports (worst, ideal, total, instruction count); returns false
// (after QtTest recorded the failure) when they differ.
bool sameReport(const trex::layoutviz::BankConflictReport &shown,
                const trex::layoutviz::BankConflictReport &expected);

// "T<thread>:<register>" of every element of a 2-d register layout, row-major, as the first
// (lowest thread, then register) hardware index that holds it: what the canvas should label.
std::vector<QString> expectedThreadLabels(const trex::layoutviz::LinearLayout &layout);
// Whether every cell of `canvas` carries the label of `expected` (row-major); on the first
// difference records a QtTest failure naming the cell.
bool canvasShowsLabels(const trex::explorer::LayoutCanvas &canvas,
                       const std::vector<QString> &expected, int columns);

} // namespace layout_tests
