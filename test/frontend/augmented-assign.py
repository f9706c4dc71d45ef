# Coverage: augmented assignments (+=, -=, *=, /=, //=, %=, &=, |=, ^=, <<=, >>=) on
# tensors, scalars and pointers.
# RUN: trex compile %s --kernel augmented --signature "*i32:16, *fp32:16, i32" --emit source | FileCheck %s
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @augmented(
# CHECK-SAME: %I: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %F: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %N: i32{{( loc|,|\))}}
# CHECK: [[I:%[^ ]+]] = arith.addi %{{.*}}, %{{.*}} : tensor<16xi32>
# CHECK: [[I2:%[^ ]+]] = arith.subi [[I]], %{{.*}} : tensor<16xi32>
# CHECK: [[I3:%[^ ]+]] = arith.muli [[I2]], %{{.*}} : tensor<16xi32>
# CHECK: [[I4:%[^ ]+]] = arith.divsi [[I3]], %{{.*}} : tensor<16xi32>
# CHECK: [[I5:%[^ ]+]] = arith.remsi [[I4]], %{{.*}} : tensor<16xi32>
# CHECK: [[I6:%[^ ]+]] = arith.andi [[I5]], %{{.*}} : tensor<16xi32>
# CHECK: [[I7:%[^ ]+]] = arith.ori [[I6]], %{{.*}} : tensor<16xi32>
# CHECK: [[I8:%[^ ]+]] = arith.xori [[I7]], %{{.*}} : tensor<16xi32>
# CHECK: [[I9:%[^ ]+]] = arith.shli [[I8]], %{{.*}} : tensor<16xi32>
# CHECK: [[I10:%[^ ]+]] = arith.shrsi [[I9]], %{{.*}} : tensor<16xi32>
# CHECK: [[F:%[^ ]+]] = arith.divf %{{.*}}, %{{.*}} : tensor<16xf32>
# CHECK-NEXT: [[F2:%[^ ]+]] = arith.mulf [[F]], [[F]] : tensor<16xf32>
# CHECK-NEXT: tt.addptr %{{.*}}, %{{.*}} : !tt.ptr<i32>, i32
# CHECK: tt.store %{{.*}}, [[I10]] : tensor<16x!tt.ptr<i32>>
# CHECK: tt.store %{{.*}}, [[F2]] : tensor<16x!tt.ptr<f32>>
@triton.jit
def augmented(I, F, N):
    offs = tl.arange(0, 16)
    i = tl.load(I + offs)
    f = tl.load(F + offs)
    i += 1
    i -= N
    i *= 3
    i //= 2
    i %= 7
    i &= 0xF
    i |= 1
    i ^= N
    i <<= 2
    i >>= 1
    f /= 2.0
    f *= f
    I += N
    tl.store(I + offs, i)
    tl.store(F + offs, f)
