// RUN: trex-opt %s -split-input-file --tritonamdgpu-canonicalize-pointers | FileCheck %s
// tritonamdgpu-canonicalize-pointers moves the uniform part of the offsets
// into the scalar base, for bases known to address less than 4 GiB.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: tt.func @uniform_offset
  tt.func @uniform_offset(%p: !tt.ptr<f32> {tt.pointer_range = 32 : i32}, %start: i32) -> tensor<1024xf32, #blocked> {
    // CHECK: %[[R:.*]] = tt.make_range
    // CHECK: %[[BASE:.*]] = tt.addptr %arg0, %arg1 : !tt.ptr<f32>, i32
    // CHECK: %[[SPLAT:.*]] = tt.splat %[[BASE]]
    // CHECK: %[[PTRS:.*]] = tt.addptr %[[SPLAT]], %[[R]]
    // CHECK: tt.load %[[PTRS]]
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %s = tt.splat %start : i32 -> tensor<1024xi32, #blocked>
    %off = arith.addi %s, %r : tensor<1024xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %a = tt.addptr %ps, %off : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %v = tt.load %a : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return %v : tensor<1024xf32, #blocked>
  }

  // Without tt.pointer_range nothing changes.
  // CHECK-LABEL: tt.func @unknown_range
  // CHECK: %[[OFF:.*]] = arith.addi
  // CHECK: tt.addptr %{{.*}}, %[[OFF]]
  tt.func @unknown_range(%p: !tt.ptr<f32>, %start: i32) -> tensor<1024xf32, #blocked> {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %s = tt.splat %start : i32 -> tensor<1024xi32, #blocked>
    %off = arith.addi %s, %r : tensor<1024xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %a = tt.addptr %ps, %off : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %v = tt.load %a : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return %v : tensor<1024xf32, #blocked>
  }
}
