// RUN: trex-opt %s -split-input-file --tritongpu-prefetch | FileCheck %s
// RUN: trex-opt %s -split-input-file --tritongpu-prefetch --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-scf-to-cf --convert-triton-gpu-to-llvm | FileCheck %s --check-prefix=LLVM
// tritongpu-prefetch: the mma.sync dot of a loop over two loop-carried shared buffers is
// split into K slices of 16 f16 (256 bits); the first slice of the next iteration's operands
// is read at the end of the body (the first iteration's before the loop) and carried, the
// other slices are read from this iteration's buffers through memdesc_subslice views.
// Lowered, the slices are plain shared loads (no ldmatrix for part of a buffer).

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @two_buffers
  // CHECK: %[[A0V:.*]] = ttg.memdesc_subslice %arg0[0, 0] : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<64x16xf16, #shared, #smem, 64x32>
  // CHECK: %[[A0:.*]] = ttg.local_load %[[A0V]] : {{.*}} -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  // CHECK: %[[B0V:.*]] = ttg.memdesc_subslice %arg1[0, 0] : !ttg.memdesc<32x64xf16, #shared1, #smem> -> !ttg.memdesc<16x64xf16, #shared1, #smem, 32x64>
  // CHECK: %[[B0:.*]] = ttg.local_load %[[B0V]]
  // CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[SA:.*]] = %arg0, %[[SB:.*]] = %arg1, %[[PA:.*]] = %[[A0]], %[[PB:.*]] = %[[B0]])
  // CHECK: %[[D0:.*]] = tt.dot %[[PA]], %[[PB]], %[[ACC]]
  // CHECK: ttg.memdesc_subslice %[[SA]][0, 16]
  // CHECK: ttg.memdesc_subslice %[[SB]][16, 0]
  // CHECK: %[[D1:.*]] = tt.dot %{{.*}}, %{{.*}}, %[[D0]]
  // CHECK: ttg.memdesc_subslice %arg2[0, 0]
  // CHECK: ttg.memdesc_subslice %arg3[0, 0]
  // CHECK: scf.yield %[[D1]], %arg2, %arg3, %{{.*}}, %{{.*}} :
  // CHECK-NOT: tt.dot
  // LLVM-LABEL: llvm.func @two_buffers
  // LLVM-NOT: ldmatrix
  // LLVM: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<2xf16>
  // LLVM: mma.sync.aligned.m16n8k16
  tt.func @two_buffers(%a: !ttg.memdesc<64x32xf16, #shared, #smem>, %b: !ttg.memdesc<32x64xf16, #shared1, #smem>, %a2: !ttg.memdesc<64x32xf16, #shared, #smem>, %b2: !ttg.memdesc<32x64xf16, #shared1, #smem>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %res:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0, %sa = %a, %sb = %b) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem>, !ttg.memdesc<32x64xf16, #shared1, #smem>) : i32 {
      %la = ttg.local_load %sa : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %lb = ttg.local_load %sb : !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %la, %lb, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      scf.yield %d, %a2, %b2 : tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem>, !ttg.memdesc<32x64xf16, #shared1, #smem>
    }
    tt.return %res#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// A loop as tritongpu-pipeline leaves it (local_loads waiting on an async token, from
// memdesc_index views) is left alone, as Triton's pass leaves it.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @pipelined
  // CHECK-NOT: ttg.memdesc_subslice
  // CHECK: ttg.local_load %{{.*}} token
  // CHECK-COUNT-1: tt.dot
  tt.func @pipelined(%buf: !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
      %t = ttg.async_wait {num = 0 : i32}
      %v = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
      %la = ttg.local_load %v token %t : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = tt.dot %la, %b, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %res : tensor<64x64xf32, #mma>
  }
}
