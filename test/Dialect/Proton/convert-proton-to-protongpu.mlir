// RUN: trex-opt %s -split-input-file --convert-proton-to-protongpu --allocate-proton-shared-memory | FileCheck %s
// RUN: trex-opt %s -split-input-file --convert-proton-to-protongpu="max-shared-memory=65536" | FileCheck %s --check-prefix=SMALL

// The softmax of the issue: 16 bytes of shared memory used, 4 warps, sm_90 (232448 bytes of
// shared memory per block). Each warp's share of the free memory, 58108 bytes, rounds to
// 65536 / 2 = 32768 bytes; 4 segments make 131072 bytes, halved to at most 4% of 232448
// (9297): 8192 bytes, 2048 words. The profile scratch: 8192 + 16 header + 4 x 4 indices =
// 8224, 128-aligned: 8320. The buffer goes after the kernel's 16 bytes: ttg.shared 8208.
// Scope ids by first appearance; every return gets a finalize.
// CHECK: module attributes {proton.scope_names = ["load_max", "normalize"], "ttg.num-warps" = 4 : i32, ttg.shared = 8208 : i32, ttg.target = "cuda:90"}
// CHECK-LABEL: tt.func public @softmax
// CHECK: %[[SCRATCH:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, backend = "proton", nbytes = 8320 : i32} : !tt.ptr<i32>
// CHECK: %[[BUFFER:.*]] = ttg.local_alloc {allocation.offset = 16 : i32} : () -> !ttg.memdesc<2048xi32, #shared, #smem, mutable>
// CHECK: %[[SEG:.*]] = proton_gpu.segment_alloc %[[BUFFER]] : !ttg.memdesc<2048xi32, #shared, #smem, mutable> -> <8192, #smem, warp>
// CHECK: %[[T0:.*]] = proton_gpu.read_counter : i32
// CHECK: proton_gpu.circular_store start %[[SEG]], %[[T0]] {scopeId = 0 : i32}
// CHECK: %[[T1:.*]] = proton_gpu.read_counter : i32
// CHECK: proton_gpu.circular_store start %[[SEG]], %[[T1]] {scopeId = 1 : i32}
// CHECK: proton_gpu.circular_store end %[[SEG]], %{{.*}} {scopeId = 1 : i32}
// CHECK: proton_gpu.circular_store end %[[SEG]], %{{.*}} {scopeId = 0 : i32}
// CHECK: proton_gpu.finalize %[[SEG]], %[[SCRATCH]]
// CHECK-NEXT: tt.return
// CHECK-NOT: proton.record
// A GPU with 64 KiB of shared memory gets 2048 bytes (4% is 2621): 2048 + 32 -> 2176.
// SMALL: ttg.global_scratch_alloc {alignment = 128 : i32, backend = "proton", nbytes = 2176 : i32}
// SMALL: !ttg.memdesc<512xi32
module attributes {"ttg.num-warps" = 4 : i32, ttg.shared = 16 : i32, ttg.target = "cuda:90"} {
  tt.func public @softmax() {
    proton.record start "load_max"
    proton.record start "normalize"
    proton.record end "normalize"
    proton.record end "load_max"
    tt.return
  }
}

// -----

// A module without records is left alone.
// CHECK-LABEL: tt.func public @plain
// CHECK-NOT: proton_gpu
// CHECK-NOT: ttg.global_scratch_alloc
module attributes {"ttg.num-warps" = 4 : i32, ttg.shared = 16 : i32, ttg.target = "cuda:90"} {
  tt.func public @plain() {
    tt.return
  }
}
