// RUN: trex-opt %s -split-input-file -verify-diagnostics -triton-rewrite-tensor-descriptor-to-pointer | FileCheck %s
// triton-rewrite-tensor-descriptor-to-pointer splits descriptors into base,
// shape and strides and lowers descriptor accesses to masked accesses.

// Element (r, c) of the block at [i, j] is at base + (i + r) * sm + (j + c);
// both dimensions are checked against the shape (m, n, widened to i64) and
// masked-off lanes read zero.
// CHECK-LABEL: tt.func public @descriptor_load
tt.func public @descriptor_load(%base: !tt.ptr<f16>, %m: i32, %n: i32, %sm: i64, %i: i32, %j: i32) -> tensor<16x32xf16> {
  // CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i64
  // CHECK-DAG: %[[M:.*]] = arith.extsi %arg1 : i32 to i64
  // CHECK-DAG: %[[N:.*]] = arith.extsi %arg2 : i32 to i64
  // CHECK-DAG: %[[I:.*]] = arith.extsi %arg4 : i32 to i64
  // CHECK-DAG: %[[J:.*]] = arith.extsi %arg5 : i32 to i64
  // CHECK: %[[ROW:.*]] = tt.splat %[[I]] : i64 -> tensor<16xi64>
  // CHECK: %[[IDX0:.*]] = tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
  // CHECK: tt.splat %[[J]] : i64 -> tensor<32xi64>
  // CHECK: %[[IDX1:.*]] = tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
  // CHECK: %[[BASES:.*]] = tt.splat %arg0 : !tt.ptr<f16> -> tensor<16x32x!tt.ptr<f16>>
  // CHECK: %[[S0:.*]] = tt.splat %arg3 : i64 -> tensor<16x1xi64>
  // CHECK: arith.muli %[[IDX0]], %[[S0]] : tensor<16x1xi64>
  // CHECK: %[[P0:.*]] = tt.addptr %[[BASES]]
  // CHECK: %[[S1:.*]] = tt.splat %[[ONE]] : i64 -> tensor<1x32xi64>
  // CHECK: arith.muli %[[IDX1]], %[[S1]] : tensor<1x32xi64>
  // CHECK: %[[PTRS:.*]] = tt.addptr %[[P0]]
  // CHECK: tt.splat %[[M]] : i64 -> tensor<16x1xi64>
  // CHECK: %[[MASK0:.*]] = tt.broadcast %{{.*}} : tensor<16x1xi1> -> tensor<16x32xi1>
  // CHECK: tt.splat %[[N]] : i64 -> tensor<1x32xi64>
  // CHECK: %[[MASK1:.*]] = tt.broadcast %{{.*}} : tensor<1x32xi1> -> tensor<16x32xi1>
  // CHECK: %[[MASK:.*]] = arith.andi %[[MASK0]], %[[MASK1]] : tensor<16x32xi1>
  // CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16x32xf16>
  // CHECK: %[[V:.*]] = tt.load %[[PTRS]], %[[MASK]], %[[ZERO]] cacheModifier = cg : tensor<16x32x!tt.ptr<f16>>
  // CHECK: tt.return %[[V]]
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%m, %n], [%sm, %c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<16x32xf16>>
  %v = tt.descriptor_load %d[%i, %j] cacheModifier = cg : !tt.tensordesc<tensor<16x32xf16>> -> tensor<16x32xf16>
  tt.return %v : tensor<16x32xf16>
}

// -----

// CHECK-LABEL: tt.func public @descriptor_store
tt.func public @descriptor_store(%base: !tt.ptr<f32>, %n: i32, %i: i32, %v: tensor<64xf32>) {
  // CHECK: %[[PTRS:.*]] = tt.addptr
  // CHECK: %[[MASK:.*]] = tt.broadcast %{{.*}} : tensor<64xi1> -> tensor<64xi1>
  // CHECK-NEXT: tt.store %[[PTRS]], %arg3, %[[MASK]] : tensor<64x!tt.ptr<f32>>
  // CHECK-NOT: tt.make_tensor_descriptor
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%n], [%c1] : !tt.ptr<f32>, !tt.tensordesc<tensor<64xf32>>
  tt.descriptor_store %d[%i], %v : !tt.tensordesc<tensor<64xf32>>, tensor<64xf32>
  tt.return
}

// -----

