// LoopStages: what a software pipeliner runs ahead of the rest of a loop body (stage 0).
//
// Both pipeliners (tritongpu-pipeline, cp.async; tritonamdgpu-stream-pipeline, registers and
// local_store) issue the loads of iteration k + D while iteration k computes. Stage 0 is the
// backward slice of those loads' operands inside the loop body (pointers, masks), closed over
// the iter_args it reads: their yielded values join the slice, and those iter_args then start
// D iterations advanced. That is only sound where stage-0 values feed nothing but stage 0 and
// the loop's results for stage-0 iter_args are unused. A stage-0 value that other ops read
// too is recomputed for them when it depends on the induction variable and loop-invariant
// values only (a `K - k * BLOCK_K` bound shared with a load that stays in the loop); with
// StageZeroOptions::carryValues other such values are handed to the pipeliner to carry;
// otherwise a loop where an advanced value is read elsewhere (a pointer also stored in the
// loop, say) is left alone.
#ifndef TREX_DIALECT_TRITONGPU_TRANSFORMS_LOOPSTAGES_H
#define TREX_DIALECT_TRITONGPU_TRANSFORMS_LOOPSTAGES_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

namespace trex::ttg {

struct StageZeroOptions {
  // Stage 0 may hold scf.ifs whose ops are all side-effect free (they are cloned whole).
  bool conditionals = false;
  // A value stage 0 computes for its loads' own iteration that the rest of the body reads too
  // is carried (StageZero::carried) instead of refusing the loop.
  bool carryValues = false;
  // Loads of the body that may run ahead with stage 0 (an index load whose values the pipelined
  // loads' pointers are computed from: the pipeliner copies it ahead in a second round).
  llvm::DenseSet<mlir::Operation *> loadsAhead;
};

struct StageZero {
  llvm::DenseSet<mlir::Operation *> ops;
  // The ops the loads read in their own iteration, not only through an iter_arg's yield: Triton
  // schedules these with the loads, and an advance for the next iteration one stage later.
  llvm::DenseSet<mlir::Operation *> direct;
  // With carryValues: results of direct ops and stage-0 iter_args that ops outside stage 0
  // read; the pipeliner hands each iteration's value to those readers D iterations after stage
  // 0 ran it.
  llvm::SmallVector<mlir::Value> carried;
  // The ops in body order (the order a pipeliner clones them in).
  llvm::SmallVector<mlir::Operation *> ordered;
  // The iter_args stage 0 reads and advances (their positions).
  llvm::SetVector<unsigned> iterArgs;
};

// Stage 0 of `loop` for the pipelined `loads` (ops directly in its body); failure where only
// side-effect-free ops directly in the body would not do, or where running them ahead would
// change what another op sees.
mlir::FailureOr<StageZero> collectStageZero(mlir::scf::ForOp loop,
                                            llvm::ArrayRef<mlir::Operation *> loads,
                                            const StageZeroOptions &options = {});

// The deepest pipelining trex does. Each stage peels one iteration ahead, so num_stages =
// 100000 kept the pipeliner busy for minutes (and 2^31 - 1 ran it out of memory); no kernel
// has shared memory for more than a few dozen stages anyway.
inline constexpr int kMaxNumStages = 64;

// The innermost scf.for loops of `module` (the ones Triton's pipeliners take), each with its
// pipelining depth: the loop's `tt.num_stages` (tl.range(num_stages=...)) or `numStages`, at
// most kMaxNumStages (with a warning at the loop when it asked for more).
llvm::SmallVector<std::pair<mlir::scf::ForOp, int>> pipelineCandidates(mlir::ModuleOp module,
                                                                      int numStages);

} // namespace trex::ttg

#endif // TREX_DIALECT_TRITONGPU_TRANSFORMS_LOOPSTAGES_H
