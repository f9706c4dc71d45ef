# Coverage: kernels in packages: relative imports (`from ..common import helpers`,
# `from . import tuning`, `from .. import NAME`), jit helpers and constants from other files,
# and absolute imports of a package found through --python-path or TREX_PYTHONPATH.
# NO-TRITON-LAYOUTS: imports modules absent where real Triton runs (opaque stand-ins), so Triton cannot record its layouts
# RUN: trex compile %S/Inputs/modpkg/ops/norm.py --kernel rms_norm --signature "*fp16:16, *bf16:16, i32" --config 1 --emit source 2>&1 | FileCheck %s --check-prefix=REL
# RUN: trex compile %S/Inputs/modpkg/ops/norm.py --kernel fixed_block --signature "*fp32:16, *fp32:16" --emit source | FileCheck %s --check-prefix=CONST
# RUN: trex compile %s --kernel gate --signature "*fp32:16, 64" --python-path %S/Inputs --emit source | FileCheck %s --check-prefix=ABS
# RUN: env TREX_PYTHONPATH=%S/Inputs trex compile %s --kernel gate --signature "*fp32:16, 64" --emit source | FileCheck %s --check-prefix=ABS
# RUN: not trex compile %s --kernel gate --signature "*fp32:16, 64" --emit source 2>&1 | FileCheck %s --check-prefix=NOPATH
import triton
import triton.language as tl

import modpkg.common.helpers as helpers
from modpkg.common.consts import EPS

# REL: remark: using autotune config 1: BLOCK=128; num_warps=4, num_stages=3
# REL-LABEL: tt.func public @rms_norm(
# REL: tt.call @"modpkg.common.helpers.rms__fp32S128S__(1,)cconstexpr_128__(2,)cconstexpr_1e-06_"
# REL: tt.call @modpkg.common.helpers.silu__fp32S128S__
# REL: arith.truncf {{.*}} : tensor<128xf32> to tensor<128xbf16>
# CONST-LABEL: tt.func public @fixed_block(
# CONST: tt.make_range {end = 128 : i32, start = 0 : i32}


# ABS-LABEL: tt.func public @gate(
# ABS: tt.call @modpkg.common.helpers.silu__fp32S64S__
# ABS: arith.constant 9.99999997E-7 : f32
# NOPATH: error: 'helpers' is modpkg.common.helpers (imported at {{.*}}module-packages.py:13), which trex does not model
@triton.jit
def gate(X, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + offs)
    tl.store(X + offs, helpers.silu(x) + EPS)
