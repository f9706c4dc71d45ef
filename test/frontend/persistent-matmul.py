# Coverage: persistent matmuls, one program per SM walking its tiles. With
# tl.range(flatten=True) the tile loop and the K loop become one loop (Triton 3.6's
# tritongpu-fuse-nested-loops), which the software pipeliner then overlaps across tiles: the
# next tile's first copies are in flight while the current tile's last dots and its epilogue
# run, and the epilogue is an scf.if inside the fused loop. Without flatten (the default) the
# nest stays and only the K loop is pipelined.
# RUN: trex compile %s --kernel persistent_matmul_flatten --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 128, 128, 64, 8, 132" --num-stages 3 --target cuda:90 --emit ttgir | FileCheck %s --check-prefix=FUSED
# RUN: trex compile %s --kernel persistent_matmul_flatten --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 64, 64, 32, 8, 132" --num-stages 3 --target cuda:80 --emit ttgir | FileCheck %s --check-prefix=SM80
# RUN: trex compile %s --kernel persistent_matmul_nested --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 128, 128, 64, 8, 132" --num-stages 3 --target cuda:90 --emit ttgir | FileCheck %s --check-prefix=NESTED
# On gfx942 the nest stays (trex's stream pipeliner does not take a fused loop yet; Triton
# fuses it there too) and its K loop is pipelined.
# RUN: trex compile %s --kernel persistent_matmul_flatten --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 128, 128, 64, 8, 132" --num-stages 3 --target hip:gfx942 --emit ttgir | FileCheck %s --check-prefix=AMD
# The fused, pipelined loop lowers (its select and epilogue if merge again first, as in
# Triton's make_llir).
# RUN: trex compile %s --kernel persistent_matmul_flatten --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 128, 128, 64, 8, 132" --num-stages 3 --target cuda:90 --emit llir | FileCheck %s --check-prefix=LLIR
import triton
import triton.language as tl


