// RUN: trex-opt %s -split-input-file --tritongpu-decompose-scaled-dot | FileCheck %s
// RUN: trex-opt %s -split-input-file --tritongpu-decompose-scaled-dot="move-scale-to-lhs=true" | FileCheck %s --check-prefix=LHS
// tritongpu-decompose-scaled-dot turns tt.dot_scaled into f32 operands times their scales,
// rounded once to Triton's compute type (bf16; f16 where an operand is fp16), and an ordinary
// tt.dot that tensor cores take.

// e2m1 operands packed two per byte along K: the low nibble is element 2j, the high one 2j+1.
// Each nibble's 3 magnitude bits go to bit 22 of an f32 (exponent at 23, mantissa at 22) and
// its sign to bit 31, and the f32 is scaled by 2^(127 - 1) = 8.50705917E+37. A's pairs are
// joined on a new last dim ([16, 16, 2] -> [16, 32]); B's ([K/2 = 16, 32]) get the pair dim
// moved next to K first ([16, 2, 32] -> [32, 32]). A's e8m0 scale s is 2^(s - 127): s << 23
// as f32, NaN for 255, repeated over its 32 elements of K. B has no scale.
// CHECK-LABEL: tt.func @e2m1
// CHECK: %[[A:.*]] = arith.extui %arg0 : tensor<16x16xi8> to tensor<16x16xi32>
// CHECK-NEXT: %[[MASK:.*]] = arith.constant dense<15> : tensor<16x16xi32>
// CHECK-NEXT: %[[LOW:.*]] = arith.andi %[[A]], %[[MASK]]
// CHECK-NEXT: %[[FOUR:.*]] = arith.constant dense<4> : tensor<16x16xi32>
// CHECK-NEXT: %[[SHIFTED:.*]] = arith.shrui %[[A]], %[[FOUR]]
// CHECK-NEXT: %[[HIGH:.*]] = arith.andi %[[SHIFTED]], %[[MASK]]
// CHECK: arith.andi %[[LOW]], %{{.*}} : tensor<16x16xi32>
// CHECK: arith.constant dense<28> : tensor<16x16xi32>
// CHECK: arith.constant dense<22> : tensor<16x16xi32>
// CHECK: arith.constant dense<8.50705917E+37> : tensor<16x16xf32>
// CHECK: %[[LOWF:.*]] = arith.mulf
// CHECK: %[[HIGHF:.*]] = arith.mulf
// CHECK: %[[PAIRS:.*]] = tt.join %[[LOWF]], %[[HIGHF]] : tensor<16x16xf32> -> tensor<16x16x2xf32>
// CHECK: %[[AF:.*]] = tt.reshape %[[PAIRS]] : tensor<16x16x2xf32> -> tensor<16x32xf32>
// CHECK: %[[BPAIRS:.*]] = tt.join %{{.*}}, %{{.*}} : tensor<16x32xf32> -> tensor<16x32x2xf32>
// CHECK: %[[BMOVED:.*]] = tt.trans %[[BPAIRS]] {order = array<i32: 0, 2, 1>} : tensor<16x32x2xf32> -> tensor<16x2x32xf32>
// CHECK: %[[BF:.*]] = tt.reshape %[[BMOVED]] : tensor<16x2x32xf32> -> tensor<32x32xf32>
// CHECK: %[[S:.*]] = arith.extui %arg1 : tensor<16x1xi8> to tensor<16x1xi32>
// CHECK: %[[SBITS:.*]] = arith.shli %[[S]], %{{.*}} : tensor<16x1xi32>
// CHECK: %[[POWER:.*]] = arith.bitcast %[[SBITS]] : tensor<16x1xi32> to tensor<16x1xf32>
// CHECK: %[[ISNAN:.*]] = arith.cmpi eq, %[[S]], %{{.*}} : tensor<16x1xi32>
// CHECK: %[[SCALE:.*]] = arith.select %[[ISNAN]], %{{.*}}, %[[POWER]]
// CHECK: %[[E:.*]] = tt.expand_dims %[[SCALE]] {axis = 2 : i32} : tensor<16x1xf32> -> tensor<16x1x1xf32>
// CHECK: %[[R:.*]] = tt.broadcast %[[E]] : tensor<16x1x1xf32> -> tensor<16x1x32xf32>
// CHECK: %[[SCALES:.*]] = tt.reshape %[[R]] : tensor<16x1x32xf32> -> tensor<16x32xf32>
// CHECK: %[[ASCALED:.*]] = arith.mulf %[[AF]], %[[SCALES]] : tensor<16x32xf32>
// CHECK-NEXT: %[[A16:.*]] = arith.truncf %[[ASCALED]] : tensor<16x32xf32> to tensor<16x32xbf16>
// CHECK-NEXT: %[[B16:.*]] = arith.truncf %[[BF]] : tensor<32x32xf32> to tensor<32x32xbf16>
// CHECK-NEXT: tt.dot %[[A16]], %[[B16]], %arg3 : tensor<16x32xbf16> * tensor<32x32xbf16> -> tensor<16x32xf32>
// CHECK-NOT: tt.dot_scaled
tt.func @e2m1(%a: tensor<16x16xi8>, %sa: tensor<16x1xi8>, %b: tensor<16x32xi8>, %c: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %d = tt.dot_scaled %a scale %sa, %b, %c lhs = e2m1 rhs = e2m1 {fastMath = false} : tensor<16x16xi8>, tensor<16x1xi8> * tensor<16x32xi8> -> tensor<16x32xf32>
  tt.return %d : tensor<16x32xf32>
}

