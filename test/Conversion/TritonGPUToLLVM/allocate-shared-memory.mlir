// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory | FileCheck %s
// Structured loops (scf not lowered yet) must give the same offsets.
// RUN: trex-opt %s -split-input-file --allocate-shared-memory | FileCheck %s

// allocate-shared-memory gives each ttg.local_alloc buffer (and each op's scratch) an offset:
// buffers live at the same time never overlap, buffers whose lives are disjoint share memory.
// ttg.shared is the end of the highest buffer.

// Two 512-byte buffers, both written before either is read: live together, side by side.
// CHECK: ttg.shared = 1024 : i32
// CHECK-LABEL: tt.func public @live_together
// CHECK: ttg.local_alloc %{{.*}} {allocation.offset = 0 : i32}
// CHECK: ttg.local_alloc %{{.*}} {allocation.offset = 512 : i32}
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @live_together(%x: tensor<16x16xf16, #blocked>, %y: tensor<16x16xf16, #blocked>) -> tensor<16x16xf16, #blocked> {
    %a = ttg.local_alloc %x : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    %b = ttg.local_alloc %y : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    %ra = ttg.local_load %a : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #blocked>
    %rb = ttg.local_load %b : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #blocked>
    %s = arith.addf %ra, %rb : tensor<16x16xf16, #blocked>
    tt.return %s : tensor<16x16xf16, #blocked>
  }
}

// -----

// The same buffers one after the other: the first is dead when the second is written, so both
// start at 0.
// CHECK: ttg.shared = 512 : i32
// CHECK-LABEL: tt.func public @one_after_the_other
// CHECK: ttg.local_alloc %{{.*}} {allocation.offset = 0 : i32}
// CHECK: ttg.local_alloc %{{.*}} {allocation.offset = 0 : i32}
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @one_after_the_other(%x: tensor<16x16xf16, #blocked>, %y: tensor<16x16xf16, #blocked>) -> tensor<16x16xf16, #blocked> {
    %a = ttg.local_alloc %x : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    %ra = ttg.local_load %a : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #blocked>
    %b = ttg.local_alloc %y : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    %rb = ttg.local_load %b : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #blocked>
    %s = arith.addf %ra, %rb : tensor<16x16xf16, #blocked>
    tt.return %s : tensor<16x16xf16, #blocked>
  }
}

// -----

// A buffer read inside a loop but written before it stays live for the whole loop, so the
// buffer the loop body allocates after that read must not reuse its memory (the next
// iteration reads the first one again). The layout conversions' scratch (4 warps exchanging
// 16x16xf32: 1024 bytes, the largest, placed first) is live only while each runs, when the
// body's buffer is already dead: they share offset 0, the loop-long buffer goes above.
// CHECK: ttg.shared = 1536 : i32
// CHECK-LABEL: tt.func public @loop
// CHECK: ttg.local_alloc %{{.*}} {allocation.offset = 1024 : i32}
// CHECK: ttg.local_alloc %{{.*}} {allocation.offset = 0 : i32}
// CHECK: ttg.convert_layout %{{.*}} {allocation.offset = 0 : i32}
// CHECK: ttg.convert_layout %{{.*}} {allocation.offset = 0 : i32}
// CHECK: ttg.convert_layout %{{.*}} {allocation.offset = 0 : i32}
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @loop(%x: tensor<16x16xf16, #blocked>, %acc0: tensor<16x16xf32, #blocked>, %n: i32) -> tensor<16x16xf32, #blocked1> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc %x : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    %acc = scf.for %i = %c0 to %n step %c1 iter_args(%acc1 = %acc0) -> (tensor<16x16xf32, #blocked>) : i32 {
      %ra = ttg.local_load %a : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #blocked>
      %b = ttg.local_alloc %ra : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
      %rb = ttg.local_load %b : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf16, #blocked>
      %w = arith.extf %rb : tensor<16x16xf16, #blocked> to tensor<16x16xf32, #blocked>
      %t = ttg.convert_layout %w : tensor<16x16xf32, #blocked> -> tensor<16x16xf32, #blocked1>
      %u = ttg.convert_layout %t : tensor<16x16xf32, #blocked1> -> tensor<16x16xf32, #blocked>
      %s = arith.addf %acc1, %u : tensor<16x16xf32, #blocked>
      scf.yield %s : tensor<16x16xf32, #blocked>
    }
    %r = ttg.convert_layout %acc : tensor<16x16xf32, #blocked> -> tensor<16x16xf32, #blocked1>
    tt.return %r : tensor<16x16xf32, #blocked1>
  }
}
