// RUN: trex-opt %s -split-input-file --tritongpu-pipeline=num-stages=3 | FileCheck %s
// tritongpu-pipeline: the dot operand loads of a K loop become cp.async copies issued 2
// iterations ahead (masked off past the end) into shared buffers: 2 deep where local_loads
// read them into registers, 3 deep where an asynchronous wgmma reads them.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @matmul
  tt.func @matmul(%a_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %stride: i32 {tt.divisibility = 16 : i32}) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf16, #blocked>
    %step_a = arith.constant dense<64> : tensor<128x64xi32, #blocked>
    // A: rows * stride + columns
    %rows = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %rows2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    %stride_a = tt.splat %stride : i32 -> tensor<128x1xi32, #blocked>
    %row_off = arith.muli %rows2, %stride_a : tensor<128x1xi32, #blocked>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %cols2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %row_b = tt.broadcast %row_off : tensor<128x1xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %col_b = tt.broadcast %cols2 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %off_a = arith.addi %row_b, %col_b : tensor<128x64xi32, #blocked>
    %base_a = tt.splat %a_ptr : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #blocked>
    %a_ptrs = tt.addptr %base_a, %off_a : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    // B: k * stride + columns
    %ks = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %ks2 = tt.expand_dims %ks {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
    %stride_b = tt.splat %stride : i32 -> tensor<64x1xi32, #blocked1>
    %k_off = arith.muli %ks2, %stride_b : tensor<64x1xi32, #blocked1>
    %ns = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %ns2 = tt.expand_dims %ns {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x128xi32, #blocked1>
    %k_b = tt.broadcast %k_off : tensor<64x1xi32, #blocked1> -> tensor<64x128xi32, #blocked1>
    %n_b = tt.broadcast %ns2 : tensor<1x128xi32, #blocked1> -> tensor<64x128xi32, #blocked1>
    %off_b = arith.addi %k_b, %n_b : tensor<64x128xi32, #blocked1>
    %base_b = tt.splat %b_ptr : !tt.ptr<f16> -> tensor<64x128x!tt.ptr<f16>, #blocked1>
    %b_ptrs = tt.addptr %base_b, %off_b : tensor<64x128x!tt.ptr<f16>, #blocked1>, tensor<64x128xi32, #blocked1>
    %step_k = arith.muli %stride, %c64 : i32
    %step_b = tt.splat %step_k : i32 -> tensor<64x128xi32, #blocked1>
    %iters = arith.divsi %K, %c64 : i32
    // CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
    // CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x128xf16, #shared, #smem, mutable>
    // Prologue: iterations 0 and 1, one group per load.
    // CHECK: %[[A0:.*]] = ttg.memdesc_index %[[A]]
    // CHECK: %[[CA0:.*]] = ttg.async_copy_global_to_local %{{.*}}, %[[A0]] mask %{{.*}} other %{{.*}} {contiguity = 8 : i32}
    // CHECK: %[[GA0:.*]] = ttg.async_commit_group tokens %[[CA0]]
    // CHECK: %[[B0:.*]] = ttg.memdesc_index %[[B]]
    // CHECK: %[[CB0:.*]] = ttg.async_copy_global_to_local %{{.*}}, %[[B0]] mask %{{.*}} {contiguity = 8 : i32}
    // CHECK: %[[GB0:.*]] = ttg.async_commit_group tokens %[[CB0]]
    // CHECK: ttg.async_copy_global_to_local
    // CHECK: %[[GA1:.*]] = ttg.async_commit_group
    // CHECK: ttg.async_copy_global_to_local
    // CHECK: %[[GB1:.*]] = ttg.async_commit_group
    // The loop carries the pointers as iteration 1 found them, the insert index (the last
    // buffer the prologue wrote, 1) and the extract index (-1), as Triton's pipeliner does,
    // then each load's commit groups of iterations k and k + 1 (the wait's tokens).
    // CHECK: scf.for %[[K:.*]] = %{{.*}} to %[[UB:.*]] step %{{.*}} iter_args(%{{.*}}, %[[PA:.*]] = %[[PA1:[0-9]+]], %[[PB:.*]] = %[[PB1:[0-9]+]], %[[INSERT:.*]] = %c1_i32{{.*}}, %[[EXTRACT:.*]] = %c-1_i32, %[[TA0:.*]] = %[[GA0]], %[[TA1:.*]] = %[[GA1]], %[[TB0:.*]] = %[[GB0]], %[[TB1:.*]] = %[[GB1]]) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token)
    // Whether iteration k + 2 exists (k < ub - 2), then the extract index advances ...
    // CHECK: %[[LAST:.*]] = arith.subi %[[UB]], %{{.*}} : i32
    // CHECK: %[[VALID:.*]] = arith.cmpi slt, %[[K]], %[[LAST]] : i32
    // CHECK: %[[NEXTREAD0:.*]] = arith.addi %[[EXTRACT]], %c1_i32
    // CHECK: %[[WRAPS:.*]] = arith.cmpi sge, %[[NEXTREAD0]], %c2_i32
    // CHECK: %[[READ:.*]] = arith.select %[[WRAPS]], %{{.*}}, %[[NEXTREAD0]]
    // ... iteration k reads its buffer once its groups are complete (iteration k + 1's two
    // may still be in flight; it names iteration k's groups) ...
    // CHECK: %[[WAIT:.*]] = ttg.async_wait %[[TA0]], %[[TB0]] {num = 2 : i32}
    // CHECK: %[[AV:.*]] = ttg.memdesc_index %[[A]][%[[READ]]]
    // CHECK: ttg.local_load %[[AV]] token %[[WAIT]] : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    // CHECK: %[[BV:.*]] = ttg.memdesc_index %[[B]][%[[READ]]]
    // CHECK: ttg.local_load %[[BV]] token %[[WAIT]] : !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    // CHECK-NOT: tt.load
    // CHECK: tt.dot
    // ... and after the dot the pointers advance to iteration k + 2 (first, as Triton
    // schedules the advance in the cluster before the copies), the insert index advances and
    // the tiles are copied, masked off past the end.
    // CHECK: %[[NEXTA:.*]] = tt.addptr %[[PA]],
    // CHECK: %[[NEXTB:.*]] = tt.addptr %[[PB]],
    // CHECK: arith.addi %[[INSERT]], %c1_i32
    // CHECK: %[[WRITE:.*]] = arith.select
    // Each copy takes its load's place (after the ops that compute its mask): the buffer's
    // view, then the predicate, as Triton's createAsyncCopy and expander make them.
    // CHECK: ttg.memdesc_index %[[A]][%[[WRITE]]]
    // CHECK-NEXT: tt.splat %[[VALID]] : i1 -> tensor<128x64xi1, #blocked>
    // CHECK-NEXT: arith.andi
    // CHECK-NEXT: ttg.async_copy_global_to_local %[[NEXTA]]
    // CHECK: %[[GA2:.*]] = ttg.async_commit_group
    // CHECK: ttg.memdesc_index %[[B]][%[[WRITE]]]
    // CHECK: ttg.async_copy_global_to_local %[[NEXTB]]
    // CHECK: %[[GB2:.*]] = ttg.async_commit_group
    // The token chains shift: iteration k + 1's groups become the oldest.
    // CHECK: scf.yield {{.*}}, %[[NEXTA]], %[[NEXTB]], %[[WRITE]], %[[READ]], %[[TA1]], %[[GA2]], %[[TB1]], %[[GB2]] :
    // After the loop, a wait for every group, naming none; the buffers are freed last made
    // first (Triton puts each dealloc right after the loop as it makes the buffer).
    // CHECK: ttg.async_wait {num = 0 : i32}
    // CHECK-NEXT: ttg.local_dealloc %[[B]]
    // CHECK-NEXT: ttg.local_dealloc %[[A]]
    %res:3 = scf.for %k = %c0 to %iters step %c1 iter_args(%acc = %acc0, %pa = %a_ptrs, %pb = %b_ptrs) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>) : i32 {
      %kk = arith.muli %k, %c64 : i32
      %rem = arith.subi %K, %kk : i32
      %rem_t = tt.splat %rem : i32 -> tensor<1x64xi32, #blocked>
      %in = arith.cmpi slt, %cols2, %rem_t : tensor<1x64xi32, #blocked>
      %mask = tt.broadcast %in : tensor<1x64xi1, #blocked> -> tensor<128x64xi1, #blocked>
      %a = tt.load %pa, %mask, %zero : tensor<128x64x!tt.ptr<f16>, #blocked>
      %b = tt.load %pb : tensor<64x128x!tt.ptr<f16>, #blocked1>
      %ad = ttg.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %bd = ttg.convert_layout %b : tensor<64x128xf16, #blocked1> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %ad, %bd, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %pa2 = tt.addptr %pa, %step_a : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
      %pb2 = tt.addptr %pb, %step_b : tensor<64x128x!tt.ptr<f16>, #blocked1>, tensor<64x128xi32, #blocked1>
      scf.yield %d, %pa2, %pb2 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>
    }
    tt.return %res#0 : tensor<128x128xf32, #mma>
  }

  // tl.range(num_stages=1): the loop keeps its loads.
  // CHECK-LABEL: tt.func @one_stage
  // CHECK-NOT: ttg.async_copy_global_to_local
  // CHECK: tt.load
  tt.func @one_stage(%a_ptrs: tensor<128x64x!tt.ptr<f16>, #blocked>, %b: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<128x128xf32, #mma>) : i32 {
      %a = tt.load %a_ptrs : tensor<128x64x!tt.ptr<f16>, #blocked>
      %ad = ttg.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = tt.dot %ad, %b, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    } {tt.num_stages = 1 : i32}
    tt.return %res : tensor<128x128xf32, #mma>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // The advanced pointer is also stored: running it ahead would change what is stored, so the
  // loop is left alone.
  // CHECK-LABEL: tt.func @pointer_used_elsewhere
  // CHECK-NOT: ttg.async_copy_global_to_local
  // CHECK: tt.load
  tt.func @pointer_used_elsewhere(%a_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %out: tensor<128x64x!tt.ptr<i64>, #blocked>, %b: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %step = arith.constant dense<64> : tensor<128x64xi32, #blocked>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %cols2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %col_b = tt.broadcast %cols2 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %base = tt.splat %a_ptr : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #blocked>
    %a_ptrs = tt.addptr %base, %col_b : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0, %pa = %a_ptrs) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>) : i32 {
      %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
      %ad = ttg.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = tt.dot %ad, %b, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %pa2 = tt.addptr %pa, %step : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
      %as_int = tt.ptr_to_int %pa2 : tensor<128x64x!tt.ptr<f16>, #blocked> -> tensor<128x64xi64, #blocked>
      tt.store %out, %as_int : tensor<128x64x!tt.ptr<i64>, #blocked>
      scf.yield %d, %pa2 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>
    }
    tt.return %res#0 : tensor<128x128xf32, #mma>
  }
}

