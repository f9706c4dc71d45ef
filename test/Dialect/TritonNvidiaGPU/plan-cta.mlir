// RUN: trex-opt %s -split-input-file --triton-nvidia-gpu-plan-cta -verify-diagnostics | FileCheck %s
// triton-nvidia-gpu-plan-cta: with one CTA per cluster every layout already places everything
// in that CTA; with several, the dot (else the reductions, else the first store) decides which
// CTA holds which part, and the producers and users of its operands follow.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @one_cta
// CHECK-NEXT: arith.addf %arg0, %arg0 : tensor<1024xf32, #blocked>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @one_cta(%x: tensor<1024xf32, #blocked>) -> tensor<1024xf32, #blocked> {
    %y = arith.addf %x, %x : tensor<1024xf32, #blocked>
    tt.return %y : tensor<1024xf32, #blocked>
  }
}

// -----

// A kernel without dots or reductions keeps its first store's split: the casts placed around
// the store meet again and vanish.
#split = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[1]]}>
// CHECK: #[[SPLIT:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = {{\[\[1\]\]}}}>
// CHECK-LABEL: tt.func @store_only
// CHECK-NEXT: %[[R:.*]] = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #[[SPLIT]]>
// CHECK-NEXT: %[[P:.*]] = tt.splat %arg0 : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>, #[[SPLIT]]>
// CHECK-NEXT: %[[Q:.*]] = tt.addptr %[[P]], %[[R]]
// CHECK-NEXT: tt.store %[[Q]], %[[R]] : tensor<1024x!tt.ptr<i32>, #[[SPLIT]]>
// CHECK-NEXT: tt.return
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @store_only(%out: !tt.ptr<i32>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #split>
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>, #split>
    %q = tt.addptr %p, %r : tensor<1024x!tt.ptr<i32>, #split>, tensor<1024xi32, #split>
    tt.store %q, %r : tensor<1024x!tt.ptr<i32>, #split>
    tt.return
  }
}

// -----

