// RUN: trex-opt %s -split-input-file -triton-licm | FileCheck %s
// triton-licm hoists loop invariants, and loads of invariant addresses out of
// loops that write no memory, predicated on the loop running.

// CHECK-LABEL: tt.func @hoist_invariant_load
tt.func @hoist_invariant_load(%ptrs: tensor<64x!tt.ptr<f32>>, %lb: i32, %ub: i32, %zero: tensor<64xf32>) -> tensor<64xf32> {
  // CHECK: %[[RUNS:.*]] = arith.cmpi slt, %arg1, %arg2 : i32
  // CHECK-NEXT: %[[MASK:.*]] = tt.splat %[[RUNS]] : i1 -> tensor<64xi1>
  // CHECK-NEXT: %[[V:.*]] = tt.load %arg0, %[[MASK]] : tensor<64x!tt.ptr<f32>>
  // CHECK-NEXT: scf.for
  // CHECK-NEXT: arith.addf %{{.*}}, %[[V]]
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %zero) -> (tensor<64xf32>) : i32 {
    %v = tt.load %ptrs : tensor<64x!tt.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<64xf32>
    scf.yield %s : tensor<64xf32>
  }
  tt.return %r : tensor<64xf32>
}

// -----

// An existing mask is combined with the predicate.
// CHECK-LABEL: tt.func @hoist_masked_load
tt.func @hoist_masked_load(%ptrs: tensor<64x!tt.ptr<f32>>, %m: tensor<64xi1>, %ub: i32, %zero: tensor<64xf32>) -> tensor<64xf32> {
  // CHECK: %[[RUNS:.*]] = arith.cmpi slt, %c0_i32, %arg2 : i32
  // CHECK-NEXT: %[[P:.*]] = tt.splat %[[RUNS]] : i1 -> tensor<64xi1>
  // CHECK-NEXT: %[[MASK:.*]] = arith.andi %[[P]], %arg1 : tensor<64xi1>
  // CHECK-NEXT: tt.load %arg0, %[[MASK]], %arg3 : tensor<64x!tt.ptr<f32>>
  // CHECK-NEXT: scf.for
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %zero) -> (tensor<64xf32>) : i32 {
    %v = tt.load %ptrs, %m, %zero : tensor<64x!tt.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<64xf32>
    scf.yield %s : tensor<64xf32>
  }
  tt.return %r : tensor<64xf32>
}

// -----

// A loop that stores may change what the load reads: the load stays, the
// pure invariant computation still leaves.
// CHECK-LABEL: tt.func @load_in_writing_loop_stays
tt.func @load_in_writing_loop_stays(%ptrs: tensor<64x!tt.ptr<f32>>, %x: f32, %ub: i32) {
  // CHECK: %[[S:.*]] = arith.mulf %arg1, %arg1 : f32
  // CHECK-NEXT: tt.splat %[[S]]
  // CHECK-NEXT: scf.for
  // CHECK-NEXT: %[[V:.*]] = tt.load %arg0 : tensor<64x!tt.ptr<f32>>
  // CHECK: tt.store
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %ub step %c1 : i32 {
    %s = arith.mulf %x, %x : f32
    %v = tt.load %ptrs : tensor<64x!tt.ptr<f32>>
    %t = tt.splat %s : f32 -> tensor<64xf32>
    %w = arith.addf %v, %t : tensor<64xf32>
    tt.store %ptrs, %w : tensor<64x!tt.ptr<f32>>
  }
  tt.return
}

// -----

// Loads whose address depends on the induction variable stay.
// CHECK-LABEL: tt.func @variant_load_stays
tt.func @variant_load_stays(%p: !tt.ptr<f32>, %ub: i32, %zero: f32) -> f32 {
  // CHECK: scf.for
  // CHECK-NEXT: tt.addptr
  // CHECK-NEXT: tt.load
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
    %q = tt.addptr %p, %i : !tt.ptr<f32>, i32
    %v = tt.load %q : !tt.ptr<f32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  tt.return %r : f32
}

// -----

// Inner loops first: what leaves the inner loop leaves the outer one too.
// CHECK-LABEL: tt.func @nested_loops
tt.func @nested_loops(%x: i32, %ub: i32, %ptr: !tt.ptr<i32>) {
  // CHECK: arith.muli %arg0, %arg0
  // CHECK-NEXT: scf.for
  // CHECK-NEXT: scf.for
  // CHECK-NEXT: tt.store
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %ub step %c1 : i32 {
    scf.for %j = %c0 to %ub step %c1 : i32 {
      %s = arith.muli %x, %x : i32
      tt.store %ptr, %s : !tt.ptr<i32>
    }
  }
  tt.return
}
