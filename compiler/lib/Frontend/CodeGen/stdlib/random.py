# trex's triton.language.random: counter-based random numbers (Philox 4x32 and 4x64,
# Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC'11) for tl.rand,
# tl.randn, tl.randint and their 4x variants. Names and parameters follow Triton 3.6.
import triton
import triton.language as tl
from triton.language import math

N_ROUNDS_DEFAULT = tl.constexpr(10)


@triton.jit
def philox_impl(c0, c1, c2, c3, k0, k1, n_rounds: tl.constexpr = N_ROUNDS_DEFAULT):
    # One Philox round multiplies two counter words, xors the high halves into the other
    # two with the key, and bumps the key by the Weyl constants.
    if c0.dtype == tl.uint32:
        KEY_A: tl.constexpr = 0x9E3779B9
        KEY_B: tl.constexpr = 0xBB67AE85
        ROUND_A: tl.constexpr = 0xD2511F53
        ROUND_B: tl.constexpr = 0xCD9E8D57
    else:
        tl.static_assert(c0.dtype == tl.uint64, "dtype not supported in philox_impl")
        KEY_A: tl.constexpr = 0x9E3779B97F4A7C15
        KEY_B: tl.constexpr = 0xBB67AE8584CAA73B
        ROUND_A: tl.constexpr = 0xD2E7470EE14C6C93
        ROUND_B: tl.constexpr = 0xCA5A826395121157
    for _ in tl.static_range(n_rounds):
        multiplier_a = ROUND_A
        multiplier_b = ROUND_B
        previous_c0, previous_c2 = c0, c2
        c0 = math.umulhi(multiplier_b, previous_c2) ^ c1 ^ k0
        c2 = math.umulhi(multiplier_a, previous_c0) ^ c3 ^ k1
        c1 = tl.mul(multiplier_b, previous_c2, sanitize_overflow=False)
        c3 = tl.mul(multiplier_a, previous_c0, sanitize_overflow=False)
        k0 = tl.add(k0, KEY_A, sanitize_overflow=False)
        k1 = tl.add(k1, KEY_B, sanitize_overflow=False)
    return c0, c1, c2, c3


@triton.jit
def philox(seed, c0, c1, c2, c3, n_rounds: tl.constexpr = N_ROUNDS_DEFAULT):
    seed = tl.to_tensor(seed)
    tl.static_assert(seed.dtype.is_int())
    seed = seed.to(tl.uint64)
    c0 = tl.to_tensor(c0)
    c1 = tl.to_tensor(c1)
    c2 = tl.to_tensor(c2)
    c3 = tl.to_tensor(c3)
    if c0.dtype.primitive_bitwidth == 32:
        # The 64-bit seed is the key's two 32-bit words.
        word_type = tl.uint32
        key_hi = ((seed >> 32) & 0xffffffff).to(tl.uint32)
        key_lo = (seed & 0xffffffff).to(tl.uint32)
    else:
        tl.static_assert(c0.dtype.primitive_bitwidth == 64, "bitwidth not supported in philox")
        word_type = tl.uint64
        key_hi = tl.full((1, ), 0, dtype=word_type)
        key_lo = seed
    c0 = c0.to(word_type, bitcast=True)
    c1 = c1.to(word_type, bitcast=True)
    c2 = c2.to(word_type, bitcast=True)
    c3 = c3.to(word_type, bitcast=True)
    return philox_impl(c0, c1, c2, c3, key_lo, key_hi, n_rounds)


@triton.jit
def randint(seed, offset, n_rounds: tl.constexpr = N_ROUNDS_DEFAULT):
    first, _, _, _ = randint4x(seed, offset, n_rounds)
    return first


@triton.jit
def randint4x(seed, offset, n_rounds: tl.constexpr = N_ROUNDS_DEFAULT):
    # The counter's first word is the offset, its second the high half of a 64-bit offset;
    # the others are zero.
    offset_lo = offset.to(tl.uint32)
    _0 = offset_lo * 0
    if tl.constexpr(offset.dtype.primitive_bitwidth) > 32:
        offset_hi = (offset >> 32).to(tl.uint32)
    else:
        offset_hi = _0
    return philox(seed, offset_lo, offset_hi, _0, _0, n_rounds)


@triton.jit
def uint_to_uniform_float(x):
    # Maps random integers to [0, 1): fold the sign so the magnitude is uniform, then scale
    # by the largest factor that keeps the maximum below 1.0 after rounding.
    if (x.dtype == tl.uint32) or (x.dtype == tl.int32):
        x = x.to(tl.int32, bitcast=True)
        scale = 4.6566127342e-10
    else:
        tl.static_assert((x.dtype == tl.uint64) or (x.dtype == tl.int64))
        x = x.to(tl.int64, bitcast=True)
        scale = 1.0842020432385337e-19
    x = tl.where(x < 0, -x - 1, x)
    return x * scale


@triton.jit
def rand(seed, offset, n_rounds: tl.constexpr = N_ROUNDS_DEFAULT):
    source = randint(seed, offset, n_rounds)
    return uint_to_uniform_float(source)


@triton.jit
def rand4x(seed, offsets, n_rounds: tl.constexpr = N_ROUNDS_DEFAULT):
    i1, i2, i3, i4 = randint4x(seed, offsets, n_rounds)
    u1 = uint_to_uniform_float(i1)
    u2 = uint_to_uniform_float(i2)
    u3 = uint_to_uniform_float(i3)
    u4 = uint_to_uniform_float(i4)
    return u1, u2, u3, u4


@triton.jit
def pair_uniform_to_normal(u1, u2):
    # Box-Muller: two uniforms to two independent standard normals.
    u1 = tl.maximum(1.0e-7, u1)
    angle = 6.283185307179586 * u2
    radius = math.sqrt(-2.0 * math.log(u1))
    return radius * math.cos(angle), radius * math.sin(angle)


@triton.jit
def randn(seed, offset, n_rounds: tl.constexpr = N_ROUNDS_DEFAULT):
    i1, i2, _, _ = randint4x(seed, offset, n_rounds)
    u1 = uint_to_uniform_float(i1)
    u2 = uint_to_uniform_float(i2)
    n1, _ = pair_uniform_to_normal(u1, u2)
    return n1


@triton.jit
def randn4x(seed, offset, n_rounds: tl.constexpr = N_ROUNDS_DEFAULT):
    u1, u2, u3, u4 = rand4x(seed, offset, n_rounds)
    n1, n2 = pair_uniform_to_normal(u1, u2)
    n3, n4 = pair_uniform_to_normal(u3, u4)
    return n1, n2, n3, n4
