// RUN: trex-opt %s | trex-opt | FileCheck %s
// The amdg ops print back in Triton 3.6's syntax, and the printed form parses again.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 8], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#linear = #ttg.linear<{register = [[1, 0], [2, 0], [0, 1], [0, 2], [0, 4]], lane = [[0, 8], [0, 16], [0, 32], [0, 64], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: tt.func public @buffers
  tt.func public @buffers(%base: !tt.ptr<f32>, %offs: tensor<1024xi32, #blocked>, %m: tensor<1024xi1, #blocked>, %zero: tensor<1024xf32, #blocked>, %stride: i32) {
    // CHECK: %[[X:.*]] = amdg.buffer_load %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}} : tensor<1024xf32, #blocked>
    %x = amdg.buffer_load %base[%offs], %m, %zero : tensor<1024xf32, #blocked>
    // CHECK: amdg.buffer_load %{{.*}}[%{{.*}}] cacheModifier = cg : tensor<1024xf32, #blocked>
    %y = amdg.buffer_load %base[%offs] cacheModifier = cg : tensor<1024xf32, #blocked>
    // CHECK: amdg.buffer_store %[[X]], %{{.*}}[%{{.*}}], %{{.*}} : tensor<1024xf32, #blocked>
    amdg.buffer_store %x, %base[%offs], %m : tensor<1024xf32, #blocked>
    // CHECK: amdg.buffer_store %{{.*}}, %{{.*}}[%{{.*}}] stride = %{{.*}} : tensor<1024xf32, #blocked>
    amdg.buffer_store %y, %base[%offs] stride = %stride : tensor<1024xf32, #blocked>
    // CHECK: amdg.buffer_atomic_rmw fadd, acq_rel, gpu, %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}} : tensor<1024xf32, #blocked>
    %old = amdg.buffer_atomic_rmw fadd, acq_rel, gpu, %x, %base[%offs], %m : tensor<1024xf32, #blocked>
    tt.return
  }

  // CHECK-LABEL: tt.func public @transpose
  tt.func public @transpose(%b: tensor<64x128xf16, #blocked1>) {
    // CHECK: amdg.in_thread_transpose %{{.*}} : tensor<64x128xf16, #blocked1> -> tensor<64x128xf16, #linear>
    %t = amdg.in_thread_transpose %b : tensor<64x128xf16, #blocked1> -> tensor<64x128xf16, #linear>
    // ROCDL scheduling hints appear in AMD ttgir too.
    // CHECK: rocdl.sched.barrier 0
    rocdl.sched.barrier 0
    // CHECK: rocdl.s.setprio 1
    rocdl.s.setprio 1
    tt.return
  }
}
