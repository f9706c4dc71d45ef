// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s
// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | trex-opt -split-input-file | mlir-translate --mlir-to-llvmir -split-input-file | FileCheck %s --check-prefix=LLVMIR

// tt.histogram: per register, one ballot for the mask and one per bit of the bin number; a
// lane counts its bins' matches with popcounts; the warps add their counts into shared
// memory with atomics. Scratch: max(bins, lanes) counters (Triton 3.6).

// 8 registers per thread, 64 bins (2 per lane, 6 bits), masked.
// CHECK: ttg.shared = 256 : i32
// CHECK-LABEL: llvm.func @histogram_masked
// CHECK-COUNT-56: nvvm.vote.sync ballot
// CHECK-NOT: nvvm.vote.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: st.shared.b32
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: llvm.atomicrmw add %{{.*}}, %{{.*}} monotonic : !llvm.ptr<3>, i32
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// LLVMIR-LABEL: define ptx_kernel void @histogram_masked
// LLVMIR: call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %{{.*}})
// LLVMIR: call i32 @llvm.ctpop.i32
// LLVMIR: atomicrmw add ptr addrspace(3) %{{.*}}, i32 %{{.*}} monotonic
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @histogram_masked(%in: !tt.ptr<i32>, %out: !tt.ptr<i32>) {
    %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %base = tt.splat %in : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>, #blocked>
    %ptrs = tt.addptr %base, %range : tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>
    %x = tt.load %ptrs : tensor<1024x!tt.ptr<i32>, #blocked>
    %c1000 = arith.constant dense<1000> : tensor<1024xi32, #blocked>
    %m = arith.cmpi slt, %range, %c1000 : tensor<1024xi32, #blocked>
    %h = tt.histogram %x, %m : tensor<1024xi32, #blocked> -> tensor<64xi32, #blocked1>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked1>
    %obase = tt.splat %out : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #blocked1>
    %optrs = tt.addptr %obase, %r : tensor<64x!tt.ptr<i32>, #blocked1>, tensor<64xi32, #blocked1>
    tt.store %optrs, %h : tensor<64x!tt.ptr<i32>, #blocked1>
    tt.return
  }
}

// -----

// Fewer bins than lanes: padded to one bin per lane (32 counters), so 5 ballots per
// register; i8 values are widened first.
// CHECK: ttg.shared = 128 : i32
// CHECK-LABEL: llvm.func @histogram_few_bins
// CHECK: llvm.sext %{{.*}} : i8 to i32
// CHECK-COUNT-5: nvvm.vote.sync ballot
// CHECK: llvm.intr.ctpop
// CHECK-COUNT-5: nvvm.vote.sync ballot
// CHECK: llvm.intr.ctpop
// CHECK-NOT: nvvm.vote.sync
// CHECK: llvm.atomicrmw add
// CHECK-NOT: llvm.atomicrmw
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @histogram_few_bins(%in: !tt.ptr<i8>, %out: !tt.ptr<i32>) {
    %range = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %base = tt.splat %in : !tt.ptr<i8> -> tensor<64x!tt.ptr<i8>, #blocked>
    %ptrs = tt.addptr %base, %range : tensor<64x!tt.ptr<i8>, #blocked>, tensor<64xi32, #blocked>
    %x = tt.load %ptrs : tensor<64x!tt.ptr<i8>, #blocked>
    %h = tt.histogram %x : tensor<64xi8, #blocked> -> tensor<8xi32, #blocked>
    %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #blocked>
    %obase = tt.splat %out : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>, #blocked>
    %optrs = tt.addptr %obase, %r : tensor<8x!tt.ptr<i32>, #blocked>, tensor<8xi32, #blocked>
    tt.store %optrs, %h : tensor<8x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// AMD: 64-lane ballots are i64; their popcounts are narrowed to i32.
// CHECK: ttg.shared = 512 : i32
// CHECK-LABEL: llvm.func @histogram_hip
// CHECK-COUNT-32: rocdl.ballot %{{.*}} : i64
// CHECK: %[[COUNT:.*]] = llvm.intr.ctpop(%{{.*}}) : (i64) -> i64
// CHECK: llvm.trunc %[[COUNT]] : i64 to i32
// CHECK: rocdl.barrier
// CHECK-COUNT-2: llvm.atomicrmw add %{{.*}}, %{{.*}} monotonic : !llvm.ptr<3>, i32
// CHECK: rocdl.barrier
// LLVMIR-LABEL: define amdgpu_kernel void @histogram_hip
// LLVMIR: call i64 @llvm.amdgcn.ballot.i64(i1 %{{.*}})
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @histogram_hip(%in: !tt.ptr<i32>, %out: !tt.ptr<i32>) {
    %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %base = tt.splat %in : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>, #blocked>
    %ptrs = tt.addptr %base, %range : tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>
    %x = tt.load %ptrs : tensor<1024x!tt.ptr<i32>, #blocked>
    %c1000 = arith.constant dense<1000> : tensor<1024xi32, #blocked>
    %m = arith.cmpi slt, %range, %c1000 : tensor<1024xi32, #blocked>
    %h = tt.histogram %x, %m : tensor<1024xi32, #blocked> -> tensor<128xi32, #blocked1>
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked1>
    %obase = tt.splat %out : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>, #blocked1>
    %optrs = tt.addptr %obase, %r : tensor<128x!tt.ptr<i32>, #blocked1>, tensor<128xi32, #blocked1>
    tt.store %optrs, %h : tensor<128x!tt.ptr<i32>, #blocked1>
    tt.return
  }
}
