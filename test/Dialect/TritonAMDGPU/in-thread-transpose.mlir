// RUN: trex-opt %s -split-input-file --tritonamdgpu-in-thread-transpose | FileCheck %s
// RUN: trex-opt %s -split-input-file --tritonamdgpu-in-thread-transpose --tritongpu-remove-layout-conversions | FileCheck %s --check-prefix=CLEAN

// gfx942's B operand of the reference matmul: loaded N-contiguous, pipelined through two
// buffers. Every load takes 4 K-rows per thread (64 bits of f16), every store writes the
// transposed registers, and the buffer and all its views become K-major rotating buffers with
// the MFMA read swizzle (the layouts of Triton 3.6's ttgir for this kernel).
// CHECK-DAG: #[[WIDE:.*]] = #ttg.blocked<{sizePerThread = [4, 8], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[T:.*]] = #ttg.linear<{register = {{\[\[1, 0\], \[2, 0\], \[0, 1\], \[0, 2\], \[0, 4\]\], lane = \[\[0, 8\], \[0, 16\], \[0, 32\], \[0, 64\], \[4, 0\], \[8, 0\]\], warp = \[\[16, 0\], \[32, 0\]\]}}, block = []}>
// CHECK-DAG: #[[ROT:.*]] = #ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>
// CHECK-LABEL: tt.func @pipelined_b
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x128xf16, #[[ROT]], #smem, mutable>
// CHECK: tt.load %{{.*}} : tensor<64x128x!tt.ptr<f16>, #[[WIDE]]>
// CHECK: ttg.memdesc_index %[[BUF]][%{{.*}}] : !ttg.memdesc<2x64x128xf16, #[[ROT]], #smem, mutable> -> !ttg.memdesc<64x128xf16, #[[ROT]], #smem, mutable>
// CHECK: %[[T0:.*]] = amdg.in_thread_transpose %{{.*}} : tensor<64x128xf16, #[[WIDE]]> -> tensor<64x128xf16, #[[T]]>
// CHECK: ttg.local_store %[[T0]], %{{.*}} : tensor<64x128xf16, #[[T]]> -> !ttg.memdesc<64x128xf16, #[[ROT]], #smem, mutable>
// CHECK: scf.for
// CHECK: ttg.local_load %{{.*}} : !ttg.memdesc<64x128xf16, #[[ROT]], #smem, mutable>
// CHECK: tt.load %{{.*}} : tensor<64x128x!tt.ptr<f16>, #[[WIDE]]>
// CHECK: %[[T1:.*]] = amdg.in_thread_transpose
// CHECK: ttg.local_store %[[T1]]
// CHECK: ttg.local_dealloc %[[BUF]] : !ttg.memdesc<2x64x128xf16, #[[ROT]], #smem, mutable>
// After remove-layout-conversions the loads feed the transposes directly.
// CLEAN-LABEL: tt.func @pipelined_b
// CLEAN: %[[L0:.*]] = tt.load
// CLEAN: amdg.in_thread_transpose %[[L0]]
// CLEAN: scf.for
// CLEAN: %[[L1:.*]] = tt.load
// CLEAN: amdg.in_thread_transpose %[[L1]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @pipelined_b(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %ptrs: tensor<64x128x!tt.ptr<f16>, #blocked>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x64x128xf16, #shared, #smem, mutable>
    %first = tt.load %ptrs : tensor<64x128x!tt.ptr<f16>, #blocked>
    %view0 = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<2x64x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    ttg.local_store %first, %view0 : tensor<64x128xf16, #blocked> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %slot = arith.remsi %i, %c2 : i32
      %view = ttg.memdesc_index %buf[%slot] : !ttg.memdesc<2x64x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
      %b = ttg.local_load %view : !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
      %next = tt.load %ptrs : tensor<64x128x!tt.ptr<f16>, #blocked>
      %d = tt.dot %a, %b, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<128x128xf32, #mma>
      ttg.local_store %next, %view : tensor<64x128xf16, #blocked> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
      scf.yield %d : tensor<128x128xf32, #mma>
    }
    ttg.local_dealloc %buf : !ttg.memdesc<2x64x128xf16, #shared, #smem, mutable>
    tt.return %res : tensor<128x128xf32, #mma>
  }
}

// -----

