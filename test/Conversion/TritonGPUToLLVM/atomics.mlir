// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s
// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | trex-opt -split-input-file | mlir-translate --mlir-to-llvmir -split-input-file | FileCheck %s --check-prefix=LLVMIR

// tt.atomic_rmw and tt.atomic_cas: one predicated atom per element on NVIDIA (the mask and
// the copy-owning thread as guard), an LLVM atomic behind a branch on AMD; old values that
// other threads need go through shared memory.

// A tensor of 256 over 128 threads: two elements per thread, no copies, no shared memory.
// CHECK: ttg.shared = 0 : i32
// CHECK-LABEL: llvm.func @fadd_tensor_masked
// CHECK: %[[MASK0:.*]] = llvm.icmp "slt"
// CHECK: %[[MASK1:.*]] = llvm.icmp "slt"
// CHECK: %[[VALUE:.*]] = llvm.bitcast %arg1 : f32 to i32
// CHECK: llvm.inline_asm has_side_effects "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.acq_rel.add.f32 $0, [ $1 + 0 ], $2;", "=r,l,r,b" %{{.*}}, %[[VALUE]], %[[MASK0]]
// CHECK: llvm.inline_asm has_side_effects "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.acq_rel.add.f32 $0, [ $1 + 0 ], $2;", "=r,l,r,b" %{{.*}}, %[[VALUE]], %[[MASK1]]
// CHECK-NOT: atom.global
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
// LLVMIR-LABEL: define ptx_kernel void @fadd_tensor_masked
// LLVMIR-COUNT-2: call i32 asm sideeffect "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.acq_rel.add.f32
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fadd_tensor_masked(%ptr: !tt.ptr<f32>, %v: f32) {
    %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %base = tt.splat %ptr : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %base, %range : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %vals = tt.splat %v : f32 -> tensor<256xf32, #blocked>
    %c100 = arith.constant dense<100> : tensor<256xi32, #blocked>
    %mask = arith.cmpi slt, %range, %c100 : tensor<256xi32, #blocked>
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %ptrs, %vals, %mask : (tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xf32, #blocked>, tensor<256xi1, #blocked>) -> tensor<256xf32, #blocked>
    tt.return
  }
}

// -----

