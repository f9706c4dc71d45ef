# Coverage: tensor.to and tl.cast between integer, float and pointer types, bitcast=True,
# and fp_downcast_rounding.
# RUN: trex compile %s --kernel conversions --signature "*fp32:16, *i32:16, *fp16:16, *u8:16" --emit source | FileCheck %s
# RUN: trex compile %s --kernel pointer_casts --signature "*fp32:16, *i64:16" --emit source | FileCheck %s --check-prefix=PTR
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @conversions(
# CHECK-SAME: %F: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %I: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %H: !tt.ptr<f16> {tt.divisibility = 16 : i32}
# CHECK-SAME: %U: !tt.ptr<i8> {tt.divisibility = 16 : i32}
# CHECK: [[V:%[^ ]+]] = arith.fptosi %{{.*}} : tensor<32xf32> to tensor<32xi32>
# CHECK-NEXT: tt.store %{{.*}}, [[V]] : tensor<32x!tt.ptr<i32>>
# CHECK: arith.sitofp %{{.*}} : tensor<32xi32> to tensor<32xf32>
# CHECK-NEXT: arith.uitofp %{{.*}} : tensor<32xi8> to tensor<32xf32>
# CHECK: tt.store %{{.*}}, %{{.*}} : tensor<32x!tt.ptr<f32>>
# CHECK: [[V2:%[^ ]+]] = tt.bitcast %{{.*}} : tensor<32xf32> -> tensor<32xi32>
# CHECK-NEXT: tt.store %{{.*}}, [[V2]] : tensor<32x!tt.ptr<i32>>
# CHECK: [[V3:%[^ ]+]] = tt.bitcast %{{.*}} : tensor<32xi32> -> tensor<32xf32>
# CHECK-NEXT: tt.store %{{.*}}, [[V3]] : tensor<32x!tt.ptr<f32>>
# CHECK: [[V4:%[^ ]+]] = tt.fp_to_fp %{{.*}}, rounding = rtz : tensor<32xf32> -> tensor<32xf16>
# CHECK-NEXT: tt.store %{{.*}}, [[V4]] : tensor<32x!tt.ptr<f16>>
# CHECK: [[V5:%[^ ]+]] = arith.truncf %{{.*}} : tensor<32xf32> to tensor<32xbf16>
# CHECK-NEXT: [[V6:%[^ ]+]] = arith.extf [[V5]] : tensor<32xbf16> to tensor<32xf32>
# CHECK-NEXT: [[V7:%[^ ]+]] = arith.truncf [[V6]] : tensor<32xf32> to tensor<32xf16>
# CHECK-NEXT: tt.store %{{.*}}, [[V7]] : tensor<32x!tt.ptr<f16>>
# CHECK: [[V8:%[^ ]+]] = arith.extf %{{.*}} : tensor<32xf16> to tensor<32xf32>
# CHECK-NEXT: [[V9:%[^ ]+]] = arith.extf [[V8]] : tensor<32xf32> to tensor<32xf64>
# CHECK-NEXT: [[V10:%[^ ]+]] = arith.truncf [[V9]] : tensor<32xf64> to tensor<32xf32>
# CHECK-NEXT: tt.store %{{.*}}, [[V10]] : tensor<32x!tt.ptr<f32>>
# CHECK: [[V11:%[^ ]+]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : tensor<32xi32>
# CHECK-NEXT: [[V12:%[^ ]+]] = arith.extui [[V11]] : tensor<32xi1> to tensor<32xi8>
# CHECK-NEXT: [[V13:%[^ ]+]] = arith.trunci %{{.*}} : tensor<32xi32> to tensor<32xi8>
# CHECK-NEXT: arith.extui [[V12]] : tensor<32xi8> to tensor<32xi64>
# CHECK-NEXT: arith.extui [[V13]] : tensor<32xi8> to tensor<32xi64>
# CHECK: arith.cmpi sle, %{{.*}}, %{{.*}} : tensor<32xi64>
# CHECK: arith.cmpi sge, %{{.*}}, %{{.*}} : tensor<32xi64>
# CHECK: tt.store %{{.*}}, %{{.*}} : tensor<32x!tt.ptr<i8>>
# CHECK: arith.extui %{{.*}} : tensor<32xi8> to tensor<32xi32>
# CHECK: [[V14:%[^ ]+]] = arith.cmpf une, %{{.*}}, %{{.*}} : tensor<32xf32>
# CHECK-NEXT: arith.extui [[V14]] : tensor<32xi1> to tensor<32xi32>
# CHECK: arith.cmpi sle, %{{.*}}, %{{.*}} : tensor<32xi64>
# CHECK: arith.cmpi sge, %{{.*}}, %{{.*}} : tensor<32xi64>
# CHECK: tt.store %{{.*}}, %{{.*}} : tensor<32x!tt.ptr<i32>>
# CHECK: arith.trunci %{{.*}} : tensor<32xi64> to tensor<32xi16>
# CHECK: tt.store %{{.*}}, %{{.*}} : tensor<32x!tt.ptr<i32>>
@triton.jit
def conversions(F, I, H, U):
    offs = tl.arange(0, 32)
    f = tl.load(F + offs)
    i = tl.load(I + offs)
    u = tl.load(U + offs)
    tl.store(I + offs, f.to(tl.int32))
    tl.store(F + offs, i.to(tl.float32) + u.to(tl.float32))
    tl.store(I + offs, f.to(tl.int32, bitcast=True))
    tl.store(F + offs, tl.cast(i, tl.float32, bitcast=True))
    tl.store(H + offs, f.to(tl.float16, fp_downcast_rounding="rtz"))
    tl.store(H + offs, f.to(tl.bfloat16).to(tl.float16))
    tl.store(F + offs, tl.load(H + offs).to(tl.float64).to(tl.float32))
    tl.store(U + offs, (i > 0).to(tl.uint8) + i.to(tl.uint8))
    tl.store(I + offs, u.to(tl.int32) + f.to(tl.int1).to(tl.int32))
    tl.store(I + offs, i.to(tl.int64).to(tl.int16).to(tl.int32))


# PTR-LABEL: tt.func public @pointer_casts(
# PTR-SAME: %F: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# PTR-SAME: %P: !tt.ptr<i64> {tt.divisibility = 16 : i32}
# PTR-NEXT: [[AS_INT:%[^ ]+]] = tt.ptr_to_int %{{.*}} : !tt.ptr<f32> -> i64
# PTR-NEXT: tt.store %{{.*}}, [[AS_INT]] : !tt.ptr<i64>
# PTR: [[BACK:%[^ ]+]] = tt.int_to_ptr %{{.*}} : i64 -> !tt.ptr<f32>
# PTR: tt.store [[BACK]], %{{.*}} : !tt.ptr<f32>
# PTR-NEXT: [[V:%[^ ]+]] = tt.bitcast %{{.*}} : !tt.ptr<f32> -> !tt.ptr<i32>
# PTR: tt.store [[V]], %{{.*}} : !tt.ptr<i32>
@triton.jit
def pointer_casts(F, P):
    as_int = F.to(tl.int64)
    tl.store(P, as_int)
    back = tl.load(P).to(tl.pointer_type(tl.float32))
    tl.store(back, 1.0)
    tl.store(F.to(tl.pointer_type(tl.int32)), 7)
