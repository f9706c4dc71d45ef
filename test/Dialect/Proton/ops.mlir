// RUN: trex-opt %s -split-input-file | trex-opt | FileCheck %s
// The proton and proton_gpu ops round-trip in Triton 3.6's syntax.

// CHECK-LABEL: tt.func @records
// CHECK: proton.record start "outer"
// CHECK: proton.record end "outer"
tt.func @records() {
  proton.record start "outer"
  proton.record end "outer"
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @instrumented
  // CHECK: %[[SCRATCH:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, backend = "proton", nbytes = 8320 : i32} : !tt.ptr<i32>
  // CHECK: %[[SEG:.*]] = proton_gpu.segment_alloc %{{.*}} : !ttg.memdesc<2048xi32, #shared, #smem, mutable> -> <8192, #smem, warp>
  // CHECK: %[[T0:.*]] = proton_gpu.read_counter : i32
  // CHECK: proton_gpu.circular_store start %[[SEG]], %[[T0]] {scopeId = 0 : i32} : !proton_gpu.segment<8192, #smem, warp>, i32
  // CHECK: %[[T1:.*]] = proton_gpu.read_counter : i64
  // CHECK: proton_gpu.circular_store end %[[SEG]], %[[T1]] {scopeId = 0 : i32} : !proton_gpu.segment<8192, #smem, warp>, i64
  // CHECK: proton_gpu.finalize %[[SEG]], %[[SCRATCH]] : !proton_gpu.segment<8192, #smem, warp>, !tt.ptr<i32>
  tt.func @instrumented() {
    %scratch = ttg.global_scratch_alloc {alignment = 128 : i32, backend = "proton", nbytes = 8320 : i32} : !tt.ptr<i32>
    %buffer = ttg.local_alloc : () -> !ttg.memdesc<2048xi32, #shared, #smem, mutable>
    %segment = proton_gpu.segment_alloc %buffer : !ttg.memdesc<2048xi32, #shared, #smem, mutable> -> <8192, #smem, warp>
    %t0 = proton_gpu.read_counter : i32
    proton_gpu.circular_store start %segment, %t0 {scopeId = 0 : i32} : !proton_gpu.segment<8192, #smem, warp>, i32
    %t1 = proton_gpu.read_counter : i64
    proton_gpu.circular_store end %segment, %t1 {scopeId = 0 : i32} : !proton_gpu.segment<8192, #smem, warp>, i64
    proton_gpu.finalize %segment, %scratch : !proton_gpu.segment<8192, #smem, warp>, !tt.ptr<i32>
    tt.return
  }
}