// -----

// A load already staged through shared memory (local_alloc read by local_load, as
// optimize-dot-operands leaves some operands) keeps that buffer's layout; the local_load reads
// the pipelined buffer instead. num_stages = 2 from the loop: 1 iteration ahead, nothing may
// stay pending, and one buffer (its reads are done when the next copy is issued).
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @staged_operand
  // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1x128x64xf16, #shared, #smem, mutable>
  // CHECK: ttg.async_copy_global_to_local
  // CHECK: ttg.async_commit_group
  // CHECK-NOT: ttg.async_copy_global_to_local
  // CHECK: scf.for
  // CHECK: ttg.async_wait %{{.*}} {num = 0 : i32}
  // CHECK: %[[VIEW:.*]] = ttg.memdesc_index %[[BUF]]
  // CHECK: ttg.local_load %[[VIEW]] token
  // CHECK-NOT: ttg.local_alloc %
  // CHECK: tt.dot
  // CHECK: ttg.async_copy_global_to_local
  // CHECK: } {tt.num_stages = 2 : i32}
  tt.func @staged_operand(%a_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %step = arith.constant dense<64> : tensor<128x64xi32, #blocked>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %cols2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %col_b = tt.broadcast %cols2 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %base = tt.splat %a_ptr : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #blocked>
    %a_ptrs = tt.addptr %base, %col_b : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0, %pa = %a_ptrs) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>) : i32 {
      %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
      %sa = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %ad = ttg.local_load %sa : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = tt.dot %ad, %b, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %pa2 = tt.addptr %pa, %step : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
      scf.yield %d, %pa2 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>
    } {tt.num_stages = 2 : i32}
    tt.return %res#0 : tensor<128x128xf32, #mma>
  }
}

