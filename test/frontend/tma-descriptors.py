# Device-side tensor descriptors on sm_90 (tl.make_tensor_descriptor): each descriptor is a
# 128-byte TMA descriptor written into the program's slice of global scratch, loads and stores
# are TMA copies through shared memory, as Triton 3.6 lowers them (triton-nvidia-tma-lowering);
# before sm_90 they are rewritten to pointer arithmetic. test/gpu/output_check.py runs these kernels
# on the GPU.
# RUN: trex compile %s --kernel copy_tile --signature "*fp16:16, *fp16:16, i32, i32:16, 64, 64" --target cuda:90 --emit ttgir | FileCheck %s
# RUN: trex compile %s --kernel scale_rows --signature "*fp32:16, *fp32:16, i32, fp32, 64, 16" --target cuda:90 --emit ttgir | FileCheck %s --check-prefix=BOXES
# RUN: trex compile %s --kernel scale_rows --signature "*fp32:16, *fp32:16, i32, fp32, 64, 16" --target cuda:80 --emit ttgir | FileCheck %s --check-prefix=SM80
# RUN: trex compile %s --kernel copy_tile --signature "*fp16:16, *fp16:16, i32, i32:16, 64, 64" --target cuda:90 --emit json | FileCheck %s --check-prefix=META
# RUN: trex compile %s --kernel block_sums --signature "*i32:16, *i32:16, 16, 16" --target cuda:90 --emit ttgir | FileCheck %s --check-prefix=SUMS
import triton
import triton.language as tl


# CHECK-DAG: #[[BLOCKED:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
# CHECK-DAG: #[[SHARED:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
# CHECK-LABEL: tt.func public @copy_tile(
# CHECK: %[[SRC:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
# CHECK: ttng.tensormap_create %[[SRC]], %X, [%c64_i32, %c64_i32], [%N, %M], [%{{.*}}], [%c1_i32, %c1_i32] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32}
# CHECK: ttng.tensormap_fenceproxy_acquire %[[SRC]]
# CHECK: ttng.reinterpret_tensor_descriptor %[[SRC]] : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16, #[[SHARED]]>>
# CHECK: ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32}
# CHECK: ttng.tensormap_create %{{.*}}, %Y,
# CHECK: ttng.barrier_expect %{{.*}}, 8192, %true
# CHECK: ttng.async_tma_copy_global_to_local
# CHECK: ttng.wait_barrier
# CHECK: ttng.inval_barrier
# CHECK: ttg.local_load %{{.*}} -> tensor<64x64xf16, #[[BLOCKED]]>
# CHECK: ttng.fence_async_shared {bCluster = false}
# CHECK: ttng.async_tma_copy_local_to_global
# CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
# META: "global_scratch_align": 128
# META: "global_scratch_size": 256
# META: "trex_global_scratch": [
# META: "offset": 0
# META: "size": 128
# META: "source": "{{.*}}tma-descriptors.py:[[# @LINE + 8]]:{{[0-9]+}}"
# META: "what": "TMA descriptor (tl.make_tensor_descriptor)"
# META: "offset": 128
# META: "source": "{{.*}}tma-descriptors.py:[[# @LINE + 6]]:{{[0-9]+}}"
@triton.jit
def copy_tile(X, Y, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    src = tl.make_tensor_descriptor(X, shape=[M, N], strides=[N, 1], block_shape=[BLOCK_M, BLOCK_N])
    dst = tl.make_tensor_descriptor(Y, shape=[M, N], strides=[N, 1], block_shape=[BLOCK_M, BLOCK_N])
    tile = src.load([pid_m * BLOCK_M, pid_n * BLOCK_N])
    dst.store([pid_m * BLOCK_M, pid_n * BLOCK_N], tile + 1)


# BOXES: ttng.tensormap_create %{{.*}}, %X, [%c32_i32, %c16_i32], [%c64_i32, %n_rows], [%c256_i64], [%c1_i32, %c1_i32] {elem_type = 7 : i32
# BOXES: ttng.barrier_expect %{{.*}}, 4096, %true
# SM80-NOT: ttng.
# SM80: tt.load
# SM80: tt.store
@triton.jit
def scale_rows(X, Y, n_rows, scale, N: tl.constexpr, BLOCK_M: tl.constexpr):
    row = tl.program_id(0) * BLOCK_M
    src = tl.make_tensor_descriptor(X, [n_rows, N], [N, 1], [BLOCK_M, N])
    dst = tl.make_tensor_descriptor(Y, [n_rows, N], [N, 1], [BLOCK_M, N])
    block = tl.load_tensor_descriptor(src, [row, 0])
    tl.store_tensor_descriptor(dst, [row, 0], block * scale)


@triton.jit
def matmul_tma(A, B, C, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    a_desc = tl.make_tensor_descriptor(A, [M, K], [K, 1], [BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(B, [K, N], [N, 1], [BLOCK_K, BLOCK_N])
    c_desc = tl.make_tensor_descriptor(C, [M, N], [N, 1], [BLOCK_M, BLOCK_N])
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = a_desc.load([pid_m * BLOCK_M, k * BLOCK_K])
        b = b_desc.load([k * BLOCK_K, pid_n * BLOCK_N])
        acc = tl.dot(a, b, acc)
    c_desc.store([pid_m * BLOCK_M, pid_n * BLOCK_N], acc.to(tl.float16))



# Each program makes its own descriptor (its base differs), in its own 128-byte slot of global
# scratch: test/gpu/output_check.py runs 4096 programs and checks every block's sum.
# SUMS: ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32}
# SUMS: swizzle_mode = 2
@triton.jit
def block_sums(X, Out, BLOCK_M: tl.constexpr, N: tl.constexpr):
    pid = tl.program_id(0)
    desc = tl.make_tensor_descriptor(X + pid * BLOCK_M * N, [BLOCK_M, N], [N, 1], [BLOCK_M, N])
    tile = desc.load([0, 0])
    tl.store(Out + pid, tl.sum(tl.sum(tile, axis=1), axis=0))
