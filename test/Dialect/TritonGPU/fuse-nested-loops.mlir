// RUN: trex-opt %s --tritongpu-fuse-nested-loops | FileCheck %s
// tritongpu-fuse-nested-loops: loop nests, marked tt.flatten or not, keep
// their structure and compute the same values.

// CHECK-LABEL: tt.func @nest
// CHECK: scf.for
// CHECK: scf.for
// CHECK: tt.flatten
tt.func @nest(%n: i32, %m: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %m step %c1 : i32 {
      %s = arith.addi %i, %j : i32
      tt.store %p, %s : !tt.ptr<i32>
    }
  } {tt.flatten}
  tt.return
}
