// RUN: trex-opt %s -split-input-file --tritongpu-combine-tensor-select-and-if | FileCheck %s
// tritongpu-combine-tensor-select-and-if makes a select on an if's
// condition an extra result of the if.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @select_into_if
  tt.func @select_into_if(%c: i1, %a: tensor<1024xf32, #blocked>, %b: tensor<1024xf32, #blocked>, %p: tensor<1024x!tt.ptr<f32>, #blocked>) -> tensor<1024xf32, #blocked> {
    // CHECK-NOT: arith.select
    // CHECK: %[[R:.*]] = scf.if %arg0 -> (tensor<1024xf32, #blocked>) {
    // CHECK-NEXT: tt.store %arg3, %arg1
    // CHECK-NEXT: scf.yield %arg1
    // CHECK-NEXT: } else {
    // CHECK-NEXT: scf.yield %arg2
    // CHECK: tt.return %[[R]]
    %s = arith.select %c, %a, %b : tensor<1024xf32, #blocked>
    scf.if %c {
      tt.store %p, %a : tensor<1024x!tt.ptr<f32>, #blocked>
    }
    tt.return %s : tensor<1024xf32, #blocked>
  }

  // A select whose result is used before the if stays.
  // CHECK-LABEL: tt.func @used_before_if
  tt.func @used_before_if(%c: i1, %a: tensor<1024xf32, #blocked>, %b: tensor<1024xf32, #blocked>, %p: tensor<1024x!tt.ptr<f32>, #blocked>) {
    // CHECK: arith.select
    // CHECK: scf.if %arg0 {
    %s = arith.select %c, %a, %b : tensor<1024xf32, #blocked>
    tt.store %p, %s : tensor<1024x!tt.ptr<f32>, #blocked>
    scf.if %c {
      tt.store %p, %a : tensor<1024x!tt.ptr<f32>, #blocked>
    }
    tt.return
  }
}

// -----

// As Triton 3.6: a scalar select stays (scalars are cheap to predicate), and readers of a
// select inside an if on its condition read the branch's own value.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @scalar_select_stays
  // CHECK: %[[S:.*]] = arith.select %arg0, %arg1, %arg2 : i32
  // CHECK: scf.if %arg0 {
  // CHECK-NEXT: tt.store %arg3, %arg1
  // CHECK-NEXT: } else {
  // CHECK-NEXT: tt.store %arg3, %arg2
  // CHECK: tt.return %[[S]]
  tt.func @scalar_select_stays(%c: i1, %a: i32, %b: i32, %p: !tt.ptr<i32>) -> i32 {
    %s = arith.select %c, %a, %b : i32
    scf.if %c {
      tt.store %p, %s : !tt.ptr<i32>
    } else {
      tt.store %p, %s : !tt.ptr<i32>
    }
    tt.return %s : i32
  }
}
