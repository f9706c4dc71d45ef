# Coverage: x[:, None] and x[None, :] subscripts, x.dtype, x.shape, x.numel,
# p.dtype.element_ty, dtype predicates, float('inf') and math constants.
# RUN: trex compile %s --kernel attributes --signature "*fp16:16, *fp32:16" --emit source | FileCheck %s
import math

import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @attributes(
# CHECK-SAME: %H: !tt.ptr<f16> {tt.divisibility = 16 : i32}
# CHECK-SAME: %F: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK: tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<16xf16> -> tensor<16x1xf16>
# CHECK-NEXT: tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<16xf16> -> tensor<1x16xf16>
# CHECK: [[GRID:%[^ ]+]] = arith.addf %{{.*}}, %{{.*}} : tensor<16x16xf16>
# CHECK: [[V:%[^ ]+]] = tt.call @"triton.language.standard.max__fp16S16_16S__(1,)cconstexpr_1__(2,)cconstexpr_False__(3,)cconstexpr_True__(4,)cconstexpr_False_"([[GRID]]) : (tensor<16x16xf16>) -> tensor<16xf32>
# CHECK-NEXT: tt.store %{{.*}}, [[V]] : tensor<16x!tt.ptr<f32>>
# CHECK: arith.constant 0x7F800000 : f32
# CHECK-NEXT: [[CST:%[^ ]+]] = arith.constant dense<0x7F800000> : tensor<16xf32>
# CHECK-NEXT: tt.store %{{.*}}, [[CST]] : tensor<16x!tt.ptr<f32>>
# CHECK: arith.constant 0xFF800000 : f32
# CHECK-NEXT: [[CST2:%[^ ]+]] = arith.constant dense<0xFF800000> : tensor<16xf32>
# CHECK-NEXT: arith.constant 3.14159274 : f32
# CHECK-NEXT: arith.constant 3.14159274 : f32
# CHECK-NEXT: [[CST3:%[^ ]+]] = arith.constant dense<3.14159274> : tensor<16xf32>
# CHECK-NEXT: [[V2:%[^ ]+]] = arith.addf [[CST2]], [[CST3]] : tensor<16xf32>
# CHECK-NEXT: tt.store %{{.*}}, [[V2]] : tensor<16x!tt.ptr<f32>>
# CHECK: [[V3:%[^ ]+]] = arith.addf %{{.*}}, %{{.*}} : tensor<16xf16>
# CHECK-NEXT: tt.store %{{.*}}, [[V3]] : tensor<16x!tt.ptr<f16>>
# CHECK-LABEL: tt.func private @"triton.language.standard.max__fp16S16_16S__(1,)cconstexpr_1__(2,)cconstexpr_False__(3,)cconstexpr_True__(4,)cconstexpr_False_"(
# CHECK: tt.call @triton.language.standard._elementwise_max__fp32_fp32__(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
# CHECK-LABEL: tt.func private @triton.language.standard._elementwise_max__fp32_fp32__(
@triton.jit
def attributes(H, F):
    offs = tl.arange(0, 16)
    h = tl.load(H + offs)
    grid = h[:, None] + h[None, :]
    tl.static_assert(grid.shape == (16, 16))
    tl.static_assert(h.dtype == tl.float16)
    tl.static_assert(H.dtype.element_ty == tl.float16)
    tl.static_assert(grid.numel == 256)
    acc_type: tl.constexpr = tl.float32 if h.dtype.is_fp16() else h.dtype
    tl.store(F + offs, tl.max(grid, 1).to(acc_type))
    tl.store(F + offs, tl.full(h.shape, float('inf'), F.dtype.element_ty))
    tl.store(F + offs, tl.full(h.shape, -float("inf"), tl.float32) + math.pi)
    tl.store(H + offs, h.to(H.dtype.element_ty) + h.dtype.primitive_bitwidth)
