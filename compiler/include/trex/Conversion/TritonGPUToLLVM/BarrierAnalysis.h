// BarrierAnalysis: where a function needs CTA barriers between its shared-memory accesses.
//
// The threads of a program run its shared-memory accesses in no particular order across warps;
// a CTA barrier (bar.sync) orders every access before it with every one after it. One is
// needed between two accesses of overlapping bytes where one of them writes (a read after a
// write, a write after a read or a write after a write), unless another barrier already lies
// between them on every path. As Triton's barrier analysis (lib/Analysis/Membar.cpp), this is
// found by a forward dataflow over the function's CFG (after scf-to-cf): each point knows the
// byte ranges of the allocation read and written since the last barrier; a loop header joins
// its predecessors, back edge included, so that an access late in one iteration orders the
// first conflicting one of the next.
//
// What each op accesses: the whole buffer of any view of a ttg.local_alloc (memdesc_index,
// subslice, trans, reshape, reinterpret alias their source), the scratch interval of an op
// that has one (a layout conversion, a reduction, ...: a write of the scratch then a read),
// everything for calls and for what cannot be traced to a buffer. Ops whose lowering ends (or
// starts) with a CTA barrier of its own (ttg.async_wait, fence_async_shared, ...) clear what is
// pending, and so do the scratch ops whose lowering always puts a CTA barrier between their
// scratch's writes and reads.
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_BARRIERANALYSIS_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_BARRIERANALYSIS_H

#include "mlir/IR/BuiltinOps.h"

namespace trex {

// Inserts a `ttg.barrier local` before every op of the module's functions whose shared-memory
// accesses need one (their lowering emits no leading or trailing barrier of its own: the
// barriers that order one op against others are these). Runs on the CFG (after scf-to-cf) and
// after the shared-memory allocation (it reads the ops' "allocation.offset").
void insertSharedMemoryBarriers(mlir::ModuleOp module);

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_BARRIERANALYSIS_H
