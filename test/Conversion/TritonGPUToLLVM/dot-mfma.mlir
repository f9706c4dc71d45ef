// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s

// tt.dot with a #ttg.amd_mfma result (gfx942): one rocdl.mfma per 32x32 or 16x16 accumulator
// tile and K step of each wavefront, each lane's operand elements gathered into one vector,
// the tile's accumulator values into another.

// One 32x32x8 f16 instruction, transposed: the dot's B is the instruction's first source.
// A's and B's four registers are their K 0..3 in order (lane group 1 holds K 4..7), C's 16
// registers are the instruction's 16 values in order.
// CHECK-LABEL: llvm.func @dot_32x32x8_f16_transposed
// CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %arg0[0]
// CHECK-DAG: %[[A3:.*]] = llvm.extractvalue %arg0[3]
// CHECK-DAG: %[[B0:.*]] = llvm.extractvalue %arg1[0]
// CHECK-DAG: %[[B3:.*]] = llvm.extractvalue %arg1[3]
// CHECK-DAG: %[[C15:.*]] = llvm.extractvalue %arg2[15]
// CHECK: %[[CV:.*]] = llvm.insertelement %[[C15]], %{{.*}} : vector<16xf32>
// CHECK: %[[AV0:.*]] = llvm.insertelement %[[A0]], %{{.*}} : vector<4xf16>
// CHECK-NEXT: llvm.insertelement
// CHECK-NEXT: llvm.insertelement
// CHECK-NEXT: %[[AV:.*]] = llvm.insertelement %[[A3]], %{{.*}} : vector<4xf16>
// CHECK: %[[BV0:.*]] = llvm.insertelement %[[B0]], %{{.*}} : vector<4xf16>
// CHECK-NEXT: llvm.insertelement
// CHECK-NEXT: llvm.insertelement
// CHECK-NEXT: %[[BV:.*]] = llvm.insertelement %[[B3]], %{{.*}} : vector<4xf16>
// CHECK-NEXT: %[[D:.*]] = rocdl.mfma.f32.32x32x8f16 %[[BV]], %[[AV]], %[[CV]], %[[ZERO:.*]], %[[ZERO]], %[[ZERO]] : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
// CHECK-NOT: rocdl.mfma
// CHECK: llvm.extractelement %[[D]]
// CHECK: llvm.return
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @dot_32x32x8_f16_transposed(%a: tensor<32x8xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<8x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<32x8xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<8x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}

// -----

// Not transposed: A is the first source.
// CHECK-LABEL: llvm.func @dot_32x32x8_f16
// CHECK-DAG: %[[A3:.*]] = llvm.extractvalue %arg0[3]
// CHECK-DAG: %[[B3:.*]] = llvm.extractvalue %arg1[3]
// CHECK: %[[AV:.*]] = llvm.insertelement %[[A3]], %{{.*}} : vector<4xf16>
// CHECK: %[[BV:.*]] = llvm.insertelement %[[B3]], %{{.*}} : vector<4xf16>
// CHECK-NEXT: rocdl.mfma.f32.32x32x8f16 %[[AV]], %[[BV]], %{{.*}} : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
// CHECK-NOT: rocdl.mfma
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = false}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @dot_32x32x8_f16(%a: tensor<32x8xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<8x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<32x8xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<8x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}

// -----

// The gfx942 matmul fixtures' dot: 128x128x64 over warps [2, 2] is 2x2 tiles of 32x32 per
// warp and 8 K steps, 32 instructions as in Triton's .amdgcn (v_mfma_f32_32x32x8_f16, 32 per
// dot). K-outermost: the first 4 instructions start the 4 tiles from C, the fifth continues
// the first tile.
// CHECK-LABEL: llvm.func @dot_128x128x64_f16
// CHECK: %[[FIRST:.*]] = rocdl.mfma.f32.32x32x8f16
// CHECK-COUNT-3: rocdl.mfma.f32.32x32x8f16
// CHECK: rocdl.mfma.f32.32x32x8f16 %{{.*}}, %{{.*}}, %[[FIRST]],
// CHECK-COUNT-27: rocdl.mfma.f32.32x32x8f16 {{.*}} : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
// CHECK-NOT: rocdl.mfma
// CHECK: llvm.return
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @dot_128x128x64_f16(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<128x128xf32, #mma>
    tt.return %d : tensor<128x128xf32, #mma>
  }
}

// -----

