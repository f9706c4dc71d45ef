// RUN: trex-opt %s -split-input-file --convert-triton-to-tritongpu="target=cuda:90 num-warps=4" --tritongpu-coalesce --tritongpu-remove-layout-conversions | FileCheck %s
// RUN: trex-opt %s -split-input-file --convert-triton-to-tritongpu="target=hip:gfx942 num-warps=4 threads-per-warp=64" --tritongpu-coalesce --tritongpu-remove-layout-conversions | FileCheck %s --check-prefix=HIP
// tritongpu-remove-layout-conversions propagates the layouts coalescing
// gave loads and stores to everything computed from and for them, so that
// no conversion is left where none is needed.

// Elementwise: pointers, masks and values all end up in the 4-per-thread
// layout of the accesses.
// CHECK: #[[L:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NOT: #blocked1
// CHECK-LABEL: tt.func @elementwise
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.load %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[L]]>
// CHECK: arith.addf %{{.*}}, %{{.*}} : tensor<1024xf32, #[[L]]>
// CHECK: tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[L]]>
tt.func @elementwise(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %ns = tt.splat %n : i32 -> tensor<1024xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<1024xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v = tt.load %xp, %m : tensor<1024x!tt.ptr<f32>>
  %d = arith.addf %v, %v : tensor<1024xf32>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.store %yp, %d, %m : tensor<1024x!tt.ptr<f32>>
  tt.return
}

// -----

// Row softmax on a 2-D tile: the reduction along axis 1 and the
// expand_dims/broadcast back take slices of the load's layout; nothing is
// converted.
// CHECK: #[[T:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @row_reduction
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[V:.*]] = tt.load {{.*}} : tensor<32x128x!tt.ptr<f32>, #[[T]]>
// CHECK: "tt.reduce"(%[[V]]) <{axis = 1 : i32}>
// CHECK: (tensor<32x128xf32, #[[T]]>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[T]]}>>
// CHECK: tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[T]]}>> -> tensor<32x1xf32, #[[T]]>
// CHECK: tt.broadcast %{{.*}} : tensor<32x1xf32, #[[T]]> -> tensor<32x128xf32, #[[T]]>
// CHECK: arith.subf %[[V]], %{{.*}} : tensor<32x128xf32, #[[T]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.store
tt.func @row_reduction(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %rows = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %cols = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %i = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %c128 = arith.constant dense<128> : tensor<32x1xi32>
  %is = arith.muli %i, %c128 : tensor<32x1xi32>
  %j = tt.expand_dims %cols {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %ib = tt.broadcast %is : tensor<32x1xi32> -> tensor<32x128xi32>
  %jb = tt.broadcast %j : tensor<1x128xi32> -> tensor<32x128xi32>
  %off = arith.addi %ib, %jb : tensor<32x128xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x128x!tt.ptr<f32>>
  %a = tt.addptr %ps, %off : tensor<32x128x!tt.ptr<f32>>, tensor<32x128xi32>
  %v = tt.load %a : tensor<32x128x!tt.ptr<f32>>
  %max = "tt.reduce"(%v) <{axis = 1 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %z = arith.maxnumf %x, %y : f32
    tt.reduce.return %z : f32
  }) : (tensor<32x128xf32>) -> tensor<32xf32>
  %me = tt.expand_dims %max {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
  %mb = tt.broadcast %me : tensor<32x1xf32> -> tensor<32x128xf32>
  %s = arith.subf %v, %mb : tensor<32x128xf32>
  tt.store %a, %s : tensor<32x128x!tt.ptr<f32>>
  tt.return
}

// -----

// The same along axis 0: the column sums are a slice along dimension 0.
// CHECK: #[[T0:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @column_reduction
// CHECK-NOT: ttg.convert_layout
// CHECK: "tt.reduce"(%{{.*}}) <{axis = 0 : i32}>
// CHECK: (tensor<32x128xf32, #[[T0]]>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #[[T0]]}>>
// CHECK: tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<128xf32, #ttg.slice<{dim = 0, parent = #[[T0]]}>> -> tensor<1x128xf32, #[[T0]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.store
tt.func @column_reduction(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %rows = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %cols = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %i = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %c128 = arith.constant dense<128> : tensor<32x1xi32>
  %is = arith.muli %i, %c128 : tensor<32x1xi32>
  %j = tt.expand_dims %cols {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %ib = tt.broadcast %is : tensor<32x1xi32> -> tensor<32x128xi32>
  %jb = tt.broadcast %j : tensor<1x128xi32> -> tensor<32x128xi32>
  %off = arith.addi %ib, %jb : tensor<32x128xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x128x!tt.ptr<f32>>
  %a = tt.addptr %ps, %off : tensor<32x128x!tt.ptr<f32>>, tensor<32x128xi32>
  %v = tt.load %a : tensor<32x128x!tt.ptr<f32>>
  %sum = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %z = arith.addf %x, %y : f32
    tt.reduce.return %z : f32
  }) : (tensor<32x128xf32>) -> tensor<128xf32>
  %se = tt.expand_dims %sum {axis = 0 : i32} : tensor<128xf32> -> tensor<1x128xf32>
  %sb = tt.broadcast %se : tensor<1x128xf32> -> tensor<32x128xf32>
  %d = arith.divf %v, %sb : tensor<32x128xf32>
  tt.store %a, %d : tensor<32x128x!tt.ptr<f32>>
  tt.return
}

