# A condition trex cannot evaluate (it depends on a package trex neither models nor finds) is
# decided once per value: `if X:` and `if not X:` never both run, as in any Python run, and a
# conditional expression on it agrees. Before, each test took its `if` branch on its own and
# the module reached a state no run of it can (MODE 3 here).
# NO-TRITON-LAYOUTS: it imports a package that exists nowhere (the point of the test), which real Triton cannot import
# RUN: trex compile %s --kernel mode_of --signature "*i32" --emit ttir 2>&1 | FileCheck %s
import triton
import triton.language as tl
from accelerator_probe import detect

FOUND = detect()

# CHECK: module-unknown-conditions.py:[[# @LINE + 1]]:4: remark: trex cannot evaluate this condition (it depends on not accelerator_probe.detect(...), which trex does not model); it takes the `if` branch
if not FOUND:
    backend = "plain"
else:
    backend = "probe"

# CHECK: module-unknown-conditions.py:[[# @LINE + 1]]:4: remark: {{.*}} it takes the `else` branch (none: it skips the `if`) (the truth it took for this value before)
if FOUND:
    backend = backend + "+probe"

# CHECK: module-unknown-conditions.py:[[# @LINE + 1]]:16: remark: {{.*}} it takes the first value (the truth it took for this value before)
SUFFIX = "" if not not not FOUND else "!"

MODE = tl.constexpr(1 if backend + SUFFIX == "plain" else (2 if backend + SUFFIX == "probe+probe!" else 3))


# CHECK-LABEL: tt.func public @mode_of
# CHECK: arith.constant 1 : i32
@triton.jit
def mode_of(out):
    tl.store(out, MODE)
