// RUN: trex-opt %s --simplify-call-site-locations -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s

// Call sites whose callee has no file (the standard library is compiled from memory) become
// their caller; nested callees are flattened; call sites with a file stay.

// CHECK-LABEL: llvm.func @kernel
llvm.func @kernel(%x: f32) -> f32 {
  // CHECK: llvm.fadd {{.*}} loc("k.py":5:7)
  %0 = llvm.fadd %x, %x : f32 loc(callsite(unknown at "k.py":5:7))
  // CHECK: llvm.fmul {{.*}} loc("rows"("k.py":6:3))
  %1 = llvm.fmul %0, %x : f32 loc(callsite(unknown at callsite(unknown at "rows"("k.py":6:3))))
  // CHECK: llvm.fsub {{.*}} loc(callsite("lib.py":10:2 at "k.py":7:1))
  %2 = llvm.fsub %1, %x : f32 loc(callsite("lib.py":10:2 at "k.py":7:1))
  // CHECK: llvm.fdiv {{.*}} loc(callsite("lib.py":1:1 at callsite("lib.py":2:2 at "k.py":8:1)))
  %3 = llvm.fdiv %2, %x : f32 loc(callsite(callsite("lib.py":1:1 at "lib.py":2:2) at "k.py":8:1))
  llvm.return %3 : f32 loc("k.py":9:1)
} loc("k.py":4:0)
