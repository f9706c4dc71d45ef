// RUN: trex-opt %s -split-input-file -inline -symbol-dce | FileCheck %s
// MLIR's inliner inlines tt.call into private tt.func helpers through the tt
// dialect's inliner interface; symbol-dce then drops the helpers.

// CHECK-LABEL: tt.func public @single_block_helper
// CHECK-NEXT: %[[S:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: tt.return %[[S]] : i32
// CHECK-NOT: @double
tt.func public @single_block_helper(%x: i32) -> i32 {
  %0 = tt.call @double(%x) : (i32) -> i32
  tt.return %0 : i32
}
tt.func private @double(%a: i32) -> i32 attributes {noinline = false} {
  %0 = arith.addi %a, %a : i32
  tt.return %0 : i32
}

// -----

// A helper with structured control flow keeps it.
// CHECK-LABEL: tt.func public @helper_with_loop
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %arg1) -> (f32)
// CHECK: arith.addf %[[ACC]]
// CHECK: tt.return %[[R]] : f32
// CHECK-NOT: @accumulate
tt.func public @helper_with_loop(%n: i32, %x: f32) -> f32 {
  %0 = tt.call @accumulate(%n, %x) : (i32, f32) -> f32
  tt.return %0 : f32
}
tt.func private @accumulate(%n: i32, %x: f32) -> f32 attributes {noinline = false} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f32) : i32 {
    %s = arith.addf %acc, %x : f32
    scf.yield %s : f32
  }
  tt.return %r : f32
}

// -----

// A helper with several blocks: each tt.return becomes a branch to the
// block that continues after the call.
// CHECK-LABEL: tt.func public @multi_block_helper
// CHECK: cf.cond_br %arg0, ^[[THEN:.*]], ^[[ELSE:bb[0-9]+]]
// CHECK: ^[[THEN]]:
// CHECK-NEXT: tt.store %arg3, %arg1
// CHECK-NEXT: cf.br ^[[AFTER:bb[0-9]+]](%arg1 : i32)
// CHECK: ^[[ELSE]]:
// CHECK-NEXT: tt.store %arg3, %arg2
// CHECK-NEXT: cf.br ^[[AFTER]](%arg2 : i32)
// CHECK: ^[[AFTER]](%[[R:.*]]: i32):
// CHECK-NEXT: tt.return %[[R]] : i32
// CHECK-NOT: @choose
tt.func public @multi_block_helper(%c: i1, %a: i32, %b: i32, %p: !tt.ptr<i32>) -> i32 {
  %0 = tt.call @choose(%c, %a, %b, %p) : (i1, i32, i32, !tt.ptr<i32>) -> i32
  tt.return %0 : i32
}
tt.func private @choose(%c: i1, %a: i32, %b: i32, %p: !tt.ptr<i32>) -> i32 attributes {noinline = false} {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  tt.store %p, %a : !tt.ptr<i32>
  tt.return %a : i32
^bb2:
  tt.store %p, %b : !tt.ptr<i32>
  tt.return %b : i32
}

// -----

// Helpers called from a region (a reduce's combiner) are inlined there.
// CHECK-LABEL: tt.func public @helper_in_combiner
// CHECK: "tt.reduce"
// CHECK: %[[M:.*]] = arith.maxnumf
// CHECK-NEXT: tt.reduce.return %[[M]] : f32
// CHECK-NOT: @maximum
tt.func public @helper_in_combiner(%x: tensor<64xf32>) -> f32 {
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%l: f32, %r: f32):
    %m = tt.call @maximum(%l, %r) : (f32, f32) -> f32
    tt.reduce.return %m : f32
  }) : (tensor<64xf32>) -> f32
  tt.return %0 : f32
}
tt.func private @maximum(%a: f32, %b: f32) -> f32 attributes {noinline = false} {
  %0 = arith.maxnumf %a, %b : f32
  tt.return %0 : f32
}

// -----

// @triton.jit(noinline=True) helpers stay called, and stay defined.
// CHECK-LABEL: tt.func public @noinline_helper
// CHECK-NEXT: tt.call @opaque(%arg0) : (i32) -> i32
// CHECK: tt.func private @opaque
tt.func public @noinline_helper(%x: i32) -> i32 {
  %0 = tt.call @opaque(%x) : (i32) -> i32
  tt.return %0 : i32
}
tt.func private @opaque(%a: i32) -> i32 attributes {noinline = true} {
  %0 = arith.muli %a, %a : i32
  tt.return %0 : i32
}
