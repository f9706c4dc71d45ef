# the package alpha-pkg installs
import triton.language as tl

SCALE = tl.constexpr(2)
