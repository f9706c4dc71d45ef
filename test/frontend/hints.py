# Coverage: tl.multiple_of, tl.max_contiguous and tl.max_constancy on 1-D and 2-D tensors,
# and tl.assume.
# RUN: trex compile %s --kernel hinted --signature "*fp32:16, i32" --emit source | FileCheck %s
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @hinted(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %N: i32{{( loc|,|\))}}
# CHECK: [[V:%[^ ]+]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : i32
# CHECK-NEXT: llvm.intr.assume [[V]] : i1
# CHECK-NEXT: tt.make_range {end = 128 : i32, start = 0 : i32, tt.contiguity = dense<128> : tensor<1xi32>, tt.divisibility = dense<128> : tensor<1xi32>} : tensor<128xi32>
# CHECK: arith.addi %{{.*}}, %{{.*}} {tt.constancy = dense<[1, 16]> : tensor<2xi32>, tt.divisibility = dense<[16, 1]> : tensor<2xi32>} : tensor<16x16xi32>
# CHECK-LABEL: tt.func private @"triton.language.standard.sum__fp32S8_16S__(1,)cconstexpr_0__(2,)cconstexpr_False__(3,)cNone"(
# CHECK-LABEL: tt.func private @triton.language.standard._sum_combine__fp32_fp32__(
@triton.jit
def hinted(X, N):
    tl.assume(N > 0)
    offs = tl.max_contiguous(tl.multiple_of(tl.arange(0, 128), 128), 128)
    start = tl.multiple_of(N, 16)
    grid = tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :]
    grid = tl.max_constancy(grid, (1, 16))
    grid = tl.multiple_of(grid, [16, 1])
    x = tl.load(X + start + offs)
    tl.store(X + grid, tl.reshape(x, 8, 16).sum(0)[None, :])
