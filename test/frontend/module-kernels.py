# Coverage: every way real files make kernels: triton.jit(f), heuristics(...)(jit(f)),
# autotune configs built by a helper function with loops, comprehensions and
# functools.partial, an unknown
# wrapping decorator, kernels defined under if/else, do_not_specialize.
# NO-TRITON-LAYOUTS: imports modules absent where real Triton runs (opaque stand-ins), so Triton cannot record its layouts
# RUN: trex compile %s --kernel scale_kernel --signature "*fp32:16, i32, 512" --emit source | FileCheck %s --check-prefix=JITCALL
# RUN: trex compile %s --kernel scale_heur --signature "*fp32:16, i32" --emit source 2>&1 | FileCheck %s --check-prefix=HEUR
# RUN: trex compile %s --kernel tuned --list-configs | FileCheck %s --check-prefix=LIST
# RUN: trex compile %s --kernel tuned --signature "*fp32:16, i32" --config 3 --emit source 2>&1 | FileCheck %s --check-prefix=TUNED
# RUN: trex compile %s --kernel wrapped --signature "*fp32:16, i32, 128" --emit source 2>&1 | FileCheck %s --check-prefix=WRAPPED
# RUN: trex compile %s --kernel variant --signature "*fp32:16, 64" --emit source | FileCheck %s --check-prefix=VARIANT
import functools

import triton
import triton.language as tl
from some_project.utils import libentry  # not on the path: opaque

try:
    from .missing_sibling import broken_decorator  # fails: this file has no package siblings
except ImportError:
    broken_decorator = None

USE_V2 = True


def _scale_impl(X, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + offs, mask=offs < n)
    tl.store(X + offs, x * 3.0, mask=offs < n)


# JITCALL-LABEL: tt.func public @_scale_impl(
# JITCALL: arith.constant 3.000000e+00 : f32
scale_kernel = triton.jit(_scale_impl)


def _heur_impl(X, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    if EVEN:
        tl.store(X + offs, tl.load(X + offs) + 1.0)
    else:
        tl.store(X + offs, tl.load(X + offs, mask=offs < n) + 2.0, mask=offs < n)


def _next_pow2(args):
    return triton.next_power_of_2(64)


# HEUR: remark: heuristics give BLOCK=64, EVEN=True
# HEUR-LABEL: tt.func public @_heur_impl(
# HEUR: arith.constant 1.000000e+00 : f32
scale_heur = triton.heuristics({"BLOCK": _next_pow2, "EVEN": lambda args: args["BLOCK"] % 64 == 0})(
    triton.jit(_heur_impl))


_config = functools.partial(triton.Config, num_stages=2)


def get_configs():
    configs = []
    for block in [64, 128]:
        for warps in (2, 4):
            configs.append(_config({"BLOCK": block}, num_warps=warps))
    return configs + [triton.Config({"BLOCK": b * 2}, num_warps=8) for b in (128,)]


# LIST: 0: BLOCK=64; num_warps=2, num_stages=2
# LIST: 3: BLOCK=128; num_warps=4, num_stages=2
# LIST: 4: BLOCK=256; num_warps=8, num_stages=3
# TUNED: remark: using autotune config 3: BLOCK=128; num_warps=4, num_stages=2
# TUNED: tt.make_range {end = 128 : i32, start = 0 : i32}
@triton.autotune(configs=get_configs(), key=["n"])
@triton.jit(do_not_specialize=["n"])
def tuned(X, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(X + offs, tl.load(X + offs, mask=offs < n) * 2.0, mask=offs < n)


# WRAPPED: note: trex could not evaluate this decorator (TypeError: 'NoneType' object is not callable); it compiles the jit function it wraps
# WRAPPED: note: the decorator some_project.utils.libentry(...) is not a Triton decorator trex knows
# WRAPPED-LABEL: tt.func public @wrapped(
@libentry()
@broken_decorator()
@triton.jit
def wrapped(X, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(X + offs, tl.load(X + offs, mask=offs < n) + 4.0, mask=offs < n)


if USE_V2:
    # VARIANT-LABEL: tt.func public @variant(
    # VARIANT: arith.constant 2.000000e+00 : f32
    @triton.jit
    def variant(X, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(X + offs, tl.load(X + offs) * 2.0)
else:
    @triton.jit
    def variant(X, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(X + offs, tl.load(X + offs) * 5.0)
