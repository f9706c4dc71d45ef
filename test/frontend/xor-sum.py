# Coverage: tl.xor_sum over an axis and over everything, and tl.reduce_or.
# RUN: trex compile %s --kernel xor_reductions --signature "*i32:16, *i32:16" --emit source | FileCheck %s
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @xor_reductions(
# CHECK-SAME: %X: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %Out: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK: tt.call @"triton.language.standard.xor_sum__i32S4_32S__(1,)cconstexpr_1__(2,)cconstexpr_False_"(%{{.*}}) : (tensor<4x32xi32>) -> tensor<4xi32>
# CHECK: tt.call @"triton.language.standard.xor_sum__i32S4_32S__(1,)cNone_(2,)cconstexpr_False_"(%{{.*}}) : (tensor<4x32xi32>) -> i32
# CHECK: tt.call @"triton.language.standard.reduce_or__i32S4_32S__(1,)cconstexpr_None__(2,)cconstexpr_False_"(%{{.*}}) : (tensor<4x32xi32>) -> i32
# CHECK-LABEL: tt.func private @"triton.language.standard.xor_sum__i32S4_32S__(1,)cconstexpr_1__(2,)cconstexpr_False_"(
# CHECK-NEXT: "tt.reduce"(%{{.*}}) <{axis = 1 : i32}> ({
# CHECK: tt.call @triton.language.standard._xor_combine__i32_i32__(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
# CHECK-LABEL: tt.func private @triton.language.standard._xor_combine__i32_i32__(
# CHECK-NEXT: arith.xori %{{.*}}, %{{.*}} : i32
# CHECK-LABEL: tt.func private @"triton.language.standard.xor_sum__i32S4_32S__(1,)cNone_(2,)cconstexpr_False_"(
# CHECK-NEXT: [[V:%[^ ]+]] = tt.reshape %{{.*}} allow_reorder : tensor<4x32xi32> -> tensor<128xi32>
# CHECK-NEXT: "tt.reduce"([[V]]) <{axis = 0 : i32}> ({
# CHECK: tt.call @triton.language.standard._xor_combine__i32_i32__(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
# CHECK-LABEL: tt.func private @"triton.language.standard.reduce_or__i32S4_32S__(1,)cconstexpr_None__(2,)cconstexpr_False_"(
# CHECK-NEXT: [[V:%[^ ]+]] = tt.reshape %{{.*}} allow_reorder : tensor<4x32xi32> -> tensor<128xi32>
# CHECK-NEXT: "tt.reduce"([[V]]) <{axis = 0 : i32}> ({
# CHECK: tt.call @triton.language.standard._or_combine__i32_i32__(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
# CHECK-LABEL: tt.func private @triton.language.standard._or_combine__i32_i32__(
# CHECK-NEXT: arith.ori %{{.*}}, %{{.*}} : i32
@triton.jit
def xor_reductions(X, Out):
    offs = tl.arange(0, 4)[:, None] * 32 + tl.arange(0, 32)[None, :]
    x = tl.load(X + offs)
    rows = tl.xor_sum(x, axis=1)
    tl.store(Out + tl.arange(0, 4), rows)
    tl.store(Out, x.xor_sum())
    tl.store(Out + 1, tl.reduce_or(x, axis=None))
