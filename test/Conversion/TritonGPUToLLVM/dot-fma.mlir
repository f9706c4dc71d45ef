// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s

// tt.dot with a #ttg.blocked result (the FMA path): each result register accumulates, in K
// order, the products of the A registers on its row and the B registers on its column.

// 16x16x16, 1 warp, #blocked with 2x2 elements per thread over 4x8 lanes. Per thread:
//   C register 0 is (m, n), 1 is (m, n+1), 2 is (m+1, n), 4 is (m+8, n);
//   A register k + 16*i holds row m + {0, 1, 8, 9}[i], column k (all of K in one thread);
//   B register 2k + j holds row k, column n + j.
// So C[0] += A[k] * B[2k], C[1] += A[k] * B[2k+1], C[2] += A[16+k] * B[2k],
// C[4] += A[32+k] * B[2k], k = 0 .. 15.
// CHECK-LABEL: llvm.func @dot_16x16x16_f32
// CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %arg0[0] :
// CHECK-DAG: %[[A1:.*]] = llvm.extractvalue %arg0[1] :
// CHECK-DAG: %[[A15:.*]] = llvm.extractvalue %arg0[15] :
// CHECK-DAG: %[[A16:.*]] = llvm.extractvalue %arg0[16] :
// CHECK-DAG: %[[A32:.*]] = llvm.extractvalue %arg0[32] :
// CHECK-DAG: %[[B0:.*]] = llvm.extractvalue %arg1[0] :
// CHECK-DAG: %[[B1:.*]] = llvm.extractvalue %arg1[1] :
// CHECK-DAG: %[[B2:.*]] = llvm.extractvalue %arg1[2] :
// CHECK-DAG: %[[B30:.*]] = llvm.extractvalue %arg1[30] :
// CHECK-DAG: %[[C0:.*]] = llvm.extractvalue %arg2[0] :
// CHECK-DAG: %[[C1:.*]] = llvm.extractvalue %arg2[1] :
// CHECK-DAG: %[[C2:.*]] = llvm.extractvalue %arg2[2] :
// CHECK-DAG: %[[C4:.*]] = llvm.extractvalue %arg2[4] :
// k is the outer loop (as in Triton's FMA lowering): the 8 results' products at k = 0, then
// at k = 1, ...; an operand element is used at one step only, so only the accumulators stay
// live across steps (an FMA dot of 16-bit operands on gfx942 spilled over a thousand registers
// when each result summed all of K in turn).
// CHECK: %[[S0:.*]] = llvm.intr.fmuladd(%[[A0]], %[[B0]], %[[C0]]) : (f32, f32, f32) -> f32
// CHECK-NEXT: llvm.intr.fmuladd(%[[A0]], %[[B1]], %[[C1]])
// CHECK-NEXT: llvm.intr.fmuladd(%[[A16]], %[[B0]], %[[C2]])
// CHECK-NEXT: llvm.intr.fmuladd
// CHECK-NEXT: llvm.intr.fmuladd(%[[A32]], %[[B0]], %[[C4]])
// CHECK-COUNT-3: llvm.intr.fmuladd
// CHECK-NEXT: llvm.intr.fmuladd(%[[A1]], %[[B2]], %[[S0]])
// CHECK-COUNT-111: llvm.intr.fmuladd
// CHECK-NEXT: %[[R0:.*]] = llvm.intr.fmuladd(%[[A15]], %[[B30]], %{{.*}})
// CHECK-COUNT-7: llvm.intr.fmuladd
// CHECK: %[[PACKED:.*]] = llvm.insertvalue %[[R0]], %{{.*}}[0]
// CHECK-NOT: llvm.intr.fmuladd
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot_16x16x16_f32(%a: tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x16xf32, #blocked>) -> tensor<16x16xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xf32, #blocked>
    tt.return %d : tensor<16x16xf32, #blocked>
  }
}

// -----

