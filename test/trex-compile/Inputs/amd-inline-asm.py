# tl.inline_asm_elementwise with AMDGPU assembly (inline-asm-amd.test).
import triton
import triton.language as tl


@triton.jit
def amd_add(X):
    offs = tl.arange(0, 256)
    x = tl.load(X + offs)
    y = tl.inline_asm_elementwise("v_add_u32 $0, $1, $2", "=v,v,v", [x, x], dtype=tl.int32,
                                  is_pure=True, pack=1)
    tl.store(X + offs, y)