// -----

// cp.async zero-fills masked-off elements, so a load with another `other` keeps its tt.load.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @nonzero_other
  // CHECK-NOT: ttg.async_copy_global_to_local
  // CHECK: tt.load
  tt.func @nonzero_other(%a_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %n: i32 {tt.divisibility = 16 : i32}) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %one = arith.constant dense<1.000000e+00> : tensor<128x64xf16, #blocked>
    %step = arith.constant dense<64> : tensor<128x64xi32, #blocked>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %cols2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %col_b = tt.broadcast %cols2 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %base = tt.splat %a_ptr : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #blocked>
    %a_ptrs = tt.addptr %base, %col_b : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0, %pa = %a_ptrs) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>) : i32 {
      %kk = tt.splat %n : i32 -> tensor<1x64xi32, #blocked>
      %in = arith.cmpi slt, %cols2, %kk : tensor<1x64xi32, #blocked>
      %mask = tt.broadcast %in : tensor<1x64xi1, #blocked> -> tensor<128x64xi1, #blocked>
      %a = tt.load %pa, %mask, %one : tensor<128x64x!tt.ptr<f16>, #blocked>
      %ad = ttg.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = tt.dot %ad, %b, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %pa2 = tt.addptr %pa, %step : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
      scf.yield %d, %pa2 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>
    }
    tt.return %res#0 : tensor<128x128xf32, #mma>
  }
}

// -----

// A warp-group dot reads its operands from shared memory while it runs: the loads become
// copies into 3 buffers (num_stages), the dot is only issued (isAsync) and a
// warp_group_dot_wait {pendings = 1} after it waits for the previous iteration's, whose
// buffer the copies at the end of the body then overwrite; the last dot is collected after
// the loop. The local_allocs are gone: the dot reads the pipelined buffers.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @warp_group_dot
  // CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
  // CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>
  // CHECK-COUNT-4: ttg.async_commit_group
  // The insert index starts at 1 (the last buffer the prologue wrote), the extract index at -1.
  // CHECK: %[[LOOP:.*]]:9 = scf.for {{.*}}, %{{.*}} = %c1_i32{{.*}}, %[[EXTRACT:.*]] = %c-1_i32,
  // CHECK: arith.addi %[[EXTRACT]], %c1_i32
  // CHECK: arith.cmpi sge, %{{.*}}, %c3_i32
  // CHECK: %[[READ:.*]] = arith.select
  // CHECK: ttg.async_wait %{{.*}}, %{{.*}} {num = 2 : i32}
  // CHECK: %[[AV:.*]] = ttg.memdesc_index %[[A]][%[[READ]]]
  // CHECK: %[[BV:.*]] = ttg.memdesc_index %[[B]][%[[READ]]]
  // CHECK: %[[DOT:.*]] = ttng.warp_group_dot %[[AV]], %[[BV]], %{{.*}} {inputPrecision = 0 : i32, isAsync = true}
  // CHECK: %[[WAITED:.*]]:3 = ttng.warp_group_dot_wait %[[DOT]], %[[AV]], %[[BV]] {pendings = 1 : i32}
  // CHECK: arith.cmpi sge, %{{.*}}, %c3_i32
  // CHECK-COUNT-2: ttg.async_copy_global_to_local
  // CHECK: scf.yield %[[WAITED]]#0
  // CHECK: %[[LAST:.*]] = ttng.warp_group_dot_wait %[[LOOP]]#0 {pendings = 0 : i32}
  // CHECK: ttg.async_wait {num = 0 : i32}
  // CHECK: tt.return %[[LAST]]
  tt.func @warp_group_dot(%a_ptrs: tensor<128x64x!tt.ptr<f16>, #blocked> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %b_ptrs: tensor<64x128x!tt.ptr<f16>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %step_a = arith.constant dense<64> : tensor<128x64xi32, #blocked>
    %step_b = arith.constant dense<8192> : tensor<64x128xi32, #blocked1>
    %res:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0, %pa = %a_ptrs, %pb = %b_ptrs) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>) : i32 {
      %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
      %b = tt.load %pb : tensor<64x128x!tt.ptr<f16>, #blocked1>
      %sa = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %sb = ttg.local_alloc %b : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %d = ttng.warp_group_dot %sa, %sb, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      %pa2 = tt.addptr %pa, %step_a : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
      %pb2 = tt.addptr %pb, %step_b : tensor<64x128x!tt.ptr<f16>, #blocked1>, tensor<64x128xi32, #blocked1>
      scf.yield %d, %pa2, %pb2 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>
    }
    tt.return %res#0 : tensor<128x128xf32, #mma>
  }
}

// -----

// The loop's result is never used, yet the last dot still reads the buffers after the loop:
// it is collected there all the same, before anything may reuse that memory.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @unused_dot_result
  // CHECK: %[[LOOP:.*]]:9 = scf.for
  // CHECK: ttng.warp_group_dot_wait %{{.*}} {pendings = 1 : i32}
  // CHECK: scf.yield
  // CHECK: ttng.warp_group_dot_wait %[[LOOP]]#0 {pendings = 0 : i32}
  // CHECK: ttg.async_wait {num = 0 : i32}
  // CHECK: tt.return
  tt.func @unused_dot_result(%a_ptrs: tensor<128x64x!tt.ptr<f16>, #blocked> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %b_ptrs: tensor<64x128x!tt.ptr<f16>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %step_a = arith.constant dense<64> : tensor<128x64xi32, #blocked>
    %step_b = arith.constant dense<8192> : tensor<64x128xi32, #blocked1>
    %res:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0, %pa = %a_ptrs, %pb = %b_ptrs) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>) : i32 {
      %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
      %b = tt.load %pb : tensor<64x128x!tt.ptr<f16>, #blocked1>
      %sa = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %sb = ttg.local_alloc %b : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %d = ttng.warp_group_dot %sa, %sb, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      %pa2 = tt.addptr %pa, %step_a : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
      %pb2 = tt.addptr %pb, %step_b : tensor<64x128x!tt.ptr<f16>, #blocked1>, tensor<64x128xi32, #blocked1>
      scf.yield %d, %pa2, %pb2 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>
    }
    tt.return
  }
}

