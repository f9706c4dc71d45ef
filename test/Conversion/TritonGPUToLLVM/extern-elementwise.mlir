// RUN: trex-opt %s -split-input-file --convert-triton-gpu-to-llvm --canonicalize -verify-diagnostics | FileCheck %s

// tt.extern_elementwise (libdevice.*): one call per element of a function declared once in
// the module; the NVIDIA back end links libdevice, the AMD one ocml.

// CHECK-LABEL: llvm.func @__nv_powf(f32, f32) -> f32
// CHECK-LABEL: llvm.func @__nv_tanhf(f32) -> f32
// CHECK-LABEL: llvm.func @libdevice_cuda
// CHECK-COUNT-2: llvm.call @__nv_tanhf(%{{.*}}) : (f32) -> f32
// CHECK-COUNT-2: llvm.call @__nv_powf(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK: llvm.call @__nv_tanhf(%{{.*}}) : (f32) -> f32
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @libdevice_cuda(%p: !tt.ptr<f32>, %s: f32) {
    %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %base = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %base, %range : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %x = tt.load %ptrs : tensor<256x!tt.ptr<f32>, #blocked>
    %t = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_tanhf"} : (tensor<256xf32, #blocked>) -> tensor<256xf32, #blocked>
    %q = tt.extern_elementwise %t, %x {libname = "", libpath = "", pure = true, symbol = "__nv_powf"} : (tensor<256xf32, #blocked>, tensor<256xf32, #blocked>) -> tensor<256xf32, #blocked>
    tt.store %ptrs, %q : tensor<256x!tt.ptr<f32>, #blocked>
    %scalar = tt.extern_elementwise %s {libname = "", libpath = "", pure = true, symbol = "__nv_tanhf"} : (f32) -> f32
    tt.store %p, %scalar : !tt.ptr<f32>
    tt.return
  }
}

// -----

// With the ROCm device libraries (the default; amd-no-device-library.mlir without
// them) an ocml function is called and the back end links it in.
// CHECK-LABEL: llvm.func @__ocml_tanh_f32(f32) -> f32
// CHECK-LABEL: llvm.func @ocml_hip
// CHECK: llvm.call @__ocml_tanh_f32(%{{.*}}) : (f32) -> f32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @ocml_hip(%s: f32) -> f32 {
    %t = tt.extern_elementwise %s {libname = "", libpath = "", pure = true, symbol = "__ocml_tanh_f32"} : (f32) -> f32
    tt.return %t : f32
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @libdevice_hip(%s: f32) -> f32 {
    // expected-error @+2 {{tt.extern_elementwise (a call of '__nv_tanhf') is not supported for hip:gfx942: it is a function of NVIDIA's libdevice}}
    // expected-error @+1 {{failed to legalize operation 'tt.extern_elementwise'}}
    %t = tt.extern_elementwise %s {libname = "", libpath = "", pure = true, symbol = "__nv_tanhf"} : (f32) -> f32
    tt.return %t : f32
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @other_library_cuda(%s: f32) -> f32 {
    // expected-error @+2 {{tt.extern_elementwise calls 'my_erf', which is not a libdevice function; trex links no other device library for cuda:80}}
    // expected-error @+1 {{failed to legalize operation 'tt.extern_elementwise'}}
    %t = tt.extern_elementwise %s {libname = "mine", libpath = "", pure = true, symbol = "my_erf"} : (f32) -> f32
    tt.return %t : f32
  }
}
