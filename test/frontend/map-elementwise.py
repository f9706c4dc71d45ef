# Coverage: tl.map_elementwise, a scalar @triton.jit function applied to every element (or
# every `pack` elements) of broadcast tensors; the function may branch and return early. As
# Triton 3.6: one tt.map_elementwise with the call inlined into its region (branches as cf
# blocks), operand-major block arguments and result-major returns when packed.
# RUN: trex compile %s --kernel three_way --signature "*i32:16, *i32:16, *i32:16, 256" --emit ttir | FileCheck %s
# RUN: trex compile %s --kernel three_way --signature "*i32:16, *i32:16, *i32:16, 256" --target cuda:90 --emit ptx | FileCheck %s --check-prefix=PTX
# RUN: trex compile %s --kernel split_mod --signature "*u32:16, *u32:16, *u32:16, *u32:16, 256" --emit ttir | FileCheck %s --check-prefix=PACK
# A pack larger than the elements a thread holds is refused where it is lowered (as Triton's
# compile fails there too): 256 elements over 4 waves of 64 leave one per thread on gfx942.
# UNSUPPORTED-TARGET: split_mod hip:gfx942: pack=2 with one element per thread (Triton 3.6 fails too)
# RUN: not trex compile %s --kernel split_mod --signature "*u32:16, *u32:16, *u32:16, *u32:16, 256" --target hip:gfx942 --emit amdgcn 2>&1 | FileCheck %s --check-prefix=PACKERR
# PACKERR: map-elementwise.py:[[# @LINE + 56]]:{{[0-9]+}}: error: map_elementwise packs 2 elements per call, but each thread holds 1 of this layout
# RUN: trex compile %s --kernel scaled_rows --signature "*fp32:16, *i32:16, *fp32:16, 32, 64" --emit ttgir | FileCheck %s --check-prefix=BCAST
import triton
import triton.language as tl


@triton.jit
def compare3(a, b):
    if a < b:
        return -1
    if a > b:
        return 1
    return 0


# CHECK-LABEL: tt.func public @three_way(
# CHECK: %[[R:.*]] = "tt.map_elementwise"(%{{.*}}, %{{.*}}) <{pack = 1 : i32}> ({
# CHECK-NEXT: ^bb0(%{{.*}}: i32 loc({{.*}}), %{{.*}}: i32 loc({{.*}})):
# CHECK: arith.cmpi slt
# CHECK: cf.cond_br
# CHECK: arith.cmpi sgt
# CHECK: tt.map_elementwise.return %{{.*}} : i32
# CHECK-NEXT: }) : (tensor<256xi32>, tensor<256xi32>) -> tensor<256xi32>
# CHECK-NOT: tt.call
# PTX: setp.lt.s32
# PTX: setp.gt.s32
# PTX: st.global
@triton.jit
def three_way(X, Y, Out, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(X + offs)
    y = tl.load(Y + offs)
    tl.store(Out + offs, tl.map_elementwise(compare3, x, y))


@triton.jit
def quot_rem_pairs(a0, a1, b0, b1):
    return a0 // b0, a1 // b1, a0 % b0, a1 % b1


# PACK-LABEL: tt.func public @split_mod(
# PACK: %[[R:.*]]:2 = "tt.map_elementwise"(%{{.*}}, %{{.*}}) <{pack = 2 : i32}> ({
# PACK-NEXT: ^bb0(%[[A0:[^:]*]]: i32 {{.*}}, %[[A1:[^:]*]]: i32 {{.*}}, %[[B0:[^:]*]]: i32 {{.*}}, %[[B1:[^:]*]]: i32 {{.*}}):
# PACK-DAG: %[[Q0:.*]] = arith.divui %[[A0]], %[[B0]] : i32
# PACK-DAG: %[[Q1:.*]] = arith.divui %[[A1]], %[[B1]] : i32
# PACK-DAG: %[[M0:.*]] = arith.remui %[[A0]], %[[B0]] : i32
# PACK-DAG: %[[M1:.*]] = arith.remui %[[A1]], %[[B1]] : i32
# PACK: tt.map_elementwise.return %[[Q0]], %[[Q1]], %[[M0]], %[[M1]] : i32, i32, i32, i32
# PACK-NEXT: }) : (tensor<256xi32>, tensor<256xi32>) -> (tensor<256xi32>, tensor<256xi32>)
# PACK: tt.store %{{.*}}, %[[R]]#0
# PACK: tt.store %{{.*}}, %[[R]]#1
@triton.jit
def split_mod(A, B, Q, R, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(A + offs)
    b = tl.load(B + offs)
    q, r = tl.map_elementwise(quot_rem_pairs, a, b, pack=2)
    tl.store(Q + offs, q)
    tl.store(R + offs, r)


@triton.jit
def scale_or_zero(x, s):
    if s > 0:
        return x * s
    return 0.0


# A row of int scales broadcast against a float tile: the result is float, in the tile's layout.
# BCAST: %[[R:.*]] = "tt.map_elementwise"(%{{.*}}, %{{.*}}) <{pack = 1 : i32}> ({
# BCAST: }) : (tensor<32x64xf32, #[[L:.*]]>, tensor<32x64xi32, #[[L]]>) -> tensor<32x64xf32, #[[L]]>
@triton.jit
def scaled_rows(X, S, Out, M: tl.constexpr, N: tl.constexpr):
    rows = tl.arange(0, M)[:, None]
    cols = tl.arange(0, N)[None, :]
    x = tl.load(X + rows * N + cols)
    s = tl.load(S + cols)
    tl.store(Out + rows * N + cols, tl.map_elementwise(scale_or_zero, x, s))
