# Coverage: while loops become scf.while, with the values the body rebinds carried through
# the before and after regions; tl.condition(..., disable_licm=True) annotates the loop.
# RUN: trex compile %s --kernel while_kernel --signature "*i32:16, i32" --emit source | FileCheck %s
# RUN: trex compile %s --kernel while_condition --signature "*i32:16, i32" --emit source | FileCheck %s --check-prefix=LICM
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @while_kernel(
# CHECK-SAME: %X: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %N: i32{{( loc|,|\))}}
# CHECK: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (i32, i32) -> (i32, i32) {
# CHECK-NEXT: [[V:%[^ ]+]] = arith.cmpi slt, %{{.*}}, %{{.*}} : i32
# CHECK-NEXT: scf.condition([[V]]) %{{.*}}, %{{.*}} : i32, i32
# CHECK-NEXT: } do {
# CHECK: arith.cmpi sle, %{{.*}}, %{{.*}} : i64
# CHECK-NEXT: arith.cmpi sge, %{{.*}}, %{{.*}} : i64
# CHECK: [[TOTAL:%[^ ]+]] = arith.addi %{{.*}}, %{{.*}} : i32
# CHECK: arith.cmpi sle, %{{.*}}, %{{.*}} : i64
# CHECK-NEXT: arith.cmpi sge, %{{.*}}, %{{.*}} : i64
# CHECK: [[I:%[^ ]+]] = arith.addi %{{.*}}, %{{.*}} : i32
# CHECK-NEXT: scf.yield [[I]], [[TOTAL]] : i32, i32
@triton.jit
def while_kernel(X, N):
    i = 0
    total = tl.load(X)
    while i < N:
        total += i
        i += 2
    tl.store(X, total)


# LICM: #loop_licm = #llvm.loop_licm<disable = true, versioningDisable = true>
# LICM: #loop_annotation = #llvm.loop_annotation<licm = #loop_licm>
# LICM-LABEL: tt.func public @while_condition(
# LICM-SAME: %X: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# LICM-SAME: %N: i32{{( loc|,|\))}}
# LICM: scf.while (%{{.*}} = %{{.*}}) : (i32) -> i32 {
# LICM-NEXT: [[V:%[^ ]+]] = arith.cmpi slt, %{{.*}}, %{{.*}} : i32
# LICM-NEXT: scf.condition([[V]]) %{{.*}} : i32
# LICM-NEXT: } do {
# LICM: arith.cmpi sle, %{{.*}}, %{{.*}} : i64
# LICM-NEXT: arith.cmpi sge, %{{.*}}, %{{.*}} : i64
# LICM: arith.cmpi sle, %{{.*}}, %{{.*}} : i64
# LICM-NEXT: arith.cmpi sge, %{{.*}}, %{{.*}} : i64
# LICM: scf.yield %{{.*}} : i32
# LICM-NEXT: } attributes {llvm.loop_annotation = #loop_annotation}
@triton.jit
def while_condition(X, N):
    i = tl.load(X)
    while tl.condition(i < N, disable_licm=True):
        i = i * 2 + 1
    tl.store(X, i)
