// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s
// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | trex-opt -split-input-file | mlir-translate --mlir-to-llvmir -split-input-file | FileCheck %s --check-prefix=LLVMIR

// tt.scan: chunks in registers, Hillis-Steele rounds of shuffles across lanes, warp totals
// through shared memory. Scratch sizes are Triton 3.6's (ScanLoweringHelper).
// Each scan here is its kernel's first use of shared memory, so no barrier precedes its
// publishing stores (see first-shared-use.mlir).

// 1024 elements, chunks of 4, 32 lanes, 4 warps, 2 blocks: Triton's scratch is 4 warps x
// 2 blocks x 4 bytes.
// CHECK: ttg.shared = 32 : i32
// CHECK-LABEL: llvm.func @cumsum_across_warps
// CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-DAG: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK-DAG: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK-DAG: %[[C31:.*]] = llvm.mlir.constant(31 : i32) : i32
// The value from the earlier lane is the combine's left operand; lanes before the first
// `d` keep their own value.
// CHECK: %[[EARLIER:.*]] = nvvm.shfl.sync up %{{.*}}, %[[OWN:.*]], %[[C1]], %[[C0]] : i32 -> i32
// CHECK-NEXT: %[[SUM:.*]] = llvm.add %[[EARLIER]], %[[OWN]] : i32
// CHECK-NEXT: %[[HAS:.*]] = llvm.icmp "uge" %{{.*}}, %[[C1]] : i32
// CHECK-NEXT: llvm.select %[[HAS]], %[[SUM]], %[[OWN]] : i1, i32
// CHECK: nvvm.shfl.sync up %{{.*}}, %{{.*}}, %[[C2]], %[[C0]] : i32 -> i32
// CHECK: nvvm.shfl.sync up %{{.*}}, %{{.*}}, %[[C4]], %[[C0]] : i32 -> i32
// CHECK: nvvm.shfl.sync up %{{.*}}, %{{.*}}, %[[C8]], %[[C0]] : i32 -> i32
// CHECK: nvvm.shfl.sync up %{{.*}}, %{{.*}}, %[[C16]], %[[C0]] : i32 -> i32
// CHECK: nvvm.shfl.sync up %{{.*}}, %{{.*}}, %[[C1]], %[[C0]] : i32 -> i32
// CHECK-NOT: nvvm.barrier0
// CHECK: %[[LAST:.*]] = llvm.icmp "eq" %{{.*}}, %[[C31]] : i32
// CHECK: llvm.cond_br %[[LAST]], ^[[PUBLISH:.*]], ^[[JOIN:.*]]
// CHECK: ^[[PUBLISH]]:
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<3>
// CHECK: llvm.br ^[[JOIN]]
// CHECK: ^[[JOIN]]:
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK: llvm.return
// LLVMIR-LABEL: define ptx_kernel void @cumsum_across_warps
// LLVMIR: call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %{{.*}}, i32 1, i32 0)
// LLVMIR: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cumsum_across_warps(%in: !tt.ptr<i32>, %out: !tt.ptr<i32>) {
    %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %base = tt.splat %in : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>, #blocked>
    %ptrs = tt.addptr %base, %range : tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>
    %x = tt.load %ptrs : tensor<1024x!tt.ptr<i32>, #blocked>
    %c = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<1024xi32, #blocked>) -> tensor<1024xi32, #blocked>
    %obase = tt.splat %out : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>, #blocked>
    %optrs = tt.addptr %obase, %range : tensor<1024x!tt.ptr<i32>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %optrs, %c : tensor<1024x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// The scanned axis lies within a warp (4 registers, 8 lanes): shuffles only. Forward scans
