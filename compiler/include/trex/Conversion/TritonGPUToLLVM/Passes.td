// The passes that take a ttgir module to the LLVM dialect: shared-memory and global-scratch
// allocation, then the conversion itself.
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_PASSES_TD
#define TREX_CONVERSION_TRITONGPUTOLLVM_PASSES_TD

include "mlir/Pass/PassBase.td"

def AllocateSharedMemory : Pass<"allocate-shared-memory", "mlir::ModuleOp"> {
  let summary = "give ops that exchange data between warps their shared-memory scratch";
  let description = [{
    A reduction across warps, a layout conversion that moves data between
    threads, a scan and a scalar atomic use shared memory while they run. The
    pass gives each such op an `allocation.offset` (bytes) and the module
    `ttg.shared`, the shared memory a program needs, which the launch passes
    to the driver.

    Example: a softmax row reduced by 4 warps gets `allocation.offset = 0`
    and the module `ttg.shared = 16` (one f32 per warp).
  }];
}

def GlobalScratchAllocation
    : Pass<"tritongpu-global-scratch-memory-allocation", "mlir::ModuleOp"> {
  let summary = "place ttg.global_scratch_alloc ops in the kernel's hidden scratch buffers";
  let description = [{
    Every kernel has two hidden pointers: global scratch and profile scratch.
    Each `ttg.global_scratch_alloc` gets `ttg.global_scratch_memory_offset`
    in its buffer (profile scratch for `backend = "proton"`), each call the
    offset of its callee's needs, and the module the per-program size and the
    alignment of both buffers (`ttg.global_scratch_memory_size`,
    `ttg.global_scratch_memory_alignment`, `ttg.profile_scratch_memory_size`,
    `ttg.profile_scratch_memory_alignment`). The runtime allocates
    size x number of programs bytes.

    Example: allocations of 100 (alignment 8) and 64 (alignment 64) bytes get
    offsets 0 and 128; the module size is 192, alignment 64.
  }];
}

def ConvertTritonGPUToLLVM : Pass<"convert-triton-gpu-to-llvm", "mlir::ModuleOp"> {
  let summary = "lower a ttgir module to the LLVM dialect (with NVVM or ROCDL)";
  let description = [{
    The target comes from the module's `ttg.target` ("cuda:90", "hip:gfx942").
    Tensors become the registers each thread holds (per the linear layout of
    their encoding); functions get the hidden shared-memory, global-scratch
    and profile-scratch parameters; loads and stores are vectorized as the
    axis information allows. Run scf-to-cf and the two allocation passes
    first.

    Transcendental math calls the device library (NVIDIA's libdevice, linked
    in after translation to LLVM IR); without it (`device-library=false`, when
    no CUDA installation is found) the hardware's approximate instructions
    are used instead.

    Example: `tt.func public @add_kernel(%x: !tt.ptr<f32>, ...)` becomes
    `llvm.func @add_kernel(%x: !llvm.ptr<1>, ..., !llvm.ptr<1>, !llvm.ptr<1>)`
    with `nvvm.kernel`.
  }];
  let options = [
    Option<"deviceLibrary", "device-library", "bool", /*default=*/"true",
           "call the device math library (libdevice) for transcendental functions">,
    Option<"intrinsicDialects", "intrinsic-dialects", "std::string", /*default=*/"\"nvvm,rocdl\"",
           "the intrinsic dialects to load before the pass (those of the module's target "
           "suffice; each costs a few percent of a small kernel's compile to load)">,
  ];
}

def SimplifyCallSiteLocations
    : Pass<"simplify-call-site-locations", "mlir::ModuleOp"> {
  let summary = "make inlined-call locations safe for MLIR's debug-scope pass";
  let description = [{
    Inlining the standard library gives ops `callsite(callee at caller)`
    locations whose callee may have no file (`loc(unknown)`: the library is
    compiled from memory) or be a call site itself. MLIR 22's
    ensure-debug-info-scope-on-llvm-func reads the callee's file without
    checking and crashes on both. This pass rewrites them: a call site whose
    callee has no file becomes its caller, and a nested callee is flattened
    (`callsite(callsite(a at b) at c)` becomes `callsite(a at callsite(b at c))`).
    Locations with a file are left as they are, so line tables still map
    inlined code to its source.

    Example: `loc(callsite(unknown at "k.py":5:7))` becomes `loc("k.py":5:7)`.
  }];
}

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_PASSES_TD
