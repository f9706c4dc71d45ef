// RUN: trex-opt %s -split-input-file --tritongpu-fuse-nested-loops --canonicalize | FileCheck %s
// tritongpu-fuse-nested-loops (Triton 3.6): a loop marked tt.flatten holding one inner loop
// becomes one loop of len(outer) * max(1, len(inner)) iterations: the prologue runs under
// `T == 0`, the epilogue under `T == max(1, len(inner)) - 1`, the inner init from outside the
// nest starts the fused loop and is reset by the epilogue; the nest is first split on whether
// the inner loop runs at all (inner bounds from the outer induction variable need an
// llvm.assume that it does).

// CHECK-LABEL: tt.func @tile_loop
// The nest without its inner loop, where it runs no iteration:
// CHECK: %[[EMPTY:.*]] = arith.cmpi sle, %arg2, %c0_i32
// CHECK: scf.if %[[EMPTY]] {
// CHECK: scf.for %{{.*}} = %arg0 to %arg1 step %c4_i32
// CHECK: tt.store %{{.*}}, %c0_i32
// CHECK: } {tt.flatten, tt.num_stages = 2 : i32}
// CHECK: } else {
// len(outer) * max(1, len(inner)) iterations; i starts one step before the outer bound.
// CHECK: %[[TILES:.*]] = arith.ceildivsi %{{.*}}, %c4_i32
// CHECK: %[[PER_TILE:.*]] = arith.maxsi %arg2, %c1_i32
// CHECK: %[[TOTAL:.*]] = arith.muli %[[TILES]], %[[PER_TILE]]
// CHECK: %[[I0:.*]] = arith.subi %arg0, %c4_i32
// CHECK: scf.for %{{.*}} = %c0_i32 to %[[TOTAL]] step %c1_i32 iter_args(%[[T:[^ ]*]] = %c0_i32, %[[I:[^ ]*]] = %[[I0]], %[[J:[^ ]*]] = %c0_i32, %[[ACC:[^ ]*]] = %c0_i32, %[[BASE:[^ ]*]] = %c0_i32)
// The prologue, on the first iteration of each tile: i += step and its outputs.
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[T]], %c0_i32
// CHECK: %[[JNOW:.*]] = arith.select %[[FIRST]], %c0_i32, %[[J]]
// CHECK: %[[PRO:.*]]:2 = scf.if %[[FIRST]] -> (i32, i32) {
// CHECK: %[[INEXT:.*]] = arith.addi %[[I]], %c4_i32
// CHECK: %[[B:.*]] = arith.muli %[[INEXT]], %c4_i32
// CHECK: scf.yield %[[B]], %[[INEXT]]
// CHECK: } else {
// CHECK: scf.yield %[[BASE]], %[[I]]
// The inner body, every iteration.
// CHECK: %[[X:.*]] = arith.addi %[[PRO]]#0, %[[JNOW]]
// CHECK: %[[SUM:.*]] = arith.addi %[[ACC]], %[[X]]
// CHECK: %[[JNEXT:.*]] = arith.addi %[[JNOW]], %c1_i32
// The epilogue, on the last iteration of each tile, with the op only it reads moved into it;
// it resets the accumulator.
// CHECK: %[[LAST:.*]] = arith.subi %[[PER_TILE]], %c1_i32
// CHECK: %[[ENDS:.*]] = arith.cmpi eq, %[[T]], %[[LAST]]
// CHECK: %[[ACCNEXT:.*]] = arith.select %[[ENDS]], %c0_i32, %[[SUM]]
// CHECK: scf.if %[[ENDS]] {
// CHECK: %[[COLUMN:.*]] = arith.addi %[[PRO]]#1, %c1_i32
// CHECK: %[[OUT:.*]] = tt.addptr %arg3, %[[COLUMN]]
// CHECK: tt.store %[[OUT]], %[[SUM]]
// CHECK: }
// T = 0 if T == max(1, len(inner)) - 1 else T + 1
// CHECK: %[[TPLUS:.*]] = arith.addi %[[T]], %c1_i32
// CHECK: %[[WRAPS:.*]] = arith.cmpi eq, %[[T]], %{{.*}}
// CHECK: %[[TNEXT:.*]] = arith.select %[[WRAPS]], %c0_i32, %[[TPLUS]]
// CHECK: scf.yield %[[TNEXT]], %[[PRO]]#1, %[[JNEXT]], %[[ACCNEXT]], %[[PRO]]#0
// CHECK: } {tt.num_stages = 2 : i32}
tt.func @tile_loop(%lb: i32, %ub: i32, %n: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  scf.for %i = %lb to %ub step %c4 : i32 {
    %base = arith.muli %i, %c4 : i32
    %column = arith.addi %i, %c1 : i32
    %sum = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
      %x = arith.addi %base, %j : i32
      %y = arith.addi %acc, %x : i32
      scf.yield %y : i32
    }
    %out = tt.addptr %p, %column : !tt.ptr<i32>, i32
    tt.store %out, %sum : !tt.ptr<i32>
  } {tt.flatten, tt.num_stages = 2 : i32}
  tt.return
}

