# Coverage: comparison operators on signed, unsigned and float tensors, boolean operators
# (and/or/not) on scalars and constexprs, and the bitwise &, |, ~ on masks.
# RUN: trex compile %s --kernel compare_ops --signature "*i32:16, *u32:16, *fp32:16, i32, True" --emit source | FileCheck %s
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @compare_ops(
# CHECK-SAME: %I: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %U: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %F: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %n: i32{{( loc|,|\))}}
# CHECK: [[M:%[^ ]+]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<32xi32>
# CHECK: [[M2:%[^ ]+]] = arith.cmpi sge, %{{.*}}, %{{.*}} : tensor<32xi32>
# CHECK-NEXT: [[M3:%[^ ]+]] = arith.andi [[M]], [[M2]] : tensor<32xi1>
# CHECK: arith.bitcast %{{.*}} : i32 to i32
# CHECK: [[M4:%[^ ]+]] = arith.cmpi ugt, %{{.*}}, %{{.*}} : tensor<32xi32>
# CHECK-NEXT: [[M5:%[^ ]+]] = arith.ori [[M3]], [[M4]] : tensor<32xi1>
# CHECK: arith.bitcast %{{.*}} : i32 to i32
# CHECK: [[M6:%[^ ]+]] = arith.cmpi ule, %{{.*}}, %{{.*}} : tensor<32xi32>
# CHECK-NEXT: [[M7:%[^ ]+]] = arith.ori [[M5]], [[M6]] : tensor<32xi1>
# CHECK: [[M8:%[^ ]+]] = arith.cmpf oeq, %{{.*}}, %{{.*}} : tensor<32xf32>
# CHECK: [[M9:%[^ ]+]] = arith.xori [[M8]], %{{.*}} : tensor<32xi1>
# CHECK-NEXT: [[M10:%[^ ]+]] = arith.andi [[M7]], [[M9]] : tensor<32xi1>
# CHECK: [[M11:%[^ ]+]] = arith.cmpf une, %{{.*}}, %{{.*}} : tensor<32xf32>
# CHECK-NEXT: [[M12:%[^ ]+]] = arith.andi [[M10]], [[M11]] : tensor<32xi1>
# CHECK: [[M13:%[^ ]+]] = arith.cmpf ogt, %{{.*}}, %{{.*}} : tensor<32xf32>
# CHECK-NEXT: [[M14:%[^ ]+]] = arith.andi [[M12]], [[M13]] : tensor<32xi1>
# CHECK: [[M15:%[^ ]+]] = arith.cmpf ole, %{{.*}}, %{{.*}} : tensor<32xf32>
# CHECK-NEXT: [[M16:%[^ ]+]] = arith.andi [[M14]], [[M15]] : tensor<32xi1>
# CHECK: arith.cmpi sgt, %{{.*}}, %{{.*}} : i32
# CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : i32
# CHECK: [[D:%[^ ]+]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i32
# CHECK: arith.xori [[D]], %{{.*}} : i1
# CHECK: [[E:%[^ ]+]] = arith.cmpi ne, %{{.*}}, %{{.*}} : i32
# CHECK: arith.extui [[M16]] : tensor<32xi1> to tensor<32xi32>
# CHECK-NEXT: arith.extui %{{.*}} : i1 to i32
# CHECK: [[V:%[^ ]+]] = arith.cmpi sle, %{{.*}}, %{{.*}} : tensor<32xi64>
# CHECK: [[V2:%[^ ]+]] = arith.cmpi sge, %{{.*}}, %{{.*}} : tensor<32xi64>
# CHECK-NEXT: arith.andi [[V]], [[V2]] : tensor<32xi1>
# CHECK: arith.extui %{{.*}} : i1 to i32
# CHECK: [[V3:%[^ ]+]] = arith.cmpi sle, %{{.*}}, %{{.*}} : tensor<32xi64>
# CHECK: [[V4:%[^ ]+]] = arith.cmpi sge, %{{.*}}, %{{.*}} : tensor<32xi64>
# CHECK-NEXT: arith.andi [[V3]], [[V4]] : tensor<32xi1>
# CHECK: arith.extui [[E]] : i1 to i32
# CHECK: [[V5:%[^ ]+]] = arith.cmpi sle, %{{.*}}, %{{.*}} : tensor<32xi64>
# CHECK: [[V6:%[^ ]+]] = arith.cmpi sge, %{{.*}}, %{{.*}} : tensor<32xi64>
# CHECK-NEXT: arith.andi [[V5]], [[V6]] : tensor<32xi1>
@triton.jit
def compare_ops(I, U, F, n, FLAG: tl.constexpr):
    offs = tl.arange(0, 32)
    i = tl.load(I + offs)
    u = tl.load(U + offs)
    f = tl.load(F + offs)
    m = (i < n) & (i >= 0) | (u > 3) | (u <= 7)
    m = m & ~(f == 1.0) & (f != 2.0) & (f > 0.0) & (f <= 3.0)
    c = (n > 0) and (n < 100)
    d = not (n == 5) or FLAG
    e = FLAG and (n != 2)
    tl.store(I + offs, m.to(tl.int32) + c + d + e)
