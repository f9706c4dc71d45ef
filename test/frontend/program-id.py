# Coverage: tl.program_id and tl.num_programs on the three grid axes.
# RUN: trex compile %s --kernel program_ids --signature "*i32:16" --emit source | FileCheck %s
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @program_ids(
# CHECK-SAME: %Out: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK-NEXT: [[X:%[^ ]+]] = tt.get_program_id x : i32
# CHECK-NEXT: [[Y:%[^ ]+]] = tt.get_program_id y : i32
# CHECK-NEXT: [[Z:%[^ ]+]] = tt.get_program_id z : i32
# CHECK-NEXT: [[NX:%[^ ]+]] = tt.get_num_programs x : i32
# CHECK-NEXT: [[NY:%[^ ]+]] = tt.get_num_programs y : i32
# CHECK-NEXT: [[NZ:%[^ ]+]] = tt.get_num_programs z : i32
# CHECK: [[V:%[^ ]+]] = arith.addi [[X]], [[Y]] : i32
# CHECK: [[V2:%[^ ]+]] = arith.addi [[V]], [[Z]] : i32
# CHECK-NEXT: tt.store %{{.*}}, [[V2]] : !tt.ptr<i32>
# CHECK: [[V3:%[^ ]+]] = arith.muli [[NX]], [[NY]] : i32
# CHECK: [[V4:%[^ ]+]] = arith.muli [[V3]], [[NZ]] : i32
# CHECK-NEXT: tt.store %{{.*}}, [[V4]] : !tt.ptr<i32>
@triton.jit
def program_ids(Out):
    x = tl.program_id(0)
    y = tl.program_id(axis=1)
    z = tl.program_id(2)
    nx = tl.num_programs(0)
    ny = tl.num_programs(1)
    nz = tl.num_programs(axis=2)
    tl.store(Out, x + y + z)
    tl.store(Out + 1, nx * ny * nz)