// bf16 uses the "_1k" instructions, which take the bits as i16.
// CHECK-LABEL: llvm.func @dot_64x64x32_bf16
// CHECK: llvm.bitcast %{{.*}} : vector<4xbf16> to vector<4xi16>
// CHECK-COUNT-16: rocdl.mfma.f32.32x32x8bf16.1k {{.*}} : (vector<4xi16>, vector<4xi16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
// CHECK-NOT: rocdl.mfma
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @dot_64x64x32_bf16(%a: tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// 16x16x16 tiles: 4 accumulator values per lane; 32x32x32 over 4 warps [2, 2] is one tile per
// warp and 2 K steps.
// CHECK-LABEL: llvm.func @dot_32x32x32_f16_16x16
// CHECK-COUNT-2: rocdl.mfma.f32.16x16x16f16 {{.*}} : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
// CHECK-NOT: rocdl.mfma
// CHECK-LABEL: llvm.func @dot_32x32x32_bf16_16x16
// CHECK-COUNT-2: rocdl.mfma.f32.16x16x16bf16.1k {{.*}} : (vector<4xi16>, vector<4xi16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
// CHECK-NOT: rocdl.mfma
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [16, 16, 16], isTransposed = false}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @dot_32x32x32_f16_16x16(%a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
  tt.func public @dot_32x32x32_bf16_16x16(%a: tensor<32x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<32x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}

// -----

// f32 operands: one element per lane (32x32x2, K 16 = 8 steps), passed as a scalar.
// CHECK-LABEL: llvm.func @dot_32x32x16_f32
// CHECK: %[[A:.*]] = llvm.extractelement %{{.*}} : vector<1xf32>
// CHECK: %[[B:.*]] = llvm.extractelement %{{.*}} : vector<1xf32>
// CHECK-NEXT: rocdl.mfma.f32.32x32x2f32 %[[B]], %[[A]], %{{.*}} : (f32, f32, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
// CHECK-COUNT-7: rocdl.mfma.f32.32x32x2f32
// CHECK-NOT: rocdl.mfma
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 32, 2], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @dot_32x32x16_f32(%a: tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}

// -----

// f32 at tf32 precision: the xf32 instructions, two elements per lane.
// CHECK-LABEL: llvm.func @dot_16x16x16_xf32
// CHECK-COUNT-2: rocdl.mfma.f32.16x16x8.xf32 {{.*}} : (vector<2xf32>, vector<2xf32>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
// CHECK-NOT: rocdl.mfma
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [16, 16, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @dot_16x16x16_xf32(%a: tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<16x16xf32, #mma>) -> tensor<16x16xf32, #mma> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x16xf32, #mma>
    tt.return %d : tensor<16x16xf32, #mma>
  }
}

// -----

// i8 into i32: eight elements per lane as one i64.
// CHECK-LABEL: llvm.func @dot_32x32x32_i8
// CHECK: llvm.bitcast %{{.*}} : vector<8xi8> to i64
// CHECK-COUNT-2: rocdl.mfma.i32.32x32x16.i8 {{.*}} : (i64, i64, vector<16xi32>, i32, i32, i32) -> vector<16xi32>
// CHECK-NOT: rocdl.mfma
// CHECK-LABEL: llvm.func @dot_16x16x32_i8
// CHECK-COUNT-1: rocdl.mfma.i32.16x16x32.i8 {{.*}} : (i64, i64, vector<4xi32>, i32, i32, i32) -> vector<4xi32>
// CHECK-NOT: rocdl.mfma
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 32, 16], isTransposed = true}>
#mma16 = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [16, 16, 32], isTransposed = false}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @dot_32x32x32_i8(%a: tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>, %b: tensor<32x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>, %c: tensor<32x32xi32, #mma>) -> tensor<32x32xi32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> * tensor<32x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> -> tensor<32x32xi32, #mma>
    tt.return %d : tensor<32x32xi32, #mma>
  }
  tt.func public @dot_16x16x32_i8(%a: tensor<16x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma16, kWidth = 8}>>, %b: tensor<32x16xi8, #ttg.dot_op<{opIdx = 1, parent = #mma16, kWidth = 8}>>, %c: tensor<16x16xi32, #mma16>) -> tensor<16x16xi32, #mma16> {
    %d = tt.dot %a, %b, %c : tensor<16x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma16, kWidth = 8}>> * tensor<32x16xi8, #ttg.dot_op<{opIdx = 1, parent = #mma16, kWidth = 8}>> -> tensor<16x16xi32, #mma16>
    tt.return %d : tensor<16x16xi32, #mma16>
  }
}

// -----

// kWidth 8 (two instructions' K per lane): 32x32x32 in 4 steps, each instruction reading
// registers 0-3 or 4-7 of each 8-register K group.
// CHECK-LABEL: llvm.func @dot_32x32x32_f16_kpack2
// CHECK-DAG: %[[A4:.*]] = llvm.extractvalue %arg0[4]
// CHECK-DAG: %[[A7:.*]] = llvm.extractvalue %arg0[7]
// CHECK: rocdl.mfma.f32.32x32x8f16
// CHECK: llvm.insertelement %[[A4]]
// CHECK-NEXT: llvm.insertelement
// CHECK-NEXT: llvm.insertelement
// CHECK-NEXT: %[[AV:.*]] = llvm.insertelement %[[A7]]
// CHECK: rocdl.mfma.f32.32x32x8f16 %{{.*}}, %[[AV]],
// CHECK-COUNT-2: rocdl.mfma.f32.32x32x8f16
// CHECK-NOT: rocdl.mfma
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @dot_32x32x32_f16_kpack2(%a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}