// -----

// An llvm.assume that the inner loop runs: no split.
// CHECK-LABEL: tt.func @known_to_run
// CHECK-NOT: scf.if %{{.*}} {
// CHECK: scf.for
// CHECK-NOT: scf.for
// CHECK: tt.return
tt.func @known_to_run(%n: i32, %m: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %positive = arith.cmpi sgt, %m, %c0 : i32
  llvm.intr.assume %positive : i1
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %m step %c1 : i32 {
      %s = arith.addi %i, %j : i32
      tt.store %p, %s : !tt.ptr<i32>
    }
  } {tt.flatten}
  tt.return
}

// -----

// Inner bounds computed from the outer induction variable (known to run): a loop first sums
// max(1, len(inner)) over the outer iterations for the trip count, and the prologue computes
// the tile's own length, which the epilogue's and T's tests read.
// CHECK-LABEL: tt.func @outer_dependent_known_to_run
// CHECK: %[[TOTAL:.*]] = scf.for %[[I:.*]] = %c0_i32 to %arg0 step %c1_i32 iter_args(%[[SUM:.*]] = %c0_i32)
// CHECK: %[[LEN:.*]] = arith.maxsi %[[I]], %c1_i32
// CHECK: %[[NEXT:.*]] = arith.addi %[[SUM]], %[[LEN]]
// CHECK: scf.yield %[[NEXT]]
// CHECK: scf.for %{{.*}} = %c0_i32 to %[[TOTAL]] step %c1_i32 iter_args(%[[T:[^ ]*]] = %c0_i32, %[[IPREV:[^ ]*]] = %c-1_i32,
// CHECK: %[[PRO:.*]]:6 = scf.if
// CHECK: %[[INOW:.*]] = arith.addi %[[IPREV]], %c1_i32
// CHECK: %[[TILE_LEN:.*]] = arith.maxsi %[[INOW]], %c1_i32
// CHECK: scf.yield {{.*}}, %[[INOW]], %[[INOW]], %[[TILE_LEN]]
// CHECK: tt.store %arg1, %[[PRO]]#0
// CHECK: %[[LAST:.*]] = arith.subi %[[PRO]]#5, %c1_i32
// CHECK: arith.cmpi eq, %[[T]], %[[LAST]]
tt.func @outer_dependent_known_to_run(%n: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %lower = arith.muli %i, %c2 : i32
    %upper = arith.addi %lower, %i : i32
    %runs = arith.cmpi sgt, %upper, %lower : i32
    llvm.intr.assume %runs : i1
    scf.for %j = %lower to %upper step %c1 : i32 {
      tt.store %p, %j : !tt.ptr<i32>
    }
  } {tt.flatten}
  tt.return
}

// -----

// An inner bound that is the outer induction variable itself (no op computes it; found by the
// CLI fuzzer, where the fused loop's prologue read the outer loop's induction variable after the
// outer loop was gone: IR that did not verify): the sum loop and the prologue use their own
// induction value.
// CHECK-LABEL: tt.func @outer_iv_is_the_bound
// CHECK: %[[TOTAL:.*]] = scf.for %[[I:.*]] = %c0_i32 to %arg0 step %c1_i32 iter_args(%[[SUM:.*]] = %c0_i32)
// CHECK-NEXT: %[[LEN:.*]] = arith.maxsi %[[I]], %c1_i32
// CHECK-NEXT: arith.addi %[[SUM]], %[[LEN]]
// CHECK: scf.for %{{.*}} = %c0_i32 to %[[TOTAL]] step %c1_i32 iter_args(%{{[^ ]*}} = %c0_i32, %[[IPREV:[^ ]*]] = %c-1_i32,
// CHECK: scf.if
// CHECK-NEXT: %[[INOW:.*]] = arith.addi %[[IPREV]], %c1_i32
// CHECK-NEXT: arith.maxsi %[[INOW]], %c1_i32
tt.func @outer_iv_is_the_bound(%n: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %runs = arith.cmpi sgt, %i, %c0 : i32
    llvm.intr.assume %runs : i1
    scf.for %j = %c0 to %i step %c1 : i32 {
      tt.store %p, %j : !tt.ptr<i32>
    }
  } {tt.flatten}
  tt.return
}