// -----

// A layout giving each thread one f16 (2 bytes) along the contiguous dim cannot be copied with
// cp.async (4 bytes at least), however aligned the pointers: the load stays.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @two_byte_threads
  // CHECK-NOT: ttg.async_copy_global_to_local
  // CHECK: tt.load
  tt.func @two_byte_threads(%ptrs: tensor<16x16x!tt.ptr<f16>, #blocked> {tt.divisibility = 16 : i32, tt.contiguity = 16 : i32}, %a: tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %n: i32) -> tensor<64x16xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x16xf32, #mma>
    %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (tensor<64x16xf32, #mma>) : i32 {
      %b = tt.load %ptrs : tensor<16x16x!tt.ptr<f16>, #blocked>
      %bd = ttg.convert_layout %b : tensor<16x16xf16, #blocked> -> tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %a, %bd, %acc : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x16xf32, #mma>
      scf.yield %d : tensor<64x16xf32, #mma>
    }
    tt.return %res : tensor<64x16xf32, #mma>
  }
}

// -----

// fp8 on wgmma wants both operands K-major: B (64x128, N-contiguous in global memory and in
// registers) goes into a transposed nvmma buffer where consecutive elements along N are 64
// bytes apart, so one thread's cp.async could move one byte: B stays a load and a
// local_alloc, A (K-contiguous both ways) is pipelined. The mask bound `n - k * 64` both read
// is computed with A's copies, 2 iterations ahead, and carried to B's load through two
// iter_args (as Triton's pipeline expander hands a value to a later stage; it is not computed
// again).
// B's buffer is written every iteration, so the dot is waited for right after it is issued
// (pendings = 0, as Triton's asyncLaunchDots does for a dot that cannot be properly async) and
// nothing is left to collect after the loop.
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @fp8_transposed_b
  // CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf8E4M3FN, #shared, #smem, mutable>
  // CHECK-NOT: ttg.local_alloc : ()
  // CHECK: scf.for {{.*}} iter_args({{.*}}, %[[LEFT:[^ ]*]] = %{{[^ ]*}}, %[[LEFT1:[^ ]*]] = %{{[^ ]*}})
  // CHECK: %[[AV:.*]] = ttg.memdesc_index %[[A]]
  // CHECK: %[[LEFTS:.*]] = tt.splat %[[LEFT]] : i32 -> tensor<64x128xi32, #blocked1>
  // CHECK: %[[BMASK:.*]] = arith.cmpi slt, %{{.*}}, %[[LEFTS]]
  // CHECK: %[[B:.*]] = tt.load %{{.*}}, %[[BMASK]]
  // CHECK: %[[SB:.*]] = ttg.local_alloc %[[B]]
  // CHECK: %[[DOT:.*]] = ttng.warp_group_dot %[[AV]], %[[SB]], %{{.*}} {inputPrecision = 0 : i32, isAsync = true} :
  // CHECK-NEXT: %[[WAITED:.*]]:3 = ttng.warp_group_dot_wait %[[DOT]], %[[AV]], %[[SB]] {pendings = 0 : i32}
  // CHECK-NOT: ttng.warp_group_dot_wait
  // CHECK: %[[KK:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
  // CHECK: %[[LEFT2:.*]] = arith.subi %{{.*}}, %[[KK]] : i32
  // CHECK: ttg.async_copy_global_to_local
  // CHECK: scf.yield %[[WAITED]]#0, {{.*}}, %[[LEFT1]], %[[LEFT2]] :
  // CHECK-NOT: ttng.warp_group_dot_wait
  // CHECK: tt.return
  tt.func @fp8_transposed_b(%a_ptrs: tensor<128x64x!tt.ptr<f8E4M3FN>, #blocked> {tt.divisibility = 16 : i32, tt.contiguity = 16 : i32}, %b_ptrs: tensor<64x128x!tt.ptr<f8E4M3FN>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 16 : i32}, %n: i32, %kmax: i32 {tt.divisibility = 16 : i32}) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %step_a = arith.constant dense<64> : tensor<128x64xi32, #blocked>
    %step_b = arith.constant dense<8192> : tensor<64x128xi32, #blocked1>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %cols2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %cols3 = tt.broadcast %cols2 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %rows2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
    %rows3 = tt.broadcast %rows2 : tensor<64x1xi32, #blocked1> -> tensor<64x128xi32, #blocked1>
    %res:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0, %pa = %a_ptrs, %pb = %b_ptrs) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f8E4M3FN>, #blocked>, tensor<64x128x!tt.ptr<f8E4M3FN>, #blocked1>) : i32 {
      %kk = arith.muli %k, %c64 : i32
      %left = arith.subi %kmax, %kk : i32
      %left_a = tt.splat %left : i32 -> tensor<128x64xi32, #blocked>
      %mask_a = arith.cmpi slt, %cols3, %left_a : tensor<128x64xi32, #blocked>
      %a = tt.load %pa, %mask_a : tensor<128x64x!tt.ptr<f8E4M3FN>, #blocked>
      %sa = ttg.local_alloc %a : (tensor<128x64xf8E4M3FN, #blocked>) -> !ttg.memdesc<128x64xf8E4M3FN, #shared, #smem>
      %left_b = tt.splat %left : i32 -> tensor<64x128xi32, #blocked1>
      %mask_b = arith.cmpi slt, %rows3, %left_b : tensor<64x128xi32, #blocked1>
      %b = tt.load %pb, %mask_b : tensor<64x128x!tt.ptr<f8E4M3FN>, #blocked1>
      %sb = ttg.local_alloc %b : (tensor<64x128xf8E4M3FN, #blocked1>) -> !ttg.memdesc<64x128xf8E4M3FN, #shared1, #smem>
      %d = ttng.warp_group_dot %sa, %sb, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf8E4M3FN, #shared, #smem> * !ttg.memdesc<64x128xf8E4M3FN, #shared1, #smem> -> tensor<128x128xf32, #mma>
      %pa2 = tt.addptr %pa, %step_a : tensor<128x64x!tt.ptr<f8E4M3FN>, #blocked>, tensor<128x64xi32, #blocked>
      %pb2 = tt.addptr %pb, %step_b : tensor<64x128x!tt.ptr<f8E4M3FN>, #blocked1>, tensor<64x128xi32, #blocked1>
      scf.yield %d, %pa2, %pb2 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f8E4M3FN>, #blocked>, tensor<64x128x!tt.ptr<f8E4M3FN>, #blocked1>
    }
    tt.return %res#0 : tensor<128x128xf32, #mma>
  }
}

