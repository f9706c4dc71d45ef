// RUN: trex-opt %s -split-input-file --proton-instrument-loops | FileCheck %s

// Each top-level loop gets a scope loopN; what follows the last loop, an epilogue scope. The
// nested loop gets none.
// CHECK-LABEL: tt.func public @two_loops
// CHECK: proton.record start "loop0"
// CHECK-NEXT: scf.for
// CHECK-NOT: proton.record
// CHECK: proton.record end "loop0"
// CHECK-NEXT: proton.record start "loop1"
// CHECK-NEXT: scf.for
// CHECK: proton.record end "loop1"
// CHECK-NEXT: proton.record start "epilogue"
// CHECK-NEXT: tt.store
// CHECK-NEXT: proton.record end "epilogue"
// CHECK-NEXT: tt.return
module {
  tt.func public @two_loops(%p: !tt.ptr<i32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
      %inner = scf.for %j = %c0 to %n step %c1 iter_args(%x = %acc) -> (i32) : i32 {
        %y = arith.addi %x, %j : i32
        scf.yield %y : i32
      }
      scf.yield %inner : i32
    }
    %b = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (i32) : i32 {
      %y = arith.addi %acc, %i : i32
      scf.yield %y : i32
    }
    tt.store %p, %b : !tt.ptr<i32>
    tt.return
  }
}

// -----

// A kernel with scopes of its own, or without a loop, is left alone.
// CHECK-LABEL: tt.func public @annotated
// CHECK: proton.record start "mine"
// CHECK-NOT: loop0
// CHECK-LABEL: tt.func public @no_loop
// CHECK-NOT: proton.record
module {
  tt.func public @annotated(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    proton.record start "mine"
    scf.for %i = %c0 to %n step %c1 : i32 {
    }
    proton.record end "mine"
    tt.return
  }
  tt.func public @no_loop() {
    tt.return
  }
}