// shuffle up; a reverse scan reads the lane after it, by index.
// CHECK: ttg.shared = 0 : i32
// CHECK-LABEL: llvm.func @rows_within_warp
// CHECK-COUNT-3: llvm.fadd
// CHECK-COUNT-4: nvvm.shfl.sync up
// CHECK-NOT: nvvm.shfl.sync up
// CHECK-COUNT-3: llvm.intr.maxnum
// CHECK-COUNT-4: nvvm.shfl.sync idx
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rows_within_warp(%in: !tt.ptr<f32>, %out0: !tt.ptr<f32>, %out1: !tt.ptr<f32>) {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<16x1xi32, #blocked>
    %c32 = arith.constant dense<32> : tensor<16x1xi32, #blocked>
    %rm = arith.muli %r2, %c32 : tensor<16x1xi32, #blocked>
    %rb = tt.broadcast %rm : tensor<16x1xi32, #blocked> -> tensor<16x32xi32, #blocked>
    %c = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %cb = tt.broadcast %c2 : tensor<1x32xi32, #blocked> -> tensor<16x32xi32, #blocked>
    %offs = arith.addi %rb, %cb : tensor<16x32xi32, #blocked>
    %base = tt.splat %in : !tt.ptr<f32> -> tensor<16x32x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %base, %offs : tensor<16x32x!tt.ptr<f32>, #blocked>, tensor<16x32xi32, #blocked>
    %x = tt.load %ptrs : tensor<16x32x!tt.ptr<f32>, #blocked>
    %forward = "tt.scan"(%x) <{axis = 1 : i32, reverse = false}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.scan.return %s : f32
    }) : (tensor<16x32xf32, #blocked>) -> tensor<16x32xf32, #blocked>
    %backward = "tt.scan"(%x) <{axis = 1 : i32, reverse = true}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.maxnumf %a, %b : f32
      tt.scan.return %s : f32
    }) : (tensor<16x32xf32, #blocked>) -> tensor<16x32xf32, #blocked>
    %o0 = tt.splat %out0 : !tt.ptr<f32> -> tensor<16x32x!tt.ptr<f32>, #blocked>
    %p0 = tt.addptr %o0, %offs : tensor<16x32x!tt.ptr<f32>, #blocked>, tensor<16x32xi32, #blocked>
    tt.store %p0, %forward : tensor<16x32x!tt.ptr<f32>, #blocked>
    %o1 = tt.splat %out1 : !tt.ptr<f32> -> tensor<16x32x!tt.ptr<f32>, #blocked>
    %p1 = tt.addptr %o1, %offs : tensor<16x32x!tt.ptr<f32>, #blocked>, tensor<16x32xi32, #blocked>
    tt.store %p1, %backward : tensor<16x32x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Two operands (an argmax) with warps along the axis: one scratch region per operand, the
// second 32 slots x 4 bytes in. Triton's scratch: (4 + 4) bytes x 4 warps x 4 lanes off the
// axis x 2 blocks.
// CHECK: ttg.shared = 256 : i32
// CHECK-LABEL: llvm.func @argmax_two_operands
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: llvm.fcmp "ogt"
// CHECK: llvm.getelementptr %[[SMEM]][128] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.cond_br
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @argmax_two_operands(%in: !tt.ptr<f32>, %outv: !tt.ptr<f32>, %outi: !tt.ptr<i32>) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked>
    %c8 = arith.constant dense<8> : tensor<32x1xi32, #blocked>
    %rm = arith.muli %r2, %c8 : tensor<32x1xi32, #blocked>
    %rb = tt.broadcast %rm : tensor<32x1xi32, #blocked> -> tensor<32x8xi32, #blocked>
    %rowb = tt.broadcast %r2 : tensor<32x1xi32, #blocked> -> tensor<32x8xi32, #blocked>
    %c = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x8xi32, #blocked>
    %cb = tt.broadcast %c2 : tensor<1x8xi32, #blocked> -> tensor<32x8xi32, #blocked>
    %offs = arith.addi %rb, %cb : tensor<32x8xi32, #blocked>
    %base = tt.splat %in : !tt.ptr<f32> -> tensor<32x8x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %base, %offs : tensor<32x8x!tt.ptr<f32>, #blocked>, tensor<32x8xi32, #blocked>
    %v = tt.load %ptrs : tensor<32x8x!tt.ptr<f32>, #blocked>
    %res:2 = "tt.scan"(%v, %rowb) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%va: f32, %ia: i32, %vb: f32, %ib: i32):
      %gt = arith.cmpf ogt, %vb, %va : f32
      %vm = arith.select %gt, %vb, %va : f32
      %im = arith.select %gt, %ib, %ia : i32
      tt.scan.return %vm, %im : f32, i32
    }) : (tensor<32x8xf32, #blocked>, tensor<32x8xi32, #blocked>) -> (tensor<32x8xf32, #blocked>, tensor<32x8xi32, #blocked>)
    %ov = tt.splat %outv : !tt.ptr<f32> -> tensor<32x8x!tt.ptr<f32>, #blocked>
    %pv = tt.addptr %ov, %offs : tensor<32x8x!tt.ptr<f32>, #blocked>, tensor<32x8xi32, #blocked>
    tt.store %pv, %res#0 : tensor<32x8x!tt.ptr<f32>, #blocked>
    %oi = tt.splat %outi : !tt.ptr<i32> -> tensor<32x8x!tt.ptr<i32>, #blocked>
    %pi = tt.addptr %oi, %offs : tensor<32x8x!tt.ptr<i32>, #blocked>, tensor<32x8xi32, #blocked>
    tt.store %pi, %res#1 : tensor<32x8x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// AMD, reverse, 64-lane wavefronts: lanes exchange through ds_bpermute; 4 warps x 4 blocks
// (2048 elements over chunks of 2) x 4 bytes of scratch.
// CHECK: ttg.shared = 64 : i32
// CHECK-LABEL: llvm.func @reverse_cumsum_hip
// CHECK: rocdl.ds_bpermute
// CHECK-NOT: rocdl.barrier
// CHECK: llvm.cond_br
// CHECK: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<3>
// CHECK: rocdl.barrier
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// LLVMIR-LABEL: define amdgpu_kernel void @reverse_cumsum_hip
// LLVMIR: call i32 @llvm.amdgcn.ds.bpermute
// LLVMIR: call void @llvm.amdgcn.s.barrier()
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @reverse_cumsum_hip(%in: !tt.ptr<i32>, %out: !tt.ptr<i32>) {
    %range = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #blocked>
    %base = tt.splat %in : !tt.ptr<i32> -> tensor<2048x!tt.ptr<i32>, #blocked>
    %ptrs = tt.addptr %base, %range : tensor<2048x!tt.ptr<i32>, #blocked>, tensor<2048xi32, #blocked>
    %x = tt.load %ptrs : tensor<2048x!tt.ptr<i32>, #blocked>
    %c = "tt.scan"(%x) <{axis = 0 : i32, reverse = true}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<2048xi32, #blocked>) -> tensor<2048xi32, #blocked>
    %obase = tt.splat %out : !tt.ptr<i32> -> tensor<2048x!tt.ptr<i32>, #blocked>
    %optrs = tt.addptr %obase, %range : tensor<2048x!tt.ptr<i32>, #blocked>, tensor<2048xi32, #blocked>
    tt.store %optrs, %c : tensor<2048x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
