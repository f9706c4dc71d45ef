// RUN: trex-opt %s -split-input-file --convert-triton-to-tritongpu="target=cuda:90 num-warps=4" | FileCheck %s
// RUN: trex-opt %s -split-input-file --convert-triton-to-tritongpu="target=hip:gfx942 num-warps=8 threads-per-warp=64" | FileCheck %s --check-prefix=AMD
// convert-triton-to-tritongpu gives every tensor Triton's default blocked
// layout for its shape and ties the layouts of reduce, expand_dims,
// broadcast, trans, join and dot to their operands'.

// One element per thread: 32 lanes and 4 warps along the only dimension
// (64 lanes and 8 warps for the AMD options).
// AMD: #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [8], order = [0]}>
// AMD: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32}
// CHECK: #[[B1:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}
// CHECK-LABEL: tt.func @elementwise_1d
tt.func @elementwise_1d(%p: !tt.ptr<f32>, %n: i32) {
  // CHECK: tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #[[B1]]>
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  // CHECK: tt.splat %arg1 : i32 -> tensor<1024xi32, #[[B1]]>
  %ns = tt.splat %n : i32 -> tensor<1024xi32>
  // CHECK: arith.cmpi slt, {{.*}} : tensor<1024xi32, #[[B1]]>
  %m = arith.cmpi slt, %r, %ns : tensor<1024xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %a = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  // CHECK: arith.constant dense<0.000000e+00> : tensor<1024xf32, #[[B1]]>
  %z = arith.constant dense<0.0> : tensor<1024xf32>
  // CHECK: tt.load {{.*}} : tensor<1024x!tt.ptr<f32>, #[[B1]]>
  %v = tt.load %a, %m, %z : tensor<1024x!tt.ptr<f32>>
  // CHECK: math.exp {{.*}} : tensor<1024xf32, #[[B1]]>
  %e = math.exp %v : tensor<1024xf32>
  tt.store %a, %e, %m : tensor<1024x!tt.ptr<f32>>
  tt.return
}

// -----

// 2-D, row-major: the 64 columns take the 32 lanes and 2 warps, the rows
// the remaining 2 warps. Reductions produce slices along their axis.
// CHECK: #[[B:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-LABEL: tt.func @reduce_both_axes
tt.func @reduce_both_axes(%x: tensor<128x64xf32>) -> (tensor<64xf32>, tensor<128xf32>) {
  // CHECK: "tt.reduce"(%{{.*}}) <{axis = 0 : i32}>
  // CHECK: (tensor<128x64xf32, #[[B]]>) -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #[[B]]}>>
  %cols = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<128x64xf32>) -> tensor<64xf32>
  // The function returns tensors in their default layout: the slices are
  // converted where they are defined.
  // CHECK: ttg.convert_layout %{{.*}} : tensor<64xf32, #ttg.slice<{dim = 0, parent = #[[B]]}>> -> tensor<64xf32, #{{.*}}>
  // CHECK: "tt.reduce"(%{{.*}}) <{axis = 1 : i32}>
  // CHECK: (tensor<128x64xf32, #[[B]]>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #[[B]]}>>
  %rows = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.maxnumf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<128x64xf32>) -> tensor<128xf32>
  // CHECK: ttg.convert_layout %{{.*}} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #[[B]]}>> -> tensor<128xf32, #{{.*}}>
  // CHECK: tt.return
  tt.return %cols, %rows : tensor<64xf32>, tensor<128xf32>
}

// -----

