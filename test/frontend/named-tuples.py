# typing.NamedTuple classes in kernels, as Triton 3.6 takes them: instances built positionally,
# by keyword and with defaults, passed to and returned from helpers, fields read by name,
# carried through a loop; `.type` of a constexpr field is a
# tl.constexpr_type (until an assignment makes it a tensor, as in Triton). Errors for unknown fields and keywords are located.
# RUN: trex compile %s --kernel strided_scale --signature "*fp32:16, *fp32:16, i32, 32" --emit ttir | FileCheck %s
# RUN: split-file %s %t
# RUN: not trex compile %t/field.py --signature "*fp32" 2>&1 | FileCheck %s --check-prefix=FIELD
# RUN: not trex compile %t/keyword.py --signature "*fp32" 2>&1 | FileCheck %s --check-prefix=KEYWORD
# RUN: not trex compile %t/missing.py --signature "*fp32" 2>&1 | FileCheck %s --check-prefix=MISSING
from typing import NamedTuple

import triton
import triton.language as tl


class View(NamedTuple):
    base: tl.tensor
    rows: tl.tensor
    stride: tl.constexpr = 1


class Acc(NamedTuple):
    total: tl.tensor
    count: tl.tensor


@triton.jit
def make_view(base, rows, stride):
    return View(base, rows=rows, stride=stride)


@triton.jit
def load_view(v, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    return tl.load(v.base + offs * v.stride, mask=offs < v.rows, other=0.0)


# CHECK-LABEL: tt.func public @strided_scale(
# CHECK: %[[OFFS:.*]] = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
# The source view has the default stride 1 (no multiply), the destination stride 2.
# CHECK: tt.load
# CHECK: scf.for {{.*}} iter_args(%[[TOTAL:.*]] = %{{.*}}, %[[COUNT:.*]] = %{{.*}}) -> (tensor<32xf32>, i32)
# CHECK: arith.addf %[[TOTAL]]
# CHECK: arith.addi %[[COUNT]]
# CHECK: arith.muli %{{.*}}, %{{.*}} : tensor<32xi32>
# CHECK: tt.store
@triton.jit
def strided_scale(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    src = View(src_ptr, n)
    dst = make_view(dst_ptr, n, 2)
    # Triton makes its own tuple of what the class returns: not an instance of the class.
    tl.static_assert(not isinstance(src, View))
    tl.static_assert(isinstance(View(src_ptr, n).stride.type, tl.constexpr_type))
    tl.static_assert(isinstance(BLOCK.type, tl.constexpr_type))
    # Assigned and returned numbers become tensors, in tuples too, as Triton sanitizes them.
    tl.static_assert(not isinstance(dst.stride.type, tl.constexpr_type))
    x = load_view(src, BLOCK)
    acc = Acc(total=tl.zeros((BLOCK,), tl.float32), count=0)
    for i in range(4):
        acc = Acc(acc.total + x, acc.count + 1)
    offs = tl.arange(0, BLOCK)
    tl.store(dst.base + offs * dst.stride, acc.total / acc.count, mask=offs < dst.rows)

#--- field.py
from typing import NamedTuple
import triton
import triton.language as tl


class Pair(NamedTuple):
    a: tl.tensor
    b: tl.tensor


@triton.jit
def field(x_ptr):
    p = Pair(1, 2)
    tl.store(x_ptr, p.c)
# FIELD: field.py:14:21: error: 'Pair' object has no attribute 'c'

#--- keyword.py
from typing import NamedTuple
import triton
import triton.language as tl


class Pair(NamedTuple):
    a: tl.tensor
    b: tl.tensor


@triton.jit
def keyword(x_ptr):
    p = Pair(1, d=2)
    tl.store(x_ptr, p.a)
# KEYWORD: keyword.py:13:9: error: Pair() got an unexpected keyword argument 'd'

#--- missing.py
from typing import NamedTuple
import triton
import triton.language as tl


class Pair(NamedTuple):
    a: tl.tensor
    b: tl.tensor


@triton.jit
def missing(x_ptr):
    p = Pair(1)
    tl.store(x_ptr, p.a)
# MISSING: missing.py:13:9: error: Pair() missing required argument: 'b'
