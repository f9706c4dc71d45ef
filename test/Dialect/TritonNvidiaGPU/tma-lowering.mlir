// RUN: trex-opt %s -split-input-file --triton-nvidia-optimize-descriptor-encoding --triton-nvidia-tma-lowering --cse -verify-diagnostics | FileCheck %s
// triton-nvidia-optimize-descriptor-encoding gives each descriptor block its TMA layout;
// triton-nvidia-tma-lowering then writes each descriptor into global scratch and turns
// descriptor loads and stores into TMA copies through shared memory, as Triton 3.6 does
// (its ttgir for these kernels on sm_90 has the same ops, operands and attributes).

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @no_descriptors
// CHECK-NEXT: tt.load
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @no_descriptors(%p: tensor<1024x!tt.ptr<f32>, #blocked>) -> tensor<1024xf32, #blocked> {
    %v = tt.load %p : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return %v : tensor<1024xf32, #blocked>
  }
}

// -----

// A 64x64 f16 tile: 128-byte rows, the 128-byte swizzle; dimensions and strides innermost
// first, strides in bytes without the unit one.
// CHECK-DAG: #[[SHARED:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[BAR:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-LABEL: tt.func @copy_tile(
// CHECK-SAME: %[[X:[a-z0-9]+]]: !tt.ptr<f16>, %[[Y:[a-z0-9]+]]: !tt.ptr<f16>, %[[M:[a-z0-9]+]]: i32, %[[N:[a-z0-9]+]]: i32, %[[S:[a-z0-9]+]]: i64
// CHECK: %[[SRC:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
// CHECK: %[[BYTES:.*]] = arith.muli %[[S]], %{{.*}} : i64
// CHECK: ttng.tensormap_create %[[SRC]], %[[X]], [%[[C64:.*]], %[[C64]]], [%[[N]], %[[M]]], [%[[BYTES]]], [%[[C1:.*]], %[[C1]]] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
// CHECK: ttng.tensormap_fenceproxy_acquire %[[SRC]] : !tt.ptr<i8>
// CHECK: %[[SRCD:.*]] = ttng.reinterpret_tensor_descriptor %[[SRC]] : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16, #[[SHARED]]>>
// CHECK: ttng.tensormap_create %{{.*}}, %[[Y]],
// CHECK: %[[DSTD:.*]] = ttng.reinterpret_tensor_descriptor
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #[[SHARED]], #smem, mutable>
// CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
// CHECK: ttng.init_barrier %[[B]], 1
// CHECK: ttng.barrier_expect %[[B]], 8192, %[[TRUE:.*]] :
// CHECK: ttng.async_tma_copy_global_to_local %[[SRCD]][%{{.*}}, %{{.*}}] %[[BUF]], %[[B]], %[[TRUE]]
// CHECK: ttng.wait_barrier %[[B]], %{{.*}} :
// CHECK: ttng.inval_barrier %[[B]]
// The tile is stored unchanged: straight from the buffer the load filled.
// CHECK-NOT: ttg.local_load
// CHECK: ttng.fence_async_shared {bCluster = false}
// CHECK: ttng.async_tma_copy_local_to_global %[[DSTD]][%{{.*}}, %{{.*}}] %[[BUF]]
// CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NOT: tt.descriptor
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @copy_tile(%x: !tt.ptr<f16>, %y: !tt.ptr<f16>, %m: i32, %n: i32, %s: i64) {
    %c1 = arith.constant 1 : i64
    %c0 = arith.constant 0 : i32
    %src = tt.make_tensor_descriptor %x, [%m, %n], [%s, %c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16>>
    %dst = tt.make_tensor_descriptor %y, [%m, %n], [%s, %c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16>>
    %v = tt.descriptor_load %src[%c0, %c0] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    tt.descriptor_store %dst[%c0, %c0], %v : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16, #blocked>
    tt.return
  }
}

// -----

// Rows of 64 f32 (256 bytes) take two 128-byte-wide boxes of 32; a one-dimensional block is
// unswizzled, marked transposed as Triton marks it, and boxed by 256; byte elements need no
// stride scaling, and NaN padding is fill mode 1.
// CHECK-DAG: #[[F32:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
// CHECK-DAG: #[[ONE:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = true, elementBitWidth = 8, rank = 1}>
// CHECK-LABEL: tt.func @boxes(
// CHECK: ttng.tensormap_create %{{.*}}, %{{.*}}, [%[[C32:.*]], %[[C16:.*]]], {{.*}} {elem_type = 7 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32}
// CHECK: ttng.reinterpret_tensor_descriptor %{{.*}} : !tt.ptr<i8> to !tt.tensordesc<tensor<16x64xf32, #[[F32]]>>
// CHECK-NOT: arith.muli
// CHECK: ttng.tensormap_create %{{.*}}, %{{.*}}, [%[[C256:.*]]], [%{{.*}}], [], [%{{.*}}] {elem_type = 0 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<i8>, i32, i32, i32) -> ()
// CHECK: ttng.reinterpret_tensor_descriptor %{{.*}} : !tt.ptr<i8> to !tt.tensordesc<tensor<1024xsi8, #[[ONE]]>>
// CHECK: ttng.barrier_expect %{{.*}}, 4096,
// CHECK: ttg.local_alloc %{{.*}} : (tensor<1024xi8, #{{.*}}>) -> !ttg.memdesc<1024xi8, #[[ONE]], #smem>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @boxes(%x: !tt.ptr<f32>, %b: !tt.ptr<i8>, %m: i32, %n: i32, %s: i64, %v: tensor<1024xi8, #blocked1>) -> tensor<16x64xf32, #blocked> {
    %c1 = arith.constant 1 : i64
    %c0 = arith.constant 0 : i32
    %src = tt.make_tensor_descriptor %x, [%m, %n], [%s, %c1] {padding = 2 : i32} : !tt.ptr<f32>, !tt.tensordesc<tensor<16x64xf32>>
    %bytes = tt.make_tensor_descriptor %b, [%m], [%c1] : !tt.ptr<i8>, !tt.tensordesc<tensor<1024xsi8>>
    %t = tt.descriptor_load %src[%c0, %c0] : !tt.tensordesc<tensor<16x64xf32>> -> tensor<16x64xf32, #blocked>
    tt.descriptor_store %bytes[%c0], %v : !tt.tensordesc<tensor<1024xsi8>>, tensor<1024xi8, #blocked1>
    tt.return %t : tensor<16x64xf32, #blocked>
  }
}

