# isinstance() against Triton's descriptor classes inside a kernel: a helper that takes a
# pointer or a tensor descriptor (Triton 3.4+'s tutorials do this) makes a descriptor only of a
# pointer. A descriptor is no tl.tensor in Triton (its class derives from base_value).
# NO-TRITON-LAYOUTS: a test of isinstance() in kernels; the layouts of descriptor copies are covered by the tensor-descriptor tests
# RUN: trex compile %s --kernel copy_tiles --target cuda:90 --signature "*fp16:16, tensordesc<fp16[32,32]>, i32, i32, 32" --emit ttir | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def to_descriptor(x, rows, cols, BLOCK: tl.constexpr):
    tl.static_assert(isinstance(x, tl.tensor_descriptor) != isinstance(x, tl.tensor))
    if isinstance(x, tl.tensor_descriptor):
        return x
    else:
        return tl.make_tensor_descriptor(x, [rows, cols], [cols, 1], [BLOCK, BLOCK])


# CHECK-LABEL: tt.func public @copy_tiles(%src: !tt.ptr<f16> {{.*}} %dst: !tt.tensordesc<tensor<32x32xf16>>
# One descriptor made (of the pointer); the parameter's is used as it is.
# CHECK: tt.make_tensor_descriptor %src
# CHECK-NOT: tt.make_tensor_descriptor
# CHECK: tt.descriptor_load
# CHECK: tt.descriptor_store %dst
@triton.jit
def copy_tiles(src, dst, rows, cols, BLOCK: tl.constexpr):
    s = to_descriptor(src, rows, cols, BLOCK)
    d = to_descriptor(dst, rows, cols, BLOCK)
    d.store([0, 0], s.load([0, 0]))
