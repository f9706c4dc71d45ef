// RUN: trex-opt %s -split-input-file -triton-combine | FileCheck %s
// RUN: trex-opt %s -split-input-file -triton-combine -mlir-print-debuginfo | FileCheck %s --check-prefix=LOC
// triton-combine's peephole rewrites, one per case, with the cases they must leave alone.

// CHECK-LABEL: tt.func @dot_then_addf
tt.func @dot_then_addf(%a: tensor<128x64xf16>, %b: tensor<64x128xf16>, %d: tensor<128x128xf32>) -> tensor<128x128xf32> {
  // CHECK-NEXT: %[[DOT:.*]] = tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  // CHECK-NEXT: tt.return %[[DOT]]
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %0 = tt.dot %a, %b, %zero : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  %1 = arith.addf %d, %0 : tensor<128x128xf32>
  tt.return %1 : tensor<128x128xf32>
}

// -----

// The dot may be either operand of the add; the addend becomes the accumulator.
// CHECK-LABEL: tt.func @dot_then_addi
tt.func @dot_then_addi(%a: tensor<32x32xi8>, %b: tensor<32x32xi8>, %d: tensor<32x32xi32>) -> tensor<32x32xi32> {
  // CHECK-NEXT: %[[DOT:.*]] = tt.dot %arg0, %arg1, %arg2 : tensor<32x32xi8> * tensor<32x32xi8> -> tensor<32x32xi32>
  // CHECK-NEXT: tt.return %[[DOT]]
  %zero = arith.constant dense<0> : tensor<32x32xi32>
  %0 = tt.dot %a, %b, %zero : tensor<32x32xi8> * tensor<32x32xi8> -> tensor<32x32xi32>
  %1 = arith.addi %0, %d : tensor<32x32xi32>
  tt.return %1 : tensor<32x32xi32>
}

// -----

// The dot moves to the add, so an addend defined after the dot dominates it;
// the dot keeps its own location.
// CHECK-LABEL: tt.func @dot_moves_to_the_add
// LOC-LABEL: tt.func @dot_moves_to_the_add
tt.func @dot_moves_to_the_add(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %x: tensor<16x16xf32>) -> tensor<16x16xf32> {
  // CHECK: %[[D:.*]] = arith.mulf
  // CHECK-NEXT: %[[DOT:.*]] = tt.dot %{{.*}}, %{{.*}}, %[[D]]
  // CHECK-NEXT: tt.return %[[DOT]]
  // LOC: tt.dot {{.*}} loc(#[[DOTLOC:.*]])
  // LOC: #[[DOTLOC]] = loc("dot.py":1:1)
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %0 = tt.dot %a, %b, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32> loc("dot.py":1:1)
  %d = arith.mulf %x, %x : tensor<16x16xf32>
  %1 = arith.addf %0, %d : tensor<16x16xf32> loc("add.py":2:2)
  tt.return %1 : tensor<16x16xf32>
}

// -----

// CHECK-LABEL: tt.func @dot_with_nonzero_accumulator_stays
tt.func @dot_with_nonzero_accumulator_stays(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>, %d: tensor<16x16xf32>) -> tensor<16x16xf32> {
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %arg2
  // CHECK-NEXT: arith.addf
  %0 = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %1 = arith.addf %0, %d : tensor<16x16xf32>
  tt.return %1 : tensor<16x16xf32>
}

// -----

// CHECK-LABEL: tt.func @dot_with_two_uses_stays
tt.func @dot_with_two_uses_stays(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %d: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  // CHECK: %[[DOT:.*]] = tt.dot
  // CHECK-NEXT: arith.addf %[[DOT]]
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %0 = tt.dot %a, %b, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %1 = arith.addf %0, %d : tensor<16x16xf32>
  tt.return %0, %1 : tensor<16x16xf32>, tensor<16x16xf32>
}

// -----

