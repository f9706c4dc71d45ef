# Coverage: nested @triton.jit helpers become private tt.funcs called with tt.call, one per
# specialization, named after the module, the argument types and the constexpr values;
# parameters with annotations and default values; keyword arguments; noinline helpers.
# RUN: trex compile %s --kernel calls_helpers --signature "*fp32:16, i32, 32" --emit source | FileCheck %s
# RUN: trex compile %s --kernel calls_helpers --signature "*fp32:16, i32, 32" --emit ttir | FileCheck %s --check-prefix=TTIR
import triton
import triton.language as tl


@triton.jit
def scale(x, factor: tl.constexpr = 2.0, bias=None):
    if bias is None:
        return x * factor
    else:
        return x * factor + bias


@triton.jit
def add_offset(ptr, n: tl.int32, BLOCK: tl.constexpr):
    return ptr + n + tl.arange(0, BLOCK)


@triton.jit(noinline=True)
def opaque(x):
    return x + 1


# CHECK-LABEL: tt.func public @calls_helpers(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %N: i32{{( loc|,|\))}}
# CHECK-NEXT: tt.call @"jit-helpers.add_offset__Pfp32_i32__(2,)cconstexpr_32_"(%{{.*}}, %{{.*}}) : (!tt.ptr<f32>, i32) -> tensor<32x!tt.ptr<f32>>
# CHECK: [[Y:%[^ ]+]] = tt.call @"jit-helpers.scale__fp32S32S__(1,)cconstexpr_2_d_0__(2,)cNone"(%{{.*}}) : (tensor<32xf32>) -> tensor<32xf32>
# CHECK-NEXT: [[Y2:%[^ ]+]] = tt.call @"jit-helpers.scale__fp32S32S__(1,)cconstexpr_0_d_5__(2,)cNone"([[Y]]) : (tensor<32xf32>) -> tensor<32xf32>
# CHECK-NEXT: [[Y3:%[^ ]+]] = tt.call @"jit-helpers.scale__fp32S32S_fp32S32S__(1,)cconstexpr_3_"([[Y2]], %{{.*}}) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
# CHECK-NEXT: [[Z:%[^ ]+]] = tt.call @"jit-helpers.opaque__i32__"(%{{.*}}) : (i32) -> i32
# CHECK-NEXT: arith.sitofp [[Z]] : i32 to f32
# CHECK: arith.addf [[Y3]], %{{.*}} : tensor<32xf32>
# CHECK-LABEL: tt.func private @"jit-helpers.add_offset__Pfp32_i32__(2,)cconstexpr_32_"(
# CHECK: tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
# CHECK-LABEL: tt.func private @"jit-helpers.scale__fp32S32S__(1,)cconstexpr_2_d_0__(2,)cNone"(
# CHECK: arith.mulf %{{.*}}, %{{.*}} : tensor<32xf32>
# CHECK-LABEL: tt.func private @"jit-helpers.scale__fp32S32S__(1,)cconstexpr_0_d_5__(2,)cNone"(
# CHECK: arith.mulf %{{.*}}, %{{.*}} : tensor<32xf32>
# CHECK-LABEL: tt.func private @"jit-helpers.scale__fp32S32S_fp32S32S__(1,)cconstexpr_3_"(
# CHECK: [[V:%[^ ]+]] = arith.mulf %{{.*}}, %{{.*}} : tensor<32xf32>
# CHECK-NEXT: arith.addf [[V]], %{{.*}} : tensor<32xf32>
# CHECK-LABEL: tt.func private @"jit-helpers.opaque__i32__"(
# CHECK-SAME: attributes {noinline = true}
# TTIR-LABEL: tt.func public @calls_helpers(
# TTIR-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# TTIR-SAME: %N: i32{{( loc|,|\))}}
# TTIR: [[Y:%[^ ]+]] = arith.mulf %{{.*}}, %{{.*}} : tensor<32xf32>
# TTIR-NEXT: [[Y2:%[^ ]+]] = arith.mulf [[Y]], %{{.*}} : tensor<32xf32>
# TTIR-NEXT: [[Y3:%[^ ]+]] = arith.mulf [[Y2]], %{{.*}} : tensor<32xf32>
# TTIR-NEXT: [[Y4:%[^ ]+]] = arith.addf [[Y3]], %{{.*}} : tensor<32xf32>
# TTIR-NEXT: tt.call @"jit-helpers.opaque__i32__"(%{{.*}}) : (i32) -> i32
# TTIR: arith.addf [[Y4]], %{{.*}} : tensor<32xf32>
# TTIR-LABEL: tt.func private @"jit-helpers.opaque__i32__"(
# TTIR-SAME: attributes {noinline = true}
@triton.jit
def calls_helpers(X, N, BLOCK: tl.constexpr):
    ptrs = add_offset(X, N, BLOCK)
    x = tl.load(ptrs)
    y = scale(x)
    y = scale(y, 0.5)
    y = scale(y, factor=3, bias=x)
    z = opaque(N)
    tl.store(ptrs, y + z)
