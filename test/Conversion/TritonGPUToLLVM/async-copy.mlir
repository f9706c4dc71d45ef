// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s

// ttg.async_copy_global_to_local: a 128x64 f16 tile over 128 threads with 8 contiguous
// elements per thread is 8 cp.async of 16 bytes per thread (.cg), each with the zero-fill
// source size (16 where the mask holds, else 0). The commit and the wait are their
// instructions; the wait ends with a barrier (every thread's copies visible to every thread).
// The copies are the kernel's first shared-memory accesses: no barrier before them.
// CHECK-LABEL: llvm.func @copy_tile
// CHECK-NOT: nvvm.barrier0
// CHECK-COUNT-8: llvm.inline_asm has_side_effects "cp.async.cg.shared.global [ $0 + 0 ], [ $1 + 0 ], 16, $2;", "r,l,r"
// CHECK-NOT: cp.async.cg
// CHECK: llvm.inline_asm has_side_effects "cp.async.commit_group;"
// CHECK: llvm.inline_asm has_side_effects "cp.async.wait_group 1;"
// CHECK-NEXT: nvvm.barrier0
// CHECK: ldmatrix
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy_tile(%ptrs: tensor<128x64x!tt.ptr<f16>, #blocked>, %mask: tensor<128x64xi1, #blocked>) -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf16, #blocked>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    %view = ttg.memdesc_index %buf[%c1] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %ptrs, %view mask %mask other %zero {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %g {num = 1 : i32}
    %r = ttg.local_load %view token %w : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    ttg.local_dealloc %buf : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    tt.return %r : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}

// -----

// A contiguity of 2 f16 (the pointers' alignment) gives 4-byte copies through L1 (.ca);
// without a mask the size is the constant.
// CHECK-LABEL: llvm.func @narrow_copy
// CHECK-COUNT-32: cp.async.ca.shared.global [ $0 + 0 ], [ $1 + 0 ], 4, $2;
// CHECK-NOT: cp.async.ca
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @narrow_copy(%ptrs: tensor<128x64x!tt.ptr<f16>, #blocked>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %ptrs, %buf {contiguity = 2 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %g {num = 0 : i32}
    ttg.local_dealloc %buf : !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// The contiguity attribute is a hint: one of 1 (what coalesce-async-copy leaves on a copy it
// clips, as Triton) takes the vector from the axis information, as Triton's lowering takes the
// larger of the two: pointers from a 16-byte aligned base plus a contiguous row of 64 f16 give
// 16-byte copies (.cg), 8 f16 a thread.
// CHECK-LABEL: llvm.func @contiguity_from_axis_info
// CHECK-COUNT-8: cp.async.cg.shared.global [ $0 + 0 ], [ $1 + 0 ], 16, $2;
// CHECK-NOT: cp.async.cg
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @contiguity_from_axis_info(%base: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %rows = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    %c = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %stride = arith.constant dense<64> : tensor<128x1xi32, #blocked>
    %rs = arith.muli %r, %stride : tensor<128x1xi32, #blocked>
    %rb = tt.broadcast %rs : tensor<128x1xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %cb = tt.broadcast %c : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %offs = arith.addi %rb, %cb : tensor<128x64xi32, #blocked>
    %splat = tt.splat %base : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %splat, %offs : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %ptrs, %buf : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %g {num = 0 : i32}
    ttg.local_dealloc %buf : !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// Barriers before copies (the barrier analysis): copies into different stages of a buffer
// at constant indices (a pipeline's prologue) write disjoint bytes and need none between
// them, nor does the first, the kernel's first shared-memory access; a copy after a read of
// the bytes it overwrites (here the local_load of the same stage, as in a pipelined loop)
// gets one, so that every thread has read the old tile first.
// CHECK-LABEL: llvm.func @copy_runs
// CHECK-NOT: nvvm.barrier0
// CHECK-COUNT-8: cp.async.cg.shared.global
// CHECK: cp.async.commit_group
// CHECK-NOT: nvvm.barrier0
// CHECK-COUNT-8: cp.async.cg.shared.global
// CHECK: cp.async.commit_group
// CHECK: cp.async.wait_group 0;
// CHECK-NEXT: nvvm.barrier0
// CHECK: ldmatrix
// CHECK-NOT: cp.async.cg.shared.global
// CHECK: nvvm.barrier0
// CHECK-NOT: ldmatrix
// CHECK: cp.async.cg.shared.global
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy_runs(%ptrs: tensor<128x64x!tt.ptr<f16>, #blocked>, %step: tensor<128x64xi32, #blocked>) -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
    %v0 = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %t0 = ttg.async_copy_global_to_local %ptrs, %v0 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    %g0 = ttg.async_commit_group tokens %t0
    %next = tt.addptr %ptrs, %step : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    %v1 = ttg.memdesc_index %buf[%c1] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %t1 = ttg.async_copy_global_to_local %next, %v1 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    %g1 = ttg.async_commit_group tokens %t1
    %w = ttg.async_wait %g1 {num = 0 : i32}
    %r = ttg.local_load %v0 token %w : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %t2 = ttg.async_copy_global_to_local %next, %v0 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    %g2 = ttg.async_commit_group tokens %t2
    ttg.local_dealloc %buf : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
    tt.return %r : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}
