# Coverage: tensor descriptors made in the kernel (tl.make_tensor_descriptor), their load and
# store methods, block_shape, 4-D permute and reshape, as Triton 3.6 writes them in ttir (signed
# integer elements stay signed in the descriptor type).
# RUN: trex compile %s --kernel transpose_4d --signature "*i8:16, *i8:16, 4, 4, 4, 16, 3, 1, 0, 2" --emit ttir | FileCheck %s
# RUN: trex compile %s --kernel copy_rows --signature "*fp16:16, *fp16:16, i32, 64, 64" --emit ttir | FileCheck %s --check-prefix=ROWS
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @transpose_4d(
# CHECK: tt.make_tensor_descriptor %In, [%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}, %{{.*}}, %c1_i64] : <i8>, <tensor<4x4x4x16xsi8>>
# CHECK: tt.make_tensor_descriptor %Out, [%{{.*}}], [%c1_i64] : <i8>, <tensor<1024xsi8>>
# CHECK: tt.descriptor_load %{{.*}}[%c0_i32, %c0_i32, %c0_i32, %c0_i32] : !tt.tensordesc<tensor<4x4x4x16xsi8>> -> tensor<4x4x4x16xi8>
# CHECK: tt.trans %{{.*}} {order = array<i32: 3, 1, 0, 2>} : tensor<4x4x4x16xi8> -> tensor<16x4x4x4xi8>
# CHECK: tt.reshape %{{.*}} : tensor<16x4x4x4xi8> -> tensor<1024xi8>
# CHECK: tt.descriptor_store %{{.*}}[%c0_i32], %{{.*}} : !tt.tensordesc<tensor<1024xsi8>>, tensor<1024xi8>
@triton.jit
def transpose_4d(In, Out, S1: tl.constexpr, S2: tl.constexpr, S3: tl.constexpr, S4: tl.constexpr,
                 P1: tl.constexpr, P2: tl.constexpr, P3: tl.constexpr, P4: tl.constexpr):
    src = tl.make_tensor_descriptor(base=In, shape=[S1, S2, S3, S4],
                                    strides=[S4 * S3 * S2, S4 * S3, S4, 1],
                                    block_shape=[S1, S2, S3, S4])
    dst = tl.make_tensor_descriptor(base=Out, shape=[S1 * S2 * S3 * S4], strides=[1],
                                    block_shape=[S1 * S2 * S3 * S4])
    value = src.load([0, 0, 0, 0]).permute((P1, P2, P3, P4))
    dst.store([0], value.reshape(dst.block_shape))


# ROWS-LABEL: tt.func public @copy_rows(
# ROWS: tt.make_tensor_descriptor %X, [%n_rows, %{{.*}}], [%{{.*}}, %c1_i64] : <f16>, <tensor<64x64xf16>>
# ROWS: tt.descriptor_load %{{.*}}[%{{.*}}, %c0_i32] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
# ROWS: tt.descriptor_store %{{.*}}[%{{.*}}, %c0_i32], %{{.*}} : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
@triton.jit
def copy_rows(X, Y, n_rows, BLOCK_M: tl.constexpr, N: tl.constexpr):
    row = tl.program_id(0) * BLOCK_M
    src = tl.make_tensor_descriptor(X, [n_rows, N], [N, 1], [BLOCK_M, N])
    dst = tl.make_tensor_descriptor(Y, [n_rows, N], [N, 1], [BLOCK_M, N])
    block = tl.load_tensor_descriptor(src, [row, 0])
    tl.store_tensor_descriptor(dst, [row, 0], block * 2.0)
