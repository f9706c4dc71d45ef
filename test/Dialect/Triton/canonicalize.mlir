// RUN: trex-opt %s -split-input-file -canonicalize | FileCheck %s
// RUN: trex-opt %s -split-input-file -canonicalize -mlir-print-debuginfo | FileCheck %s --check-prefix=LOC
// The folders and canonicalization patterns of the tt ops, one rewrite per case.

// CHECK-LABEL: tt.func @splat_of_constant
tt.func @splat_of_constant() -> tensor<64xf32> {
  // CHECK: %[[CST:.*]] = arith.constant dense<1.500000e+00> : tensor<64xf32>
  // CHECK-NOT: tt.splat
  // CHECK: tt.return %[[CST]]
  %c = arith.constant 1.5 : f32
  %0 = tt.splat %c : f32 -> tensor<64xf32>
  tt.return %0 : tensor<64xf32>
}

// -----

// CHECK-LABEL: tt.func @splat_of_argument
tt.func @splat_of_argument(%x: i32) -> tensor<64xi32> {
  // CHECK: tt.splat %{{.*}} : i32 -> tensor<64xi32>
  %0 = tt.splat %x : i32 -> tensor<64xi32>
  tt.return %0 : tensor<64xi32>
}

// -----

// CHECK-LABEL: tt.func @broadcast_of_splat
tt.func @broadcast_of_splat(%x: f32) -> tensor<128x64xf32> {
  // CHECK: %[[S:.*]] = tt.splat %{{.*}} : f32 -> tensor<128x64xf32>
  // CHECK-NOT: tt.broadcast
  // CHECK: tt.return %[[S]]
  %0 = tt.splat %x : f32 -> tensor<128x1xf32>
  %1 = tt.broadcast %0 : tensor<128x1xf32> -> tensor<128x64xf32>
  tt.return %1 : tensor<128x64xf32>
}

// -----

// The rewritten op carries the locations of both matched ops, as Triton's DRR
// pattern gives it.
// LOC-LABEL: tt.func @broadcast_of_splat_location
tt.func @broadcast_of_splat_location(%x: f32) -> tensor<4x8xf32> {
  // LOC: tt.splat {{.*}} loc(#[[FUSED:.*]])
  %0 = tt.splat %x : f32 -> tensor<4x1xf32> loc("splat.py":1:1)
  %1 = tt.broadcast %0 : tensor<4x1xf32> -> tensor<4x8xf32> loc("broadcast.py":2:2)
  tt.return %1 : tensor<4x8xf32>
}
// LOC: #[[BROADCAST:.*]] = loc("broadcast.py":2:2)
// LOC: #[[SPLAT:.*]] = loc("splat.py":1:1)
// LOC: #[[FUSED]] = loc(fused[#[[BROADCAST]], #[[SPLAT]]])

// -----

// CHECK-LABEL: tt.func @broadcast_of_broadcast
tt.func @broadcast_of_broadcast(%x: tensor<1x1xi32>) -> tensor<16x32xi32> {
  // CHECK: %[[B:.*]] = tt.broadcast %{{.*}} : tensor<1x1xi32> -> tensor<16x32xi32>
  // CHECK-NEXT: tt.return %[[B]]
  %0 = tt.broadcast %x : tensor<1x1xi32> -> tensor<16x1xi32>
  %1 = tt.broadcast %0 : tensor<16x1xi32> -> tensor<16x32xi32>
  tt.return %1 : tensor<16x32xi32>
}

// -----

// CHECK-LABEL: tt.func @broadcast_to_same_type
tt.func @broadcast_to_same_type(%x: tensor<16x32xi32>) -> tensor<16x32xi32> {
  // CHECK-NOT: tt.broadcast
  // CHECK: tt.return %{{.*}} : tensor<16x32xi32>
  %0 = tt.broadcast %x : tensor<16x32xi32> -> tensor<16x32xi32>
  tt.return %0 : tensor<16x32xi32>
}

// -----

// CHECK-LABEL: tt.func @broadcast_of_constant
tt.func @broadcast_of_constant() -> tensor<16x32xi32> {
  // CHECK: %[[CST:.*]] = arith.constant dense<7> : tensor<16x32xi32>
  // CHECK-NEXT: tt.return %[[CST]]
  %c = arith.constant dense<7> : tensor<16x1xi32>
  %0 = tt.broadcast %c : tensor<16x1xi32> -> tensor<16x32xi32>
  tt.return %0 : tensor<16x32xi32>
}

