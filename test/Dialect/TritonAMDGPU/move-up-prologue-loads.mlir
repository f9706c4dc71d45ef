// RUN: trex-opt %s --tritonamdgpu-move-up-prologue-loads | FileCheck %s
// tritonamdgpu-move-up-prologue-loads issues loads marked amd.pipeliner_part
// (with the ops they depend on) right after their pointer is available,
// never across a loop.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: tt.func @move_up
  tt.func @move_up(%p: tensor<1024x!tt.ptr<f32>, #blocked>, %q: tensor<1024x!tt.ptr<f32>, #blocked>, %x: tensor<1024xf32, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // CHECK: scf.for
    // CHECK: }
    // CHECK-NEXT: %[[MARKED:.*]] = tt.load %arg0 {amd.pipeliner_part}
    // CHECK-NEXT: math.exp
    // CHECK-NEXT: math.exp
    // CHECK-NEXT: tt.load %arg1 :
    scf.for %i = %c0 to %n step %c1 : i32 {
      tt.store %q, %x : tensor<1024x!tt.ptr<f32>, #blocked>
    }
    %e1 = math.exp %x : tensor<1024xf32, #blocked>
    %e2 = math.exp %e1 : tensor<1024xf32, #blocked>
    %v = tt.load %q : tensor<1024x!tt.ptr<f32>, #blocked>
    %w = tt.load %p {amd.pipeliner_part} : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
