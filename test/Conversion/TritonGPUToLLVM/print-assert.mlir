// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm=device-library=false --canonicalize --cse | FileCheck %s
// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm=device-library=false --canonicalize --cse | trex-opt -split-input-file | mlir-translate --mlir-to-llvmir -split-input-file | FileCheck %s --check-prefix=LLVMIR

// tt.print: one vprintf per element in Triton's format ("pid (x, y, z) idx (i)<prefix>
// <value>"), the arguments in a local buffer. tt.assert: a branch to __assertfail (NVIDIA,
// with the file, line and function) or a trap (AMD) where an element is false.

// The 8 elements over a 256-element layout: 2 registers per thread. Index fields are as wide
// as their dimension's digits; '%' in the prefix is doubled; f16 prints its bits in hex;
// one format string per distinct line.
// CHECK-DAG: llvm.mlir.global internal constant @assertFunc_0("print_and_assert\00")
// CHECK-DAG: llvm.mlir.global internal constant @assertFile_0("kernel.py\00")
// CHECK-DAG: llvm.mlir.global internal constant @assertMessage_0("x must not be negative\00")
// CHECK-DAG: llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64)
// CHECK-DAG: llvm.mlir.global internal constant @printfFormat_0("pid (%u, %u, %u) idx (%1u) x: %i\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @printfFormat_1("pid (%u, %u, %u) idx (%1u) 100%%: (operand 0) 0x%04x\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @printfFormat_2("pid (%u, %u, %u) idx (%1u) 100%%: (operand 1) 0x%08x\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @printfFormat_3("pid (%u, %u, %u) hello\0A\00")
// CHECK-DAG: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
// CHECK-LABEL: llvm.func @print_and_assert
// CHECK-DAG: %[[LINE:.*]] = llvm.mlir.constant(12 : i32) : i32
// CHECK-DAG: %[[CHARSIZE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-DAG: %[[FORMAT0:.*]] = llvm.mlir.addressof @printfFormat_0 : !llvm.ptr
// CHECK: %[[PIDX:.*]] = nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK: %[[BUFFER:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i32, i32)> : (i32) -> !llvm.ptr
// CHECK: %[[FIELD:.*]] = llvm.getelementptr %[[BUFFER]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, i32, i32, i32, i32)>
// CHECK: llvm.store %[[PIDX]], %[[FIELD]] : i32, !llvm.ptr
// CHECK: llvm.call @vprintf(%[[FORMAT0]], %[[BUFFER]]) : (!llvm.ptr, !llvm.ptr) -> i32
// CHECK: llvm.call @vprintf(%[[FORMAT0]], %{{.*}})
// CHECK: llvm.zext %{{.*}} : i16 to i32
// CHECK-COUNT-4: llvm.call @vprintf
// CHECK: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32)>
// CHECK: llvm.call @vprintf
// CHECK: llvm.cond_br %{{.*}}, ^[[FAIL:.*]], ^[[JOIN:.*]]
// CHECK: ^[[FAIL]]:
// CHECK-NEXT: llvm.call @__assertfail(%{{.*}}, %{{.*}}, %[[LINE]], %{{.*}}, %[[CHARSIZE]]) : (!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64) -> ()
// CHECK-NEXT: llvm.br ^[[JOIN]]
// CHECK: ^[[JOIN]]:
// CHECK-NEXT: nvvm.barrier0
// LLVMIR-LABEL: define ptx_kernel void @print_and_assert
// LLVMIR: call i32 @vprintf(ptr @printfFormat_0, ptr %{{.*}})
// LLVMIR: call void @__assertfail(ptr @assertMessage_0, ptr @assertFile_0, i32 12, ptr @assertFunc_0, i64 1)
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#loc = loc("kernel.py":12:4)
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @print_and_assert(%in: !tt.ptr<i32>) {
    %range = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #blocked>
    %base = tt.splat %in : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>, #blocked>
    %ptrs = tt.addptr %base, %range : tensor<8x!tt.ptr<i32>, #blocked>, tensor<8xi32, #blocked>
    %x = tt.load %ptrs : tensor<8x!tt.ptr<i32>, #blocked>
    %f = arith.sitofp %x : tensor<8xi32, #blocked> to tensor<8xf16, #blocked>
    tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<8xi32, #blocked>
    tt.print " 100%: " {hex = true, isSigned = array<i32: 0, 0>} : %f, %x : tensor<8xf16, #blocked>, tensor<8xi32, #blocked>
    tt.print " hello" {hex = false, isSigned = array<i32>}
    %c0 = arith.constant dense<0> : tensor<8xi32, #blocked>
    %ok = arith.cmpi sge, %x, %c0 : tensor<8xi32, #blocked>
    tt.assert %ok, "x must not be negative" : tensor<8xi1, #blocked> loc(#loc)
    tt.return
  }
}

// -----

// AMD: no message without the ROCm device libraries (device-library=false; with them,
// print-assert-amd.mlir); the failing threads trap. Only a tensor
// condition is followed by a barrier.
// CHECK-LABEL: llvm.func @assert_hip
// CHECK: %[[SOME:.*]] = llvm.xor %{{.*}}, %{{.*}} : i1
// CHECK: llvm.cond_br %[[SOME]], ^[[TRAP:.*]], ^[[JOIN:.*]]
// CHECK: ^[[TRAP]]:
// CHECK-NEXT: llvm.intr.trap
// CHECK: ^[[JOIN]]:
// CHECK-NEXT: rocdl.barrier
// CHECK: llvm.cond_br
// CHECK: llvm.intr.trap
// CHECK-NOT: rocdl.barrier
// CHECK: llvm.return
// LLVMIR-LABEL: define amdgpu_kernel void @assert_hip
// LLVMIR: call void @llvm.trap()
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @assert_hip(%in: !tt.ptr<i32>, %b: i1) {
    %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %base = tt.splat %in : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %ptrs = tt.addptr %base, %range : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %x = tt.load %ptrs : tensor<256x!tt.ptr<i32>, #blocked>
    %c0 = arith.constant dense<0> : tensor<256xi32, #blocked>
    %ok = arith.cmpi sge, %x, %c0 : tensor<256xi32, #blocked>
    tt.assert %ok, "x must not be negative" : tensor<256xi1, #blocked>
    tt.assert %b, "flag" : i1
    tt.return
  }
}
