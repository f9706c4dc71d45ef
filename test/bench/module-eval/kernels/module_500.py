# A 500-line kernel file in the style of real projects, for measuring module-level evaluation
# (test/bench/module-eval/README.md). Generated once; edit freely.
import math
import os
import functools

import torch
import triton
import triton.language as tl
from packaging import version

try:
    from triton.language.extra.cuda import libdevice
except ImportError:
    from triton.language.extra import libdevice

try:
    import some_missing_accelerator_package as accel  # noqa: F401
    HAS_ACCEL = True
except ImportError:
    HAS_ACCEL = False

TRITON_VERSION = version.parse(triton.__version__)
IS_NEW_TRITON = TRITON_VERSION >= version.parse("3.0")
CAPABILITY = torch.cuda.get_device_capability()
IS_HOPPER = CAPABILITY[0] >= 9
DEBUG = os.environ.get("TREX_BENCH_UNSET", "0") == "1"
TORCH_TO_TL = {torch.float16: tl.float16, torch.bfloat16: tl.bfloat16, torch.float32: tl.float32}

CONST_0 = tl.constexpr(1)
FLOAT_0 = tl.constexpr(0.5 * math.log2(2))

CONST_1 = tl.constexpr(2)
FLOAT_1 = tl.constexpr(1.5 * math.log2(3))

CONST_2 = tl.constexpr(4)
FLOAT_2 = tl.constexpr(2.5 * math.log2(4))

CONST_3 = tl.constexpr(8)
FLOAT_3 = tl.constexpr(3.5 * math.log2(5))

CONST_4 = tl.constexpr(16)
FLOAT_4 = tl.constexpr(4.5 * math.log2(6))

CONST_5 = tl.constexpr(32)
FLOAT_5 = tl.constexpr(5.5 * math.log2(7))

CONST_6 = tl.constexpr(64)
FLOAT_6 = tl.constexpr(6.5 * math.log2(8))

CONST_7 = tl.constexpr(128)
FLOAT_7 = tl.constexpr(7.5 * math.log2(9))

CONST_8 = tl.constexpr(1)
FLOAT_8 = tl.constexpr(8.5 * math.log2(10))

CONST_9 = tl.constexpr(2)
FLOAT_9 = tl.constexpr(9.5 * math.log2(11))

CONST_10 = tl.constexpr(4)
FLOAT_10 = tl.constexpr(10.5 * math.log2(12))

CONST_11 = tl.constexpr(8)
FLOAT_11 = tl.constexpr(11.5 * math.log2(13))

CONST_12 = tl.constexpr(16)
FLOAT_12 = tl.constexpr(12.5 * math.log2(14))

CONST_13 = tl.constexpr(32)
FLOAT_13 = tl.constexpr(13.5 * math.log2(15))

CONST_14 = tl.constexpr(64)
FLOAT_14 = tl.constexpr(14.5 * math.log2(16))

CONST_15 = tl.constexpr(128)
FLOAT_15 = tl.constexpr(15.5 * math.log2(17))

CONST_16 = tl.constexpr(1)
FLOAT_16 = tl.constexpr(16.5 * math.log2(18))

CONST_17 = tl.constexpr(2)
FLOAT_17 = tl.constexpr(17.5 * math.log2(19))

CONST_18 = tl.constexpr(4)
FLOAT_18 = tl.constexpr(18.5 * math.log2(20))

CONST_19 = tl.constexpr(8)
FLOAT_19 = tl.constexpr(19.5 * math.log2(21))


def helper_0(n, scale=1):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 0)


def helper_1(n, scale=2):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 1)


def helper_2(n, scale=3):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 2)


def helper_3(n, scale=4):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 3)


def helper_4(n, scale=5):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 4)


def helper_5(n, scale=6):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 5)


def helper_6(n, scale=7):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 6)


def helper_7(n, scale=8):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 7)


def helper_8(n, scale=9):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 8)


def helper_9(n, scale=10):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 9)


def helper_10(n, scale=11):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 10)


def helper_11(n, scale=12):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 11)


def helper_12(n, scale=13):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 12)


def helper_13(n, scale=14):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 13)


def helper_14(n, scale=15):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 14)


def helper_15(n, scale=16):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 15)


def helper_16(n, scale=17):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 16)


def helper_17(n, scale=18):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 17)


def helper_18(n, scale=19):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 18)


def helper_19(n, scale=20):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 19)


def helper_20(n, scale=21):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 20)


def helper_21(n, scale=22):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 21)


def helper_22(n, scale=23):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 22)


def helper_23(n, scale=24):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 23)


def helper_24(n, scale=25):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 24)


def helper_25(n, scale=26):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 25)


def helper_26(n, scale=27):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 26)


def helper_27(n, scale=28):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 27)


def helper_28(n, scale=29):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 28)


def helper_29(n, scale=30):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 29)


def helper_30(n, scale=31):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 30)


def helper_31(n, scale=32):
    total = 0
    for k in range(n):
        if k % 2 == 0:
            total += k * scale
        else:
            total -= k // 2
    return max(total, 31)


def get_configs():
    configs = []
    for block_m in (32, 64, 128):
        for block_n in (32, 64, 128, 256):
            for warps in (4, 8):
                if block_m * block_n < 128 * 256 or warps == 8:
                    configs.append(triton.Config({"BLOCK_M": block_m, "BLOCK_N": block_n},
                                                 num_warps=warps, num_stages=3))
    return [c for c in configs if c.kwargs["BLOCK_M"] <= 128]


class Settings:
    block = 128
    warps = 4

    def scaled(self, factor):
        return self.block * factor


SETTINGS = Settings()
TABLE = {name: helper_3(5) + i for i, name in enumerate(["a", "b", "c", "d", "e", "f"])}


@triton.jit
def jit_helper_0(x, y):
    z = x * 1.0 + y
    return libdevice.tanh(z) + tl.exp2(z * CONST_0)


@triton.jit
def jit_helper_1(x, y):
    z = x * 2.0 + y
    return libdevice.tanh(z) + tl.exp2(z * CONST_1)


@triton.jit
def jit_helper_2(x, y):
    z = x * 3.0 + y
    return libdevice.tanh(z) + tl.exp2(z * CONST_2)


@triton.jit
def jit_helper_3(x, y):
    z = x * 4.0 + y
    return libdevice.tanh(z) + tl.exp2(z * CONST_3)


@triton.jit
def jit_helper_4(x, y):
    z = x * 5.0 + y
    return libdevice.tanh(z) + tl.exp2(z * CONST_4)


@triton.jit
def jit_helper_5(x, y):
    z = x * 6.0 + y
    return libdevice.tanh(z) + tl.exp2(z * CONST_5)


@triton.jit
def jit_helper_6(x, y):
    z = x * 7.0 + y
    return libdevice.tanh(z) + tl.exp2(z * CONST_6)


@triton.jit
def jit_helper_7(x, y):
    z = x * 8.0 + y
    return libdevice.tanh(z) + tl.exp2(z * CONST_7)


@triton.jit
def jit_helper_8(x, y):
    z = x * 9.0 + y
    return libdevice.tanh(z) + tl.exp2(z * CONST_8)


@triton.jit
def jit_helper_9(x, y):
    z = x * 10.0 + y
    return libdevice.tanh(z) + tl.exp2(z * CONST_9)


@triton.autotune(configs=get_configs(), key=["M", "N"])
@triton.jit
def kernel(X, Y, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    x = tl.load(X + offs, mask=offs < M, other=0.0)
    y = jit_helper_0(x, x)
    tl.store(Y + offs, y, mask=offs < M)
