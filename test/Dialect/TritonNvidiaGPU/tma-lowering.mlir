// RUN: trex-opt %s -split-input-file --triton-nvidia-tma-lowering -verify-diagnostics | FileCheck %s
// triton-nvidia-tma-lowering: kernels without tensor descriptors pass
// unchanged; a descriptor access is reported instead of being left
// unlowered.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @no_descriptors
// CHECK-NEXT: tt.load
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @no_descriptors(%p: tensor<1024x!tt.ptr<f32>, #blocked>) -> tensor<1024xf32, #blocked> {
    %v = tt.load %p : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return %v : tensor<1024xf32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @descriptor_load(%d: !tt.tensordesc<tensor<64x64xf16>>, %x: i32) -> tensor<64x64xf16, #blocked> {
    // expected-error @below {{trex does not emit TMA copies}}
    %v = tt.descriptor_load %d[%x, %x] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    tt.return %v : tensor<64x64xf16, #blocked>
  }
}
