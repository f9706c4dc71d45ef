# Host-side tensor descriptors on sm_90: kernels that take TensorDescriptor objects made on the
# host (`tensordesc<fp16[64, 64]>` in the signature, Triton 3.6's AOT form). Each descriptor
# parameter is followed by its shape (i32 each) and strides (i64 each), as Triton's front end
# declares them; loads and stores are TMA copies through the parameter itself (no
# tensormap_create), and the LLVM parameter is a 128-byte by-value grid constant. The copy's
# ttgir equals Triton 3.6's (the loaded tile stored from its TMA buffer).
# test/gpu/host_descriptor_check.py runs these kernels on the GPU beside Triton.
# NO-TRITON-LAYOUTS: Triton's layouts for these host-descriptor cases are not recorded yet (record them with test/gpu/triton_layouts.py on the GPU machine, then drop this line); host_descriptor_check.py compares the whole ttgir there
# RUN: trex compile %s --kernel copy_tiles --signature "tensordesc<fp16[64, 64]>, tensordesc<fp16[64, 64]>, 64, 64" --target cuda:90 --emit ttir | FileCheck %s --check-prefix=TTIR
# RUN: trex compile %s --kernel copy_tiles --signature "tensordesc<fp16[64, 64]>, tensordesc<fp16[64, 64]>, 64, 64" --target cuda:90 --emit ttgir | FileCheck %s --check-prefix=TTGIR
# RUN: trex compile %s --kernel copy_tiles --signature "tensordesc<fp16[64, 64]>, tensordesc<fp16[64, 64]>, 64, 64" --target cuda:90 --emit llir | FileCheck %s --check-prefix=LLIR
# RUN: trex compile %s --kernel copy_tiles --signature "tensordesc<fp16[64, 64]>, tensordesc<fp16[64, 64]>, 64, 64" --target cuda:90 --emit ptx | FileCheck %s --check-prefix=PTX
# RUN: trex compile %s --kernel matmul_tma --signature "tensordesc<fp16[64, 32]>, tensordesc<fp16[32, 64]>, tensordesc<fp16[64, 64]>, i32:16, i32:16, i32:16, 64, 64, 32" --target cuda:90 --num-stages 3 --emit ttgir | FileCheck %s --check-prefix=MATMUL
# RUN: trex compile %s --kernel matmul_tma --signature "tensordesc<fp16[64, 32]>, tensordesc<fp16[32, 64]>, tensordesc<fp16[64, 64]>, i32:16, i32:16, i32:16, 64, 64, 32" --target cuda:90 --num-stages 3 --emit json | FileCheck %s --check-prefix=META
# RUN: trex compile %s --kernel matmul_tma --signature "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 128]>, tensordesc<fp16[128, 128]>, i32:16, i32:16, i32:16, 128, 128, 64" --target cuda:90 --num-stages 3 --emit ttgir | FileCheck %s --check-prefix=PIPELINED
# RUN: trex compile %s --kernel matmul_tma --signature "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 128]>, tensordesc<fp16[128, 128]>, i32:16, i32:16, i32:16, 128, 128, 64" --target cuda:90 --num-stages 4 --emit ptx | FileCheck %s --check-prefix=PIPELINED-PTX
# RUN: trex compile %s --kernel row_sums --signature "tensordesc<fp32[16, 64]>, *fp32:16, 16, 64" --target cuda:90 --emit ttir | FileCheck %s --check-prefix=SHAPE
# RUN: not trex compile %s --kernel copy_tiles --signature "tensordesc<fp16[64, 64]>, tensordesc<fp16[64, 64]>, 64, 64" --target cuda:80 --emit ttir 2>&1 | FileCheck %s --check-prefix=SM80
# RUN: not trex compile %s --kernel copy_tiles --signature "tensordesc<fp16[64, 4]>, tensordesc<fp16[64, 64]>, 64, 64" --target cuda:90 --emit ttir 2>&1 | FileCheck %s --check-prefix=NARROW
# RUN: not trex compile %s --kernel copy_tiles --signature "tensordesc<fp16[64, 64],#ttg.nvmma_shared<{}>>, tensordesc<fp16[64, 64]>, 64, 64" --target cuda:90 --emit ttir 2>&1 | FileCheck %s --check-prefix=GLUON
import triton
import triton.language as tl