// -----

// Descriptor gathers need sm_100's tile::gather4 mode.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#idx = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @gather(%d: !tt.tensordesc<tensor<1x64xf16>>, %rows: tensor<32xi32, #idx>, %x: i32) -> tensor<32x64xf16, #blocked> {
    // expected-error @below {{tile::gather4 mode, which needs sm_100}}
    %v = tt.descriptor_gather %d[%rows, %x] : (!tt.tensordesc<tensor<1x64xf16>>, tensor<32xi32, #idx>, i32) -> tensor<32x64xf16, #blocked>
    tt.return %v : tensor<32x64xf16, #blocked>
  }
}

// -----

// Host descriptors (kernel parameters, followed by their shape and strides): the parameter's
// block gets its TMA layout in the function type (32 bf16 = 64-byte rows: the 64-byte swizzle);
// loads are TMA copies through the parameter itself, nothing is written to global scratch.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[SA:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: tt.func public @host_descriptor(
// CHECK-SAME: %[[A:[a-z0-9]+]]: !tt.tensordesc<tensor<64x32xbf16, #[[SA]]>>, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i64, %{{.*}}: i64
// CHECK-NOT: ttg.global_scratch_alloc
// CHECK-NOT: ttng.tensormap_create
// CHECK: ttng.async_tma_copy_global_to_local %[[A]][
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @host_descriptor(%a: !tt.tensordesc<tensor<64x32xbf16>>, %m: i32, %n: i32, %sm: i64, %sn: i64, %i: i32) -> tensor<64x32xbf16, #blocked> {
    %v = tt.descriptor_load %a[%i, %i] : !tt.tensordesc<tensor<64x32xbf16>> -> tensor<64x32xbf16, #blocked>
    tt.return %v : tensor<64x32xbf16, #blocked>
  }
}

// -----

// TMA element types in the device's numbering (tensormap.replace's .elemtype, as Triton's
// TMA_ELEMENT_TYPES): bf16 is 10 (the host's CUtensorMapDataType says 9, the device's 9 is f64).
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @bf16_descriptor(
// CHECK: ttng.tensormap_create {{.*}} {elem_type = 10 : i32,
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @bf16_descriptor(%x: !tt.ptr<bf16>, %m: i32, %n: i32, %s: i64, %i: i32) -> tensor<64x64xbf16, #blocked> {
    %c1 = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %x, [%m, %n], [%s, %c1] : !tt.ptr<bf16>, !tt.tensordesc<tensor<64x64xbf16>>
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16, #blocked>
    tt.return %v : tensor<64x64xbf16, #blocked>
  }
}

// -----

// A tile stored unchanged: the store copies out the buffer the load's TMA copy filled (no
// local_load into registers, no second buffer), as Triton 3.6 does. With a write between the
// read and the store (the local_store into %other, which may be the same memory), the value
// goes through registers into a buffer of its own.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// CHECK-LABEL: tt.func public @forwarded(
// CHECK: %[[TILE:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #{{.*}}, #smem, mutable>
// CHECK: ttng.async_tma_copy_global_to_local %{{.*}}[%{{.*}}, %{{.*}}] %[[TILE]],
// CHECK-NOT: ttg.local_load
// CHECK: ttng.fence_async_shared
// CHECK-NEXT: ttng.async_tma_copy_local_to_global %{{.*}}[%{{.*}}, %{{.*}}] %[[TILE]] :
// CHECK-LABEL: tt.func public @not_forwarded(
// CHECK: %[[READ:.*]] = ttg.local_load
// CHECK: ttg.local_store
// CHECK: %[[OWN:.*]] = ttg.local_alloc %[[READ]]
// CHECK: ttng.async_tma_copy_local_to_global %{{.*}}[%{{.*}}, %{{.*}}] %[[OWN]] :
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @forwarded(%src: !tt.tensordesc<tensor<64x64xf16>>, %dst: !tt.tensordesc<tensor<64x64xf16>>, %i: i32) {
    %v = tt.descriptor_load %src[%i, %i] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    tt.descriptor_store %dst[%i, %i], %v : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16, #blocked>
    tt.return
  }
  tt.func public @not_forwarded(%src: !tt.tensordesc<tensor<64x64xf16>>, %dst: !tt.tensordesc<tensor<64x64xf16>>, %i: i32, %other: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %w: tensor<64x64xf16, #blocked>) {
    %v = tt.descriptor_load %src[%i, %i] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    ttg.local_store %w, %other : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.descriptor_store %dst[%i, %i], %v : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16, #blocked>
    tt.return
  }
}
