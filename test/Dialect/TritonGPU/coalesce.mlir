// RUN: trex-opt %s -split-input-file --convert-triton-to-tritongpu="target=cuda:90 num-warps=4" --tritongpu-coalesce | FileCheck %s
// tritongpu-coalesce picks for each global access the blocked layout whose
// threads read contiguous, aligned vectors: the most contiguous dimension
// first, as wide as alignment, contiguity and 128 bits allow, and converts
// around the access.

// 1024 contiguous f32 from a 16-byte aligned base: 4 per thread (16 bytes).
// CHECK-DAG: #[[DEF:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[VEC:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @vector_load
tt.func @vector_load(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %a = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  // CHECK: %[[PTR:.*]] = ttg.convert_layout %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[DEF]]> -> tensor<1024x!tt.ptr<f32>, #[[VEC]]>
  // CHECK: %[[V:.*]] = tt.load %[[PTR]] : tensor<1024x!tt.ptr<f32>, #[[VEC]]>
  // CHECK: ttg.convert_layout %[[V]] : tensor<1024xf32, #[[VEC]]> -> tensor<1024xf32, #[[DEF]]>
  %v = tt.load %a : tensor<1024x!tt.ptr<f32>>
  %qs = tt.splat %q : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %b = tt.addptr %qs, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  // CHECK: tt.store %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[VEC]]>
  tt.store %b, %v : tensor<1024x!tt.ptr<f32>>
  tt.return
}

// -----

// Without alignment information a thread reads one element at a time.
// CHECK: #[[ONE:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @unaligned
tt.func @unaligned(%p: !tt.ptr<f32>) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %a = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  // CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[ONE]]>
  %v = tt.load %a : tensor<1024x!tt.ptr<f32>>
  tt.store %a, %v : tensor<1024x!tt.ptr<f32>>
  tt.return
}

// -----

// 256 elements over 128 threads: never more than 2 per thread.
// CHECK: #[[TWO:.*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @few_elements
tt.func @few_elements(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %a = tt.addptr %ps, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  // CHECK: tt.load %{{.*}} : tensor<256x!tt.ptr<f32>, #[[TWO]]>
  %v = tt.load %a : tensor<256x!tt.ptr<f32>>
  tt.store %a, %v : tensor<256x!tt.ptr<f32>>
  tt.return
}

// -----

// A row-major f16 tile p + i * stride + j: rows are contiguous, 8 halves
// (16 bytes) per thread, 8 threads per row, 4 rows per warp.
// CHECK: #[[ROWS:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @row_major_tile
tt.func @row_major_tile(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %stride: i32 {tt.divisibility = 16 : i32}) -> tensor<64x64xf16> {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %i = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %s = tt.splat %stride : i32 -> tensor<64x1xi32>
  %is = arith.muli %i, %s : tensor<64x1xi32>
  %j = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %ib = tt.broadcast %is : tensor<64x1xi32> -> tensor<64x64xi32>
  %jb = tt.broadcast %j : tensor<1x64xi32> -> tensor<64x64xi32>
  %off = arith.addi %ib, %jb : tensor<64x64xi32>
  %ps = tt.splat %p : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
  %a = tt.addptr %ps, %off : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
  // CHECK: tt.load %{{.*}} : tensor<64x64x!tt.ptr<f16>, #[[ROWS]]>
  %v = tt.load %a : tensor<64x64x!tt.ptr<f16>>
  tt.return %v : tensor<64x64xf16>
}

// -----

// The transposed tile p + i + j * stride: columns are contiguous, so
// dimension 0 becomes the fastest.
// CHECK: #[[COLS:.*]] = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-LABEL: tt.func @column_major_tile
tt.func @column_major_tile(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %stride: i32 {tt.divisibility = 16 : i32}) -> tensor<64x64xf16> {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %i = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %j = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %s = tt.splat %stride : i32 -> tensor<1x64xi32>
  %js = arith.muli %j, %s : tensor<1x64xi32>
  %ib = tt.broadcast %i : tensor<64x1xi32> -> tensor<64x64xi32>
  %jb = tt.broadcast %js : tensor<1x64xi32> -> tensor<64x64xi32>
  %off = arith.addi %ib, %jb : tensor<64x64xi32>
  %ps = tt.splat %p : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
  %a = tt.addptr %ps, %off : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
  // CHECK: tt.load %{{.*}} : tensor<64x64x!tt.ptr<f16>, #[[COLS]]>
  %v = tt.load %a : tensor<64x64x!tt.ptr<f16>>
  tt.return %v : tensor<64x64xf16>
}

