// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s

// tt.dot with a #ttg.nvidia_mma v2 result: one mma.sync per 16x8 accumulator tile and K step
// of each warp, A in 4 and B in 2 packed 32-bit words, the 4 accumulators tied to the results.

// 16x16x16 f16 over warps [2, 2]: each warp owns one 16x8 tile (the M warps repeat it), one K
// step. A's registers are (k, k+1), (m+8), (k+8), (m+8, k+8) in pairs, so word j packs
// registers 2j and 2j+1; B's pairs are (k, k+1) and (k+8, k+9); C's registers are the four
// accumulator values in order.
// CHECK-LABEL: llvm.func @dot_16x16x16_f16
// CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %arg0[0]
// CHECK-DAG: %[[A1:.*]] = llvm.extractvalue %arg0[1]
// CHECK-DAG: %[[A6:.*]] = llvm.extractvalue %arg0[6]
// CHECK-DAG: %[[A7:.*]] = llvm.extractvalue %arg0[7]
// CHECK-DAG: %[[B2:.*]] = llvm.extractvalue %arg1[2]
// CHECK-DAG: %[[B3:.*]] = llvm.extractvalue %arg1[3]
// CHECK-DAG: %[[C0:.*]] = llvm.extractvalue %arg2[0]
// CHECK-DAG: %[[C3:.*]] = llvm.extractvalue %arg2[3]
// CHECK: %[[W0LO:.*]] = llvm.insertelement %[[A0]], %{{.*}}[%{{.*}} : i32] : vector<2xf16>
// CHECK-NEXT: %[[W0V:.*]] = llvm.insertelement %[[A1]], %[[W0LO]]
// CHECK-NEXT: %[[AW0:.*]] = llvm.bitcast %[[W0V]] : vector<2xf16> to i32
// CHECK: %[[W3LO:.*]] = llvm.insertelement %[[A6]]
// CHECK-NEXT: %[[W3V:.*]] = llvm.insertelement %[[A7]], %[[W3LO]]
// CHECK-NEXT: %[[AW3:.*]] = llvm.bitcast %[[W3V]] : vector<2xf16> to i32
// CHECK: %[[B1LO:.*]] = llvm.insertelement %[[B2]]
// CHECK-NEXT: %[[B1V:.*]] = llvm.insertelement %[[B3]], %[[B1LO]]
// CHECK-NEXT: %[[BW1:.*]] = llvm.bitcast %[[B1V]] : vector<2xf16> to i32
// CHECK-NEXT: %[[D:.*]] = llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};", "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3" %[[AW0]], %{{.*}}, %{{.*}}, %[[AW3]], %{{.*}}, %[[BW1]], %[[C0]], %{{.*}}, %{{.*}}, %[[C3]] : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: mma.sync
// CHECK: %[[D0:.*]] = llvm.extractvalue %[[D]][0]
// CHECK: llvm.insertvalue %[[D0]], %{{.*}}[0]
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot_16x16x16_f16(%a: tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<16x16xf32, #mma>) -> tensor<16x16xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x16xf32, #mma>
    tt.return %d : tensor<16x16xf32, #mma>
  }
}

// -----

// 64x64x32 f16 (the matmul sample's tile): per warp 32x32, 2x4 tiles, 2 K steps, 16
// instructions, K-outermost (the 8 of the first step use A's K 0..15 words, the next 8 the
// 16..31 words), each tile's second instruction chained to its first.
// CHECK-LABEL: llvm.func @dot_64x64x32_f16
// CHECK-SAME: %arg0: !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
// CHECK: %[[FIRST:.*]] = llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NEXT: %[[ACC0:.*]] = llvm.extractvalue %[[FIRST]][0]
// CHECK-COUNT-7: llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{.*}} : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{.*}}, %[[ACC0]], %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK-COUNT-7: llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: mma.sync
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot_64x64x32_f16(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// bf16 packs like f16 and names bf16 in the instruction.
// CHECK-LABEL: llvm.func @dot_16x16x16_bf16
// CHECK: llvm.bitcast %{{.*}} : vector<2xbf16> to i32
// CHECK: llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {{.*}} : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: mma.sync
// CHECK-LABEL: llvm.func @dot_64x64x32_bf16
// CHECK-COUNT-16: llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// CHECK-NOT: mma.sync
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot_16x16x16_bf16(%a: tensor<16x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x16xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<16x16xf32, #mma>) -> tensor<16x16xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<16x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x16xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x16xf32, #mma>
    tt.return %d : tensor<16x16xf32, #mma>
  }
  tt.func public @dot_64x64x32_bf16(%a: tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// kWidth 4 (f16 operands upcast from 8 bits) gives each lane 4 consecutive K: the registers
// are (k, k+1, k+2, k+3) then m+8, so the second K half of the fragment (word 2) is registers
// 2 and 3 and the m+8 rows (word 1) registers 4 and 5. The sum is the same because B's K goes
// through the same permutation.
// CHECK-LABEL: llvm.func @dot_kwidth4_f16
// CHECK-DAG: %[[A2:.*]] = llvm.extractvalue %arg0[2]
// CHECK-DAG: %[[A4:.*]] = llvm.extractvalue %arg0[4]
// CHECK: %[[W1LO:.*]] = llvm.insertelement %[[A4]]
// CHECK-NEXT: llvm.insertelement %{{.*}}, %[[W1LO]]
// CHECK-NEXT: %[[AW1:.*]] = llvm.bitcast
// CHECK-NEXT: %[[W2LO:.*]] = llvm.insertelement %[[A2]]
// CHECK-NEXT: llvm.insertelement %{{.*}}, %[[W2LO]]
// CHECK-NEXT: %[[AW2:.*]] = llvm.bitcast
// CHECK: llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{.*}}" %{{.*}}, %[[AW1]], %[[AW2]],
// CHECK-NOT: mma.sync
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot_kwidth4_f16(%a: tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<16x16xf32, #mma>) -> tensor<16x16xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<16x16xf32, #mma>
    tt.return %d : tensor<16x16xf32, #mma>
  }
}

// -----

// tf32: f32 operands, one element per word, K 8; int8: four per word, K 32, i32 accumulators.
// 32x32 over warps [2, 2]: 2 tiles per warp, 2 K steps each.
// CHECK-LABEL: llvm.func @dot_tf32
// CHECK: llvm.bitcast %{{.*}} : f32 to i32
// CHECK-COUNT-4: llvm.inline_asm "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {{.*}} : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: mma.sync
// CHECK-LABEL: llvm.func @dot_i8
// CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK-COUNT-4: llvm.inline_asm "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};", "=r,=r,=r,=r,r,r,r,r,r,r,0,1,2,3" {{.*}} : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: mma.sync
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot_tf32(%a: tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<32x32xf32, #mma>) -> tensor<32x32xf32, #mma> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<16x32xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
  tt.func public @dot_i8(%a: tensor<32x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<64x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xi32, #mma>) -> tensor<32x32xi32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<32x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xi32, #mma>
    tt.return %d : tensor<32x32xi32, #mma>
  }
}

// -----

// f16 accumulators: mma.sync's .f16.f16.f16.f16 form, the four accumulator values of a tile as
// two f16x2 words tied to the result.
// CHECK-LABEL: llvm.func @dot_f16_accumulate
// CHECK: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: llvm.inline_asm "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {$0, $1}, {$2, $3, $4, $5}, {$6, $7}, {$8, $9};", "=r,=r,r,r,r,r,r,r,0,1"
// CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot_f16_accumulate(%a: tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<16x16xf16, #mma>) -> tensor<16x16xf16, #mma> {
    %d = tt.dot %a, %b, %c : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x16xf16, #mma>
    tt.return %d : tensor<16x16xf16, #mma>
  }
}

