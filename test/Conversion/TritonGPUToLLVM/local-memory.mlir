// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s
// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | mlir-translate --mlir-to-llvmir -split-input-file | FileCheck %s --check-prefix=LLVMIR

// Shared-memory buffers: a register's element offset is its constant offset XOR, per set bit
// of the lane (and warp) id, the offset that bit moves to in the buffer's shared layout; the
// constant's bits that no lane or warp offset has are added instead (XOR of disjoint bits),
// so that they fold into the access's immediate offset. All the constants below are worked
// out by hand from the layouts.

// Identity (unswizzled) 16x16xf16 buffer, 1 warp. Stored from #blocked: lane bits 0..2 step
// the column by 2, 4, 8; lane bits 3, 4 the row by 2, 4 (offsets 32, 64); registers 0/1 are
// columns c, c+1 (one 4-byte word) and register bits 1, 2 rows 1 and 8 (offsets 16, 128).
// That is stmatrix's shape (as Triton stores it on sm_90): each word a pair of an 8-element
// row segment whose four pairs lane bits 0, 1 pick, so one stmatrix.x4 stores all 8
// registers: lane L gives the address of row L % 8 of matrix L / 8 (row q of matrix 0 is
// what threads 4q..4q+3 hold in word 0), i.e. lane bit 0 moves it by 8 (columns 8-15), lane
// bits 1, 2 by 32, 64 (rows 2, 4), and lane bits 3, 4 pick the matrix, words 1 and 2 of a
// thread: rows + 1 and + 8 (16, 128).
// Loaded as the A operand of an FMA dot: every lane holds whole rows (all 16 K elements), so
// only lane bits 3, 4 move the address; 8 consecutive K elements per 16-byte load at register
// offsets 0, 8 (K), 16, 24 (row 1), 128, 136, 144, 152 (row 8).
// CHECK: ttg.shared = 512 : i32
// CHECK-LABEL: llvm.func @store_blocked_load_dot_operand
// CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-DAG: %[[C5:.*]] = llvm.mlir.constant(5 : i32) : i32
// CHECK-DAG: %[[C7:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK-DAG: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK-DAG: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK-DAG: %[[C24:.*]] = llvm.mlir.constant(24 : i32) : i32
// CHECK-DAG: %[[C128:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK-DAG: %[[C144:.*]] = llvm.mlir.constant(144 : i32) : i32
// CHECK-DAG: %[[C152:.*]] = llvm.mlir.constant(152 : i32) : i32
// CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem
// CHECK: %[[LANE:.*]] = llvm.urem
// CHECK-NEXT: %[[A0:.*]] = llvm.and %[[LANE]], %[[C1]]
// CHECK-NEXT: %[[B0:.*]] = llvm.shl %[[A0]], %[[C3]]
// CHECK-NEXT: %[[A1:.*]] = llvm.lshr %[[LANE]], %[[C1]]
// CHECK-NEXT: %[[A2:.*]] = llvm.and %[[A1]], %[[C3]]
// CHECK-NEXT: %[[B1:.*]] = llvm.shl %[[A2]], %[[C5]]
// CHECK-NEXT: %[[X1:.*]] = llvm.xor %[[B0]], %[[B1]]
// CHECK-NEXT: %[[S3:.*]] = llvm.lshr %[[LANE]], %[[C3]]
// CHECK-NEXT: %[[A3:.*]] = llvm.and %[[S3]], %[[C1]]
// CHECK-NEXT: %[[B3:.*]] = llvm.shl %[[A3]], %[[C4]]
// CHECK-NEXT: %[[X3:.*]] = llvm.xor %[[X1]], %[[B3]]
// CHECK-NEXT: %[[S4:.*]] = llvm.lshr %[[LANE]], %[[C4]]
// CHECK-NEXT: %[[A4:.*]] = llvm.and %[[S4]], %[[C1]]
// CHECK-NEXT: %[[B4:.*]] = llvm.shl %[[A4]], %[[C7]]
// CHECK-NEXT: %[[ROWS:.*]] = llvm.xor %[[X3]], %[[B4]]
// CHECK: %[[P0:.*]] = llvm.getelementptr %[[SMEM]][%[[ROWS]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK-NEXT: "stmatrix.sync.aligned.m8n8.x4.shared.b16 [$0], {$1, $2, $3, $4};", "r,r,r,r,r" %[[P0]]
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: %[[F3:.*]] = llvm.and %[[S3]], %[[C3]]
// CHECK-NEXT: %[[L3:.*]] = llvm.shl %[[F3]], %[[C5]]
// CHECK-NEXT: %[[Q0:.*]] = llvm.getelementptr %[[SMEM]][%[[L3]]]
// CHECK-NEXT: llvm.load %[[Q0]] {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// CHECK: llvm.add %[[L3]], %[[C8]]
// CHECK: llvm.load {{.*}} -> vector<8xf16>
// CHECK: llvm.add %[[L3]], %[[C16]]
// CHECK: llvm.load {{.*}} -> vector<8xf16>
// CHECK: llvm.add %[[L3]], %[[C24]]
// CHECK: llvm.load {{.*}} -> vector<8xf16>
// CHECK: llvm.add %[[L3]], %[[C128]]
// CHECK: llvm.load {{.*}} -> vector<8xf16>
// CHECK-COUNT-3: llvm.load {{.*}} -> vector<8xf16>
// CHECK-NOT: llvm.load
// CHECK: llvm.return
// LLVMIR-LABEL: define {{.*}} @store_blocked_load_dot_operand
// LLVMIR: load <8 x half>, ptr addrspace(3) {{.*}}, align 16
#blocked = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @store_blocked_load_dot_operand(%x: tensor<16x16xf16, #blocked>) -> tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> {
    %s = ttg.local_alloc %x : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    %y = ttg.local_load %s : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    tt.return %y : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
  }
}

