// RUN: trex-opt %s -split-input-file --localize-cluster-tensors | FileCheck %s
// RUN: trex-opt %s -split-input-file --localize-cluster-tensors --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s --check-prefix=LLVM

// Thread-block clusters ("ttg.num-ctas" = 2): each CTA runs the program of its part of every
// tensor. #cols splits the 128 columns in two ([[0, 1]]: CTA 1 holds columns 64..127), so
// the range becomes 64 long and gets 64 x the CTA's rank in the cluster (%cluster_ctarank);
// a program is a cluster (%clusterid). The module says one CTA until the conversion to LLVM,
// which restores "ttg.num-ctas" and gives the kernel its cluster dimensions.
// CHECK-LABEL: tt.func public @columns
// CHECK: %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK: nvvm.read.ptx.sreg.clusterid.x : i32
// CHECK-NOT: tt.get_program_id
// CHECK: %[[RANGE:.*]] = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #[[COLS:blocked[0-9]*]]}>>
// CHECK: %[[BIT:.*]] = arith.andi %{{.*}}, %{{.*}} : i32
// CHECK: %[[TILE:.*]] = arith.muli %[[BIT]], %{{.*}} : i32
// CHECK: %[[OFFSET:.*]] = arith.muli %[[TILE]], %{{.*}} : i32
// CHECK: %[[SPLAT:.*]] = tt.splat %[[OFFSET]] : i32 -> tensor<64xi32
// CHECK: arith.addi %[[RANGE]], %[[SPLAT]] : tensor<64xi32
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<1x64x!tt.ptr<i32>, #[[COLS]]>
// LLVM-LABEL: module attributes {{.*}}"ttg.num-ctas" = 2 : i32
// LLVM-NOT: trex.cluster-ctas
// LLVM: llvm.func @columns({{.*}}nvvm.cluster_dim = array<i32: 2, 1, 1>
// LLVM: %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// LLVM: nvvm.read.ptx.sreg.clusterid.x
// LLVM: %[[BIT:.*]] = llvm.and %[[RANK]], %{{.*}} : i32
// LLVM: %[[OFFSET:.*]] = llvm.mul %[[BIT]], %{{.*}} : i32
// LLVM: llvm.add %{{.*}}, %[[OFFSET]] : i32
#cols = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0], CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @columns(%out: !tt.ptr<i32>) {
    %pid = tt.get_program_id x : i32
    %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #cols}>>
    %first = tt.splat %pid : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #cols}>>
    %index = arith.addi %range, %first : tensor<128xi32, #ttg.slice<{dim = 0, parent = #cols}>>
    %row = tt.expand_dims %index {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #cols}>> -> tensor<1x128xi32, #cols>
    %base = tt.splat %out : !tt.ptr<i32> -> tensor<1x128x!tt.ptr<i32>, #cols>
    %ptrs = tt.addptr %base, %row : tensor<1x128x!tt.ptr<i32>, #cols>, tensor<1x128xi32, #cols>
    tt.store %ptrs, %row : tensor<1x128x!tt.ptr<i32>, #cols>
    tt.return
  }
}

// -----

// A tensor both CTAs hold whole (the rows of #cols, [[0, 0]] once the columns are sliced
// away): no offset, and only the first CTA of the copies stores it ((rank & 1) == 0 joins
// the store's mask), as Triton masks redundant data over the block dimension.
// CHECK-LABEL: tt.func public @copies
// CHECK: %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK: %[[RANGE:.*]] = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32
// CHECK-NOT: arith.addi %[[RANGE]]
// CHECK: %[[COPY:.*]] = arith.andi %[[RANK]], %c1_i32 : i32
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[COPY]], %c0_i32 : i32
// CHECK: %[[MASK:.*]] = tt.splat %[[FIRST]] : i1 -> tensor<64xi1
// CHECK: %[[BOTH:.*]] = arith.andi %{{.*}}, %[[MASK]] : tensor<64xi1
// CHECK: tt.store %{{.*}}, %[[RANGE]], %[[BOTH]] : tensor<64x!tt.ptr<i32>
#cols = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0], CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copies(%out: !tt.ptr<i32>, %n: i32) {
    %range = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #cols}>>
    %base = tt.splat %out : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #cols}>>
    %ptrs = tt.addptr %base, %range : tensor<64x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #cols}>>, tensor<64xi32, #ttg.slice<{dim = 1, parent = #cols}>>
    %limit = tt.splat %n : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #cols}>>
    %inside = arith.cmpi slt, %range, %limit : tensor<64xi32, #ttg.slice<{dim = 1, parent = #cols}>>
    tt.store %ptrs, %range, %inside : tensor<64x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #cols}>>
    tt.return
  }
}

// -----

