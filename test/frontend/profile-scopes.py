# Coverage: triton.profiler.language scopes (Proton's intra-kernel profiling) in a fused softmax
# with two scopes, spelled as enter_scope/exit_scope and as `with pl.scope(...)`. With
# --profile-scopes they are proton.record ops through ttir and ttgir (4 of them, as real Triton
# 3.6 compiles this kernel under proton's instrumentation backend) and the instrumented kernel's
# metadata asks for Triton's profile scratch (8320 bytes, 128-aligned) and shared memory (8208
# bytes: the softmax's 16 plus the 8192-byte circular buffer). Without the flag they vanish.
# NO-TRITON-LAYOUTS: its layouts are the fused softmax's; the comparison covers them there
# RUN: trex compile %s --kernel softmax_kernel --signature "*fp32:16, *fp32:16, i32:16, i32:16, i32:16, 1024" --profile-scopes --emit ttgir | FileCheck %s --check-prefix=TTGIR
# RUN: trex compile %s --kernel softmax_kernel --signature "*fp32:16, *fp32:16, i32:16, i32:16, i32:16, 1024" --emit ttgir | FileCheck %s --check-prefix=PLAIN
# RUN: rm -rf %t && trex compile %s --kernel softmax_kernel --signature "*fp32:16, *fp32:16, i32:16, i32:16, i32:16, 1024" --profile-scopes --emit llir,json -o %t
# RUN: FileCheck %s --check-prefix=META < %t/softmax_kernel.json
# RUN: FileCheck %s --check-prefix=LLIR < %t/softmax_kernel.llir
# RUN: rm -rf %t.plain && trex compile %s --kernel softmax_kernel --signature "*fp32:16, *fp32:16, i32:16, i32:16, i32:16, 1024" --emit llir,json -o %t.plain
# RUN: FileCheck %s --check-prefix=PLAIN-META < %t.plain/softmax_kernel.json
import triton
import triton.language as tl
import triton.profiler.language as pl

pl.enable_semantic("triton")


# TTGIR-LABEL: tt.func public @softmax_kernel(
# TTGIR: proton.record start "load_max"
# TTGIR: tt.load
# TTGIR: "tt.reduce"
# TTGIR: proton.record end "load_max"
# TTGIR: proton.record start "normalize"
# TTGIR: math.exp
# TTGIR: tt.store
# TTGIR: proton.record end "normalize"
# TTGIR-NOT: proton.record
# PLAIN-NOT: proton.
# META: "profile_scratch_align": 128
# META: "profile_scratch_size": 8320
# META: "shared": 8208
# META: "trex_profile_scopes": [
# META-NEXT: "load_max",
# META-NEXT: "normalize"
# PLAIN-META: "profile_scratch_size": 0
# PLAIN-META: "shared": 16
# LLIR: mov.u32 $0, %clock;
# LLIR: st.shared.b64
# LLIR: mov.u32 $0, %smid;
@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_row_stride, out_row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    pl.enter_scope("load_max")
    x = tl.load(in_ptr + row * in_row_stride + cols, mask=mask, other=-float('inf'))
    row_max = tl.max(x, axis=0)
    pl.exit_scope("load_max")
    with pl.scope("normalize"):
        numerator = tl.exp(x - row_max)
        denominator = tl.sum(numerator, axis=0)
        tl.store(out_ptr + row * out_row_stride + cols, numerator / denominator, mask=mask)