// 64 elements over 128 threads: warps 2 and 3 repeat warps 0 and 1, so only warps with bit 1
// clear do the atomic; the old values they get reach the copies through shared memory, one
// i32 per element (Triton 3.6: 64 x 4 bytes).
// CHECK: ttg.shared = 256 : i32
// CHECK-LABEL: llvm.func @add_broadcast_used
// The element index is the thread id's six low bits (the lane and the warp's bit 0 taken
// together, one mask); the owner test is the warp's bit 1.
// CHECK-DAG: %[[LOW6:.*]] = llvm.mlir.constant(63 : i32) : i32
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: llvm.and %[[TID]], %[[LOW6]] : i32
// CHECK: %[[WARP:.*]] = llvm.udiv %[[TID]]
// CHECK: %[[FREE:.*]] = llvm.and %[[WARP]], %{{.*}} : i32
// CHECK-NEXT: %[[OWNER:.*]] = llvm.icmp "eq" %[[FREE]], %{{.*}} : i32
// CHECK: %[[OLD:.*]] = llvm.inline_asm has_side_effects "mov.u32 $0, 0x0;\0A\09@$3 atom.global.cta.relaxed.add.u32 $0, [ $1 + 0 ], $2;", "=r,l,r,b" %{{.*}}, %{{.*}}, %[[OWNER]]
// CHECK-NOT: nvvm.barrier0
// CHECK: %[[SLOT:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
// CHECK: llvm.inline_asm has_side_effects "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %[[SLOT]], %[[OLD]], %[[OWNER]]
// CHECK: nvvm.barrier0
// CHECK: %[[BROADCAST:.*]] = llvm.load %[[SLOT]] : !llvm.ptr<3> -> i32
// CHECK: st.global.b32{{.*}}%[[BROADCAST]]
// LLVMIR-LABEL: define ptx_kernel void @add_broadcast_used
// LLVMIR: atom.global.cta.relaxed.add.u32
// LLVMIR: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// LLVMIR: load i32, ptr addrspace(3)
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @add_broadcast_used(%ptr: !tt.ptr<i32>, %out: !tt.ptr<i32>) {
    %range = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %base = tt.splat %ptr : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #blocked>
    %ptrs = tt.addptr %base, %range : tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>
    %old = tt.atomic_rmw add, relaxed, cta, %ptrs, %range : (tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>) -> tensor<64xi32, #blocked>
    %obase = tt.splat %out : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #blocked>
    %optrs = tt.addptr %obase, %range : tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>
    tt.store %optrs, %old : tensor<64x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// Scalar atomics are done by thread 0; each operation, ordering and scope has its PTX
// spelling. Only the compare-and-swap result is used: one i32 of shared memory carries it.
// CHECK: ttg.shared = 4 : i32
// CHECK-LABEL: llvm.func @scalar_kinds
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}} : i32
// CHECK: atom.global.gpu.relaxed.and.b32 {{.*}}, %[[FIRST]] :
// CHECK: atom.global.gpu.acquire.or.b32
// CHECK: atom.global.gpu.release.xor.b32
// CHECK: atom.global.sys.acq_rel.max.s32
// CHECK: atom.global.cta.acq_rel.min.s32
// CHECK: atom.global.gpu.acq_rel.max.u32
// CHECK: atom.global.gpu.acq_rel.min.u32
// CHECK: %[[MASKED:.*]] = llvm.and %{{.*}}, %[[FIRST]] : i1
// CHECK: atom.global.gpu.acq_rel.exch.b32 {{.*}}, %[[MASKED]] :
// CHECK: "mov.u64 $0, 0x0;\0A\09@$3 atom.global.gpu.relaxed.add.u64 $0, [ $1 + 0 ], $2;", "=l,l,l,b"
// CHECK: "mov.u16 $0, 0x0;\0A\09@$3 atom.global.gpu.acq_rel.add.noftz.f16 $0, [ $1 + 0 ], $2;", "=h,l,h,b"
// CHECK: atom.global.gpu.acq_rel.add.noftz.bf16
// CHECK: atom.global.sys.relaxed.add.f64
// CHECK: %[[PREV:.*]] = llvm.inline_asm has_side_effects "mov.u32 $0, 0x0;\0A\09@$4 atom.global.acq_rel.gpu.cas.b32 $0, [ $1 + 0 ], $2, $3;", "=r,l,r,r,b" %{{.*}}, %{{.*}}, %{{.*}}, %[[FIRST]]
// CHECK-NOT: nvvm.barrier0
// CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %{{.*}}, %[[PREV]], %[[FIRST]]
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// LLVMIR-LABEL: define ptx_kernel void @scalar_kinds
// LLVMIR: atom.global.acq_rel.gpu.cas.b32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scalar_kinds(%p32: !tt.ptr<i32>, %p64: !tt.ptr<i64>, %pf16: !tt.ptr<f16>, %pbf16: !tt.ptr<bf16>, %pf64: !tt.ptr<f64>, %out: !tt.ptr<i32>, %x: i32, %y: i64, %h: f16, %bh: bf16, %d: f64, %m: i1) {
    %0 = tt.atomic_rmw and, relaxed, gpu, %p32, %x : (!tt.ptr<i32>, i32) -> i32
    %1 = tt.atomic_rmw or, acquire, gpu, %p32, %x : (!tt.ptr<i32>, i32) -> i32
    %2 = tt.atomic_rmw xor, release, gpu, %p32, %x : (!tt.ptr<i32>, i32) -> i32
    %3 = tt.atomic_rmw max, acq_rel, sys, %p32, %x : (!tt.ptr<i32>, i32) -> i32
    %4 = tt.atomic_rmw min, acq_rel, cta, %p32, %x : (!tt.ptr<i32>, i32) -> i32
    %5 = tt.atomic_rmw umax, acq_rel, gpu, %p32, %x : (!tt.ptr<i32>, i32) -> i32
    %6 = tt.atomic_rmw umin, acq_rel, gpu, %p32, %x : (!tt.ptr<i32>, i32) -> i32
    %7 = tt.atomic_rmw exch, acq_rel, gpu, %p32, %x, %m : (!tt.ptr<i32>, i32, i1) -> i32
    %8 = tt.atomic_rmw add, relaxed, gpu, %p64, %y : (!tt.ptr<i64>, i64) -> i64
    %9 = tt.atomic_rmw fadd, acq_rel, gpu, %pf16, %h : (!tt.ptr<f16>, f16) -> f16
    %10 = tt.atomic_rmw fadd, acq_rel, gpu, %pbf16, %bh : (!tt.ptr<bf16>, bf16) -> bf16
    %11 = tt.atomic_rmw fadd, relaxed, sys, %pf64, %d : (!tt.ptr<f64>, f64) -> f64
    %12 = tt.atomic_cas acq_rel, gpu, %p32, %x, %x : (!tt.ptr<i32>, i32, i32) -> i32
    tt.store %out, %12 : !tt.ptr<i32>
    tt.return
  }
}

