// RUN: trex-opt %s -split-input-file --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s

// tt.fp_to_fp widening fp8 (AMD's fp8 dots before gfx950 are computed in f16): the fp8 bits
// (an i8) become the f32 value, exact for every fp8 format, then f16 / bf16 / f32 without
// further rounding (each holds every fp8 value).

// CHECK-LABEL: llvm.func @e5m2_to_f16
// CHECK: %[[BITS:.*]] = llvm.extractvalue %arg0[0] : !llvm.struct<(i8)>
// CHECK: llvm.zext %[[BITS]] : i8 to i32
// CHECK: llvm.bitcast %{{.*}} : i32 to f32
// CHECK: %[[NARROW:.*]] = llvm.fptrunc %{{.*}} : f32 to f16
// CHECK-NEXT: llvm.insertvalue %[[NARROW]]
// CHECK-LABEL: llvm.func @e4m3_to_bf16
// CHECK: llvm.fptrunc %{{.*}} : f32 to bf16
// CHECK-LABEL: llvm.func @e4m3fnuz_to_f32
// CHECK-NOT: llvm.fptrunc
// CHECK-NOT: llvm.fpext
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @e5m2_to_f16(%x: tensor<64xf8E5M2, #blocked>) -> tensor<64xf16, #blocked> {
    %y = tt.fp_to_fp %x : tensor<64xf8E5M2, #blocked> -> tensor<64xf16, #blocked>
    tt.return %y : tensor<64xf16, #blocked>
  }
  tt.func public @e4m3_to_bf16(%x: tensor<64xf8E4M3FN, #blocked>) -> tensor<64xbf16, #blocked> {
    %y = tt.fp_to_fp %x : tensor<64xf8E4M3FN, #blocked> -> tensor<64xbf16, #blocked>
    tt.return %y : tensor<64xbf16, #blocked>
  }
  tt.func public @e4m3fnuz_to_f32(%x: tensor<64xf8E4M3FNUZ, #blocked>) -> tensor<64xf32, #blocked> {
    %y = tt.fp_to_fp %x : tensor<64xf8E4M3FNUZ, #blocked> -> tensor<64xf32, #blocked>
    tt.return %y : tensor<64xf32, #blocked>
  }
}
