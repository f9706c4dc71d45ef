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
    CTA and the pass leaves the IR unchanged. Without a plan, the default
    layouts of the conversion would split every tensor its own way and the
    dot's operands would need data from other CTAs; the plan splits the dot
    (along M first, at least 64 rows or columns per CTA) and gives its
    operands' producers matching layouts (an operand every CTA needs whole,
    as B when M is split, is loaded whole by each CTA), as Triton's
    PlanCTA does. An op the plan cannot pass through is a located error.
  }];
}

def TritonNvidiaGPUOptimizeDescriptorEncoding
    : Pass<"triton-nvidia-optimize-descriptor-encoding", "mlir::ModuleOp"> {
  let summary = "give tensor descriptors the shared layout of their TMA copies";
  let description = [{
    Every `!tt.tensordesc` whose block has no layout yet gets the
    `#ttg.nvmma_shared` layout TMA writes and reads: row-major, with the
    widest swizzle (128, 64 or 32 bytes) its rows fill, none for fewer than
    8 rows. The layout depends only on the block's shape and element type,
    so loop-carried descriptors and function arguments stay consistent.
  }];
}

def TritonNvidiaGPUTMALowering : Pass<"triton-nvidia-tma-lowering", "mlir::ModuleOp"> {
  let summary = "lower tensor descriptors to TMA descriptors and copies (sm_90 and later)";
  let description = [{
    `tt.make_tensor_descriptor` becomes a 128-byte, 128-aligned
    `ttg.global_scratch_alloc`, a `ttng.tensormap_create` that fills it, a
    `ttng.tensormap_fenceproxy_acquire` and a
    `ttng.reinterpret_tensor_descriptor`. `tt.descriptor_load` becomes a
    shared buffer in the descriptor's layout, an mbarrier (init, expect the
    block's bytes), `ttng.async_tma_copy_global_to_local`, a wait on phase 0,
    the barrier's invalidation and a `ttg.local_load`. `tt.descriptor_store`
    becomes a `ttg.local_alloc` of the value, `ttng.fence_async_shared`,
    `ttng.async_tma_copy_local_to_global` and `ttng.async_tma_store_wait`.
    Descriptor gathers and scatters (sm_100's tile::gather4) and reductions
    are reported as errors. Kernels before sm_90 never reach this pass with
    descriptors: the ttir pipeline rewrote them to pointers.
  }];
  let dependentDialects = ["::trex::ttng::TTNGDialect", "::mlir::arith::ArithDialect"];
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