// -----

// A read into registers, B by the dot from shared memory (an upcast operand on Hopper: Triton's
// test_pipeline_matmul[True] is this with fp4_to_fp and scales between the load and the dot).
// The buffers differ in depth as Triton's loadRequiresAdditionalBuffer makes them: A's tile is
// free once read into registers (2 = D buffers), B's is read by the dot while it runs (3). Each
// depth is a ring with its own insert and extract index (Triton's load groups), the 3-deep
// ring's indices advanced first. The dot is async and, with no wait {pendings = 0} in the
// loop, split along K into dots of the instruction's K = 16 (Triton 3.6's splitRSDot), each
// followed by a wait {pendings = 3} that lets the other parts run on (rsDotNeedsWait).
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @registers_a_two_rings
  // CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #[[ASHARED:[^,]*]], #smem, mutable>
  // CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16, #[[BSHARED:[^,]*]], #smem, mutable>
  // CHECK: %[[LOOP:.*]]:11 = scf.for %[[K:[^ ]*]] = {{.*}} iter_args(%[[ACC:[^ ]*]] = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %[[AINS:[^ ]*]] = %c1_i32{{.*}}, %[[AEXT:[^ ]*]] = %c-1_i32{{.*}}, %[[BINS:[^ ]*]] = %c1_i32{{.*}}, %[[BEXT:[^ ]*]] = %c-1_i32{{.*}},
  // CHECK: %[[BNEXT:.*]] = arith.addi %[[BEXT]], %{{.*}}
  // CHECK: arith.cmpi sge, %[[BNEXT]], %{{.*}}
  // CHECK: %[[BREAD:.*]] = arith.select
  // CHECK: %[[ANEXT:.*]] = arith.addi %[[AEXT]], %{{.*}}
  // CHECK: arith.cmpi sge, %[[ANEXT]], %{{.*}}
  // CHECK: %[[AREAD:.*]] = arith.select
  // CHECK: ttg.async_wait %{{.*}}, %{{.*}} {num = 2 : i32}
  // CHECK: %[[AV:.*]] = ttg.memdesc_index %[[A]][%[[AREAD]]]
  // CHECK: %[[AR:.*]] = ttg.local_load %[[AV]] token %{{.*}} : !ttg.memdesc<128x64xf16, #[[ASHARED]], #smem, mutable> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  // CHECK: %[[BV:.*]] = ttg.memdesc_index %[[B]][%[[BREAD]]]
  // CHECK: %[[R:.*]] = tt.reshape %[[AR]] : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> -> tensor<128x2x2x16xf16, #[[L0:[^>]*]]>
  // CHECK-NEXT: %[[T:.*]] = tt.trans %[[R]] {order = array<i32: 0, 3, 2, 1>}
  // CHECK-NEXT: %[[H0:.*]], %[[H1:.*]] = tt.split %[[T]]
  // CHECK-NEXT: %[[Q0:.*]], %[[Q1:.*]] = tt.split %[[H0]]
  // CHECK-NEXT: %[[Q2:.*]], %[[Q3:.*]] = tt.split %[[H1]]
  // CHECK-COUNT-4: ttg.convert_layout %{{.*}} -> tensor<128x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  // CHECK-NEXT: %[[S0:.*]] = ttg.memdesc_subslice %[[BV]][0, 0] : !ttg.memdesc<64x128xf16, #[[BSHARED]], #smem, mutable> -> !ttg.memdesc<16x128xf16, #[[BSHARED]], #smem, 64x128>
  // CHECK-NEXT: ttg.memdesc_subslice %[[BV]][16, 0]
  // CHECK-NEXT: ttg.memdesc_subslice %[[BV]][32, 0]
  // CHECK-NEXT: %[[S3:.*]] = ttg.memdesc_subslice %[[BV]][48, 0]
  // CHECK-NEXT: %[[D0:.*]] = ttng.warp_group_dot %{{.*}}, %[[S0]], %[[ACC]] {inputPrecision = 0 : i32, isAsync = true}
  // CHECK-NEXT: %[[W0:.*]]:2 = ttng.warp_group_dot_wait %[[D0]], %[[S0]] {pendings = 3 : i32}
  // CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
  // CHECK-NEXT: %[[D1:.*]] = ttng.warp_group_dot %{{.*}}, %{{.*}}, %[[W0]]#0, %[[TRUE]] {inputPrecision = 0 : i32, isAsync = true}
  // CHECK-NEXT: ttng.warp_group_dot_wait %[[D1]], %{{.*}} {pendings = 3 : i32}
  // CHECK-NEXT: ttng.warp_group_dot
  // CHECK-NEXT: ttng.warp_group_dot_wait {{.*}} {pendings = 3 : i32}
  // CHECK-NEXT: %[[D3:.*]] = ttng.warp_group_dot %{{.*}}, %[[S3]], %{{.*}}, %[[TRUE]]
  // CHECK-NEXT: %[[W3:.*]]:2 = ttng.warp_group_dot_wait %[[D3]], %[[S3]] {pendings = 3 : i32}
  // CHECK-NOT: ttng.warp_group_dot_wait
  // CHECK: %[[BIN:.*]] = arith.addi %[[BINS]], %{{.*}}
  // CHECK: arith.cmpi sge, %[[BIN]], %{{.*}}
  // CHECK: %[[BWRITE:.*]] = arith.select
  // CHECK: %[[AIN:.*]] = arith.addi %[[AINS]], %{{.*}}
  // CHECK: arith.cmpi sge, %[[AIN]], %{{.*}}
  // CHECK: %[[AWRITE:.*]] = arith.select
  // CHECK: ttg.memdesc_index %[[A]][%[[AWRITE]]]
  // CHECK: ttg.memdesc_index %[[B]][%[[BWRITE]]]
  // CHECK: scf.yield %[[W3]]#0, %{{.*}}, %{{.*}}, %[[AWRITE]], %[[AREAD]], %[[BWRITE]], %[[BREAD]],
  // CHECK: %[[LAST:.*]] = ttng.warp_group_dot_wait %[[LOOP]]#0 {pendings = 0 : i32}
  // CHECK: tt.return %[[LAST]]
  tt.func @registers_a_two_rings(%a_ptrs: tensor<128x64x!tt.ptr<f16>, #blocked> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %b_ptrs: tensor<64x128x!tt.ptr<f16>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %step_a = arith.constant dense<64> : tensor<128x64xi32, #blocked>
    %step_b = arith.constant dense<8192> : tensor<64x128xi32, #blocked1>
    %res:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0, %pa = %a_ptrs, %pb = %b_ptrs) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>) : i32 {
      %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
      %b = tt.load %pb : tensor<64x128x!tt.ptr<f16>, #blocked1>
      %ra = ttg.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %sb = ttg.local_alloc %b : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %d = ttng.warp_group_dot %ra, %sb, %acc {inputPrecision = 0 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      %pa2 = tt.addptr %pa, %step_a : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
      %pb2 = tt.addptr %pb, %step_b : tensor<64x128x!tt.ptr<f16>, #blocked1>, tensor<64x128xi32, #blocked1>
      scf.yield %d, %pa2, %pb2 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>
    }
    tt.return %res#0 : tensor<128x128xf32, #mma>
  }
}

