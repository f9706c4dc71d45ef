// RUN: trex-opt %s --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s

// Device-side descriptors and TMA copies on sm_90a (the ttgir trex makes for
// test/frontend/tma-descriptors.py's scale_rows: 16x64 f32 blocks, 128-byte swizzle).
// Each descriptor: warp 0 zeroes 128 bytes of shared scratch, thread 0 sets every field with
// tensormap.replace (rank - 1, box 32x16: rows one swizzle wide, dimensions innermost first,
// the byte stride, f32 = elemtype 7, swizzle mode 3), warp 0 copies it to the program's
// global scratch with a release fence and acquires it; the descriptor is its generic address.
// CHECK: ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 256 : i32
// CHECK-LABEL: llvm.func @scale_rows
// CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-DAG: %[[C512:.*]] = llvm.mlir.constant(512 : i32) : i32
// CHECK-DAG: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
// CHECK-DAG: %[[C32:.*]] = llvm.mlir.constant(32 : i32) : i32
// The uniform warp id, once, at the entry (warp w's elected lane issues the w-th box below).
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %[[WARPID:.*]] = llvm.udiv %[[TID]]
// CHECK-NEXT: %[[WARP:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[WARPID]]
// CHECK: "@$0 st.shared.b32 [$1], 0;", "b,r" %[[WARP0:[0-9]+]], %{{.*}}
// CHECK: "bar.warp.sync -1;"
// CHECK: "@$0 tensormap.replace.tile.global_address.shared::cta.b1024.b64 [$1], $2;", "b,r,l" %[[T0:[0-9]+]], %[[SMEM]], %arg0
// CHECK: "@$0 tensormap.replace.tile.rank.shared::cta.b1024.b32 [$1], 1;"
// CHECK: "@$0 tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [$1], 0, $2;", "b,r,r" %[[T0]], %[[SMEM]], %[[C32:[0-9]+]]
// CHECK: "@$0 tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [$1], 1, $2;"
// CHECK: "@$0 tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [$1], 1, $2;", "b,r,r" %[[T0]], %[[SMEM]], %arg2
// CHECK: "@$0 tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [$1], 0, $2;"
// CHECK: "@$0 tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [$1], 1, $2;"
// CHECK: "@$0 tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [$1], 7;"
// CHECK: "@$0 tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [$1], 3;"
// CHECK: "@$0 tensormap.replace.tile.fill_mode.shared::cta.b1024.b32 [$1], 0;"
// CHECK: "@$0 tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [$1], [$2], 128;", "b,l,r" %[[WARP0]], %[[SRC:[0-9]+]], %[[SMEM]]
// CHECK: "@$0 fence.proxy.tensormap::generic.acquire.gpu [$1], 128;
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: %[[SRCD:.*]] = llvm.addrspacecast %[[SRC]] : !llvm.ptr<1> to !llvm.ptr
// The second descriptor reuses the first one's scratch with no barrier of its own: the
// acquire of the first ends with one.
// CHECK-NOT: nvvm.barrier0
// CHECK: "@$0 tensormap.replace.tile.global_address.shared::cta.b1024.b64 [$1], $2;", "b,r,l" %[[T0]], %[[SMEM]], %arg1
// CHECK: %[[DSTD:.*]] = llvm.addrspacecast
// The load: thread 0 initializes the mbarrier (then the CTA syncs), expects the block's 4096
// bytes, fences the generic proxy's accesses; the two 32-column boxes leave from two warps
// at once, as Triton issues them: the elected lane of warp w (w < 2) copies box w, which
// lands 512 w elements (w 16x32 boxes) into the buffer, at column + 32 w.
// CHECK: %[[BAR:.*]] = llvm.getelementptr %[[SMEM]][4096] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: "@$0 mbarrier.init.shared::cta.b64 [$1], 1;", "b,r" %[[T0]], %[[BAR]]
// CHECK-NEXT: nvvm.barrier0
// CHECK: "@$0 mbarrier.arrive.expect_tx.shared::cta.b64 _, [$1], 4096;", "b,r" %{{[0-9]+}}, %[[BAR]]
// CHECK: "fence.proxy.async.shared::cta;"
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: %[[ELECTED:.*]] = nvvm.elect.sync -> i1
// CHECK-NEXT: %[[ASKED:.*]] = llvm.select %{{.*}}, %[[ELECTED]], %{{.*}} : i1, i1
// CHECK-NEXT: %[[TWOWARPS:.*]] = llvm.icmp "ult" %[[TID]], %[[C64]] : i32
// CHECK-NEXT: %[[ISSUE:.*]] = llvm.and %[[ASKED]], %[[TWOWARPS]] : i1
// CHECK-NEXT: %[[OFFSET:.*]] = llvm.mul %[[WARP]], %[[C512]] : i32
// CHECK-NEXT: %[[BOX:.*]] = llvm.getelementptr %[[SMEM]][%[[OFFSET]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK-NEXT: %[[COLW:.*]] = llvm.mul %[[WARP]], %[[C32]] : i32
// CHECK-NEXT: %[[COL:.*]] = llvm.add %[[COLW]], %{{.*}} : i32
// CHECK-NEXT: "@$0 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r" %[[ISSUE]], %[[BOX]], %[[SRCD]], %[[COL]], %[[ROW:[0-9]+]], %[[BAR]]
// CHECK-NOT: cp.async.bulk.tensor
// Every thread waits for phase 0; the barrier is invalidated once all are past it.
// CHECK: mbarrier.try_wait.parity.shared::cta.b64 complete, [$0], $1;
// CHECK: nvvm.barrier0
// CHECK-NEXT: "@$0 mbarrier.inval.shared::cta.b64 [$1];"
// The store: the registers go to the swizzled buffer, fenced for the async proxy, the two
// boxes out from warps 0 and 1 as the load's, each issuing lane committing its bulk group,
// which every thread waits for before the buffer may be reused.
// CHECK: "fence.proxy.async.shared::cta;"
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: %[[ELECTED2:.*]] = nvvm.elect.sync -> i1
// CHECK-NEXT: %[[STORING:.*]] = llvm.and %[[ELECTED2]], %[[TWOWARPS]] : i1
// CHECK-NEXT: "@$0 cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [$1, {$3, $4}], [$2];", "b,l,r,r,r" %[[STORING]], %[[DSTD]], %[[BOX]], %[[COL]], %[[ROW]]
// CHECK-NOT: cp.async.bulk.tensor
// CHECK: "@$0 cp.async.bulk.commit_group;", "b" %[[STORING]]
// CHECK: "cp.async.bulk.wait_group.read 0;"
// CHECK-NEXT: nvvm.barrier0
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scale_rows(%X: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %Y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n_rows: i32, %scale: f32) attributes {noinline = false} {
    %c16_i32 = arith.constant 16 : i32
    %c64_i32 = arith.constant 64 : i32
    %c0_i32 = arith.constant 0 : i32
    %c32_i32 = arith.constant 32 : i32
    %c1_i32 = arith.constant 1 : i32
    %true = arith.constant true
    %c256_i64 = arith.constant 256 : i64
    %row = tt.get_program_id x : i32
    %row_0 = arith.muli %row, %c16_i32 : i32
    %src = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %src, %X, [%c32_i32, %c16_i32], [%c64_i32, %n_rows], [%c256_i64], [%c1_i32, %c1_i32] {elem_type = 7 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f32>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %src : !tt.ptr<i8>
    %src_1 = ttng.reinterpret_tensor_descriptor %src : !tt.ptr<i8> to !tt.tensordesc<tensor<16x64xf32, #shared>>
    %dst = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %dst, %Y, [%c32_i32, %c16_i32], [%c64_i32, %n_rows], [%c256_i64], [%c1_i32, %c1_i32] {elem_type = 7 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f32>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %dst : !tt.ptr<i8>
    %dst_2 = ttng.reinterpret_tensor_descriptor %dst : !tt.ptr<i8> to !tt.tensordesc<tensor<16x64xf32, #shared>>
    %block = ttg.local_alloc : () -> !ttg.memdesc<16x64xf32, #shared, #smem, mutable>
    %block_3 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %block_3, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %block_3, 4096, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %src_1[%row_0, %c0_i32] %block, %block_3, %true : !tt.tensordesc<tensor<16x64xf32, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<16x64xf32, #shared, #smem, mutable>
    ttng.wait_barrier %block_3, %c0_i32 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.inval_barrier %block_3 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %block_4 = ttg.local_load %block : !ttg.memdesc<16x64xf32, #shared, #smem, mutable> -> tensor<16x64xf32, #blocked>
    %0 = tt.splat %scale : f32 -> tensor<16x64xf32, #blocked>
    %1 = arith.mulf %block_4, %0 : tensor<16x64xf32, #blocked>
    %2 = ttg.local_alloc %1 : (tensor<16x64xf32, #blocked>) -> !ttg.memdesc<16x64xf32, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %dst_2[%row_0, %c0_i32] %2 : !tt.tensordesc<tensor<16x64xf32, #shared>>, !ttg.memdesc<16x64xf32, #shared, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}
