# Coverage: tl.rand, tl.randn, tl.randint and tl.randint4x (Philox), checked after inlining.
# RUN: trex compile %s --kernel random_numbers --signature "*fp32:16, *i32:16, i32" --emit source | FileCheck %s
# RUN: trex compile %s --kernel random_numbers --signature "*fp32:16, *i32:16, i32" --emit ttir | FileCheck %s --check-prefix=TTIR
# RUN: trex compile %s --kernel random_u64 --signature "*fp32:16, i64" --emit ttir | FileCheck %s --check-prefix=U64
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @random_numbers(
# CHECK-SAME: %F: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %I: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %seed: i32{{( loc|,|\))}}
# CHECK: tt.call @"triton.language.random.rand__i32_i32S128S__(2,)cconstexpr_10_"(%{{.*}}, %{{.*}}) : (i32, tensor<128xi32>) -> tensor<128xf32>
# CHECK-NEXT: tt.call @"triton.language.random.randn__i32_i32S128S__(2,)cconstexpr_10_"(%{{.*}}, %{{.*}}) : (i32, tensor<128xi32>) -> tensor<128xf32>
# CHECK-NEXT: tt.call @"triton.language.random.randint__i32_i32S128S__(2,)cconstexpr_10_"(%{{.*}}, %{{.*}}) : (i32, tensor<128xi32>) -> tensor<128xi32>
# CHECK-NEXT: tt.call @"triton.language.random.randint4x__i32_i32S128S__(2,)cconstexpr_7_"(%{{.*}}, %{{.*}}) : (i32, tensor<128xi32>) -> (tensor<128xi32>, tensor<128xi32>, tensor<128xi32>, tensor<128xi32>)
# CHECK-LABEL: tt.func private @"triton.language.random.rand__i32_i32S128S__(2,)cconstexpr_10_"(
# CHECK-NEXT: [[SOURCE:%[^ ]+]] = tt.call @"triton.language.random.randint__i32_i32S128S__(2,)cconstexpr_10_"(%{{.*}}, %{{.*}}) : (i32, tensor<128xi32>) -> tensor<128xi32>
# CHECK-NEXT: tt.call @triton.language.random.uint_to_uniform_float__u32S128S__([[SOURCE]]) : (tensor<128xi32>) -> tensor<128xf32>
# CHECK-LABEL: tt.func private @"triton.language.random.randint__i32_i32S128S__(2,)cconstexpr_10_"(
# CHECK-NEXT: tt.call @"triton.language.random.randint4x__i32_i32S128S__(2,)cconstexpr_10_"(%{{.*}}, %{{.*}}) : (i32, tensor<128xi32>) -> (tensor<128xi32>, tensor<128xi32>, tensor<128xi32>, tensor<128xi32>)
# CHECK-LABEL: tt.func private @"triton.language.random.randint4x__i32_i32S128S__(2,)cconstexpr_10_"(
# CHECK: tt.call @"triton.language.random.philox__i32_u32S128S_u32S128S_u32S128S_u32S128S__(5,)cconstexpr_10_"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i32, tensor<128xi32>, tensor<128xi32>, tensor<128xi32>, tensor<128xi32>) -> (tensor<128xi32>, tensor<128xi32>, tensor<128xi32>, tensor<128xi32>)
# CHECK-LABEL: tt.func private @"triton.language.random.philox__i32_u32S128S_u32S128S_u32S128S_u32S128S__(5,)cconstexpr_10_"(
# CHECK: tt.call @"triton.language.random.philox_impl__u32S128S_u32S128S_u32S128S_u32S128S_u32_u32__(6,)cconstexpr_10_"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<128xi32>, tensor<128xi32>, tensor<128xi32>, tensor<128xi32>, i32, i32) -> (tensor<128xi32>, tensor<128xi32>, tensor<128xi32>, tensor<128xi32>)
# CHECK-LABEL: tt.func private @"triton.language.random.philox_impl__u32S128S_u32S128S_u32S128S_u32S128S_u32_u32__(6,)cconstexpr_10_"(
# CHECK-LABEL: tt.func private @triton.language.random.uint_to_uniform_float__u32S128S__(
# CHECK-LABEL: tt.func private @"triton.language.random.randn__i32_i32S128S__(2,)cconstexpr_10_"(
# CHECK-NEXT: [[V:%[^ ]+]]:4 = tt.call @"triton.language.random.randint4x__i32_i32S128S__(2,)cconstexpr_10_"(%{{.*}}, %{{.*}}) : (i32, tensor<128xi32>) -> (tensor<128xi32>, tensor<128xi32>, tensor<128xi32>, tensor<128xi32>)
# CHECK-NEXT: [[U1:%[^ ]+]] = tt.call @triton.language.random.uint_to_uniform_float__u32S128S__([[V]]#0) : (tensor<128xi32>) -> tensor<128xf32>
# CHECK-NEXT: [[U2:%[^ ]+]] = tt.call @triton.language.random.uint_to_uniform_float__u32S128S__([[V]]#1) : (tensor<128xi32>) -> tensor<128xf32>
# CHECK-NEXT: tt.call @triton.language.random.pair_uniform_to_normal__fp32S128S_fp32S128S__([[U1]], [[U2]]) : (tensor<128xf32>, tensor<128xf32>) -> (tensor<128xf32>, tensor<128xf32>)
# CHECK-LABEL: tt.func private @triton.language.random.pair_uniform_to_normal__fp32S128S_fp32S128S__(
# CHECK-LABEL: tt.func private @"triton.language.random.randint4x__i32_i32S128S__(2,)cconstexpr_7_"(
# CHECK: tt.call @"triton.language.random.philox__i32_u32S128S_u32S128S_u32S128S_u32S128S__(5,)cconstexpr_7_"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i32, tensor<128xi32>, tensor<128xi32>, tensor<128xi32>, tensor<128xi32>) -> (tensor<128xi32>, tensor<128xi32>, tensor<128xi32>, tensor<128xi32>)
# CHECK-LABEL: tt.func private @"triton.language.random.philox__i32_u32S128S_u32S128S_u32S128S_u32S128S__(5,)cconstexpr_7_"(
# CHECK: tt.call @"triton.language.random.philox_impl__u32S128S_u32S128S_u32S128S_u32S128S_u32_u32__(6,)cconstexpr_7_"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<128xi32>, tensor<128xi32>, tensor<128xi32>, tensor<128xi32>, i32, i32) -> (tensor<128xi32>, tensor<128xi32>, tensor<128xi32>, tensor<128xi32>)
# CHECK-LABEL: tt.func private @"triton.language.random.philox_impl__u32S128S_u32S128S_u32S128S_u32S128S_u32_u32__(6,)cconstexpr_7_"(
# TTIR-LABEL: tt.func public @random_numbers(
# TTIR-SAME: %F: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# TTIR-SAME: %I: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# TTIR-SAME: %seed: i32{{( loc|,|\))}}
# TTIR: tt.bitcast %{{.*}} : tensor<128xi32> -> tensor<128xi32>
# TTIR: arith.sitofp %{{.*}} : tensor<128xi32> to tensor<128xf32>
# TTIR: tt.bitcast %{{.*}} : tensor<128xi32> -> tensor<128xi32>
# TTIR: arith.sitofp %{{.*}} : tensor<128xi32> to tensor<128xf32>
# TTIR: math.log %{{.*}} : tensor<128xf32>
# TTIR: math.sqrt %{{.*}} : tensor<128xf32>
# TTIR-NEXT: math.cos %{{.*}} : tensor<128xf32>
# TTIR: tt.store %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<f32>>
# TTIR: tt.store %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<i32>>
@triton.jit
def random_numbers(F, I, seed):
    offs = tl.arange(0, 128)
    u = tl.rand(seed, offs)
    n = tl.randn(seed, offs)
    r = tl.randint(seed, offs)
    a, b, c, d = tl.randint4x(seed, offs, 7)
    tl.store(F + offs, u + n)
    tl.store(I + offs, r + a + b + c + d)


# U64-LABEL: tt.func public @random_u64(
# U64-SAME: %F: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# U64-SAME: %seed: i64{{( loc|,|\))}}
# U64: [[OFFSET_HI:%[^ ]+]] = arith.shrui %{{.*}}, %{{.*}} : tensor<64xi64>
# U64-NEXT: arith.trunci [[OFFSET_HI]] : tensor<64xi64> to tensor<64xi32>
# U64-NEXT: arith.shrui %{{.*}}, %{{.*}} : i64
# U64: arith.trunci %{{.*}} : i64 to i32
# U64: arith.trunci %{{.*}} : i64 to i32
# U64-NEXT: tt.mulhiui %{{.*}}, %{{.*}} : i32
# U64: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
# U64: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
# U64: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
# U64: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
# U64: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
# U64: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
# U64: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
# U64: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
# U64: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
# U64: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
# U64: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
# U64: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
# U64: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
# U64: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
# U64: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
# U64: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
# U64: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
# U64: tt.bitcast %{{.*}} : tensor<64xi32> -> tensor<64xi32>
# U64: arith.sitofp %{{.*}} : tensor<64xi32> to tensor<64xf32>
# U64: tt.store %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<f32>>
@triton.jit
def random_u64(F, seed):
    offs = tl.arange(0, 64).to(tl.int64)
    tl.store(F + offs, tl.rand(seed, offs))
