// RUN: trex-opt %s -split-input-file --tritongpu-coalesce-async-copy | FileCheck %s
// tritongpu-coalesce-async-copy clips the per-thread vector of async copies
// to the 16 bytes one cp.async moves; as in Triton, the lanes and warps are
// then spread anew over the shape (a 64-wide row takes 16 lanes of 4).

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK: #[[CLIPPED:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // 8 f32 per thread is 32 bytes: 4 per copy. As in Triton, the clipped copy's contiguity
  // hint drops to 1 (the default, not printed): Triton's axis analysis knows nothing of the new
  // conversions; the lowering takes the contiguity from the axis information.
  // CHECK-LABEL: tt.func @clip_f32
  tt.func @clip_f32(%ptrs: tensor<32x64x!tt.ptr<f32>, #blocked>, %mask: tensor<32x64xi1, #blocked>, %buf: !ttg.memdesc<32x64xf32, #shared, #smem, mutable>) {
    // CHECK: %[[P:.*]] = ttg.convert_layout %arg0 : {{.*}} -> tensor<32x64x!tt.ptr<f32>, #[[CLIPPED]]>
    // CHECK: %[[M:.*]] = ttg.convert_layout %arg1 : {{.*}} -> tensor<32x64xi1, #[[CLIPPED]]>
    // CHECK: ttg.async_copy_global_to_local %[[P]], %arg2 mask %[[M]] : tensor<32x64x!tt.ptr<f32>, #[[CLIPPED]]>
    %t = ttg.async_copy_global_to_local %ptrs, %buf mask %mask {contiguity = 4 : i32} : tensor<32x64x!tt.ptr<f32>, #blocked> -> <32x64xf32, #shared, #smem, mutable>
    tt.return
  }

  // A tensor `other` changes layout with the pointers and the mask (the copy's operands keep
  // one layout).
  // CHECK-LABEL: tt.func @clip_with_other
  tt.func @clip_with_other(%ptrs: tensor<32x64x!tt.ptr<f32>, #blocked>, %mask: tensor<32x64xi1, #blocked>, %buf: !ttg.memdesc<32x64xf32, #shared, #smem, mutable>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<32x64xf32, #blocked>
    // CHECK: %[[P:.*]] = ttg.convert_layout %arg0 : {{.*}} -> tensor<32x64x!tt.ptr<f32>, #[[CLIPPED]]>
    // CHECK: %[[M:.*]] = ttg.convert_layout %arg1 : {{.*}} -> tensor<32x64xi1, #[[CLIPPED]]>
    // CHECK: %[[O:.*]] = ttg.convert_layout %{{.*}} : tensor<32x64xf32, #blocked> -> tensor<32x64xf32, #[[CLIPPED]]>
    // CHECK: ttg.async_copy_global_to_local %[[P]], %arg2 mask %[[M]] other %[[O]] : tensor<32x64x!tt.ptr<f32>, #[[CLIPPED]]>
    %t = ttg.async_copy_global_to_local %ptrs, %buf mask %mask other %zero : tensor<32x64x!tt.ptr<f32>, #blocked> -> <32x64xf32, #shared, #smem, mutable>
    tt.return
  }

  // 8 f16 per thread is 16 bytes: unchanged (its contiguity too).
  // CHECK-LABEL: tt.func @keep_f16
  tt.func @keep_f16(%ptrs: tensor<32x64x!tt.ptr<f16>, #blocked>, %buf: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>) {
    // CHECK-NOT: ttg.convert_layout
    // CHECK: ttg.async_copy_global_to_local %arg0, %arg1 {contiguity = 8 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked>
    %t = ttg.async_copy_global_to_local %ptrs, %buf {contiguity = 8 : i32} : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #shared, #smem, mutable>
    tt.return
  }
}
