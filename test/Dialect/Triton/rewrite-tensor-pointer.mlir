// RUN: trex-opt %s -split-input-file -verify-diagnostics -triton-rewrite-tensor-pointer | FileCheck %s
// triton-rewrite-tensor-pointer turns block pointers into i64 offsets and
// their accesses into tensor-of-pointer loads and stores with masks.

// The address of element (r, c) is base + (i + r) * sm + (j + c) * 1; only
// dimension 1 is bounds-checked, and its lanes read zero outside.
// CHECK-LABEL: tt.func @load_with_boundary_check
tt.func @load_with_boundary_check(%base: !tt.ptr<f16>, %m: i64, %n: i64, %sm: i64, %i: i32, %j: i32) -> tensor<16x32xf16> {
  // CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i64
  // CHECK-DAG: %[[I:.*]] = arith.extsi %arg4 : i32 to i64
  // CHECK-DAG: %[[J:.*]] = arith.extsi %arg5 : i32 to i64
  // CHECK: %[[BASES:.*]] = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x32x!tt.ptr<f16>>
  // CHECK: %[[ROW0:.*]] = tt.splat %[[I]] : i64 -> tensor<16xi64>
  // CHECK: %[[RANGE0:.*]] = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  // CHECK: %[[WIDE0:.*]] = arith.extsi %[[RANGE0]] : tensor<16xi32> to tensor<16xi64>
  // CHECK: %[[SUM0:.*]] = arith.addi %[[ROW0]], %[[WIDE0]] : tensor<16xi64>
  // CHECK: %[[IDX0:.*]] = tt.expand_dims %[[SUM0]] {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
  // CHECK: %[[STRIDE0:.*]] = tt.splat %arg3 : i64 -> tensor<16x1xi64>
  // CHECK: %[[OFF0:.*]] = arith.muli %[[IDX0]], %[[STRIDE0]] : tensor<16x1xi64>
  // CHECK: %[[B0:.*]] = tt.broadcast %[[OFF0]] : tensor<16x1xi64> -> tensor<16x32xi64>
  // CHECK: %[[P0:.*]] = tt.addptr %[[BASES]], %[[B0]] : tensor<16x32x!tt.ptr<f16>>, tensor<16x32xi64>
  // CHECK: %[[IDX1:.*]] = tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
  // CHECK: %[[STRIDE1:.*]] = tt.splat %[[ONE]] : i64 -> tensor<1x32xi64>
  // CHECK: %[[OFF1:.*]] = arith.muli %[[IDX1]], %[[STRIDE1]] : tensor<1x32xi64>
  // CHECK: %[[B1:.*]] = tt.broadcast %[[OFF1]] : tensor<1x32xi64> -> tensor<16x32xi64>
  // CHECK: %[[PTRS:.*]] = tt.addptr %[[P0]], %[[B1]] : tensor<16x32x!tt.ptr<f16>>, tensor<16x32xi64>
  // CHECK: %[[ZERO:.*]] = arith.constant 0 : i64
  // CHECK: %[[LOW:.*]] = tt.splat %[[ZERO]] : i64 -> tensor<1x32xi64>
  // CHECK: %[[GE:.*]] = arith.cmpi sge, %[[IDX1]], %[[LOW]] : tensor<1x32xi64>
  // CHECK: %[[HIGH:.*]] = tt.splat %arg2 : i64 -> tensor<1x32xi64>
  // CHECK: %[[LT:.*]] = arith.cmpi slt, %[[IDX1]], %[[HIGH]] : tensor<1x32xi64>
  // CHECK: %[[IN:.*]] = arith.andi %[[GE]], %[[LT]] : tensor<1x32xi1>
  // CHECK: %[[MASK:.*]] = tt.broadcast %[[IN]] : tensor<1x32xi1> -> tensor<16x32xi1>
  // CHECK: %[[PAD:.*]] = arith.constant 0.000000e+00 : f16
  // CHECK: %[[OTHER:.*]] = tt.splat %[[PAD]] : f16 -> tensor<16x32xf16>
  // CHECK: %[[V:.*]] = tt.load %[[PTRS]], %[[MASK]], %[[OTHER]] : tensor<16x32x!tt.ptr<f16>>
  // CHECK: tt.return %[[V]]
  %c1 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%m, %n], [%sm, %c1], [%i, %j] {order = array<i32: 1, 0>} : <tensor<16x32xf16>>
  %v = tt.load %p {boundaryCheck = array<i32: 1>, padding = 1 : i32} : !tt.ptr<tensor<16x32xf16>>
  tt.return %v : tensor<16x32xf16>
}

