// RUN: trex-opt %s -split-input-file --tritongpu-remove-layout-conversions | FileCheck %s
// The backward phase of tritongpu-remove-layout-conversions on ttgir: a
// conversion is replaced by recomputing its operand's producers in the
// target layout, through views (reshapes give blocked or linear layouts as
// Triton 3.6 infers them), when Triton's cost model finds that no dearer
// than the conversion.

// sorting in test/frontend/sort-flip.py splits a 4x16 tile into six
// dimensions of 2 and compares it with a 2-element range reshaped to one of
// them. The tile's blocked layout (the gather's: 2 warps on each dimension)
// reshapes to a blocked layout; the range gets the 1-d linear layout whose
// lane 1 walks it (the lane of the tile's dimension 4) and nothing else.
// CHECK-DAG: #[[TILE:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[BITS:.*]] = #ttg.blocked<{sizePerThread = [1, 1, 1, 1, 1, 1], threadsPerWarp = [1, 2, 2, 2, 2, 2], warpsPerCTA = [2, 1, 2, 1, 1, 1], order = [5, 4, 3, 2, 1, 0]}>
// CHECK-DAG: #[[RANGE:.*]] = #ttg.linear<{register = [], lane = {{\[}}[0], [1], [0], [0], [0]], warp = {{\[}}[0], [0]], block = []}>
// CHECK-LABEL: tt.func @split_into_bits
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.reshape %arg0 : tensor<4x16xf32, #[[TILE]]> -> tensor<2x2x2x2x2x2xf32, #[[BITS]]>
// CHECK: tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #[[RANGE]]>
// CHECK: tt.reshape %{{.*}} : tensor<2xi32, #[[RANGE]]> -> tensor<1x1x1x1x2x1xi32, #[[BITS]]>
// CHECK: tt.reshape %{{.*}} : tensor<2x2x2x2x2x2xf32, #[[BITS]]> -> tensor<4x16xf32, #[[TILE]]>
// CHECK-NOT: ttg.convert_layout
#g = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1, 1, 1, 1, 1], threadsPerWarp = [1, 2, 2, 2, 2, 2], warpsPerCTA = [4, 1, 1, 1, 1, 1], order = [5, 4, 3, 2, 1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 1, 1, 1, 1, 1], threadsPerWarp = [16, 1, 1, 1, 2, 1], warpsPerCTA = [4, 1, 1, 1, 1, 1], order = [5, 4, 3, 2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @split_into_bits(%x: tensor<4x16xf32, #g>) -> tensor<4x16xf32, #g> {
    %xd = ttg.convert_layout %x : tensor<4x16xf32, #g> -> tensor<4x16xf32, #blocked>
    %h = tt.reshape %xd : tensor<4x16xf32, #blocked> -> tensor<2x2x2x2x2x2xf32, #blocked1>
    %r = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #blocked2>
    %r6 = tt.reshape %r : tensor<2xi32, #blocked2> -> tensor<1x1x1x1x2x1xi32, #blocked3>
    %rb = tt.broadcast %r6 : tensor<1x1x1x1x2x1xi32, #blocked3> -> tensor<2x2x2x2x2x2xi32, #blocked3>
    %rc = ttg.convert_layout %rb : tensor<2x2x2x2x2x2xi32, #blocked3> -> tensor<2x2x2x2x2x2xi32, #blocked1>
    %rf = arith.sitofp %rc : tensor<2x2x2x2x2x2xi32, #blocked1> to tensor<2x2x2x2x2x2xf32, #blocked1>
    %s = arith.addf %h, %rf : tensor<2x2x2x2x2x2xf32, #blocked1>
    %back = tt.reshape %s : tensor<2x2x2x2x2x2xf32, #blocked1> -> tensor<4x16xf32, #blocked>
    %out = ttg.convert_layout %back : tensor<4x16xf32, #blocked> -> tensor<4x16xf32, #g>
    tt.return %out : tensor<4x16xf32, #g>
  }
}

// -----

