# Coverage: triton.language.extra.cuda's utilities: smid and globaltimer as inline assembly,
# num_threads and num_warps as compile-time values of the launch.
# RUN: trex compile %s --kernel sm_ids --signature "*i32:16, *i64:16" --target cuda:90 --emit ttir | FileCheck %s
# RUN: trex compile %s --kernel per_thread --signature "*i32:16" --num-warps 8 --target cuda:90 --emit ttir | FileCheck %s --check-prefix=THREADS
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @sm_ids(
# CHECK: tt.elementwise_inline_asm "mov.u32 $0, %smid;" {constraints = "=r", packed_element = 1 : i32, pure = true} -> i32
# CHECK: tt.elementwise_inline_asm "mov.u64 $0, %globaltimer;" {constraints = "=l", packed_element = 1 : i32, pure = false} -> i64
@triton.jit
def sm_ids(Out, Time):
    tl.store(Out + tl.program_id(0), tl.extra.cuda.smid())
    tl.store(Time + tl.program_id(0), tl.extra.cuda.globaltimer())


# THREADS-LABEL: tt.func public @per_thread(
# THREADS: arith.constant dense<8> : tensor<256xi32>
# THREADS: tt.make_range {end = 256 : i32, start = 0 : i32}
@triton.jit
def per_thread(Out):
    threads: tl.constexpr = tl.extra.cuda.num_threads()
    offs = tl.arange(0, threads)
    tl.store(Out + offs, tl.extra.cuda.num_warps())
