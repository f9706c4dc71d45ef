# Tuple assignment in a kernel as Triton's code generator does it: target i gets the value's
# element i, so values beyond the targets are dropped (`a, b = x, y, z` compiles in Triton
# 3.6; trex refused it); too few values is an error.
# NO-TRITON-LAYOUTS: a front-end assignment rule; the layouts of its loads and stores are covered elsewhere
# RUN: trex compile %s --kernel two_of_three --signature "*i32:16" --emit ttir | FileCheck %s
# RUN: not trex compile %s --kernel three_of_two --signature "*i32:16" --emit ttir 2>&1 | FileCheck %s --check-prefix=FEWER
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @two_of_three
# CHECK: %[[ROW:.*]] = tt.get_program_id x
# CHECK: %[[COL:.*]] = tt.get_program_id y
# CHECK: tt.addptr %{{.*}}, %[[ROW]]
# CHECK: tt.store %{{.*}}, %[[COL]]
@triton.jit
def two_of_three(out_ptr):
    row, col = tl.program_id(0), tl.program_id(1), tl.program_id(2)
    tl.store(out_ptr + row, col)


# FEWER: unpack-extra-values.py:[[# @LINE + 3]]:5: error: cannot unpack a tuple of 2 values into 3 names
@triton.jit
def three_of_two(out_ptr):
    a, b, c = tl.program_id(0), tl.program_id(1)
    tl.store(out_ptr + a, b + c)