// A column-major A operand (M contiguous), allocated with its data and carried through a loop:
// each thread takes 4 K-columns; the buffer becomes K-major (order [1, 0]).
// CHECK-DAG: #[[WIDE:.*]] = #ttg.blocked<{sizePerThread = [8, 4], threadsPerWarp = [16, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #[[T:.*]] = #ttg.linear<{register = {{\[\[0, 1\], \[0, 2\], \[1, 0\], \[2, 0\], \[4, 0\]\]}}
// CHECK-DAG: #[[ROT:.*]] = #ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>
// CHECK-LABEL: tt.func @carried_a
// CHECK: %[[L:.*]] = tt.load %{{.*}} : tensor<128x64x!tt.ptr<f16>, #[[WIDE]]>
// CHECK: amdg.in_thread_transpose %{{.*}} : tensor<128x64xf16, #[[WIDE]]> -> tensor<128x64xf16, #[[T]]>
// CHECK: ttg.local_alloc %{{.*}} : (tensor<128x64xf16, #[[T]]>) -> !ttg.memdesc<128x64xf16, #[[ROT]], #smem>
// CHECK: scf.for {{.*}} -> (!ttg.memdesc<128x64xf16, #[[ROT]], #smem>, tensor<128x128xf32, #mma>)
// CHECK: ttg.local_load %{{.*}} : !ttg.memdesc<128x64xf16, #[[ROT]], #smem>
#blocked = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [16, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @carried_a(%ptrs: tensor<128x64x!tt.ptr<f16>, #blocked>, %b: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %x = tt.load %ptrs : tensor<128x64x!tt.ptr<f16>, #blocked>
    %buf = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%view = %buf, %acc = %zero) -> (!ttg.memdesc<128x64xf16, #shared, #smem>, tensor<128x128xf32, #mma>) : i32 {
      %a = ttg.local_load %view : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %d = tt.dot %a, %b, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<128x128xf32, #mma>
      scf.yield %view, %d : !ttg.memdesc<128x64xf16, #shared, #smem>, tensor<128x128xf32, #mma>
    }
    tt.return %res#1 : tensor<128x128xf32, #mma>
  }
}

// -----

// Left alone: B already K-contiguous; a buffer also read through a transposed view; loads of
// two layouts into one buffer; a tile whose lanes and warps already cover K.
// CHECK-LABEL: tt.func @k_contiguous
// CHECK-NOT: amdg.in_thread_transpose
// CHECK: ttg.local_alloc %{{.*}} -> !ttg.memdesc<64x128xf16, #shared, #smem>
// CHECK-LABEL: tt.func @transposed_view
// CHECK-NOT: amdg.in_thread_transpose
// CHECK-LABEL: tt.func @two_load_layouts
// CHECK-NOT: amdg.in_thread_transpose
// CHECK-LABEL: tt.func @no_room_along_k
// CHECK-NOT: amdg.in_thread_transpose
// CHECK: tt.return
#kmajor = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#other = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @k_contiguous(%ptrs: tensor<64x128x!tt.ptr<f16>, #kmajor>) -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> {
    %x = tt.load %ptrs : tensor<64x128x!tt.ptr<f16>, #kmajor>
    %buf = ttg.local_alloc %x : (tensor<64x128xf16, #kmajor>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
    %b = ttg.local_load %buf : !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    tt.return %b : tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
  }
  tt.func @transposed_view(%ptrs: tensor<64x128x!tt.ptr<f16>, #blocked>) -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> {
    %x = tt.load %ptrs : tensor<64x128x!tt.ptr<f16>, #blocked>
    %buf = ttg.local_alloc %x : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared1, #smem>
    %t = ttg.memdesc_trans %buf {order = array<i32: 1, 0>} : !ttg.memdesc<64x128xf16, #shared1, #smem> -> !ttg.memdesc<128x64xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>, #smem>
    %b = ttg.local_load %buf : !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    tt.return %b : tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
  }
  tt.func @two_load_layouts(%p: tensor<64x128x!tt.ptr<f16>, #blocked>, %q: tensor<64x128x!tt.ptr<f16>, #other>) -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x64x128xf16, #shared1, #smem, mutable>
    %v0 = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<2x64x128xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
    %v1 = ttg.memdesc_index %buf[%c1] : !ttg.memdesc<2x64x128xf16, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
    %x = tt.load %p : tensor<64x128x!tt.ptr<f16>, #blocked>
    ttg.local_store %x, %v0 : tensor<64x128xf16, #blocked> -> !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
    %y = tt.load %q : tensor<64x128x!tt.ptr<f16>, #other>
    ttg.local_store %y, %v1 : tensor<64x128xf16, #other> -> !ttg.memdesc<64x128xf16, #shared1, #smem, mutable>
    %b = ttg.local_load %v0 : !ttg.memdesc<64x128xf16, #shared1, #smem, mutable> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    tt.return %b : tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
  }
  tt.func @no_room_along_k(%ptrs: tensor<16x128x!tt.ptr<f16>, #blocked>) -> tensor<16x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> {
    %x = tt.load %ptrs : tensor<16x128x!tt.ptr<f16>, #blocked>
    %buf = ttg.local_alloc %x : (tensor<16x128xf16, #blocked>) -> !ttg.memdesc<16x128xf16, #shared1, #smem>
    %b = ttg.local_load %buf : !ttg.memdesc<16x128xf16, #shared1, #smem> -> tensor<16x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    tt.return %b : tensor<16x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
  }
}
