# Coverage: if/elif/else on runtime conditions become scf.if with the values each branch
# rebinds as results; a branch that returns makes cf branches instead.
# RUN: trex compile %s --kernel runtime_branches --signature "*fp32:16, i32" --emit source | FileCheck %s
# RUN: trex compile %s --kernel early_return --signature "*fp32:16, i32" --emit source | FileCheck %s --check-prefix=RET
# RUN: trex compile %s --kernel early_return --signature "*fp32:16, i32" --emit ttir | FileCheck %s --check-prefix=RETTTIR
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @runtime_branches(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %N: i32{{( loc|,|\))}}
# CHECK: [[V:%[^ ]+]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : i32
# CHECK-NEXT: [[V2:%[^ ]+]] = scf.if [[V]] -> (f32) {
# CHECK: [[Y:%[^ ]+]] = arith.addf %{{.*}}, %{{.*}} : f32
# CHECK-NEXT: scf.yield [[Y]] : f32
# CHECK-NEXT: } else {
# CHECK: [[V3:%[^ ]+]] = arith.cmpi slt, %{{.*}}, %{{.*}} : i32
# CHECK-NEXT: [[Y2:%[^ ]+]] = scf.if [[V3]] -> (f32) {
# CHECK: [[Y3:%[^ ]+]] = arith.mulf %{{.*}}, %{{.*}} : f32
# CHECK-NEXT: scf.yield [[Y3]] : f32
# CHECK-NEXT: } else {
# CHECK-NEXT: scf.yield %{{.*}} : f32
# CHECK: scf.yield [[Y2]] : f32
# CHECK: [[V4:%[^ ]+]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i32
# CHECK-NEXT: [[V5:%[^ ]+]] = scf.if [[V4]] -> (f32) {
# CHECK: [[X:%[^ ]+]] = arith.subf %{{.*}}, %{{.*}} : f32
# CHECK-NEXT: scf.yield [[X]] : f32
# CHECK-NEXT: } else {
# CHECK-NEXT: scf.yield %{{.*}} : f32
# CHECK: [[V6:%[^ ]+]] = arith.addf [[V5]], [[V2]] : f32
# CHECK-NEXT: tt.store %{{.*}}, [[V6]] : !tt.ptr<f32>
@triton.jit
def runtime_branches(X, N):
    x = tl.load(X)
    if N > 0:
        y = x + 1.0
    elif N < -5:
        y = x * 2.0
    else:
        y = x
    if N == 3:
        x = x - 1.0
    tl.store(X, x + y)


# RET-LABEL: tt.func public @early_return(
# RET-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# RET-SAME: %N: i32{{( loc|,|\))}}
# RET: [[V:%[^ ]+]] = arith.cmpi slt, %{{.*}}, %{{.*}} : i32
# RET-NEXT: cf.cond_br [[V]], ^bb1, ^bb2
# RET-NEXT: ^bb1:  // pred: ^bb0
# RET-NEXT: tt.return
# RET-NEXT: ^bb2:  // pred: ^bb0
# RET-NEXT: cf.br ^bb4
# RET-NEXT: ^bb3:  // no predecessors
# RET-NEXT: cf.br ^bb4
# RET-NEXT: ^bb4:  // 2 preds: ^bb2, ^bb3
# RET: [[V2:%[^ ]+]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i32
# RET-NEXT: cf.cond_br [[V2]], ^bb5, ^bb6
# RET-NEXT: ^bb5:  // pred: ^bb4
# RET: tt.store %{{.*}}, %{{.*}} : !tt.ptr<f32>
# RET-NEXT: tt.return
# RET-NEXT: ^bb6:  // pred: ^bb4
# RET: [[X:%[^ ]+]] = arith.mulf %{{.*}}, %{{.*}} : f32
# RET-NEXT: cf.br ^bb8([[X]] : f32)
# RET-NEXT: ^bb7:  // no predecessors
# RET-NEXT: cf.br ^bb8(%{{.*}} : f32)
# RET-NEXT: ^bb8(
# RET-NEXT: tt.store %{{.*}}, %{{.*}} : !tt.ptr<f32>
# RET-NEXT: tt.return
# RETTTIR-LABEL: tt.func public @early_return(
# RETTTIR-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# RETTTIR-SAME: %N: i32{{( loc|,|\))}}
# RETTTIR: [[V:%[^ ]+]] = arith.cmpi slt, %{{.*}}, %{{.*}} : i32
# RETTTIR-NEXT: cf.cond_br [[V]], ^bb1, ^bb2
# RETTTIR-NEXT: ^bb1:  // pred: ^bb0
# RETTTIR-NEXT: tt.return
# RETTTIR-NEXT: ^bb2:  // pred: ^bb0
# RETTTIR: [[V2:%[^ ]+]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i32
# RETTTIR-NEXT: cf.cond_br [[V2]], ^bb3, ^bb4
# RETTTIR-NEXT: ^bb3:  // pred: ^bb2
# RETTTIR-NEXT: tt.store %{{.*}}, %{{.*}} : !tt.ptr<f32>
# RETTTIR-NEXT: tt.return
# RETTTIR-NEXT: ^bb4:  // pred: ^bb2
# RETTTIR-NEXT: [[X:%[^ ]+]] = arith.mulf %{{.*}}, %{{.*}} : f32
# RETTTIR-NEXT: tt.store %{{.*}}, [[X]] : !tt.ptr<f32>
# RETTTIR-NEXT: tt.return
@triton.jit
def early_return(X, N):
    if N < 0:
        return
    x = tl.load(X)
    if N == 0:
        tl.store(X, 0.0)
        return
    else:
        x = x * 2.0
    tl.store(X, x)
