// RUN: trex-opt %s -split-input-file --tritongpu-pipeline=num-stages=3 --canonicalize | FileCheck %s
// tritongpu-pipeline on descriptor loads (sm_90): TMA copies issued 2 iterations ahead into
// 3-deep buffers in the descriptor's layout (one more than the distance: an asynchronous wgmma
// reads them), completed on one mbarrier per buffer. Loads issued together share the barrier
// (a matmul's A and B: one barrier_expect for both tiles' bytes); a load after a reader of the
// previous one gets its own ring (attention's V after the dot that reads K).

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: #[[SHARED:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
  // CHECK-DAG: #[[BAR:.*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
  // CHECK-LABEL: tt.func @matmul
  tt.func @matmul(%a_desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %b_desc: !tt.tensordesc<tensor<64x128xf16, #shared>>, %off_m: i32, %off_n: i32, %k_tiles: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    // The buffers, then the barrier ring, each barrier initialized for one arrival.
    // CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #[[SHARED]], #smem, mutable>
    // CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16, #[[SHARED]], #smem, mutable>
    // CHECK: %[[BARS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #[[BAR]], #smem, mutable>
    // CHECK: %[[BAR0:.*]] = ttg.memdesc_index %[[BARS]][%{{.*}}] : !ttg.memdesc<3x1xi64, #[[BAR]], #smem, mutable> -> !ttg.memdesc<1xi64, #[[BAR]], #smem, mutable>
    // CHECK-NEXT: ttng.init_barrier %[[BAR0]], 1
    // CHECK-COUNT-2: ttng.init_barrier
    // Prologue: iterations 0 and 1, each arming its barrier for both tiles (2 x 16 KiB).
    // CHECK: %[[P0:.*]] = arith.cmpi sgt, %arg4, %{{.*}}
    // CHECK: %[[PBAR0:.*]] = ttg.memdesc_index %[[BARS]]
    // CHECK-NEXT: ttng.barrier_expect %[[PBAR0]], 32768, %[[P0]]
    // CHECK-NEXT: %[[PA0:.*]] = ttg.memdesc_index %[[A]]
    // CHECK-NEXT: ttng.async_tma_copy_global_to_local %arg0[%arg2, %{{.*}}] %[[PA0]], %[[PBAR0]], %[[P0]]
    // CHECK-NEXT: %[[PB0:.*]] = ttg.memdesc_index %[[B]]
    // CHECK-NEXT: ttng.async_tma_copy_global_to_local %arg1[%{{.*}}, %arg3] %[[PB0]], %[[PBAR0]], %[[P0]]
    // CHECK: ttng.barrier_expect %{{.*}}, 32768
    // CHECK-COUNT-2: ttng.async_tma_copy_global_to_local
    // The loop carries the insert index (1), the extract index (-1) and the phase (0).
    // CHECK: scf.for %[[K:.*]] = %{{.*}} to %arg4 step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[INS:.*]] = %{{.*}}, %[[EXT:.*]] = %{{.*}}, %[[PHASE:.*]] = %{{.*}}) -> (tensor<128x128xf32, #mma>, i32, i32, i32)
    // CHECK: %[[LAST:.*]] = arith.subi %arg4, %{{.*}}
    // CHECK-NEXT: %[[VALID:.*]] = arith.cmpi slt, %[[K]], %[[LAST]]
    // CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[EXT]], %{{.*}}
    // CHECK-NEXT: %[[WRAPS:.*]] = arith.cmpi sge, %[[NEXT]], %{{.*}}
    // CHECK-NEXT: %[[READ:.*]] = arith.select %[[WRAPS]], %{{.*}}, %[[NEXT]]
    // CHECK-NEXT: %[[FLIP:.*]] = arith.xori %[[PHASE]], %{{.*}}
    // CHECK-NEXT: %[[PH:.*]] = arith.select %[[WRAPS]], %[[FLIP]], %[[PHASE]]
    // The wait for this iteration's tiles, then the dot reads the buffers in place.
    // CHECK: %[[WBAR:.*]] = ttg.memdesc_index %[[BARS]][%[[READ]]]
    // CHECK-NEXT: ttng.wait_barrier %[[WBAR]], %[[PH]]
    // CHECK-NEXT: %[[RB:.*]] = ttg.memdesc_index %[[B]][%[[READ]]]
    // CHECK-NEXT: %[[RA:.*]] = ttg.memdesc_index %[[A]][%[[READ]]]
    // CHECK-NOT: ttg.local_load
    // CHECK: %[[DOT:.*]] = ttng.warp_group_dot %[[RA]], %[[RB]], %[[ACC]] {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #[[SHARED]], #smem, mutable> * !ttg.memdesc<64x128xf16, #[[SHARED]], #smem, mutable>
    // CHECK-NEXT: %[[DW:.*]]:3 = ttng.warp_group_dot_wait %[[DOT]], %[[RA]], %[[RB]] {pendings = 1 : i32}
    // Then iteration k + 2's copies into the buffer the previous dot read.
    // CHECK: %[[WNEXT:.*]] = arith.addi %[[INS]], %{{.*}}
    // CHECK: %[[WRITE:.*]] = arith.select %{{.*}}, %{{.*}}, %[[WNEXT]]
    // CHECK: %[[EBAR:.*]] = ttg.memdesc_index %[[BARS]][%[[WRITE]]]
    // CHECK-NEXT: ttng.barrier_expect %[[EBAR]], 32768, %[[VALID]]
    // CHECK-NEXT: %[[WA:.*]] = ttg.memdesc_index %[[A]][%[[WRITE]]]
    // CHECK-NEXT: ttng.async_tma_copy_global_to_local %arg0[%arg2, %{{.*}}] %[[WA]], %[[EBAR]], %[[VALID]]
    // CHECK-NEXT: %[[WB:.*]] = ttg.memdesc_index %[[B]][%[[WRITE]]]
    // CHECK-NEXT: ttng.async_tma_copy_global_to_local %arg1[%{{.*}}, %arg3] %[[WB]], %[[EBAR]], %[[VALID]]
    // CHECK-NEXT: scf.yield %[[DW]]#0, %[[WRITE]], %[[READ]], %[[PH]]
    // After the loop: the last dot, then the barriers invalidated and freed, then the buffers.
    // CHECK: ttng.warp_group_dot_wait %{{.*}} {pendings = 0 : i32}
    // CHECK-COUNT-3: ttng.inval_barrier
    // CHECK-NEXT: ttg.local_dealloc %[[BARS]]
    // CHECK-NEXT: ttg.local_dealloc %[[B]]
    // CHECK-NEXT: ttg.local_dealloc %[[A]]
    // CHECK-NOT: ttg.async_wait
    // CHECK: tt.return
    %acc = scf.for %k = %c0 to %k_tiles step %c1 iter_args(%acc_k = %acc0) -> (tensor<128x128xf32, #mma>) : i32 {
      %off_k = arith.muli %k, %c64 : i32
      %a = tt.descriptor_load %a_desc[%off_m, %off_k] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %a_tile = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %b = tt.descriptor_load %b_desc[%off_k, %off_n] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
      %b_tile = ttg.local_alloc %b : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %next = ttng.warp_group_dot %a_tile, %b_tile, %acc_k {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %next : tensor<128x128xf32, #mma>
    }
    tt.return %acc : tensor<128x128xf32, #mma>
  }
}

