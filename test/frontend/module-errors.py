# Errors of module-level Python, located at the definition and at the use.
# NO-TRITON-LAYOUTS: imports modules absent where real Triton runs (opaque stand-ins), so Triton cannot record its layouts
# RUN: not trex compile %s --kernel uses_unknown --signature "*fp32:16" --emit source 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# RUN: not trex compile %s --kernel uses_broken --signature "*fp32:16" --emit source 2>&1 | FileCheck %s --check-prefix=BROKEN
# RUN: not trex compile %s --kernel uses_plain_int --signature "*fp32:16" --emit source 2>&1 | FileCheck %s --check-prefix=PLAIN
# RUN: not trex compile %s --kernel uses_missing --signature "*fp32:16" --emit source 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: trex compile %s --kernel fine --signature "*fp32:16" --emit source 2>&1 | FileCheck %s --check-prefix=FINE
# RUN: not trex compile %s --kernel uses_bad_comb --signature "*fp32:16" --emit source 2>&1 | FileCheck %s --check-prefix=COMB
# RUN: trex compile %s --kernel uses_gcd --signature "*fp32:16" --emit source 2>&1 | FileCheck %s --check-prefix=GCD
import triton
import triton.language as tl
from flash_attn_extras.activations import fast_gelu  # not on the path: opaque

SCALE = {"a": 1}["b"]  # KeyError when the module is evaluated
PLAIN = 4  # not a tl.constexpr: kernels cannot read it (as in Triton)

try:
    from triton.language.extra.cuda.libdevice import no_such_function  # noqa: F401
except ImportError:
    pass


# UNKNOWN: module-errors.py:[[# @LINE + 4]]:17: error: 'fast_gelu' is flash_attn_extras.activations.fast_gelu (imported at {{.*}}module-errors.py:12), which trex does not model
# UNKNOWN-NEXT: tl.store(X, fast_gelu(tl.load(X)))
@triton.jit
def uses_unknown(X):
    tl.store(X, fast_gelu(tl.load(X)))


# BROKEN: module-errors.py:[[# @LINE - 16]]:9: error: 'SCALE' could not be evaluated: KeyError: 'b'
# BROKEN: module-errors.py:[[# @LINE + 3]]:30: note: in the call from here
@triton.jit
def uses_broken(X):
    tl.store(X, tl.load(X) * SCALE)


# PLAIN: module-errors.py:[[# @LINE + 3]]:30: error: Cannot access global variable PLAIN from within @jit'ed function
@triton.jit
def uses_plain_int(X):
    tl.store(X, tl.load(X) * PLAIN)


# MISSING: module-errors.py:[[# @LINE + 3]]:30: error: NOT_DEFINED is not defined
@triton.jit
def uses_missing(X):
    tl.store(X, tl.load(X) * NOT_DEFINED)


# FINE-LABEL: tt.func public @fine(
@triton.jit
def fine(X):
    tl.store(X, tl.load(X) + 1.0)


import math  # noqa: E402

# math's functions take Python's argument counts (math.comb(129) was an internal error);
# gcd and lcm take any number of integers.
WAYS = tl.constexpr(math.comb(129))
GROUPS = tl.constexpr(math.gcd(12, 18, 27) + math.lcm(4, 6, 10) + math.gcd())


# COMB: module-errors.py:[[# @LINE - 4]]:21: error: 'WAYS' could not be evaluated: TypeError: math.comb() takes 2 arguments (1 given)
@triton.jit
def uses_bad_comb(X):
    tl.store(X, tl.load(X) * WAYS)


# GCD-LABEL: tt.func public @uses_gcd(
# GCD: arith.constant 63 : i32
@triton.jit
def uses_gcd(X):
    tl.store(X, tl.load(X) * GROUPS)