// Narrow operands are widened to the accumulator's type before the products: i8 to i32 (signed,
// mul + add), bf16 to f32; an f16 accumulator (out_dtype=float16) multiplies f16 directly.
// fp8 is widened exactly by bit placement: e5m2 bits go 21 places up in an f32 and scale by
// 2^(127-15) = 5.19229686E+33, e4m3fn 20 places and 2^(127-7) = 1.329228E+36. 4x8 result on
// 4x8 lanes: one element per thread, K = 2.
// CHECK-LABEL: llvm.func @dot_i8
// CHECK: %[[A0:.*]] = llvm.sext %{{.*}} : i8 to i32
// CHECK-NEXT: %[[B0:.*]] = llvm.sext %{{.*}} : i8 to i32
// CHECK-NEXT: %[[P0:.*]] = llvm.mul %[[A0]], %[[B0]] : i32
// CHECK-NEXT: %[[S0:.*]] = llvm.add %{{.*}}, %[[P0]] : i32
// CHECK: %[[P1:.*]] = llvm.mul
// CHECK-NEXT: llvm.add %[[S0]], %[[P1]] : i32
// CHECK-LABEL: llvm.func @dot_fp8
// CHECK-DAG: %[[E4M3_SCALE:.*]] = llvm.mlir.constant(1.329228E+36 : f32) : f32
// CHECK-DAG: %[[E5M2_SCALE:.*]] = llvm.mlir.constant(5.19229686E+33 : f32) : f32
// CHECK-DAG: %[[C20:.*]] = llvm.mlir.constant(20 : i32) : i32
// CHECK-DAG: %[[C21:.*]] = llvm.mlir.constant(21 : i32) : i32
// CHECK: llvm.shl %{{.*}}, %[[C21]] : i32
// CHECK: llvm.fmul %{{.*}}, %[[E5M2_SCALE]] : f32
// CHECK: llvm.shl %{{.*}}, %[[C20]] : i32
// CHECK: llvm.fmul %{{.*}}, %[[E4M3_SCALE]] : f32
// CHECK: llvm.intr.fmuladd({{.*}}) : (f32, f32, f32) -> f32
// CHECK-LABEL: llvm.func @dot_f16_out
// CHECK-NOT: llvm.fpext
// CHECK: llvm.intr.fmuladd({{.*}}) : (f16, f16, f16) -> f16
// CHECK-NEXT: llvm.intr.fmuladd({{.*}}) : (f16, f16, f16) -> f16
// CHECK-LABEL: llvm.func @dot_bf16
// CHECK: llvm.fpext %{{.*}} : bf16 to f32
// CHECK-NEXT: llvm.fpext %{{.*}} : bf16 to f32
// CHECK-NEXT: llvm.intr.fmuladd({{.*}}) : (f32, f32, f32) -> f32
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot_i8(%a: tensor<4x2xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<2x8xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<4x8xi32, #blocked>) -> tensor<4x8xi32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<4x2xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x8xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<4x8xi32, #blocked>
    tt.return %d : tensor<4x8xi32, #blocked>
  }
  tt.func public @dot_fp8(%a: tensor<4x2xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<2x8xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<4x8xf32, #blocked>) -> tensor<4x8xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<4x2xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x8xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<4x8xf32, #blocked>
    tt.return %d : tensor<4x8xf32, #blocked>
  }
  tt.func public @dot_f16_out(%a: tensor<4x2xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<2x8xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<4x8xf16, #blocked>) -> tensor<4x8xf16, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<4x2xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x8xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<4x8xf16, #blocked>
    tt.return %d : tensor<4x8xf16, #blocked>
  }
  tt.func public @dot_bf16(%a: tensor<4x2xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<2x8xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<4x8xf32, #blocked>) -> tensor<4x8xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<4x2xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x8xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<4x8xf32, #blocked>
    tt.return %d : tensor<4x8xf32, #blocked>
  }
}

// -----

// Batched (3-D): warps split the batch, so each thread's operands are in its own batch.
// 2x4x8 result over 4x8 lanes and 2 warps, K = 4: one output per thread, four products.
// CHECK-LABEL: llvm.func @dot_batched
// CHECK-COUNT-4: llvm.intr.fmuladd
// CHECK-NOT: llvm.intr.fmuladd
#blocked = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [2, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot_batched(%a: tensor<2x4x4xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<2x4x8xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<2x4x8xf32, #blocked>) -> tensor<2x4x8xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<2x4x4xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x4x8xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<2x4x8xf32, #blocked>
    tt.return %d : tensor<2x4x8xf32, #blocked>
  }
}
