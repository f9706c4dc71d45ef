// MultiBuffering: a pipelined allocation's buffers drawn one at a time, and which one a view is.
// The software pipeliner allocates `!ttg.memdesc<3x128x64xf16, #shared, ...>`, one 128x64 buffer
// per stage; its shared layout describes one buffer.
#pragma once

#include "LayoutReferences.h"

#include <QString>

namespace trex::explorer {

// How many leading dims of `selection`'s shape index buffers rather than elements: the shape's
// rank minus the rank of its layout where the attribute states one (swizzled_shared's and
// amd_rotating_shared's `order`, shared_linear's bases), else, for layouts without a rank of
// their own (nvmma_shared), the dims a `ttg.memdesc_index` of this type in `ir` drops. 0 for
// register tensors and single buffers.
int bufferDims(const QString &ir, const LayoutSelection &selection);

// `selection` drawn as one buffer: a multi-buffered allocation keeps its trailing dims, with
// bufferCount set; a memdesc_index view (the value `selection.valueName` defines on its line)
// gets the count of its source and the index it takes (a constant's value, else the index's
// %name). Anything else is returned unchanged.
LayoutSelection oneBuffer(const QString &ir, LayoutSelection selection);

// "buffer 1 of 3", "buffer %i of 3", "3 buffers, one drawn"; empty for single buffers.
QString bufferDescription(const LayoutSelection &selection);

} // namespace trex::explorer
