// RUN: trex-opt %s -split-input-file --convert-triton-gpu-to-llvm --canonicalize | FileCheck %s
// RUN: trex-opt %s -split-input-file --convert-triton-gpu-to-llvm --canonicalize | mlir-translate --mlir-to-llvmir -split-input-file | FileCheck %s --check-prefix=LLVMIR

// tt.get_program_id and tt.get_num_programs. On AMD the number of programs comes from the
// HSA dispatch packet (grid size over workgroup size, rounded up): rocdl.grid.dim would call
// the ROCm device library, which trex does not link.

// CHECK-LABEL: llvm.func @ids_cuda
// CHECK: nvvm.read.ptx.sreg.ctaid.y
// CHECK: nvvm.read.ptx.sreg.nctaid.z
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ids_cuda(%out: !tt.ptr<i32>) {
    %y = tt.get_program_id y : i32
    %nz = tt.get_num_programs z : i32
    %sum = arith.addi %y, %nz : i32
    tt.store %out, %sum : !tt.ptr<i32>
    tt.return
  }
}

// -----

// CHECK-LABEL: llvm.func @ids_hip
// CHECK: rocdl.workgroup.id.y
// CHECK: llvm.call_intrinsic "llvm.amdgcn.dispatch.ptr"() : () -> !llvm.ptr<4>
// CHECK: llvm.getelementptr %{{.*}}[20] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i8
// CHECK: llvm.getelementptr %{{.*}}[8] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i8
// CHECK: llvm.load %{{.*}} invariant {{.*}} : !llvm.ptr<4> -> i32
// CHECK: llvm.load %{{.*}} invariant {{.*}} : !llvm.ptr<4> -> i16
// CHECK: llvm.udiv
// CHECK: llvm.urem
// CHECK-NOT: rocdl.grid.dim
// LLVMIR-LABEL: define amdgpu_kernel void @ids_hip
// LLVMIR: call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
// LLVMIR-NOT: __ockl
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @ids_hip(%out: !tt.ptr<i32>) {
    %y = tt.get_program_id y : i32
    %nz = tt.get_num_programs z : i32
    %sum = arith.addi %y, %nz : i32
    tt.store %out, %sum : !tt.ptr<i32>
    tt.return
  }
}
