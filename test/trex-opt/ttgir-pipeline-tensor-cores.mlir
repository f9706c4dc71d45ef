// RUN: trex-opt %s --trex-ttgir-pipeline="target=cuda:80 num-warps=4" | FileCheck %s --check-prefix=MMA
// RUN: trex-opt %s --trex-ttgir-pipeline="target=cuda:80 num-warps=4 tensor-cores=false" | FileCheck %s --check-prefix=FMA
// RUN: trex-opt %s --trex-ttgir-pipeline="target=hip:gfx942 num-warps=4" | FileCheck %s --check-prefix=MFMA
// --trex-ttgir-pipeline selects tensor-core layouts by default (as Triton's
// make_ttgir does); tensor-cores=false keeps the FMA layouts (trex compile
// --mma fma).

// MMA: #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// MMA: tt.dot {{.*}} -> tensor<64x64xf32, #mma>
// FMA-NOT: nvidia_mma
// FMA: tt.dot {{.*}} -> tensor<64x64xf32, #blocked
// MFMA: #mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
// MFMA: tt.dot {{.*}} -> tensor<64x64xf32, #mma>
module {
  tt.func public @dot(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    tt.return %d : tensor<64x64xf32>
  }
}
