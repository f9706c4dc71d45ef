// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s

// The first op of a kernel to use shared memory needs no barrier before writing its scratch
// (no other warp can still be reading it); every later one does, and so does one in a loop,
// whose previous iteration used the scratch. Here: two cross-warp sums in a row.
// CHECK-LABEL: llvm.func @two_sums
// CHECK-NOT: nvvm.barrier0
// CHECK: st.shared.b32
// CHECK-NEXT: nvvm.barrier0
// CHECK: st.shared.b32
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.getelementptr
// CHECK-NEXT: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// The second sum waits for every warp to have read the first one's result before it stores
// (the barrier analysis puts the barrier before the op, ahead of its address arithmetic).
// CHECK-NOT: st.shared
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.inline_asm has_side_effects "@$2 st.shared.b32
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_sums(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
    %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %base = tt.splat %in : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %base, %range : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %x = tt.load %ptrs : tensor<128x!tt.ptr<f32>, #blocked>
    %sum = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<128xf32, #blocked>) -> f32
    %splat = tt.splat %sum : f32 -> tensor<128xf32, #blocked>
    %y = arith.mulf %x, %splat : tensor<128xf32, #blocked>
    %sum2 = "tt.reduce"(%y) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<128xf32, #blocked>) -> f32
    tt.store %out, %sum2 : !tt.ptr<f32>
    tt.return
  }
}

// -----

// In a loop, the sum of one iteration follows the previous iteration's: barrier first.
// CHECK-LABEL: llvm.func @sum_in_loop
// CHECK: llvm.cond_br %{{.*}}, ^[[BODY:.*]], ^{{.*}}
// CHECK: ^[[BODY]]:
// CHECK-NOT: st.shared
// CHECK: nvvm.barrier0
// CHECK: st.shared.b32
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @sum_in_loop(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant 0.0 : f32
    %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %base = tt.splat %in : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %base, %range : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %total = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
      %x = tt.load %ptrs : tensor<128x!tt.ptr<f32>, #blocked>
      %sum = "tt.reduce"(%x) <{axis = 0 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %s = arith.addf %a, %b : f32
        tt.reduce.return %s : f32
      }) : (tensor<128xf32, #blocked>) -> f32
      %next = arith.addf %acc, %sum : f32
      scf.yield %next : f32
    }
    tt.store %out, %total : !tt.ptr<f32>
    tt.return
  }
}

// -----

// After the pipeline's last ttg.async_wait (cp.async.wait_group and a barrier), the epilogue's
// exchange stores without a barrier of its own: nothing between the two touches shared memory
// (freeing buffers and arithmetic do not), so every thread is done with the buffers. Triton's
// barrier analysis puts none there either. Nor before the wait: the local_alloc that stores
// its buffer is the kernel's first shared-memory access.
// CHECK-LABEL: llvm.func @exchange_after_wait
// CHECK-NOT: nvvm.barrier0
// CHECK: cp.async.wait_group 0;
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @exchange_after_wait(%x: tensor<128x128xf16, #blocked>, %c: tensor<128x128xf32, #mma>) -> tensor<128x128xf16, #blocked> {
    %buffer = ttg.local_alloc %x : (tensor<128x128xf16, #blocked>) -> !ttg.memdesc<128x128xf16, #shared, #smem>
    %token = ttg.async_wait {num = 0 : i32}
    ttg.local_dealloc %buffer : !ttg.memdesc<128x128xf16, #shared, #smem>
    %h = arith.truncf %c : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %r = ttg.convert_layout %h : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    tt.return %r : tensor<128x128xf16, #blocked>
  }
}

// -----

// Anything that reads or writes shared memory between the wait and the exchange keeps the
// exchange's barrier.
// CHECK-LABEL: llvm.func @exchange_after_wait_and_load
// CHECK: cp.async.wait_group 0;
// CHECK-NEXT: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @exchange_after_wait_and_load(%x: tensor<128x128xf16, #blocked>, %c: tensor<128x128xf32, #mma>) -> (tensor<128x128xf16, #blocked>, tensor<128x128xf16, #blocked>) {
    %buffer = ttg.local_alloc %x : (tensor<128x128xf16, #blocked>) -> !ttg.memdesc<128x128xf16, #shared, #smem>
    %token = ttg.async_wait {num = 0 : i32}
    %y = ttg.local_load %buffer : !ttg.memdesc<128x128xf16, #shared, #smem> -> tensor<128x128xf16, #blocked>
    %h = arith.truncf %c : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %r = ttg.convert_layout %h : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    tt.return %r, %y : tensor<128x128xf16, #blocked>, tensor<128x128xf16, #blocked>
  }
}

// -----

// Two exchanges after the wait (an epilogue that splits the accumulator and converts each
// half): the first needs no barrier of its own, the second does, since the first's reads of
// the scratch they share may still be running in other warps; ttg.convert_layout has no
// memory effects in the IR but goes through shared memory once lowered.
// Each exchange takes four rounds here (a store, a barrier, ldmatrix reads): between every
// round's reads and the next stores, the second exchange's first included, a barrier.
// CHECK-LABEL: llvm.func @two_exchanges_after_wait
// CHECK: cp.async.wait_group 0;
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: ldmatrix
// CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: ldmatrix
// CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: ldmatrix
// CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: ldmatrix
// CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: ldmatrix
// CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: ldmatrix
// CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: ldmatrix
// CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: ldmatrix
// CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_exchanges_after_wait(%x: tensor<128x128xf16, #blocked>, %c: tensor<128x128xf32, #mma>, %d: tensor<128x128xf32, #mma>) -> (tensor<128x128xf16, #blocked>, tensor<128x128xf16, #blocked>) {
    %buffer = ttg.local_alloc %x : (tensor<128x128xf16, #blocked>) -> !ttg.memdesc<128x128xf16, #shared, #smem>
    %token = ttg.async_wait {num = 0 : i32}
    ttg.local_dealloc %buffer : !ttg.memdesc<128x128xf16, #shared, #smem>
    %h = arith.truncf %c : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %r = ttg.convert_layout %h : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    %g = arith.truncf %d : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %s = ttg.convert_layout %g : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    tt.return %r, %s : tensor<128x128xf16, #blocked>, tensor<128x128xf16, #blocked>
  }
}
