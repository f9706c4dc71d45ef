// REQUIRES: mlir-runner
// RUN: trex-opt %s --tritongpu-fuse-nested-loops --canonicalize | mlir-opt --convert-scf-to-cf --arith-expand --convert-to-llvm --reconcile-unrealized-casts | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils | FileCheck %s
// RUN: mlir-opt %s --convert-scf-to-cf --arith-expand --convert-to-llvm --reconcile-unrealized-casts | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils | FileCheck %s
// tritongpu-fuse-nested-loops keeps what a loop nest computes: the fused nests (outer iter_arg,
// prologue values read by the inner body and the epilogue, an op only the epilogue reads, an
// empty and a negative-length inner loop, no outer iteration, inner bounds from the outer
// induction variable) give the original nests' results, run on the host.
// CHECK: 412730
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 340
// CHECK-NEXT: 0
module {
  func.func @nest(%lb: i32, %ub: i32, %step: i32, %n: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c7 = arith.constant 7 : i32
    %r = scf.for %i = %lb to %ub step %step iter_args(%total = %c0) -> (i32) : i32 {
      %base = arith.muli %i, %c7 : i32
      %only = arith.addi %i, %c1 : i32
      %sum = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
        %x = arith.addi %base, %j : i32
        %x2 = arith.muli %x, %x : i32
        %y = arith.addi %acc, %x2 : i32
        scf.yield %y : i32
      }
      %w = arith.muli %sum, %only : i32
      %t = arith.addi %total, %w : i32
      scf.yield %t : i32
    } {tt.flatten}
    return %r : i32
  }
  func.func @dep(%n: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%total = %c0) -> (i32) : i32 {
      %lower = arith.muli %i, %c2 : i32
      %upper = arith.addi %lower, %i : i32
      %upper1 = arith.addi %upper, %c1 : i32
      %runs = arith.cmpi sgt, %upper1, %lower : i32
      llvm.intr.assume %runs : i1
      %sum = scf.for %j = %lower to %upper1 step %c1 iter_args(%acc = %total) -> (i32) : i32 {
        %x = arith.muli %j, %j : i32
        %y = arith.addi %acc, %x : i32
        %z = arith.addi %y, %i : i32
        scf.yield %z : i32
      }
      scf.yield %sum : i32
    } {tt.flatten}
    return %r : i32
  }
  func.func private @printI64(i64)
  func.func private @printNewline()
  func.func @main() {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %c5 = arith.constant 5 : i32
    %c11 = arith.constant 11 : i32
    %c4 = arith.constant 4 : i32
    %m1 = arith.constant -2 : i32
    %a = func.call @nest(%c1, %c11, %c3, %c5) : (i32, i32, i32, i32) -> i32
    %b = func.call @nest(%c1, %c11, %c3, %c0) : (i32, i32, i32, i32) -> i32
    %c = func.call @nest(%c0, %c0, %c3, %c5) : (i32, i32, i32, i32) -> i32
    %d = func.call @dep(%c4) : (i32) -> i32
    %e = func.call @nest(%c1, %c11, %c3, %m1) : (i32, i32, i32, i32) -> i32
    %a64 = arith.extsi %a : i32 to i64
    %b64 = arith.extsi %b : i32 to i64
    %c64 = arith.extsi %c : i32 to i64
    %d64 = arith.extsi %d : i32 to i64
    %e64 = arith.extsi %e : i32 to i64
    func.call @printI64(%a64) : (i64) -> ()
    func.call @printNewline() : () -> ()
    func.call @printI64(%b64) : (i64) -> ()
    func.call @printNewline() : () -> ()
    func.call @printI64(%c64) : (i64) -> ()
    func.call @printNewline() : () -> ()
    func.call @printI64(%d64) : (i64) -> ()
    func.call @printNewline() : () -> ()
    func.call @printI64(%e64) : (i64) -> ()
    func.call @printNewline() : () -> ()
    return
  }
}