// -----

// f64 (kWidth 1, Triton 3.6's layout for f64 dots on sm_80+ and sm_90): the fragments of a tf32
// 16x8x8 tile, one f64 per register, as four m8n8k4 f64 instructions. Over warps [4, 1] a
// 16x8x8 dot is one tile: A's registers are (m, k), (m+8, k), (m, k+4), (m+8, k+4), B's (k)
// and (k+4), C's (m, n), (m, n+1), (m+8, n), (m+8, n+1). Rows 0-7 take C's first pair, rows
// 8-15 its second; K 0-3 comes first (A0/A1 with B0), then K 4-7 (A2/A3 with B1).
// CHECK-LABEL: llvm.func @dot_f64
// CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %arg0[0]
// CHECK-DAG: %[[A1:.*]] = llvm.extractvalue %arg0[1]
// CHECK-DAG: %[[A2:.*]] = llvm.extractvalue %arg0[2]
// CHECK-DAG: %[[A3:.*]] = llvm.extractvalue %arg0[3]
// CHECK-DAG: %[[B0:.*]] = llvm.extractvalue %arg1[0]
// CHECK-DAG: %[[B1:.*]] = llvm.extractvalue %arg1[1]
// CHECK-DAG: %[[C0:.*]] = llvm.extractvalue %arg2[0]
// CHECK-DAG: %[[C1:.*]] = llvm.extractvalue %arg2[1]
// CHECK-DAG: %[[C2:.*]] = llvm.extractvalue %arg2[2]
// CHECK-DAG: %[[C3:.*]] = llvm.extractvalue %arg2[3]
// CHECK: %[[UP0:.*]] = llvm.inline_asm "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {$0, $1}, {$2}, {$3}, {$4, $5};", "=d,=d,d,d,0,1" %[[A0]], %[[B0]], %[[C0]], %[[C1]] : (f64, f64, f64, f64) -> !llvm.struct<(f64, f64)>
// CHECK-DAG: %[[U00:.*]] = llvm.extractvalue %[[UP0]][0]
// CHECK-DAG: %[[U01:.*]] = llvm.extractvalue %[[UP0]][1]
// CHECK: %[[LO0:.*]] = llvm.inline_asm "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {{.*}}" %[[A1]], %[[B0]], %[[C2]], %[[C3]]
// CHECK-DAG: %[[L00:.*]] = llvm.extractvalue %[[LO0]][0]
// CHECK-DAG: %[[L01:.*]] = llvm.extractvalue %[[LO0]][1]
// CHECK: %[[UP1:.*]] = llvm.inline_asm "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {{.*}}" %[[A2]], %[[B1]], %[[U00]], %[[U01]]
// CHECK: %[[LO1:.*]] = llvm.inline_asm "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {{.*}}" %[[A3]], %[[B1]], %[[L00]], %[[L01]]
// CHECK-NOT: mma.sync
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot_f64(%a: tensor<16x8xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<8x8xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<16x8xf64, #mma>) -> tensor<16x8xf64, #mma> {
    %d = tt.dot %a, %b, %c : tensor<16x8xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<8x8xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<16x8xf64, #mma>
    tt.return %d : tensor<16x8xf64, #mma>
  }
}
