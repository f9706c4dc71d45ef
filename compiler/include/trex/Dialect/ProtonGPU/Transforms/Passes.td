// The passes that instrument a kernel's profiling scopes (Triton 3.6's Proton passes that
// proton's instrumentation backend adds to make_llir).
#ifndef TREX_DIALECT_PROTONGPU_TRANSFORMS_PASSES_TD
#define TREX_DIALECT_PROTONGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertProtonToProtonGPU : Pass<"convert-proton-to-protongpu", "mlir::ModuleOp"> {
  let summary = "turn proton.record scopes into clock reads stored in a shared circular buffer";
  let description = [{
    Scopes only measure something once each start and end reads the clock and the reading
    lands somewhere the host can fetch. Triton's instrumentation backend adds this pass
    after shared memory is allocated, so it can size the profiling buffer from what is left:
    each warp gets a segment of a shared-memory buffer (half the next power of two of the
    free shared memory per warp, shrunk to at most 4% of the device's shared memory unless
    the kernel already uses more than half of it), each `proton.record` becomes a
    `proton_gpu.read_counter` and a `proton_gpu.circular_store` with the scope's id (ids
    by first appearance), and before each return a `proton_gpu.finalize` copies the
    buffer to the program's part of the profile scratch, a `ttg.global_scratch_alloc`
    with `backend = "proton"` of header + 4 bytes per warp + buffer, 128-byte aligned. A
    module without records is left unchanged. Scopes must nest and close in the function
    they open in.
  }];
  let options = [
    Option<"maxSharedMemory", "max-shared-memory", "int", "0",
           "the device's shared memory per block in bytes (0: the target's, from ttg.target)">,
    Option<"profileScratchAlignment", "profile-scratch-alignment", "int", "128",
           "alignment of each program's profile scratch">
  ];
  let dependentDialects = ["::trex::proton_gpu::ProtonGPUDialect", "::trex::ttg::TTGDialect"];
}

def ProtonInstrumentLoops : Pass<"proton-instrument-loops", "mlir::ModuleOp"> {
  let summary = "put profiling scopes around a kernel's top-level loops and its epilogue";
  let description = [{
    To see where an unannotated kernel spends its time without editing it (trex compile
    --instrument-loops): each loop directly in the kernel's body (`scf.for`, `scf.while`)
    gets a scope `loop<N>` (N counting from 0 in program order), and what follows the last
    loop up to the return a scope `epilogue`. A kernel that already has scopes, or has no
    top-level loop, is left unchanged. It runs before the loops become branches, so the
    scopes are then instrumented like written ones.
  }];
  let dependentDialects = ["::trex::proton::ProtonDialect"];
}

def AllocateProtonSharedMemory : Pass<"allocate-proton-shared-memory", "mlir::ModuleOp"> {
  let summary = "place the profiling buffer after the kernel's own shared memory";
  let description = [{
    The profiling buffer is created after shared memory was allocated, so it gets no
    offset from that allocation; this pass puts it after everything else (8-byte aligned)
    and grows `ttg.shared` by its size, as Triton does, so the kernel's own buffers keep
    their offsets and the launch asks for the extra bytes.
  }];
}

#endif // TREX_DIALECT_PROTONGPU_TRANSFORMS_PASSES_TD