// -----

// CHECK-LABEL: tt.func @expand_dims_of_splat
tt.func @expand_dims_of_splat(%x: i32) -> tensor<1x64xi32> {
  // CHECK: %[[S:.*]] = tt.splat %{{.*}} : i32 -> tensor<1x64xi32>
  // CHECK-NEXT: tt.return %[[S]]
  %0 = tt.splat %x : i32 -> tensor<64xi32>
  %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  tt.return %1 : tensor<1x64xi32>
}

// -----

// CHECK-LABEL: tt.func @expand_dims_of_broadcast
tt.func @expand_dims_of_broadcast(%x: tensor<1xi32>) -> tensor<64x1xi32> {
  // CHECK: %[[E:.*]] = tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<1xi32> -> tensor<1x1xi32>
  // CHECK-NEXT: %[[B:.*]] = tt.broadcast %[[E]] : tensor<1x1xi32> -> tensor<64x1xi32>
  // CHECK-NEXT: tt.return %[[B]]
  %0 = tt.broadcast %x : tensor<1xi32> -> tensor<64xi32>
  %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  tt.return %1 : tensor<64x1xi32>
}

// -----

// CHECK-LABEL: tt.func @expand_dims_of_constant
tt.func @expand_dims_of_constant() -> tensor<2x1xi32> {
  // CHECK: %[[CST:.*]] = arith.constant dense<{{\[}}[3], [4]]> : tensor<2x1xi32>
  // CHECK-NEXT: tt.return %[[CST]]
  %c = arith.constant dense<[3, 4]> : tensor<2xi32>
  %0 = tt.expand_dims %c {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  tt.return %0 : tensor<2x1xi32>
}

// -----

// CHECK-LABEL: tt.func @reshape_to_same_type
tt.func @reshape_to_same_type(%x: tensor<32xf32>) -> (tensor<32xf32>, tensor<32xf32>) {
  // A strict reshape to its own type is a no-op; one that may reorder is not.
  // CHECK: %[[R:.*]] = tt.reshape %[[X:.*]] allow_reorder : tensor<32xf32> -> tensor<32xf32>
  // CHECK-NEXT: tt.return %[[X]], %[[R]]
  %0 = tt.reshape %x : tensor<32xf32> -> tensor<32xf32>
  %1 = tt.reshape %x allow_reorder : tensor<32xf32> -> tensor<32xf32>
  tt.return %0, %1 : tensor<32xf32>, tensor<32xf32>
}

// -----

// CHECK-LABEL: tt.func @reshape_of_reshape
tt.func @reshape_of_reshape(%x: tensor<4x8xf32>) -> tensor<2x16xf32> {
  // CHECK: %[[R:.*]] = tt.reshape %{{.*}} allow_reorder : tensor<4x8xf32> -> tensor<2x16xf32>
  // CHECK-NEXT: tt.return %[[R]]
  %0 = tt.reshape %x allow_reorder : tensor<4x8xf32> -> tensor<32xf32>
  %1 = tt.reshape %0 : tensor<32xf32> -> tensor<2x16xf32>
  tt.return %1 : tensor<2x16xf32>
}

// -----

// CHECK-LABEL: tt.func @reshape_of_splat
tt.func @reshape_of_splat(%x: f16) -> tensor<2x16xf16> {
  // CHECK: %[[S:.*]] = tt.splat %{{.*}} : f16 -> tensor<2x16xf16>
  // CHECK-NEXT: tt.return %[[S]]
  %0 = tt.splat %x : f16 -> tensor<32xf16>
  %1 = tt.reshape %0 : tensor<32xf16> -> tensor<2x16xf16>
  tt.return %1 : tensor<2x16xf16>
}

// -----

// CHECK-LABEL: tt.func @reshape_of_constant
tt.func @reshape_of_constant() -> tensor<2x2xi32> {
  // CHECK: %[[CST:.*]] = arith.constant dense<{{\[}}[1, 2], [3, 4]]> : tensor<2x2xi32>
  // CHECK-NEXT: tt.return %[[CST]]
  %c = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %0 = tt.reshape %c : tensor<4xi32> -> tensor<2x2xi32>
  tt.return %0 : tensor<2x2xi32>
}

// -----

// CHECK-LABEL: tt.func @reshape_with_efficient_layout_stays
tt.func @reshape_with_efficient_layout_stays(%x: f16) -> tensor<2x16xf16> {
  // CHECK: tt.splat %{{.*}} : f16 -> tensor<32xf16>
  // CHECK-NEXT: tt.reshape %{{.*}} efficient_layout : tensor<32xf16> -> tensor<2x16xf16>
  %0 = tt.splat %x : f16 -> tensor<32xf16>
  %1 = tt.reshape %0 efficient_layout : tensor<32xf16> -> tensor<2x16xf16>
  tt.return %1 : tensor<2x16xf16>
}

// -----

// CHECK-LABEL: tt.func @trans_identity
tt.func @trans_identity(%x: tensor<16x32xf16>) -> tensor<16x32xf16> {
  // CHECK-NOT: tt.trans
  // CHECK: tt.return %{{.*}} : tensor<16x32xf16>
  %0 = tt.trans %x {order = array<i32: 0, 1>} : tensor<16x32xf16> -> tensor<16x32xf16>
  tt.return %0 : tensor<16x32xf16>
}

// -----

// CHECK-LABEL: tt.func @trans_of_trans
tt.func @trans_of_trans(%x: tensor<2x4x8xf16>) -> tensor<8x2x4xf16> {
  // x -[1, 2, 0]-> 4x8x2 -[1, 2, 0]-> 8x2x4, which is x permuted by [2, 0, 1].
  // CHECK: %[[T:.*]] = tt.trans %{{.*}} {order = array<i32: 2, 0, 1>} : tensor<2x4x8xf16> -> tensor<8x2x4xf16>
  // CHECK-NEXT: tt.return %[[T]]
  %0 = tt.trans %x {order = array<i32: 1, 2, 0>} : tensor<2x4x8xf16> -> tensor<4x8x2xf16>
  %1 = tt.trans %0 {order = array<i32: 1, 2, 0>} : tensor<4x8x2xf16> -> tensor<8x2x4xf16>
  tt.return %1 : tensor<8x2x4xf16>
}

// -----

// CHECK-LABEL: tt.func @trans_of_splat_constant
tt.func @trans_of_splat_constant() -> tensor<32x16xf16> {
  // CHECK: %[[CST:.*]] = arith.constant dense<2.000000e+00> : tensor<32x16xf16>
  // CHECK-NEXT: tt.return %[[CST]]
  %c = arith.constant dense<2.0> : tensor<16x32xf16>
  %0 = tt.trans %c {order = array<i32: 1, 0>} : tensor<16x32xf16> -> tensor<32x16xf16>
  tt.return %0 : tensor<32x16xf16>
}

// -----

// CHECK-LABEL: tt.func @addptr_of_zero
tt.func @addptr_of_zero(%p: !tt.ptr<f32>, %ps: tensor<64x!tt.ptr<f32>>) -> (!tt.ptr<f32>, tensor<64x!tt.ptr<f32>>) {
  // CHECK-NOT: tt.addptr
  // CHECK: tt.return %{{.*}}, %{{.*}} : !tt.ptr<f32>, tensor<64x!tt.ptr<f32>>
  %c0 = arith.constant 0 : i32
  %zeros = arith.constant dense<0> : tensor<64xi64>
  %0 = tt.addptr %p, %c0 : !tt.ptr<f32>, i32
  %1 = tt.addptr %ps, %zeros : tensor<64x!tt.ptr<f32>>, tensor<64xi64>
  tt.return %0, %1 : !tt.ptr<f32>, tensor<64x!tt.ptr<f32>>
}

// -----

// CHECK-LABEL: tt.func @addptr_of_nonzero_stays
tt.func @addptr_of_nonzero_stays(%p: !tt.ptr<f32>) -> !tt.ptr<f32> {
  // CHECK: tt.addptr
  %c1 = arith.constant 1 : i32
  %0 = tt.addptr %p, %c1 : !tt.ptr<f32>, i32
  tt.return %0 : !tt.ptr<f32>
}

// -----

// CHECK-LABEL: tt.func @advance_by_zero
tt.func @advance_by_zero(%p: !tt.ptr<tensor<16x16xf16>>, %k: i32) -> (!tt.ptr<tensor<16x16xf16>>, !tt.ptr<tensor<16x16xf16>>) {
  // CHECK: %[[C0:.*]] = arith.constant 0 : i32
  // CHECK-NEXT: %[[A:.*]] = tt.advance %[[P:.*]], [%[[C0]], %{{.*}}] : <tensor<16x16xf16>>
  // CHECK-NEXT: tt.return %[[P]], %[[A]]
  %c0 = arith.constant 0 : i32
  %0 = tt.advance %p, [%c0, %c0] : <tensor<16x16xf16>>
  %1 = tt.advance %p, [%c0, %k] : <tensor<16x16xf16>>
  tt.return %0, %1 : !tt.ptr<tensor<16x16xf16>>, !tt.ptr<tensor<16x16xf16>>
}

// -----

// CHECK-LABEL: tt.func @load_with_true_mask
tt.func @load_with_true_mask(%ptrs: tensor<64x!tt.ptr<f32>>) -> tensor<64xf32> {
  // CHECK: %[[L:.*]] = tt.load %{{[^,]*}} : tensor<64x!tt.ptr<f32>>
  // CHECK-NEXT: tt.return %[[L]]
  %true = arith.constant dense<true> : tensor<64xi1>
  %other = arith.constant dense<0.0> : tensor<64xf32>
  %0 = tt.load %ptrs, %true, %other evictionPolicy = evict_last : tensor<64x!tt.ptr<f32>>
  tt.return %0 : tensor<64xf32>
}

// -----

// CHECK-LABEL: tt.func @load_with_false_mask
tt.func @load_with_false_mask(%ptrs: tensor<64x!tt.ptr<f32>>) -> tensor<64xf32> {
  // CHECK: %[[CST:.*]] = arith.constant dense<3.000000e+00> : tensor<64xf32>
  // CHECK-NOT: tt.load
  // CHECK: tt.return %[[CST]]
  %false = arith.constant dense<false> : tensor<64xi1>
  %other = arith.constant dense<3.0> : tensor<64xf32>
  %0 = tt.load %ptrs, %false, %other : tensor<64x!tt.ptr<f32>>
  tt.return %0 : tensor<64xf32>
}

// -----

// Without `other` the lanes of a fully masked load are undefined; it stays.
// CHECK-LABEL: tt.func @load_with_false_mask_and_no_other
tt.func @load_with_false_mask_and_no_other(%ptrs: tensor<64x!tt.ptr<f32>>) -> tensor<64xf32> {
  // CHECK: tt.load %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<f32>>
  %false = arith.constant dense<false> : tensor<64xi1>
  %0 = tt.load %ptrs, %false : tensor<64x!tt.ptr<f32>>
  tt.return %0 : tensor<64xf32>
}

// -----

// CHECK-LABEL: tt.func @store_with_constant_masks
tt.func @store_with_constant_masks(%ptrs: tensor<64x!tt.ptr<f32>>, %v: tensor<64xf32>) {
  // CHECK-NEXT: tt.store %{{.*}}, %{{.*}} cacheModifier = cg : tensor<64x!tt.ptr<f32>>
  // CHECK-NEXT: tt.return
  %true = arith.constant dense<true> : tensor<64xi1>
  %false = arith.constant dense<false> : tensor<64xi1>
  tt.store %ptrs, %v, %true cacheModifier = cg : tensor<64x!tt.ptr<f32>>
  tt.store %ptrs, %v, %false : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @make_range_of_one_element
tt.func @make_range_of_one_element() -> tensor<1xi32> {
  // CHECK: %[[CST:.*]] = arith.constant dense<5> : tensor<1xi32>
  // CHECK-NEXT: tt.return %[[CST]]
  %0 = tt.make_range {end = 6 : i32, start = 5 : i32} : tensor<1xi32>
  tt.return %0 : tensor<1xi32>
}

// -----

// CHECK-LABEL: tt.func @fp_to_fp_of_zeros
tt.func @fp_to_fp_of_zeros() -> (tensor<64xf8E5M2>, f16) {
  // CHECK-DAG: %[[POS:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf8E5M2>
  // CHECK-DAG: %[[NEG:.*]] = arith.constant -0.000000e+00 : f16
  // CHECK-NOT: tt.fp_to_fp
  // CHECK: tt.return %[[POS]], %[[NEG]]
  %zeros = arith.constant dense<0.0> : tensor<64xf32>
  %negzero = arith.constant -0.0 : f32
  %0 = tt.fp_to_fp %zeros, rounding = rtne : tensor<64xf32> -> tensor<64xf8E5M2>
  %1 = tt.fp_to_fp %negzero, rounding = rtne : f32 -> f16
  tt.return %0, %1 : tensor<64xf8E5M2>, f16
}

// -----

// Only zeros fold: other constants would need the target's rounding.
// CHECK-LABEL: tt.func @fp_to_fp_of_nonzero_stays
tt.func @fp_to_fp_of_nonzero_stays() -> tensor<64xf8E5M2> {
  // CHECK: tt.fp_to_fp
  %ones = arith.constant dense<1.0> : tensor<64xf32>
  %0 = tt.fp_to_fp %ones, rounding = rtne : tensor<64xf32> -> tensor<64xf8E5M2>
  tt.return %0 : tensor<64xf8E5M2>
}

// -----

// CHECK-LABEL: tt.func @fp_to_fp_to_same_type
tt.func @fp_to_fp_to_same_type(%x: tensor<64xf16>) -> tensor<64xf16> {
  // CHECK-NOT: tt.fp_to_fp
  %0 = tt.fp_to_fp %x : tensor<64xf16> -> tensor<64xf16>
  tt.return %0 : tensor<64xf16>
}

// -----

// Triton 3.6 does not fold a bitcast to the same type (its ttir keeps them).
// CHECK-LABEL: tt.func @bitcast_to_same_type
tt.func @bitcast_to_same_type(%p: !tt.ptr<f32>) -> !tt.ptr<f32> {
  // CHECK: %[[B:.*]] = tt.bitcast %{{.*}} : !tt.ptr<f32> -> !tt.ptr<f32>
  // CHECK: tt.return %[[B]] : !tt.ptr<f32>
  %0 = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<f32>
  tt.return %0 : !tt.ptr<f32>
}

// -----

// CHECK-LABEL: tt.func @int_to_ptr_of_ptr_to_int
tt.func @int_to_ptr_of_ptr_to_int(%p: !tt.ptr<f32>) -> !tt.ptr<i32> {
  // CHECK: %[[B:.*]] = tt.bitcast %{{.*}} : !tt.ptr<f32> -> !tt.ptr<i32>
  // CHECK-NEXT: tt.return %[[B]]
  %0 = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
  %1 = tt.int_to_ptr %0 : i64 -> !tt.ptr<i32>
  tt.return %1 : !tt.ptr<i32>
}

// -----

// A byte offset of 8 is two f32 elements; 6 bytes is no whole element.
// CHECK-LABEL: tt.func @int_to_ptr_of_add
tt.func @int_to_ptr_of_add(%a: i64) -> (!tt.ptr<f32>, !tt.ptr<f32>) {
  // CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
  // CHECK-DAG: %[[C6:.*]] = arith.constant 6 : i64
  // CHECK: %[[BASE:.*]] = tt.int_to_ptr %[[A:.*]] : i64 -> !tt.ptr<f32>
  // CHECK: %[[P:.*]] = tt.addptr %[[BASE]], %[[C2]] : !tt.ptr<f32>, i64
  // CHECK: %[[SUM:.*]] = arith.addi %[[A]], %[[C6]] : i64
  // CHECK: %[[STAYS:.*]] = tt.int_to_ptr %[[SUM]] : i64 -> !tt.ptr<f32>
  // CHECK: tt.return %[[P]], %[[STAYS]]
  %c8 = arith.constant 8 : i64
  %c6 = arith.constant 6 : i64
  %0 = arith.addi %a, %c8 : i64
  %1 = tt.int_to_ptr %0 : i64 -> !tt.ptr<f32>
  %2 = arith.addi %a, %c6 : i64
  %3 = tt.int_to_ptr %2 : i64 -> !tt.ptr<f32>
  tt.return %1, %3 : !tt.ptr<f32>, !tt.ptr<f32>
}

// -----

// CHECK-LABEL: tt.func @int_to_ptr_of_tensor_add
tt.func @int_to_ptr_of_tensor_add(%a: tensor<64xi64>) -> tensor<64x!tt.ptr<f16>> {
  // CHECK: %[[C:.*]] = arith.constant dense<8> : tensor<64xi64>
  // CHECK: %[[BASE:.*]] = tt.int_to_ptr %{{.*}} : tensor<64xi64> -> tensor<64x!tt.ptr<f16>>
  // CHECK: tt.addptr %[[BASE]], %[[C]] : tensor<64x!tt.ptr<f16>>, tensor<64xi64>
  %c16 = arith.constant dense<16> : tensor<64xi64>
  %0 = arith.addi %a, %c16 : tensor<64xi64>
  %1 = tt.int_to_ptr %0 : tensor<64xi64> -> tensor<64x!tt.ptr<f16>>
  tt.return %1 : tensor<64x!tt.ptr<f16>>
}
