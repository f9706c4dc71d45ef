// RUN: trex-opt %s --cse --canonicalize | FileCheck %s
// An immutable ttg.local_alloc of a tensor is a value until shared memory is laid out, as in
// Triton: CSE merges two of the same tensor and an unused one is dropped; mutable buffers
// keep their effects.

// CHECK-LABEL: tt.func @immutable
// CHECK: %[[BUF:.*]] = ttg.local_alloc %arg0
// CHECK-NOT: ttg.local_alloc
// CHECK: tt.return %[[BUF]], %[[BUF]]
// CHECK-LABEL: tt.func @mutable
// CHECK-COUNT-2: ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @immutable(%t: tensor<16x16xf16, #blocked>) -> (!ttg.memdesc<16x16xf16, #shared, #smem>, !ttg.memdesc<16x16xf16, #shared, #smem>) {
    %a = ttg.local_alloc %t : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    %b = ttg.local_alloc %t : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    %unused = ttg.local_alloc %t : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    tt.return %a, %b : !ttg.memdesc<16x16xf16, #shared, #smem>, !ttg.memdesc<16x16xf16, #shared, #smem>
  }
  tt.func @mutable() -> (!ttg.memdesc<16x16xf16, #shared, #smem, mutable>, !ttg.memdesc<16x16xf16, #shared, #smem, mutable>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
    tt.return %a, %b : !ttg.memdesc<16x16xf16, #shared, #smem, mutable>, !ttg.memdesc<16x16xf16, #shared, #smem, mutable>
  }
}