// Recomputing a load and expensive math that stay needed (the first store
// keeps using them) duplicates them: four exponentials cost more than the
// conversion (64 x 4 bytes through shared memory), three do not.
// CHECK-LABEL: tt.func @duplicated_work_too_dear
// CHECK: ttg.convert_layout
// CHECK-LABEL: tt.func @duplicated_work_cheap_enough
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @duplicated_work_too_dear(%base: !tt.ptr<f32>, %q: tensor<64x!tt.ptr<f32>, #b>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #a>
    %s = tt.splat %base : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #a>
    %p = tt.addptr %s, %r : tensor<64x!tt.ptr<f32>, #a>, tensor<64xi32, #a>
    %v = tt.load %p : tensor<64x!tt.ptr<f32>, #a>
    %e1 = math.exp %v : tensor<64xf32, #a>
    %e2 = math.exp %e1 : tensor<64xf32, #a>
    %e3 = math.exp %e2 : tensor<64xf32, #a>
    %e4 = math.exp %e3 : tensor<64xf32, #a>
    tt.store %p, %e4 : tensor<64x!tt.ptr<f32>, #a>
    %c = ttg.convert_layout %e4 : tensor<64xf32, #a> -> tensor<64xf32, #b>
    tt.store %q, %c : tensor<64x!tt.ptr<f32>, #b>
    tt.return
  }
  tt.func @duplicated_work_cheap_enough(%base: !tt.ptr<f32>, %q: tensor<64x!tt.ptr<f32>, #b>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #a>
    %s = tt.splat %base : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #a>
    %p = tt.addptr %s, %r : tensor<64x!tt.ptr<f32>, #a>, tensor<64xi32, #a>
    %v = tt.load %p : tensor<64x!tt.ptr<f32>, #a>
    %e1 = math.exp %v : tensor<64xf32, #a>
    %e2 = math.exp %e1 : tensor<64xf32, #a>
    %e3 = math.exp %e2 : tensor<64xf32, #a>
    tt.store %p, %e3 : tensor<64x!tt.ptr<f32>, #a>
    %c = ttg.convert_layout %e3 : tensor<64xf32, #a> -> tensor<64xf32, #b>
    tt.store %q, %c : tensor<64x!tt.ptr<f32>, #b>
    tt.return
  }
}

// -----

// A slice stops at values that already have the target layout: here the
// conversion back to the exponentials' own layout recomputes only the add
// (the first conversion merely renames registers), so it is free although
// the exponentials are also used elsewhere.
// CHECK-LABEL: tt.func @stops_at_target_layout
// CHECK-NOT: ttg.convert_layout
// CHECK-COUNT-3: math.exp
// CHECK: %[[E:.*]] = math.exp
// CHECK-NEXT: tt.store %{{.*}}, %[[E]]
// CHECK-NEXT: %[[D:.*]] = arith.addf %[[E]], %[[E]]
// CHECK-NEXT: tt.store %{{.*}}, %[[D]]
#a = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#l = #ttg.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = [[32], [0]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @stops_at_target_layout(%base: !tt.ptr<f32>, %q: tensor<64x!tt.ptr<f32>, #a>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #a>
    %s = tt.splat %base : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #a>
    %p = tt.addptr %s, %r : tensor<64x!tt.ptr<f32>, #a>, tensor<64xi32, #a>
    %v = tt.load %p : tensor<64x!tt.ptr<f32>, #a>
    %e1 = math.exp %v : tensor<64xf32, #a>
    %e2 = math.exp %e1 : tensor<64xf32, #a>
    %e3 = math.exp %e2 : tensor<64xf32, #a>
    %e4 = math.exp %e3 : tensor<64xf32, #a>
    tt.store %p, %e4 : tensor<64x!tt.ptr<f32>, #a>
    %c = ttg.convert_layout %e4 : tensor<64xf32, #a> -> tensor<64xf32, #l>
    %d = arith.addf %c, %c : tensor<64xf32, #l>
    %o = ttg.convert_layout %d : tensor<64xf32, #l> -> tensor<64xf32, #a>
    tt.store %q, %o : tensor<64x!tt.ptr<f32>, #a>
    tt.return
  }
}

// -----

// A conversion to a dot operand stops the forward propagation of the load's layout: the cast
// after it stays in the operand layout (shared memory carries fp8, not f16), as Triton keeps it.
// CHECK-LABEL: tt.func @cast_after_operand_conversion
// CHECK: %[[L:.*]] = tt.load
// CHECK: %[[C:.*]] = ttg.convert_layout %[[L]] : tensor<32x32xf8E5M2, #blocked> -> tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
// CHECK: tt.fp_to_fp %[[C]] : tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @cast_after_operand_conversion(%p: tensor<32x32x!tt.ptr<f8E5M2>, #blocked>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>) -> tensor<32x32xf32, #mma> {
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %x = tt.load %p : tensor<32x32x!tt.ptr<f8E5M2>, #blocked>
    %c = ttg.convert_layout %x : tensor<32x32xf8E5M2, #blocked> -> tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    %a = tt.fp_to_fp %c : tensor<32x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    %d = tt.dot %a, %b, %zero : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}

// -----

