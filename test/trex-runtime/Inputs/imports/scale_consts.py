import triton.language as tl

SCALE = tl.constexpr(2.0)