// An fp8 dot that accumulates with limited precision must start from zero.
// CHECK-LABEL: tt.func @dot_with_imprecise_accumulation_stays
tt.func @dot_with_imprecise_accumulation_stays(%a: tensor<16x32xf8E5M2>, %b: tensor<32x16xf8E5M2>, %d: tensor<16x16xf32>) -> tensor<16x16xf32> {
  // CHECK: tt.dot
  // CHECK-NEXT: arith.addf
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %0 = tt.dot %a, %b, %zero {maxNumImpreciseAcc = 32 : i32} : tensor<16x32xf8E5M2> * tensor<32x16xf8E5M2> -> tensor<16x16xf32>
  %1 = arith.addf %0, %d : tensor<16x16xf32>
  tt.return %1 : tensor<16x16xf32>
}

// -----

// Triton 3.6 keeps the add after a tt.dot_scaled (its ttir of `acc += tl.dot_scaled(...)`).
// CHECK-LABEL: tt.func @dot_scaled_then_addf
tt.func @dot_scaled_then_addf(%a: tensor<128x64xf8E4M3FN>, %s: tensor<128x2xi8>, %b: tensor<64x128xbf16>, %d: tensor<128x128xf32>) -> tensor<128x128xf32> {
  // CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00>
  // CHECK-NEXT: %[[DOT:.*]] = tt.dot_scaled %arg0 scale %arg1, %arg2, %[[ZERO]] lhs = e4m3 rhs = bf16
  // CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[DOT]], %arg3
  // CHECK-NEXT: tt.return %[[SUM]]
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %0 = tt.dot_scaled %a scale %s, %b, %zero lhs = e4m3 rhs = bf16 {fastMath = false} : tensor<128x64xf8E4M3FN>, tensor<128x2xi8> * tensor<64x128xbf16> -> tensor<128x128xf32>
  %1 = arith.addf %0, %d : tensor<128x128xf32>
  tt.return %1 : tensor<128x128xf32>
}

// -----

// CHECK-LABEL: tt.func @select_of_masked_load
tt.func @select_of_masked_load(%ptrs: tensor<64x!tt.ptr<f32>>, %c: i1, %y: tensor<64xf32>) -> tensor<64xf32> {
  // CHECK: %[[MASK:.*]] = tt.splat %arg1 : i1 -> tensor<64xi1>
  // CHECK-NEXT: %[[L:.*]] = tt.load %arg0, %[[MASK]], %arg2 : tensor<64x!tt.ptr<f32>>
  // CHECK-NEXT: tt.return %[[L]]
  %mask = tt.splat %c : i1 -> tensor<64xi1>
  %0 = tt.load %ptrs, %mask : tensor<64x!tt.ptr<f32>>
  %1 = arith.select %c, %0, %y : tensor<64xf32>
  tt.return %1 : tensor<64xf32>
}

// -----

// The select's condition must be the one the mask splats.
// CHECK-LABEL: tt.func @select_on_another_condition_stays
tt.func @select_on_another_condition_stays(%ptrs: tensor<64x!tt.ptr<f32>>, %c: i1, %other: i1, %y: tensor<64xf32>) -> tensor<64xf32> {
  // CHECK: tt.load
  // CHECK-NEXT: arith.select
  %mask = tt.splat %c : i1 -> tensor<64xi1>
  %0 = tt.load %ptrs, %mask : tensor<64x!tt.ptr<f32>>
  %1 = arith.select %other, %0, %y : tensor<64xf32>
  tt.return %1 : tensor<64xf32>
}

// -----

// 64-bit offsets may always be summed.
// CHECK-LABEL: tt.func @addptr_chain_i64
// LOC-LABEL: tt.func @addptr_chain_i64
tt.func @addptr_chain_i64(%p: tensor<64x!tt.ptr<f32>>, %a: tensor<64xi64>, %b: tensor<64xi64>) -> tensor<64x!tt.ptr<f32>> {
  // CHECK-NEXT: %[[SUM:.*]] = arith.addi %arg1, %arg2 : tensor<64xi64>
  // CHECK-NEXT: %[[P:.*]] = tt.addptr %arg0, %[[SUM]] {tt.divisibility = 16 : i32} : tensor<64x!tt.ptr<f32>>, tensor<64xi64>
  // CHECK-NEXT: tt.return %[[P]]
  // LOC: arith.addi {{.*}} loc(#[[FUSED:.*]])
  // LOC-NEXT: tt.addptr {{.*}} loc(#[[FUSED]])
  // LOC-DAG: #[[INNER:.*]] = loc("inner.py":1:1)
  // LOC-DAG: #[[OUTER:.*]] = loc("outer.py":2:2)
  // LOC: #[[FUSED]] = loc(fused[#[[OUTER]], #[[INNER]]])
  %0 = tt.addptr %p, %a : tensor<64x!tt.ptr<f32>>, tensor<64xi64> loc("inner.py":1:1)
  %1 = tt.addptr %0, %b {tt.divisibility = 16 : i32, other = 1 : i32} : tensor<64x!tt.ptr<f32>>, tensor<64xi64> loc("outer.py":2:2)
  tt.return %1 : tensor<64x!tt.ptr<f32>>
}

