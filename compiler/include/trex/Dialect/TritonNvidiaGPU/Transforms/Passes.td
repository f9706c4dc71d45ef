// The NVIDIA-specific passes of Triton's make_ttgir: cluster planning, the
// lowering of tensor descriptors to TMA and the proxy fences Hopper needs.
#ifndef TREX_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_TD
#define TREX_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonNvidiaGPUPlanCTA : Pass<"triton-nvidia-gpu-plan-cta", "mlir::ModuleOp"> {
  let summary = "split the work of a thread-block cluster between its CTAs";
  let description = [{
    With `ttg.num-ctas` > 1 (thread-block clusters on Hopper) every layout
    also says which CTA of the cluster holds which part of a tensor; Triton
    plans that split for dots, reductions and stores here. With one CTA per
    cluster, the default, every layout already places everything in that
    CTA and the pass leaves the IR unchanged. trex compiles one CTA per
    cluster: a module with more is reported as an error here rather than
    compiled with unplanned CTA layouts.
  }];
}

def TritonNvidiaGPUTMALowering : Pass<"triton-nvidia-tma-lowering", "mlir::ModuleOp"> {
  let summary = "lower tensor-descriptor accesses to TMA copies (sm_90 and later)";
  let description = [{
    On Hopper, `tt.descriptor_load`/`store` become asynchronous TMA copies
    between global and shared memory with mbarrier synchronization. Kernels
    without tensor descriptors (and every kernel before sm_90, whose
    descriptors the ttir pipeline already lowered to pointers) pass
    unchanged. trex does not emit TMA copies; a descriptor access reaching
    this pass is reported as an error, so no descriptor op survives into
    ttgir that the LLVM lowering could not handle.
  }];
}

def TritonNvidiaGPUFenceInsertion : Pass<"triton-nvidia-gpu-fence-insertion", "mlir::ModuleOp"> {
  let summary = "fence generic shared-memory writes before wgmma reads them";
  let description = [{
    wgmma reads its shared-memory operands through the async proxy, which
    does not see writes made by ordinary stores (`ttg.local_alloc` of a
    register tensor, `ttg.local_store`) unless a `fence.proxy.async` orders
    them. Before each `ttng.warp_group_dot` whose shared operand (through
    any views) was written from registers, the pass inserts
    `ttng.fence_async_shared {bCluster = false}`; operands filled only by
    async copies need none.
  }];
  let dependentDialects = ["::trex::ttng::TTNGDialect"];
}

#endif // TREX_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_TD
