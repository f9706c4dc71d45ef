# A small "real program" for the trex_triton tests: kernels defined the ways real files define
# them, launched through the JIT with runtime arguments. Runs against the stand-in package in
# ../fake_triton (no GPU).
import sys
from typing import NamedTuple

import triton
import triton.language as tl
from triton.runtime.jit import FakeTensor

SCALE = tl.constexpr(3)
OFFSET = tl.constexpr(2.5)


@triton.jit
def twice(x):
    return x * 2


@triton.jit
def shifted(x):
    return x + OFFSET


@triton.jit(noinline=True)
def clamp_count(n):
    return tl.minimum(n, 4096)


@triton.jit
def scale_kernel(x_ptr, out_ptr, n, FN: tl.constexpr, DT: tl.constexpr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < clamp_count(n)
    x = tl.load(x_ptr + offs, mask=mask)
    y = shifted(FN(x) * SCALE).to(DT)
    tl.store(out_ptr + offs, y, mask=mask)


def make_local_kernel(width):
    # A kernel defined inside a function: WIDTH comes from the closure.
    WIDTH: tl.constexpr = width

    @triton.jit
    def copy_rows(src_ptr, dst_ptr, stride):
        row = tl.program_id(0)
        cols = tl.arange(0, WIDTH)
        tl.store(dst_ptr + row * stride + cols, tl.load(src_ptr + row * stride + cols))

    return copy_rows


@triton.jit
def descriptor_copy(in_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    a = tl.make_tensor_descriptor(in_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    b = tl.make_tensor_descriptor(out_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    pid = tl.program_id(0)
    b.store([pid * BM, 0], a.load([pid * BM, 0]))


@triton.jit
def host_descriptor_copy(src, dst, BM: tl.constexpr, BN: tl.constexpr):
    # Descriptors made on the host (TensorDescriptor): TMA copies through the parameters.
    row = tl.program_id(0) * BM
    dst.store([row, 0], src.load([row, 0]))


@triton.jit
def apply_builtin(x_ptr, FN: tl.constexpr):
    offs = tl.arange(0, 128)
    tl.store(x_ptr + offs, FN(tl.load(x_ptr + offs)))


@triton.jit
def tuple_sum(ptrs, out_ptr, n):
    # A tuple parameter (two pointers and a scalar known to be 1), as Triton's test_tuple uses.
    offs = tl.arange(0, 64)
    tl.store(out_ptr + offs, tl.load(ptrs[0] + offs) * ptrs[2] + tl.load(ptrs[1] + offs) + n)


class Strided(NamedTuple):
    base: object
    rows: object
    row_stride: object


class Callback(NamedTuple):
    fn: object
    extra: tuple


@triton.jit
def add_extra(x, extra_ptr):
    return x + tl.load(extra_ptr)


@triton.jit
def make_strided(base, rows, row_stride):
    return Strided(base=base, rows=rows, row_stride=row_stride)


@triton.jit
def strided_apply(callback, src, dst):
    # NamedTuple parameters, one with a helper passed as its first field: fields read by name.
    offs = tl.arange(0, 32)
    d = make_strided(dst.base, dst.rows, dst.row_stride)
    x = tl.load(src.base + offs * src.row_stride, mask=offs < src.rows)
    tl.store(d.base + offs * d.row_stride, callback.fn(x, *callback.extra), mask=offs < d.rows)


@triton.jit
def odd_block(x_ptr):
    # trex (and real Triton) refuse an arange whose extent is not a power of two.
    tl.store(x_ptr + tl.arange(0, 3), 1.0)


@triton.jit
def rejected_by_triton_kernel(x_ptr):
    tl.store(x_ptr, 1.0)


def main(which):
    x = FakeTensor("fp32", 4096)
    out = FakeTensor("fp16", 8192)
    if "scale" in which:
        scale_kernel[(4,)](x, out, 1000, twice, tl.float16, 256)
        scale_kernel[(8,)](x, out, 2000, twice, tl.float16, 256)
    if "local" in which:
        copy_rows = make_local_kernel(64)
        copy_rows[(16,)](x, FakeTensor("fp32", 12288), 64, num_warps=2)
    if "descriptor" in which:
        descriptor_copy[(4,)](x, FakeTensor("fp32", 12288), 256, 64, 64, 64)
    if "hostdesc" in which:
        from triton.tools.tensor_descriptor import TensorDescriptor
        src = TensorDescriptor.from_tensor(FakeTensor("fp16", 4096), [64, 64], [256, 64])
        dst = TensorDescriptor.from_tensor(FakeTensor("fp16", 65536), [64, 64], [256, 64])
        host_descriptor_copy[(4,)](src, dst, 64, 64)
    if "builtin" in which:
        # A Triton builtin passed as a constexpr function.
        apply_builtin[(1,)](x, tl.math.exp)
    if "tuple" in which:
        tuple_sum[(2,)]((x, FakeTensor("fp32", 12288), 1), FakeTensor("fp32", 16384), 7)
    if "namedtuple" in which:
        strided_apply[(1,)](Callback(add_extra, (FakeTensor("fp32", 20480),)),
                            Strided(x, 30, 1), Strided(FakeTensor("fp32", 24576), 30, 2))
    if "odd" in which:
        try:
            odd_block[(1,)](x)
        except Exception as error:  # noqa: BLE001 - the test prints what was raised
            print(f"odd_block raised {type(error).__module__}.{type(error).__name__}: {error}")
            print(f"is a triton CompilationError: "
                  f"{isinstance(error, __import__('triton.compiler.errors').compiler.errors.CompilationError)}")
    if "nofusion" in which:
        # An option trex does not take is refused, not ignored.
        try:
            scale_kernel[(4,)](x, out, 1000, twice, tl.float16, 256, enable_fp_fusion=False)
        except Exception as error:  # noqa: BLE001
            print(f"nofusion raised {type(error).__name__}: {error}")
    if "debugged" in which:
        # Triton's debug option on the launch reaches trex (compile --debug), not refused.
        try:
            scale_kernel[(4,)](x, out, 1000, twice, tl.float16, 256, debug=True)
            print("debugged launched")
        except Exception as error:  # noqa: BLE001
            print(f"debugged raised {type(error).__name__}: {error}")
    if "cooperative" in which:
        # launch_cooperative_grid reaches trex (compile --launch-cooperative-grid), whose
        # metadata tells Triton's launcher to launch cooperatively.
        try:
            scale_kernel[(4,)](x, out, 1000, twice, tl.float16, 256, launch_cooperative_grid=True)
            print("cooperative launched")
        except Exception as error:  # noqa: BLE001
            print(f"cooperative raised {type(error).__name__}: {error}")
    if "clusters" in which:
        # num_ctas (a cluster of 2 CTAs per program) reaches the compiler with the launch.
        try:
            scale_kernel[(4,)](x, out, 1000, twice, tl.float16, 256, num_ctas=2)
            print("clusters launched")
        except Exception as error:  # noqa: BLE001
            print(f"clusters raised {type(error).__name__}: {error}")
    if "rejected" in which:
        try:
            rejected_by_triton_kernel[(1,)](x)
        except Exception as error:  # noqa: BLE001
            print(f"rejected_by_triton_kernel raised {type(error).__name__}: {error}")
    print("done")


if __name__ == "__main__":
    main(sys.argv[1:] or ["scale", "local", "descriptor", "odd", "rejected"])
