# torch.utils._triton answers as the program's torch would beside a working Triton: files guard
# or build their kernels on has_triton() (and choose TMA paths on has_triton_tma_device()).
# NO-TRITON-LAYOUTS: a front-end model of torch's helpers; the kernel's layouts are covered elsewhere
# RUN: trex compile %s --kernel copy_rows --signature "*fp32:16, *fp32:16, 64" --emit ttir 2>&1 | FileCheck %s
# RUN: trex compile %s --kernel copy_rows --target cuda:80 --signature "*fp32:16, *fp32:16, 64" --emit ttir 2>&1 | FileCheck %s --check-prefix=SM80
from torch.utils._triton import has_triton, has_triton_tma_device

import triton
import triton.language as tl

# CHECK-NOT: cannot evaluate this condition
if not has_triton():
    raise ImportError("this module needs Triton")

USE_TMA = tl.constexpr(has_triton_tma_device())


# CHECK: tt.func public @copy_rows
# CHECK: arith.constant dense<3.000000e+00>
# SM80: tt.func public @copy_rows
# SM80: arith.constant dense<2.000000e+00>
@triton.jit
def copy_rows(src, dst, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    scale = 3.0 if USE_TMA else 2.0
    tl.store(dst + offs, tl.load(src + offs) * scale)
