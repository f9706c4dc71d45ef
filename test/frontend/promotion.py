# Coverage: implicit type promotion: integer tensor with float scalar, fp16 with fp16
# division, fp16 with fp32, bf16 with fp16, signed with unsigned, narrow with wide integers,
# Python scalars that keep the tensor's type, and large integer literals.
# RUN: trex compile %s --kernel promotions --signature "*i32:16, *fp32:16, *fp16:16, *bf16:16, *u32:16, *i8:16, *i64:16" --emit source | FileCheck %s
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @promotions(
# CHECK-SAME: %I: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %F: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %H: !tt.ptr<f16> {tt.divisibility = 16 : i32}
# CHECK-SAME: %B: !tt.ptr<bf16> {tt.divisibility = 16 : i32}
# CHECK-SAME: %U: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %C: !tt.ptr<i8> {tt.divisibility = 16 : i32}
# CHECK-SAME: %L: !tt.ptr<i64> {tt.divisibility = 16 : i32}
# CHECK: arith.constant 1.500000e+00 : f32
# CHECK-NEXT: [[V:%[^ ]+]] = arith.sitofp %{{.*}} : tensor<16xi32> to tensor<16xf32>
# CHECK-NEXT: arith.constant 1.500000e+00 : f32
# CHECK-NEXT: [[CST:%[^ ]+]] = arith.constant dense<1.500000e+00> : tensor<16xf32>
# CHECK-NEXT: [[V2:%[^ ]+]] = arith.addf [[V]], [[CST]] : tensor<16xf32>
# CHECK-NEXT: tt.store %{{.*}}, [[V2]] : tensor<16x!tt.ptr<f32>>
# CHECK: [[V3:%[^ ]+]] = arith.extf %{{.*}} : tensor<16xf16> to tensor<16xf32>
# CHECK-NEXT: [[V4:%[^ ]+]] = arith.extf %{{.*}} : tensor<16xf16> to tensor<16xf32>
# CHECK-NEXT: [[V5:%[^ ]+]] = arith.divf [[V3]], [[V4]] : tensor<16xf32>
# CHECK-NEXT: tt.store %{{.*}}, [[V5]] : tensor<16x!tt.ptr<f32>>
# CHECK: [[V6:%[^ ]+]] = arith.extf %{{.*}} : tensor<16xf16> to tensor<16xf32>
# CHECK-NEXT: [[V7:%[^ ]+]] = arith.addf [[V6]], %{{.*}} : tensor<16xf32>
# CHECK-NEXT: tt.store %{{.*}}, [[V7]] : tensor<16x!tt.ptr<f32>>
# CHECK: [[V8:%[^ ]+]] = arith.extf %{{.*}} : tensor<16xbf16> to tensor<16xf32>
# CHECK-NEXT: [[V9:%[^ ]+]] = arith.truncf [[V8]] : tensor<16xf32> to tensor<16xf16>
# CHECK-NEXT: [[V10:%[^ ]+]] = arith.addf [[V9]], %{{.*}} : tensor<16xf16>
# CHECK-NEXT: [[V11:%[^ ]+]] = arith.extf [[V10]] : tensor<16xf16> to tensor<16xf32>
# CHECK-NEXT: tt.store %{{.*}}, [[V11]] : tensor<16x!tt.ptr<f32>>
# CHECK: arith.constant 2 : i32
# CHECK-NEXT: arith.constant 2.000000e+00 : f16
# CHECK-NEXT: [[CST2:%[^ ]+]] = arith.constant dense<2.000000e+00> : tensor<16xf16>
# CHECK-NEXT: [[V12:%[^ ]+]] = arith.mulf %{{.*}}, [[CST2]] : tensor<16xf16>
# CHECK-NEXT: tt.store %{{.*}}, [[V12]] : tensor<16x!tt.ptr<f16>>
# CHECK: arith.constant 5.000000e-01 : f32
# CHECK-NEXT: arith.constant 5.000000e-01 : f16
# CHECK-NEXT: [[CST3:%[^ ]+]] = arith.constant dense<5.000000e-01> : tensor<16xf16>
# CHECK-NEXT: [[V13:%[^ ]+]] = arith.addf %{{.*}}, [[CST3]] : tensor<16xf16>
# CHECK-NEXT: tt.store %{{.*}}, [[V13]] : tensor<16x!tt.ptr<f16>>
# CHECK: [[V14:%[^ ]+]] = arith.bitcast %{{.*}} : tensor<16xi32> to tensor<16xi32>
# CHECK-NEXT: [[V15:%[^ ]+]] = arith.extui %{{.*}} : tensor<16xi32> to tensor<16xi64>
# CHECK-NEXT: [[V16:%[^ ]+]] = arith.extui [[V14]] : tensor<16xi32> to tensor<16xi64>
# CHECK-NEXT: arith.addi [[V15]], [[V16]] : tensor<16xi64>
# CHECK: [[V17:%[^ ]+]] = arith.addi %{{.*}}, [[V14]] : tensor<16xi32>
# CHECK-NEXT: tt.store %{{.*}}, [[V17]] : tensor<16x!tt.ptr<i32>>
# CHECK: [[V18:%[^ ]+]] = arith.extsi %{{.*}} : tensor<16xi8> to tensor<16xi32>
# CHECK-NEXT: [[V19:%[^ ]+]] = arith.extsi [[V18]] : tensor<16xi32> to tensor<16xi64>
# CHECK-NEXT: [[V20:%[^ ]+]] = arith.extsi %{{.*}} : tensor<16xi32> to tensor<16xi64>
# CHECK-NEXT: arith.addi [[V19]], [[V20]] : tensor<16xi64>
# CHECK-NEXT: arith.constant 2147483647 : i64
# CHECK: arith.constant dense<2147483647> : tensor<16xi64>
# CHECK: [[V21:%[^ ]+]] = arith.addi [[V18]], %{{.*}} : tensor<16xi32>
# CHECK-NEXT: tt.store %{{.*}}, [[V21]] : tensor<16x!tt.ptr<i32>>
# CHECK: [[V22:%[^ ]+]] = arith.extsi %{{.*}} : tensor<16xi32> to tensor<16xi64>
# CHECK-NEXT: arith.constant 1099511627776 : i64
# CHECK-NEXT: arith.constant 1099511627776 : i64
# CHECK-NEXT: [[CST4:%[^ ]+]] = arith.constant dense<1099511627776> : tensor<16xi64>
# CHECK-NEXT: [[V23:%[^ ]+]] = arith.addi [[V22]], [[CST4]] : tensor<16xi64>
# CHECK-NEXT: tt.store %{{.*}}, [[V23]] : tensor<16x!tt.ptr<i64>>
# CHECK: arith.constant -1294967296 : i32
# CHECK-NEXT: arith.constant -1294967296 : i32
# CHECK-NEXT: [[CST5:%[^ ]+]] = arith.constant dense<-1294967296> : tensor<16xi32>
# CHECK-NEXT: [[V24:%[^ ]+]] = arith.extui %{{.*}} : tensor<16xi32> to tensor<16xi64>
# CHECK-NEXT: [[V25:%[^ ]+]] = arith.extui [[CST5]] : tensor<16xi32> to tensor<16xi64>
# CHECK-NEXT: arith.addi [[V24]], [[V25]] : tensor<16xi64>
# CHECK: [[V26:%[^ ]+]] = arith.addi %{{.*}}, [[CST5]] : tensor<16xi32>
# CHECK-NEXT: tt.store %{{.*}}, [[V26]] : tensor<16x!tt.ptr<i32>>
# CHECK: arith.constant 3 : i32
# CHECK-NEXT: arith.constant 3 : i8
# CHECK-NEXT: [[CST6:%[^ ]+]] = arith.constant dense<3> : tensor<16xi8>
# CHECK-NEXT: [[V27:%[^ ]+]] = arith.extsi %{{.*}} : tensor<16xi8> to tensor<16xi64>
# CHECK-NEXT: [[V28:%[^ ]+]] = arith.extsi [[CST6]] : tensor<16xi8> to tensor<16xi64>
# CHECK-NEXT: arith.muli [[V27]], [[V28]] : tensor<16xi64>
# CHECK: [[V29:%[^ ]+]] = arith.muli %{{.*}}, [[CST6]] : tensor<16xi8>
# CHECK-NEXT: tt.store %{{.*}}, [[V29]] : tensor<16x!tt.ptr<i8>>
# CHECK: [[V30:%[^ ]+]] = arith.mulf %{{.*}}, %{{.*}} : tensor<16xbf16>
# CHECK-NEXT: tt.store %{{.*}}, [[V30]] : tensor<16x!tt.ptr<bf16>>
@triton.jit
def promotions(I, F, H, B, U, C, L):
    offs = tl.arange(0, 16)
    i = tl.load(I + offs)
    f = tl.load(F + offs)
    h = tl.load(H + offs)
    b = tl.load(B + offs)
    u = tl.load(U + offs)
    c = tl.load(C + offs)
    tl.store(F + offs, i + 1.5)
    tl.store(F + offs, h / h)
    tl.store(F + offs, h + f)
    tl.store(F + offs, b + h)
    tl.store(H + offs, h * 2)
    tl.store(H + offs, h + 0.5)
    tl.store(U + offs, u + i)
    tl.store(I + offs, c + i)
    tl.store(L + offs, i.to(tl.int64) + 2**40)
    tl.store(U + offs, u + 3000000000)
    tl.store(C + offs, c * 3)
    tl.store(B + offs, b * b)
