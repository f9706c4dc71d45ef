// RUN: trex-opt %s -split-input-file --allocate-shared-memory --convert-proton-to-protongpu --allocate-proton-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s
// RUN: trex-opt %s -split-input-file --allocate-shared-memory --convert-proton-to-protongpu=profile-scratch-alignment=4 --allocate-proton-shared-memory --tritongpu-global-scratch-memory-allocation --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s --check-prefix=ALIGN4

// The finalize's accesses follow what the profile scratch guarantees. With one warp the
// records start after 4 header words and 1 index word, at an odd word: they are copied a word
// at a time, while the 128-byte aligned header is still one 16-byte store. A scratch aligned
// to 4 bytes only (profile-scratch-alignment=4) gets word stores for the header as well.
// CHECK-LABEL: llvm.func @one_warp
// CHECK: nvvm.bar.warp.sync
// CHECK: st.global.v4.b32
// CHECK-NOT: ld.shared.b64
// CHECK: ld.shared.b32
// CHECK: st.global.b32
// CHECK-NOT: st.global.b64
// CHECK: llvm.return
// ALIGN4: ttg.profile_scratch_memory_alignment = 4 : i32
// ALIGN4-LABEL: llvm.func @one_warp
// ALIGN4-NOT: st.global.v4
// ALIGN4-NOT: st.global.b64
// ALIGN4: llvm.return
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @one_warp() {
    proton.record start "work"
    proton.record end "work"
    tt.return
  }
}

// -----

// Four warps but a 4-byte aligned scratch: the records stay 4-byte stores.
// ALIGN4-LABEL: llvm.func @four_warps
// ALIGN4: nvvm.bar.warp.sync
// ALIGN4-NOT: st.global.v4
// ALIGN4-NOT: ld.shared.b64
// ALIGN4: ld.shared.b32
// ALIGN4-NOT: st.global.b64
// ALIGN4: llvm.return
// CHECK-LABEL: llvm.func @four_warps
// CHECK: st.global.v4.b32
// CHECK: ld.shared.b64
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @four_warps() {
    proton.record start "work"
    proton.record end "work"
    tt.return
  }
}
