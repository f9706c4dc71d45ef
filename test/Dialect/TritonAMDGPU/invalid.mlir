// RUN: trex-opt %s -split-input-file -verify-diagnostics
// Every verifier message of the amdg ops.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @other_without_mask(%base: !tt.ptr<f32>, %offs: tensor<1024xi32, #blocked>, %zero: tensor<1024xf32, #blocked>) {
    // expected-error @+1 {{other needs a mask}}
    %x = "amdg.buffer_load"(%base, %offs, %zero) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 1>}> : (!tt.ptr<f32>, tensor<1024xi32, #blocked>, tensor<1024xf32, #blocked>) -> tensor<1024xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @base_type(%base: !tt.ptr<f16>, %offs: tensor<1024xi32, #blocked>) {
    // expected-error @+1 {{ptr points to the result's element type}}
    %x = "amdg.buffer_load"(%base, %offs) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>}> : (!tt.ptr<f16>, tensor<1024xi32, #blocked>) -> tensor<1024xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @transpose_shape(%b: tensor<64x128xf16, #blocked1>) {
    // expected-error @+1 {{requires the same shape for all operands and results}}
    %t = amdg.in_thread_transpose %b : tensor<64x128xf16, #blocked1> -> tensor<128x64xf16, #blocked1>
    tt.return
  }
}
