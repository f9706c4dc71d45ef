# Coverage: every scalar dtype as a pointer element and in conversions, including the fp8
# formats whose support depends on the target (fp8e4nv needs cuda:89+ or gfx942).
# RUN: trex compile %s --kernel integers --signature "*i1, *i8, *i16, *i32, *i64, *u8, *u16, *u32, *u64" --emit source | FileCheck %s --check-prefix=INT
# RUN: trex compile %s --kernel floats --signature "*fp16, *bf16, *fp32, *fp64" --emit source | FileCheck %s --check-prefix=FLOAT
# RUN: trex compile %s --kernel fp8 --signature "*fp8e4nv, *fp8e5, *fp32" --target cuda:90 --emit source | FileCheck %s --check-prefix=FP8
# RUN: trex compile %s --kernel fp8 --signature "*fp8e5, *fp8e5, *fp32" --target cuda:80 --emit source | FileCheck %s --check-prefix=FP8SM80
# RUN: trex compile %s --kernel fp8 --signature "*fp8e4b8, *fp8e5b16, *fp32" --target hip:gfx942 --emit source | FileCheck %s --check-prefix=FP8HIP
# RUN: not trex compile %s --kernel fp8 --signature "*fp8e4nv, *fp8e5, *fp32" --target cuda:80 --emit source 2>&1 | FileCheck %s --check-prefix=FP8ERR
# RUN: trex compile %s --kernel scalar_args --signature "i1, i8, i16, i32, i64, u32, u64, fp16, bf16, fp32, fp64, *fp32" --emit source | FileCheck %s --check-prefix=SCALAR
import triton
import triton.language as tl

# FP8ERR: error: type fp8e4nv not supported in this architecture. The supported fp8 dtypes are ('fp8e4b15', 'fp8e5')



# INT-LABEL: tt.func public @integers(
# INT-SAME: %B: !tt.ptr<i1>{{( loc|,|\))}}
# INT-SAME: %I8: !tt.ptr<i8>{{( loc|,|\))}}
# INT-SAME: %I16: !tt.ptr<i16>{{( loc|,|\))}}
# INT-SAME: %I32: !tt.ptr<i32>{{( loc|,|\))}}
# INT-SAME: %I64: !tt.ptr<i64>{{( loc|,|\))}}
# INT-SAME: %U8: !tt.ptr<i8>{{( loc|,|\))}}
# INT-SAME: %U16: !tt.ptr<i16>{{( loc|,|\))}}
# INT-SAME: %U32: !tt.ptr<i32>{{( loc|,|\))}}
# INT-SAME: %U64: !tt.ptr<i64>{{( loc|,|\))}}
# INT-NEXT: [[B:%[^ ]+]] = tt.bitcast %{{.*}} : !tt.ptr<i1> -> !tt.ptr<i8>
# INT-NEXT: [[B2:%[^ ]+]] = tt.load [[B]] : !tt.ptr<i8>
# INT: [[B3:%[^ ]+]] = arith.cmpi ne, [[B2]], %{{.*}} : i8
# INT-NEXT: [[TOTAL:%[^ ]+]] = tt.load %{{.*}} : !tt.ptr<i8>
# INT-NEXT: arith.extsi [[TOTAL]] : i8 to i64
# INT-NEXT: [[TOTAL2:%[^ ]+]] = tt.load %{{.*}} : !tt.ptr<i16>
# INT-NEXT: arith.extsi [[TOTAL2]] : i16 to i64
# INT: [[TOTAL3:%[^ ]+]] = tt.load %{{.*}} : !tt.ptr<i32>
# INT-NEXT: arith.extsi [[TOTAL3]] : i32 to i64
# INT: tt.load %{{.*}} : !tt.ptr<i64>
# INT: [[UTOTAL:%[^ ]+]] = tt.load %{{.*}} : !tt.ptr<i8>
# INT-NEXT: arith.extui [[UTOTAL]] : i8 to i64
# INT-NEXT: [[UTOTAL2:%[^ ]+]] = tt.load %{{.*}} : !tt.ptr<i16>
# INT-NEXT: arith.extui [[UTOTAL2]] : i16 to i64
# INT: [[UTOTAL3:%[^ ]+]] = tt.load %{{.*}} : !tt.ptr<i32>
# INT-NEXT: arith.extui [[UTOTAL3]] : i32 to i64
# INT: tt.load %{{.*}} : !tt.ptr<i64>
# INT: [[V:%[^ ]+]] = arith.extui [[B3]] : i1 to i32
# INT-NEXT: [[V2:%[^ ]+]] = arith.cmpi eq, [[V]], %{{.*}} : i32
# INT-NEXT: [[V3:%[^ ]+]] = tt.bitcast %{{.*}} : !tt.ptr<i1> -> !tt.ptr<i8>
# INT-NEXT: [[V4:%[^ ]+]] = arith.extui [[V2]] : i1 to i8
# INT-NEXT: tt.store [[V3]], [[V4]] : !tt.ptr<i8>
# INT-NEXT: tt.store %{{.*}}, %{{.*}} : !tt.ptr<i64>
# INT-NEXT: tt.store %{{.*}}, %{{.*}} : !tt.ptr<i64>
@triton.jit
def integers(B, I8, I16, I32, I64, U8, U16, U32, U64):
    b = tl.load(B)
    total = tl.load(I8).to(tl.int64) + tl.load(I16) + tl.load(I32) + tl.load(I64)
    utotal = tl.load(U8).to(tl.uint64) + tl.load(U16) + tl.load(U32) + tl.load(U64)
    tl.store(B, b == 0)
    tl.store(I64, total)
    tl.store(U64, utotal)


