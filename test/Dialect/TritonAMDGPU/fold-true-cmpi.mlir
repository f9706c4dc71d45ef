// RUN: trex-opt %s --tritonamdgpu-fold-true-cmpi | FileCheck %s
// tritonamdgpu-fold-true-cmpi replaces comparisons range analysis proves
// true with constants.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: tt.func @bounds
  tt.func @bounds(%n: i32) -> (tensor<1024xi1, #blocked>, tensor<1024xi1, #blocked>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %c1024 = arith.constant dense<1024> : tensor<1024xi32, #blocked>
    // [0, 1023] < 1024 always holds.
    // CHECK-DAG: %[[T:.*]] = arith.constant dense<true> : tensor<1024xi1, #blocked>
    %always = arith.cmpi slt, %r, %c1024 : tensor<1024xi32, #blocked>
    // Against an unknown bound it stays.
    // CHECK-DAG: %[[M:.*]] = arith.cmpi slt
    %ns = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
    %maybe = arith.cmpi slt, %r, %ns : tensor<1024xi32, #blocked>
    // CHECK: tt.return %[[T]], %[[M]]
    tt.return %always, %maybe : tensor<1024xi1, #blocked>, tensor<1024xi1, #blocked>
  }
}
