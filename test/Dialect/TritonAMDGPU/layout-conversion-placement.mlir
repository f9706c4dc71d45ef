// RUN: trex-opt %s -split-input-file -allow-unregistered-dialect --tritonamdgpu-hoist-layout-conversions | FileCheck %s --check-prefix=HOIST
// RUN: trex-opt %s -split-input-file -allow-unregistered-dialect --tritonamdgpu-sink-layout-conversions | FileCheck %s --check-prefix=SINK
// tritonamdgpu-hoist-layout-conversions moves conversions of loop-invariant
// values to dot operands out of loops; tritonamdgpu-sink-layout-conversions
// moves conversions below shared-memory deallocations.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // HOIST-LABEL: tt.func @hoist
  tt.func @hoist(%q: tensor<64x64xf16, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // HOIST: %[[E:.*]] = math.exp %arg0
    // HOIST-NEXT: ttg.convert_layout %[[E]]
    // HOIST: scf.for
    // HOIST-NEXT: "test.use"
    %e = math.exp %q : tensor<64x64xf16, #blocked>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %c = ttg.convert_layout %e : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
      "test.use"(%c) : (tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>) -> ()
    }
    tt.return
  }
}

// -----

#a = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // SINK-LABEL: tt.func @sink
  tt.func @sink(%x: tensor<1024xf32, #a>, %buf: !ttg.memdesc<1024xf32, #shared, #smem, mutable>) {
    // SINK: ttg.local_dealloc
    // SINK-NEXT: ttg.convert_layout
    // SINK-NEXT: "test.use"
    %c = ttg.convert_layout %x : tensor<1024xf32, #a> -> tensor<1024xf32, #b>
    ttg.local_dealloc %buf : !ttg.memdesc<1024xf32, #shared, #smem, mutable>
    "test.use"(%c) : (tensor<1024xf32, #b>) -> ()
    tt.return
  }
}