// -----

// Flash attention's second dot: A in registers, the result carried to the next iteration and
// read there first by `acc * alpha`. The dot is only issued (isAsync) and waited for
// {pendings = 0} in the next iteration just before that multiplication, so it runs while the
// next iteration's copies are issued; after the loop the last one is collected.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @rescaled_accumulator
  // CHECK: %[[V:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x32x64xf16, #shared, #smem, mutable>
  // CHECK: %[[LOOP:.*]]:6 = scf.for {{.*}} iter_args(%[[ACC:[^ ]*]] = %{{.*}},
  // CHECK: %[[WAITED:.*]] = ttng.warp_group_dot_wait %[[ACC]] {pendings = 0 : i32}
  // CHECK: %[[SCALED:.*]] = arith.mulf %[[WAITED]], %arg3
  // CHECK: ttng.warp_group_dot %arg2, %{{.*}}, %[[SCALED]] {inputPrecision = 0 : i32, isAsync = true}
  // CHECK-NOT: ttng.warp_group_dot_wait
  // CHECK: ttg.async_copy_global_to_local
  // CHECK: scf.yield
  // CHECK: %[[LAST:.*]] = ttng.warp_group_dot_wait %[[LOOP]]#0 {pendings = 0 : i32}
  // CHECK: tt.return %[[LAST]]
  tt.func @rescaled_accumulator(%v_ptrs: tensor<32x64x!tt.ptr<f16>, #blocked> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %n: i32, %p: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>, %alpha: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %step = arith.constant dense<2048> : tensor<32x64xi32, #blocked>
    %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0, %pv = %v_ptrs) -> (tensor<64x64xf32, #mma>, tensor<32x64x!tt.ptr<f16>, #blocked>) : i32 {
      %v = tt.load %pv : tensor<32x64x!tt.ptr<f16>, #blocked>
      %sv = ttg.local_alloc %v : (tensor<32x64xf16, #blocked>) -> !ttg.memdesc<32x64xf16, #shared, #smem>
      %scaled = arith.mulf %acc, %alpha : tensor<64x64xf32, #mma>
      %d = ttng.warp_group_dot %p, %sv, %scaled {inputPrecision = 0 : i32} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      %pv2 = tt.addptr %pv, %step : tensor<32x64x!tt.ptr<f16>, #blocked>, tensor<32x64xi32, #blocked>
      scf.yield %d, %pv2 : tensor<64x64xf32, #mma>, tensor<32x64x!tt.ptr<f16>, #blocked>
    }
    tt.return %res#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// A load that reaches the dot only through other ops (here a multiplication; in Triton's
// scaled dots, e2m1 bytes that fp4_to_fp unpacks) is pipelined too, as Triton does: into an
// unswizzled buffer, read back in the load's own layout for those ops.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK: #[[PLAIN:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @through_other_ops
  // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #[[PLAIN]], #smem, mutable>
  // CHECK: ttg.async_copy_global_to_local %{{.*}}, %{{.*}} mask %{{.*}} {contiguity = 8 : i32}
  // CHECK: scf.for
  // CHECK: %[[WAIT:.*]] = ttg.async_wait
  // CHECK: %[[VIEW:.*]] = ttg.memdesc_index %[[BUF]]
  // CHECK: %[[A:.*]] = ttg.local_load %[[VIEW]] token %[[WAIT]] : !ttg.memdesc<128x64xf16, #[[PLAIN]], #smem, mutable> -> tensor<128x64xf16, #blocked>
  // CHECK: arith.mulf %[[A]]
  // CHECK-NOT: tt.load
  // CHECK: tt.dot
  tt.func @through_other_ops(%a_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %two = arith.constant dense<2.000000e+00> : tensor<128x64xf16, #blocked>
    %step = arith.constant dense<64> : tensor<128x64xi32, #blocked>
    %stride = arith.constant dense<1024> : tensor<128x1xi32, #blocked>
    %rows = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %rows2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    %row_off = arith.muli %rows2, %stride : tensor<128x1xi32, #blocked>
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %cols2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %row_b = tt.broadcast %row_off : tensor<128x1xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %col_b = tt.broadcast %cols2 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %off = arith.addi %row_b, %col_b : tensor<128x64xi32, #blocked>
    %base = tt.splat %a_ptr : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %base, %off : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0, %pa = %ptrs) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>) : i32 {
      %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
      %a2 = arith.mulf %a, %two : tensor<128x64xf16, #blocked>
      %ad = ttg.convert_layout %a2 : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = tt.dot %ad, %b, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %pa2 = tt.addptr %pa, %step : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
      scf.yield %d, %pa2 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>
    }
    tt.return %res#0 : tensor<128x128xf32, #mma>
  }
}