// x[:, None] + y[None, :]: expand_dims reads a slice of a 2-D layout with
// the order 0, 1, ...; every consumer reads its operands in the default
// layout of their type, so the expanded tensors are converted to it before
// broadcast (which keeps its operand's layout), and the broadcast 64x32 one
// again before the add.
// CHECK-DAG: #[[R:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[B2:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[COL:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
// CHECK-DAG: #[[COLD:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[ROW:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-LABEL: tt.func @outer_sum
tt.func @outer_sum(%x: tensor<64xi32>, %y: tensor<32xi32>) -> tensor<64x32xi32> {
  // CHECK: %[[XS:.*]] = ttg.convert_layout %arg0 : tensor<64xi32, #[[R]]> -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[COL]]}>>
  // CHECK: %[[XE:.*]] = tt.expand_dims %[[XS]] {axis = 1 : i32} : {{.*}} -> tensor<64x1xi32, #[[COL]]>
  // CHECK: %[[XD:.*]] = ttg.convert_layout %[[XE]] : tensor<64x1xi32, #[[COL]]> -> tensor<64x1xi32, #[[COLD]]>
  %xe = tt.expand_dims %x {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  // CHECK: %[[XB:.*]] = tt.broadcast %[[XD]] : tensor<64x1xi32, #[[COLD]]> -> tensor<64x32xi32, #[[COLD]]>
  // CHECK: %[[XC:.*]] = ttg.convert_layout %[[XB]] : tensor<64x32xi32, #[[COLD]]> -> tensor<64x32xi32, #[[B2]]>
  %xb = tt.broadcast %xe : tensor<64x1xi32> -> tensor<64x32xi32>
  // CHECK: ttg.convert_layout %arg1 : tensor<32xi32, #[[R]]> -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #[[ROW]]}>>
  // CHECK: %[[YE:.*]] = tt.expand_dims {{.*}} -> tensor<1x32xi32, #[[ROW]]>
  // CHECK: %[[YD:.*]] = ttg.convert_layout %[[YE]] : tensor<1x32xi32, #[[ROW]]> -> tensor<1x32xi32, #[[B2]]>
  %ye = tt.expand_dims %y {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  // CHECK: %[[YB:.*]] = tt.broadcast %[[YD]] : tensor<1x32xi32, #[[B2]]> -> tensor<64x32xi32, #[[B2]]>
  %yb = tt.broadcast %ye : tensor<1x32xi32> -> tensor<64x32xi32>
  // CHECK: arith.addi %[[XC]], %[[YB]] : tensor<64x32xi32, #[[B2]]>
  %s = arith.addi %xb, %yb : tensor<64x32xi32>
  tt.return %s : tensor<64x32xi32>
}

// -----

// A dot gets a blocked accumulator with 4x4 elements per thread (128x128
// elements over 128 threads) and #ttg.dot_op operands of it.
// CHECK: #[[ACC:.*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @dot
tt.func @dot(%a: tensor<128x64xf16>, %b: tensor<64x128xf16>, %c: tensor<128x128xf32>) -> tensor<128x128xf32> {
  // CHECK-DAG: ttg.convert_layout %arg0 : {{.*}} -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[ACC]]}>>
  // CHECK-DAG: ttg.convert_layout %arg1 : {{.*}} -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #[[ACC]]}>>
  // CHECK-DAG: ttg.convert_layout %arg2 : {{.*}} -> tensor<128x128xf32, #[[ACC]]>
  // CHECK: tt.dot {{.*}} -> tensor<128x128xf32, #[[ACC]]>
  %d = tt.dot %a, %b, %c : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  tt.return %d : tensor<128x128xf32>
}

// -----

// A dot of a value with itself converts it twice, once per operand index, and
// each operand keeps its own conversion.
// CHECK-LABEL: tt.func @dot_self
tt.func @dot_self(%a: tensor<32x32xf16>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // CHECK-DAG: %[[A:.*]] = ttg.convert_layout %arg0 : {{.*}} -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0
  // CHECK-DAG: %[[B:.*]] = ttg.convert_layout %arg0 : {{.*}} -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1
  // CHECK: tt.dot %[[A]], %[[B]],
  %d = tt.dot %a, %a, %c : tensor<32x32xf16> * tensor<32x32xf16> -> tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}

// -----

// Loop-carried tensors and if results take layouts like every other tensor.
// CHECK: #[[L:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @control_flow
tt.func @control_flow(%init: tensor<256xf32>, %n: i32, %c: i1) -> tensor<256xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK: scf.for {{.*}} iter_args(%{{.*}} = %arg0) -> (tensor<256xf32, #[[L]]>)
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<256xf32>) : i32 {
    // CHECK: scf.if %arg2 -> (tensor<256xf32, #[[L]]>)
    %next = scf.if %c -> (tensor<256xf32>) {
      %d = arith.addf %acc, %acc : tensor<256xf32>
      scf.yield %d : tensor<256xf32>
    } else {
      scf.yield %acc : tensor<256xf32>
    }
    scf.yield %next : tensor<256xf32>
  }
  tt.return %r : tensor<256xf32>
}

// -----

// trans permutes its operand's layout; join adds a minor dimension of 2
// held by each thread.
// CHECK-DAG: #[[T:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[TT:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #[[J:.*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @trans_and_join
tt.func @trans_and_join(%x: tensor<16x32xf32>, %a: tensor<128xf32>, %b: tensor<128xf32>) -> (tensor<32x16xf32>, tensor<128x2xf32>) {
  // CHECK: tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<16x32xf32, #[[T]]> -> tensor<32x16xf32, #[[TT]]>
  %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<16x32xf32> -> tensor<32x16xf32>
  // CHECK: tt.join %arg1, %arg2 : tensor<128xf32, #{{.*}}> -> tensor<128x2xf32, #[[J]]>
  %j = tt.join %a, %b : tensor<128xf32> -> tensor<128x2xf32>
  tt.return %t, %j : tensor<32x16xf32>, tensor<128x2xf32>
}

// -----

// scan keeps its operand's layout. split reads an operand holding both
// halves in one thread (the last dimension of 2 is per-thread) and yields
// the default layout; cat's result holds the elements of both operands,
// twice as many per thread.
// CHECK-DAG: #[[S2:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[D1:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[PAIR:.*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[CAT:.*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @scan_split_cat
tt.func @scan_split_cat(%x: tensor<32x64xf32>, %p: tensor<128x2xf32>, %a: tensor<64xf32>, %b: tensor<64xf32>) -> (tensor<32x64xf32>, tensor<128xf32>, tensor<128xf32>) {
  // CHECK: "tt.scan"(%arg0) <{axis = 1 : i32, reverse = false}>
  // CHECK: (tensor<32x64xf32, #[[S2]]>) -> tensor<32x64xf32, #[[S2]]>
  %s = "tt.scan"(%x) <{axis = 1 : i32, reverse = false}> ({
  ^bb0(%l: f32, %r: f32):
    %t = arith.addf %l, %r : f32
    tt.scan.return %t : f32
  }) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  // CHECK: %[[P:.*]] = ttg.convert_layout %arg1 : {{.*}} -> tensor<128x2xf32, #[[PAIR]]>
  // CHECK: tt.split %[[P]] : tensor<128x2xf32, #[[PAIR]]> -> tensor<128xf32, #[[D1]]>
  %lo, %hi = tt.split %p : tensor<128x2xf32> -> tensor<128xf32>
  // CHECK: tt.cat %arg2, %arg3 : tensor<64xf32, #[[D1]]> -> tensor<128xf32, #[[CAT]]>
  %c = tt.cat %a, %b : tensor<64xf32> -> tensor<128xf32>
  %sum = arith.addf %lo, %c : tensor<128xf32>
  tt.return %s, %sum, %hi : tensor<32x64xf32>, tensor<128xf32>, tensor<128xf32>
}

// -----

// reshape, call, gather and histogram produce the default layout of their
// result type; function signatures are converted with their bodies.
// CHECK-DAG: #[[D:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[IDX:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[SRC:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func private @helper
// CHECK-SAME: (%arg0: tensor<128xf32, #[[D]]>) -> tensor<128xf32, #[[D]]>
tt.func private @helper(%x: tensor<128xf32>) -> tensor<128xf32> {
  tt.return %x : tensor<128xf32>
}
// CHECK-LABEL: tt.func @reshape_gather_histogram_call
tt.func @reshape_gather_histogram_call(%x: tensor<32x4xf32>, %src: tensor<64x16xf32>, %idx: tensor<64x4xi32>, %v: tensor<256xi32>) -> (tensor<128xf32>, tensor<64x4xf32>, tensor<16xi32>) {
  // CHECK: tt.reshape %arg0 : tensor<32x4xf32, #[[IDX]]> -> tensor<128xf32, #[[D]]>
  %r = tt.reshape %x : tensor<32x4xf32> -> tensor<128xf32>
  // CHECK: tt.call @helper(%{{.*}}) : (tensor<128xf32, #[[D]]>) -> tensor<128xf32, #[[D]]>
  %c = tt.call @helper(%r) : (tensor<128xf32>) -> tensor<128xf32>
  // CHECK: tt.gather %arg1[%arg2] {axis = 1 : i32} : (tensor<64x16xf32, #[[SRC]]>, tensor<64x4xi32, #[[IDX]]>) -> tensor<64x4xf32, #[[IDX]]>
  %g = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<64x16xf32>, tensor<64x4xi32>) -> tensor<64x4xf32>
  // CHECK: tt.histogram %arg3 : tensor<256xi32, #[[D]]> -> tensor<16xi32, #[[D]]>
  %h = tt.histogram %v : tensor<256xi32> -> tensor<16xi32>
  tt.return %c, %g, %h : tensor<128xf32>, tensor<64x4xf32>, tensor<16xi32>
}

// -----

// Unstructured control flow: block arguments are converted with the
// branches that pass them.
// CHECK: #[[CF:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @branches
tt.func @branches(%x: tensor<128xf32>, %c: i1) -> tensor<128xf32> {
  // CHECK: cf.cond_br %arg1, ^bb1(%arg0 : tensor<128xf32, #[[CF]]>), ^bb2
  cf.cond_br %c, ^bb1(%x : tensor<128xf32>), ^bb2
// CHECK: ^bb1(%{{.*}}: tensor<128xf32, #[[CF]]>):
^bb1(%a: tensor<128xf32>):
  // CHECK: math.exp %{{.*}} : tensor<128xf32, #[[CF]]>
  %e = math.exp %a : tensor<128xf32>
  cf.br ^bb2
^bb2:
  tt.return %x : tensor<128xf32>
}
