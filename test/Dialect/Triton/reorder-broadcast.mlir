// RUN: trex-opt %s -split-input-file -triton-reorder-broadcast | FileCheck %s
// triton-reorder-broadcast computes elementwise ops before tt.broadcast and tt.splat.

// CHECK-LABEL: tt.func @elementwise_of_splats
tt.func @elementwise_of_splats(%a: f32, %b: f32) -> tensor<128xf32> {
  // CHECK-NEXT: %[[SUM:.*]] = arith.addf %arg0, %arg1 : f32
  // CHECK-NEXT: %[[S:.*]] = tt.splat %[[SUM]] : f32 -> tensor<128xf32>
  // CHECK-NEXT: tt.return %[[S]]
  %0 = tt.splat %a : f32 -> tensor<128xf32>
  %1 = tt.splat %b : f32 -> tensor<128xf32>
  %2 = arith.addf %0, %1 : tensor<128xf32>
  tt.return %2 : tensor<128xf32>
}

// -----

// A splat constant operand becomes a scalar constant.
// CHECK-LABEL: tt.func @elementwise_of_splat_and_constant
tt.func @elementwise_of_splat_and_constant(%a: i32) -> tensor<128xi32> {
  // CHECK-NEXT: %[[C:.*]] = arith.constant 3 : i32
  // CHECK-NEXT: %[[P:.*]] = arith.muli %arg0, %[[C]] : i32
  // CHECK-NEXT: %[[S:.*]] = tt.splat %[[P]] : i32 -> tensor<128xi32>
  // CHECK-NEXT: tt.return %[[S]]
  %c = arith.constant dense<3> : tensor<128xi32>
  %0 = tt.splat %a : i32 -> tensor<128xi32>
  %1 = arith.muli %0, %c : tensor<128xi32>
  tt.return %1 : tensor<128xi32>
}

// -----

// CHECK-LABEL: tt.func @elementwise_of_broadcast
tt.func @elementwise_of_broadcast(%x: tensor<128x1xf32>) -> tensor<128x64xf32> {
  // CHECK-NEXT: %[[E:.*]] = math.exp %arg0 : tensor<128x1xf32>
  // CHECK-NEXT: %[[B:.*]] = tt.broadcast %[[E]] : tensor<128x1xf32> -> tensor<128x64xf32>
  // CHECK-NEXT: tt.return %[[B]]
  %0 = tt.broadcast %x : tensor<128x1xf32> -> tensor<128x64xf32>
  %1 = math.exp %0 : tensor<128x64xf32>
  tt.return %1 : tensor<128x64xf32>
}

// -----

// Splat and constant operands are remade at the narrow shape.
// CHECK-LABEL: tt.func @elementwise_of_broadcast_and_splats
tt.func @elementwise_of_broadcast_and_splats(%x: tensor<1x64xf32>, %s: f32) -> tensor<32x64xf32> {
  // CHECK-DAG: %[[C:.*]] = arith.constant dense<2.000000e+00> : tensor<1x64xf32>
  // CHECK-DAG: %[[S:.*]] = tt.splat %arg1 : f32 -> tensor<1x64xf32>
  // CHECK: %[[F:.*]] = math.fma %arg0, %[[S]], %[[C]] : tensor<1x64xf32>
  // CHECK-NEXT: %[[B:.*]] = tt.broadcast %[[F]] : tensor<1x64xf32> -> tensor<32x64xf32>
  // CHECK-NEXT: tt.return %[[B]]
  %c = arith.constant dense<2.0> : tensor<32x64xf32>
  %0 = tt.broadcast %x : tensor<1x64xf32> -> tensor<32x64xf32>
  %1 = tt.splat %s : f32 -> tensor<32x64xf32>
  %2 = math.fma %0, %1, %c : tensor<32x64xf32>
  tt.return %2 : tensor<32x64xf32>
}

// -----

