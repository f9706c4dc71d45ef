# The contiguity hint of a pipelined f32 cp.async is the global side's, as Triton 3.6 writes it:
# both operands of a tf32 wgmma loop copy 4 elements per thread, also B, whose N-contiguous load
# fills a K-major (transposed) nvmma buffer (the lowering narrows that copy to what the buffer
# keeps contiguous; the hint stays 4).
# RUN: trex compile %s --kernel matmul --signature "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, 64, 64, 32" --num-warps 4 --num-stages 3 --target cuda:90 --emit ttgir | FileCheck %s
import triton
import triton.language as tl


# CHECK: #[[B:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
# CHECK-LABEL: tt.func public @matmul
# CHECK: scf.for
# CHECK-DAG: ttg.async_copy_global_to_local %{{.*}} mask %{{.*}} {contiguity = 4 : i32} : tensor<64x32x!tt.ptr<f32>
# CHECK-DAG: ttg.async_copy_global_to_local %{{.*}} mask %{{.*}} {contiguity = 4 : i32} : tensor<32x64x!tt.ptr<f32>, {{.*}} -> <32x64xf32, #[[B]]
@triton.jit
def matmul(a_ptr, b_ptr, c_ptr, K, stride, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * stride + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * stride + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptrs)
        b = tl.load(b_ptrs)
        acc = tl.dot(a, b, acc, input_precision="tf32")
        a_ptrs += BK
        b_ptrs += BK * stride
    tl.store(c_ptr + rm[:, None] * stride + rn[None, :], acc)
