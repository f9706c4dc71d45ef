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

// -----

#blocked = #ttg.blocked<{sizePerThread = [4, 8], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// The registers of the thread's 4x8 tile still run along dim 1 first: not transposed.
#linear = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], lane = [[0, 8], [0, 16], [0, 32], [0, 64], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = []}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @transpose_layout(%b: tensor<64x128xf16, #blocked>) {
    // expected-error @+1 {{result layout must be the source's with each thread's registers transposed: #ttg.linear<{register = [[1, 0], [2, 0], [0, 1], [0, 2], [0, 4]]}}
    %t = amdg.in_thread_transpose %b : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #linear>
    tt.return
  }
}

// -----

#linear = #ttg.linear<{register = [[1, 0], [2, 0], [0, 1], [0, 2], [0, 4]], lane = [[0, 8], [0, 16], [0, 32], [0, 64], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = []}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @transpose_source(%b: tensor<64x128xf16, #linear>) {
    // expected-error @+1 {{transposes the registers of a tensor in a #ttg.blocked layout}}
    %t = amdg.in_thread_transpose %b : tensor<64x128xf16, #linear> -> tensor<64x128xf16, #linear>
    tt.return
  }
}

// -----

#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [32, 32, 8], isTransposed = true}>
#s = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @upcast_mxfp_scale_shape(%a: tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %s: tensor<64x4xi8, #s>) {
    // expected-error @+1 {{'amdg.upcast_mxfp' op scale shape must be [M or N, K / 32] = [64, 2]}}
    %r = amdg.upcast_mxfp %a, %s fp_type = e5m2 {fastMath = false} : tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, tensor<64x4xi8, #s> -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    tt.return
  }
}

// -----

#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [32, 32, 8], isTransposed = true}>
#s = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @upcast_mxfp_e2m1_unpacked(%a: tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %s: tensor<64x2xi8, #s>) {
    // expected-error @+1 {{'amdg.upcast_mxfp' op result shape must be the operand's with K doubled}}
    %r = amdg.upcast_mxfp %a, %s fp_type = e2m1 {fastMath = false} : tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, tensor<64x2xi8, #s> -> tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
    tt.return
  }
}