// -----

// Attention: K (read transposed by the first dot) and V (loaded after that dot) get a barrier
// ring each; V's wait stays where V was loaded. The second dot's result, carried to the next
// iteration and read there after the first dot's wait {pendings = 0}, is threaded through that
// wait.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @attention
  tt.func @attention(%q: !ttg.memdesc<128x64xf16, #shared, #smem>, %k_desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %v_desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32, %out: !tt.ptr<f32>) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    // CHECK: %[[K:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16
    // CHECK: %[[V:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16
    // CHECK: %[[KBARS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
    // CHECK: %[[VBARS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
    // CHECK: ttng.barrier_expect %{{.*}}, 8192
    // CHECK: ttng.barrier_expect %{{.*}}, 8192
    // CHECK: scf.for {{.*}} iter_args(%[[ACC:[^ ]*]] = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}})
    // CHECK: %[[KB:.*]] = ttg.memdesc_index %[[KBARS]]
    // CHECK-NEXT: ttng.wait_barrier %[[KB]]
    // CHECK-NEXT: %[[KT:.*]] = ttg.memdesc_index %[[K]]
    // CHECK-NEXT: %[[KTT:.*]] = ttg.memdesc_trans %[[KT]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #{{.*}}, #smem, mutable> -> !ttg.memdesc<64x64xf16, #{{.*}}, #smem, mutable>
    // CHECK-NEXT: %[[QK:.*]] = ttng.warp_group_dot %arg0, %[[KTT]], %{{.*}} {inputPrecision = 0 : i32, isAsync = true}
    // CHECK-NEXT: %[[QKW:.*]]:4 = ttng.warp_group_dot_wait %[[QK]], %arg0, %[[KTT]], %[[ACC]] {pendings = 0 : i32}
    // CHECK: arith.mulf %[[QKW]]#3
    // CHECK: %[[VB:.*]] = ttg.memdesc_index %[[VBARS]]
    // CHECK-NEXT: ttng.wait_barrier %[[VB]]
    // CHECK-NEXT: %[[VT:.*]] = ttg.memdesc_index %[[V]]
    // CHECK: ttng.warp_group_dot %{{.*}}, %[[VT]], %{{.*}} {inputPrecision = 0 : i32, isAsync = true}
    // CHECK-NOT: ttng.warp_group_dot_wait
    // CHECK: ttng.barrier_expect %{{.*}}, 8192
    // CHECK: ttng.async_tma_copy_global_to_local %arg1
    // CHECK: ttng.barrier_expect %{{.*}}, 8192
    // CHECK: ttng.async_tma_copy_global_to_local %arg2
    // CHECK: scf.yield
    // CHECK: ttng.warp_group_dot_wait %{{.*}} {pendings = 0 : i32}
    // CHECK-COUNT-3: ttng.inval_barrier
    // CHECK-NEXT: ttg.local_dealloc %[[VBARS]]
    // CHECK-COUNT-3: ttng.inval_barrier
    // CHECK-NEXT: ttg.local_dealloc %[[KBARS]]
    // CHECK-NEXT: ttg.local_dealloc %[[V]]
    // CHECK-NEXT: ttg.local_dealloc %[[K]]
    %acc = scf.for %start = %c0 to %n step %c64 iter_args(%acc_i = %zero) -> (tensor<128x64xf32, #mma>) : i32 {
      %k = tt.descriptor_load %k_desc[%start, %c0] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %k_tile = ttg.local_alloc %k : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %k_t = ttg.memdesc_trans %k_tile {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #shared1, #smem>
      %qk = ttng.warp_group_dot %q, %k_t, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
      %scaled = arith.mulf %acc_i, %qk : tensor<128x64xf32, #mma>
      %v = tt.descriptor_load %v_desc[%start, %c0] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %v_tile = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %p = arith.truncf %qk : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %p_op = ttg.convert_layout %p : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %next = ttng.warp_group_dot %p_op, %v_tile, %scaled {inputPrecision = 0 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
      scf.yield %next : tensor<128x64xf32, #mma>
    }
    tt.return %acc : tensor<128x64xf32, #mma>
  }
}

// -----

// A descriptor-loaded A read in registers (converted to the dot operand layout): a local_load of
// its buffer (the canonicalizer folds the conversion into it). That conversion reads A before B is loaded, so A and B get a barrier ring each.
// A, read into registers, needs D = 2 buffers and B, read by the dot from shared memory while it
// runs, D + 1 = 3 (Triton's loadRequiresAdditionalBuffer): each ring has its own indices and
// phase, the 3-deep one advanced first. The dot is async and split along K into four dots of
// K = 16, each followed by a wait letting the other three run (Triton 3.6's splitRSDot and
// rsDotNeedsWait).
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @registers_a
  tt.func @registers_a(%a_desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %b_desc: !tt.tensordesc<tensor<64x128xf16, #shared>>, %k_tiles: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    // CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16
    // CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16
    // CHECK: %[[ABARS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64
    // CHECK: %[[BBARS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
    // CHECK: ttng.barrier_expect %{{.*}}, 16384
    // CHECK: ttng.barrier_expect %{{.*}}, 16384
    // CHECK: scf.for {{.*}} iter_args(%[[ACC:[^ ]*]] = %{{.*}}, %[[AINS:[^ ]*]] = %c1_i32, %[[AEXT:[^ ]*]] = %c-1_i32, %[[APHASE:[^ ]*]] = %c0_i32, %[[BINS:[^ ]*]] = %c1_i32, %[[BEXT:[^ ]*]] = %c-1_i32, %[[BPHASE:[^ ]*]] = %c0_i32)
    // CHECK: %[[BNEXT:.*]] = arith.addi %[[BEXT]], %c1_i32
    // CHECK-NEXT: %[[BWRAP:.*]] = arith.cmpi sge, %[[BNEXT]], %c3_i32
    // CHECK-NEXT: %[[BREAD:.*]] = arith.select %[[BWRAP]], %c0_i32, %[[BNEXT]]
    // CHECK: %[[ANEXT:.*]] = arith.addi %[[AEXT]], %c1_i32
    // CHECK-NEXT: %[[AWRAP:.*]] = arith.cmpi sge, %[[ANEXT]], %c2_i32
    // CHECK-NEXT: %[[AREAD:.*]] = arith.select %[[AWRAP]], %c0_i32, %[[ANEXT]]
    // CHECK: ttg.memdesc_index %[[ABARS]][%[[AREAD]]]
    // CHECK-NEXT: ttng.wait_barrier
    // CHECK-NEXT: %[[AT:.*]] = ttg.memdesc_index %[[A]][%[[AREAD]]]
    // CHECK-NEXT: %[[AR:.*]] = ttg.local_load %[[AT]] : !ttg.memdesc<128x64xf16, #{{.*}}, #smem, mutable> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    // CHECK-NEXT: ttg.memdesc_index %[[BBARS]][%[[BREAD]]]
    // CHECK-NEXT: ttng.wait_barrier
    // CHECK-NEXT: %[[BT:.*]] = ttg.memdesc_index %[[B]][%[[BREAD]]]
    // CHECK-NEXT: %[[R:.*]] = tt.reshape %[[AR]] : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> -> tensor<128x2x2x16xf16, #[[L0:.*]]>
    // CHECK-NEXT: %[[T:.*]] = tt.trans %[[R]] {order = array<i32: 0, 3, 2, 1>} : tensor<128x2x2x16xf16, #[[L0]]> -> tensor<128x16x2x2xf16, #[[L1:.*]]>
    // CHECK-NEXT: %[[H0:.*]], %[[H1:.*]] = tt.split %[[T]] : tensor<128x16x2x2xf16, #[[L1]]> -> tensor<128x16x2xf16, #[[L2:.*]]>
    // CHECK-NEXT: %[[Q0:.*]], %[[Q1:.*]] = tt.split %[[H0]] : tensor<128x16x2xf16, #[[L2]]> -> tensor<128x16xf16, #[[L3:.*]]>
    // CHECK-NEXT: %[[Q2:.*]], %[[Q3:.*]] = tt.split %[[H1]]
    // CHECK-NEXT: %[[P0:.*]] = ttg.convert_layout %[[Q0]] : tensor<128x16xf16, #[[L3]]> -> tensor<128x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    // CHECK-NEXT: %[[P1:.*]] = ttg.convert_layout %[[Q1]]
    // CHECK-NEXT: %[[P2:.*]] = ttg.convert_layout %[[Q2]]
    // CHECK-NEXT: %[[P3:.*]] = ttg.convert_layout %[[Q3]]
    // CHECK-NEXT: %[[S0:.*]] = ttg.memdesc_subslice %[[BT]][0, 0] : !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x128xf16, #shared, #smem, 64x128>
    // CHECK-NEXT: %[[S1:.*]] = ttg.memdesc_subslice %[[BT]][16, 0]
    // CHECK-NEXT: %[[S2:.*]] = ttg.memdesc_subslice %[[BT]][32, 0]
    // CHECK-NEXT: %[[S3:.*]] = ttg.memdesc_subslice %[[BT]][48, 0]
    // CHECK-NEXT: %[[D0:.*]] = ttng.warp_group_dot %[[P0]], %[[S0]], %[[ACC]] {inputPrecision = 0 : i32, isAsync = true}
    // CHECK-NEXT: %[[W0:.*]]:2 = ttng.warp_group_dot_wait %[[D0]], %[[S0]] {pendings = 3 : i32}
    // CHECK-NEXT: %[[D1:.*]] = ttng.warp_group_dot %[[P1]], %[[S1]], %[[W0]]#0, %true {inputPrecision = 0 : i32, isAsync = true}
    // CHECK-NEXT: %[[W1:.*]]:2 = ttng.warp_group_dot_wait %[[D1]], %[[S1]] {pendings = 3 : i32}
    // CHECK-NEXT: %[[D2:.*]] = ttng.warp_group_dot %[[P2]], %[[S2]], %[[W1]]#0, %true
    // CHECK-NEXT: %[[W2:.*]]:2 = ttng.warp_group_dot_wait %[[D2]], %[[S2]] {pendings = 3 : i32}
    // CHECK-NEXT: %[[D3:.*]] = ttng.warp_group_dot %[[P3]], %[[S3]], %[[W2]]#0, %true
    // CHECK-NEXT: %[[W3:.*]]:2 = ttng.warp_group_dot_wait %[[D3]], %[[S3]] {pendings = 3 : i32}
    // CHECK-NEXT: %[[BIN:.*]] = arith.addi %[[BINS]], %c1_i32
    // CHECK-NEXT: arith.cmpi sge, %[[BIN]], %c3_i32
    // CHECK: %[[AIN:.*]] = arith.addi %[[AINS]], %c1_i32
    // CHECK-NEXT: arith.cmpi sge, %[[AIN]], %c2_i32
    // CHECK: scf.yield %[[W3]]#0
    // CHECK: ttng.warp_group_dot_wait %{{.*}}#0 {pendings = 0 : i32}
    %acc = scf.for %k = %c0 to %k_tiles step %c1 iter_args(%acc_k = %acc0) -> (tensor<128x128xf32, #mma>) : i32 {
      %off_k = arith.muli %k, %c64 : i32
      %a = tt.descriptor_load %a_desc[%c0, %off_k] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %a_op = ttg.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %b = tt.descriptor_load %b_desc[%off_k, %c0] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
      %b_tile = ttg.local_alloc %b : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %next = ttng.warp_group_dot %a_op, %b_tile, %acc_k {inputPrecision = 0 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %next : tensor<128x128xf32, #mma>
    }
    tt.return %acc : tensor<128x128xf32, #mma>
  }
}

// -----

// Left alone: a descriptor made in the loop (triton-nvidia-tma-lowering copies through it).
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @descriptor_in_loop
  // CHECK-NOT: ttng.barrier_expect
  // CHECK: scf.for
  // CHECK: tt.make_tensor_descriptor
  // CHECK-NEXT: tt.descriptor_load
  tt.func @descriptor_in_loop(%base: !tt.ptr<f16>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %n: i32) -> tensor<128x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c1_i64 = arith.constant 1 : i64
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%acc_k = %acc0) -> (tensor<128x64xf32, #mma>) : i32 {
      %rows = arith.addi %k, %c64 : i32
      %desc = tt.make_tensor_descriptor %base, [%rows, %c64], [%c1_i64, %c1_i64] : !tt.ptr<f16>, !tt.tensordesc<tensor<128x64xf16, #shared>>
      %a = tt.descriptor_load %desc[%c0, %c0] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %a_tile = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %next = ttng.warp_group_dot %a_tile, %b, %acc_k {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
      scf.yield %next : tensor<128x64xf32, #mma>
    }
    tt.return %acc : tensor<128x64xf32, #mma>
  }
}

