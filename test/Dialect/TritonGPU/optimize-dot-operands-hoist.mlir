// RUN: trex-opt %s -split-input-file --tritongpu-optimize-dot-operands="hoist-layout-conversion=true" | FileCheck %s
// RUN: trex-opt %s -split-input-file --tritongpu-optimize-dot-operands | FileCheck %s --check-prefix=OFF

// An i8 tile widened to f16 for the dot: the conversion to the operand layout moves above the
// cast, next to the load, so the shared-memory round trip carries i8.
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @widened_operand
  // CHECK: %[[L:.*]] = tt.load
  // CHECK: %[[C:.*]] = ttg.convert_layout %[[L]] : tensor<64x128xi8, #blocked> -> tensor<64x128xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
  // CHECK: %[[F:.*]] = arith.sitofp %[[C]] : tensor<64x128xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> to tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
  // CHECK: tt.dot %{{.*}}, %[[F]]
  // OFF-LABEL: tt.func @widened_operand
  // OFF: arith.sitofp %{{.*}} : tensor<64x128xi8, #blocked> to tensor<64x128xf16, #blocked>
  tt.func @widened_operand(%p: tensor<64x128x!tt.ptr<i8>, #blocked>, %a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>) -> tensor<128x128xf32, #mma> {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %x = tt.load %p : tensor<64x128x!tt.ptr<i8>, #blocked>
    %f = arith.sitofp %x : tensor<64x128xi8, #blocked> to tensor<64x128xf16, #blocked>
    %b = ttg.convert_layout %f : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    %d = tt.dot %a, %b, %zero : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<128x128xf32, #mma>
    tt.return %d : tensor<128x128xf32, #mma>
  }

  // A chain of casts and arithmetic with a constant follows the conversion all the way up.
  // CHECK-LABEL: tt.func @scaled_operand
  // CHECK: %[[L:.*]] = tt.load
  // CHECK: ttg.convert_layout %[[L]] : tensor<64x128xi8, #blocked> -> tensor<64x128xi8, #ttg.dot_op
  // CHECK: arith.sitofp {{.*}}#ttg.dot_op
  // CHECK: arith.mulf {{.*}}#ttg.dot_op
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.dot
  tt.func @scaled_operand(%p: tensor<64x128x!tt.ptr<i8>, #blocked>, %a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>) -> tensor<128x128xf32, #mma> {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %scale = arith.constant dense<5.000000e-01> : tensor<64x128xf16, #blocked>
    %x = tt.load %p : tensor<64x128x!tt.ptr<i8>, #blocked>
    %f = arith.sitofp %x : tensor<64x128xi8, #blocked> to tensor<64x128xf16, #blocked>
    %s = arith.mulf %f, %scale : tensor<64x128xf16, #blocked>
    %b = ttg.convert_layout %s : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    %d = tt.dot %a, %b, %zero : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<128x128xf32, #mma>
    tt.return %d : tensor<128x128xf32, #mma>
  }

  // Stays: a narrowing cast, and a value that does not start at a load or a constant.
  // CHECK-LABEL: tt.func @stays
  // CHECK: arith.truncf %{{.*}} : tensor<64x128xf32, #blocked> to tensor<64x128xf16, #blocked>
  // CHECK: arith.sitofp %{{.*}} : tensor<64x128xi8, #blocked> to tensor<64x128xf16, #blocked>
  tt.func @stays(%p: tensor<64x128x!tt.ptr<f32>, #blocked>, %q: tensor<64x128xi8, #blocked>) -> (tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>) {
    %x = tt.load %p : tensor<64x128x!tt.ptr<f32>, #blocked>
    %t = arith.truncf %x : tensor<64x128xf32, #blocked> to tensor<64x128xf16, #blocked>
    %bt = ttg.convert_layout %t : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    %f = arith.sitofp %q : tensor<64x128xi8, #blocked> to tensor<64x128xf16, #blocked>
    %bf = ttg.convert_layout %f : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    tt.return %bt, %bf : tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
  }
}
