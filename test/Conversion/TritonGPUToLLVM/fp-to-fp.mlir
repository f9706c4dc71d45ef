// RUN: trex-opt %s -split-input-file --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s

// tt.fp_to_fp widening fp8 (AMD's fp8 dots before gfx950 are computed in f16): the fp8 bits
// (an i8) become the f32 value, exact for every fp8 format, then f16 / bf16 / f32 without
// further rounding (each holds every fp8 value).

// e5m2 is the high byte of an f16: no arithmetic.
// CHECK-LABEL: llvm.func @e5m2_to_f16
// CHECK: %[[BITS:.*]] = llvm.extractvalue %arg0[0] : !llvm.struct<(i8)>
// CHECK: %[[WIDE:.*]] = llvm.zext %[[BITS]] : i8 to i16
// CHECK: %[[HIGH:.*]] = llvm.shl %[[WIDE]], %{{.*}} : i16
// CHECK: %[[HALF:.*]] = llvm.bitcast %[[HIGH]] : i16 to f16
// CHECK-NEXT: llvm.insertvalue %[[HALF]]
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

// -----

// On sm_89+ (here sm_90) fp8 <-> f16/bf16/f32 are paired cvt instructions, as Triton lowers
// them: two elements per instruction, the first in the low byte / half; inline PTX without
// side effects. Toward-zero narrowing has no instruction and stays in software.
// CHECK-LABEL: llvm.func @cuda_e4m3_to_bf16
// CHECK-COUNT-2: llvm.inline_asm "{{.*}}cvt.rn.f16x2.e4m3x2 h, $1;{{.*}}cvt.bf16.f16 o0, h0;{{.*}}", "=r,h" {{.*}} : (i16) -> i32
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.return
// e5m2 to f32 without cvt, through the f16 it is the high byte of; to bf16 through cvt's f16
// pair and sm_90's cvt.bf16.f16, as e4m3.
// CHECK-LABEL: llvm.func @cuda_e5m2_to_f32
// CHECK-NOT: llvm.inline_asm
// CHECK: %[[HALF:.*]] = llvm.bitcast %{{.*}} : i16 to f16
// CHECK: llvm.fpext %[[HALF]] : f16 to f32
// CHECK-LABEL: llvm.func @cuda_e5m2_to_bf16
// CHECK-COUNT-2: llvm.inline_asm "{{.*}}cvt.rn.f16x2.e5m2x2 h, $1;{{.*}}cvt.bf16.f16 o0, h0;{{.*}}", "=r,h"
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @cuda_f16_to_e4m3
// CHECK-COUNT-2: llvm.inline_asm "cvt.rn.satfinite.e4m3x2.f16x2 $0, $1;", "=h,r" {{.*}} : (i32) -> i16
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @cuda_f32_to_e5m2
// CHECK: %[[LOW:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[HIGH:.*]] = llvm.extractvalue %arg0[1]
// CHECK: %[[BYTES:.*]] = llvm.inline_asm "cvt.rn.satfinite.e5m2x2.f32 $0, $1, $2;", "=h,r,r" %[[HIGH]], %[[LOW]] : (f32, f32) -> i16
// CHECK: llvm.trunc %[[BYTES]] : i16 to i8
// CHECK: llvm.lshr %[[BYTES]]
// CHECK-LABEL: llvm.func @cuda_bf16_to_e4m3
// CHECK: llvm.fpext %{{.*}} : bf16 to f32
// CHECK: llvm.inline_asm "cvt.rn.satfinite.e4m3x2.f32 $0, $1, $2;"
// CHECK-LABEL: llvm.func @cuda_f16_to_e5m2_rtz
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.return
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cuda_e4m3_to_bf16(%x: tensor<128xf8E4M3FN, #blocked1>) -> tensor<128xbf16, #blocked1> {
    %y = tt.fp_to_fp %x : tensor<128xf8E4M3FN, #blocked1> -> tensor<128xbf16, #blocked1>
    tt.return %y : tensor<128xbf16, #blocked1>
  }
  tt.func public @cuda_e5m2_to_f32(%x: tensor<128xf8E5M2, #blocked1>) -> tensor<128xf32, #blocked1> {
    %y = tt.fp_to_fp %x : tensor<128xf8E5M2, #blocked1> -> tensor<128xf32, #blocked1>
    tt.return %y : tensor<128xf32, #blocked1>
  }
  tt.func public @cuda_e5m2_to_bf16(%x: tensor<128xf8E5M2, #blocked1>) -> tensor<128xbf16, #blocked1> {
    %y = tt.fp_to_fp %x : tensor<128xf8E5M2, #blocked1> -> tensor<128xbf16, #blocked1>
    tt.return %y : tensor<128xbf16, #blocked1>
  }
  tt.func public @cuda_f16_to_e4m3(%x: tensor<128xf16, #blocked1>) -> tensor<128xf8E4M3FN, #blocked1> {
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<128xf16, #blocked1> -> tensor<128xf8E4M3FN, #blocked1>
    tt.return %y : tensor<128xf8E4M3FN, #blocked1>
  }
  tt.func public @cuda_f32_to_e5m2(%x: tensor<128xf32, #blocked1>) -> tensor<128xf8E5M2, #blocked1> {
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<128xf32, #blocked1> -> tensor<128xf8E5M2, #blocked1>
    tt.return %y : tensor<128xf8E5M2, #blocked1>
  }
  tt.func public @cuda_bf16_to_e4m3(%x: tensor<128xbf16, #blocked1>) -> tensor<128xf8E4M3FN, #blocked1> {
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<128xbf16, #blocked1> -> tensor<128xf8E4M3FN, #blocked1>
    tt.return %y : tensor<128xf8E4M3FN, #blocked1>
  }
  tt.func public @cuda_f16_to_e5m2_rtz(%x: tensor<128xf16, #blocked1>) -> tensor<128xf8E5M2, #blocked1> {
    %y = tt.fp_to_fp %x, rounding = rtz : tensor<128xf16, #blocked1> -> tensor<128xf8E5M2, #blocked1>
    tt.return %y : tensor<128xf8E5M2, #blocked1>
  }
}