# FLOAT-LABEL: tt.func public @floats(
# FLOAT-SAME: %H: !tt.ptr<f16>{{( loc|,|\))}}
# FLOAT-SAME: %BH: !tt.ptr<bf16>{{( loc|,|\))}}
# FLOAT-SAME: %F: !tt.ptr<f32>{{( loc|,|\))}}
# FLOAT-SAME: %D: !tt.ptr<f64>{{( loc|,|\))}}
# FLOAT-NEXT: [[H:%[^ ]+]] = tt.load %{{.*}} : !tt.ptr<f16>
# FLOAT-NEXT: [[BH:%[^ ]+]] = tt.load %{{.*}} : !tt.ptr<bf16>
# FLOAT-NEXT: [[F:%[^ ]+]] = tt.load %{{.*}} : !tt.ptr<f32>
# FLOAT-NEXT: [[D:%[^ ]+]] = tt.load %{{.*}} : !tt.ptr<f64>
# FLOAT-NEXT: [[V:%[^ ]+]] = arith.extf [[BH]] : bf16 to f32
# FLOAT-NEXT: [[V2:%[^ ]+]] = arith.truncf [[V]] : f32 to f16
# FLOAT-NEXT: [[V3:%[^ ]+]] = arith.addf [[H]], [[V2]] : f16
# FLOAT-NEXT: [[V4:%[^ ]+]] = arith.extf [[V3]] : f16 to f32
# FLOAT-NEXT: [[V5:%[^ ]+]] = arith.addf [[V4]], [[F]] : f32
# FLOAT-NEXT: [[V6:%[^ ]+]] = arith.extf [[V5]] : f32 to f64
# FLOAT-NEXT: [[V7:%[^ ]+]] = arith.addf [[V6]], [[D]] : f64
# FLOAT-NEXT: tt.store %{{.*}}, [[V7]] : !tt.ptr<f64>
# FLOAT-NEXT: [[V8:%[^ ]+]] = arith.mulf [[H]], [[H]] : f16
# FLOAT-NEXT: tt.store %{{.*}}, [[V8]] : !tt.ptr<f16>
# FLOAT-NEXT: [[V9:%[^ ]+]] = arith.mulf [[BH]], [[BH]] : bf16
# FLOAT-NEXT: tt.store %{{.*}}, [[V9]] : !tt.ptr<bf16>
@triton.jit
def floats(H, BH, F, D):
    h = tl.load(H)
    bh = tl.load(BH)
    f = tl.load(F)
    d = tl.load(D)
    tl.store(D, h + bh + f + d)
    tl.store(H, h * h)
    tl.store(BH, bh * bh)


