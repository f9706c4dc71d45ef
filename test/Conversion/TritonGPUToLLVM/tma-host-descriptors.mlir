// RUN: trex-opt %s --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s

// Host-side descriptors (the ttgir trex makes for test/frontend/host-descriptors.py's
// copy_tiles): each descriptor parameter becomes a pointer to a 128-byte CUtensorMap the
// launcher passes by value, 64-byte aligned, a grid constant (PTX `.param .align 64 .b8
// name[128]`); its shape and strides stay i32/i64 parameters after it. The TMA copies take the
// parameter's address as it is: no tensormap_create, no global scratch.
// CHECK-NOT: ttg.global_scratch_memory_size = {{[1-9]}}
// CHECK-LABEL: llvm.func @copy_tiles(
// CHECK-SAME: %arg0: !llvm.ptr {llvm.align = 64 : i32, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %arg1: i32, %arg2: i32, %arg3: i64, %arg4: i64,
// CHECK-SAME: %arg5: !llvm.ptr {llvm.align = 64 : i32, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %arg6: i32, %arg7: i32, %arg8: i64, %arg9: i64,
// CHECK-SAME: %arg10: !llvm.ptr<1>, %arg11: !llvm.ptr<1>)
// CHECK-NOT: tensormap.replace
// CHECK: "@$0 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, {$3, $4}], [$5];", "b,r,l,r,r,r" %{{[0-9]+}}, %{{[0-9]+}}, %arg0,
// CHECK: "@$0 cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [$1, {$3, $4}], [$2];", "b,l,r,r,r" %{{[0-9]+}}, %arg5,
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy_tiles(%src: !tt.tensordesc<tensor<64x64xf16, #shared>>, %src_0: i32, %src_1: i32, %src_2: i64, %src_3: i64, %dst: !tt.tensordesc<tensor<64x64xf16, #shared>>, %dst_4: i32, %dst_5: i32, %dst_6: i64, %dst_7: i64) attributes {noinline = false} {
    %c64_i32 = arith.constant 64 : i32
    %true = arith.constant true
    %c0_i32 = arith.constant 0 : i32
    %row = tt.get_program_id x : i32
    %row_8 = arith.muli %row, %c64_i32 : i32
    %col = tt.get_program_id y : i32
    %col_9 = arith.muli %col, %c64_i32 : i32
    %tile = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %tile_10 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %tile_10, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %tile_10, 8192, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %src[%row_8, %col_9] %tile, %tile_10, %true : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.wait_barrier %tile_10, %c0_i32 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.inval_barrier %tile_10 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %tile_11 = ttg.local_load %tile : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
    %0 = ttg.local_alloc %tile_11 : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %dst[%row_8, %col_9] %0 : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}
