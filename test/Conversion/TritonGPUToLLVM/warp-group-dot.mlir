// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s

// ttng.warp_group_dot to wgmma (sm_90a): a fence (then a barrier: every thread's stores
// fenced before any warp's wgmma reads them), one wgmma.mma_async per accumulator tile
// and K step with 64-bit shared-memory descriptors (the buffer's 14-bit address field OR-ed
// with the LBO/SBO/swizzle bits, plus each instruction's offset in 16-byte units), a commit,
// and for a synchronous dot a wait whose asm statement passes the accumulators through.
// 64x32x32 f16 on one warp group: A is K-major with 64-byte rows (64-byte swizzle, imm-trans-a
// 0), B N-major with 64-byte rows (imm-trans-b 1); two K steps of m64n32k16, 16 accumulator
// values per thread. A's second step starts 32 bytes on (+2), B's 16 rows on (16 * 64 bytes:
// +64); the SBO is 8 rows of 64 bytes (512 bytes: 32 << 32) and the mode 64-byte (2 << 62).
// CHECK-LABEL: llvm.func @sync_dot
// CHECK: llvm.inline_asm has_side_effects "fence.proxy.async.shared::cta;"
// CHECK-NEXT: nvvm.barrier
// CHECK: %[[ABASE:.*]] = llvm.or %{{.*}}, %{{.*}} : i64
// CHECK: %[[BBASE:.*]] = llvm.or %{{.*}}, %{{.*}} : i64
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: llvm.inline_asm has_side_effects "wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15}, $32, $33, $34, 1, 1, 0, 1;", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,l,l,b" {{.*}}, %[[ABASE]], %[[BBASE]], %{{.*}} :
// CHECK: %[[A1:.*]] = llvm.add %[[ABASE]], %{{.*}} : i64
// CHECK: %[[B1:.*]] = llvm.add %[[BBASE]], %{{.*}} : i64
// CHECK: "wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {{.*}}, %[[A1]], %[[B1]], %{{.*}} :
// CHECK-NOT: wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: llvm.inline_asm has_side_effects "// wait for regs: $0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15\0A\09wgmma.wait_group.sync.aligned 0;", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @sync_dot(%a: tensor<64x32xf16, #blocked>, %b: tensor<32x32xf16, #blocked>, %c: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #mma> {
    %sa = ttg.local_alloc %a : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
    %sb = ttg.local_alloc %b : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    %d = ttng.warp_group_dot %sa, %sb, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<64x32xf32, #mma>
    tt.return %d : tensor<64x32xf32, #mma>
  }
}

// -----

// An asynchronous dot has no wait of its own; ttng.warp_group_dot_wait passes its
// accumulators (and not its shared-memory operands) through wgmma.wait_group <pendings>. A
// zero accumulator is not added (scale-d false).
// CHECK-LABEL: llvm.func @async_dot
// CHECK: %[[FALSE:.*]] = llvm.mlir.constant(false) : i1
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: "wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {{.*}}, %[[FALSE]] :
// CHECK: "wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NOT: wgmma.wait_group.sync.aligned 0
// CHECK: "// wait for regs: $0,{{.*}}$15\0A\09wgmma.wait_group.sync.aligned 1;"
// CHECK-NOT: wgmma.wait_group
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @async_dot(%a: tensor<64x32xf16, #blocked>, %b: tensor<32x32xf16, #blocked>) -> tensor<64x32xf32, #mma> {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
    %sa = ttg.local_alloc %a : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
    %sb = ttg.local_alloc %b : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    %d = ttng.warp_group_dot %sa, %sb, %zero {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<64x32xf32, #mma>
    %w:3 = ttng.warp_group_dot_wait %d, %sa, %sb {pendings = 1 : i32} : tensor<64x32xf32, #mma>, !ttg.memdesc<64x32xf16, #shared, #smem>, !ttg.memdesc<32x32xf16, #shared, #smem>
    tt.return %w#0 : tensor<64x32xf32, #mma>
  }
}


// -----

// f16 accumulators (tl.dot(..., out_dtype=tl.float16)): wgmma's .f16.f16.f16 form with two
// values per 32-bit register, tied in and out as f16x2 words; the wait passes the same words.
// CHECK-LABEL: llvm.func @f16_accumulator
// CHECK: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: "wgmma.mma_async.sync.aligned.m64n32k16.f16.f16.f16 {$0,$1,$2,$3,$4,$5,$6,$7}, $16, $17, $18, 1, 1, 0, 1;", "=r,=r,=r,=r,=r,=r,=r,=r,0,1,2,3,4,5,6,7,l,l,b"
// CHECK: "wgmma.mma_async.sync.aligned.m64n32k16.f16.f16.f16
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: "// wait for regs: $0,$1,$2,$3,$4,$5,$6,$7\0A\09wgmma.wait_group.sync.aligned 0;", "=r,=r,=r,=r,=r,=r,=r,=r,0,1,2,3,4,5,6,7"
// CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f16_accumulator(%a: tensor<64x32xf16, #blocked>, %b: tensor<32x32xf16, #blocked>, %c: tensor<64x32xf16, #mma>) -> tensor<64x32xf16, #mma> {
    %sa = ttg.local_alloc %a : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
    %sb = ttg.local_alloc %b : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    %d = ttng.warp_group_dot %sa, %sb, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<64x32xf16, #mma>
    tt.return %d : tensor<64x32xf16, #mma>
  }
}

// -----