// -----

// An fp16 accumulator: Triton makes only fp32-accumulating dots properly async, so this one is
// issued and waited for at once (pendings = 0), with nothing to collect after the loop.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @fp16_accumulator
  // CHECK: scf.for
  // CHECK: %[[DOT:.*]] = ttng.warp_group_dot {{.*}}isAsync = true
  // CHECK-NEXT: %[[WAITED:.*]]:3 = ttng.warp_group_dot_wait %[[DOT]], {{.*}} {pendings = 0 : i32}
  // CHECK: scf.yield %[[WAITED]]#0
  // CHECK-NOT: ttng.warp_group_dot_wait
  // CHECK: tt.return
  tt.func @fp16_accumulator(%a_ptrs: tensor<128x64x!tt.ptr<f16>, #blocked> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %b_ptrs: tensor<64x128x!tt.ptr<f16>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %n: i32) -> tensor<128x128xf16, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf16, #mma>
    %step_a = arith.constant dense<64> : tensor<128x64xi32, #blocked>
    %step_b = arith.constant dense<8192> : tensor<64x128xi32, #blocked1>
    %res:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %acc0, %pa = %a_ptrs, %pb = %b_ptrs) -> (tensor<128x128xf16, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>) : i32 {
      %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
      %b = tt.load %pb : tensor<64x128x!tt.ptr<f16>, #blocked1>
      %sa = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %sb = ttg.local_alloc %b : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %d = ttng.warp_group_dot %sa, %sb, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf16, #mma>
      %pa2 = tt.addptr %pa, %step_a : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
      %pb2 = tt.addptr %pb, %step_b : tensor<64x128x!tt.ptr<f16>, #blocked1>, tensor<64x128xi32, #blocked1>
      scf.yield %d, %pa2, %pb2 : tensor<128x128xf16, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>
    }
    tt.return %res#0 : tensor<128x128xf16, #mma>
  }
}

// -----

// A fused persistent loop (tritongpu-fuse-nested-loops' form): the tile-start scf.if that
// computes the next tile's offsets runs ahead with the loads (stage 0, cloned whole), `j` is
// reset there and advanced after it (the advance reads the reset `j` of iteration k + 1,
// carried), and the epilogue runs under an scf.if on the tile counter T of its own iteration
// (carried two iterations). The dot stays properly async: the epilogue, which reads its result
// inside the if, waits for it there ({pendings = 0}); the reset accumulator comes out of that if.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @fused_persistent
  // Prologue: iteration 0's tile start, then iteration 1's, each followed by its copies.
  // CHECK: scf.if %{{.*}} -> (i32, i32)
  // CHECK-COUNT-2: ttg.async_copy_global_to_local
  // CHECK: %[[TILE_1:.*]]:2 = scf.if %{{.*}} -> (i32, i32)
  // CHECK-COUNT-2: ttg.async_copy_global_to_local
  // The loop carries T and j as iteration 1 found them, i and the previous tile as iteration 2
  // does; then the tile start's `j` of iteration k + 1, the epilogue's T and tile of
  // iterations k and k + 1 (in the order the body first reads them, as Triton's expander adds
  // them).
  // CHECK: %[[LOOP:.*]]:16 = scf.for %{{.*}} iter_args(%[[T:[^ ]*]] = %{{[^ ]*}}, %[[I:[^ ]*]] = %[[TILE_1]]#1, %[[J:[^ ]*]] = %{{[^ ]*}}, %[[ACC:[^ ]*]] = %cst, %[[PREV:[^ ]*]] = %[[TILE_1]]#0, %{{[^ ]*}} = %c1_i32{{[_0-9]*}}, %{{[^ ]*}} = %c-1_i32, %{{[^ ]*}} = %{{[^ ]*}}, %{{[^ ]*}} = %{{[^ ]*}}, %{{[^ ]*}} = %{{[^ ]*}}, %{{[^ ]*}} = %{{[^ ]*}}, %[[JN_K1:[^ ]*]] = %{{[^ ]*}}, %[[T_K:[^ ]*]] = %c0_i32, %[[T_K1:[^ ]*]] = %{{[^ ]*}}, %[[TILE_K:[^ ]*]] = %{{[^ ]*}}, %[[TILE_K1:[^ ]*]] = %[[TILE_1]]#0)
  // First the advance of T to iteration k + 2 and its tile start (Triton's prologue cluster).
  // CHECK: %[[TPLUS:.*]] = arith.addi %[[T]], %c1_i32
  // CHECK: %[[TADV:.*]] = arith.select %{{.*}}, %c0_i32, %[[TPLUS]]
  // CHECK: %[[START:.*]] = arith.cmpi eq, %[[TADV]], %c0_i32
  // CHECK: %[[TILE:.*]]:2 = scf.if %[[START]] -> (i32, i32) {
  // CHECK: arith.addi %[[I]], %c132_i32
  // CHECK: } else {
  // CHECK: scf.yield %[[PREV]], %[[I]]
  // CHECK: ttg.async_wait %{{.*}}, %{{.*}} {num = 2 : i32}
  // CHECK: %[[DOT:.*]] = ttng.warp_group_dot %{{.*}}, %{{.*}}, %[[ACC]] {{.*}}isAsync = true
  // CHECK: %[[WAITED:.*]]:3 = ttng.warp_group_dot_wait %[[DOT]], {{.*}}{pendings = 1 : i32}
  // Then the advance of j, the rest of stage 0 and the copies of iteration k + 2.
  // CHECK: %[[JADV:.*]] = arith.addi %[[JN_K1]], %c1_i32
  // CHECK: %[[JN:.*]] = arith.select %[[START]], %c0_i32, %[[JADV]]
  // CHECK-COUNT-2: ttg.async_copy_global_to_local
  // The epilogue last (Triton's epilogue cluster).
  // CHECK: %[[ENDS:.*]] = arith.cmpi eq, %[[T_K]], %{{.*}}
  // CHECK: %[[NEXT:.*]] = scf.if %[[ENDS]] -> (tensor<128x128xf32, #mma>) {
  // CHECK: %[[DONE:.*]]:3 = ttng.warp_group_dot_wait %[[WAITED]]#0, {{.*}}{pendings = 0 : i32}
  // CHECK: arith.truncf %[[DONE]]#0
  // CHECK: tt.splat %[[TILE_K]]
  // CHECK: tt.store
  // CHECK: } else {
  // CHECK: scf.yield %[[WAITED]]#0
  // CHECK: scf.yield %[[TADV]], %[[TILE]]#1, %[[JADV]], %[[NEXT]], %[[TILE]]#0, %{{[^ ]*}}, %{{[^ ]*}}, %{{[^ ]*}}, %{{[^ ]*}}, %{{[^ ]*}}, %{{[^ ]*}}, %[[JN]], %[[T_K1]], %[[TADV]], %[[TILE_K1]], %[[TILE]]#0 :
  // CHECK: ttng.warp_group_dot_wait %[[LOOP]]#3 {pendings = 0 : i32}
  // CHECK: ttg.async_wait {num = 0 : i32}
  tt.func @fused_persistent(%a_ptrs: tensor<128x64x!tt.ptr<f16>, #blocked> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %b_ptrs: tensor<64x128x!tt.ptr<f16>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %c_ptrs: tensor<128x128x!tt.ptr<f16>, #mma>, %total: i32, %per_tile: i32, %first: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c132 = arith.constant 132 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %last = arith.subi %per_tile, %c1 : i32
    %res:5 = scf.for %it = %c0 to %total step %c1 iter_args(%t = %c0, %i = %first, %j = %c0, %acc = %zero, %tile_prev = %c0) -> (i32, i32, i32, tensor<128x128xf32, #mma>, i32) : i32 {
      %starts = arith.cmpi eq, %t, %c0 : i32
      %jn = arith.select %starts, %c0, %j : i32
      %tile:2 = scf.if %starts -> (i32, i32) {
        %next = arith.addi %i, %c132 : i32
        %offset = arith.muli %next, %c64 : i32
        scf.yield %offset, %next : i32, i32
      } else {
        scf.yield %tile_prev, %i : i32, i32
      }
      %k = arith.muli %jn, %c64 : i32
      %off = arith.addi %tile#0, %k : i32
      %oa = tt.splat %off : i32 -> tensor<128x64xi32, #blocked>
      %ob = tt.splat %off : i32 -> tensor<64x128xi32, #blocked1>
      %pa = tt.addptr %a_ptrs, %oa : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
      %pb = tt.addptr %b_ptrs, %ob : tensor<64x128x!tt.ptr<f16>, #blocked1>, tensor<64x128xi32, #blocked1>
      %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
      %b = tt.load %pb : tensor<64x128x!tt.ptr<f16>, #blocked1>
      %sa = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %sb = ttg.local_alloc %b : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %d = ttng.warp_group_dot %sa, %sb, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      %jnext = arith.addi %jn, %c1 : i32
      %ends = arith.cmpi eq, %t, %last : i32
      %accn = scf.if %ends -> (tensor<128x128xf32, #mma>) {
        %h = arith.truncf %d : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
        %oc = tt.splat %tile#0 : i32 -> tensor<128x128xi32, #mma>
        %pc = tt.addptr %c_ptrs, %oc : tensor<128x128x!tt.ptr<f16>, #mma>, tensor<128x128xi32, #mma>
        tt.store %pc, %h : tensor<128x128x!tt.ptr<f16>, #mma>
        scf.yield %zero : tensor<128x128xf32, #mma>
      } else {
        scf.yield %d : tensor<128x128xf32, #mma>
      }
      %tplus = arith.addi %t, %c1 : i32
      %wraps = arith.cmpi eq, %t, %last : i32
      %tnext = arith.select %wraps, %c0, %tplus : i32
      scf.yield %tnext, %tile#1, %jnext, %accn, %tile#0 : i32, i32, i32, tensor<128x128xf32, #mma>, i32
    }
    tt.return
  }
}

