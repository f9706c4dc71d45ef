// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s
// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | trex-opt -split-input-file | mlir-translate --mlir-to-llvmir -split-input-file | FileCheck %s --check-prefix=LLVMIR

// tt.print and tt.assert on AMD with the ROCm device libraries (the back end links ockl in), as
// Triton 3.6's AMD back end lowers them: a message begun with __ockl_printf_begin(0), the
// format appended with its length (NUL included), the
// arguments in groups of at most seven, each widened to i64 (signed ones sign-extended,
// floats as the bits of a double), the last group marked last. A failed assertion prints
// Triton's message to stderr, meets the other threads at a barrier and traps.

// CHECK-DAG: llvm.func @__ockl_printf_begin(i64) -> i64
// CHECK-DAG: llvm.func @__ockl_printf_append_string_n(i64, !llvm.ptr, i64, i32) -> i64
// CHECK-DAG: llvm.func @__ockl_printf_append_args(i64, i32, i64, i64, i64, i64, i64, i64, i64, i32) -> i64
// CHECK-DAG: llvm.func @__ockl_fprintf_stderr_begin() -> i64
// CHECK-DAG: llvm.mlir.global internal constant @printfFormat_0("pid (%u, %u, %u) idx (%3u) x: %f\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @printfFormat_1("pid (%u, %u, %u) hello\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @assertMessage_0("device assertion failed: 'x must not be negative', in print_and_assert_hip at kernel.py:12\0A\00")
// CHECK-LABEL: llvm.func @print_and_assert_hip
// CHECK-DAG: %[[ZERO:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-DAG: %[[FORMAT:.*]] = llvm.mlir.addressof @printfFormat_0 : !llvm.ptr
// CHECK-DAG: %[[FORMATBYTES:.*]] = llvm.mlir.constant(34 : i64) : i64
// CHECK: %[[BEGUN:.*]] = llvm.call @__ockl_printf_begin(%[[ZERO]]) : (i64) -> i64
// CHECK: %[[MESSAGE:.*]] = llvm.call @__ockl_printf_append_string_n(%[[BEGUN]], %[[FORMAT]], %[[FORMATBYTES]], %{{.*}}) : (i64, !llvm.ptr, i64, i32) -> i64
// CHECK: %[[WIDE:.*]] = llvm.fpext %{{.*}} : f32 to f64
// CHECK: %[[BITS:.*]] = llvm.bitcast %[[WIDE]] : f64 to i64
// CHECK: llvm.call @__ockl_printf_append_args(%[[MESSAGE]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[BITS]], %[[ZERO]], %[[ZERO]], %{{.*}})
// " hello" has the program ids as its only arguments.
// CHECK: llvm.call @__ockl_printf_append_string_n(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK-NEXT: llvm.call @__ockl_printf_append_args
// CHECK: llvm.cond_br %{{.*}}, ^[[FAIL:.*]], ^[[JOIN:.*]]
// CHECK: ^[[FAIL]]:
// CHECK-NEXT: %[[STDERR:.*]] = llvm.call @__ockl_fprintf_stderr_begin() : () -> i64
// CHECK-NEXT: llvm.call @__ockl_printf_append_string_n(%[[STDERR]], %{{.*}}, %{{.*}}, %{{.*}})
// CHECK-NEXT: rocdl.barrier
// CHECK-NEXT: llvm.intr.trap
// LLVMIR-LABEL: define amdgpu_kernel void @print_and_assert_hip
// LLVMIR: call i64 @__ockl_printf_begin(i64 0)
// LLVMIR: call i64 @__ockl_printf_append_string_n(i64 %{{.*}}, ptr @printfFormat_0, i64 34, i32 0)
// LLVMIR: call i64 @__ockl_printf_append_args(i64 %{{.*}}, i32 5,
// LLVMIR-SAME: i32 1)
// LLVMIR: call i64 @__ockl_printf_append_string_n(i64 %{{.*}}, ptr @printfFormat_1, i64 24, i32 0)
// LLVMIR-NEXT: call i64 @__ockl_printf_append_args(i64 %{{.*}}, i32 3,
// LLVMIR: call i64 @__ockl_fprintf_stderr_begin()
// LLVMIR: call void @llvm.trap()
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#loc = loc("kernel.py":12:4)
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @print_and_assert_hip(%in: !tt.ptr<f32>) {
    %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %base = tt.splat %in : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %base, %range : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %x = tt.load %ptrs : tensor<256x!tt.ptr<f32>, #blocked>
    tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<256xf32, #blocked>
    tt.print " hello" {hex = false, isSigned = array<i32>}
    %c0 = arith.constant dense<0.0> : tensor<256xf32, #blocked>
    %ok = arith.cmpf oge, %x, %c0 : tensor<256xf32, #blocked>
    tt.assert %ok, "x must not be negative" : tensor<256xi1, #blocked> loc(#loc)
    tt.return
  }
}

// -----

// A 4-D tensor's element has eight arguments (three program ids, four indices, the value): two
// groups, seven not last, then one last.
// CHECK-LABEL: llvm.func @print_4d
// CHECK: llvm.call @__ockl_printf_append_args
// CHECK-SAME: -> i64
// CHECK: llvm.call @__ockl_printf_append_args
// LLVMIR-LABEL: define amdgpu_kernel void @print_4d
// LLVMIR: call i64 @__ockl_printf_append_args(i64 %{{.*}}, i32 7, {{.*}}, i32 0)
// LLVMIR-NEXT: call i64 @__ockl_printf_append_args(i64 %{{.*}}, i32 1, i64 7, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i32 1)
#blocked4 = #ttg.blocked<{sizePerThread = [1, 1, 1, 1], threadsPerWarp = [1, 1, 1, 64], warpsPerCTA = [1, 1, 1, 1], order = [3, 2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @print_4d(%in: !tt.ptr<i32>) {
    %x = arith.constant dense<7> : tensor<1x1x1x64xi32, #blocked4>
    tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<1x1x1x64xi32, #blocked4>
    tt.return
  }
}
