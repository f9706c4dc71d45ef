import triton
import triton.language as tl


@triton.jit
def one_input_two_constraints(X, Y):
    offs = tl.arange(0, 128)
    x = tl.load(X + offs)
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r,r", [x], dtype=tl.int32, is_pure=True, pack=1)
    tl.store(Y + offs, y)


@triton.jit
def rejected_by_ptxas(X, Y):
    offs = tl.arange(0, 128)
    x = tl.load(X + offs)
    y = tl.inline_asm_elementwise("no.such.instruction $0, $1;", "=r,r", [x], dtype=tl.int32, is_pure=True, pack=1)
    tl.store(Y + offs, y)


@triton.jit
def operand_out_of_range(X, Y):
    offs = tl.arange(0, 128)
    x = tl.load(X + offs)
    y = tl.inline_asm_elementwise("shf.l.wrap.b32 $0, $1, $32, $3;", "=r,r,r,r", [x, x, x], dtype=tl.int32, is_pure=True, pack=1)
    tl.store(Y + offs, y)


@triton.jit
def operand_not_a_number(X, Y):
    offs = tl.arange(0, 128)
    x = tl.load(X + offs)
    y = tl.inline_asm_elementwise("mov.b32 $0, $-1;", "=r,r", [x], dtype=tl.int32, is_pure=True, pack=1)
    tl.store(Y + offs, y)
