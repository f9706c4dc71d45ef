import torch
import triton.language as tl

PACKAGE_VERSION = "1.2.0"
BLOCK = tl.constexpr(128)
EPS = tl.constexpr(1e-6)
TORCH_TO_TL = {torch.float16: tl.float16, torch.bfloat16: tl.bfloat16, torch.float32: tl.float32}
OUT_DTYPE = tl.constexpr(TORCH_TO_TL[torch.bfloat16])