// -----

// fp8 operands: e4m3 bits go 20 places up and scale by 2^(127 - 7) = 1.329228E+36 (0x7f is
// NaN); e5m2 bits go 21 places up and scale by 2^(127 - 15) = 5.19229686E+33 (0x7c is
// infinity, above it NaN). B's scales ([N = 16, K/32 = 2]) are transposed to [K/32, N] first,
// as Triton does, then repeated 32 times next to K: [2, 16, 32] -> [2, 32, 16] -> [64, 16].
// CHECK-LABEL: tt.func @fp8
// CHECK: tt.bitcast %arg0 : tensor<16x64xf8E4M3FN> -> tensor<16x64xi8>
// CHECK: arith.constant dense<20> : tensor<16x64xi32>
// CHECK: arith.constant dense<1.329228E+36> : tensor<16x64xf32>
// CHECK: arith.constant dense<127> : tensor<16x64xi32>
// CHECK: tt.bitcast %arg1 : tensor<64x16xf8E5M2> -> tensor<64x16xi8>
// CHECK: arith.constant dense<21> : tensor<64x16xi32>
// CHECK: arith.constant dense<5.19229686E+33> : tensor<64x16xf32>
// CHECK: arith.constant dense<124> : tensor<64x16xi32>
// CHECK: arith.cmpi ugt
// CHECK: %[[ST:.*]] = tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<16x2xf32> -> tensor<2x16xf32>
// CHECK-NEXT: %[[SE:.*]] = tt.expand_dims %[[ST]] {axis = 2 : i32} : tensor<2x16xf32> -> tensor<2x16x1xf32>
// CHECK-NEXT: %[[SB:.*]] = tt.broadcast %[[SE]] : tensor<2x16x1xf32> -> tensor<2x16x32xf32>
// CHECK-NEXT: %[[SM:.*]] = tt.trans %[[SB]] {order = array<i32: 0, 2, 1>} : tensor<2x16x32xf32> -> tensor<2x32x16xf32>
// CHECK-NEXT: %[[BSCALE:.*]] = tt.reshape %[[SM]] : tensor<2x32x16xf32> -> tensor<64x16xf32>
// CHECK-NEXT: %[[B:.*]] = arith.mulf %{{.*}}, %[[BSCALE]] : tensor<64x16xf32>
// CHECK-NEXT: %[[A16:.*]] = arith.truncf %{{.*}} : tensor<16x64xf32> to tensor<16x64xbf16>
// CHECK-NEXT: %[[B16:.*]] = arith.truncf %[[B]] : tensor<64x16xf32> to tensor<64x16xbf16>
// CHECK-NEXT: tt.dot %[[A16]], %[[B16]], %arg3 : tensor<16x64xbf16> * tensor<64x16xbf16> -> tensor<16x16xf32>
// With move-scale-to-lhs (NVIDIA, as Triton's transposeDots) the rhs-scaled dot is computed as
// trans(dot_scaled(Bᵀ, Aᵀ, Cᵀ)): the scaled e5m2 operand is the lhs, its scale [N, K/32] is an
// lhs scale as it stands.
// LHS-LABEL: tt.func @fp8
// LHS: %[[BT:.*]] = tt.trans %arg1 {order = array<i32: 1, 0>} : tensor<64x16xf8E5M2> -> tensor<16x64xf8E5M2>
// LHS-NEXT: %[[AT:.*]] = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<16x64xf8E4M3FN> -> tensor<64x16xf8E4M3FN>
// LHS-NEXT: %[[CT:.*]] = tt.trans %arg3 {order = array<i32: 1, 0>} : tensor<16x16xf32> -> tensor<16x16xf32>
// LHS: tt.bitcast %[[BT]] : tensor<16x64xf8E5M2> -> tensor<16x64xi8>
// LHS: arith.extui %arg2 : tensor<16x2xi8> to tensor<16x2xi32>
// LHS-NOT: tt.trans %{{.*}} : tensor<16x64xf32> -> tensor<64x16xf32>
// LHS: %[[D:.*]] = tt.dot %{{.*}}, %{{.*}}, %[[CT]] : tensor<16x64xbf16> * tensor<64x16xbf16> -> tensor<16x16xf32>
// LHS-NEXT: %[[R:.*]] = tt.trans %[[D]] {order = array<i32: 1, 0>} : tensor<16x16xf32> -> tensor<16x16xf32>
// LHS-NEXT: tt.return %[[R]]
tt.func @fp8(%a: tensor<16x64xf8E4M3FN>, %b: tensor<64x16xf8E5M2>, %sb: tensor<16x2xi8>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %d = tt.dot_scaled %a, %b scale %sb, %c lhs = e4m3 rhs = e5m2 {fastMath = false} : tensor<16x64xf8E4M3FN> * tensor<64x16xf8E5M2>, tensor<16x2xi8> -> tensor<16x16xf32>
  tt.return %d : tensor<16x16xf32>
}