# FP8-LABEL: tt.func public @fp8(
# FP8-SAME: %A: !tt.ptr<f8E4M3FN>{{( loc|,|\))}}
# FP8-SAME: %B: !tt.ptr<f8E5M2>{{( loc|,|\))}}
# FP8-SAME: %Out: !tt.ptr<f32>{{( loc|,|\))}}
# FP8: tt.fp_to_fp %{{.*}} : tensor<16xf8E4M3FN> -> tensor<16xf32>
# FP8-NEXT: tt.fp_to_fp %{{.*}} : tensor<16xf8E5M2> -> tensor<16xf32>
# FP8: tt.store %{{.*}}, %{{.*}} : tensor<16x!tt.ptr<f32>>
# FP8: [[V:%[^ ]+]] = tt.fp_to_fp %{{.*}}, rounding = rtne : tensor<16xf32> -> tensor<16xf8E4M3FN>
# FP8-NEXT: tt.store %{{.*}}, [[V]] : tensor<16x!tt.ptr<f8E4M3FN>>
# FP8: [[V2:%[^ ]+]] = tt.fp_to_fp %{{.*}} : tensor<16xf8E4M3FN> -> tensor<16xf8E5M2>
# FP8-NEXT: tt.store %{{.*}}, [[V2]] : tensor<16x!tt.ptr<f8E5M2>>
# FP8SM80-LABEL: tt.func public @fp8(
# FP8SM80-SAME: %A: !tt.ptr<f8E5M2>{{( loc|,|\))}}
# FP8SM80-SAME: %B: !tt.ptr<f8E5M2>{{( loc|,|\))}}
# FP8SM80-SAME: %Out: !tt.ptr<f32>{{( loc|,|\))}}
# FP8SM80: tt.fp_to_fp %{{.*}} : tensor<16xf8E5M2> -> tensor<16xf32>
# FP8SM80-NEXT: tt.fp_to_fp %{{.*}} : tensor<16xf8E5M2> -> tensor<16xf32>
# FP8SM80: tt.store %{{.*}}, %{{.*}} : tensor<16x!tt.ptr<f32>>
# FP8SM80: [[V:%[^ ]+]] = tt.fp_to_fp %{{.*}}, rounding = rtne : tensor<16xf32> -> tensor<16xf8E5M2>
# FP8SM80-NEXT: tt.store %{{.*}}, [[V]] : tensor<16x!tt.ptr<f8E5M2>>
# FP8SM80: tt.store %{{.*}}, %{{.*}} : tensor<16x!tt.ptr<f8E5M2>>
# FP8HIP-LABEL: tt.func public @fp8(
# FP8HIP-SAME: %A: !tt.ptr<f8E4M3FNUZ>{{( loc|,|\))}}
# FP8HIP-SAME: %B: !tt.ptr<f8E5M2FNUZ>{{( loc|,|\))}}
# FP8HIP-SAME: %Out: !tt.ptr<f32>{{( loc|,|\))}}
# FP8HIP: tt.fp_to_fp %{{.*}} : tensor<16xf8E4M3FNUZ> -> tensor<16xf32>
# FP8HIP-NEXT: tt.fp_to_fp %{{.*}} : tensor<16xf8E5M2FNUZ> -> tensor<16xf32>
# FP8HIP: tt.store %{{.*}}, %{{.*}} : tensor<16x!tt.ptr<f32>>
# FP8HIP: [[V:%[^ ]+]] = tt.fp_to_fp %{{.*}}, rounding = rtne : tensor<16xf32> -> tensor<16xf8E4M3FNUZ>
# FP8HIP-NEXT: tt.store %{{.*}}, [[V]] : tensor<16x!tt.ptr<f8E4M3FNUZ>>
# FP8HIP: [[V2:%[^ ]+]] = tt.fp_to_fp %{{.*}} : tensor<16xf8E4M3FNUZ> -> tensor<16xf8E5M2FNUZ>
# FP8HIP-NEXT: tt.store %{{.*}}, [[V2]] : tensor<16x!tt.ptr<f8E5M2FNUZ>>
@triton.jit
def fp8(A, B, Out):
    offs = tl.arange(0, 16)
    a = tl.load(A + offs)
    b = tl.load(B + offs)
    tl.store(Out + offs, a.to(tl.float32) + b.to(tl.float32))
    tl.store(A + offs, tl.load(Out + offs).to(A.dtype.element_ty))
    tl.store(B + offs, a.to(B.dtype.element_ty))


