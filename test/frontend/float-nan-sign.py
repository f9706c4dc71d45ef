# float("-nan") keeps its sign bit, as Python's does: Triton 3.6 stores 0xFFC00000 as an f32
# constant for it, 0x7FC00000 for float("nan").
# RUN: trex compile %s --kernel nans --signature "*fp32:16" --emit ttir | FileCheck %s
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @nans
# CHECK-DAG: arith.constant 0xFFC00000 : f32
# CHECK-DAG: arith.constant 0x7FC00000 : f32
@triton.jit
def nans(out_ptr):
    neg = float("-nan")
    pos = float("nan")
    tl.store(out_ptr.to(tl.pointer_type(neg.dtype)), neg)
    tl.store(out_ptr.to(tl.pointer_type(pos.dtype)) + 1, pos)