// Descriptor arguments and call operands become their parts (pointer, shapes, strides).
// CHECK-LABEL: tt.func public @descriptor_arguments
// CHECK-SAME: (%arg0: !tt.ptr<f32>, %arg1: i64, %arg2: i64, %arg3: i32) -> tensor<64xf32>
// CHECK-NEXT: tt.call @helper(%arg0, %arg1, %arg2, %arg3) : (!tt.ptr<f32>, i64, i64, i32) -> tensor<64xf32>
// CHECK: tt.func private @helper(%arg0: !tt.ptr<f32>, %arg1: i64, %arg2: i64, %arg3: i32)
// CHECK: tt.splat %arg2 : i64 -> tensor<64xi64>
// CHECK: tt.splat %arg1 : i64 -> tensor<64xi64>
tt.func public @descriptor_arguments(%d: !tt.tensordesc<tensor<64xf32>>, %i: i32) -> tensor<64xf32> {
  %v = tt.call @helper(%d, %i) : (!tt.tensordesc<tensor<64xf32>>, i32) -> tensor<64xf32>
  tt.return %v : tensor<64xf32>
}
tt.func private @helper(%d: !tt.tensordesc<tensor<64xf32>>, %i: i32) -> tensor<64xf32> {
  %v = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<64xf32>> -> tensor<64xf32>
  tt.return %v : tensor<64xf32>
}

// -----

// A select between descriptors becomes an scf.if over the parts; loops carry
// the parts; a reduction becomes a masked atomic.
// CHECK-LABEL: tt.func public @select_loop_and_reduce
tt.func public @select_loop_and_reduce(%a: !tt.tensordesc<tensor<64xf32>>, %b: !tt.tensordesc<tensor<64xf32>>, %c: i1, %ub: i32, %v: tensor<64xf32>) {
  // CHECK: %[[SEL:.*]]:3 = scf.if %arg6 -> (!tt.ptr<f32>, i64, i64) {
  // CHECK-NEXT: scf.yield %arg0, %arg1, %arg2 : !tt.ptr<f32>, i64, i64
  // CHECK-NEXT: } else {
  // CHECK-NEXT: scf.yield %arg3, %arg4, %arg5 : !tt.ptr<f32>, i64, i64
  // CHECK: scf.for %{{.*}} iter_args(%[[P:.*]] = %[[SEL]]#0, %{{.*}} = %[[SEL]]#1, %{{.*}} = %[[SEL]]#2) -> (!tt.ptr<f32>, i64, i64)
  // CHECK: tt.splat %[[P]] : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  // CHECK: tt.atomic_rmw fadd, release, gpu, %{{.*}}, %arg8, %{{.*}} : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %d = arith.select %c, %a, %b : !tt.tensordesc<tensor<64xf32>>
  %r = scf.for %k = %c0 to %ub step %c1 iter_args(%e = %d) -> (!tt.tensordesc<tensor<64xf32>>) : i32 {
    tt.descriptor_reduce add, %e[%k], %v : !tt.tensordesc<tensor<64xf32>>, tensor<64xf32>
    scf.yield %e : !tt.tensordesc<tensor<64xf32>>
  }
  tt.return
}

// -----

// A gather reads rows x_offsets from column y on; the scatter writes them back.
// CHECK-LABEL: tt.func public @gather_and_scatter
tt.func public @gather_and_scatter(%d: !tt.tensordesc<tensor<1x128xbf16>>, %rows: tensor<32xi32>, %y: i32) {
  // CHECK: %[[R:.*]] = tt.expand_dims %arg5 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  // CHECK-NEXT: %[[RW:.*]] = arith.extsi %[[R]] : tensor<32x1xi32> to tensor<32x1xi64>
  // CHECK: tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<128xi64> -> tensor<1x128xi64>
  // CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x128xbf16>
  // CHECK: %[[T:.*]] = tt.load %{{.*}}, %{{.*}}, %[[ZERO]] : tensor<32x128x!tt.ptr<bf16>>
  // CHECK: tt.store %{{.*}}, %[[T]], %{{.*}} : tensor<32x128x!tt.ptr<bf16>>
  %t = tt.descriptor_gather %d[%rows, %y] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xbf16>
  tt.descriptor_scatter %d[%rows, %y], %t : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32, tensor<32x128xbf16>
  tt.return
}

// -----

// Signless integers have no min/max atomic to fall back on.
tt.func public @integer_min_reduction(%d: !tt.tensordesc<tensor<64xi32>>, %v: tensor<64xi32>, %i: i32) {
  // expected-error @below {{'tt.descriptor_reduce' op has no atomic fallback for min on 'i32'}}
  // expected-error @below {{failed to legalize operation 'tt.descriptor_reduce'}}
  tt.descriptor_reduce min, %d[%i], %v : !tt.tensordesc<tensor<64xi32>>, tensor<64xi32>
  tt.return
}
