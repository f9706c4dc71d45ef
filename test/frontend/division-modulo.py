# Coverage: Python's // and % on constexprs (floor semantics, folded) against Triton's on
# tensors (divsi/remsi, truncating), / (true division to float), and unsigned operands.
# RUN: trex compile %s --kernel div_mod --signature "*i32:16, *fp32:16, *u32:16, i32, -7" --emit source | FileCheck %s
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @div_mod(
# CHECK-SAME: %I: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %F: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %U: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %n: i32{{( loc|,|\))}}
# CHECK-NEXT: [[V:%[^ ]+]] = arith.constant -4 : i32
# CHECK-NEXT: tt.store %{{.*}}, [[V]] : !tt.ptr<i32>
# CHECK-NEXT: arith.constant 1 : i32
# CHECK: [[C2_I32:%[^ ]+]] = arith.constant 2 : i32
# CHECK-NEXT: tt.store %{{.*}}, [[C2_I32]] : !tt.ptr<i32>
# CHECK-NEXT: arith.constant 2 : i32
# CHECK: arith.constant 2 : i32
# CHECK-NEXT: [[C2_I322:%[^ ]+]] = arith.constant 2 : i32
# CHECK-NEXT: [[V2:%[^ ]+]] = arith.divsi %{{.*}}, [[C2_I322]] : i32
# CHECK-NEXT: tt.store %{{.*}}, [[V2]] : !tt.ptr<i32>
# CHECK-NEXT: arith.constant 3 : i32
# CHECK: arith.constant 3 : i32
# CHECK-NEXT: [[C3_I32:%[^ ]+]] = arith.constant 3 : i32
# CHECK-NEXT: [[V3:%[^ ]+]] = arith.remsi %{{.*}}, [[C3_I32]] : i32
# CHECK-NEXT: tt.store %{{.*}}, [[V3]] : !tt.ptr<i32>
# CHECK-NEXT: arith.constant 2 : i32
# CHECK-NEXT: [[C2_I323:%[^ ]+]] = arith.constant 2 : i32
# CHECK-NEXT: [[V4:%[^ ]+]] = arith.sitofp %{{.*}} : i32 to f32
# CHECK-NEXT: [[V5:%[^ ]+]] = arith.sitofp [[C2_I323]] : i32 to f32
# CHECK-NEXT: [[V6:%[^ ]+]] = arith.divf [[V4]], [[V5]] : f32
# CHECK-NEXT: tt.store %{{.*}}, [[V6]] : !tt.ptr<f32>
# CHECK-NEXT: arith.constant 1 : i32
# CHECK: [[CST:%[^ ]+]] = arith.constant -3.500000e+00 : f32
# CHECK-NEXT: tt.store %{{.*}}, [[CST]] : !tt.ptr<f32>
# CHECK: arith.constant 3 : i32
# CHECK-NEXT: [[C3_I322:%[^ ]+]] = arith.constant 3 : i32
# CHECK-NEXT: arith.divui %{{.*}}, [[C3_I322]] : i32
# CHECK-NEXT: arith.constant 5 : i32
# CHECK-NEXT: [[C5_I32:%[^ ]+]] = arith.constant 5 : i32
# CHECK-NEXT: arith.remui %{{.*}}, [[C5_I32]] : i32
# CHECK: tt.store %{{.*}}, %{{.*}} : !tt.ptr<i32>
# CHECK: arith.constant 2 : i32
# CHECK: [[V7:%[^ ]+]] = arith.divf %{{.*}}, %{{.*}} : f32
# CHECK-NEXT: tt.store %{{.*}}, [[V7]] : !tt.ptr<f32>
# CHECK-NEXT: arith.constant 3 : i32
# CHECK: arith.constant 2.000000e+00 : f32
# CHECK-NEXT: [[CST2:%[^ ]+]] = arith.constant 2.000000e+00 : f32
# CHECK-NEXT: [[V8:%[^ ]+]] = arith.remf %{{.*}}, [[CST2]] : f32
# CHECK-NEXT: tt.store %{{.*}}, [[V8]] : !tt.ptr<f32>
@triton.jit
def div_mod(I, F, U, n, C: tl.constexpr):
    tl.store(I, C // 2)
    tl.store(I + 1, C % 3)
    tl.store(I + 2, n // 2)
    tl.store(I + 3, n % 3)
    tl.store(F, n / 2)
    tl.store(F + 1, C / 2)
    u = tl.load(U)
    tl.store(U, u // 3 + u % 5)
    h = tl.load(F).to(tl.float16)
    tl.store(F + 2, h / h)
    tl.store(F + 3, tl.load(F) % 2.0)
