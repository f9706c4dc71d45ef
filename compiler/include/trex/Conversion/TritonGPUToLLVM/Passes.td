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

def LocalizeClusterTensors : Pass<"localize-cluster-tensors", "mlir::ModuleOp"> {
  let summary = "rewrite a thread-block-cluster kernel as the program of one CTA";
  let description = [{
    With `ttg.num-ctas` = N > 1 (NVIDIA sm_90 clusters) every layout splits
    its tensor between the N CTAs of a cluster or copies it to several of
    them (its CGA layout, the `block` dimension of its linear layout). The
    pass gives every tensor and shared-memory buffer the type of the part one
    CTA holds (the shape per CTA, the same layouts for one CTA), after
    checking that the linear layout of that part is the full one without its
    `block` dimension. Coordinates get the CTA's offset in the tensor: a
    `tt.make_range` that the CTAs split adds its tile of `%cluster_ctarank`;
    CTAs that hold copies of a stored tensor store only from the first of
    them (a mask); `tt.get_program_id` and `tt.get_num_programs` count
    clusters. Shared memory is then allocated per CTA, and each dot is the
    CTA's part of the dot. The module keeps the cluster size in
    `trex.cluster-ctas` (and `ttg.num-ctas` = 1 until the conversion to LLVM
    restores it and marks the kernel with the cluster's dimensions).

    Ops that move data between the CTAs of a cluster (a layout conversion,
    shared-memory copy or dot whose operands are split differently) and ops
    this pass does not know are refused with an error at the op. A module of
    one CTA is left as it is.

    Example: `tt.make_range {start = 0, end = 128} : tensor<128xi32, #slice>`
    split in two becomes `tt.make_range {start = 0, end = 64}` plus 64 times
    the CTA's rank in the cluster.
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
