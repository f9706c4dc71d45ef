// RUN: trex-opt %s --allocate-shared-memory --convert-triton-gpu-to-llvm -verify-diagnostics
// A scope the instrumentation did not convert is a located error, not a crash.
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @scoped() {
    // expected-error @+1 {{profiling scope 'work' reached the LLVM lowering uninstrumented}}
    proton.record start "work"
    proton.record end "work"
    tt.return
  }
}