// Mixed fp8 operands (e4m3 x e5m2): K = 32, both K-major, the types named in that order.
// CHECK-LABEL: llvm.func @mixed_fp8
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e5m2 {{.*}}, 1, 1;"
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e5m2 {{.*}}, 1, 1;"
// CHECK-NOT: wgmma.mma_async
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mixed_fp8(%sa: !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem>, %sb: !ttg.memdesc<64x64xf8E5M2, #shared1, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = ttng.warp_group_dot %sa, %sb, %c {inputPrecision = 0 : i32, maxNumImpreciseAcc = 1073741824 : i32} : !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem> * !ttg.memdesc<64x64xf8E5M2, #shared1, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// max_num_imprecise_acc = 32 below K = 64 for fp8: each 32-wide run of K accumulates into a fresh
// partial sum (the first wgmma of a run does not add its registers: the predicate is false),
// which is waited for and added to the result in f32, as Triton's WGMMA lowering does.
// CHECK-LABEL: llvm.func @fp8_split_accumulation
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-COUNT-32: llvm.fadd
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-COUNT-32: llvm.fadd
// CHECK-NOT: wgmma.mma_async
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_split_accumulation(%sa: !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem>, %sb: !ttg.memdesc<64x64xf8E4M3FN, #shared1, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = ttng.warp_group_dot %sa, %sb, %c {inputPrecision = 0 : i32, maxNumImpreciseAcc = 32 : i32} : !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem> * !ttg.memdesc<64x64xf8E4M3FN, #shared1, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// A in registers (attention's P, a dot operand of the first dot's layout): every word of A is
// packed (two f16 per i32) before the wgmma.fence, none between the instructions, where ptxas
// would have to put a warpgroup.arrive before each; two K steps of m64n64k16, each taking
// four words of A.
// CHECK-LABEL: llvm.func @register_a
// CHECK-COUNT-8: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK-NOT: llvm.bitcast
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NOT: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, 1, 1, 1;"
// CHECK-NOT: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK: nvvm.wgmma.commit.group.sync.aligned
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @register_a(%p: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>, %sv: !ttg.memdesc<32x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = ttng.warp_group_dot %p, %sv, %c {inputPrecision = 0 : i32} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// One warp group (4 warps): every warp reads the same descriptors, so no warp-group id is
// needed and no shuffle makes it uniform (LLVM keeps an unused shfl.sync, which in a matmul's
// loop would cost an instruction per iteration Triton's kernel does not have). 128 rows are
// two m64 tiles of four K steps each.
// CHECK-LABEL: llvm.func @one_warp_group
// CHECK-NOT: nvvm.shfl.sync
// CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @one_warp_group(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %c: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
    %w = ttng.warp_group_dot_wait %d {pendings = 0 : i32} : tensor<128x128xf32, #mma>
    tt.return %w : tensor<128x128xf32, #mma>
  }
}

// -----

// Two warp groups (8 warps) split the 128 rows: the second reads A 64 rows on, at a warp-group
// id made uniform with a shuffle of warp 0's id.
// CHECK-LABEL: llvm.func @two_warp_groups
// CHECK: nvvm.shfl.sync idx
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_warp_groups(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %c: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
    %w = ttng.warp_group_dot_wait %d {pendings = 0 : i32} : tensor<128x128xf32, #mma>
    tt.return %w : tensor<128x128xf32, #mma>
  }
}

// -----

// The same in a loop, two dots an iteration: the warp-group id is computed once, at the
// function's entry, and shared (LLVM cannot move a shfl.sync out of a loop, and one per
// iteration delays every first wgmma).
// CHECK-LABEL: llvm.func @two_warp_groups_loop
// CHECK: nvvm.shfl.sync idx
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.br ^bb1
// CHECK-NOT: nvvm.shfl.sync
// CHECK-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_warp_groups_loop(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %c: tensor<128x128xf32, #mma>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<128x128xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %a, %b, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      %w = ttng.warp_group_dot_wait %d {pendings = 0 : i32} : tensor<128x128xf32, #mma>
      %e = ttng.warp_group_dot %a, %b, %w {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      %x = ttng.warp_group_dot_wait %e {pendings = 0 : i32} : tensor<128x128xf32, #mma>
      scf.yield %x : tensor<128x128xf32, #mma>
    }
    tt.return %r : tensor<128x128xf32, #mma>
  }
}

// -----

// B as a part of its buffer along K (a dot split by the pipeliner, Triton 3.6's splitRSDot):
// rows 16..31 of a 64x64 f16 buffer with 128-byte swizzling are laid out as a 16x64 buffer of
// their own (the swizzle repeats every 8 rows), so the part's descriptor is the buffer's
// address plus 16 rows of 128 bytes (1024 elements); the wait only passes it through.
// CHECK-LABEL: llvm.func @subslice_b
// CHECK: %[[PART:.*]] = llvm.getelementptr %{{.*}}[1024] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f16
// CHECK: llvm.ptrtoint %[[PART]] : !llvm.ptr<3> to i32
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: wgmma.wait_group.sync.aligned 3;
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @subslice_b(%a: tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %part = ttg.memdesc_subslice %b[16, 0] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared, #smem, 64x64>
    %d = ttng.warp_group_dot %a, %part, %c {inputPrecision = 0 : i32, isAsync = true} : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<16x64xf16, #shared, #smem, 64x64> -> tensor<64x64xf32, #mma>
    %w:2 = ttng.warp_group_dot_wait %d, %part {pendings = 3 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<16x64xf16, #shared, #smem, 64x64>
    tt.return %w#0 : tensor<64x64xf32, #mma>
  }
}
