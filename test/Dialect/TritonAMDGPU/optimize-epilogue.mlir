// RUN: trex-opt %s -split-input-file --tritonamdgpu-optimize-epilogue | FileCheck %s

// The matmul epilogue: the f16 result of the f32 accumulator is stored from the MFMA layout;
// the pointers and the mask are converted instead of the tile.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: tt.func @epilogue
  // CHECK: %[[C:.*]] = arith.truncf %{{.*}} : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
  // CHECK: %[[P:.*]] = ttg.convert_layout %{{.*}} : tensor<128x128x!tt.ptr<f16>, #blocked> -> tensor<128x128x!tt.ptr<f16>, #mma>
  // CHECK: %[[M:.*]] = ttg.convert_layout %{{.*}} : tensor<128x128xi1, #blocked> -> tensor<128x128xi1, #mma>
  // CHECK: tt.store %[[P]], %[[C]], %[[M]] : tensor<128x128x!tt.ptr<f16>, #mma>
  // CHECK-NOT: ttg.convert_layout
  tt.func @epilogue(%acc: tensor<128x128xf32, #mma>, %p: tensor<128x128x!tt.ptr<f16>, #blocked>, %m: tensor<128x128xi1, #blocked>) {
    %c = arith.truncf %acc : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %cb = ttg.convert_layout %c : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    tt.store %p, %cb, %m : tensor<128x128x!tt.ptr<f16>, #blocked>
    tt.return
  }

  // One-operand element-wise ops after the conversion move to the MFMA layout with it.
  // CHECK-LABEL: tt.func @casts_after_the_conversion
  // CHECK: %[[T:.*]] = arith.truncf %{{.*}} : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
  // CHECK: %[[B:.*]] = tt.bitcast %[[T]] : tensor<128x128xf16, #mma> -> tensor<128x128xi16, #mma>
  // CHECK: tt.store %{{.*}}, %[[B]] : tensor<128x128x!tt.ptr<i16>, #mma>
  tt.func @casts_after_the_conversion(%acc: tensor<128x128xf32, #mma>, %p: tensor<128x128x!tt.ptr<i16>, #blocked>) {
    %cb = ttg.convert_layout %acc : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #blocked>
    %t = arith.truncf %cb : tensor<128x128xf32, #blocked> to tensor<128x128xf16, #blocked>
    %b = tt.bitcast %t : tensor<128x128xf16, #blocked> -> tensor<128x128xi16, #blocked>
    tt.store %p, %b : tensor<128x128x!tt.ptr<i16>, #blocked>
    tt.return
  }
}

// -----

// Left alone: a converted tile with another use, a two-operand op in between, a conversion
// from a blocked layout, and gfx950's 32x32 transposed f16 tiles (Triton stores those through
// a layout of its own).
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [64, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
#mma4 = #ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 2], instrShape = [32, 32, 16], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: tt.func @left_alone
  // CHECK-COUNT-4: tt.store %{{.*}} : tensor<128x128x!tt.ptr<f16>, #blocked{{[0-9]*}}>
  // CHECK-NOT: tt.store
  tt.func @left_alone(%acc: tensor<128x128xf16, #mma>, %acc4: tensor<128x128xf16, #mma4>, %x: tensor<128x128xf16, #blocked1>, %p: tensor<128x128x!tt.ptr<f16>, #blocked>) {
    %twice = ttg.convert_layout %acc : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    tt.store %p, %twice : tensor<128x128x!tt.ptr<f16>, #blocked>
    %sum = arith.addf %twice, %twice : tensor<128x128xf16, #blocked>
    tt.store %p, %sum : tensor<128x128x!tt.ptr<f16>, #blocked>
    %xb = ttg.convert_layout %x : tensor<128x128xf16, #blocked1> -> tensor<128x128xf16, #blocked>
    tt.store %p, %xb : tensor<128x128x!tt.ptr<f16>, #blocked>
    %c4 = ttg.convert_layout %acc4 : tensor<128x128xf16, #mma4> -> tensor<128x128xf16, #blocked>
    tt.store %p, %c4 : tensor<128x128x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
