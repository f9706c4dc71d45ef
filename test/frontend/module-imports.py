# Coverage: module-level Python around kernels, evaluated as Python would without running it:
# imports with fallbacks (try/except ImportError, hasattr), version checks, os.environ, aliases,
# torch constants, modules trex does not model (imported, unused).
# NO-TRITON-LAYOUTS: imports modules absent where real Triton runs (opaque stand-ins), so Triton cannot record its layouts
# RUN: trex compile %s --kernel fused_act --signature "*fp32:16, *fp32:16, i32, 1024" --emit source | FileCheck %s
# RUN: trex compile %s --kernel clamp_fp16 --signature "*fp16:16, *fp16:16, i32, 256" --emit source | FileCheck %s --check-prefix=CLAMP
# RUN: trex compile %s --kernel reexported --signature "*fp32:16, 64" --emit source 2>&1 | FileCheck %s --check-prefix=REEXPORT
# UNSUPPORTED-TARGET: fused_act hip:gfx942 without rocm-device-libs: libdevice functions on AMD call the ROCm device libraries (ocml)
# UNSUPPORTED-TARGET: reexported hip:gfx942 without rocm-device-libs: libdevice functions on AMD call the ROCm device libraries (ocml)
import math
import os
import functools

import torch
import triton
import triton.language as tl
from packaging import version

import transformers  # a module trex does not model: importing it is fine
from transformers.activations import ACT2FN  # noqa: F401

# Triton 3.6 has triton.language.extra.libdevice; the old path fails, so the except branch
# runs and binds the new one.
try:
    from triton.language.libdevice import tanh as _old_tanh  # noqa: F401
    HAS_OLD_LIBDEVICE = True
except ImportError:
    HAS_OLD_LIBDEVICE = False

try:
    from triton.language.extra import libdevice
except ModuleNotFoundError:
    from triton.language.math import libdevice  # Triton 2.x

if hasattr(tl, "no_such_function"):
    _pick = tl.constexpr(1)
elif hasattr(tl.math, "exp2"):
    _pick = tl.constexpr(2)
else:
    _pick = tl.constexpr(3)

TRITON_3 = version.parse(triton.__version__) >= version.parse("3.0.0")
OLD_STYLE = triton.__version__ < "2.2"
USE_FAST = tl.constexpr(TRITON_3 and not OLD_STYLE and not HAS_OLD_LIBDEVICE)
LOG2E = tl.constexpr(1.0 / math.log(2.0))
DEBUG = os.environ.get("TREX_TEST_SURELY_UNSET_VARIABLE", "0") == "1"
SCALE = tl.constexpr(0.5 if not DEBUG else 2.0)

tanh = libdevice.tanh
exp2 = tl.math.exp2
FP16_MAX = tl.constexpr(torch.finfo(torch.float16).max)
FP16_BITS = tl.constexpr(torch.finfo(torch.float16).bits)
MAJOR, MINOR = torch.cuda.get_device_capability()
IS_HOPPER = tl.constexpr(MAJOR >= 9)

# Projects probe whether Triton works before importing it (vLLM's triton_utils): the backends'
# drivers answer from the target, typing.TYPE_CHECKING is False.
from typing import TYPE_CHECKING
from importlib.util import find_spec

HAS_TRITON = find_spec("triton") is not None
if HAS_TRITON:
    try:
        from triton.backends import backends

        active = [b.driver for b in backends.values() if b.driver and b.driver.is_active()]
        if len(active) != 1:
            HAS_TRITON = False
    except Exception:
        HAS_TRITON = False
TRITON_WORKS = tl.constexpr(HAS_TRITON and not TYPE_CHECKING)
# Annotated module constants are constexprs to kernels (Triton reads __annotations__).
NEG_BIG: tl.constexpr = torch.finfo(torch.float32).min

# User exception classes are caught by their bases.
class ConfigError(ValueError):
    pass


def _check_config():
    raise ConfigError("no config")


try:
    _check_config()
    CAUGHT = tl.constexpr(False)
except ValueError:
    CAUGHT = tl.constexpr(True)

_sizes = {"small": 256, "large": 1024}
BLOCKS = tl.constexpr(tuple(sorted(v for v in _sizes.values())))


# CHECK-LABEL: tt.func public @fused_act(
# CHECK: tt.extern_elementwise {{.*}}symbol = "__nv_tanhf"
# CHECK: arith.constant 1.44269{{[0-9]*}} : f32
# CHECK: math.exp2
# CHECK: arith.constant 5.000000e-01 : f32
# CHECK: arith.constant 2.000000e+00 : f32
# CHECK: arith.constant 1.600000e+01 : f32
@triton.jit
def fused_act(X, Y, n, BLOCK: tl.constexpr):
    tl.static_assert(USE_FAST)
    tl.static_assert(TRITON_WORKS)
    tl.static_assert(CAUGHT)
    tl.static_assert(NEG_BIG < -3.0e38)
    tl.static_assert(_pick == 2)
    tl.static_assert(BLOCKS[1] == BLOCK)
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(X + offs, mask=mask)
    y = tanh(x) + exp2(x * LOG2E) * SCALE
    if IS_HOPPER:
        y = y * 2.0
    y = y + FP16_BITS
    tl.store(Y + offs, y, mask=mask)


# CLAMP-LABEL: tt.func public @clamp_fp16(
# CLAMP: arith.constant 6.550400e+04 : f32
@triton.jit
def clamp_fp16(X, Y, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(X + offs, mask=offs < n).to(tl.float32)
    x = tl.minimum(x, FP16_MAX)
    tl.store(Y + offs, x.to(tl.float16), mask=offs < n)


# Projects re-export Triton through their own modules; when such a module is not on the path,
# the names Triton's modules go by are taken to be Triton's (with a note).
# REEXPORT: note: trex cannot read some_project.triton_utils (not on the path); it takes its 'tl' to be triton.language
# REEXPORT-LABEL: tt.func public @reexported(
# REEXPORT: tt.extern_elementwise {{.*}}symbol = "__nv_expf"
from some_project.triton_utils import tl as project_tl, triton as project_triton  # noqa: E402
from some_project.triton_utils import libdevice as project_libdevice  # noqa: E402


@project_triton.jit
def reexported(X, BLOCK: project_tl.constexpr):
    offs = project_tl.arange(0, BLOCK)
    project_tl.store(X + offs, project_libdevice.exp(project_tl.load(X + offs)))