// -----

// AMD: LLVM atomics, which have no predicated form, in a block only the enabled threads
// enter; "agent" is the GPU scope.
// CHECK: ttg.shared = 0 : i32
// CHECK-LABEL: llvm.func @fadd_tensor_masked_hip
// CHECK: %[[MASK:.*]] = llvm.icmp "slt"
// CHECK: llvm.cond_br %[[MASK]], ^[[ATOMIC:.*]], ^[[JOIN:.*]]
// CHECK: ^[[ATOMIC]]:
// CHECK-NEXT: llvm.atomicrmw fadd %{{.*}}, %arg1 syncscope("agent") acq_rel : !llvm.ptr<1>, f32
// CHECK-NEXT: llvm.br ^[[JOIN]]
// CHECK: ^[[JOIN]]:
// CHECK-NEXT: llvm.return
// LLVMIR-LABEL: define amdgpu_kernel void @fadd_tensor_masked_hip
// LLVMIR: atomicrmw fadd ptr addrspace(1) %{{.*}}, float %1 syncscope("agent") acq_rel, align 4
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @fadd_tensor_masked_hip(%ptr: !tt.ptr<f32>, %v: f32) {
    %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %base = tt.splat %ptr : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %base, %range : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %vals = tt.splat %v : f32 -> tensor<256xf32, #blocked>
    %c100 = arith.constant dense<100> : tensor<256xi32, #blocked>
    %mask = arith.cmpi slt, %range, %c100 : tensor<256xi32, #blocked>
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %ptrs, %vals, %mask : (tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xf32, #blocked>, tensor<256xi1, #blocked>) -> tensor<256xf32, #blocked>
    tt.return
  }
}

// -----

// AMD scalars: "workgroup" is the CTA scope, the system scope has none; relaxed is
// monotonic; a failed exchange keeps the acquire half of acq_rel. The used results go
// through shared memory from thread 0.
// CHECK: ttg.shared = 4 : i32
// CHECK-LABEL: llvm.func @scalar_cas_used_hip
// CHECK: %[[FIRST:.*]] = llvm.icmp "eq"
// CHECK: llvm.cond_br %[[FIRST]]
// CHECK: llvm.atomicrmw xchg %arg1, %{{.*}} syncscope("workgroup") monotonic : !llvm.ptr<1>, i32
// CHECK: llvm.cond_br %[[FIRST]], ^{{.*}}, ^[[JOIN:.*]](%{{.*}} : i32)
// CHECK: %[[MAX:.*]] = llvm.atomicrmw max %arg0, %arg3 release : !llvm.ptr<1>, i32
// CHECK: llvm.br ^[[JOIN]](%[[MAX]] : i32)
// CHECK: ^[[JOIN]](%[[OLD:.*]]: i32):
// CHECK-NOT: rocdl.barrier
// CHECK: llvm.insertelement %[[OLD]]
// CHECK: llvm.intr.masked.store
// CHECK: rocdl.barrier
// CHECK: %[[SHARED:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK: llvm.cmpxchg %arg0, %arg3, %[[SHARED]] syncscope("agent") acq_rel acquire : !llvm.ptr<1>, i32
// CHECK: llvm.extractvalue %{{.*}}[0] : !llvm.struct<(i32, i1)>
// LLVMIR-LABEL: define amdgpu_kernel void @scalar_cas_used_hip
// LLVMIR: cmpxchg ptr addrspace(1) %0, i32 %3, i32 %{{.*}} syncscope("agent") acq_rel acquire, align 4
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @scalar_cas_used_hip(%p: !tt.ptr<i32>, %q: !tt.ptr<f32>, %out: !tt.ptr<i32>, %x: i32, %f: f32) {
    %0 = tt.atomic_rmw exch, relaxed, cta, %q, %f : (!tt.ptr<f32>, f32) -> f32
    %1 = tt.atomic_rmw max, release, sys, %p, %x : (!tt.ptr<i32>, i32) -> i32
    %2 = tt.atomic_cas acq_rel, gpu, %p, %x, %1 : (!tt.ptr<i32>, i32, i32) -> i32
    tt.store %out, %2 : !tt.ptr<i32>
    tt.return
  }
}