# TTIR-LABEL: tt.func public @copy_tiles(
# TTIR-SAME: %src: !tt.tensordesc<tensor<64x64xf16>>
# TTIR-SAME: %src_0: i32
# TTIR-SAME: %src_1: i32
# TTIR-SAME: %src_2: i64
# TTIR-SAME: %src_3: i64
# TTIR-SAME: %dst: !tt.tensordesc<tensor<64x64xf16>>
# TTIR-SAME: %dst_4: i32
# TTIR-SAME: %dst_5: i32
# TTIR-SAME: %dst_6: i64
# TTIR-SAME: %dst_7: i64
# TTIR: %tile = tt.descriptor_load %src[%{{.*}}, %{{.*}}] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
# TTIR: tt.descriptor_store %dst[%{{.*}}, %{{.*}}], %tile : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
# TTGIR-DAG: #[[SHARED:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
# TTGIR-LABEL: tt.func public @copy_tiles(
# TTGIR-SAME: %src: !tt.tensordesc<tensor<64x64xf16, #[[SHARED]]>>
# TTGIR-NOT: ttng.tensormap_create
# TTGIR-NOT: ttg.global_scratch_alloc
# TTGIR: %tile = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #[[SHARED]], #smem, mutable>
# TTGIR: ttng.async_tma_copy_global_to_local %src[%{{.*}}, %{{.*}}] %tile,
# TTGIR-NOT: ttg.local_load
# TTGIR: ttng.fence_async_shared {bCluster = false}
# TTGIR-NEXT: ttng.async_tma_copy_local_to_global %dst[%{{.*}}, %{{.*}}] %tile :
# LLIR: define ptx_kernel void @copy_tiles(ptr byval([128 x i8]) align 64 "nvvm.grid_constant" %0, i32 %1, i32 %2, i64 %3, i64 %4, ptr byval([128 x i8]) align 64 "nvvm.grid_constant" %5,
# PTX: .param .align 64 .b8 copy_tiles_param_0[128],
# PTX-NEXT: .param .u32 copy_tiles_param_1,
# PTX: .param .u64 copy_tiles_param_4,
# PTX-NEXT: .param .align 64 .b8 copy_tiles_param_5[128],
# PTX-NOT: tensormap.replace
# PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
# PTX: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
# SM80: host-descriptors.py:[[# @LINE + 4]]:{{[0-9]+}}: error: parameter 'src' is a host tensor descriptor (tensordesc<fp16[64, 64]>): trex launches those as TMA descriptors, which need sm_90 or newer
# NARROW: error: {{.*}}Descriptor block shape must have at least 16 bytes in the last dimension, but got 4 * 2 = 8 bytes
# GLUON: error: {{.*}}tensor descriptors with a layout ('#ttg.nvmma_shared<{}>', Gluon's form) are not supported
@triton.jit
def copy_tiles(src, dst, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    row = tl.program_id(0) * BLOCK_M
    col = tl.program_id(1) * BLOCK_N
    tile = src.load([row, col])
    dst.store([row, col], tile)


# MATMUL-DAG: #[[SA:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
# MATMUL-DAG: #[[SB:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
# MATMUL-LABEL: tt.func public @matmul_tma(
# MATMUL-SAME: %a_desc: !tt.tensordesc<tensor<64x32xf16, #[[SA]]>>
# MATMUL-SAME: %b_desc: !tt.tensordesc<tensor<32x64xf16, #[[SB]]>>
# MATMUL-SAME: %c_desc: !tt.tensordesc<tensor<64x64xf16, #[[SB]]>>
# MATMUL: scf.for
# MATMUL-DAG: ttng.async_tma_copy_global_to_local %a_desc[
# MATMUL-DAG: ttng.async_tma_copy_global_to_local %b_desc[
# MATMUL: ttng.warp_group_dot
# MATMUL: ttng.async_tma_copy_local_to_global %c_desc[
# META: "tensordesc_meta": [
# META-NEXT: {
# META-NEXT: "block_size": [
# META-NEXT: 64,
# META-NEXT: 32
# META-NEXT: ],
# META-NEXT: "elem_size": 2,
# META-NEXT: "elem_type": 6,
# META-NEXT: "fp4_padded": false,
# META-NEXT: "swizzle": 2
# META: "swizzle": 3
# META: "swizzle": 3
# The matmul's loads pipelined as Triton 3.6 does (num_stages 3: two iterations ahead, three
# buffers, as the asynchronous wgmma reads them in place): one barrier per buffer shared by A and
# B, armed for both tiles' bytes before their copies; the loop waits on the barrier of the buffer
# it reads with the phase it carries (flipped whenever the index wraps), lets the previous
# iteration's wgmma finish (pendings = 1) and copies iteration k + 2 into the buffer that one read.
# PIPELINED-DAG: #[[SHARED:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
# PIPELINED-DAG: #[[BAR:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
# PIPELINED-LABEL: tt.func public @matmul_tma(
# PIPELINED: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #[[SHARED]], #smem, mutable>
# PIPELINED-NEXT: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16, #[[SHARED]], #smem, mutable>
# PIPELINED-NEXT: %[[BARS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #[[BAR]], #smem, mutable>
# PIPELINED-NEXT: %[[BAR0:.*]] = ttg.memdesc_index %[[BARS]][%c0_i32]
# PIPELINED-NEXT: ttng.init_barrier %[[BAR0]], 1
# PIPELINED-NEXT: %[[BAR1:.*]] = ttg.memdesc_index %[[BARS]][%c1_i32]
# PIPELINED-NEXT: ttng.init_barrier %[[BAR1]], 1
# PIPELINED-NEXT: %[[BAR2:.*]] = ttg.memdesc_index %[[BARS]][%c2_i32]
# PIPELINED-NEXT: ttng.init_barrier %[[BAR2]], 1
# PIPELINED-NEXT: %[[FIRST:.*]] = arith.cmpi sgt, %[[TILES:.*]], %c0_i32
# PIPELINED-NEXT: ttng.barrier_expect %[[BAR0]], 32768, %[[FIRST]]
# PIPELINED-NEXT: %[[A0:.*]] = ttg.memdesc_index %[[A]][%c0_i32]
# PIPELINED-NEXT: ttng.async_tma_copy_global_to_local %a_desc[%{{.*}}, %c0_i32] %[[A0]], %[[BAR0]], %[[FIRST]]
# PIPELINED-NEXT: %[[B0:.*]] = ttg.memdesc_index %[[B]][%c0_i32]
# PIPELINED-NEXT: ttng.async_tma_copy_global_to_local %b_desc[%c0_i32, %{{.*}}] %[[B0]], %[[BAR0]], %[[FIRST]]
# PIPELINED-NEXT: %[[SECOND:.*]] = arith.cmpi sgt, %[[TILES]], %c1_i32
# PIPELINED-NEXT: ttng.barrier_expect %[[BAR1]], 32768, %[[SECOND]]
# PIPELINED-NEXT: %[[A1:.*]] = ttg.memdesc_index %[[A]][%c1_i32]
# PIPELINED-NEXT: ttng.async_tma_copy_global_to_local %a_desc[%{{.*}}, %c64_i32] %[[A1]], %[[BAR1]], %[[SECOND]]
# PIPELINED-NEXT: %[[B1:.*]] = ttg.memdesc_index %[[B]][%c1_i32]
# PIPELINED-NEXT: ttng.async_tma_copy_global_to_local %b_desc[%c64_i32, %{{.*}}] %[[B1]], %[[BAR1]], %[[SECOND]]
# PIPELINED-NEXT: %[[LOOP:.*]]:4 = scf.for %[[K:.*]] = %c0_i32 to %[[TILES]] step %c1_i32 iter_args(%[[ACC:.*]] = %cst, %[[INS:.*]] = %c1_i32, %[[EXT:.*]] = %c-1_i32, %[[PHASE:.*]] = %c0_i32)
# PIPELINED-NEXT: %[[LAST:.*]] = arith.subi %[[TILES]], %c2_i32
# PIPELINED-NEXT: %[[AHEAD:.*]] = arith.cmpi slt, %[[K]], %[[LAST]]
# PIPELINED-NEXT: %[[EXT1:.*]] = arith.addi %[[EXT]], %c1_i32
# PIPELINED-NEXT: %[[WRAPS:.*]] = arith.cmpi sge, %[[EXT1]], %c3_i32
# PIPELINED-NEXT: %[[READ:.*]] = arith.select %[[WRAPS]], %c0_i32, %[[EXT1]]
# PIPELINED-NEXT: %[[FLIP:.*]] = arith.xori %[[PHASE]], %c1_i32
# PIPELINED-NEXT: %[[PH:.*]] = arith.select %[[WRAPS]], %[[FLIP]], %[[PHASE]]
# PIPELINED-NEXT: %[[WBAR:.*]] = ttg.memdesc_index %[[BARS]][%[[READ]]]
# PIPELINED-NEXT: ttng.wait_barrier %[[WBAR]], %[[PH]]
# PIPELINED-NEXT: %[[RB:.*]] = ttg.memdesc_index %[[B]][%[[READ]]]
# PIPELINED-NEXT: %[[RA:.*]] = ttg.memdesc_index %[[A]][%[[READ]]]
# PIPELINED-NEXT: %[[DOT:.*]] = ttng.warp_group_dot %[[RA]], %[[RB]], %[[ACC]] {inputPrecision = 0 : i32, isAsync = true}
# PIPELINED-NEXT: %[[DONE:.*]]:3 = ttng.warp_group_dot_wait %[[DOT]], %[[RA]], %[[RB]] {pendings = 1 : i32}
# PIPELINED-NEXT: %[[INS1:.*]] = arith.addi %[[INS]], %c1_i32
# PIPELINED-NEXT: %[[IWRAPS:.*]] = arith.cmpi sge, %[[INS1]], %c3_i32
# PIPELINED-NEXT: %[[WRITE:.*]] = arith.select %[[IWRAPS]], %c0_i32, %[[INS1]]
# PIPELINED-NEXT: %[[K2:.*]] = arith.addi %[[K]], %c2_i32
# PIPELINED-NEXT: %[[OFF:.*]] = arith.muli %[[K2]], %c64_i32
# PIPELINED-NEXT: %[[EBAR:.*]] = ttg.memdesc_index %[[BARS]][%[[WRITE]]]
# PIPELINED-NEXT: ttng.barrier_expect %[[EBAR]], 32768, %[[AHEAD]]
# PIPELINED-NEXT: %[[WA:.*]] = ttg.memdesc_index %[[A]][%[[WRITE]]]
# PIPELINED-NEXT: ttng.async_tma_copy_global_to_local %a_desc[%{{.*}}, %[[OFF]]] %[[WA]], %[[EBAR]], %[[AHEAD]]
# PIPELINED-NEXT: %[[WB:.*]] = ttg.memdesc_index %[[B]][%[[WRITE]]]
# PIPELINED-NEXT: ttng.async_tma_copy_global_to_local %b_desc[%[[OFF]], %{{.*}}] %[[WB]], %[[EBAR]], %[[AHEAD]]
# PIPELINED-NEXT: scf.yield %[[DONE]]#0, %[[WRITE]], %[[READ]], %[[PH]]
# PIPELINED-NEXT: }
# PIPELINED-NEXT: %[[RESULT:.*]] = ttng.warp_group_dot_wait %[[LOOP]]#0 {pendings = 0 : i32}
# PIPELINED-NEXT: ttng.inval_barrier %[[BAR0]]
# PIPELINED-NEXT: ttng.inval_barrier %[[BAR1]]
# PIPELINED-NEXT: ttng.inval_barrier %[[BAR2]]
# PIPELINED-NEXT: ttg.local_dealloc %[[BARS]]
# PIPELINED-NEXT: ttg.local_dealloc %[[B]]
# PIPELINED-NEXT: ttg.local_dealloc %[[A]]
# PIPELINED-NOT: ttg.local_load
# PIPELINED: arith.truncf %[[RESULT]]
# With num_stages 4: three iterations ahead, four barriers and buffers; the loop polls the
# barrier with the phase and keeps one wgmma group in flight.
# PIPELINED-PTX-COUNT-4: mbarrier.init.shared::cta.b64 [{{.*}}], 1;
# PIPELINED-PTX-COUNT-3: mbarrier.arrive.expect_tx.shared::cta.b64 _, [{{.*}}], 32768;
# PIPELINED-PTX: mbarrier.try_wait.parity.shared::cta.b64 complete, [{{.*}}], %r{{[0-9]+}};
# PIPELINED-PTX: wgmma.wait_group.sync.aligned 1;
# PIPELINED-PTX: mbarrier.arrive.expect_tx.shared::cta.b64 _, [{{.*}}], 32768;
# PIPELINED-PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
# PIPELINED-PTX: wgmma.wait_group.sync.aligned 0;
# PIPELINED-PTX-COUNT-4: mbarrier.inval.shared::cta.b64
@triton.jit
def matmul_tma(a_desc, b_desc, c_desc, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
               BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    programs_m = tl.cdiv(M, BLOCK_M)
    off_m = (pid % programs_m) * BLOCK_M
    off_n = (pid // programs_m) * BLOCK_N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = a_desc.load([off_m, k * BLOCK_K])
        b = b_desc.load([k * BLOCK_K, off_n])
        acc = tl.dot(a, b, acc)
    c_desc.store([off_m, off_n], acc.to(tl.float16))


# SHAPE-LABEL: tt.func public @row_sums(%x_desc: !tt.tensordesc<tensor<16x64xf32>>
# SHAPE-SAME: %x_desc_1: i32
# SHAPE-SAME: %x_desc_3: i64
# SHAPE-SAME: %out_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# SHAPE: scf.for %{{.*}} = %{{.*}} to %x_desc_1 step
# SHAPE: tt.descriptor_load %x_desc
@triton.jit
def row_sums(x_desc, out_ptr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    row = tl.program_id(0) * BLOCK_M
    total = tl.zeros((BLOCK_M, ), dtype=tl.float32)
    for col in range(0, x_desc.shape[1], BLOCK_N):
        total += tl.sum(x_desc.load([row, col]), axis=1)
    tl.store(out_ptr + row + tl.arange(0, BLOCK_M), total)