// A 128x64 tile matmul on 2 CTAs, as coalescing leaves it (test/trex-compile/Inputs/
// cluster_tiles.py, config 0). The dot is split along M, 64 rows per CTA (its threads laid out
// again for 64x64); A's load path splits with it; B's, which both CTAs multiply by, is loaded
// whole by each CTA ([[0, 0]], Triton 3.6's third blocked layout); the store keeps the split of
// the result. The column offsets (used by B and by the store) and the K offsets (used by A and
// B) are computed once per layout, as in Triton.
// CHECK-DAG: #[[D:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[1, 0\]\]}}}>
// CHECK-DAG: #[[A:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[1, 0\]\]}}}>
// CHECK-DAG: #[[C:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[1, 0\]\]}}}>
// CHECK-DAG: #[[B:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[0, 0\]\]}}}>
// CHECK-LABEL: tt.func public @tile_product
// CHECK: %[[CST:.*]] = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #[[D]]>
// CHECK: tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #[[A]]}>>
// CHECK-NEXT: tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #[[C]]}>>
// CHECK: tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #[[B]]}>>
// CHECK-NEXT: tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #[[C]]}>>
// CHECK: tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #[[A]]}>>
// CHECK-NEXT: tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #[[B]]}>>
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[CST]]) -> (tensor<128x64xf32, #[[D]]>)
// CHECK: %[[AL:.*]] = tt.load {{.*}} : tensor<128x32x!tt.ptr<f16>, #[[A]]>
// CHECK: %[[BL:.*]] = tt.load {{.*}} : tensor<32x64x!tt.ptr<f16>, #[[B]]>
// CHECK: %[[AO:.*]] = ttg.convert_layout %[[AL]] : tensor<128x32xf16, #[[A]]> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[D]]}>>
// CHECK: %[[BO:.*]] = ttg.convert_layout %[[BL]] : tensor<32x64xf16, #[[B]]> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[D]]}>>
// CHECK: tt.dot %[[AO]], %[[BO]], %[[ACC]], {{.*}} -> tensor<128x64xf32, #[[D]]>
// CHECK: arith.truncf {{.*}} : tensor<128x64xf32, #[[D]]> to tensor<128x64xf16, #[[D]]>
// CHECK: ttg.convert_layout {{.*}} : tensor<128x64xf16, #[[D]]> -> tensor<128x64xf16, #[[C]]>
// CHECK: tt.store {{.*}} : tensor<128x64x!tt.ptr<f16>, #[[C]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[1]]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1], CGALayout = [[1, 0]]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked4 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1], CGALayout = [[0, 1]]}>
#blocked5 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
#blocked6 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked7 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked8 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
#blocked9 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked10 = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tile_product(%lhs: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %rhs: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %rows: i32 {tt.divisibility = 16 : i32}, %cols: i32 {tt.divisibility = 16 : i32}, %depth: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %blocks_m = arith.constant 127 : i32
    %c32_i32 = arith.constant 32 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #blocked>
    %c64_i32 = arith.constant 64 : i32
    %c128_i32 = arith.constant 128 : i32
    %which = tt.get_program_id x : i32
    %blocks_m_0 = arith.addi %rows, %blocks_m : i32
    %blocks_m_1 = arith.divsi %blocks_m_0, %c128_i32 : i32
    %row0 = arith.remsi %which, %blocks_m_1 : i32
    %row0_2 = arith.muli %row0, %c128_i32 : i32
    %col0 = arith.divsi %which, %blocks_m_1 : i32
    %col0_3 = arith.muli %col0, %c64_i32 : i32
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked1>
    %r_4 = tt.splat %row0_2 : i32 -> tensor<128xi32, #blocked1>
    %r_5 = arith.addi %r_4, %r : tensor<128xi32, #blocked1>
    %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked1>
    %c_6 = tt.splat %col0_3 : i32 -> tensor<64xi32, #blocked1>
    %c_7 = arith.addi %c_6, %c : tensor<64xi32, #blocked1>
    %k = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked1>
    %total = scf.for %step = %c0_i32 to %depth step %c32_i32 iter_args(%total_8 = %cst) -> (tensor<128x64xf32, #blocked>)  : i32 {
      %a = ttg.convert_layout %r_5 : tensor<128xi32, #blocked1> -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked2}>>
      %a_9 = tt.expand_dims %a {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> -> tensor<128x1xi32, #blocked2>
      %a_10 = ttg.convert_layout %a_9 : tensor<128x1xi32, #blocked2> -> tensor<128x1xi32, #blocked3>
      %a_11 = tt.splat %depth : i32 -> tensor<128x1xi32, #blocked3>
      %a_12 = arith.muli %a_10, %a_11 : tensor<128x1xi32, #blocked3>
      %a_13 = tt.splat %lhs : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked3>
      %a_14 = tt.addptr %a_13, %a_12 : tensor<128x1x!tt.ptr<f16>, #blocked3>, tensor<128x1xi32, #blocked3>
      %a_15 = tt.splat %step : i32 -> tensor<32xi32, #blocked1>
      %a_16 = arith.addi %a_15, %k : tensor<32xi32, #blocked1>
      %a_17 = ttg.convert_layout %a_16 : tensor<32xi32, #blocked1> -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked4}>>
      %a_18 = tt.expand_dims %a_17 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked4}>> -> tensor<1x32xi32, #blocked4>
      %a_19 = ttg.convert_layout %a_18 : tensor<1x32xi32, #blocked4> -> tensor<1x32xi32, #blocked5>
      %a_20 = tt.broadcast %a_14 : tensor<128x1x!tt.ptr<f16>, #blocked3> -> tensor<128x32x!tt.ptr<f16>, #blocked3>
      %a_21 = ttg.convert_layout %a_20 : tensor<128x32x!tt.ptr<f16>, #blocked3> -> tensor<128x32x!tt.ptr<f16>, #blocked6>
      %a_22 = tt.broadcast %a_19 : tensor<1x32xi32, #blocked5> -> tensor<128x32xi32, #blocked5>
      %a_23 = ttg.convert_layout %a_22 : tensor<128x32xi32, #blocked5> -> tensor<128x32xi32, #blocked6>
      %a_24 = tt.addptr %a_21, %a_23 : tensor<128x32x!tt.ptr<f16>, #blocked6>, tensor<128x32xi32, #blocked6>
      %a_25 = ttg.convert_layout %a_24 : tensor<128x32x!tt.ptr<f16>, #blocked6> -> tensor<128x32x!tt.ptr<f16>, #blocked7>
      %a_26 = tt.load %a_25 : tensor<128x32x!tt.ptr<f16>, #blocked7>
      %a_27 = ttg.convert_layout %a_26 : tensor<128x32xf16, #blocked7> -> tensor<128x32xf16, #blocked6>
      %b = ttg.convert_layout %a_16 : tensor<32xi32, #blocked1> -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked2}>>
      %b_28 = tt.expand_dims %b {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> -> tensor<32x1xi32, #blocked2>
      %b_29 = ttg.convert_layout %b_28 : tensor<32x1xi32, #blocked2> -> tensor<32x1xi32, #blocked3>
      %b_30 = tt.splat %cols : i32 -> tensor<32x1xi32, #blocked3>
      %b_31 = arith.muli %b_29, %b_30 : tensor<32x1xi32, #blocked3>
      %b_32 = tt.splat %rhs : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>, #blocked3>
      %b_33 = tt.addptr %b_32, %b_31 : tensor<32x1x!tt.ptr<f16>, #blocked3>, tensor<32x1xi32, #blocked3>
      %b_34 = ttg.convert_layout %c_7 : tensor<64xi32, #blocked1> -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked4}>>
      %b_35 = tt.expand_dims %b_34 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked4}>> -> tensor<1x64xi32, #blocked4>
      %b_36 = ttg.convert_layout %b_35 : tensor<1x64xi32, #blocked4> -> tensor<1x64xi32, #blocked8>
      %b_37 = tt.broadcast %b_33 : tensor<32x1x!tt.ptr<f16>, #blocked3> -> tensor<32x64x!tt.ptr<f16>, #blocked3>
      %b_38 = ttg.convert_layout %b_37 : tensor<32x64x!tt.ptr<f16>, #blocked3> -> tensor<32x64x!tt.ptr<f16>, #blocked>
      %b_39 = tt.broadcast %b_36 : tensor<1x64xi32, #blocked8> -> tensor<32x64xi32, #blocked8>
      %b_40 = ttg.convert_layout %b_39 : tensor<32x64xi32, #blocked8> -> tensor<32x64xi32, #blocked>
      %b_41 = tt.addptr %b_38, %b_40 : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
      %b_42 = ttg.convert_layout %b_41 : tensor<32x64x!tt.ptr<f16>, #blocked> -> tensor<32x64x!tt.ptr<f16>, #blocked9>
      %b_43 = tt.load %b_42 : tensor<32x64x!tt.ptr<f16>, #blocked9>
      %b_44 = ttg.convert_layout %b_43 : tensor<32x64xf16, #blocked9> -> tensor<32x64xf16, #blocked>
      %a_45 = ttg.convert_layout %a_27 : tensor<128x32xf16, #blocked6> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked10}>>
      %b_46 = ttg.convert_layout %b_44 : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked10}>>
      %total_47 = ttg.convert_layout %total_8 : tensor<128x64xf32, #blocked> -> tensor<128x64xf32, #blocked10>
      %total_48 = tt.dot %a_45, %b_46, %total_47, inputPrecision = tf32 : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked10}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked10}>> -> tensor<128x64xf32, #blocked10>
      %18 = ttg.convert_layout %total_48 : tensor<128x64xf32, #blocked10> -> tensor<128x64xf32, #blocked>
      scf.yield %18 : tensor<128x64xf32, #blocked>
    }
    %0 = ttg.convert_layout %r_5 : tensor<128xi32, #blocked1> -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked2}>>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked2}>> -> tensor<128x1xi32, #blocked2>
    %2 = ttg.convert_layout %1 : tensor<128x1xi32, #blocked2> -> tensor<128x1xi32, #blocked3>
    %3 = tt.splat %cols : i32 -> tensor<128x1xi32, #blocked3>
    %4 = arith.muli %2, %3 : tensor<128x1xi32, #blocked3>
    %5 = tt.splat %out : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked3>
    %6 = tt.addptr %5, %4 : tensor<128x1x!tt.ptr<f16>, #blocked3>, tensor<128x1xi32, #blocked3>
    %7 = ttg.convert_layout %c_7 : tensor<64xi32, #blocked1> -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked4}>>
    %8 = tt.expand_dims %7 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked4}>> -> tensor<1x64xi32, #blocked4>
    %9 = ttg.convert_layout %8 : tensor<1x64xi32, #blocked4> -> tensor<1x64xi32, #blocked8>
    %10 = tt.broadcast %6 : tensor<128x1x!tt.ptr<f16>, #blocked3> -> tensor<128x64x!tt.ptr<f16>, #blocked3>
    %11 = ttg.convert_layout %10 : tensor<128x64x!tt.ptr<f16>, #blocked3> -> tensor<128x64x!tt.ptr<f16>, #blocked>
    %12 = tt.broadcast %9 : tensor<1x64xi32, #blocked8> -> tensor<128x64xi32, #blocked8>
    %13 = ttg.convert_layout %12 : tensor<128x64xi32, #blocked8> -> tensor<128x64xi32, #blocked>
    %14 = tt.addptr %11, %13 : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    %15 = arith.truncf %total : tensor<128x64xf32, #blocked> to tensor<128x64xf16, #blocked>
    %16 = ttg.convert_layout %14 : tensor<128x64x!tt.ptr<f16>, #blocked> -> tensor<128x64x!tt.ptr<f16>, #blocked9>
    %17 = ttg.convert_layout %15 : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #blocked9>
    tt.store %16, %17 : tensor<128x64x!tt.ptr<f16>, #blocked9>
    tt.return
  }
}

// -----

// A batched dot: Triton's plan would read the batch as M; trex says it does not plan it.
#batched = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [4, 1, 1], order = [2, 1, 0], CGALayout = [[1, 0, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @batched(%a: tensor<2x16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #batched}>>, %b: tensor<2x16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #batched}>>, %c: tensor<2x16x16xf32, #batched>) -> tensor<2x16x16xf32, #batched> {
    // expected-error @+1 {{triton-nvidia-gpu-plan-cta: batched (3-d) dots are not planned over the CTAs of a cluster}}
    %d = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<2x16x16xf32, #ttg.dot_op<{opIdx = 0, parent = #batched}>> * tensor<2x16x16xf32, #ttg.dot_op<{opIdx = 1, parent = #batched}>> -> tensor<2x16x16xf32, #batched>
    tt.return %d : tensor<2x16x16xf32, #batched>
  }
}
