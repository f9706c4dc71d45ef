// RUN: trex-opt %s -split-input-file -verify-diagnostics
// Every verifier message of the ttng ops.

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @dot_inner(%a: !ttg.memdesc<128x32xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %c: tensor<128x128xf32, #mma>) {
    // expected-error @+1 {{a is 128x32 but b has 64 rows; the inner dimensions must match}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x32xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @dot_accumulator(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %c: tensor<64x128xf32, #mma>) {
    // expected-error @+1 {{accumulator must be 128x128, got 64x128}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<64x128xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @dot_rank(%a: !ttg.memdesc<2x128x64xf16, #shared, #smem>, %c: tensor<128x128xf32, #mma>) {
    // expected-error @+1 {{a, b and c must be matrices}}
    %d = ttng.warp_group_dot %a, %a, %c : !ttg.memdesc<2x128x64xf16, #shared, #smem> * !ttg.memdesc<2x128x64xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @dot_layout(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %c: tensor<128x128xf32, #mma>) {
    // expected-error @+1 {{the accumulator needs a Hopper (versionMajor = 3) #ttg.nvidia_mma layout}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @wait_nothing() {
    // expected-error @+1 {{needs at least one value to wait for}}
    "ttng.warp_group_dot_wait"() <{pendings = 0 : i32}> : () -> ()
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @wait_pendings(%x: i32) {
    // expected-error @+1 {{pendings must not be negative, got -1}}
    %y = ttng.warp_group_dot_wait %x {pendings = -1 : i32} : i32
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @barrier_type(%bar: !ttg.memdesc<2xi64, #shared, #smem, mutable>) {
    // expected-error @+1 {{the barrier must be a single i64 in shared memory, got '!ttg.memdesc<2xi64}}
    ttng.inval_barrier %bar : !ttg.memdesc<2xi64, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @barrier_count(%bar: !ttg.memdesc<1xi64, #shared, #smem, mutable>) {
    // expected-error @+1 {{count must be at least 1, got 0}}
    ttng.init_barrier %bar, 0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @arrive_count(%bar: !ttg.memdesc<1xi64, #shared, #smem, mutable>) {
    // expected-error @+1 {{count must be at least 1, got 0}}
    ttng.arrive_barrier %bar, 0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @wait_barrier_type(%bar: !ttg.memdesc<1xi32, #shared, #smem, mutable>, %phase: i32) {
    // expected-error @+1 {{the barrier must be a single i64 in shared memory}}
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi32, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @expect_type(%bar: !ttg.memdesc<4xi64, #shared, #smem, mutable>, %p: i1) {
    // expected-error @+1 {{the barrier must be a single i64 in shared memory}}
    ttng.barrier_expect %bar, 128, %p : !ttg.memdesc<4xi64, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @tma_coordinates(%d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %i: i32, %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %p: i1) {
    // expected-error @+1 {{needs one coordinate per descriptor dimension (2), got 1}}
    ttng.async_tma_copy_global_to_local %d[%i] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @tma_immutable(%d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %i: i32, %buf: !ttg.memdesc<128x64xf16, #shared, #smem>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %p: i1) {
    // expected-error @+1 {{cannot copy into an immutable buffer}}
    ttng.async_tma_copy_global_to_local %d[%i, %i] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @tma_element(%d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %i: i32, %buf: !ttg.memdesc<128x64xbf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{the descriptor holds 'f16' but the buffer holds 'bf16'}}
    ttng.async_tma_copy_local_to_global %d[%i, %i] %buf : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xbf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @tma_size(%d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %i: i32, %buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{the buffer must hold one descriptor block (8192 elements), got 4096}}
    ttng.async_tma_copy_local_to_global %d[%i, %i] %buf : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @tensormap_strides(%p: !tt.ptr<i8>, %base: !tt.ptr<f16>, %d: i32, %s: i64) {
    // expected-error @+1 {{needs 1 global strides (all but the innermost), got 2}}
    ttng.tensormap_create %p, %base, [%d, %d], [%d, %d], [%s, %s], [%d, %d] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i64, i32, i32) -> ()
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @tensormap_rank(%p: !tt.ptr<i8>, %base: !tt.ptr<f16>, %d: i32, %s: i64) {
    // expected-error @+1 {{a TMA descriptor has 1 to 5 dimensions, got 6}}
    ttng.tensormap_create %p, %base, [%d, %d, %d, %d, %d, %d], [%d, %d, %d, %d, %d, %d], [%s, %s, %s, %s, %s], [%d, %d, %d, %d, %d, %d] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i64, i64, i64, i64, i64, i32, i32, i32, i32, i32, i32) -> ()
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @tensormap_swizzle(%p: !tt.ptr<i8>, %base: !tt.ptr<f16>, %d: i32) {
    // expected-error @+1 {{swizzle_mode must be in [0, 3], got 4}}
    ttng.tensormap_create %p, %base, [%d], [%d], [], [%d] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 4 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32) -> ()
    tt.return
  }
}