// -----

// 32-bit offsets are summed only when both are constants whose sum fits.
// CHECK-LABEL: tt.func @addptr_chain_i32_constants
tt.func @addptr_chain_i32_constants(%p: !tt.ptr<f32>, %n: i32) -> (!tt.ptr<f32>, !tt.ptr<f32>, tensor<8x!tt.ptr<f32>>) {
  // CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i32
  // CHECK-DAG: %[[MAX:.*]] = arith.constant 2147483647 : i32
  // CHECK-DAG: %[[SPLAT:.*]] = arith.constant dense<7> : tensor<8xi32>
  // CHECK: %[[P:.*]] = tt.addptr %arg0, %[[C3]] : !tt.ptr<f32>, i32
  // CHECK: %[[Q1:.*]] = tt.addptr %arg0, %[[MAX]] : !tt.ptr<f32>, i32
  // CHECK: %[[Q2:.*]] = tt.addptr %[[Q1]], %{{.*}} : !tt.ptr<f32>, i32
  // CHECK: %[[BASE:.*]] = tt.splat %arg0
  // CHECK: %[[R:.*]] = tt.addptr %[[BASE]], %[[SPLAT]] : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  // CHECK: tt.return %[[P]], %[[Q2]], %[[R]]
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %max = arith.constant 2147483647 : i32
  %0 = tt.addptr %p, %c1 : !tt.ptr<f32>, i32
  %1 = tt.addptr %0, %c2 : !tt.ptr<f32>, i32
  %2 = tt.addptr %p, %max : !tt.ptr<f32>, i32
  %3 = tt.addptr %2, %c1 : !tt.ptr<f32>, i32
  %base = tt.splat %p : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %s3 = tt.splat %c2 : i32 -> tensor<8xi32>
  %c5 = arith.constant dense<5> : tensor<8xi32>
  %4 = tt.addptr %base, %s3 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %5 = tt.addptr %4, %c5 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.return %1, %3, %5 : !tt.ptr<f32>, !tt.ptr<f32>, tensor<8x!tt.ptr<f32>>
}

// -----

// CHECK-LABEL: tt.func @addptr_chain_i32_variables_stays
tt.func @addptr_chain_i32_variables_stays(%p: !tt.ptr<f32>, %a: i32, %b: i32) -> !tt.ptr<f32> {
  // CHECK: tt.addptr %arg0, %arg1
  // CHECK-NEXT: tt.addptr %{{.*}}, %arg2
  %0 = tt.addptr %p, %a : !tt.ptr<f32>, i32
  %1 = tt.addptr %0, %b : !tt.ptr<f32>, i32
  tt.return %1 : !tt.ptr<f32>
}

// -----

