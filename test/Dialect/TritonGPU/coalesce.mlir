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
