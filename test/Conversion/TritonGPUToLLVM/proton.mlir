// RUN: trex-opt %s -split-input-file --allocate-shared-memory --convert-proton-to-protongpu --allocate-proton-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s

// An instrumented scope lowered for sm_90: the profile scratch (8320 bytes a program, the last
// hidden parameter) and the 8192-byte circular buffer at the start of shared memory; each
// record reads %clock and lane 0 stores {tag, clock} as one 64-bit shared store at the
// warp's segment (warp * 512 words) plus its index modulo 512; the end record's tag has bit 31.
// The finalize, after a warp barrier (each warp copies the segment its lane 0 wrote: no
// barrier of the whole program): thread 0 writes the header (0xdeadbeef, program id, %smid,
// 8192) as one 16-byte store, lane 0 of each warp its index after the header, and the lanes
// copy the records, 8 bytes each (4 header + 4 index words keep them 8-byte aligned).
// CHECK: module attributes {{{.*}}ttg.profile_scratch_memory_alignment = 128 : i32, ttg.profile_scratch_memory_size = 8320 : i32, ttg.shared = 8192 : i32
// CHECK-LABEL: llvm.func @scoped(%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<1>)
// CHECK-DAG: %[[DEADBEEF:.*]] = llvm.mlir.constant(-559038737 : i32)
// CHECK-DAG: %[[END_TAG:.*]] = llvm.mlir.constant(2147483648 : i64)
// CHECK-DAG: %[[SEGMENT_WORDS:.*]] = llvm.mlir.constant(512 : i32)
// CHECK: llvm.alloca
// CHECK: mov.u32 $0, %clock;
// CHECK: llvm.urem %{{.*}}, %[[SEGMENT_WORDS]] : i32
// CHECK: "@$2 st.shared.b64 [ $0 + 0 ], $1;"
// CHECK: mov.u32 $0, %clock;
// CHECK: llvm.or %{{.*}}, %[[END_TAG]] : i64
// CHECK: "@$2 st.shared.b64 [ $0 + 0 ], $1;"
// CHECK-NOT: nvvm.barrier0
// CHECK: nvvm.bar.warp.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: mov.u32 $0, %smid;
// CHECK: st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };", "r,r,r,r,l,b" %[[DEADBEEF]]
// CHECK: st.global.b32
// CHECK: ld.shared.b64
// CHECK: st.global.b64
// CHECK-NOT: ld.shared.b32
// CHECK: llvm.return
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @scoped() {
    proton.record start "work"
    proton.record end "work"
    tt.return
  }
}

// -----

// On AMD the counter is s_memtime, truncated to the record's 32 bits; gfx942's 64 KiB of
// shared memory gives a 2048-byte buffer.
// CHECK: ttg.profile_scratch_memory_size = 2176 : i32, ttg.shared = 2048 : i32
// The finalize keeps the workgroup barrier there.
// CHECK-LABEL: llvm.func @scoped_amd
// CHECK: llvm.call_intrinsic "llvm.amdgcn.s.memtime"()
// CHECK: llvm.trunc
// CHECK: rocdl.barrier
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32, ttg.target = "hip:gfx942"} {
  tt.func public @scoped_amd() {
    proton.record start "work"
    proton.record end "work"
    tt.return
  }
}
