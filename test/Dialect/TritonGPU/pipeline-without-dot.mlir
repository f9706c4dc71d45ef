// RUN: trex-opt %s -split-input-file --tritongpu-pipeline=num-stages=3 | FileCheck %s
// tritongpu-pipeline on loops without a dot: a loop that asks for its own depth
// (tl.range(num_stages=N), tt.num_stages) has its loads copied N - 1 iterations ahead into
// unswizzled buffers read back in the loads' layouts, whatever reads them (Triton's
// pipelineWithoutDot); a loop without that attribute keeps its loads. The warp-group dots of
// a loop that is not pipelined are issued asynchronously all the same, each waited for right
// after it where its operands are made in the body.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Four stages: three buffers, three copies ahead, two groups left pending by the wait. The
  // load's non-zero `other` stays on the copy (which fills zeros) and is applied by a select
  // on the load's mask after the read.
  // CHECK-LABEL: tt.func @shifted_rows
  // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64xf32, #shared, #smem, mutable>
  // CHECK-COUNT-3: ttg.async_copy_global_to_local %{{.*}} mask %{{.*}} other %{{.*}} :
  // CHECK: scf.for {{.*}} iter_args(%{{.*}} = %c2_i32{{.*}}, %{{.*}} = %c-1_i32, %[[T0:[^ ]*]] = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}})
  // CHECK: %[[READ:.*]] = arith.select %{{.*}}, %c0_i32{{.*}} : i32
  // CHECK: %[[WAIT:.*]] = ttg.async_wait %[[T0]] {num = 2 : i32}
  // CHECK: %[[VIEW:.*]] = ttg.memdesc_index %[[BUF]][%[[READ]]]
  // CHECK: %[[ROW:.*]] = ttg.local_load %[[VIEW]] token %[[WAIT]] : !ttg.memdesc<64xf32, #shared, #smem, mutable> -> tensor<64xf32, #blocked>
  // CHECK: %[[SEL:.*]] = arith.select %[[MASK:.*]], %[[ROW]], %{{.*}} : tensor<64xi1, #blocked>, tensor<64xf32, #blocked>
  // CHECK: arith.addf %[[SEL]]
  // CHECK: tt.store
  // CHECK: ttg.async_copy_global_to_local
  // CHECK: ttg.async_commit_group
  // CHECK: scf.yield
  // CHECK: ttg.async_wait {num = 0 : i32}
  // CHECK: ttg.local_dealloc %[[BUF]]
  tt.func @shifted_rows(%in: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %rows: i32, %step: i32, %width: i32) {
    %c0 = arith.constant 0 : i32
    %neg = arith.constant dense<0xFF800000> : tensor<64xf32, #blocked>
    %two = arith.constant dense<2.000000e+00> : tensor<64xf32, #blocked>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %widths = tt.splat %width : i32 -> tensor<64xi32, #blocked>
    %mask = arith.cmpi slt, %cols, %widths : tensor<64xi32, #blocked>
    scf.for %r = %c0 to %rows step %step : i32 {
      %row_in = tt.addptr %in, %r : !tt.ptr<f32>, i32
      %base_in = tt.splat %row_in : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
      %ptrs_in = tt.addptr %base_in, %cols : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
      %v = tt.load %ptrs_in, %mask, %neg : tensor<64x!tt.ptr<f32>, #blocked>
      %w = arith.addf %v, %two : tensor<64xf32, #blocked>
      %row_out = tt.addptr %out, %r : !tt.ptr<f32>, i32
      %base_out = tt.splat %row_out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
      %ptrs_out = tt.addptr %base_out, %cols : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
      tt.store %ptrs_out, %w, %mask : tensor<64x!tt.ptr<f32>, #blocked>
    } {tt.num_stages = 4 : i32}
    tt.return
  }

  // Two stages: one buffer, every copy into it; the insert index folds away (the loop carries
  // the extract index only, once canonicalized).
  // CHECK-LABEL: tt.func @two_stages
  // CHECK: %[[ONE:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1x64xf32, #shared, #smem, mutable>
  // CHECK: %[[FIRST:.*]] = ttg.memdesc_index %[[ONE]][%c0_i32{{.*}}]
  // CHECK: ttg.async_copy_global_to_local %{{.*}}, %[[FIRST]]
  // CHECK: scf.for
  // CHECK: ttg.async_wait %{{.*}} {num = 0 : i32}
  // CHECK: ttg.local_load
  // CHECK: tt.store
  // CHECK: ttg.memdesc_index %[[ONE]][%c0_i32{{.*}}]
  // CHECK-NOT: arith.select
  // CHECK: ttg.async_copy_global_to_local
  // CHECK: scf.yield
  tt.func @two_stages(%in: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %rows: i32) {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    scf.for %r = %c0 to %rows step %c64 : i32 {
      %row_in = tt.addptr %in, %r : !tt.ptr<f32>, i32
      %base_in = tt.splat %row_in : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
      %ptrs_in = tt.addptr %base_in, %cols : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
      %v = tt.load %ptrs_in : tensor<64x!tt.ptr<f32>, #blocked>
      %row_out = tt.addptr %out, %r : !tt.ptr<f32>, i32
      %base_out = tt.splat %row_out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
      %ptrs_out = tt.addptr %base_out, %cols : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
      tt.store %ptrs_out, %v : tensor<64x!tt.ptr<f32>, #blocked>
    } {tt.num_stages = 2 : i32}
    tt.return
  }

  // Read only in an scf.if (a conditional store): Triton schedules the if after the copies of
  // iteration k + D, so they are issued before iteration k's wait, into a ring one buffer
  // deeper, and the wait leaves D iterations' groups pending.
  // CHECK-LABEL: tt.func @conditional_reader
  // CHECK: %[[RING:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64xi32, #shared, #smem, mutable>
  // CHECK-COUNT-2: ttg.async_copy_global_to_local
  // The copies of iteration k + 2 come before iteration k's wait, which names iteration k's
  // group (the oldest of the two the loop carries).
  // The insert index is advanced before the copies and the extract index after them, just
  // before the wait, as Triton orders them.
  // CHECK: scf.for {{.*}} iter_args(%[[INSERT:[^ ]*]] = %{{.*}}, %[[EXTRACT:[^ ]*]] = %{{.*}}, %[[OLD:[^ ]*]] = %{{.*}}, %[[NEWER:[^ ]*]] = %{{.*}})
  // CHECK: arith.addi %[[INSERT]]
  // CHECK: ttg.async_copy_global_to_local
  // CHECK: %[[GROUP:.*]] = ttg.async_commit_group
  // CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[EXTRACT]]
  // CHECK-NEXT: %[[WRAPS:.*]] = arith.cmpi sge, %[[NEXT]]
  // CHECK-NEXT: %[[READ:.*]] = arith.select %[[WRAPS]]
  // CHECK-NEXT: %[[W:.*]] = ttg.async_wait %[[OLD]] {num = 2 : i32}
  // CHECK-NEXT: %[[VIEW:.*]] = ttg.memdesc_index %[[RING]][%[[READ]]]
  // CHECK-NEXT: %[[V:.*]] = ttg.local_load %[[VIEW]] token %[[W]]
  // CHECK: scf.if
  // CHECK: tt.store %{{.*}}, %[[V]]
  // CHECK: scf.yield %{{.*}}, %{{.*}}, %[[NEWER]], %[[GROUP]] :
  tt.func @conditional_reader(%in: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %rows: i32, %enabled: i1) {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    scf.for %r = %c0 to %rows step %c64 : i32 {
      %row_in = tt.addptr %in, %r : !tt.ptr<i32>, i32
      %base_in = tt.splat %row_in : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #blocked>
      %ptrs_in = tt.addptr %base_in, %cols : tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>
      %v = tt.load %ptrs_in : tensor<64x!tt.ptr<i32>, #blocked>
      scf.if %enabled {
        %row_out = tt.addptr %out, %r : !tt.ptr<i32>, i32
        %base_out = tt.splat %row_out : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #blocked>
        %ptrs_out = tt.addptr %base_out, %cols : tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>
        tt.store %ptrs_out, %v : tensor<64x!tt.ptr<i32>, #blocked>
      }
    } {tt.num_stages = 3 : i32}
    tt.return
  }

  // The mask is computed in the loop and shared with the store: the store reads iteration k's
  // (carried through the loop), the copy of iteration k + 2 the one computed for it.
  // CHECK-LABEL: tt.func @shared_mask
  // CHECK: scf.for {{.*}} iter_args(%[[OFFS:[^ ]*]] =
  // CHECK: tt.store %{{.*}}, %{{.*}}, %arg{{[0-9]+}}
  // CHECK: %[[NEXT:.*]] = arith.addi %[[OFFS]],
  // CHECK: %[[MASK_AHEAD:.*]] = arith.cmpi slt, %[[NEXT]]
  // CHECK: %[[COPY_MASK:.*]] = arith.andi %{{.*}}, %[[MASK_AHEAD]]
  // CHECK: ttg.async_copy_global_to_local %{{.*}}, %{{.*}} mask %[[COPY_MASK]]
  tt.func @shared_mask(%in: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32, %blocks: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<64xi32, #blocked>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<64xi32, #blocked>
    %base_in = tt.splat %in : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
    %base_out = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
    %r = scf.for %b = %c0 to %blocks step %c1 iter_args(%offs = %cols) -> (tensor<64xi32, #blocked>) : i32 {
      %mask = arith.cmpi slt, %offs, %ns : tensor<64xi32, #blocked>
      %ptrs_in = tt.addptr %base_in, %offs : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
      %v = tt.load %ptrs_in, %mask : tensor<64x!tt.ptr<f32>, #blocked>
      %ptrs_out = tt.addptr %base_out, %offs : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
      tt.store %ptrs_out, %v, %mask : tensor<64x!tt.ptr<f32>, #blocked>
      %next = arith.addi %offs, %step : tensor<64xi32, #blocked>
      scf.yield %next : tensor<64xi32, #blocked>
    } {tt.num_stages = 3 : i32}
    tt.return
  }

  // Without tt.num_stages a loop without a dot keeps its loads; so does one whose load feeds
  // another load's pointer (an indirect load) and the one it feeds.
  // CHECK-LABEL: tt.func @no_depth_asked
  // CHECK-NOT: ttg.async_copy_global_to_local
  // CHECK: tt.load
  // CHECK-LABEL: tt.func @indirect
  // CHECK-NOT: ttg.async_copy_global_to_local
  // CHECK: tt.load
  // CHECK: tt.load
  // CHECK-LABEL: tt.func @accumulated
  // CHECK-NOT: ttg.async_copy_global_to_local
  // CHECK: tt.load
  tt.func @no_depth_asked(%in: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %rows: i32) {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    scf.for %r = %c0 to %rows step %c64 : i32 {
      %row_in = tt.addptr %in, %r : !tt.ptr<f32>, i32
      %base_in = tt.splat %row_in : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
      %ptrs_in = tt.addptr %base_in, %cols : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
      %v = tt.load %ptrs_in : tensor<64x!tt.ptr<f32>, #blocked>
      %base_out = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
      %ptrs_out = tt.addptr %base_out, %cols : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
      tt.store %ptrs_out, %v : tensor<64x!tt.ptr<f32>, #blocked>
    }
    tt.return
  }
  tt.func @indirect(%idx: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %in: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %rows: i32) {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    scf.for %r = %c0 to %rows step %c64 : i32 {
      %row_idx = tt.addptr %idx, %r : !tt.ptr<i32>, i32
      %base_idx = tt.splat %row_idx : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #blocked>
      %ptrs_idx = tt.addptr %base_idx, %cols : tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>
      %i = tt.load %ptrs_idx : tensor<64x!tt.ptr<i32>, #blocked>
      %base_in = tt.splat %in : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
      %ptrs_in = tt.addptr %base_in, %i : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
      %v = tt.load %ptrs_in : tensor<64x!tt.ptr<f32>, #blocked>
      %base_out = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
      %ptrs_out = tt.addptr %base_out, %cols : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
      tt.store %ptrs_out, %v : tensor<64x!tt.ptr<f32>, #blocked>
    } {tt.num_stages = 3 : i32}
    tt.return
  }
  // The loaded value is carried to the next iteration (`acc += tl.load(...)`): Triton 3.6
  // leaves such a loop alone.
  tt.func @accumulated(%in: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64xf32, #blocked>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64xf32, #blocked>) : i32 {
      %row = tt.addptr %in, %i : !tt.ptr<f32>, i32
      %base = tt.splat %row : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
      %ptrs = tt.addptr %base, %cols : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
      %v = tt.load %ptrs : tensor<64x!tt.ptr<f32>, #blocked>
      %sum = arith.addf %acc, %v : tensor<64xf32, #blocked>
      scf.yield %sum : tensor<64xf32, #blocked>
    } {tt.num_stages = 3 : i32}
    tt.return %r : tensor<64xf32, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // One stage: the loads stay, the dot is issued asynchronously and waited for right after
  // (its operands are rewritten every iteration), as Triton's pipelineWgmma does.
  // CHECK-LABEL: tt.func @one_stage_wgmma
  // CHECK-NOT: ttg.async_copy_global_to_local
  // CHECK: scf.for
  // CHECK: %[[SA:.*]] = ttg.local_alloc
  // CHECK: %[[SB:.*]] = ttg.local_alloc
  // CHECK: %[[DOT:.*]] = ttng.warp_group_dot %[[SA]], %[[SB]], %{{.*}} {inputPrecision = 0 : i32, isAsync = true}
  // CHECK: %[[WAITED:.*]]:3 = ttng.warp_group_dot_wait %[[DOT]], %[[SA]], %[[SB]] {pendings = 0 : i32}
  // CHECK: scf.yield %[[WAITED]]#0
  // CHECK-NOT: ttng.warp_group_dot_wait
  // CHECK: tt.return
  tt.func @one_stage_wgmma(%a_ptrs: tensor<64x64x!tt.ptr<f16>, #blocked> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %b_ptrs: tensor<64x64x!tt.ptr<f16>, #blocked> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x64xf32, #mma>) : i32 {
      %a = tt.load %a_ptrs : tensor<64x64x!tt.ptr<f16>, #blocked>
      %b = tt.load %b_ptrs : tensor<64x64x!tt.ptr<f16>, #blocked>
      %sa = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %sb = ttg.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %sa, %sb, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    } {tt.num_stages = 1 : i32}
    tt.return %res : tensor<64x64xf32, #mma>
  }
}

