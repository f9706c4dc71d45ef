# A kernel file inside a package: relative imports of siblings and of the parent package.
import triton
import triton.language as tl

from ..common.consts import BLOCK, EPS, OUT_DTYPE
from ..common import helpers
from . import tuning
from .. import PACKAGE_VERSION

assert PACKAGE_VERSION.startswith("1.")


@triton.autotune(configs=tuning.norm_configs(), key=["n"])
@triton.jit
def rms_norm(X, Y, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + offs, mask=offs < n, other=0.0).to(tl.float32)
    y = x * helpers.rms(x, BLOCK, EPS)
    tl.store(Y + offs, helpers.silu(y).to(OUT_DTYPE), mask=offs < n)


@triton.jit
def fixed_block(X, Y):
    offs = tl.arange(0, BLOCK)
    tl.store(Y + offs, helpers.silu(tl.load(X + offs)))