// -----

// An scf.if whose results only the next iteration reads runs after the copies (Triton's
// epilogue cluster) only where no op after it touches memory: here a store follows it, and
// the if stays before that store.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @if_before_store
  // CHECK: scf.for
  // CHECK: ttng.warp_group_dot
  // CHECK: scf.if
  // CHECK: tt.store %arg3
  // CHECK: } else {
  // CHECK-NEXT: scf.yield
  // CHECK-NEXT: }
  // CHECK-NEXT: tt.store %arg2
  // CHECK: ttg.async_copy_global_to_local
  // CHECK: ttg.async_copy_global_to_local
  // CHECK-NEXT: ttg.async_commit_group
  // CHECK-NEXT: scf.yield
  tt.func @if_before_store(%a_ptrs: tensor<128x64x!tt.ptr<f16>, #blocked> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %b_ptrs: tensor<64x128x!tt.ptr<f16>, #blocked1> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %flag: !tt.ptr<i32>, %out: tensor<128x128x!tt.ptr<f32>, #mma>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %step_a = arith.constant dense<64> : tensor<128x64xi32, #blocked>
    %step_b = arith.constant dense<8192> : tensor<64x128xi32, #blocked1>
    %last = arith.subi %n, %c1 : i32
    %res:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %pa = %a_ptrs, %pb = %b_ptrs) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>) : i32 {
      %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
      %b = tt.load %pb : tensor<64x128x!tt.ptr<f16>, #blocked1>
      %sa = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %sb = ttg.local_alloc %b : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %d = ttng.warp_group_dot %sa, %sb, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      %ends = arith.cmpi eq, %k, %last : i32
      %next = scf.if %ends -> (tensor<128x128xf32, #mma>) {
        tt.store %out, %d : tensor<128x128x!tt.ptr<f32>, #mma>
        scf.yield %zero : tensor<128x128xf32, #mma>
      } else {
        scf.yield %d : tensor<128x128xf32, #mma>
      }
      tt.store %flag, %k : !tt.ptr<i32>
      %pa2 = tt.addptr %pa, %step_a : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
      %pb2 = tt.addptr %pb, %step_b : tensor<64x128x!tt.ptr<f16>, #blocked1>, tensor<64x128xi32, #blocked1>
      scf.yield %next, %pa2, %pb2 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x128x!tt.ptr<f16>, #blocked1>
    }
    tt.return
  }
}