// -----

// Both dimensions checked: the masks are and-ed; padding = nan reads NaN.
// CHECK-LABEL: tt.func @load_with_nan_padding
tt.func @load_with_nan_padding(%base: !tt.ptr<f32>, %m: i64, %n: i64, %i: i32) -> tensor<8x8xf32> {
  // CHECK: %[[M0:.*]] = tt.broadcast %{{.*}} : tensor<8x1xi1> -> tensor<8x8xi1>
  // CHECK: %[[M1:.*]] = tt.broadcast %{{.*}} : tensor<1x8xi1> -> tensor<8x8xi1>
  // CHECK: %[[MASK:.*]] = arith.andi %[[M0]], %[[M1]] : tensor<8x8xi1>
  // CHECK: %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
  // CHECK: %[[OTHER:.*]] = tt.splat %[[NAN]] : f32 -> tensor<8x8xf32>
  // CHECK: tt.load %{{.*}}, %[[MASK]], %[[OTHER]] : tensor<8x8x!tt.ptr<f32>>
  %c1 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%m, %n], [%n, %c1], [%i, %i] {order = array<i32: 1, 0>} : <tensor<8x8xf32>>
  %v = tt.load %p {boundaryCheck = array<i32: 0, 1>, padding = 2 : i32} : !tt.ptr<tensor<8x8xf32>>
  tt.return %v : tensor<8x8xf32>
}

// -----

// Without boundaryCheck the access is unmasked; tt.advance adds to the offsets.
// CHECK-LABEL: tt.func @advance_then_store
tt.func @advance_then_store(%base: !tt.ptr<f32>, %n: i64, %v: tensor<64xf32>, %d: i32) {
  // CHECK: %[[START:.*]] = arith.extsi %c0_i32 : i32 to i64
  // CHECK: %[[DELTA:.*]] = arith.extsi %arg3 : i32 to i64
  // CHECK: %[[MOVED:.*]] = arith.addi %[[START]], %[[DELTA]] : i64
  // CHECK: tt.splat %[[MOVED]] : i64 -> tensor<64xi64>
  // CHECK: %[[PTRS:.*]] = tt.addptr
  // CHECK-NEXT: tt.store %[[PTRS]], %arg2 : tensor<64x!tt.ptr<f32>>
  // CHECK-NOT: tt.make_tensor_ptr
  // CHECK-NOT: tt.advance
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%n], [%c1], [%c0] {order = array<i32: 0>} : <tensor<64xf32>>
  %q = tt.advance %p, [%d] : <tensor<64xf32>>
  tt.store %q, %v : !tt.ptr<tensor<64xf32>>
  tt.return
}

// -----

// A loop carrying a block pointer carries its i64 offset instead.
// CHECK-LABEL: tt.func @loop_carried_block_pointer
tt.func @loop_carried_block_pointer(%base: !tt.ptr<f32>, %n: i64, %ub: i32) -> tensor<64xf32> {
  // CHECK: %[[START:.*]] = arith.extsi %c0_i32 : i32 to i64
  // CHECK: %[[LOOP:.*]]:2 = scf.for %{{.*}} = %c0_i32 to %arg2 step %c1_i32 iter_args(%[[OFF:.*]] = %[[START]], %[[ACC:.*]] = %cst) -> (i64, tensor<64xf32>)
  // CHECK: tt.splat %[[OFF]] : i64 -> tensor<64xi64>
  // CHECK: %[[V:.*]] = tt.load %{{.*}} : tensor<64x!tt.ptr<f32>>
  // CHECK: %[[SUM:.*]] = arith.addf %[[ACC]], %[[V]]
  // CHECK: %[[STEP:.*]] = arith.extsi %c64_i32 : i32 to i64
  // CHECK: %[[NEXT:.*]] = arith.addi %[[OFF]], %[[STEP]] : i64
  // CHECK: scf.yield %[[NEXT]], %[[SUM]] : i64, tensor<64xf32>
  // CHECK: tt.return %[[LOOP]]#1
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c1_i64 = arith.constant 1 : i64
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %p = tt.make_tensor_ptr %base, [%n], [%c1_i64], [%c0] {order = array<i32: 0>} : <tensor<64xf32>>
  %r:2 = scf.for %k = %c0 to %ub step %c1 iter_args(%q = %p, %acc = %zero) -> (!tt.ptr<tensor<64xf32>>, tensor<64xf32>) : i32 {
    %v = tt.load %q : !tt.ptr<tensor<64xf32>>
    %s = arith.addf %acc, %v : tensor<64xf32>
    %next = tt.advance %q, [%c64] : <tensor<64xf32>>
    scf.yield %next, %s : !tt.ptr<tensor<64xf32>>, tensor<64xf32>
  }
  tt.return %r#1 : tensor<64xf32>
}

