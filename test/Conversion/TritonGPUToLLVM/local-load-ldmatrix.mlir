// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s

// ttg.local_load into mma.sync operand layouts of 16-bit elements reads with ldmatrix where
// the access has its shape (MatrixLoad.h): A over a K-contiguous buffer plainly, B over an
// N-contiguous one with .trans; each x4 gives a thread 8 registers. The matmul sample's
// 64x32 A and 32x64 B tiles over 4 warps [2, 2]: a warp's 32x32 share is 32 registers of
// each per thread, four x4 each, and no scalar shared loads.
// CHECK-LABEL: llvm.func @sample_operands
// CHECK-COUNT-4: llvm.inline_asm has_side_effects "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,r" {{.*}} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-COUNT-4: llvm.inline_asm has_side_effects "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK-NOT: ldmatrix
// CHECK-NOT: llvm.load {{.*}} !llvm.ptr<3>
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @sample_operands(%a: tensor<64x32xf16, #blocked>, %b: tensor<32x64xf16, #blocked1>) -> (tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>) {
    %sa = ttg.local_alloc %a : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
    %sb = ttg.local_alloc %b : (tensor<32x64xf16, #blocked1>) -> !ttg.memdesc<32x64xf16, #shared1, #smem>
    %ra = ttg.local_load %sa : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %rb = ttg.local_load %sb : !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    tt.return %ra, %rb : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  }
}

// -----

// A 16x16 bf16 B operand over warps [2, 2] holds 4 registers per thread: one x2.
// CHECK-LABEL: llvm.func @small_operand
// CHECK: llvm.inline_asm has_side_effects "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {$0, $1}, [$2];"
// CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xbf16>
// CHECK-NOT: ldmatrix
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @small_operand(%b: tensor<16x16xbf16, #blocked>) -> tensor<16x16xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> {
    %sb = ttg.local_alloc %b : (tensor<16x16xbf16, #blocked>) -> !ttg.memdesc<16x16xbf16, #shared, #smem>
    %rb = ttg.local_load %sb : !ttg.memdesc<16x16xbf16, #shared, #smem> -> tensor<16x16xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    tt.return %rb : tensor<16x16xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  }
}

// -----

// f32 (tf32) operands have no b16 matrix rows: plain shared loads.
// CHECK-LABEL: llvm.func @tf32_operand
// CHECK-NOT: ldmatrix
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tf32_operand(%a: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> {
    %sa = ttg.local_alloc %a : (tensor<32x32xf32, #blocked>) -> !ttg.memdesc<32x32xf32, #shared, #smem>
    %ra = ttg.local_load %sa : !ttg.memdesc<32x32xf32, #shared, #smem> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    tt.return %ra : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
  }
}

// -----

// A ttg.convert_layout through shared memory reads with ldmatrix too where the exchange
// layout gives the read side its shape: the scaled dot's f16 operand (64x128, four warps)
// going to the layout that multiplies it by its scale, rows paired per register (as
// test/gpu/kernels/dot_scaled.py's scaled_fp16_e5m2). The exchange takes eight rounds of
// 16-byte stores, each read back by one ldmatrix.x4.trans, as in Triton's code.
// CHECK-LABEL: llvm.func @exchange_reads_with_ldmatrix
// CHECK-COUNT-8: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK-NOT: ldmatrix
// CHECK-NOT: llvm.load {{.*}} !llvm.ptr<3> -> f16
// CHECK: llvm.return
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#linear1 = #ttg.linear<{register = [[1, 0], [0, 8], [8, 0], [16, 0], [32, 0], [0, 64]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 16], [0, 32]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @exchange_reads_with_ldmatrix(%b: tensor<64x128xf16, #blocked1>) -> tensor<64x128xf16, #linear1> {
    %c = ttg.convert_layout %b : tensor<64x128xf16, #blocked1> -> tensor<64x128xf16, #linear1>
    tt.return %c : tensor<64x128xf16, #linear1>
  }
}
