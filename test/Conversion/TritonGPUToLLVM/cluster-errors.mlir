// RUN: trex-opt %s -split-input-file --localize-cluster-tensors -verify-diagnostics
// RUN: not trex-opt %s -split-input-file --convert-triton-gpu-to-llvm 2>&1 | FileCheck %s --check-prefix=DIRECT

// What localize-cluster-tensors refuses in a thread-block cluster kernel, at the op, instead
// of code in which every CTA would compute the wrong part. The conversion to LLVM by itself
// refuses any cluster kernel (it lowers one CTA's program).
// DIRECT: error: convert-triton-gpu-to-llvm lowers the program of one CTA ("ttg.num-ctas" = 2): run localize-cluster-tensors first

// Rows split between the CTAs converted to a layout that splits columns: data would move
// between the CTAs (distributed shared memory).
#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#cols = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @across(%x: f32) {
    %t = tt.splat %x : f32 -> tensor<64x256xf32, #rows>
    // expected-error @+1 {{'ttg.convert_layout' moves data between the CTAs of a cluster (its operands and results are split differently between the 2 CTAs: distributed shared memory), which trex does not lower yet}}
    %u = ttg.convert_layout %t : tensor<64x256xf32, #rows> -> tensor<64x256xf32, #cols>
    tt.return
  }
}

// -----

// A reduction: not split between CTAs by this pass (along the split axis it would combine
// the CTAs' parts).
#cols = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reduce(%x: f32) {
    %t = tt.splat %x : f32 -> tensor<64x256xf32, #cols>
    // expected-error @+1 {{trex does not lower 'tt.reduce' in a thread-block cluster kernel ("ttg.num-ctas" = 2) yet}}
    %s = "tt.reduce"(%t) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<64x256xf32, #cols>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #cols}>>
    tt.return
  }
}

// -----

// Atomics: every CTA of the cluster would do them.
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @atomic(%p: !tt.ptr<i32>, %x: i32) {
    // expected-error @+1 {{trex does not lower 'tt.atomic_rmw' in a thread-block cluster kernel ("ttg.num-ctas" = 2) yet: each CTA of the cluster would do the atomic}}
    %0 = tt.atomic_rmw add, relaxed, gpu, %p, %x : (!tt.ptr<i32>, i32) -> i32
    tt.return
  }
}

// -----

// A dot whose A is split along K: each CTA would multiply half of K.
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = [[0, 1]], instrShape = [16, 64, 16]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @split_k(%sa: !ttg.memdesc<128x32xf16, #sa, #smem>, %sb: !ttg.memdesc<32x128xf16, #sb, #smem>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    // expected-error @+1 {{'ttng.warp_group_dot' moves data between the CTAs of a cluster}}
    %d = ttng.warp_group_dot %sa, %sb, %zero : !ttg.memdesc<128x32xf16, #sa, #smem> * !ttg.memdesc<32x128xf16, #sb, #smem> -> tensor<128x128xf32, #mma>
    tt.return
  }
}

// -----

// Clusters need sm_90.
// expected-error @+1 {{"ttg.num-ctas" = 2 needs thread-block clusters, which NVIDIA sm_90+ has and cuda:80 has not}}
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ampere() {
    tt.return
  }
}

// -----

// Two bits of the rank moving the same part (CGALayout [[1], [1]]): the part's linear layout
// is not the cluster's without its block dimension, which the pass checks for every type.
#same = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[1], [1]]}>
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @same_part(%p: !tt.ptr<i32>) {
    // expected-error @+1 {{the CTA's register bases differ from the cluster's ("ttg.num-ctas" = 4)}}
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #same>
    tt.return
  }
}