# SCALAR-LABEL: tt.func public @scalar_args(
# SCALAR-SAME: %b: i1{{( loc|,|\))}}
# SCALAR-SAME: %i8: i8{{( loc|,|\))}}
# SCALAR-SAME: %i16: i16{{( loc|,|\))}}
# SCALAR-SAME: %i32: i32{{( loc|,|\))}}
# SCALAR-SAME: %i64: i64{{( loc|,|\))}}
# SCALAR-SAME: %u32: i32{{( loc|,|\))}}
# SCALAR-SAME: %u64: i64{{( loc|,|\))}}
# SCALAR-SAME: %f16: f16{{( loc|,|\))}}
# SCALAR-SAME: %bf16: bf16{{( loc|,|\))}}
# SCALAR-SAME: %f32: f32{{( loc|,|\))}}
# SCALAR-SAME: %f64: f64{{( loc|,|\))}}
# SCALAR-SAME: %Out: !tt.ptr<f32>{{( loc|,|\))}}
# SCALAR-NEXT: [[V:%[^ ]+]] = arith.extui %{{.*}} : i1 to i8
# SCALAR-NEXT: arith.extsi [[V]] : i8 to i64
# SCALAR-NEXT: arith.extsi %{{.*}} : i8 to i64
# SCALAR: [[V2:%[^ ]+]] = arith.extsi %{{.*}} : i8 to i16
# SCALAR-NEXT: arith.extsi [[V2]] : i16 to i64
# SCALAR-NEXT: arith.extsi %{{.*}} : i16 to i64
# SCALAR: [[V3:%[^ ]+]] = arith.extsi %{{.*}} : i16 to i32
# SCALAR-NEXT: arith.extsi [[V3]] : i32 to i64
# SCALAR-NEXT: arith.extsi %{{.*}} : i32 to i64
# SCALAR: arith.extsi %{{.*}} : i32 to i64
# SCALAR: arith.extui %{{.*}} : i32 to i64
# SCALAR: arith.bitcast %{{.*}} : i64 to i64
# SCALAR: [[V4:%[^ ]+]] = arith.uitofp %{{.*}} : i64 to f16
# SCALAR-NEXT: [[V5:%[^ ]+]] = arith.addf [[V4]], %{{.*}} : f16
# SCALAR-NEXT: arith.extf %{{.*}} : bf16 to f32
# SCALAR: [[V6:%[^ ]+]] = arith.addf [[V5]], %{{.*}} : f16
# SCALAR-NEXT: [[V7:%[^ ]+]] = arith.extf [[V6]] : f16 to f32
# SCALAR-NEXT: [[V8:%[^ ]+]] = arith.addf [[V7]], %{{.*}} : f32
# SCALAR-NEXT: [[V9:%[^ ]+]] = arith.extf [[V8]] : f32 to f64
# SCALAR-NEXT: arith.addf [[V9]], %{{.*}} : f64
# SCALAR: tt.store %{{.*}}, %{{.*}} : !tt.ptr<f32>
@triton.jit
def scalar_args(b, i8, i16, i32, i64, u32, u64, f16, bf16, f32, f64, Out):
    tl.store(Out, b + i8 + i16 + i32 + i64 + u32 + u64 + f16 + bf16 + f32 + f64)
