// LayoutReferences: finds the layout a click in ttgir points at — a #alias, a %value, or a
// tensor type on the line — with the tensor shape to draw it for, and the shared-memory accesses
// that pair a shared layout with a register layout.
#pragma once

#include <QMap>
#include <QString>
#include <cstdint>
#include <vector>

namespace trex::explorer {

// A tensor or memdesc type with a layout: `tensor<128x64xf16, #blocked>`.
struct LayoutSelection {
  // The alias ("#blocked") or, for an inline attribute, its text.
  QString name;
  // The attribute with every alias it mentions replaced by its definition, ready to parse.
  QString attribute;
  std::vector<int64_t> shape;
  QString elementType;
  int elementBits = 32;
  bool isMemDesc = false;
  // The value it was found through ("%x"), if any, and the 1-based line it was found on.
  QString valueName;
  int line = 0;

  bool isValid() const { return !attribute.isEmpty() && !shape.empty(); }
};

// Every `#alias = #ttg.<layout>...` definition (and #triton_gpu. ones) of the IR.
QMap<QString, QString> layoutAliases(const QString &ir);
// Replaces each #alias of `aliases` in `text` by its (expanded) definition.
QString expandLayoutAliases(const QString &text, const QMap<QString, QString> &aliases);
// The tensor and memdesc types written in `line`, in order.
std::vector<LayoutSelection> tensorTypesIn(const QString &line, const QMap<QString, QString> &aliases);
int elementBitWidth(const QString &elementType);

// What the click at (1-based `line`, 0-based `column`) of `ir` refers to: the #alias or %value
// under the cursor, else the type of the value the line defines, else the first typed tensor.
LayoutSelection layoutAt(const QString &ir, int line, int column);
// The type of `%value` where it is defined (an op result or a function/loop argument).
LayoutSelection layoutOfValue(const QString &ir, const QString &valueName);
// The first tensor type written with layout `alias`, giving it a shape.
LayoutSelection layoutOfAlias(const QString &ir, const QString &alias);

// An operation that moves a register tensor to or from a shared-memory descriptor:
// ttg.local_alloc with a source and ttg.local_store write `registers` into the buffer,
// ttg.local_load reads the buffer into `registers`.
struct SharedAccess {
  int line = 0;
  QString operation;
  bool isStore = false;
  LayoutSelection registers;
  LayoutSelection shared;
};
// The accesses whose descriptor has the shared layout `sharedName` (alias or expanded text).
std::vector<SharedAccess> sharedAccesses(const QString &ir, const QString &sharedName);
// The accesses of the buffer `valueName` (a !ttg.memdesc value): those of the allocation it is a
// view of (memdesc_index, memdesc_trans, ... followed back) and of every view of that allocation.
std::vector<SharedAccess> sharedAccessesOfBuffer(const QString &ir, const QString &valueName);

} // namespace trex::explorer