@triton.jit
def tile_origin(tile, tiles_m, tiles_n, GROUP: tl.constexpr):
    # Tiles go down GROUP rows of tiles before the next column, so that a wave of programs
    # shares A's rows and B's columns in L2.
    tiles_per_group = GROUP * tiles_n
    group_row = (tile // tiles_per_group) * GROUP
    rows = min(tiles_m - group_row, GROUP)
    return group_row + tile % rows, (tile % tiles_per_group) // rows


# The nest is split on whether K has a step at all (where not, the tile loop stores zeros):
# FUSED: %[[NO_K:.*]] = arith.cmpi sle, %{{.*}}, %c0_i32 : i32
# FUSED: scf.if %[[NO_K]] {
# FUSED: scf.for %{{.*}} step %c132_i32
# FUSED: tt.store
# FUSED: } {tt.flatten}
# FUSED: } else {
# Three buffers per operand; the prologue issues the copies of the first two iterations, each
# after the tile-start if (first tile: folded away) that computes the offsets.
# FUSED: ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16
# FUSED: ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16
# FUSED-COUNT-2: ttg.async_copy_global_to_local
# FUSED: scf.if %{{.*}} -> (i32, i32, tensor<128xi32
# FUSED-COUNT-2: ttg.async_copy_global_to_local
# One loop over every (tile, K step): first the start of the tile two steps ahead (Triton's
# prologue cluster), then the wait, the dot and the copies of that step:
# FUSED: scf.for
# FUSED-NOT: scf.for
# FUSED: scf.if %{{.*}} -> (i32, i32, tensor<128xi32
# FUSED: ttg.async_wait %{{.*}}, %{{.*}} {num = 2 : i32}
# FUSED: %[[DOT:.*]] = ttng.warp_group_dot {{.*}}isAsync = true
# FUSED: %[[WAITED:.*]]:3 = ttng.warp_group_dot_wait %[[DOT]], {{.*}}{pendings = 1 : i32}
# FUSED-COUNT-2: ttg.async_copy_global_to_local
# Last the epilogue of the tile whose last step this is (Triton's epilogue cluster): the
# accumulator resets (a select, as Triton's ttgir keeps it), and the store waits for the dot
# first.
# FUSED: arith.select %[[LAST:.*]], %cst{{.*}}, %[[WAITED]]#0
# FUSED: scf.if %[[LAST]] {
# FUSED: ttng.warp_group_dot_wait %[[WAITED]]#0, {{.*}}{pendings = 0 : i32}
# FUSED: arith.truncf
# FUSED: tt.store
# FUSED: }
# FUSED: scf.yield
# FUSED: }
# FUSED: ttng.warp_group_dot_wait %{{.*}} {pendings = 0 : i32}
# FUSED: ttg.async_wait {num = 0 : i32}
# FUSED-COUNT-2: ttg.local_dealloc
# SM80: } {tt.flatten}
# SM80: } else {
# SM80: scf.for
# SM80-NOT: scf.for
# SM80: scf.if
# SM80: ttg.async_wait %{{.*}}, %{{.*}} {num = 2 : i32}
# SM80: ttg.local_load
# SM80: tt.dot
# SM80: ttg.async_copy_global_to_local
# SM80: scf.if
# SM80: tt.store
# SM80: scf.yield
# NESTED: scf.for %{{.*}} step %c132_i32
# NESTED: ttg.async_copy_global_to_local
# NESTED: scf.for
# NESTED: ttng.warp_group_dot
# NESTED: ttg.async_copy_global_to_local
# NESTED: scf.yield
# NESTED: }
# NESTED: tt.store
# NESTED: }
# AMD: scf.for %{{.*}} step %c132_i32
# AMD: ttg.local_store
# AMD: scf.for
# AMD: tt.dot
# AMD: scf.yield
# AMD: } {tt.flatten}
# AMD-NOT: scf.for
# LLIR: define ptx_kernel void @persistent_matmul_flatten(
# LLIR: wgmma.mma_async
@triton.jit
def persistent_matmul_flatten(A, B, C, M, N, K, stride_am, stride_bn, stride_cm, BM: tl.constexpr,
                              BN: tl.constexpr, BK: tl.constexpr, GROUP: tl.constexpr, SMS: tl.constexpr):
    # C = A @ B.T: A is M x K, B is N x K (both K-contiguous), C is M x N.
    tiles_m = tl.cdiv(M, BM)
    tiles_n = tl.cdiv(N, BN)
    steps = tl.cdiv(K, BK)
    ks = tl.arange(0, BK)
    for tile in tl.range(tl.program_id(0), tiles_m * tiles_n, SMS, flatten=True):
        tm, tn = tile_origin(tile, tiles_m, tiles_n, GROUP)
        rows = tm * BM + tl.arange(0, BM)
        cols = tn * BN + tl.arange(0, BN)
        rows_in = tl.max_contiguous(tl.multiple_of(tl.where(rows < M, rows, 0), BM), BM)
        cols_in = tl.max_contiguous(tl.multiple_of(tl.where(cols < N, cols, 0), BN), BN)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for step in range(steps):
            k = step * BK + ks
            in_k = ks < K - step * BK
            a = tl.load(A + rows_in[:, None] * stride_am + k[None, :], mask=in_k[None, :], other=0.0)
            b = tl.load(B + k[:, None] + cols_in[None, :] * stride_bn, mask=in_k[:, None], other=0.0)
            acc = tl.dot(a, b, acc)
        out = C + rows[:, None] * stride_cm + cols[None, :]
        tl.store(out, acc.to(tl.float16), mask=(rows[:, None] < M) & (cols[None, :] < N))


@triton.jit
def persistent_matmul_nested(A, B, C, M, N, K, stride_am, stride_bn, stride_cm, BM: tl.constexpr,
                             BN: tl.constexpr, BK: tl.constexpr, GROUP: tl.constexpr, SMS: tl.constexpr):
    tiles_m = tl.cdiv(M, BM)
    tiles_n = tl.cdiv(N, BN)
    steps = tl.cdiv(K, BK)
    ks = tl.arange(0, BK)
    for tile in tl.range(tl.program_id(0), tiles_m * tiles_n, SMS):
        tm, tn = tile_origin(tile, tiles_m, tiles_n, GROUP)
        rows = tm * BM + tl.arange(0, BM)
        cols = tn * BN + tl.arange(0, BN)
        rows_in = tl.max_contiguous(tl.multiple_of(tl.where(rows < M, rows, 0), BM), BM)
        cols_in = tl.max_contiguous(tl.multiple_of(tl.where(cols < N, cols, 0), BN), BN)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for step in range(steps):
            k = step * BK + ks
            in_k = ks < K - step * BK
            a = tl.load(A + rows_in[:, None] * stride_am + k[None, :], mask=in_k[None, :], other=0.0)
            b = tl.load(B + k[:, None] + cols_in[None, :] * stride_bn, mask=in_k[:, None], other=0.0)
            acc = tl.dot(a, b, acc)
        out = C + rows[:, None] * stride_cm + cols[None, :]
        tl.store(out, acc.to(tl.float16), mask=(rows[:, None] < M) & (cols[None, :] < N))
