// RUN: trex-opt %s -split-input-file --convert-triton-gpu-to-llvm --canonicalize | FileCheck %s

// f64 exp, exp2, log, log2, sin and cos on AMD: no instruction and no device library, so they
// are computed in IR (range reduction with rint and FMA, polynomials, reconstruction by
// exponent bits); the backend would otherwise fail with "no libcall available". Their
// accuracy is tested by math-f64-accuracy.test.

// CHECK-LABEL: llvm.func @f64_math_hip
// CHECK-NOT: llvm.intr.exp
// CHECK-NOT: llvm.intr.log
// CHECK-NOT: llvm.intr.sin
// CHECK-NOT: llvm.intr.cos
// CHECK: llvm.intr.rint
// CHECK: llvm.intr.fma
// CHECK: llvm.fptosi
// CHECK: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @f64_math_hip(%p: !tt.ptr<f64>) {
    %x = tt.load %p : !tt.ptr<f64>
    %0 = math.exp %x : f64
    %1 = math.exp2 %0 : f64
    %2 = math.log %1 : f64
    %3 = math.log2 %2 : f64
    %4 = math.sin %3 : f64
    %5 = math.cos %4 : f64
    tt.store %p, %5 : !tt.ptr<f64>
    tt.return
  }
}

// -----

// f32 keeps the hardware instructions.
// CHECK-LABEL: llvm.func @f32_math_hip
// CHECK: llvm.intr.exp2(%{{.*}}) : (f32) -> f32
// CHECK: llvm.intr.log2(%{{.*}}) : (f32) -> f32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @f32_math_hip(%p: !tt.ptr<f32>) {
    %x = tt.load %p : !tt.ptr<f32>
    %0 = math.exp2 %x : f32
    %1 = math.log2 %0 : f32
    tt.store %p, %1 : !tt.ptr<f32>
    tt.return
  }
}

// -----

// With libdevice, NVIDIA calls it for f64 exp2 as for the others.
// CHECK-LABEL: llvm.func @f64_exp2_cuda
// CHECK: llvm.call @__nv_exp2(%{{.*}}) : (f64) -> f64
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f64_exp2_cuda(%p: !tt.ptr<f64>) {
    %x = tt.load %p : !tt.ptr<f64>
    %0 = math.exp2 %x : f64
    tt.store %p, %0 : !tt.ptr<f64>
    tt.return
  }
}