// A subtiled epilogue (reshape, trans, split of the mma accumulator, each half stored): the
// accumulator's layout goes through the split as a linear layout whose pairs are registers, and
// each half is converted to the stores' layout, as in Triton 3.6's ttgir of test_simple_matmul
// with EPILOGUE_SUBTILE (the split keeps the operand layout it was given, not the one inferred
// backwards from its result).
// CHECK-DAG: #[[SPLITSRC:.*]] = #ttg.linear<{register = {{\[}}[0, 1, 0], [8, 0, 0], [0, 8, 0], [0, 16, 0], [0, 0, 1], [128, 0, 0], [256, 0, 0]]
// CHECK-DAG: #[[HALF:.*]] = #ttg.linear<{register = {{\[}}[0, 1], [8, 0], [0, 8], [0, 16], [128, 0], [256, 0]]
// CHECK-DAG: #[[STORE:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func public @subtiled_epilogue
// CHECK: %[[T:.*]] = tt.trans
// CHECK-NEXT: %[[L:.*]], %[[R:.*]] = tt.split %[[T]] : tensor<512x32x2xf32, #[[SPLITSRC]]> -> tensor<512x32xf32, #[[HALF]]>
// CHECK-DAG: ttg.convert_layout %[[R]] : tensor<512x32xf32, #[[HALF]]> -> tensor<512x32xf32, #[[STORE]]>
// CHECK-DAG: ttg.convert_layout %[[L]] : tensor<512x32xf32, #[[HALF]]> -> tensor<512x32xf32, #[[STORE]]>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked4 = #ttg.blocked<{sizePerThread = [4, 1, 4], threadsPerWarp = [2, 2, 8], warpsPerCTA = [8, 1, 1], order = [2, 1, 0]}>
#blocked5 = #ttg.blocked<{sizePerThread = [4, 4, 1], threadsPerWarp = [2, 8, 2], warpsPerCTA = [8, 1, 1], order = [1, 2, 0]}>
#blocked6 = #ttg.blocked<{sizePerThread = [1, 4, 2], threadsPerWarp = [4, 8, 1], warpsPerCTA = [8, 1, 1], order = [2, 1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @subtiled_epilogue(%acc: tensor<512x64xf32, #mma>, %out: tensor<512x32x!tt.ptr<f32>, #blocked1>) {
    %0 = ttg.convert_layout %acc : tensor<512x64xf32, #mma> -> tensor<512x64xf32, #blocked>
    %1 = tt.reshape %0 : tensor<512x64xf32, #blocked> -> tensor<512x2x32xf32, #blocked4>
    %2 = tt.trans %1 {order = array<i32: 0, 2, 1>} : tensor<512x2x32xf32, #blocked4> -> tensor<512x32x2xf32, #blocked5>
    %3 = ttg.convert_layout %2 : tensor<512x32x2xf32, #blocked5> -> tensor<512x32x2xf32, #blocked6>
    %lhs, %rhs = tt.split %3 : tensor<512x32x2xf32, #blocked6> -> tensor<512x32xf32, #blocked1>
    tt.store %out, %lhs : tensor<512x32x!tt.ptr<f32>, #blocked1>
    tt.store %out, %rhs : tensor<512x32x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}

// -----

// A dot operand interleaved from a loaded tile and a value computed from it (join, then a
// reshape that merges the pair into K): the conversion to the operand layout moves up to the
// load through the reshape and the join, whose operands get the linear layout that holds each
// pair in one thread's registers (Triton's inferSplitOpEncoding for a layout other than
// blocked), so the interleaving needs no shared memory.
// CHECK-DAG: #[[HALF:.*]] = #ttg.linear<{register = {{\[}}[0, 1], [8, 0], [0, 8]], lane = {{\[}}[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = {{\[}}[16, 0], [32, 0]], block = []}>
// CHECK-DAG: #[[PAIRS:.*]] = #ttg.linear<{register = {{\[}}[0, 0, 1], [0, 1, 0], [8, 0, 0], [0, 8, 0]], lane = {{\[}}[0, 2, 0], [0, 4, 0], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = {{\[}}[16, 0, 0], [32, 0, 0]], block = []}>
// CHECK-LABEL: tt.func @interleaved_operand
// CHECK: %[[X:.*]] = tt.load
// CHECK: %[[XC:.*]] = ttg.convert_layout %[[X]] : tensor<64x16xf16, #blocked> -> tensor<64x16xf16, #[[HALF]]>
// CHECK: %[[Y:.*]] = arith.addf %[[XC]], %{{.*}} : tensor<64x16xf16, #[[HALF]]>
// CHECK: %[[J:.*]] = tt.join %[[XC]], %[[Y]] : tensor<64x16xf16, #[[HALF]]> -> tensor<64x16x2xf16, #[[PAIRS]]>
// CHECK: %[[A:.*]] = tt.reshape %[[J]] : tensor<64x16x2xf16, #[[PAIRS]]> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
// CHECK: tt.dot %[[A]]
// CHECK-NOT: ttg.convert_layout
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 2, 2], threadsPerWarp = [4, 8, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @interleaved_operand(%p: tensor<64x16x!tt.ptr<f16>, #blocked>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>) -> tensor<64x32xf32, #mma> {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
    %one = arith.constant dense<1.000000e+00> : tensor<64x16xf16, #blocked>
    %x = tt.load %p : tensor<64x16x!tt.ptr<f16>, #blocked>
    %y = arith.addf %x, %one : tensor<64x16xf16, #blocked>
    %j = tt.join %x, %y : tensor<64x16xf16, #blocked> -> tensor<64x16x2xf16, #blocked2>
    %r = tt.reshape %j : tensor<64x16x2xf16, #blocked2> -> tensor<64x32xf16, #blocked3>
    %a = ttg.convert_layout %r : tensor<64x32xf16, #blocked3> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    %d = tt.dot %a, %b, %zero : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<64x32xf32, #mma>
    tt.return %d : tensor<64x32xf32, #mma>
  }
}
