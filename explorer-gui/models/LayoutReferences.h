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
  // One buffer of a multi-buffered allocation (MultiBuffering.h): how many buffers there are
  // (`shape` is one buffer's), and for a memdesc_index view which one ("1", or the index's
  // %name when it is not a constant). 0 / empty for everything else.
  int64_t bufferCount = 0;
  QString bufferIndex;

  bool isValid() const { return !attribute.isEmpty() && !shape.empty(); }
};

// Every `#alias = #ttg.<layout>...` definition (and #triton_gpu. ones) of the IR.
QMap<QString, QString> layoutAliases(const QString &ir);
// Replaces each #alias of `aliases` in `text` by its (expanded) definition.
QString expandLayoutAliases(const QString &text, const QMap<QString, QString> &aliases);
// The tensor and memdesc types written in `line`, in order (also the memdesc an async copy
// prints without its `!ttg.memdesc` prefix: `-> <64x32xf16, #shared, #smem, mutable>`).
std::vector<LayoutSelection> tensorTypesIn(const QString &line, const QMap<QString, QString> &aliases);
int elementBitWidth(const QString &elementType);

// What the click at (1-based `line`, 0-based `column`) of `ir` refers to: the #alias or %value
// under the cursor, else the type of the value the line defines, else the first typed tensor.
// Multi-buffered allocations come back as one buffer (oneBuffer of MultiBuffering.h).
LayoutSelection layoutAt(const QString &ir, int line, int column);
// The type of `%value` where it is defined (an op result or a function/loop argument).
LayoutSelection layoutOfValue(const QString &ir, const QString &valueName);
// The first tensor type written with layout `alias`, giving it a shape.
LayoutSelection layoutOfAlias(const QString &ir, const QString &alias);

// How an operation moves data between registers (or global memory) and a shared buffer.
enum class SharedAccessKind {
  // ttg.local_alloc with a source, ttg.local_store: `registers` written into the buffer.
  Store,
  // ttg.local_load: the buffer read into `registers`.
  Load,
  // ttg.async_copy_global_to_local: cp.async writes of global memory into the buffer, each
  // lane the elements its `registers` (the pointer tensor's layout) hold.
  AsyncCopy,
  // ttng.warp_group_dot: wgmma reads operand `operandIndex` straight from the buffer through
  // matrix descriptors; `registers` is the accumulator (result) and `otherOperand` the other
  // operand (a memdesc, or A's register tensor).
  WarpGroupDotOperand,
  // ttng.async_tma_copy_global_to_local / _local_to_global: the tensor memory accelerator
  // moves whole boxes of the descriptor's block (`registers` is the block's type, in the
  // buffer's swizzled layout); no thread addresses shared memory, so there are no bank
  // conflicts to count.
  TMACopy,
};

// An operation that accesses a shared-memory descriptor.
struct SharedAccess {
  int line = 0;
  QString operation;
  SharedAccessKind kind = SharedAccessKind::Store;
  // A write of the buffer (stores and async copies).
  bool isStore = false;
  LayoutSelection registers;
  LayoutSelection shared;
  // The %value of the descriptor accessed (the allocation's result for a local_alloc).
  QString bufferValue;
  // AsyncCopy: the op's `contiguity` attribute (elements), 0 when it has none.
  int contiguity = 0;
  // WarpGroupDotOperand: 0 for A, 1 for B, and the other operand's type.
  int operandIndex = -1;
  LayoutSelection otherOperand;
};
// The accesses written on one line of ttgir (a warp_group_dot reading both operands from
// shared memory makes two).
std::vector<SharedAccess> sharedAccessesOn(const QString &line, int lineNumber,
                                           const QMap<QString, QString> &aliases);
// The accesses whose descriptor has the shared layout `sharedName` (alias or expanded text).
std::vector<SharedAccess> sharedAccesses(const QString &ir, const QString &sharedName);
// The accesses of the buffer `valueName` (a !ttg.memdesc value): those of the allocation it is a
// view of (memdesc_index, memdesc_trans, ... followed back) and of every view of that allocation.
std::vector<SharedAccess> sharedAccessesOfBuffer(const QString &ir, const QString &valueName);

} // namespace trex::explorer
