// RUN: trex-opt %s -split-input-file --convert-triton-to-tritongpu="target=cuda:80 num-warps=4" --tritongpu-optimize-dot-operands | FileCheck %s
// tritongpu-optimize-dot-operands reads a transposed dot operand through a
// transposed shared-memory view instead of transposing it in registers.

// CHECK-DAG: #[[SRC:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[S:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// CHECK-DAG: #[[ST:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
// CHECK-LABEL: tt.func @transposed_operand
tt.func @transposed_operand(%a: tensor<64x32xf32>, %b: tensor<64x32xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // CHECK: %[[ALLOC:.*]] = ttg.local_alloc %arg1 : (tensor<64x32xf32, #[[SRC]]>) -> !ttg.memdesc<64x32xf32, #[[S]], #smem>
  // CHECK: %[[VIEW:.*]] = ttg.memdesc_trans %[[ALLOC]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf32, #[[S]], #smem> -> !ttg.memdesc<32x64xf32, #[[ST]], #smem>
  // CHECK: %[[B:.*]] = ttg.local_load %[[VIEW]] : !ttg.memdesc<32x64xf32, #[[ST]], #smem> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #{{.*}}}>>
  // CHECK-NOT: tt.trans
  // CHECK: tt.dot %{{.*}}, %[[B]], %{{.*}}
  %bt = tt.trans %b {order = array<i32: 1, 0>} : tensor<64x32xf32> -> tensor<32x64xf32>
  %d = tt.dot %a, %bt, %c : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  tt.return %d : tensor<64x64xf32>
}

// -----

// Operands that are not transposed keep their conversion.
// CHECK-LABEL: tt.func @plain_operands
// CHECK-NOT: ttg.local_alloc
// CHECK: ttg.convert_layout %arg1
// CHECK: tt.dot
tt.func @plain_operands(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = tt.dot %a, %b, %c : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  tt.return %d : tensor<64x64xf32>
}
