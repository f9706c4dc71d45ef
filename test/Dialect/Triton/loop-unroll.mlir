// RUN: trex-opt %s -split-input-file -triton-loop-unroll | FileCheck %s
// triton-loop-unroll unrolls exactly the loops marked with tt.loop_unroll_factor > 1.

// Dynamic bounds: a main loop stepping by 2 * step with the body twice, then
// an epilogue loop for the leftover iteration, which must not be pipelined.
// CHECK-LABEL: tt.func @unroll_by_two
tt.func @unroll_by_two(%ptr: !tt.ptr<f32>, %ub: i32, %v: f32) {
  // CHECK: %[[STEP:.*]] = arith.muli %c1_i32, %c2_i32 : i32
  // CHECK-NEXT: scf.for %{{.*}} = %c0_i32 to %[[SPLIT:.*]] step %[[STEP]] : i32 {
  // CHECK-NEXT: tt.store
  // CHECK-NEXT: tt.store
  // CHECK-NEXT: }
  // CHECK-NEXT: scf.for %{{.*}} = %[[SPLIT]] to %arg1 step %c1_i32 : i32 {
  // CHECK-NEXT: tt.store
  // CHECK-NEXT: } {tt.num_stages = 1 : i32}
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %ub step %c1 : i32 {
    tt.store %ptr, %v : !tt.ptr<f32>
  } {tt.loop_unroll_factor = 2 : i32}
  tt.return
}

// -----

// Constant bounds that divide evenly: no epilogue is needed.
// CHECK-LABEL: tt.func @unroll_evenly
tt.func @unroll_evenly(%ptr: !tt.ptr<i32>) {
  // CHECK: scf.for %{{.*}} = %c0_i32 to %c8_i32 step %c4_i32
  // CHECK-COUNT-4: tt.store
  // CHECK-NEXT: }
  // CHECK-NEXT: tt.return
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    tt.store %ptr, %i : !tt.ptr<i32>
  } {tt.loop_unroll_factor = 4 : i32}
  tt.return
}

// -----

// Unmarked loops and loops marked with factor 1 keep their body once.
// CHECK-LABEL: tt.func @unmarked_loops_stay
tt.func @unmarked_loops_stay(%ptr: !tt.ptr<f32>, %ub: i32, %v: f32) {
  // CHECK: scf.for
  // CHECK-NEXT: tt.store
  // CHECK-NEXT: }
  // CHECK: scf.for
  // CHECK-NEXT: tt.store
  // CHECK-NEXT: } {tt.loop_unroll_factor = 1 : i32}
  // CHECK-NEXT: tt.return
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %ub step %c1 : i32 {
    tt.store %ptr, %v : !tt.ptr<f32>
  }
  scf.for %i = %c0 to %ub step %c1 : i32 {
    tt.store %ptr, %v : !tt.ptr<f32>
  } {tt.loop_unroll_factor = 1 : i32}
  tt.return
}
