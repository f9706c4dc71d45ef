// RUN: trex-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s

// tt.gather through shared memory: scratch for the whole source (4x16 f32 = 256 bytes);
// each thread stores its source elements row-major (the kernel's first shared-memory access:
// no barrier before), after a barrier it loads
// each result element at its own coordinates with the axis coordinate replaced by its index.

// CHECK: ttg.shared = 256 : i32
// CHECK-LABEL: llvm.func @gather_axis1
// CHECK-NOT: nvvm.barrier0
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: %[[INDEX:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(i32, i32)>
// The row offset (row * 16) is the one the stores computed.
// CHECK: %[[OFFSET:.*]] = llvm.add %{{.*}}, %[[INDEX]] : i32
// CHECK: %[[SLOT:.*]] = llvm.getelementptr %{{.*}}[%[[OFFSET]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: llvm.load %[[SLOT]] : !llvm.ptr<3> -> f32
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather_axis1(%src: tensor<4x16xf32, #blocked>, %idx: tensor<4x16xi32, #blocked>, %out: !tt.ptr<f32>) {
    %g = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<4x16xf32, #blocked>, tensor<4x16xi32, #blocked>) -> tensor<4x16xf32, #blocked>
    %s = "tt.reduce"(%g) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %sum = arith.addf %a, %b : f32
      tt.reduce.return %sum : f32
    }) : (tensor<4x16xf32, #blocked>) -> tensor<4xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return
  }
}

// -----

// i64 indices are truncated; i1 sources go through bytes; AMD uses its barrier.
// CHECK: ttg.shared = 32 : i32
// CHECK-LABEL: llvm.func @gather_bool_hip
// CHECK-NOT: rocdl.barrier
// CHECK: llvm.zext %{{.*}} : i1 to i8
// CHECK: llvm.store %{{.*}}, %{{.*}} : i8, !llvm.ptr<3>
// CHECK: rocdl.barrier
// CHECK: llvm.trunc %{{.*}} : i64 to i32
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK: llvm.trunc %{{.*}} : i8 to i1
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @gather_bool_hip(%src: tensor<32xi1, #blocked>, %idx: tensor<32xi64, #blocked>) -> tensor<32xi1, #blocked> {
    %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<32xi1, #blocked>, tensor<32xi64, #blocked>) -> tensor<32xi1, #blocked>
    tt.return %g : tensor<32xi1, #blocked>
  }
}
