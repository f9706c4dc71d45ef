// RUN: trex-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s

// The matmul epilogue's conversion of the f16 accumulator (wgmma layout, 4 warps) to the
// blocked layout of the store goes through shared memory in 4 rounds. Triton 3.6 plans the
// exchange for st.shared.v4 stores and ldmatrix loads, and its sm_90 PTX has, per round, 4
// st.shared.v4.b32, a barrier, 4 ldmatrix.x4 (each lane receiving 8 f16 of its row), and a
// barrier before the next round's stores: 16 ldmatrix where 32-bit loads would take 64.
// CHECK-LABEL: llvm.func @mma_to_blocked
// CHECK-NOT: nvvm.barrier0
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: llvm.load
// CHECK-COUNT-4: "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0, $1, $2, $3}, [$4];"
// CHECK-NOT: llvm.load
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-COUNT-2: nvvm.barrier0
// CHECK-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-COUNT-2: nvvm.barrier0
// CHECK-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NOT: ldmatrix
// CHECK-NOT: llvm.load
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_to_blocked(%c: tensor<128x128xf16, #mma>) -> tensor<128x128xf16, #blocked> {
    %r = ttg.convert_layout %c : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    tt.return %r : tensor<128x128xf16, #blocked>
  }
}

// -----

// The same exchange of f32: trex reads with ldmatrix only 16-bit elements (two per 32-bit
// word, as the instruction delivers them); these are read with ld.shared.
// CHECK-LABEL: llvm.func @mma_to_blocked_f32
// CHECK-NOT: ldmatrix
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3>
// CHECK-NOT: ldmatrix
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_to_blocked_f32(%c: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #blocked> {
    %r = ttg.convert_layout %c : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #blocked>
    tt.return %r : tensor<128x128xf32, #blocked>
  }
}

// -----

// Rows of 8 f16 per thread to one element per thread and row: Triton plans the exchange for
// ldmatrix again, here with the destination's registers paired by a register bit other than
// its first (a lane's word holds two of its registers that are not neighbours). 2 rounds of 2
// st.shared.v4 and one ldmatrix.x4.
// CHECK-LABEL: llvm.func @rows_to_single_elements
// CHECK-NOT: llvm.load
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: llvm.load
// CHECK: "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0, $1, $2, $3}, [$4];"
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: llvm.load
// CHECK: "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0, $1, $2, $3}, [$4];"
// CHECK-NOT: llvm.load
// CHECK: llvm.return
#src = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rows_to_single_elements(%x: tensor<32x64xf16, #src>) -> tensor<32x64xf16, #dst> {
    %r = ttg.convert_layout %x : tensor<32x64xf16, #src> -> tensor<32x64xf16, #dst>
    tt.return %r : tensor<32x64xf16, #dst>
  }
}

// -----

// mma.sync's f16 accumulators (sm_90, --mma v2) to blocked rows: Triton plans the exchange for
// stmatrix stores and st.shared.v4 loads; one stmatrix.x4 per round writes what each thread
// holds of the round (8 f16 in 4 words). On sm_80, which has no stmatrix, plain stores.
// CHECK-LABEL: llvm.func @mma_v2_to_blocked
// CHECK-NOT: llvm.store
// CHECK: "stmatrix.sync.aligned.m8n8.x4.shared.b16 [$0], {$1, $2, $3, $4};", "r,r,r,r,r"
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-2: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// CHECK-NOT: llvm.store
// CHECK-COUNT-3: stmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-NOT: llvm.store
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_v2_to_blocked(%x: tensor<64x64xf16, #mma>) -> tensor<64x64xf16, #blocked> {
    %r = ttg.convert_layout %x : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked>
    tt.return %r : tensor<64x64xf16, #blocked>
  }
}

// -----

// CHECK-LABEL: llvm.func @mma_v2_to_blocked_sm80
// CHECK-NOT: stmatrix
// CHECK: llvm.store %{{.*}} : vector<{{[0-9]+}}xf16>, !llvm.ptr<3>
// CHECK-NOT: stmatrix
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_v2_to_blocked_sm80(%x: tensor<64x64xf16, #mma>) -> tensor<64x64xf16, #blocked> {
    %r = ttg.convert_layout %x : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked>
    tt.return %r : tensor<64x64xf16, #blocked>
  }
}
