// RUN: trex-opt %s -split-input-file | trex-opt -split-input-file | FileCheck %s
// Every tt op prints back in Triton 3.6's syntax, and the printed form parses again.

// CHECK-LABEL: tt.func public @casts
tt.func public @casts(%i: i64, %p: !tt.ptr<f32>, %x: tensor<64xf32>, %h: tensor<64xf16>) attributes {noinline = false} {
  // CHECK: tt.int_to_ptr %{{.*}} : i64 -> !tt.ptr<f32>
  %0 = tt.int_to_ptr %i : i64 -> !tt.ptr<f32>
  // CHECK: tt.ptr_to_int %{{.*}} : !tt.ptr<f32> -> i64
  %1 = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
  // CHECK: tt.bitcast %{{.*}} : tensor<64xf32> -> tensor<64xi32>
  %2 = tt.bitcast %x : tensor<64xf32> -> tensor<64xi32>
  // CHECK: tt.bitcast %{{.*}} : !tt.ptr<f32> -> !tt.ptr<i32>
  %3 = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<i32>
  // CHECK: tt.fp_to_fp %{{.*}}, rounding = rtne : tensor<64xf32> -> tensor<64xf8E5M2>
  %4 = tt.fp_to_fp %x, rounding = rtne : tensor<64xf32> -> tensor<64xf8E5M2>
  // CHECK: tt.fp_to_fp %{{.*}} : tensor<64xf8E5M2> -> tensor<64xf16>
  %5 = tt.fp_to_fp %4 : tensor<64xf8E5M2> -> tensor<64xf16>
  // CHECK: tt.fp_to_fp %{{.*}}, rounding = rtz : tensor<64xf16> -> tensor<64xf8E4M3FN>
  %6 = tt.fp_to_fp %h, rounding = rtz : tensor<64xf16> -> tensor<64xf8E4M3FN>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @arithmetic
tt.func @arithmetic(%x: tensor<64xf32>, %y: tensor<64xf32>, %a: tensor<64xi32>, %b: tensor<64xi32>) {
  // CHECK: tt.clampf %{{.*}}, %{{.*}}, %{{.*}}, propagateNan = all : tensor<64xf32>
  %0 = tt.clampf %x, %y, %x, propagateNan = all : tensor<64xf32>
  // CHECK: tt.clampf %{{.*}}, %{{.*}}, %{{.*}}, propagateNan = none : tensor<64xf32>
  %1 = tt.clampf %x, %y, %x, propagateNan = none : tensor<64xf32>
  // CHECK: tt.precise_sqrt %{{.*}} : tensor<64xf32>
  %2 = tt.precise_sqrt %x : tensor<64xf32>
  // CHECK: tt.precise_divf %{{.*}}, %{{.*}} : tensor<64xf32>
  %3 = tt.precise_divf %x, %y : tensor<64xf32>
  // CHECK: tt.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
  %4 = tt.mulhiui %a, %b : tensor<64xi32>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @pointers
tt.func @pointers(%p: !tt.ptr<f32>, %o: tensor<1024xi32>, %m: tensor<1024xi1>, %v: tensor<1024xf32>, %q: !tt.ptr<f16, 3>) {
  // CHECK: %[[PTRS:.*]] = tt.splat %{{.*}} : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %ptrs = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  // CHECK: tt.addptr %[[PTRS]], %{{.*}} : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %a = tt.addptr %ptrs, %o : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  // CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>>
  %x0 = tt.load %a : tensor<1024x!tt.ptr<f32>>
  // CHECK: tt.load %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>>
  %x1 = tt.load %a, %m : tensor<1024x!tt.ptr<f32>>
  // CHECK: tt.load %{{.*}}, %{{.*}}, %{{.*}} cacheModifier = cg evictionPolicy = evict_last {isVolatile = true} : tensor<1024x!tt.ptr<f32>>
  %x2 = tt.load %a, %m, %v cacheModifier = cg evictionPolicy = evict_last {isVolatile = true} : tensor<1024x!tt.ptr<f32>>
  // CHECK: tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tt.ptr<f32>>
  tt.store %a, %x2, %m : tensor<1024x!tt.ptr<f32>>
  // CHECK: tt.store %{{.*}}, %{{.*}} cacheModifier = wt : tensor<1024x!tt.ptr<f32>>
  tt.store %a, %x2 cacheModifier = wt : tensor<1024x!tt.ptr<f32>>
  // CHECK: tt.load %{{.*}} : !tt.ptr<f32>
  %s = tt.load %p : !tt.ptr<f32>
  // CHECK: tt.load %{{.*}} : !tt.ptr<f16, 3>
  %t = tt.load %q : !tt.ptr<f16, 3>
  // CHECK: tt.atomic_rmw fadd, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<1024x!tt.ptr<f32>>, tensor<1024xf32>, tensor<1024xi1>) -> tensor<1024xf32>
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %a, %v, %m : (tensor<1024x!tt.ptr<f32>>, tensor<1024xf32>, tensor<1024xi1>) -> tensor<1024xf32>
  // CHECK: tt.atomic_rmw exch, relaxed, sys, %{{.*}}, %{{.*}} : (!tt.ptr<f32>, f32) -> f32
  %x = tt.atomic_rmw exch, relaxed, sys, %p, %s : (!tt.ptr<f32>, f32) -> f32
  // CHECK: tt.atomic_cas acquire, cta, %{{.*}}, %{{.*}}, %{{.*}} : (!tt.ptr<f32>, f32, f32) -> f32
  %cas = tt.atomic_cas acquire, cta, %p, %s, %x : (!tt.ptr<f32>, f32, f32) -> f32
  tt.return
}

// -----

// CHECK-LABEL: tt.func @block_pointers
tt.func @block_pointers(%base: !tt.ptr<f16>, %m: i64, %k: i64, %c0: i32, %c64: i32) {
  %c1 = arith.constant 1 : i64
  // CHECK: tt.make_tensor_ptr %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
  %p = tt.make_tensor_ptr %base, [%m, %k], [%k, %c1], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
  // CHECK: tt.advance %{{.*}}, [%{{.*}}, %{{.*}}] : <tensor<128x64xf16>>
  %q = tt.advance %p, [%c0, %c64] : <tensor<128x64xf16>>
  // CHECK: tt.load %{{.*}} {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x64xf16>>
  %t = tt.load %q {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x64xf16>>
  // CHECK: tt.store %{{.*}}, %{{.*}} {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<128x64xf16>>
  tt.store %q, %t {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<128x64xf16>>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @descriptors
tt.func @descriptors(%base: !tt.ptr<f16>, %m: i32, %n: i32, %s: i64, %i: i32, %rows: tensor<32xi32>, %b: !tt.ptr<bf16>) {
  %c1 = arith.constant 1 : i64
  // Types of the op's own dialect print without the `!tt.` prefix, as in Triton.
  // CHECK: tt.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] : <f16>, <tensor<64x64xf16>>
  %d = tt.make_tensor_descriptor %base, [%m, %n], [%s, %c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16>>
  // CHECK: tt.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  %t = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  // CHECK: tt.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] cacheModifier = ca : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  %u = tt.descriptor_load %d[%i, %i] cacheModifier = ca : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  // CHECK: tt.descriptor_store %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
  tt.descriptor_store %d[%i, %i], %t : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
  // CHECK: tt.descriptor_reduce add, %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
  tt.descriptor_reduce add, %d[%i, %i], %t : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
  %g = tt.make_tensor_descriptor %b, [%m, %n], [%s, %c1] : !tt.ptr<bf16>, !tt.tensordesc<tensor<1x128xbf16>>
  // CHECK: tt.descriptor_gather %{{.*}}[%{{.*}}, %{{.*}}] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xbf16>
  %rowsTile = tt.descriptor_gather %g[%rows, %i] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xbf16>
  // CHECK: tt.descriptor_scatter %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32, tensor<32x128xbf16>
  tt.descriptor_scatter %g[%rows, %i], %rowsTile : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32, tensor<32x128xbf16>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @shapes
tt.func @shapes(%x: i32, %t: tensor<128xi32>, %m: tensor<32x32xf32>, %one: tensor<1x1xf32>) {
  // CHECK: tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK: tt.make_range {end = 96 : i32, start = 64 : i32} : tensor<32xi32>
  %r2 = tt.make_range {end = 96 : i32, start = 64 : i32} : tensor<32xi32>
  // CHECK: tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %e = tt.expand_dims %r {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  // CHECK: tt.broadcast %{{.*}} : tensor<128x1xi32> -> tensor<128x64xi32>
  %b = tt.broadcast %e : tensor<128x1xi32> -> tensor<128x64xi32>
  // CHECK: tt.reshape %{{.*}} : tensor<32x32xf32> -> tensor<1024xf32>
  %f = tt.reshape %m : tensor<32x32xf32> -> tensor<1024xf32>
  // CHECK: tt.reshape %{{.*}} allow_reorder efficient_layout : tensor<32x32xf32> -> tensor<1024xf32>
  %g = tt.reshape %m allow_reorder efficient_layout : tensor<32x32xf32> -> tensor<1024xf32>
  // CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<128x64xi32> -> tensor<64x128xi32>
  %tr = tt.trans %b {order = array<i32: 1, 0>} : tensor<128x64xi32> -> tensor<64x128xi32>
  // CHECK: tt.join %{{.*}}, %{{.*}} : tensor<32x32xf32> -> tensor<32x32x2xf32>
  %j = tt.join %m, %m : tensor<32x32xf32> -> tensor<32x32x2xf32>
  // CHECK: tt.split %{{.*}} : tensor<32x32x2xf32> -> tensor<32x32xf32>
  %lo, %hi = tt.split %j : tensor<32x32x2xf32> -> tensor<32x32xf32>
  // CHECK: tt.cat %{{.*}}, %{{.*}} : tensor<32x32xf32> -> tensor<64x32xf32>
  %c = tt.cat %lo, %hi : tensor<32x32xf32> -> tensor<64x32xf32>
  // CHECK: tt.unsplat %{{.*}} : tensor<1x1xf32>{{$}}
  %u = tt.unsplat %one : tensor<1x1xf32> -> f32
  // Triton's form, the result type left out: the element type.
  // CHECK: tt.unsplat %{{.*}} : tensor<1x1xf32>{{$}}
  %u2 = tt.unsplat %one : tensor<1x1xf32>
  // CHECK: tt.get_program_id x : i32
  %pid = tt.get_program_id x : i32
  // CHECK: tt.get_num_programs z : i32
  %n = tt.get_num_programs z : i32
  tt.return
}

// -----

// CHECK-LABEL: tt.func @dots
tt.func @dots(%a: tensor<128x64xf16>, %b: tensor<64x128xf16>, %c: tensor<128x128xf32>, %fa: tensor<16x16xf32>, %ba: tensor<2x16x8xf16>, %bb: tensor<2x8x16xf16>, %bc: tensor<2x16x16xf32>, %sa: tensor<128x64xf8E4M3FN>, %as: tensor<128x2xi8>, %sb: tensor<64x128xbf16>) {
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %e = tt.dot %fa, %fa, %fa : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32x3 {maxNumImpreciseAcc = 32 : i32} : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %f = tt.dot %fa, %fa, %fa, inputPrecision = tf32x3 {maxNumImpreciseAcc = 32 : i32} : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32 : tensor<2x16x8xf16> * tensor<2x8x16xf16> -> tensor<2x16x16xf32>
  %g = tt.dot %ba, %bb, %bc, inputPrecision = tf32 : tensor<2x16x8xf16> * tensor<2x8x16xf16> -> tensor<2x16x16xf32>
  // CHECK: tt.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}}, %{{.*}} lhs = e4m3 rhs = bf16 {fastMath = false} : tensor<128x64xf8E4M3FN>, tensor<128x2xi8> * tensor<64x128xbf16> -> tensor<128x128xf32>
  %h = tt.dot_scaled %sa scale %as, %sb, %c lhs = e4m3 rhs = bf16 {fastMath = false} : tensor<128x64xf8E4M3FN>, tensor<128x2xi8> * tensor<64x128xbf16> -> tensor<128x128xf32>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @reductions
tt.func @reductions(%x: tensor<1024xf32>, %m: tensor<32x64xf32>, %i: tensor<128xi32>) -> f32 {
  // CHECK: "tt.reduce"(%{{.*}}) <{axis = 0 : i32}> ({
  // CHECK: tt.reduce.return %{{.*}} : f32
  // CHECK: }) : (tensor<1024xf32>) -> f32
  %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<1024xf32>) -> f32
  // CHECK: }) : (tensor<32x64xf32>) -> tensor<32xf32>
  %rows = "tt.reduce"(%m) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.maxnumf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<32x64xf32>) -> tensor<32xf32>
  // CHECK: }) : (tensor<1024xf32>, tensor<1024xf32>) -> (f32, f32)
  %v:2 = "tt.reduce"(%x, %x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %ai: f32, %b: f32, %bi: f32):
    tt.reduce.return %a, %bi : f32, f32
  }) : (tensor<1024xf32>, tensor<1024xf32>) -> (f32, f32)
  // CHECK: "tt.scan"(%{{.*}}) <{axis = 0 : i32, reverse = true}> ({
  // CHECK: tt.scan.return %{{.*}} : i32
  %c = "tt.scan"(%i) <{axis = 0 : i32, reverse = true}> ({
  ^bb0(%a: i32, %b: i32):
    %r = arith.addi %a, %b : i32
    tt.scan.return %r : i32
  }) : (tensor<128xi32>) -> tensor<128xi32>
  tt.return %s : f32
}

// -----

// CHECK-LABEL: tt.func @external_code
tt.func @external_code(%x: tensor<64xf32>, %i: tensor<64xi32>) {
  // CHECK: tt.extern_elementwise %{{.*}} {libname = "", libpath = "", pure = true, symbol = "__nv_erff"} : (tensor<64xf32>) -> tensor<64xf32>
  %e = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_erff"} : (tensor<64xf32>) -> tensor<64xf32>
  // CHECK: tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %{{.*}} : tensor<64xi32> -> tensor<64xi32>
  %a = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %i : tensor<64xi32> -> tensor<64xi32>
  // CHECK: tt.elementwise_inline_asm "prmt.b32 $0, $2, $3, 0x5140; prmt.b32 $1, $2, $3, 0x7362;" {constraints = "=r,=r,r,r", packed_element = 4 : i32, pure = true} %{{.*}}, %{{.*}} : tensor<64xi32>, tensor<64xi32> -> tensor<64xi32>, tensor<64xi32>
  %p:2 = tt.elementwise_inline_asm "prmt.b32 $0, $2, $3, 0x5140; prmt.b32 $1, $2, $3, 0x7362;" {constraints = "=r,=r,r,r", packed_element = 4 : i32, pure = true} %i, %i : tensor<64xi32>, tensor<64xi32> -> tensor<64xi32>, tensor<64xi32>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @gather_histogram_debug
tt.func @gather_histogram_debug(%src: tensor<128x16xf32>, %idx: tensor<64x16xi32>, %v: tensor<1024xi32>, %m: tensor<1024xi1>, %ok: tensor<1024xi1>) {
  // CHECK: tt.gather %{{.*}}[%{{.*}}] {axis = 0 : i32} : (tensor<128x16xf32>, tensor<64x16xi32>) -> tensor<64x16xf32>
  %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x16xf32>, tensor<64x16xi32>) -> tensor<64x16xf32>
  // CHECK: tt.histogram %{{.*}} : tensor<1024xi32> -> tensor<64xi32>
  %h = tt.histogram %v : tensor<1024xi32> -> tensor<64xi32>
  // CHECK: tt.histogram %{{.*}}, %{{.*}} : tensor<1024xi32> -> tensor<64xi32>
  %hm = tt.histogram %v, %m : tensor<1024xi32> -> tensor<64xi32>
  // CHECK: tt.print " v: " {hex = false, isSigned = array<i32: 1>} : %{{.*}} : tensor<1024xi32>
  tt.print " v: " {hex = false, isSigned = array<i32: 1>} : %v : tensor<1024xi32>
  // CHECK: tt.print "hello" {hex = false, isSigned = array<i32>}
  tt.print "hello" {hex = false, isSigned = array<i32>}
  // CHECK: tt.assert %{{.*}}, "index out of range" : tensor<1024xi1>
  tt.assert %ok, "index out of range" : tensor<1024xi1>
  tt.return
}

// -----

// Helpers are private functions reached through tt.call; tl.assume is llvm.intr.assume.
// CHECK-LABEL: tt.func private @helper
// CHECK-SAME: (%{{.*}}: i32) -> i32 attributes {noinline = false}
tt.func private @helper(%x: i32) -> i32 attributes {noinline = false} {
  // CHECK: tt.return %{{.*}} : i32
  tt.return %x : i32
}

// CHECK-LABEL: tt.func public @caller
// CHECK-SAME: (%{{.*}}: i32 {tt.divisibility = 16 : i32})
tt.func public @caller(%n: i32 {tt.divisibility = 16 : i32}) {
  // CHECK: tt.call @helper(%{{.*}}) : (i32) -> i32
  %r = tt.call @helper(%n) : (i32) -> i32
  %c0 = arith.constant 0 : i32
  %pos = arith.cmpi sgt, %r, %c0 : i32
  // CHECK: llvm.intr.assume %{{.*}} : i1
  llvm.intr.assume %pos : i1
  tt.return
}

// -----

// CHECK-LABEL: tt.func @map_elementwise
// CHECK: %{{.*}}:2 = "tt.map_elementwise"(%{{.*}}, %{{.*}}) <{pack = 2 : i32}> ({
// CHECK-NEXT: ^bb0(%{{.*}}: i32, %{{.*}}: i32, %{{.*}}: f32, %{{.*}}: f32):
// CHECK: cf.cond_br
// CHECK: tt.map_elementwise.return %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, f32, f32
// CHECK: }) : (tensor<128xi32>, tensor<128xf32>) -> (tensor<128xi32>, tensor<128xf32>)
tt.func @map_elementwise(%a: tensor<128xi32>, %b: tensor<128xf32>) -> (tensor<128xi32>, tensor<128xf32>) {
  %r:2 = "tt.map_elementwise"(%a, %b) <{pack = 2 : i32}> ({
  ^bb0(%a0: i32, %a1: i32, %b0: f32, %b1: f32):
    %c = arith.cmpi slt, %a0, %a1 : i32
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    tt.map_elementwise.return %a0, %a1, %b0, %b1 : i32, i32, f32, f32
  ^bb2:
    tt.map_elementwise.return %a1, %a0, %b1, %b0 : i32, i32, f32, f32
  }) : (tensor<128xi32>, tensor<128xf32>) -> (tensor<128xi32>, tensor<128xf32>)
  tt.return %r#0, %r#1 : tensor<128xi32>, tensor<128xf32>
}