// -----

// A loop that waits {pendings = 0} for one dot (its result is read in the loop) needs no
// wait {pendings = 1} after its accumulating dot: that wait, before the copies at the end of
// the body, completes the previous iteration's dots too (Triton's rule). The accumulator is
// yielded straight from the dot and collected after the loop.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @synchronous_and_accumulating
  // CHECK: scf.for
  // CHECK: %[[S:.*]] = ttng.warp_group_dot {{.*}} {inputPrecision = 0 : i32, isAsync = true}
  // CHECK-NEXT: ttng.warp_group_dot_wait %[[S]], {{.*}} {pendings = 0 : i32}
  // CHECK: %[[ACC:.*]] = ttng.warp_group_dot {{.*}} {inputPrecision = 0 : i32, isAsync = true}
  // CHECK-NOT: ttng.warp_group_dot_wait
  // CHECK: scf.yield %{{.*}}, %[[ACC]],
  // CHECK: ttng.warp_group_dot_wait %{{.*}}#1 {pendings = 0 : i32}
  tt.func @synchronous_and_accumulating(%q: !ttg.memdesc<128x64xf16, #shared, #smem>, %k_desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %v_desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32) -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma>) {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %sum0 = arith.constant dense<0.000000e+00> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %sum, %acc = scf.for %start = %c0 to %n step %c64 iter_args(%sum_i = %sum0, %acc_i = %zero) -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma>) : i32 {
      %k = tt.descriptor_load %k_desc[%start, %c0] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %k_tile = ttg.local_alloc %k : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %s = ttng.warp_group_dot %q, %k_tile, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
      %row = "tt.reduce"(%s) <{axis = 1 : i32}> ({
      ^bb0(%x: f32, %y: f32):
        %r = arith.addf %x, %y : f32
        tt.reduce.return %r : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %sum_next = arith.addf %sum_i, %row : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %v = tt.descriptor_load %v_desc[%start, %c0] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %v_tile = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %next = ttng.warp_group_dot %q, %v_tile, %acc_i {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
      scf.yield %sum_next, %next : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma>
    }
    tt.return %sum, %acc : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma>
  }
}

// -----

// A fused persistent matmul (tritongpu-fuse-nested-loops of a tile loop around the K loop):
// the tile offsets the loads read are computed by a prologue `scf.if` when the inner index
// wraps, and the epilogue stores the tile under `T == len - 1` with the same offsets. The copies
// at the end of the body are for iteration k + 2: they read the offsets stage 0 computes for
// that iteration (the `scf.if` cloned there), while the epilogue reads iteration k's, carried
// by the loop (the test of the wrap and the epilogue's are two ops, as the fusion makes them).
// The epilogue's TMA store writes one buffer made before the loop, after waiting
// for the previous tile's store (Triton's pipelineTMAStores). The body is in Triton's order:
// the next tile's start first, the epilogue last.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @fused_persistent
  // CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16
  // CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16
  // Prologue: iteration 1's offsets (a new tile where iteration 0 was its tile's last step).
  // CHECK: %[[P1:.*]]:3 = scf.if
  // CHECK: ttng.async_tma_copy_global_to_local %arg0[%[[P1]]#0, %{{.*}}]
  // CHECK: ttng.async_tma_copy_global_to_local %arg1[%{{.*}}, %[[P1]]#1]
  // The epilogue's buffer.
  // CHECK: %[[C:.*]] = ttg.local_alloc : () -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
  // The loop carries j and the tile (offsets, counter) of iteration k + 1, then the K index of
  // k + 1 (what the advance of the K index reads), j and the offsets of iteration k (the
  // epilogue's).
  // CHECK: scf.for %{{.*}} iter_args(%[[J:[^ ]*]] = %{{[^ ]*}}, %[[TILE:[^ ]*]] = %[[P1]]#2, %[[ACC:[^ ]*]] = %cst, %[[M:[^ ]*]] = %[[P1]]#0, %[[N:[^ ]*]] = %[[P1]]#1, %{{[^ ]*}} = %c1_i32, %{{[^ ]*}} = %c-1_i32, %{{[^ ]*}} = %c0_i32, %[[KK:[^ ]*]] = %{{[^ ]*}}, %[[J_K:[^ ]*]] = %c0_i32, %[[M_K:[^ ]*]] = %{{[^ ]*}}, %[[N_K:[^ ]*]] = %{{[^ ]*}})
  // First j of iteration k + 2 and, where it starts a tile, that tile's offsets.
  // CHECK: %[[VALID:.*]] = arith.cmpi slt
  // CHECK-NEXT: %[[JPLUS:.*]] = arith.addi %[[J]], %c1_i32
  // CHECK-NEXT: %[[WRAPS:.*]] = arith.cmpi eq, %[[J]], %{{.*}}
  // CHECK-NEXT: %[[JN:.*]] = arith.select %[[WRAPS]], %c0_i32, %[[JPLUS]]
  // CHECK-NEXT: %[[STARTS:.*]] = arith.cmpi eq, %[[JN]], %c0_i32
  // CHECK-NEXT: %[[NEXT:.*]]:3 = scf.if %[[STARTS]] -> (i32, i32, i32) {
  // CHECK-NEXT: arith.addi %[[TILE]], %c132_i32
  // CHECK: } else {
  // CHECK-NEXT: scf.yield %[[M]], %[[N]], %[[TILE]]
  // Then iteration k's tiles and dot.
  // CHECK: ttng.wait_barrier
  // CHECK: %[[D:.*]] = ttng.warp_group_dot %{{.*}}, %{{.*}}, %[[ACC]]
  // CHECK-NEXT: %[[DW:.*]]:3 = ttng.warp_group_dot_wait %[[D]], {{.*}} {pendings = 1 : i32}
  // Then the K index of iteration k + 2 and its copies, at its tile's offsets.
  // CHECK-NEXT: %[[KPLUS:.*]] = arith.addi %[[KK]], %c1_i32
  // CHECK: %[[K2:.*]] = arith.select %[[STARTS]], %c0_i32, %[[KPLUS]]
  // CHECK-NEXT: %[[OFFK:.*]] = arith.muli %[[K2]], %c64_i32
  // CHECK: ttng.barrier_expect %{{.*}}, 32768, %[[VALID]]
  // CHECK: ttng.async_tma_copy_global_to_local %arg0[%[[NEXT]]#0, %[[OFFK]]]
  // CHECK: ttng.async_tma_copy_global_to_local %arg1[%[[OFFK]], %[[NEXT]]#1]
  // Last the epilogue of iteration k, at its own tile's offsets.
  // CHECK-NEXT: %[[ENDS:.*]] = arith.cmpi eq, %[[J_K]], %{{.*}}
  // CHECK-NEXT: %[[RESET:.*]] = arith.select %[[ENDS]], %cst, %[[DW]]#0
  // CHECK-NEXT: scf.if %[[ENDS]] {
  // CHECK-NEXT: ttng.warp_group_dot_wait %[[DW]]#0, {{.*}} {pendings = 0 : i32}
  // CHECK-NEXT: %[[H:.*]] = arith.truncf
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: ttg.local_store %[[H]], %[[C]]
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global %arg2[%[[M_K]], %[[N_K]]] %[[C]]
  // CHECK-NEXT: }
  // CHECK-NEXT: scf.yield %[[JN]], %[[NEXT]]#2, %[[RESET]], %[[NEXT]]#0, %[[NEXT]]#1, %{{[^ ]*}}, %{{[^ ]*}}, %{{[^ ]*}}, %[[K2]], %[[J]], %[[M]], %[[N]] :
  // CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: ttg.local_dealloc %[[C]]
  // CHECK-NOT: tt.descriptor_store
  tt.func @fused_persistent(%a_desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %b_desc: !tt.tensordesc<tensor<64x128xf16, #shared>>, %c_desc: !tt.tensordesc<tensor<128x128xf16, #shared>>, %first: i32, %tiles_m: i32, %len: i32, %k_steps: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %c132 = arith.constant 132 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %before = arith.subi %first, %c132 : i32
    %last = arith.subi %k_steps, %c1 : i32
    %last_again = arith.subi %k_steps, %c1 : i32
    %r:6 = scf.for %t = %c0 to %len step %c1 iter_args(%j = %c0, %tile = %before, %kk = %c0, %acc = %zero, %m = %c0, %n = %c0) -> (i32, i32, i32, tensor<128x128xf32, #mma>, i32, i32) : i32 {
      %starts = arith.cmpi eq, %j, %c0 : i32
      %k = arith.select %starts, %c0, %kk : i32
      %offs:3 = scf.if %starts -> (i32, i32, i32) {
        %next = arith.addi %tile, %c132 : i32
        %tm = arith.remsi %next, %tiles_m : i32
        %tn = arith.divsi %next, %tiles_m : i32
        %om = arith.muli %tm, %c128 : i32
        %on = arith.muli %tn, %c128 : i32
        scf.yield %om, %on, %next : i32, i32, i32
      } else {
        scf.yield %m, %n, %tile : i32, i32, i32
      }
      %off_k = arith.muli %k, %c64 : i32
      %a = tt.descriptor_load %a_desc[%offs#0, %off_k] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %a_tile = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %b = tt.descriptor_load %b_desc[%off_k, %offs#1] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
      %b_tile = ttg.local_alloc %b : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %d = ttng.warp_group_dot %a_tile, %b_tile, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      %k_next = arith.addi %k, %c1 : i32
      %ends = arith.cmpi eq, %j, %last : i32
      %acc_next = scf.if %ends -> (tensor<128x128xf32, #mma>) {
        %h = arith.truncf %d : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
        %hb = ttg.convert_layout %h : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked1>
        tt.descriptor_store %c_desc[%offs#0, %offs#1], %hb : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked1>
        scf.yield %zero : tensor<128x128xf32, #mma>
      } else {
        scf.yield %d : tensor<128x128xf32, #mma>
      }
      %j1 = arith.addi %j, %c1 : i32
      %wraps = arith.cmpi eq, %j, %last_again : i32
      %j_next = arith.select %wraps, %c0, %j1 : i32
      scf.yield %j_next, %offs#2, %k_next, %acc_next, %offs#0, %offs#1 : i32, i32, i32, tensor<128x128xf32, #mma>, i32, i32
    }
    tt.return
  }
}
