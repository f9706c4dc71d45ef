// RUN: trex-opt %s -split-input-file --tritongpu-global-scratch-memory-allocation | FileCheck %s --check-prefix=ALLOC
// RUN: trex-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s --check-prefix=LLVM

// Global scratch: each ttg.global_scratch_alloc gets the next offset at its alignment, in
// program order; a call reserves its callee's whole need; the module records the per-program
// size (rounded up to the alignment) and alignment. `backend = "proton"` allocations go to the
// profile scratch, counted apart. The 100-byte buffer at 0 pushes the 128-aligned one to 128;
// the call's 32 bytes (alignment 16) follow at 192; 224 rounds up to 256. The kernel's buffers
// are listed for the metadata (the tools' view of the hidden parameter), with their sources.
// ALLOC: module attributes {ttg.global_scratch_allocations = [{align = 8 : i64, offset = 0 : i64, size = 100 : i64, source = "{{.*}}global-scratch.mlir:{{[0-9]+}}:{{[0-9]+}}", what = "scratch buffer"}, {align = 128 : i64, offset = 128 : i64, size = 64 : i64, {{.*}}}, {align = 16 : i64, offset = 192 : i64, size = 32 : i64, source = {{.*}}, what = "the scratch of @helper"}], ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 256 : i32
// ALLOC-SAME: ttg.profile_scratch_memory_alignment = 64 : i32, ttg.profile_scratch_memory_size = 64 : i32
// ALLOC-LABEL: tt.func private @helper
// ALLOC: ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 32 : i32, ttg.global_scratch_memory_offset = 0 : i32}
// ALLOC-LABEL: tt.func public @kernel
// ALLOC: ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 100 : i32, ttg.global_scratch_memory_offset = 0 : i32}
// ALLOC: ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 64 : i32, ttg.global_scratch_memory_offset = 128 : i32}
// ALLOC: ttg.global_scratch_alloc {alignment = 64 : i32, backend = "proton", nbytes = 40 : i32, ttg.global_scratch_memory_offset = 0 : i32}
// ALLOC: tt.call @helper(%{{.*}}) {ttg.global_scratch_memory_offset = 192 : i32}

// Lowered: every function takes the global- and profile-scratch pointers last (device
// functions also the shared-memory base before them). In the kernel a buffer is
// base + linear program id * per-program size + offset, the linear id being
// x + gridX * (y + gridY * z); the callee gets the pointer at the call's offset and computes
// its own buffers from it without the program id.
// LLVM-LABEL: llvm.func internal @helper(%arg0: i32, %arg1: !llvm.ptr<3>, %arg2: !llvm.ptr<1>, %arg3: !llvm.ptr<1>)
// LLVM-NOT: ctaid
// LLVM: st.global.b32 [ $1 + 0 ], $0;", "r,l,b" %arg0, %arg2
// LLVM-LABEL: llvm.func @kernel(%arg0: i32, %arg1: !llvm.ptr<1>, %arg2: !llvm.ptr<1>) attributes {nvvm.kernel
// LLVM-DAG: %[[C192:.*]] = llvm.mlir.constant(192 : i32) : i32
// LLVM-DAG: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
// LLVM-DAG: %[[C128:.*]] = llvm.mlir.constant(128 : i32) : i32
// LLVM-DAG: %[[C256:.*]] = llvm.mlir.constant(256 : i32) : i32
// LLVM: %[[Z:.*]] = nvvm.read.ptx.sreg.ctaid.z : i32
// LLVM: %[[GRIDY:.*]] = nvvm.read.ptx.sreg.nctaid.y : i32
// LLVM: %[[ZY:.*]] = llvm.mul %[[Z]], %[[GRIDY]] : i32
// LLVM: %[[Y:.*]] = nvvm.read.ptx.sreg.ctaid.y : i32
// LLVM: %[[YZ:.*]] = llvm.add %[[Y]], %[[ZY]] : i32
// LLVM: %[[GRIDX:.*]] = nvvm.read.ptx.sreg.nctaid.x : i32
// LLVM: %[[YZX:.*]] = llvm.mul %[[YZ]], %[[GRIDX]] : i32
// LLVM: %[[X:.*]] = nvvm.read.ptx.sreg.ctaid.x : i32
// LLVM: %[[LINEAR:.*]] = llvm.add %[[X]], %[[YZX]] : i32
// LLVM: %[[PROGRAM:.*]] = llvm.mul %[[LINEAR]], %[[C256]] : i32
// LLVM: %[[B:.*]] = llvm.add %[[PROGRAM]], %[[C128]] : i32
// LLVM: %[[BPTR:.*]] = llvm.getelementptr %arg1[%[[B]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
// LLVM: %[[PROFILE:.*]] = llvm.mul %[[LINEAR]], %[[C64]] : i32
// LLVM: %[[CPTR:.*]] = llvm.getelementptr %arg2[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
// LLVM: st.global.b32 [ $1 + 0 ], $0;", "r,l,b" %arg0, %[[BPTR]]
// LLVM: st.global.b32 [ $1 + 0 ], $0;", "r,l,b" %arg0, %[[CPTR]]
// LLVM: %[[CALLOFFSET:.*]] = llvm.add %[[PROGRAM]], %[[C192]] : i32
// LLVM: %[[CALLPTR:.*]] = llvm.getelementptr %arg1[%[[CALLOFFSET]]]
// LLVM: llvm.call @helper(%arg0, %{{.*}}, %[[CALLPTR]], %[[CPTR]])
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @helper(%v: i32) {
    %p = ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 32 : i32} : !tt.ptr<i32>
    tt.store %p, %v : !tt.ptr<i32>
    tt.return
  }
  tt.func public @kernel(%v: i32) {
    %a = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 100 : i32} : !tt.ptr<i8>
    %b = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 64 : i32} : !tt.ptr<i32>
    %c = ttg.global_scratch_alloc {alignment = 64 : i32, backend = "proton", nbytes = 40 : i32} : !tt.ptr<i32>
    tt.store %b, %v : !tt.ptr<i32>
    tt.store %c, %v : !tt.ptr<i32>
    tt.call @helper(%v) : (i32) -> ()
    tt.return
  }
}

// -----

// No scratch: size 0, alignment 1, and no program-id arithmetic.
// ALLOC: module attributes {ttg.global_scratch_memory_alignment = 1 : i32, ttg.global_scratch_memory_size = 0 : i32
// ALLOC-SAME: ttg.profile_scratch_memory_alignment = 1 : i32, ttg.profile_scratch_memory_size = 0 : i32
// LLVM-LABEL: llvm.func @no_scratch(%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<1>)
// LLVM-NOT: ctaid
// LLVM: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_scratch() {
    tt.return
  }
}