// A 128x128 wgmma split along N ([[0, 1]]): each CTA multiplies all of A (its own copy in its
// shared memory) by its 64 columns of B into its 128x64 part of the result. Shared memory is
// sized per CTA: A 128x16 f16 (4096 bytes) and B's part 16x64 (2048), and the wgmma is
// m64n64k16 (the CTA's 64 columns), not n128.
// CHECK-LABEL: tt.func public @dot
// CHECK: ttg.local_alloc %{{.*}} : (tensor<128x16xf16, #{{.*}}>) -> !ttg.memdesc<128x16xf16
// CHECK: ttg.local_alloc %{{.*}} : (tensor<16x64xf16, #{{.*}}>) -> !ttg.memdesc<16x64xf16
// CHECK: ttng.warp_group_dot {{.*}} -> tensor<128x64xf32, #mma>
// CHECK: ttg.convert_layout %{{.*}} : tensor<128x64xf32, #mma> -> tensor<128x64xf32
// LLVM-LABEL: module attributes {{.*}}"ttg.num-ctas" = 2 : i32
// LLVM: llvm.func @dot({{.*}}nvvm.cluster_dim = array<i32: 2, 1, 1>
// LLVM: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// LLVM-NOT: wgmma.mma_async.sync.aligned.m64n128k16
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 0]]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = [[0, 1]], instrShape = [16, 64, 16]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot(%out: !tt.ptr<f32>) {
    %one = arith.constant dense<1.000000e+00> : tensor<128x16xf16, #a>
    %two = arith.constant dense<2.000000e+00> : tensor<16x128xf16, #b>
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %sa = ttg.local_alloc %one : (tensor<128x16xf16, #a>) -> !ttg.memdesc<128x16xf16, #sa, #smem>
    %sb = ttg.local_alloc %two : (tensor<16x128xf16, #b>) -> !ttg.memdesc<16x128xf16, #sb, #smem>
    ttng.fence_async_shared {bCluster = false}
    %d = ttng.warp_group_dot %sa, %sb, %zero : !ttg.memdesc<128x16xf16, #sa, #smem> * !ttg.memdesc<16x128xf16, #sb, #smem> -> tensor<128x128xf32, #mma>
    %r = ttg.convert_layout %d : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #b>
    %rows = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #b}>>
    %cols = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #b}>>
    %c128 = arith.constant dense<128> : tensor<128x1xi32, #b>
    %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #b}>> -> tensor<128x1xi32, #b>
    %r3 = arith.muli %r2, %c128 : tensor<128x1xi32, #b>
    %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #b}>> -> tensor<1x128xi32, #b>
    %rb = tt.broadcast %r3 : tensor<128x1xi32, #b> -> tensor<128x128xi32, #b>
    %cb = tt.broadcast %c2 : tensor<1x128xi32, #b> -> tensor<128x128xi32, #b>
    %offsets = arith.addi %rb, %cb : tensor<128x128xi32, #b>
    %base = tt.splat %out : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>, #b>
    %ptrs = tt.addptr %base, %offsets : tensor<128x128x!tt.ptr<f32>, #b>, tensor<128x128xi32, #b>
    tt.store %ptrs, %r : tensor<128x128x!tt.ptr<f32>, #b>
    tt.return
  }
}

// -----

// An mma.sync dot (f64, as Triton compiles test_simple_matmul's f64 case for 2 CTAs): A's
// operand is whole on each CTA (its layout takes the result's [[0, 1]] with K unsplit: [[0,
// 0]]), B's and the result's 64 columns are the CTA's; the operands come from shared memory
// sized per CTA.
// CHECK-LABEL: tt.func public @dot_f64
// CHECK: ttg.local_load %{{.*}} : !ttg.memdesc<64x16xf64, {{.*}}> -> tensor<64x16xf64, #ttg.dot_op<{opIdx = 0
// CHECK: ttg.local_load %{{.*}} : !ttg.memdesc<16x64xf64, {{.*}}> -> tensor<16x64xf64, #ttg.dot_op<{opIdx = 1
// CHECK: tt.dot {{.*}} -> tensor<64x64xf64, #mma>
// LLVM-LABEL: llvm.func @dot_f64
// LLVM: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
#a = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 0]]}>
#b = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], CGALayout = [[0, 1]], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 4, order = [1, 0], CGALayout = [[0, 0]]}>
#sb = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 2, order = [1, 0], CGALayout = [[0, 1]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot_f64(%out: !tt.ptr<f64>) {
    %one = arith.constant dense<1.000000e+00> : tensor<64x16xf64, #a>
    %two = arith.constant dense<2.000000e+00> : tensor<16x128xf64, #b>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x128xf64, #mma>
    %sa = ttg.local_alloc %one : (tensor<64x16xf64, #a>) -> !ttg.memdesc<64x16xf64, #sa, #smem>
    %sb = ttg.local_alloc %two : (tensor<16x128xf64, #b>) -> !ttg.memdesc<16x128xf64, #sb, #smem>
    %la = ttg.local_load %sa : !ttg.memdesc<64x16xf64, #sa, #smem> -> tensor<64x16xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    %lb = ttg.local_load %sb : !ttg.memdesc<16x128xf64, #sb, #smem> -> tensor<16x128xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>
    %d = tt.dot %la, %lb, %zero : tensor<64x16xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<16x128xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<64x128xf64, #mma>
    %r = ttg.convert_layout %d : tensor<64x128xf64, #mma> -> tensor<64x128xf64, #b>
    %base = tt.splat %out : !tt.ptr<f64> -> tensor<64x128x!tt.ptr<f64>, #b>
    tt.store %base, %r : tensor<64x128x!tt.ptr<f64>, #b>
    tt.return
  }
}
