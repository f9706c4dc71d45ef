// RUN: trex-opt %s -split-input-file --triton-loop-aware-cse | FileCheck %s
// triton-loop-aware-cse merges loop-carried values that start equal and are
// updated the same way.

// CHECK-LABEL: tt.func @equal_iter_args
tt.func @equal_iter_args(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (i32)
  // CHECK-NEXT: %[[N:.*]] = arith.addi %[[A]], %{{.*}} : i32
  // CHECK-NEXT: scf.yield %[[N]] : i32
  // CHECK: tt.return %[[R]], %[[R]]
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %b = %c0) -> (i32, i32) : i32 {
    %a1 = arith.addi %a, %c1 : i32
    %b1 = arith.addi %b, %c1 : i32
    scf.yield %a1, %b1 : i32, i32
  }
  tt.return %r#0, %r#1 : i32, i32
}

// -----

// Different updates keep both values.
// CHECK-LABEL: tt.func @different_updates
tt.func @different_updates(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  // CHECK: scf.for {{.*}} -> (i32, i32)
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %b = %c0) -> (i32, i32) : i32 {
    %a1 = arith.addi %a, %c1 : i32
    %b1 = arith.addi %b, %c2 : i32
    scf.yield %a1, %b1 : i32, i32
  }
  tt.return %r#0, %r#1 : i32, i32
}
