// Malformed or ill-typed IR gives a located diagnostic and a nonzero exit, never a crash.
// RUN: not trex-opt %s -split-input-file 2>&1 | FileCheck %s

// CHECK: bad-input.mlir:[[@LINE+2]]:{{[0-9]+}}: error: custom op 'tt.no_such_op' is unknown
tt.func @unknown_op() {
  tt.no_such_op
  tt.return
}

// -----

// CHECK: bad-input.mlir:[[@LINE+2]]:{{[0-9]+}}: error: expected ':'
tt.func @missing_type(%x: i32) {
  %y = tt.splat %x -> tensor<16xi32>
  tt.return
}

// -----

// CHECK: bad-input.mlir:[[@LINE+2]]:{{[0-9]+}}: error: use of undeclared SSA value name
tt.func @undefined_value() {
  %y = tt.splat %nowhere : i32 -> tensor<16xi32>
  tt.return
}

// -----

// CHECK: bad-input.mlir:[[@LINE+1]]:{{[0-9]+}}: error: #ttg.blocked: missing field 'warpsPerCTA'
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], order = [0]}>

// -----

// CHECK: bad-input.mlir:[[@LINE+2]]:{{[0-9]+}}: error: 'tt.addptr' op operand #1 must be
tt.func @ill_typed(%p: !tt.ptr<f32>, %f: f32) {
  %q = tt.addptr %p, %f : !tt.ptr<f32>, f32
  tt.return
}

// -----

// An unterminated file stops at the end with a location too.
// CHECK: bad-input.mlir:{{[0-9]+}}:{{[0-9]+}}: error: expected
tt.func @unterminated() {
