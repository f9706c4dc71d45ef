// RUN: trex-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm -verify-diagnostics

// What the lowering reports instead of producing wrong code.

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fadd_on_integers(%p: !tt.ptr<i32>, %x: i32) {
    // expected-error @+2 {{trex lowers tt.atomic_rmw fadd on floating-point values only, not on 'i32'}}
    // expected-error @+1 {{failed to legalize operation 'tt.atomic_rmw'}}
    %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %x : (!tt.ptr<i32>, i32) -> i32
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @byte_atomics(%p: !tt.ptr<i8>, %x: i8) {
    // expected-error @+2 {{trex lowers tt.atomic_rmw on 32- and 64-bit elements (and 16-bit floating-point add), not on 'i8'}}
    // expected-error @+1 {{failed to legalize operation 'tt.atomic_rmw'}}
    %0 = tt.atomic_rmw add, relaxed, gpu, %p, %x : (!tt.ptr<i8>, i8) -> i8
    tt.return
  }
}

// -----

// An op no pattern lowers gets a located error naming it and the target (block pointers are
// rewritten into plain pointers before ttgir; one that reaches the lowering is reported).
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @no_lowering(%base: !tt.ptr<f32>, %n: i64, %o: i32) {
    // expected-error @+2 {{tt.make_tensor_ptr is not supported for hip:gfx942: trex has no lowering of it to LLVM}}
    // expected-error @+1 {{failed to legalize operation 'tt.make_tensor_ptr'}}
    %p = tt.make_tensor_ptr %base, [%n], [%n], [%o] {order = array<i32: 0>} : <tensor<128xf32>>
    tt.return
  }
}

// -----

// wgmma exists on sm_90a only: on sm_80 a warp-group dot is a located error naming the target.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_wgmma(%sa: !ttg.memdesc<64x32xf16, #shared, #smem>, %sb: !ttg.memdesc<32x32xf16, #shared, #smem>, %c: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #mma> {
    // expected-error @+2 {{wgmma needs sm_90a; cuda:80 has none}}
    // expected-error @+1 {{failed to legalize operation 'ttng.warp_group_dot'}}
    %d = ttng.warp_group_dot %sa, %sb, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<64x32xf32, #mma>
    tt.return %d : tensor<64x32xf32, #mma>
  }
}

// -----

// MFMA dots trex has no instruction for say which types and instrShape they have.
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 32, 16], isTransposed = false}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @mfma_fp8(%a: tensor<32x16xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>, %b: tensor<16x32xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    // expected-error @+2 {{trex's MFMA lowering takes f16 x f16 and bf16 x bf16 into f32 (instrShape 32x32x8, 16x16x16), f32 x f32 into f32 (32x32x2, 16x16x4; at tf32 precision 32x32x4, 16x16x8) and i8 x i8 into i32 (32x32x16, 16x16x32), not 'f8E4M3FNUZ' x 'f8E4M3FNUZ' -> 'f32' with instrShape 32x32x16 for hip:gfx942}}
    // expected-error @+1 {{failed to legalize operation 'tt.dot'}}
    %d = tt.dot %a, %b, %c : tensor<32x16xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> * tensor<16x32xf8E4M3FNUZ, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}

// -----

// A warp-group dot whose B buffer is not #ttg.nvmma_shared cannot be read by a descriptor.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @swizzled_operand(%sa: !ttg.memdesc<64x32xf16, #shared, #smem>, %sb: !ttg.memdesc<32x32xf16, #shared1, #smem>, %c: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #mma> {
    // expected-error @+2 {{wgmma reads its B operand through a #ttg.nvmma_shared buffer, not #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>}}
    // expected-error @+1 {{failed to legalize operation 'ttng.warp_group_dot'}}
    %d = ttng.warp_group_dot %sa, %sb, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x32xf16, #shared1, #smem> -> tensor<64x32xf32, #mma>
    tt.return %d : tensor<64x32xf32, #mma>
  }
}

// -----