// -----

// Both strides are runtime values (block_copy in test/frontend/block-pointers.py
// after the block pointer is rewritten): no dimension is contiguous, and
// Triton 3.6 then takes the dimensions in index order, so dimension 0 is the
// fastest and a warp runs down a column.
// CHECK: #[[NONE:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
// CHECK-LABEL: tt.func @no_contiguous_dim
tt.func @no_contiguous_dim(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %stride_m: i32, %stride_n: i32) -> tensor<64x32xf16> {
  %rm = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %i = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sm = tt.splat %stride_m : i32 -> tensor<64x1xi32>
  %is = arith.muli %i, %sm : tensor<64x1xi32>
  %rn = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %j = tt.expand_dims %rn {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %sn = tt.splat %stride_n : i32 -> tensor<1x32xi32>
  %js = arith.muli %j, %sn : tensor<1x32xi32>
  %ib = tt.broadcast %is : tensor<64x1xi32> -> tensor<64x32xi32>
  %jb = tt.broadcast %js : tensor<1x32xi32> -> tensor<64x32xi32>
  %off = arith.addi %ib, %jb : tensor<64x32xi32>
  %ps = tt.splat %p : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %a = tt.addptr %ps, %off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  // CHECK: tt.load %{{.*}} : tensor<64x32x!tt.ptr<f16>, #[[NONE]]>
  %v = tt.load %a : tensor<64x32x!tt.ptr<f16>>
  tt.return %v : tensor<64x32xf16>
}

// -----

// A 2x8x16 tile contiguous only along its last dimension (transposes in
// test/frontend/trans-permute.py): the two others tie, and the earlier one
// comes first, order [2, 0, 1].
// CHECK: #[[LAST:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [2, 2, 8], warpsPerCTA = [1, 4, 1], order = [2, 0, 1]}>
// CHECK-LABEL: tt.func @contiguous_last_dim_3d
tt.func @contiguous_last_dim_3d(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) -> tensor<2x8x16xf32> {
  %c128 = arith.constant dense<128> : tensor<2x1x1xi32>
  %c16 = arith.constant dense<16> : tensor<1x8x1xi32>
  %r2 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
  %a0 = tt.expand_dims %r2 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %a1 = tt.expand_dims %a0 {axis = 2 : i32} : tensor<2x1xi32> -> tensor<2x1x1xi32>
  %a = arith.muli %a1, %c128 : tensor<2x1x1xi32>
  %r8 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %b0 = tt.expand_dims %r8 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %b1 = tt.expand_dims %b0 {axis = 2 : i32} : tensor<1x8xi32> -> tensor<1x8x1xi32>
  %b = arith.muli %b1, %c16 : tensor<1x8x1xi32>
  %ab0 = tt.broadcast %a : tensor<2x1x1xi32> -> tensor<2x8x1xi32>
  %ab1 = tt.broadcast %b : tensor<1x8x1xi32> -> tensor<2x8x1xi32>
  %ab = arith.addi %ab0, %ab1 : tensor<2x8x1xi32>
  %r16 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %c0 = tt.expand_dims %r16 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %c1 = tt.expand_dims %c0 {axis = 1 : i32} : tensor<1x16xi32> -> tensor<1x1x16xi32>
  %abb = tt.broadcast %ab : tensor<2x8x1xi32> -> tensor<2x8x16xi32>
  %cb = tt.broadcast %c1 : tensor<1x1x16xi32> -> tensor<2x8x16xi32>
  %off = arith.addi %abb, %cb : tensor<2x8x16xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<2x8x16x!tt.ptr<f32>>
  %ptr = tt.addptr %ps, %off : tensor<2x8x16x!tt.ptr<f32>>, tensor<2x8x16xi32>
  // CHECK: tt.load %{{.*}} : tensor<2x8x16x!tt.ptr<f32>, #[[LAST]]>
  %v = tt.load %ptr : tensor<2x8x16x!tt.ptr<f32>>
  tt.return %v : tensor<2x8x16xf32>
}
