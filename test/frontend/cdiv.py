# Coverage: tl.cdiv on a runtime integer, on constexprs (folded) and triton.cdiv.
# RUN: trex compile %s --kernel grid_blocks --signature "*i32:16, i32, 100" --emit source | FileCheck %s
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @grid_blocks(
# CHECK-SAME: %Out: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %N: i32{{( loc|,|\))}}
# CHECK-NEXT: [[V:%[^ ]+]] = tt.call @"triton.language.standard.cdiv__i32__(1,)cconstexpr_64_"(%{{.*}}) : (i32) -> i32
# CHECK-NEXT: tt.store %{{.*}}, [[V]] : !tt.ptr<i32>
# CHECK-NEXT: arith.constant 1 : i32
# CHECK: [[V2:%[^ ]+]] = tt.call @"triton.language.standard.cdiv____(0,)cconstexpr_100__(1,)cconstexpr_16_"() : () -> i32
# CHECK-NEXT: tt.store %{{.*}}, [[V2]] : !tt.ptr<i32>
# CHECK-NEXT: arith.constant 2 : i32
# CHECK: [[C13_I32:%[^ ]+]] = arith.constant 13 : i32
# CHECK-NEXT: tt.store %{{.*}}, [[C13_I32]] : !tt.ptr<i32>
# CHECK-NEXT: arith.constant 3 : i32
# CHECK: [[V3:%[^ ]+]] = tt.call @"triton.language.standard.cdiv__i32__(1,)cconstexpr_32_"(%{{.*}}) : (i32) -> i32
# CHECK-NEXT: tt.store %{{.*}}, [[V3]] : !tt.ptr<i32>
# CHECK-LABEL: tt.func private @"triton.language.standard.cdiv__i32__(1,)cconstexpr_64_"(
# CHECK-NEXT: arith.constant 63 : i32
# CHECK-NEXT: [[C63_I32:%[^ ]+]] = arith.constant 63 : i32
# CHECK: [[V:%[^ ]+]] = arith.addi %{{.*}}, [[C63_I32]] : i32
# CHECK-NEXT: arith.constant 64 : i32
# CHECK-NEXT: [[C64_I32:%[^ ]+]] = arith.constant 64 : i32
# CHECK-NEXT: arith.divsi [[V]], [[C64_I32]] : i32
# CHECK-LABEL: tt.func private @"triton.language.standard.cdiv____(0,)cconstexpr_100__(1,)cconstexpr_16_"(
# CHECK-NEXT: arith.constant 7 : i32
# CHECK-LABEL: tt.func private @"triton.language.standard.cdiv__i32__(1,)cconstexpr_32_"(
# CHECK-NEXT: arith.constant 31 : i32
# CHECK-NEXT: [[C31_I32:%[^ ]+]] = arith.constant 31 : i32
# CHECK: [[V:%[^ ]+]] = arith.addi %{{.*}}, [[C31_I32]] : i32
# CHECK-NEXT: arith.constant 32 : i32
# CHECK-NEXT: [[C32_I32:%[^ ]+]] = arith.constant 32 : i32
# CHECK-NEXT: arith.divsi [[V]], [[C32_I32]] : i32
@triton.jit
def grid_blocks(Out, N, C: tl.constexpr):
    tl.store(Out, tl.cdiv(N, 64))
    tl.store(Out + 1, tl.cdiv(C, 16))
    tl.store(Out + 2, triton.cdiv(C, 8))
    tl.store(Out + 3, N.cdiv(32))
