// RUN: trex-opt %s -split-input-file --tritonamdgpu-convert-buffer-ops | FileCheck %s
// tritonamdgpu-convert-buffer-ops: accesses through a uniform base plus
// offsets that range analysis proves non-negative become buffer accesses.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // Offsets from tt.make_range are in [0, 1023].
  // CHECK-LABEL: tt.func @range_offsets
  tt.func @range_offsets(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %n: i32) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #blocked>
    %other = arith.constant dense<0xFF800000> : tensor<1024xf32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %a = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK: %[[V:.*]] = amdg.buffer_load %arg0[%{{.*}}], %{{.*}}, %{{.*}} : tensor<1024xf32, #blocked>
    %v = tt.load %a, %m, %other : tensor<1024x!tt.ptr<f32>, #blocked>
    %qs = tt.splat %q : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %b = tt.addptr %qs, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK: amdg.buffer_store %[[V]], %arg1[%{{.*}}], %{{.*}} : tensor<1024xf32, #blocked>
    tt.store %b, %v, %m : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }

  // pid * 1024 + range may overflow i32 (no proof it stays non-negative):
  // the accesses stay global loads and stores.
  // CHECK-LABEL: tt.func @program_offsets
  // CHECK-NOT: amdg.buffer
  tt.func @program_offsets(%p: !tt.ptr<f32>) {
    %c1024 = arith.constant 1024 : i32
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %c1024 : i32
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %s = tt.splat %start : i32 -> tensor<1024xi32, #blocked>
    %off = arith.addi %s, %r : tensor<1024xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %a = tt.addptr %ps, %off : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %v = tt.load %a : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.store %a, %v : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }

  // A base known to address less than 4 GiB needs no proof.
  // CHECK-LABEL: tt.func @small_buffer
  // CHECK: amdg.buffer_load %arg0
  tt.func @small_buffer(%p: !tt.ptr<f32> {tt.pointer_range = 32 : i32}, %off: tensor<1024xi32, #blocked>) -> tensor<1024xf32, #blocked> {
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %a = tt.addptr %ps, %off : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %v = tt.load %a : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return %v : tensor<1024xf32, #blocked>
  }
}
