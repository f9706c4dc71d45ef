// RUN: trex-opt %s -split-input-file -verify-diagnostics
// Every verifier message of the proton and proton_gpu ops and of the segment type.

tt.func @empty_name() {
  // expected-error @+1 {{'proton.record' op needs a scope name}}
  proton.record start ""
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @segment_size_mismatch() {
  %buffer = ttg.local_alloc : () -> !ttg.memdesc<1024xi32, #shared, #smem, mutable>
  // expected-error @+1 {{'proton_gpu.segment_alloc' op buffer of 4096 bytes for a segment type of 8192 bytes}}
  %segment = proton_gpu.segment_alloc %buffer : !ttg.memdesc<1024xi32, #shared, #smem, mutable> -> <8192, #smem, warp>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
tt.func @segment_not_flat() {
  %buffer = ttg.local_alloc : () -> !ttg.memdesc<2x1024xi32, #shared, #smem, mutable>
  // expected-error @+1 {{'proton_gpu.segment_alloc' op expects a one-dimensional buffer of i32}}
  %segment = proton_gpu.segment_alloc %buffer : !ttg.memdesc<2x1024xi32, #shared, #smem, mutable> -> <8192, #smem, warp>
  tt.return
}

// -----

#smem = #ttg.shared_memory
// expected-error @+1 {{segment buffer of 12 bytes: expected a positive multiple of 8}}
tt.func @bad_size(%segment: !proton_gpu.segment<12, #smem, warp>) {
  tt.return
}

// -----

#smem = #ttg.shared_memory
// expected-error @+1 {{granularity 'thread' is not supported (only 'warp' is)}}
tt.func @bad_granularity(%segment: !proton_gpu.segment<8192, #smem, thread>) {
  tt.return
}

// -----

// expected-error @+1 {{only shared-memory profiling buffers are supported}}
tt.func @bad_space(%segment: !proton_gpu.segment<8192, 1 : i32, warp>) {
  tt.return
}

// -----

#smem = #ttg.shared_memory
tt.func @scope_id(%segment: !proton_gpu.segment<8192, #smem, warp>, %t: i32) {
  // expected-error @+1 {{'proton_gpu.circular_store' op scope id 256 does not fit the record's 8 bits}}
  proton_gpu.circular_store start %segment, %t {scopeId = 256 : i32} : !proton_gpu.segment<8192, #smem, warp>, i32
  tt.return
}