#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [64, 4, 4], isTransposed = false}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @mfma_64x4(%a: tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<16x16xf32, #mma>) -> tensor<16x16xf32, #mma> {
    // expected-error @+2 {{trex lowers #ttg.amd_mfma dots with 32x32xK and 16x16xK instructions, not instrShape 64x4x4 (for hip:gfx942)}}
    // expected-error @+1 {{failed to legalize operation 'tt.dot'}}
    %d = tt.dot %a, %b, %c : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<16x16xf32, #mma>
    tt.return %d : tensor<16x16xf32, #mma>
  }
}

// -----

// A K step needs 4 K elements per lane (32x32x8 f16); a 32x32x4 dot has only 2.
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @mfma_k_below_one_step(%a: tensor<32x4xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<4x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    // expected-error @+2 {{trex cannot lower this dot to MFMA instructions: the A operand holds fewer K elements per lane (2) than one MFMA takes (4)}}
    // expected-error @+1 {{failed to legalize operation 'tt.dot'}}
    %d = tt.dot %a, %b, %c : tensor<32x4xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<4x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}

// -----

// trex lowers CDNA3's MFMA instructions only.
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx90a", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @mfma_on_gfx90a(%a: tensor<32x8xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<8x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    // expected-error @+2 {{trex has no MFMA instruction of hip:gfx90a for 'f16' x 'f16' -> 'f32' with instrShape 32x32x8}}
    // expected-error @+1 {{failed to legalize operation 'tt.dot'}}
    %d = tt.dot %a, %b, %c : tensor<32x8xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<8x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}

// -----

// Found by fuzzing: MLIR's own arith lowering made an llvm.mlir.constant of a struct from it,
// which does not verify (an internal error).
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @distinct_constant(%p: tensor<2x!tt.ptr<i32>, #blocked>) {
    // expected-error @+1 {{tensor constants whose elements differ are not supported: trex lowers splat constants only, the only ones Triton makes}}
    %c = arith.constant dense<[3, 4]> : tensor<2xi32, #blocked>
    tt.store %p, %c : tensor<2x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// Found by fuzzing: 2^18 copies of each element per thread (sizePerThread far past the tensor)
// lowered for hours.
#blocked = #ttg.blocked<{sizePerThread = [32768, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copies_per_thread() {
    // expected-error @+1 {{this tensor's layout gives each thread 262144 elements (more than 65536), too many to lower}}
    %c = arith.constant dense<64> : tensor<64x128xi32, #blocked>
    tt.return
  }
}

// -----

// Thread-block clusters: the conversion lowers one CTA's program; a num_ctas > 1 module that
// localize-cluster-tensors did not rewrite into one (cluster.mlir) is an error, not code in
// which every CTA computes the first CTA's part.
#cluster_rows = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{convert-triton-gpu-to-llvm lowers the program of one CTA ("ttg.num-ctas" = 2): run localize-cluster-tensors first}}
  tt.func public @split_between_ctas(%p: !tt.ptr<f32>) {
    %offsets = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #cluster_rows>
    %base = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #cluster_rows>
    %ptrs = tt.addptr %base, %offsets : tensor<256x!tt.ptr<f32>, #cluster_rows>, tensor<256xi32, #cluster_rows>
    %values = tt.load %ptrs : tensor<256x!tt.ptr<f32>, #cluster_rows>
    tt.store %ptrs, %values : tensor<256x!tt.ptr<f32>, #cluster_rows>
    tt.return
  }
}

// -----

// A part of B whose rows do not start a swizzle period (rows 4..19 of a 128-byte swizzled
// buffer) is not laid out as a buffer of its own: no descriptor addresses it.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @misaligned_subslice_b(%a: tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    // expected-error @+2 {{trex lowers a ttg.memdesc_subslice that a warp_group_dot reads only where the part is laid out as a buffer of its own shape}}
    // expected-error @+1 {{failed to legalize operation 'ttg.memdesc_subslice'}}
    %part = ttg.memdesc_subslice %b[4, 0] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared, #smem, 64x64>
    %d = ttng.warp_group_dot %a, %part, %c {inputPrecision = 0 : i32, isAsync = true} : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<16x64xf16, #shared, #smem, 64x64> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}