// -----

// A loop-carried accumulator takes the layout of the loads feeding it.
// CHECK: #[[A:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @loop_accumulator
// CHECK-NOT: ttg.convert_layout
// CHECK: scf.for {{.*}} -> (tensor<1024xf32, #[[A]]>)
// CHECK: tt.load {{.*}} : tensor<1024x!tt.ptr<f32>, #[[A]]>
// CHECK: scf.yield {{.*}} : tensor<1024xf32, #[[A]]>
// CHECK: "tt.reduce"
// CHECK-NOT: ttg.convert_layout
tt.func @loop_accumulator(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1024 = arith.constant 1024 : i32
  %zero = arith.constant dense<0.0> : tensor<1024xf32>
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %acc = scf.for %i = %c0 to %n step %c1024 iter_args(%sum = %zero) -> (tensor<1024xf32>) : i32 {
    %is = tt.splat %i : i32 -> tensor<1024xi32>
    %off = arith.addi %is, %r : tensor<1024xi32>
    %a = tt.addptr %ps, %off : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %v = tt.load %a : tensor<1024x!tt.ptr<f32>>
    %s = arith.addf %sum, %v : tensor<1024xf32>
    scf.yield %s : tensor<1024xf32>
  }
  %total = "tt.reduce"(%acc) <{axis = 0 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %z = arith.addf %x, %y : f32
    tt.reduce.return %z : f32
  }) : (tensor<1024xf32>) -> f32
  tt.return %total : f32
}

// -----

// An if that yields a loaded tensor or zeros: both branches and the result
// take the load's layout.
// CHECK: #[[I:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @if_else
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<1024xf32, #[[I]]>
// CHECK: scf.if %{{.*}} -> (tensor<1024xf32, #[[I]]>)
// CHECK: tt.load {{.*}} : tensor<1024x!tt.ptr<f32>, #[[I]]>
// CHECK: } else {
// CHECK: scf.yield %[[Z]] : tensor<1024xf32, #[[I]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.store {{.*}} : tensor<1024x!tt.ptr<f32>, #[[I]]>
tt.func @if_else(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %c: i1) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %a = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v = scf.if %c -> (tensor<1024xf32>) {
    %l = tt.load %a : tensor<1024x!tt.ptr<f32>>
    scf.yield %l : tensor<1024xf32>
  } else {
    %z = arith.constant dense<0.0> : tensor<1024xf32>
    scf.yield %z : tensor<1024xf32>
  }
  tt.store %a, %v : tensor<1024x!tt.ptr<f32>>
  tt.return
}

// -----

// Reading rows and writing columns (a transpose through memory) needs one
// conversion between the two access layouts, and only one.
// CHECK-DAG: #[[ROW:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[COL:.*]] = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-LABEL: tt.func @transpose_through_memory
// CHECK: tt.load {{.*}} : tensor<64x64x!tt.ptr<f32>, #[[ROW]]>
// CHECK: ttg.convert_layout %{{.*}} : tensor<64x64xf32, #[[ROW]]> -> tensor<64x64xf32, #[[COL]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.store {{.*}} : tensor<64x64x!tt.ptr<f32>, #[[COL]]>
tt.func @transpose_through_memory(%src: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %dst: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %c64 = arith.constant dense<64> : tensor<64x1xi32>
  %i = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %j = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %i64 = arith.muli %i, %c64 : tensor<64x1xi32>
  %ib = tt.broadcast %i64 : tensor<64x1xi32> -> tensor<64x64xi32>
  %jb = tt.broadcast %j : tensor<1x64xi32> -> tensor<64x64xi32>
  %rowOff = arith.addi %ib, %jb : tensor<64x64xi32>
  %srcs = tt.splat %src : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %a = tt.addptr %srcs, %rowOff : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  %v = tt.load %a : tensor<64x64x!tt.ptr<f32>>
  %c64r = arith.constant dense<64> : tensor<1x64xi32>
  %j64 = arith.muli %j, %c64r : tensor<1x64xi32>
  %ib2 = tt.broadcast %i : tensor<64x1xi32> -> tensor<64x64xi32>
  %jb2 = tt.broadcast %j64 : tensor<1x64xi32> -> tensor<64x64xi32>
  %colOff = arith.addi %ib2, %jb2 : tensor<64x64xi32>
  %dsts = tt.splat %dst : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %b = tt.addptr %dsts, %colOff : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  tt.store %b, %v : tensor<64x64x!tt.ptr<f32>>
  tt.return
}

