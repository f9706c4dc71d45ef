// ValueHistory: the same value in the IR after every pass — found again by the operation that
// defines it and that operation's source location (SSA names are renumbered between passes),
// with the layout it has there.
#pragma once

#include "CompileSnapshot.h"
#include "LayoutReferences.h"

#include <QString>
#include <vector>

namespace trex::explorer {

// What identifies a value across passes.
struct ValueAnchor {
  // Its name in the IR it was chosen in ("%x_5").
  QString valueName;
  // The defining operation ("tt.load") and its location with every #loc alias resolved
  // ("\"fused_softmax.py\":13:20" or a callsite(...) of such); empty for block arguments.
  QString operation;
  QString location;
  // Which of the operations with this name and location it is, in text order.
  int occurrence = 0;

  bool isValid() const { return !valueName.isEmpty(); }
  bool hasLocation() const { return !operation.isEmpty() && !location.isEmpty(); }
};

// The anchor of `valueName` in `ir` (its defining line), or of the first result defined on
// 1-based `line` when `valueName` is empty. Invalid when neither defines a value.
ValueAnchor valueAnchor(const QString &ir, const QString &valueName, int line = 0);

// The anchored value in `ir`: by operation and location when the anchor has them, else by name.
// Invalid when it is not there or has no layout.
LayoutSelection anchoredValue(const QString &ir, const ValueAnchor &anchor);

struct LayoutHistoryEntry {
  // The row of the pass in the timeline, and its name.
  int passRow = -1;
  QString passName;
  // The value there (its name, type and layout).
  LayoutSelection value;
  // Its layout differs from the previous entry's.
  bool changed = false;
};

// The value after every MLIR pass of `passes` whose IR holds it with a layout, in pass order.
std::vector<LayoutHistoryEntry> layoutHistory(const ValueAnchor &anchor, const std::vector<PassRecord> &passes);

} // namespace trex::explorer