// CHECK-LABEL: tt.func @broadcast_multiply_reduce
tt.func @broadcast_multiply_reduce(%x: tensor<32x16xf32>, %y: tensor<16x64xf32>) -> tensor<32x64xf32> {
  // The zero accumulator is a splat the greedy driver folds into a constant;
  // the dot has tf32 precision, as in Triton 3.6's ttir.
  // CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x64xf32>
  // CHECK-NEXT: %[[DOT:.*]] = tt.dot %arg0, %arg1, %[[ZERO]], inputPrecision = tf32 : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
  // CHECK-NEXT: tt.return %[[DOT]]
  %xe = tt.expand_dims %x {axis = 2 : i32} : tensor<32x16xf32> -> tensor<32x16x1xf32>
  %ye = tt.expand_dims %y {axis = 0 : i32} : tensor<16x64xf32> -> tensor<1x16x64xf32>
  %xb = tt.broadcast %xe : tensor<32x16x1xf32> -> tensor<32x16x64xf32>
  %yb = tt.broadcast %ye : tensor<1x16x64xf32> -> tensor<32x16x64xf32>
  %m = arith.mulf %xb, %yb : tensor<32x16x64xf32>
  %r = "tt.reduce"(%m) <{axis = 1 : i32}> ({
  ^bb0(%l: f32, %r: f32):
    %s = arith.addf %l, %r : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x16x64xf32>) -> tensor<32x64xf32>
  tt.return %r : tensor<32x64xf32>
}

// -----

// Reducing the product over another axis is no matrix product (Triton does
// not check the axis; trex does).
// CHECK-LABEL: tt.func @broadcast_multiply_reduce_other_axis_stays
tt.func @broadcast_multiply_reduce_other_axis_stays(%x: tensor<32x16xf32>, %y: tensor<16x64xf32>) -> tensor<16x64xf32> {
  // CHECK-NOT: tt.dot
  // CHECK: tt.reduce
  %xe = tt.expand_dims %x {axis = 2 : i32} : tensor<32x16xf32> -> tensor<32x16x1xf32>
  %ye = tt.expand_dims %y {axis = 0 : i32} : tensor<16x64xf32> -> tensor<1x16x64xf32>
  %xb = tt.broadcast %xe : tensor<32x16x1xf32> -> tensor<32x16x64xf32>
  %yb = tt.broadcast %ye : tensor<1x16x64xf32> -> tensor<32x16x64xf32>
  %m = arith.mulf %xb, %yb : tensor<32x16x64xf32>
  %r = "tt.reduce"(%m) <{axis = 0 : i32}> ({
  ^bb0(%l: f32, %r: f32):
    %s = arith.addf %l, %r : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x16x64xf32>) -> tensor<16x64xf32>
  tt.return %r : tensor<16x64xf32>
}

// -----

// CHECK-LABEL: tt.func @reshape_before_reduction_may_reorder
tt.func @reshape_before_reduction_may_reorder(%x: tensor<4x8xf32>) -> f32 {
  // CHECK: tt.reshape %arg0 allow_reorder : tensor<4x8xf32> -> tensor<32xf32>
  %0 = tt.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
  %1 = "tt.reduce"(%0) <{axis = 0 : i32}> ({
  ^bb0(%l: f32, %r: f32):
    %s = arith.addf %l, %r : f32
    tt.reduce.return %s : f32
  }) : (tensor<32xf32>) -> f32
  tt.return %1 : f32
}

// -----

// CHECK-LABEL: tt.func @reshape_with_other_users_stays_strict
tt.func @reshape_with_other_users_stays_strict(%x: tensor<4x8xf32>) -> tensor<32xf32> {
  // CHECK: tt.reshape %arg0 : tensor<4x8xf32> -> tensor<32xf32>
  %0 = tt.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
  tt.return %0 : tensor<32xf32>
}

// -----

// CHECK-LABEL: tt.func @rank_reduced_descriptor_load
tt.func @rank_reduced_descriptor_load(%d: !tt.tensordesc<tensor<1x16x32xf16>>, %i: i32) -> tensor<16x32xf16> {
  // CHECK-NEXT: %[[L:.*]] = tt.descriptor_load %arg0[%arg1, %arg1, %arg1] : !tt.tensordesc<tensor<1x16x32xf16>> -> tensor<16x32xf16>
  // CHECK-NEXT: tt.return %[[L]]
  %0 = tt.descriptor_load %d[%i, %i, %i] : !tt.tensordesc<tensor<1x16x32xf16>> -> tensor<1x16x32xf16>
  %1 = tt.reshape %0 : tensor<1x16x32xf16> -> tensor<16x32xf16>
  tt.return %1 : tensor<16x32xf16>
}
