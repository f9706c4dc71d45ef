// RUN: trex-opt %s --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s

// A layout's lane and warp bases are applied to the thread id as one input, lane bits below
// warp bits, as Triton 3.6 does: the rows of this slice (lane bit 4 and the two warp bits give
// rows 1, 2 and 4) are one field of the thread id, (tid & 112) >> 4, not a lane part and a
// warp part joined (LLVM keeps such a sum apart and expands it again in loop preheaders).
// CHECK-LABEL: llvm.func @rows
// CHECK-DAG: %[[FIELD:.*]] = llvm.mlir.constant(112 : i32) : i32
// CHECK-DAG: %[[FOUR:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %[[MASKED:.*]] = llvm.and %[[TID]], %[[FIELD]] : i32
// CHECK-NEXT: %[[ROW:.*]] = llvm.lshr %[[MASKED]], %[[FOUR]] : i32
// CHECK-NOT: llvm.udiv
// CHECK: llvm.xor %[[ROW]], %{{.*}} : i32
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rows(%out: !tt.ptr<i32>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #rows>
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #rows>
    %q = tt.addptr %p, %r : tensor<64x!tt.ptr<i32>, #rows>, tensor<64xi32, #rows>
    tt.store %q, %r : tensor<64x!tt.ptr<i32>, #rows>
    tt.return
  }
}
