// RUN: trex-opt %s -split-input-file --convert-triton-gpu-to-llvm --canonicalize | FileCheck %s
// RUN: trex-opt %s -split-input-file --convert-triton-gpu-to-llvm --canonicalize | mlir-translate --mlir-to-llvmir -split-input-file | FileCheck %s --check-prefix=LLVMIR

// gpu.barrier (tl.debug_barrier) and ttg.barrier become the target's CTA barrier.

// CHECK-LABEL: llvm.func @barriers_cuda
// CHECK-COUNT-2: nvvm.barrier0
// CHECK-NOT: gpu.barrier
// LLVMIR-LABEL: define ptx_kernel void @barriers_cuda
// LLVMIR-COUNT-2: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @barriers_cuda() {
    gpu.barrier
    ttg.barrier local
    tt.return
  }
}

// -----

// CHECK-LABEL: llvm.func @barriers_hip
// CHECK-COUNT-2: rocdl.barrier
// LLVMIR-LABEL: define amdgpu_kernel void @barriers_hip
// LLVMIR: fence syncscope("workgroup") release
// LLVMIR-NEXT: call void @llvm.amdgcn.s.barrier()
// LLVMIR-NEXT: fence syncscope("workgroup") acquire
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @barriers_hip() {
    gpu.barrier
    ttg.barrier local
    tt.return
  }
}
