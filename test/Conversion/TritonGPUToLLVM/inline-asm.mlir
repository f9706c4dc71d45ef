// RUN: trex-opt %s -split-input-file --convert-triton-gpu-to-llvm --canonicalize -verify-diagnostics | FileCheck %s

// tt.elementwise_inline_asm: one llvm.inline_asm per pack of `packed_element` elements;
// elements narrower than 32 bits travel packed in 32-bit vectors; several results come back
// as a struct; `pure = false` keeps the side effect.

// Two i32 registers per thread, pack 1, three operands: one asm per element.
// CHECK-LABEL: llvm.func @ptx_pack1
// CHECK-COUNT-2: llvm.inline_asm "shf.l.wrap.b32 $0, $1, $2, $3;", "=r,r,r,r" %{{.*}}, %{{.*}}, %{{.*}} : (i32, i32, i32) -> i32
// CHECK-NOT: shf.l.wrap
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ptx_pack1(%p: !tt.ptr<i32>) {
    %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %base = tt.splat %p : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %ptrs = tt.addptr %base, %range : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %x = tt.load %ptrs : tensor<256x!tt.ptr<i32>, #blocked>
    %y = tt.elementwise_inline_asm "shf.l.wrap.b32 $0, $1, $2, $3;" {constraints = "=r,r,r,r", packed_element = 1 : i32, pure = true} %x, %x, %x : tensor<256xi32, #blocked>, tensor<256xi32, #blocked>, tensor<256xi32, #blocked> -> tensor<256xi32, #blocked>
    tt.store %ptrs, %y : tensor<256x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// Four i8 per thread, pack 4: the bytes go in as one vector<4xi8>; two results (i8 and i32)
// come back as a struct of one vector<4xi8> and four i32.
// CHECK-LABEL: llvm.func @packed_bytes
// CHECK: %[[ASM:.*]] = llvm.inline_asm has_side_effects "two results", "=r,=r,=r,=r,=r,r" %{{.*}} : (vector<4xi8>) -> !llvm.struct<(vector<4xi8>, i32, i32, i32, i32)>
// CHECK: llvm.extractvalue %[[ASM]][0]
// CHECK: llvm.extractvalue %[[ASM]][4]
// CHECK-NOT: "two results"
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @packed_bytes(%p: !tt.ptr<i8>, %q: !tt.ptr<i32>) {
    %range = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %base = tt.splat %p : !tt.ptr<i8> -> tensor<512x!tt.ptr<i8>, #blocked>
    %ptrs = tt.addptr %base, %range : tensor<512x!tt.ptr<i8>, #blocked>, tensor<512xi32, #blocked>
    %x = tt.load %ptrs : tensor<512x!tt.ptr<i8>, #blocked>
    %y:2 = tt.elementwise_inline_asm "two results" {constraints = "=r,=r,=r,=r,=r,r", packed_element = 4 : i32, pure = false} %x : tensor<512xi8, #blocked> -> tensor<512xi8, #blocked>, tensor<512xi32, #blocked>
    tt.store %ptrs, %y#0 : tensor<512x!tt.ptr<i8>, #blocked>
    %qbase = tt.splat %q : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #blocked>
    %qptrs = tt.addptr %qbase, %range : tensor<512x!tt.ptr<i32>, #blocked>, tensor<512xi32, #blocked>
    tt.store %qptrs, %y#1 : tensor<512x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// AMD: the same lowering with AMDGPU assembly.
// CHECK-LABEL: llvm.func @amd_add
// CHECK: llvm.inline_asm "v_add_u32 $0, $1, $2", "=v,v,v" %{{.*}}, %{{.*}} : (i32, i32) -> i32
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @amd_add(%p: !tt.ptr<i32>) {
    %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %base = tt.splat %p : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %ptrs = tt.addptr %base, %range : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %x = tt.load %ptrs : tensor<256x!tt.ptr<i32>, #blocked>
    %y = tt.elementwise_inline_asm "v_add_u32 $0, $1, $2" {constraints = "=v,v,v", packed_element = 1 : i32, pure = true} %x, %x : tensor<256xi32, #blocked>, tensor<256xi32, #blocked> -> tensor<256xi32, #blocked>
    tt.store %ptrs, %y : tensor<256x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Each thread holds 2 elements and the pack is 4: as Triton, the one asm call takes the two
  // elements and two undefined values, and the last two outputs are dropped.
  // CHECK-LABEL: llvm.func @pack_does_not_divide
  // CHECK: %[[UNDEF:.*]] = llvm.mlir.undef : i32
  // CHECK: %[[X0:.*]] = llvm.extractvalue %arg0[0]
  // CHECK: %[[X1:.*]] = llvm.extractvalue %arg0[1]
  // CHECK: %[[OUT:.*]] = llvm.inline_asm "mov.b32 $0, $4; mov.b32 $1, $5; mov.b32 $2, $6; mov.b32 $3, $7;", "=r,=r,=r,=r,r,r,r,r" %[[X0]], %[[X1]], %[[UNDEF]], %[[UNDEF]]
  // CHECK-NOT: llvm.inline_asm
  // CHECK-DAG: %[[Y0:.*]] = llvm.extractvalue %[[OUT]][0]
  // CHECK-DAG: %[[Y1:.*]] = llvm.extractvalue %[[OUT]][1]
  // CHECK: llvm.insertvalue %[[Y0]], %{{.*}}[0] : !llvm.struct<(i32, i32)>
  // CHECK: llvm.insertvalue %[[Y1]], %{{.*}}[1] : !llvm.struct<(i32, i32)>
  tt.func public @pack_does_not_divide(%x: tensor<256xi32, #blocked>) -> tensor<256xi32, #blocked> {
    %y = tt.elementwise_inline_asm "mov.b32 $0, $4; mov.b32 $1, $5; mov.b32 $2, $6; mov.b32 $3, $7;" {constraints = "=r,=r,=r,=r,r,r,r,r", packed_element = 4 : i32, pure = true} %x : tensor<256xi32, #blocked> -> tensor<256xi32, #blocked>
    tt.return %y : tensor<256xi32, #blocked>
  }
}
