// RUN: trex-opt %s -split-input-file --triton-nvidia-gpu-plan-cta -verify-diagnostics | FileCheck %s
// triton-nvidia-gpu-plan-cta: with one CTA per cluster every layout already
// places everything in that CTA; clusters of several CTAs are rejected.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @one_cta
// CHECK-NEXT: arith.addf %arg0, %arg0 : tensor<1024xf32, #blocked>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @one_cta(%x: tensor<1024xf32, #blocked>) -> tensor<1024xf32, #blocked> {
    %y = arith.addf %x, %x : tensor<1024xf32, #blocked>
    tt.return %y : tensor<1024xf32, #blocked>
  }
}

// -----

// expected-error @below {{trex compiles one CTA per cluster, but the module has "ttg.num-ctas" = 2}}
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @two_ctas() {
    tt.return
  }
}
