# Coverage: tl.make_block_ptr, tl.advance, and block-pointer loads and stores with
# boundary_check and padding_option.
# RUN: trex compile %s --kernel block_copy --signature "*fp16:16, *fp16:16, i32, i32, i32, i32, 64, 32" --emit source | FileCheck %s
# RUN: trex compile %s --kernel block_loop --signature "*fp32:16, *fp32:16, i32, i32, 32, 32" --emit ttir | FileCheck %s --check-prefix=LOOP
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @block_copy(
# CHECK-SAME: %A: !tt.ptr<f16> {tt.divisibility = 16 : i32}
# CHECK-SAME: %B: !tt.ptr<f16> {tt.divisibility = 16 : i32}
# CHECK-SAME: %M: i32{{( loc|,|\))}}
# CHECK-SAME: %N: i32{{( loc|,|\))}}
# CHECK-SAME: %stride_m: i32{{( loc|,|\))}}
# CHECK-SAME: %stride_n: i32{{( loc|,|\))}}
# CHECK: [[A_PTR:%[^ ]+]] = tt.make_tensor_ptr %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
# CHECK: [[B_PTR:%[^ ]+]] = tt.make_tensor_ptr %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
# CHECK-NEXT: [[A:%[^ ]+]] = tt.load [[A_PTR]] {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x32xf16>>
# CHECK: [[A2:%[^ ]+]] = tt.advance [[A_PTR]], [%{{.*}}, %{{.*}}] : <tensor<64x32xf16>>
# CHECK-NEXT: tt.load [[A2]] {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<64x32xf16>>
# CHECK: tt.store [[B_PTR]], %{{.*}} {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<64x32xf16>>
# CHECK: [[B_PTR2:%[^ ]+]] = tt.advance [[B_PTR]], [%{{.*}}, %{{.*}}] : <tensor<64x32xf16>>
# CHECK-NEXT: tt.store [[B_PTR2]], [[A]] : !tt.ptr<tensor<64x32xf16>>
@triton.jit
def block_copy(A, B, M, N, stride_m, stride_n, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    a_ptr = tl.make_block_ptr(base=A, shape=(M, N), strides=(stride_m, stride_n),
                              offsets=(pid * BLOCK_M, 0), block_shape=(BLOCK_M, BLOCK_N), order=(1, 0))
    b_ptr = tl.make_block_ptr(B, (M, N), (stride_m, stride_n), (pid * BLOCK_M, 0), (BLOCK_M, BLOCK_N), (1, 0))
    a = tl.load(a_ptr, boundary_check=(0, 1), padding_option="zero")
    a2 = tl.load(tl.advance(a_ptr, (0, BLOCK_N)), boundary_check=(1, ), padding_option="nan")
    tl.store(b_ptr, a + a2, boundary_check=(0, 1))
    b_ptr = tl.advance(b_ptr, [BLOCK_M, 0])
    tl.store(b_ptr, a)


# LOOP-LABEL: tt.func public @block_loop(
# LOOP-SAME: %A: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# LOOP-SAME: %Out: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# LOOP-SAME: %M: i32{{( loc|,|\))}}
# LOOP-SAME: %K: i32{{( loc|,|\))}}
# LOOP: [[ACC:%[^ ]+]]:2 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (i64, tensor<32x32xf32>)  : i32 {
# LOOP: [[ACC2:%[^ ]+]] = tt.load %{{.*}}, %{{.*}} : tensor<32x32x!tt.ptr<f32>>
# LOOP-NEXT: [[ACC3:%[^ ]+]] = arith.addf %{{.*}}, [[ACC2]] : tensor<32x32xf32>
# LOOP: scf.yield %{{.*}}, [[ACC3]] : i64, tensor<32x32xf32>
# LOOP: tt.store %{{.*}}, [[ACC]]#1 : tensor<32x32x!tt.ptr<f32>>
@triton.jit
def block_loop(A, Out, M, K, BLOCK_M: tl.constexpr, BLOCK_K: tl.constexpr):
    a_ptr = tl.make_block_ptr(A, (M, K), (K, 1), (0, 0), (BLOCK_M, BLOCK_K), (1, 0))
    acc = tl.zeros((BLOCK_M, BLOCK_K), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        acc += tl.load(a_ptr, boundary_check=(0, 1))
        a_ptr = tl.advance(a_ptr, (0, BLOCK_K))
    out_ptr = tl.make_block_ptr(Out, (M, BLOCK_K), (BLOCK_K, 1), (0, 0), (BLOCK_M, BLOCK_K), (1, 0))
    tl.store(out_ptr, acc)
