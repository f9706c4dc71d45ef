# Coverage: a conditional expression on a tensor whose branches return nothing (an scf.if with
# no results, as Triton 3.6 builds it), and isinstance on Triton's type classes.
# RUN: trex compile %s --kernel store_either --signature "*fp32:16, *fp32:16, *fp32:16" --emit source | FileCheck %s
# RUN: trex compile %s --kernel guarded --signature "*i32:16" --emit source | FileCheck %s --check-prefix=GUARD
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @store_either(
# CHECK: scf.if %{{.*}} {
# CHECK: tt.store %Ret
# CHECK: } else {
# CHECK: tt.store %Ret
# CHECK-NEXT: }
@triton.jit
def store_either(XTrue, XFalse, Ret):
    pid = tl.program_id(0)
    tl.store(Ret, tl.load(XTrue)) if pid % 2 == 0 else tl.store(Ret, tl.load(XFalse))


# GUARD-LABEL: tt.func public @guarded(
# GUARD: tt.load %x
# GUARD: arith.constant 42 : i32
@triton.jit
def guarded(x):
    if isinstance(x.dtype, tl.pointer_type) and (x.dtype.element_ty == tl.int32) and \
            not isinstance(x.dtype, tl.block_type) and (tl.load(x) > 42):
        tl.store(x, 42)