// -----

// sm_80 has no fp8 conversion instructions: software, as before.
// CHECK-LABEL: llvm.func @sm80_f16_to_e5m2
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.return
#blocked2 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @sm80_f16_to_e5m2(%x: tensor<128xf16, #blocked2>) -> tensor<128xf8E5M2, #blocked2> {
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<128xf16, #blocked2> -> tensor<128xf8E5M2, #blocked2>
    tt.return %y : tensor<128xf8E5M2, #blocked2>
  }
}

// -----

// ttg.fp4_to_fp on NVIDIA: eight e2m1 values per 32-bit word through prmt lookups of the
// low and high bytes of 0, 0.5, 1, 1.5, 2, 3, 4, 6 (bf16: 0x0000, 0x3F00, 0x3F80, 0x3FC0,
// 0x4000, 0x4040, 0x4080, 0x40C0), the first byte in the low bits; values 0-3 come from the
// low half of the word's nibbles, 4-7 from the high half. fp4-to-fp.test runs the generic
// decoding (AMD) on the host; test_scaled_dot on the GPU runs this one.
// CHECK-LABEL: llvm.func @cuda_fp4_to_bf16
// CHECK: llvm.inline_asm "{{.*}}and.b32 s, $4, 0x88888888;{{.*}}prmt.b32 l0, 0xc0800000, 0xc0804000, m;{{.*}}prmt.b32 h0, 0x3f3f3f00, 0x40404040, m;{{.*}}prmt.b32 $0, l0, h0, 0x5140;{{.*}}", "=r,=r,=r,=r,r" %{{.*}} : (i32) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @cuda_fp4_to_f16
// CHECK: llvm.inline_asm "{{.*}}prmt.b32 l0, 0x00000000, 0x00000000, m;{{.*}}prmt.b32 h0, 0x3e3c3800, 0x46444240, m;
#bytes = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#pairs = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cuda_fp4_to_bf16(%x: tensor<128xi8, #bytes>) -> tensor<256xbf16, #pairs> {
    %y = ttg.fp4_to_fp %x {axis = 0 : i32} : tensor<128xi8, #bytes> -> tensor<256xbf16, #pairs>
    tt.return %y : tensor<256xbf16, #pairs>
  }
  tt.func public @cuda_fp4_to_f16(%x: tensor<128xi8, #bytes>) -> tensor<256xf16, #pairs> {
    %y = ttg.fp4_to_fp %x {axis = 0 : i32} : tensor<128xi8, #bytes> -> tensor<256xf16, #pairs>
    tt.return %y : tensor<256xf16, #pairs>
  }
}
