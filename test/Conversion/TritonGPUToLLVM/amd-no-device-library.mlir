// RUN: trex-opt %s -split-input-file --convert-triton-gpu-to-llvm=device-library=false -verify-diagnostics

// Without the ROCm device libraries, an ocml call and tl.device_print on AMD are refused at the
// op, naming what is missing and how to get it (with them: print-assert-amd.mlir,
// extern-elementwise.mlir).
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @ocml_hip(%s: f32) -> f32 {
    // expected-error @+2 {{tt.extern_elementwise (a call of '__ocml_tanh_f32') is not supported for hip:gfx942: device library functions on AMD come from the ROCm device libraries (ocml), and ocml.bc was not found (install Debian's rocm-device-libs or set TREX_ROCM_DEVICE_LIBS to the folder that holds it)}}
    // expected-error @+1 {{failed to legalize operation 'tt.extern_elementwise'}}
    %t = tt.extern_elementwise %s {libname = "", libpath = "", pure = true, symbol = "__ocml_tanh_f32"} : (f32) -> f32
    tt.return %t : f32
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @print_hip(%x: i32) {
    // expected-error @+2 {{tl.device_print (tt.print) on hip:gfx942 calls ockl's printf from the ROCm device libraries, and ockl.bc was not found (install Debian's rocm-device-libs or set TREX_ROCM_DEVICE_LIBS to the folder that holds it)}}
    // expected-error @+1 {{failed to legalize operation 'tt.print'}}
    tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : i32
    tt.return
  }
}
