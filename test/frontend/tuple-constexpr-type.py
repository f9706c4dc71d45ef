# Coverage: tl.tuple(...) built in a kernel (compared and concatenated like a tuple), and the
# type of a constexpr (`.type`, triton.language.core.constexpr_type) as Triton 3.6 has them.
# RUN: trex compile %s --kernel build_tuples --signature "*i32:16" --emit source | FileCheck %s
# RUN: trex compile %s --kernel constexpr_types --signature "*fp32:16, 32" --emit source | FileCheck %s --check-prefix=TYPES
import triton
import triton.language as tl
from triton.language.core import constexpr_type


# CHECK-LABEL: tt.func public @build_tuples(
# CHECK-DAG: arith.constant 1 : i32
# CHECK-DAG: arith.constant 0 : i32
# CHECK-DAG: arith.constant 7 : i32
@triton.jit
def build_tuples(Out):
    tl.store(Out + 0, tl.tuple((1, 2)) == (1, 2))
    tl.store(Out + 1, tl.tuple((1, 2)) == (1, 3))
    joined = tl.tuple((4, 5)) + (6, 7)
    tl.store(Out + 2, joined[3])


# TYPES-LABEL: tt.func public @constexpr_types(
# TYPES: arith.constant 32 : i32
@triton.jit
def constexpr_types(Out, VALUE: tl.constexpr):
    local: tl.constexpr = 32.5
    tl.static_assert(local.type == constexpr_type(32.5))
    tl.static_assert(VALUE.type == constexpr_type(32))
    tl.static_assert(VALUE.type != local.type)
    triple: tl.constexpr = (5, 6, 7)
    tl.static_assert(triple.type == constexpr_type((5, 6, 7)))
    tl.store(Out, VALUE)
