// RUN: trex-opt %s -split-input-file --tritonamdgpu-stream-pipeline=num_stages=3 | FileCheck %s

// A matmul loop: the A and B tiles stream through num_stages - 1 = 2 shared buffers each. The
// prologue loads iterations 0 and 1 into buffers 0 and 1 (marked for
// tritonamdgpu-move-up-prologue-loads); iteration k reads buffer k % 2, loads iteration k + 2
// (masked off past the end, its pointers advanced 2 iterations ahead) and, after the dot,
// stores it into the buffer it read.
// CHECK-LABEL: tt.func @matmul_loop
// CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #[[SHARED_A:shared[0-9]*]], #smem, mutable>
// CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x32x64xf16, #[[SHARED_B:shared[0-9]*]], #smem, mutable>
// CHECK: %[[PA1:.*]] = tt.addptr %arg0
// CHECK: %[[PB1:.*]] = tt.addptr %arg1
// CHECK: %[[A0:.*]] = tt.load %arg0, %{{.*}} {amd.pipeliner_part = "prologue"}
// CHECK: %[[B0:.*]] = tt.load %arg1, %{{.*}} {amd.pipeliner_part = "prologue"}
// CHECK: %[[VA0:.*]] = ttg.memdesc_index %[[A]][%{{.*}}]
// CHECK-NEXT: ttg.local_store %[[A0]], %[[VA0]]
// CHECK: %[[VB0:.*]] = ttg.memdesc_index %[[B]][%{{.*}}]
// CHECK-NEXT: ttg.local_store %[[B0]], %[[VB0]]
// CHECK: %[[PA2:.*]] = tt.addptr %[[PA1]]
// CHECK: %[[PB2:.*]] = tt.addptr %[[PB1]]
// CHECK: %[[A1:.*]] = tt.load %[[PA1]], %{{.*}} {amd.pipeliner_part = "prologue"}
// CHECK: %[[B1:.*]] = tt.load %[[PB1]], %{{.*}} {amd.pipeliner_part = "prologue"}
// CHECK: ttg.local_store %[[A1]]
// CHECK: ttg.local_store %[[B1]]
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[PA:.*]] = %[[PA2]], %[[PB:.*]] = %[[PB2]])
// CHECK: %[[INDEX:.*]] = arith.remsi %{{.*}}, %c2_i32
// CHECK: %[[VA:.*]] = ttg.memdesc_index %[[A]][%[[INDEX]]]
// CHECK-NEXT: %[[DA:.*]] = ttg.local_load %[[VA]] : {{.*}} -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
// CHECK: %[[VB:.*]] = ttg.memdesc_index %[[B]][%[[INDEX]]]
// CHECK-NEXT: %[[DB:.*]] = ttg.local_load %[[VB]] : {{.*}} -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
// CHECK: %[[AHEAD:.*]] = arith.addi %[[K]], %{{.*}} : i32
// CHECK: %[[VALID:.*]] = arith.cmpi slt, %[[AHEAD]], %{{.*}} : i32
// CHECK: %[[MASK:.*]] = tt.splat %[[VALID]] : i1 -> tensor<64x32xi1
// CHECK: %[[NA:.*]] = tt.load %[[PA]], %[[MASK]] :
// CHECK: %[[NB:.*]] = tt.load %[[PB]], %{{.*}} :
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[D:.*]] = tt.dot %[[DA]], %[[DB]], %[[ACC]]
// CHECK: ttg.local_store %[[NA]], %[[VA]]
// CHECK-NEXT: ttg.local_store %[[NB]], %[[VB]]
// CHECK-NEXT: scf.yield %[[D]], %{{.*}}, %{{.*}}
// CHECK: ttg.local_dealloc %[[A]]
// CHECK-NEXT: ttg.local_dealloc %[[B]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @matmul_loop(%a: tensor<64x32x!tt.ptr<f16>, #blocked>, %b: tensor<32x64x!tt.ptr<f16>, #blocked1>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step_a = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %step_b = arith.constant dense<2048> : tensor<32x64xi32, #blocked1>
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %pa = %a, %pb = %b) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x64x!tt.ptr<f16>, #blocked1>) : i32 {
      %ta = tt.load %pa : tensor<64x32x!tt.ptr<f16>, #blocked>
      %tb = tt.load %pb : tensor<32x64x!tt.ptr<f16>, #blocked1>
      %da = ttg.convert_layout %ta : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %db = ttg.convert_layout %tb : tensor<32x64xf16, #blocked1> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
      %d = tt.dot %da, %db, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xf32, #mma>
      %na = tt.addptr %pa, %step_a : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
      %nb = tt.addptr %pb, %step_b : tensor<32x64x!tt.ptr<f16>, #blocked1>, tensor<32x64xi32, #blocked1>
      scf.yield %d, %na, %nb : tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<32x64x!tt.ptr<f16>, #blocked1>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// Left alone: a loaded tile that is also stored (not only converted to a dot operand), and a
// loop whose tt.num_stages is 1.
// CHECK-LABEL: tt.func @tile_also_stored
// CHECK-NOT: ttg.local_alloc
// CHECK: scf.for
// CHECK: ttg.convert_layout
// CHECK-LABEL: tt.func @one_stage
// CHECK-NOT: ttg.local_alloc
// CHECK: scf.for
// CHECK: ttg.convert_layout
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @tile_also_stored(%a: tensor<64x32x!tt.ptr<f16>, #blocked>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %ta = tt.load %a : tensor<64x32x!tt.ptr<f16>, #blocked>
      tt.store %a, %ta : tensor<64x32x!tt.ptr<f16>, #blocked>
      %da = ttg.convert_layout %ta : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %d = tt.dot %da, %b, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
  tt.func @one_stage(%a: tensor<64x32x!tt.ptr<f16>, #blocked>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %ta = tt.load %a : tensor<64x32x!tt.ptr<f16>, #blocked>
      %da = ttg.convert_layout %ta : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %d = tt.dot %da, %b, %acc : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    } {tt.num_stages = 1 : i32}
    tt.return %r : tensor<64x64xf32, #mma>
  }
}