// Two broadcasts from the same shape are combined before broadcasting once.
// CHECK-LABEL: tt.func @elementwise_of_two_broadcasts
tt.func @elementwise_of_two_broadcasts(%x: tensor<1x64xi32>, %y: tensor<1x64xi32>) -> tensor<32x64xi1> {
  // CHECK-NEXT: %[[C:.*]] = arith.cmpi slt, %arg0, %arg1 : tensor<1x64xi32>
  // CHECK-NEXT: %[[B:.*]] = tt.broadcast %[[C]] : tensor<1x64xi1> -> tensor<32x64xi1>
  // CHECK-NEXT: tt.return %[[B]]
  %0 = tt.broadcast %x : tensor<1x64xi32> -> tensor<32x64xi32>
  %1 = tt.broadcast %y : tensor<1x64xi32> -> tensor<32x64xi32>
  %2 = arith.cmpi slt, %0, %1 : tensor<32x64xi32>
  tt.return %2 : tensor<32x64xi1>
}

// -----

// Broadcasts from different shapes cannot share one narrow op.
// CHECK-LABEL: tt.func @broadcasts_of_different_shapes_stay
tt.func @broadcasts_of_different_shapes_stay(%x: tensor<1x64xi32>, %y: tensor<32x1xi32>) -> tensor<32x64xi32> {
  // CHECK: tt.broadcast %arg0
  // CHECK: tt.broadcast %arg1
  // CHECK: arith.addi %{{.*}}, %{{.*}} : tensor<32x64xi32>
  %0 = tt.broadcast %x : tensor<1x64xi32> -> tensor<32x64xi32>
  %1 = tt.broadcast %y : tensor<32x1xi32> -> tensor<32x64xi32>
  %2 = arith.addi %0, %1 : tensor<32x64xi32>
  tt.return %2 : tensor<32x64xi32>
}

// -----

// An operand that is neither a broadcast nor a splat keeps the op where it is.
// CHECK-LABEL: tt.func @elementwise_with_a_full_operand_stays
tt.func @elementwise_with_a_full_operand_stays(%x: tensor<1x64xf32>, %y: tensor<32x64xf32>) -> tensor<32x64xf32> {
  // CHECK: %[[B:.*]] = tt.broadcast %arg0
  // CHECK-NEXT: arith.addf %[[B]], %arg1 : tensor<32x64xf32>
  %0 = tt.broadcast %x : tensor<1x64xf32> -> tensor<32x64xf32>
  %1 = arith.addf %0, %y : tensor<32x64xf32>
  tt.return %1 : tensor<32x64xf32>
}

// -----

// Ops with memory effects are not moved (an impure extern call).
// CHECK-LABEL: tt.func @impure_elementwise_stays
tt.func @impure_elementwise_stays(%a: f32) -> tensor<64xf32> {
  // CHECK: tt.splat %arg0
  // CHECK-NEXT: tt.extern_elementwise %{{.*}} {{.*}} : (tensor<64xf32>) -> tensor<64xf32>
  %0 = tt.splat %a : f32 -> tensor<64xf32>
  %1 = tt.extern_elementwise %0 {libname = "", libpath = "", pure = false, symbol = "__nv_erff"} : (tensor<64xf32>) -> tensor<64xf32>
  tt.return %1 : tensor<64xf32>
}

// -----

// broadcast(expand_dims(broadcast(x))) collapses to one broadcast, exposing
// the elementwise op to the reordering.
// CHECK-LABEL: tt.func @expand_dims_of_broadcast_collapses
tt.func @expand_dims_of_broadcast_collapses(%x: tensor<1xf32>) -> tensor<16x32xf32> {
  // CHECK-NEXT: %[[E:.*]] = tt.expand_dims %arg0 {axis = 0 : i32} : tensor<1xf32> -> tensor<1x1xf32>
  // CHECK-NEXT: %[[N:.*]] = arith.negf %[[E]] : tensor<1x1xf32>
  // CHECK-NEXT: %[[B:.*]] = tt.broadcast %[[N]] : tensor<1x1xf32> -> tensor<16x32xf32>
  // CHECK-NEXT: tt.return %[[B]]
  %0 = tt.broadcast %x : tensor<1xf32> -> tensor<32xf32>
  %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xf32> -> tensor<1x32xf32>
  %2 = tt.broadcast %1 : tensor<1x32xf32> -> tensor<16x32xf32>
  %3 = arith.negf %2 : tensor<16x32xf32>
  tt.return %3 : tensor<16x32xf32>
}
