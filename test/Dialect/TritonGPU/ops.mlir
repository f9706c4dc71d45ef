// RUN: trex-opt %s -split-input-file | trex-opt -split-input-file | FileCheck %s
// Every ttg op prints back in Triton 3.6's syntax, and the printed form parses again.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @shared_memory
  tt.func public @shared_memory(%x: tensor<128x64xf16, #blocked>, %i: i32) {
    // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
    // CHECK: ttg.local_alloc %{{.*}} {alignment = 128 : i32} : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %init = ttg.local_alloc %x {alignment = 128 : i32} : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    // CHECK: %[[SLOT:.*]] = ttg.memdesc_index %[[BUF]][%{{.*}}] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %slot = ttg.memdesc_index %buf[%i] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    // CHECK: ttg.local_store %{{.*}}, %[[SLOT]] : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttg.local_store %x, %slot : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    // CHECK: ttg.local_load %[[SLOT]] : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %a = ttg.local_load %slot : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    // A view into part of a buffer keeps the allocation's shape.
    // CHECK: ttg.memdesc_subslice %[[SLOT]][0, 32] : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable, 128x64>
    %half = ttg.memdesc_subslice %slot[0, 32] : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable, 128x64>
    // CHECK: ttg.memdesc_trans %{{.*}} {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared, #smem>
    %t = ttg.memdesc_trans %init {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared, #smem>
    // CHECK: ttg.memdesc_reshape %{{.*}} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared, #smem>
    %r = ttg.memdesc_reshape %init : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared, #smem>
    // CHECK: ttg.memdesc_reinterpret %{{.*}} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<128x32xi32, #shared, #smem>
    %ri = ttg.memdesc_reinterpret %init : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<128x32xi32, #shared, #smem>
    // CHECK: ttg.local_dealloc %[[BUF]] : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
    ttg.local_dealloc %buf : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
    tt.return
  }

  // CHECK-LABEL: tt.func public @async_copies
  tt.func public @async_copies(%ptrs: tensor<128x64x!tt.ptr<f16>, #blocked>, %m: tensor<128x64xi1, #blocked>, %zero: tensor<128x64xf16, #blocked>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    // Memory descriptors of the op's own dialect print without `!ttg.memdesc`.
    // CHECK: %[[T0:.*]] = ttg.async_copy_global_to_local %{{.*}}, %{{.*}} mask %{{.*}} other %{{.*}} {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    %t0 = ttg.async_copy_global_to_local %ptrs, %buf mask %m other %zero {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    // CHECK: ttg.async_copy_global_to_local %{{.*}}, %{{.*}} cacheModifier = cg : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    %t1 = ttg.async_copy_global_to_local %ptrs, %buf cacheModifier = cg : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>
    // CHECK: %[[G:.*]] = ttg.async_commit_group tokens %[[T0]]
    %g = ttg.async_commit_group tokens %t0
    // CHECK: ttg.async_commit_group{{$}}
    %g2 = ttg.async_commit_group
    // CHECK: %[[W:.*]] = ttg.async_wait %[[G]] {num = 1 : i32}
    %w = ttg.async_wait %g {num = 1 : i32}
    // CHECK: ttg.async_wait {num = 0 : i32}
    %w0 = ttg.async_wait {num = 0 : i32}
    // CHECK: ttg.local_load %{{.*}} token %[[W]] : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #blocked>
    %x = ttg.local_load %buf token %w : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #blocked>
    tt.return
  }

  // CHECK-LABEL: tt.func public @layouts_and_scratch
  tt.func public @layouts_and_scratch(%x: tensor<128x64xf16, #blocked>) {
    // CHECK: ttg.convert_layout %{{.*}} : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #blocked1>
    %y = ttg.convert_layout %x : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #blocked1>
    // CHECK: ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 256 : i32} : !tt.ptr<i8>
    %s = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 256 : i32} : !tt.ptr<i8>
    // CHECK: ttg.global_scratch_alloc {alignment = 128 : i32, backend = "proton", nbytes = 1024 : i32} : !tt.ptr<i8>
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, backend = "proton", nbytes = 1024 : i32} : !tt.ptr<i8>
    // CHECK: ttg.barrier local{{$}}
    ttg.barrier local
    // CHECK: ttg.barrier local|global_read
    ttg.barrier local|global_read
    // CHECK: ttg.barrier all
    ttg.barrier local|global_read|global_write|tensor_read|tensor_write
    // Triton 3.6 itself emits the upstream barrier.
    // CHECK: gpu.barrier
    gpu.barrier
    tt.return
  }
}

// -----

// Module attributes of a compiled kernel: launch shape and allocation results.
// CHECK: module attributes {ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 1024 : i32, "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.profile_scratch_memory_alignment = 1 : i32, ttg.profile_scratch_memory_size = 0 : i32, ttg.shared = 65536 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 1024 : i32, ttg.profile_scratch_memory_alignment = 1 : i32, ttg.profile_scratch_memory_size = 0 : i32, ttg.shared = 65536 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // A function may run with its own warp count.
  // CHECK: tt.func @warp_specialized() attributes {"ttg.num-warps" = 4 : i32}
  tt.func @warp_specialized() attributes {"ttg.num-warps" = 4 : i32} {
    tt.return
  }
}

// -----

#packed = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#unpacked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @fp4_to_fp
  // CHECK: ttg.fp4_to_fp %arg0 {axis = 1 : i32} : tensor<64x32xi8, #{{.*}}> -> tensor<64x64xbf16, #{{.*}}>
  // CHECK: ttg.fp4_to_fp %arg0 {axis = 1 : i32} : tensor<64x32xi8, #{{.*}}> -> tensor<64x64xf16, #{{.*}}>
  tt.func @fp4_to_fp(%a: tensor<64x32xi8, #packed>) {
    %b = ttg.fp4_to_fp %a {axis = 1 : i32} : tensor<64x32xi8, #packed> -> tensor<64x64xbf16, #unpacked>
    %c = ttg.fp4_to_fp %a {axis = 1 : i32} : tensor<64x32xi8, #packed> -> tensor<64x64xf16, #unpacked>
    tt.return
  }
}