// -----

// An index load whose values the tiles' pointers are computed from (an indirect matmul, B
// read through a transposed view): with 5 stages the index load runs 4 iterations ahead into
// a ring of 2 (read back in its layout), the tiles 2 ahead into rings of 3 (warp-group dot).
// The prologue is issued stage by stage, as Triton's pipeline expander issues it: the
// indices of iterations 0 and 1, then for each of the two the wait for its indices, its
// tiles, and the indices of the iteration 2 further; the body waits once for both rings.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @indirect_rows
  // CHECK: %[[IDX:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64xi32
  // CHECK: ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16
  // CHECK: ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16
  // Each prologue wait names the group of the index copy it waits for and leaves pending
  // what was committed after it (1, then 3: the tiles of iteration 0 and the indices of
  // iteration 2); the body's names the oldest groups of the two tile chains and of the index
  // chain the loop carries, and leaves pending the previous iteration's 3 groups.
  // CHECK: ttg.async_copy_global_to_local {{.*}} tensor<64x!tt.ptr<i32>
  // CHECK: %[[G0:.*]] = ttg.async_commit_group
  // CHECK: ttg.async_copy_global_to_local {{.*}} tensor<64x!tt.ptr<i32>
  // CHECK: %[[G1:.*]] = ttg.async_commit_group
  // CHECK: ttg.async_wait %[[G0]] {num = 1 : i32}
  // CHECK: ttg.local_load
  // CHECK-COUNT-2: ttg.async_copy_global_to_local {{.*}} tensor<64x64x!tt.ptr<f16>
  // CHECK: ttg.async_copy_global_to_local {{.*}} tensor<64x!tt.ptr<i32>
  // CHECK: ttg.async_wait %[[G1]] {num = 3 : i32}
  // CHECK: ttg.local_load
  // CHECK-COUNT-2: ttg.async_copy_global_to_local {{.*}} tensor<64x64x!tt.ptr<f16>
  // CHECK: ttg.async_copy_global_to_local {{.*}} tensor<64x!tt.ptr<i32>
  // CHECK: scf.for {{.*}} -> (tensor<64x64xf32, #mma>, tensor<64x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #blocked}>>, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token, i32, i32, !ttg.async.token, !ttg.async.token)
  // The wait takes the place of the first tile load; the index is read where its load was,
  // after the dot (as in Triton's ttgir of test_indirect_matmul).
  // CHECK: %[[W:.*]] = ttg.async_wait %{{[^ ,]*}}, %{{[^ ,]*}}, %{{[^ ,]*}} {num = 3 : i32}
  // CHECK-NOT: ttg.async_wait
  // CHECK: %[[BT:.*]] = ttg.memdesc_trans %{{.*}} : !ttg.memdesc<64x64xf16, #shared{{[0-9]*}}, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared{{[0-9]*}}, #smem, mutable>
  // CHECK: ttng.warp_group_dot %{{.*}}, %[[BT]], %{{.*}} {inputPrecision = 0 : i32, isAsync = true}
  // CHECK: ttng.warp_group_dot_wait {{.*}} {pendings = 1 : i32}
  // CHECK: ttg.local_load %{{.*}} token %[[W]] : !ttg.memdesc<64xi32
  // CHECK-COUNT-2: ttg.async_copy_global_to_local {{.*}} tensor<64x64x!tt.ptr<f16>
  // CHECK: ttg.async_copy_global_to_local {{.*}} tensor<64x!tt.ptr<i32>
  // CHECK: scf.yield
  // CHECK: ttg.async_wait {num = 0 : i32}
  // CHECK-COUNT-2: ttg.local_dealloc
  // CHECK-NEXT: ttg.local_dealloc %[[IDX]]
  tt.func @indirect_rows(%idx: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %a_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %stride_s: i32 {tt.divisibility = 16 : i32}, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %step = arith.constant dense<64> : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %ks = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %idx_base = tt.splat %idx : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #blocked}>>
    %idx_ptrs = tt.addptr %idx_base, %ks : tensor<64x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %cols2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %colsb = tt.broadcast %cols2 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %a_splat = tt.splat %a_ptr : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %a_base = tt.addptr %a_splat, %colsb : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %b_splat = tt.splat %b_ptr : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %b_base = tt.addptr %b_splat, %colsb : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %stride = tt.splat %stride_s : i32 -> tensor<64x1xi32, #blocked>
    %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0, %ip = %idx_ptrs) -> (tensor<64x64xf32, #mma>, tensor<64x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #blocked}>>) : i32 {
      %rows = tt.load %ip : tensor<64x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #blocked}>>
      %rows2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
      %off = arith.muli %rows2, %stride : tensor<64x1xi32, #blocked>
      %offb = tt.broadcast %off : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
      %pa = tt.addptr %a_base, %offb : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      %pb = tt.addptr %b_base, %offb : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      %a = tt.load %pa : tensor<64x64x!tt.ptr<f16>, #blocked>
      %b = tt.load %pb : tensor<64x64x!tt.ptr<f16>, #blocked>
      %sa = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %sb = ttg.local_alloc %b : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %sbt = ttg.memdesc_trans %sb {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %sa, %sbt, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
      %ip2 = tt.addptr %ip, %step : tensor<64x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %d, %ip2 : tensor<64x64xf32, #mma>, tensor<64x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #blocked}>>
    } {tt.num_stages = 5 : i32}
    tt.return %res#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// A stage-0 value read by the rest of the body too (the block offset `b * 64`, from the
// induction variable only, also places the store): each iteration's value is carried to the
// store through the loop, two iter_args deep, as Triton's pipeline expander hands a value to
// the stage that reads it; the body does not compute it again from `b`. The wait and the read
// of the buffer take the load's place, after the store's address that the body computes first.
// CHECK-LABEL: tt.func @offset_read_by_store
// CHECK: scf.for %[[B:[^ ]*]] = {{.*}} iter_args(%{{[^ ]*}} = %{{[^ ]*}}, %{{[^ ]*}} = %c-1_i32, %[[OFFSET:[^ ]*]] = %{{[^ ]*}}, %[[OFFSET1:[^ ]*]] = %{{[^ ]*}}, 
// CHECK-NOT: arith.muli %[[B]]
// CHECK: tt.addptr %arg1, %[[OFFSET]] : !tt.ptr<f32>, i32
// CHECK-NEXT: ttg.async_wait
// CHECK-NEXT: ttg.memdesc_index
// CHECK-NEXT: ttg.local_load
// CHECK: tt.store
// CHECK: %[[AHEAD:.*]] = arith.addi %[[B]], %{{.*}}
// CHECK: %[[NEXT:.*]] = arith.muli %[[AHEAD]], %c64_i32
// CHECK-NOT: arith.muli
// CHECK: ttg.async_copy_global_to_local
// CHECK: scf.yield %{{[^ ]*}}, %{{[^ ]*}}, %[[OFFSET1]], %[[NEXT]], 
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @offset_read_by_store(%in: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %blocks: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %one = arith.constant dense<1.000000e+00> : tensor<64xf32, #blocked>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    scf.for %b = %c0 to %blocks step %c1 : i32 {
      %offset = arith.muli %b, %c64 : i32
      %offsets = tt.splat %offset : i32 -> tensor<64xi32, #blocked>
      %index = arith.addi %offsets, %cols : tensor<64xi32, #blocked>
      %base_in = tt.splat %in : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
      %ptrs_in = tt.addptr %base_in, %index : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
      %row_out = tt.addptr %out, %offset : !tt.ptr<f32>, i32
      %v = tt.load %ptrs_in : tensor<64x!tt.ptr<f32>, #blocked>
      %w = arith.addf %v, %one : tensor<64xf32, #blocked>
      %base_out = tt.splat %row_out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
      %ptrs_out = tt.addptr %base_out, %cols : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
      tt.store %ptrs_out, %w : tensor<64x!tt.ptr<f32>, #blocked>
    } {tt.num_stages = 3 : i32}
    tt.return
  }
}
