# Coverage: compile-time Python inside kernels: @triton.constexpr_function helpers called with
# constexpr arguments (dtype logic), .value on constexprs, dtype properties and predicates,
# a kernel factory's closure, and tl.random helpers under each import path.
# NO-TRITON-LAYOUTS: about module-level Python; its kernels use layouts the other coverage files already compare
# RUN: trex compile %s --kernel accumulate --signature "*fp16:16, *fp32:16, 128, tl.float16" --emit source | FileCheck %s
# RUN: trex compile %s --kernel accumulate --signature "*i8:16, *i32:16, 128, torch.int8" --emit source | FileCheck %s --check-prefix=INT
# RUN: trex compile %s --kernel relu_kernel --signature "*fp32:16, 64" --emit source | FileCheck %s --check-prefix=FACTORY
# RUN: trex compile %s --kernel dropout --signature "*fp32:16, i32, 0.25, 256" --emit source | FileCheck %s --check-prefix=RANDOM
import triton
import triton.language as tl
from triton.language.random import uint_to_uniform_float as _to_uniform
from triton import constexpr_function


@triton.constexpr_function
def acc_type(dtype):
    # Accumulate in fp32 unless the input is an integer.
    if dtype.is_int():
        return tl.int32
    return tl.float32


@constexpr_function
def bits_of(dtype):
    return dtype.primitive_bitwidth


@triton.constexpr_function
def pick_block(n, options=(32, 64, 128)):
    return max(b for b in options if b <= n)


# A Python function wrapped in tl.constexpr is called in Python too (constexpr.__call__).
@tl.constexpr
def halve(n):
    return n // 2


# CHECK-LABEL: tt.func public @accumulate(
# CHECK-SAME: %X: !tt.ptr<f16>
# CHECK: tt.make_range {end = 128 : i32, start = 0 : i32}
# CHECK: arith.extf {{.*}} : tensor<128xf16> to tensor<128xf32>
# CHECK: arith.constant 1.600000e+01 : f32
# INT-LABEL: tt.func public @accumulate(
# INT: arith.extsi {{.*}} : tensor<128xi8> to tensor<128xi32>
# INT: arith.constant 8 : i32
@triton.jit
def accumulate(X, Y, N: tl.constexpr, DTYPE: tl.constexpr):
    ACC: tl.constexpr = acc_type(DTYPE)
    BLOCK: tl.constexpr = pick_block(N.value)
    tl.static_assert(BLOCK == 128)
    tl.static_assert(halve(BLOCK) == 64)
    tl.static_assert(DTYPE.is_floating() or DTYPE.is_int_signed())
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + offs).to(ACC)
    tl.store(Y + offs, x + bits_of(DTYPE))


def make_activation_kernel(activation):
    @triton.jit
    def kernel(X, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(X + offs, activation(tl.load(X + offs)))

    return kernel


@triton.jit
def _relu(x):
    return tl.maximum(x, 0.0)


# FACTORY-LABEL: tt.func public @kernel(
# FACTORY: tt.call @"module-constexpr-functions._relu__fp32S64S__"
relu_kernel = make_activation_kernel(_relu)


# RANDOM-LABEL: tt.func public @dropout(
# RANDOM: tt.call @"triton.language.random.randint__i32_i32S256S__(2,)cconstexpr_10_"
# RANDOM: tt.call @triton.language.random.uint_to_uniform_float__u32S256S__
@triton.jit
def dropout(X, seed, P: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    keep = _to_uniform(tl.randint(seed, offs)) > P
    x = tl.load(X + offs)
    tl.store(X + offs, tl.where(keep, x / (1 - P), 0.0))