// -----

// A swizzled 8x8xf16 buffer (vec 2, perPhase 1, maxPhase 4): element (r, c) is at
// r*8 + ((c/2) ^ (r%4))*2 + c%2. Lane bits 0, 1 step the column by 2, 4 (offsets 2, 4); lane
// bits 2, 3, 4 step the row by 1, 2, 4, whose offsets carry the swizzle: 8^2 = 10, 16^4 = 20,
// and 32 (row 4 is phase 0 again): (lane & 3) << 1, two multiplies, a shift. The two registers
// (columns c, c+1) stay one vector.
// CHECK: ttg.shared = 128 : i32
// CHECK-LABEL: llvm.func @swizzled
// CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-DAG: %[[C5:.*]] = llvm.mlir.constant(5 : i32) : i32
// CHECK-DAG: %[[C10:.*]] = llvm.mlir.constant(10 : i32) : i32
// CHECK-DAG: %[[C20:.*]] = llvm.mlir.constant(20 : i32) : i32
// CHECK: %[[F0:.*]] = llvm.and %{{.*}}, %[[C3]]
// CHECK-NEXT: llvm.shl %[[F0]], %[[C1]]
// CHECK: llvm.mul %{{.*}}, %[[C10]]
// CHECK: llvm.mul %{{.*}}, %[[C20]]
// CHECK: llvm.shl %{{.*}}, %[[C5]]
// CHECK-NEXT: %[[OFFSET:.*]] = llvm.xor
// CHECK-NOT: nvvm.barrier0
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[OFFSET]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK-NEXT: llvm.store %{{.*}}, %[[P]] {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr<3> -> vector<2xf16>
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#swizzled = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @swizzled(%x: tensor<8x8xf16, #blocked>) -> tensor<8x8xf16, #blocked> {
    %s = ttg.local_alloc %x : (tensor<8x8xf16, #blocked>) -> !ttg.memdesc<8x8xf16, #swizzled, #smem>
    %y = ttg.local_load %s : !ttg.memdesc<8x8xf16, #swizzled, #smem> -> tensor<8x8xf16, #blocked>
    tt.return %y : tensor<8x8xf16, #blocked>
  }
}

// -----

// An uninitialized double buffer (2 x 8x32xf32 = 2048 bytes): memdesc_index moves the pointer
// by i x 256 elements; local_store writes 4-float vectors (lane bits: columns 4, 8, 16, rows
// 1, 2 = 32, 64; warp bit: row 4 = 128). memdesc_trans only retypes the view: read through
// the transposed layout with the transposed register layout, every thread finds its data
// at the very address it stored it. local_dealloc emits nothing.
// CHECK: ttg.shared = 2048 : i32
// CHECK-LABEL: llvm.func @views
// CHECK-DAG: %[[C7:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK-DAG: %[[C256:.*]] = llvm.mlir.constant(256 : i32) : i32
// CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem
// CHECK: %[[SKIP:.*]] = llvm.mul %arg1, %[[C256]] : i32
// CHECK-NEXT: %[[VIEW:.*]] = llvm.getelementptr %[[SMEM]][%[[SKIP]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: %[[WARP:.*]] = llvm.shl %{{.*}}, %[[C7]]
// CHECK-NEXT: %[[OFFSET:.*]] = llvm.xor %{{.*}}, %[[WARP]]
// CHECK-NOT: nvvm.barrier0
// CHECK: %[[P:.*]] = llvm.getelementptr %[[VIEW]][%[[OFFSET]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK-NEXT: llvm.store %{{.*}}, %[[P]] {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load %[[P]] {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @views(%x: tensor<8x32xf32, #blocked>, %i: i32) -> tensor<32x8xf32, #blocked1> {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x8x32xf32, #shared, #smem, mutable>
    %s = ttg.memdesc_index %buf[%i] : !ttg.memdesc<2x8x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    ttg.local_store %x, %s : tensor<8x32xf32, #blocked> -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable>
    %t = ttg.memdesc_trans %s {order = array<i32: 1, 0>} : !ttg.memdesc<8x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<32x8xf32, #shared1, #smem, mutable>
    %y = ttg.local_load %t : !ttg.memdesc<32x8xf32, #shared1, #smem, mutable> -> tensor<32x8xf32, #blocked1>
    ttg.local_dealloc %buf : !ttg.memdesc<2x8x32xf32, #shared, #smem, mutable>
    tt.return %y : tensor<32x8xf32, #blocked1>
  }
}

// -----

// The same buffer on AMD, in a device function (AMD kernels return nothing): the accesses
// are the same, the barrier is the workgroup's, and the buffer is at the shared-memory base
// the caller passes.
// CHECK-LABEL: llvm.func internal @amd_store_load
// CHECK-SAME: %[[BASE:arg[0-9]+]]: !llvm.ptr<3>
// CHECK: rocdl.barrier
// CHECK: llvm.getelementptr %[[BASE]]
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK: rocdl.barrier
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func private @amd_store_load(%x: tensor<8x32xf32, #blocked>) -> tensor<8x32xf32, #blocked> {
    %s = ttg.local_alloc %x : (tensor<8x32xf32, #blocked>) -> !ttg.memdesc<8x32xf32, #shared, #smem>
    %y = ttg.local_load %s : !ttg.memdesc<8x32xf32, #shared, #smem> -> tensor<8x32xf32, #blocked>
    tt.return %y : tensor<8x32xf32, #blocked>
  }
}