// -----

// The block pointer a loop returns is its final offsets.
// CHECK-LABEL: tt.func @block_pointer_after_loop
tt.func @block_pointer_after_loop(%base: !tt.ptr<f32>, %n: i64, %ub: i32) -> tensor<64xf32> {
  // CHECK: %[[LOOP:.*]] = scf.for {{.*}} -> (i64) : i32
  // CHECK: tt.splat %[[LOOP]] : i64 -> tensor<64xi64>
  // CHECK: tt.load
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c1_i64 = arith.constant 1 : i64
  %c64 = arith.constant 64 : i32
  %p = tt.make_tensor_ptr %base, [%n], [%c1_i64], [%c0] {order = array<i32: 0>} : <tensor<64xf32>>
  %r = scf.for %k = %c0 to %ub step %c1 iter_args(%q = %p) -> (!tt.ptr<tensor<64xf32>>) : i32 {
    %next = tt.advance %q, [%c64] : <tensor<64xf32>>
    scf.yield %next : !tt.ptr<tensor<64xf32>>
  }
  %v = tt.load %r : !tt.ptr<tensor<64xf32>>
  tt.return %v : tensor<64xf32>
}

// -----

// An scf.if choosing between block pointers yields offsets.
// CHECK-LABEL: tt.func @if_yielding_block_pointer
tt.func @if_yielding_block_pointer(%base: !tt.ptr<f32>, %n: i64, %c: i1, %d: i32) -> tensor<64xf32> {
  // CHECK: %[[START:.*]] = arith.extsi %c0_i32 : i32 to i64
  // CHECK: %[[IF:.*]] = scf.if %arg2 -> (i64) {
  // CHECK: %[[MOVED:.*]] = arith.addi %[[START]], %{{.*}} : i64
  // CHECK: scf.yield %[[MOVED]] : i64
  // CHECK: } else {
  // CHECK: scf.yield %[[START]] : i64
  // CHECK: tt.splat %[[IF]] : i64 -> tensor<64xi64>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%n], [%c1], [%c0] {order = array<i32: 0>} : <tensor<64xf32>>
  %q = scf.if %c -> (!tt.ptr<tensor<64xf32>>) {
    %a = tt.advance %p, [%d] : <tensor<64xf32>>
    scf.yield %a : !tt.ptr<tensor<64xf32>>
  } else {
    scf.yield %p : !tt.ptr<tensor<64xf32>>
  }
  %v = tt.load %q : !tt.ptr<tensor<64xf32>>
  tt.return %v : tensor<64xf32>
}

// -----

// Loads and stores through tensors of pointers are left alone.
// CHECK-LABEL: tt.func @ordinary_pointers_stay
tt.func @ordinary_pointers_stay(%ptrs: tensor<64x!tt.ptr<f32>>) {
  // CHECK-NEXT: %[[V:.*]] = tt.load %arg0 : tensor<64x!tt.ptr<f32>>
  // CHECK-NEXT: tt.store %arg0, %[[V]] : tensor<64x!tt.ptr<f32>>
  %v = tt.load %ptrs : tensor<64x!tt.ptr<f32>>
  tt.store %ptrs, %v : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// scf.while cannot carry a block pointer through the rewrite.
tt.func @while_carrying_block_pointer(%base: !tt.ptr<f32>, %n: i64, %c: i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %p = tt.make_tensor_ptr %base, [%n], [%c1], [%c0] {order = array<i32: 0>} : <tensor<64xf32>>
  // expected-error @below {{'scf.while' op carries a block pointer; only scf.for and scf.if can carry one through triton-rewrite-tensor-pointer}}
  %r = scf.while (%q = %p) : (!tt.ptr<tensor<64xf32>>) -> !tt.ptr<tensor<64xf32>> {
    scf.condition(%c) %q : !tt.ptr<tensor<64xf32>>
  } do {
  ^bb0(%q: !tt.ptr<tensor<64xf32>>):
    scf.yield %q : !tt.ptr<tensor<64xf32>>
  }
  tt.return
}
