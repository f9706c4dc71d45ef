// RUN: trex-opt %s --convert-triton-gpu-to-llvm --canonicalize | FileCheck %s

// f32 exp and exp2 on NVIDIA, as Triton 3.6 writes them: tl.exp is x * log2(e) through
// ex2.approx.f32 (subnormals kept); tl.math.exp2 is ex2.approx.ftz.f32 (Triton's default
// ftz), which ptxas issues as one MUFU.EX2 without the subnormal range check, and which LLVM
// may move (no side effects).
// CHECK-LABEL: llvm.func @exp_and_exp2
// CHECK: llvm.fmul %{{.*}}, %{{.*}} : f32
// CHECK: llvm.inline_asm has_side_effects "ex2.approx.f32 $0, $1;", "=f,f"
// CHECK: llvm.inline_asm "ex2.approx.ftz.f32 $0, $1;", "=f,f"
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @exp_and_exp2(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>) {
    %x = tt.load %p : !tt.ptr<f32>
    %e = math.exp %x : f32
    %t = math.exp2 %x : f32
    %s = arith.addf %e, %t : f32
    tt.store %q, %s : !tt.ptr<f32>
    tt.return
  }
}