// -----

// Nests Triton leaves alone: no tt.flatten, two inner loops, an inner loop holding another,
// inner bounds that depend on the outer loop where the inner loop may not run.
// CHECK-LABEL: tt.func @no_flatten
// CHECK-COUNT-2: scf.for
// CHECK-NOT: arith.ceildivsi
tt.func @no_flatten(%n: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %n step %c1 : i32 {
      %s = arith.addi %i, %j : i32
      tt.store %p, %s : !tt.ptr<i32>
    }
  }
  tt.return
}

// CHECK-LABEL: tt.func @two_inner_loops
// CHECK-COUNT-3: scf.for
// CHECK-NOT: arith.ceildivsi
tt.func @two_inner_loops(%n: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %n step %c1 : i32 {
      tt.store %p, %j : !tt.ptr<i32>
    }
    scf.for %j = %c0 to %n step %c1 : i32 {
      tt.store %p, %i : !tt.ptr<i32>
    }
  } {tt.flatten}
  tt.return
}

// CHECK-LABEL: tt.func @three_deep
// CHECK-COUNT-3: scf.for
// CHECK-NOT: arith.ceildivsi
tt.func @three_deep(%n: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %n step %c1 : i32 {
      scf.for %k = %c0 to %n step %c1 : i32 {
        %s = arith.addi %i, %j : i32
        %t = arith.addi %s, %k : i32
        tt.store %p, %t : !tt.ptr<i32>
      }
    }
  } {tt.flatten}
  tt.return
}

// CHECK-LABEL: tt.func @outer_dependent_bounds
// CHECK-COUNT-2: scf.for
// CHECK-NOT: arith.ceildivsi
tt.func @outer_dependent_bounds(%n: i32, %p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %i step %c1 : i32 {
      tt.store %p, %j : !tt.ptr<i32>
    }
  } {tt.flatten}
  tt.return
}

// -----

// An inner loop loading through tensor descriptors is fused like any other (a persistent TMA
// matmul, as Triton 3.6 fuses it): the descriptor load reads the tile coordinates of the fused
// iteration, the prologue's `i` and the inner index.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
// CHECK-LABEL: tt.func @descriptor_loads
// CHECK: %[[EMPTY:.*]] = arith.cmpi sle, %arg1, %c0_i32 : i32
// CHECK-NEXT: scf.if %[[EMPTY]] {
// CHECK-NEXT: } else {
// CHECK: %[[LEN:.*]] = arith.muli %arg0, %{{.*}} : i32
// CHECK-NEXT: scf.for %{{.*}} = %c0_i32 to %[[LEN]] step %c1_i32 iter_args(%[[T:[^ ]*]] = %c0_i32, %[[I:[^ ]*]] = %c-1_i32, %[[J:[^ ]*]] = %c0_i32)
// CHECK-NOT: scf.for
// CHECK: %[[STARTS:.*]] = arith.cmpi eq, %[[T]], %c0_i32 : i32
// CHECK-NEXT: %[[JJ:.*]] = arith.select %[[STARTS]], %c0_i32, %[[J]] : i32
// CHECK-NEXT: %[[II:.*]] = scf.if %[[STARTS]] -> (i32) {
// CHECK: %[[TILE:.*]] = tt.descriptor_load %arg2[%[[II]], %[[JJ]]]
// CHECK-NEXT: tt.descriptor_store %arg2[%[[JJ]], %[[II]]], %[[TILE]]
tt.func @descriptor_loads(%n: i32, %k: i32, %desc: !tt.tensordesc<tensor<64x64xf16, #shared>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %k step %c1 : i32 {
      %t = tt.descriptor_load %desc[%i, %j] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      tt.descriptor_store %desc[%j, %i], %t : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
    }
  } {tt.flatten}
  tt.return
}
}
