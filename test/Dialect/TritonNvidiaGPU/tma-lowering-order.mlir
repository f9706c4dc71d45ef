// RUN: trex-opt %s --triton-nvidia-tma-lowering -verify-diagnostics
// The TMA lowering needs the descriptor's TMA layout, which
// triton-nvidia-optimize-descriptor-encoding gives it; without it the lowering says so.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @unencoded(%x: !tt.ptr<f16>, %m: i32, %s: i64) {
    %c1 = arith.constant 1 : i64
    // expected-error @below {{the descriptor's block has no TMA layout (triton-nvidia-optimize-descriptor-encoding runs first)}}
    %d = tt.make_tensor_descriptor %x, [%m, %m], [%s, %c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16>>
    tt.return
  }
}