// -----

// An fp16 operand makes f16 the compute type (the e5m2 products round to f16 once); with
// fastMath the scale's NaN code is not tested.
// CHECK-LABEL: tt.func @fp16_fast
// CHECK-NOT: arith.cmpi eq, %{{.*}}, %{{.*}} : tensor<16x2xi32>
// CHECK-NOT: arith.select %{{.*}} : tensor<16x2xi1>, tensor<16x2xf32>
// CHECK: %[[BSCALE:.*]] = tt.reshape %{{.*}} : tensor<2x32x16xf32> -> tensor<64x16xf32>
// CHECK-NEXT: %[[BSCALED:.*]] = arith.mulf %{{.*}}, %[[BSCALE]] : tensor<64x16xf32>
// CHECK-NEXT: %[[A16:.*]] = arith.truncf %{{.*}} : tensor<16x64xf32> to tensor<16x64xf16>
// CHECK-NEXT: %[[B16:.*]] = arith.truncf %[[BSCALED]] : tensor<64x16xf32> to tensor<64x16xf16>
// CHECK-NEXT: tt.dot %[[A16]], %[[B16]], %arg3 : tensor<16x64xf16> * tensor<64x16xf16> -> tensor<16x16xf32>
tt.func @fp16_fast(%a: tensor<16x64xf16>, %b: tensor<64x16xf8E5M2>, %sb: tensor<16x2xi8>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %d = tt.dot_scaled %a, %b scale %sb, %c lhs = fp16 rhs = e5m2 {fastMath = true} : tensor<16x64xf16> * tensor<64x16xf8E5M2>, tensor<16x2xi8> -> tensor<16x16xf32>
  tt.return %d : tensor<16x16xf32>
}