// -----

// broadcasts in test/frontend/broadcast-expand.py: a reshape of a 1x16x1
// tensor whose result must be the 16x1 blocked layout of the store. No
// blocked layout of the source holds the same elements per thread, so the
// source gets the linear layout Triton 3.6 infers (lanes 0-2 and the second
// register repeat the column, lanes 3-4 and the warps walk the rows), and
// the expand_dims and the load before it are recomputed in its slices.
// CHECK-DAG: #[[BLOCKED:.*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[LINEAR:.*]] = #ttg.linear<{register = {{\[}}[0, 0, 0]], lane = {{\[}}[0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 1, 0], [0, 2, 0]], warp = {{\[}}[0, 4, 0], [0, 8, 0]], block = []}>
// CHECK-LABEL: tt.func @reshape_source_in_linear_layout
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.load %{{.*}} : tensor<16x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 2, parent = #[[LINEAR]]}>}>>
// CHECK: tt.expand_dims %{{.*}} {axis = 2 : i32} : tensor<1x16xf32, #ttg.slice<{dim = 2, parent = #[[LINEAR]]}>> -> tensor<1x16x1xf32, #[[LINEAR]]>
// CHECK: tt.reshape %{{.*}} : tensor<1x16x1xf32, #[[LINEAR]]> -> tensor<16x1xf32, #[[BLOCKED]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
tt.func @reshape_source_in_linear_layout(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %c16 = arith.constant dense<16> : tensor<16x1xi32>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %v = tt.load %xp : tensor<16x!tt.ptr<f32>>
  %row = tt.expand_dims %v {axis = 0 : i32} : tensor<16xf32> -> tensor<1x16xf32>
  %cube = tt.expand_dims %row {axis = 2 : i32} : tensor<1x16xf32> -> tensor<1x16x1xf32>
  %col = tt.reshape %cube : tensor<1x16x1xf32> -> tensor<16x1xf32>
  %full = tt.broadcast %col : tensor<16x1xf32> -> tensor<16x16xf32>
  %i = tt.expand_dims %r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %is = arith.muli %i, %c16 : tensor<16x1xi32>
  %j = tt.expand_dims %r {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %ib = tt.broadcast %is : tensor<16x1xi32> -> tensor<16x16xi32>
  %jb = tt.broadcast %j : tensor<1x16xi32> -> tensor<16x16xi32>
  %off = arith.addi %ib, %jb : tensor<16x16xi32>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %off : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
  tt.store %yp, %full : tensor<16x16x!tt.ptr<f32>>
  tt.return
}

// -----

// transposes in test/frontend/trans-permute.py: the layout of the loaded
// 2x8x16 tile goes forward through a reshape to 16x16, which no blocked
// layout can express (merged dimensions 0 and 1 are not next to each other
// in the order [2, 0, 1]), and through a transpose of that linear layout;
// the only conversion left is the one in front of the store. On gfx942
// (64 lanes) the same layouts have no register bit.
// CHECK-DAG: #[[TILE:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [2, 2, 8], warpsPerCTA = [1, 4, 1], order = [2, 0, 1]}>
// CHECK-DAG: #[[FLAT:.*]] = #ttg.linear<{register = {{\[}}[0, 1]], lane = {{\[}}[0, 2], [0, 4], [0, 8], [8, 0], [1, 0]], warp = {{\[}}[2, 0], [4, 0]], block = []}>
// CHECK-DAG: #[[FLIPPED:.*]] = #ttg.linear<{register = {{\[}}[1, 0]], lane = {{\[}}[2, 0], [4, 0], [8, 0], [0, 8], [0, 1]], warp = {{\[}}[0, 2], [0, 4]], block = []}>
// CHECK-LABEL: tt.func @reshape_and_transpose_forward
// CHECK: %[[V:.*]] = tt.load %{{.*}} : tensor<2x8x16x!tt.ptr<f32>, #[[TILE]]>
// CHECK: %[[M:.*]] = tt.reshape %[[V]] : tensor<2x8x16xf32, #[[TILE]]> -> tensor<16x16xf32, #[[FLAT]]>
// CHECK: %[[T:.*]] = tt.trans %[[M]] {order = array<i32: 1, 0>} : tensor<16x16xf32, #[[FLAT]]> -> tensor<16x16xf32, #[[FLIPPED]]>
// CHECK: %[[S:.*]] = arith.addf %[[T]], %[[T]] : tensor<16x16xf32, #[[FLIPPED]]>
// CHECK: %[[C:.*]] = ttg.convert_layout %[[S]] : tensor<16x16xf32, #[[FLIPPED]]> -> tensor<16x16xf32, #{{.*}}>
// CHECK-NEXT: tt.store %{{.*}}, %[[C]]
// HIP-DAG: #[[HFLAT:.*]] = #ttg.linear<{register = [], lane = {{\[}}[0, 1], [0, 2], [0, 4], [0, 8], [8, 0], [1, 0]], warp = {{\[}}[2, 0], [4, 0]], block = []}>
// HIP-DAG: #[[HFLIPPED:.*]] = #ttg.linear<{register = [], lane = {{\[}}[1, 0], [2, 0], [4, 0], [8, 0], [0, 8], [0, 1]], warp = {{\[}}[0, 2], [0, 4]], block = []}>
// HIP-LABEL: tt.func @reshape_and_transpose_forward
// HIP: tt.reshape %{{.*}} -> tensor<16x16xf32, #[[HFLAT]]>
// HIP: tt.trans %{{.*}} -> tensor<16x16xf32, #[[HFLIPPED]]>
// The store's layout is the default one here, so coalescing needed no
// conversion; the identity conversion it puts in front of every access
// still gives remove-layout-conversions the place for the one it needs.
// HIP: %[[HC:.*]] = ttg.convert_layout %{{.*}} : tensor<16x16xf32, #[[HFLIPPED]]> -> tensor<16x16xf32, #{{.*}}>
// HIP-NEXT: tt.store %{{.*}}, %[[HC]]
tt.func @reshape_and_transpose_forward(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %c128 = arith.constant dense<128> : tensor<2x1x1xi32>
  %c16a = arith.constant dense<16> : tensor<1x8x1xi32>
  %r2 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
  %a0 = tt.expand_dims %r2 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %a1 = tt.expand_dims %a0 {axis = 2 : i32} : tensor<2x1xi32> -> tensor<2x1x1xi32>
  %a = arith.muli %a1, %c128 : tensor<2x1x1xi32>
  %r8 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %b0 = tt.expand_dims %r8 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %b1 = tt.expand_dims %b0 {axis = 2 : i32} : tensor<1x8xi32> -> tensor<1x8x1xi32>
  %b = arith.muli %b1, %c16a : tensor<1x8x1xi32>
  %ab0 = tt.broadcast %a : tensor<2x1x1xi32> -> tensor<2x8x1xi32>
  %ab1 = tt.broadcast %b : tensor<1x8x1xi32> -> tensor<2x8x1xi32>
  %ab = arith.addi %ab0, %ab1 : tensor<2x8x1xi32>
  %r16 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %c0 = tt.expand_dims %r16 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %c1 = tt.expand_dims %c0 {axis = 1 : i32} : tensor<1x16xi32> -> tensor<1x1x16xi32>
  %abb = tt.broadcast %ab : tensor<2x8x1xi32> -> tensor<2x8x16xi32>
  %cb = tt.broadcast %c1 : tensor<1x1x16xi32> -> tensor<2x8x16xi32>
  %off = arith.addi %abb, %cb : tensor<2x8x16xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<2x8x16x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %off : tensor<2x8x16x!tt.ptr<f32>>, tensor<2x8x16xi32>
  %v = tt.load %xp : tensor<2x8x16x!tt.ptr<f32>>
  %m = tt.reshape %v : tensor<2x8x16xf32> -> tensor<16x16xf32>
  %t = tt.trans %m {order = array<i32: 1, 0>} : tensor<16x16xf32> -> tensor<16x16xf32>
  %s = arith.addf %t, %t : tensor<16x16xf32>
  %c16 = arith.constant dense<16> : tensor<16x1xi32>
  %i = tt.expand_dims %r16 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %is = arith.muli %i, %c16 : tensor<16x1xi32>
  %ib = tt.broadcast %is : tensor<16x1xi32> -> tensor<16x16xi32>
  %jb = tt.broadcast %c0 : tensor<1x16xi32> -> tensor<16x16xi32>
  %yoff = arith.addi %ib, %jb : tensor<16x16xi32>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %yoff : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
  tt.store %yp, %s : tensor<16x16x!tt.ptr<f32>>
  tt.return
}
