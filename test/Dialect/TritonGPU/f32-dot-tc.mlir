// RUN: trex-opt %s -split-input-file --tritongpu-F32DotTC="emu-tf32=1" -canonicalize | FileCheck %s
// RUN: trex-opt %s -split-input-file --tritongpu-F32DotTC | FileCheck %s --check-prefix=NOTF32
// tritongpu-F32DotTC: f32 dots at bf16x3 / bf16x6 precision become bf16 dots of the operands'
// split parts, tf32x3 ones (with emu-tf32, sm_80 on) tf32 dots of big = cvt.rna.tf32(x) and
// small = x - big; the small products are summed first, their NaNs zeroed, then the big
// product and the accumulator added.

// CHECK-LABEL: tt.func @bf16x3
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
// CHECK: %[[AHI:.*]] = arith.truncf %arg0 : tensor<32x32xf32> to tensor<32x32xbf16>
// CHECK: %[[AHIF:.*]] = arith.extf %[[AHI]]
// CHECK: %[[AREST:.*]] = arith.subf %arg0, %[[AHIF]]
// CHECK: %[[AMID:.*]] = arith.truncf %[[AREST]]
// CHECK: %[[BHI:.*]] = arith.truncf %arg1
// CHECK: %[[BHIF:.*]] = arith.extf %[[BHI]]
// CHECK: %[[BREST:.*]] = arith.subf %arg1, %[[BHIF]]
// CHECK: %[[BMID:.*]] = arith.truncf %[[BREST]]
// CHECK: %[[D1:.*]] = tt.dot %[[AMID]], %[[BHI]], %[[ZERO]] : tensor<32x32xbf16> * tensor<32x32xbf16> -> tensor<32x32xf32>
// CHECK: %[[D2:.*]] = tt.dot %[[AHI]], %[[BMID]], %[[D1]] :
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[D2]], %[[D2]]
// CHECK: %[[CLEAN:.*]] = arith.select %[[NAN]], %[[ZERO]], %[[D2]]
// CHECK: %[[D3:.*]] = tt.dot %[[AHI]], %[[BHI]], %[[CLEAN]] :
// CHECK: %[[SUM:.*]] = arith.addf %[[D3]], %arg2
// CHECK: tt.return %[[SUM]]
module {
  tt.func @bf16x3(%a: tensor<32x32xf32>, %b: tensor<32x32xf32>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
    %d = tt.dot %a, %b, %c, inputPrecision = bf16x3 : tensor<32x32xf32> * tensor<32x32xf32> -> tensor<32x32xf32>
    tt.return %d : tensor<32x32xf32>
  }
}

// -----

// bf16x6: three parts per operand (lo = bf16(x - hi - mid)), six products: mid*mid, lo*hi,
// hi*lo, mid*hi, hi*mid, then (NaNs zeroed) hi*hi.
// CHECK-LABEL: tt.func @bf16x6
// CHECK-COUNT-6: arith.truncf
// CHECK-NOT: arith.truncf
// CHECK-COUNT-5: tt.dot
// CHECK: arith.cmpf uno
// CHECK: arith.select
// CHECK: tt.dot
// CHECK-NOT: tt.dot
// CHECK: arith.addf
module {
  tt.func @bf16x6(%a: tensor<32x32xf32>, %b: tensor<32x32xf32>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
    %d = tt.dot %a, %b, %c, inputPrecision = bf16x6 : tensor<32x32xf32> * tensor<32x32xf32> -> tensor<32x32xf32>
    tt.return %d : tensor<32x32xf32>
  }
}

// -----

// CHECK-LABEL: tt.func @tf32x3
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
// CHECK: %[[ABIG:.*]] = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %arg0
// CHECK: %[[ASMALL:.*]] = arith.subf %arg0, %[[ABIG]]
// CHECK: %[[BBIG:.*]] = tt.elementwise_inline_asm {{.*}} %arg1
// CHECK: %[[BSMALL:.*]] = arith.subf %arg1, %[[BBIG]]
// CHECK: %[[D1:.*]] = tt.dot %[[ASMALL]], %[[BBIG]], %[[ZERO]], inputPrecision = tf32
// CHECK: %[[D2:.*]] = tt.dot %[[ABIG]], %[[BSMALL]], %[[D1]], inputPrecision = tf32
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[D2]], %[[D2]]
// CHECK: %[[CLEAN:.*]] = arith.select %[[NAN]], %[[ZERO]], %[[D2]]
// CHECK: %[[D3:.*]] = tt.dot %[[ABIG]], %[[BBIG]], %[[CLEAN]], inputPrecision = tf32
// CHECK: arith.addf %[[D3]], %arg2
// Without emu-tf32 (before sm_80) a tf32x3 dot stays.
// NOTF32-LABEL: tt.func @tf32x3
// NOTF32: tt.dot %arg0, %arg1, %arg2, inputPrecision = tf32x3
module {
  tt.func @tf32x3(%a: tensor<32x32xf32>, %b: tensor<32x32xf32>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32x3 : tensor<32x32xf32> * tensor<32x32xf32> -> tensor<32x32xf32>
    tt.return %d : tensor<32x32xf32>
  }
}

// -----

// Only f32 operands split.
// CHECK-LABEL: tt.func @f16_operands
// CHECK: tt.dot %arg0, %arg1, %arg2, inputPrecision = bf16x3
// CHECK-NOT: tt.dot
module {
  tt.func @f16_operands(%a: tensor<32x32xf16>, %b: tensor<32x32xf16>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
    %d = tt.dot %a, %b, %c, inputPrecision = bf16x3 : tensor<32x32xf16> * tensor<32x32xf16> -> tensor<32x32xf32>
    tt.return %d : tensor<32x32xf32>
  }
}
