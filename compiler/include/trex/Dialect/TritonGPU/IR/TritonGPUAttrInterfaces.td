// Interfaces that classify ttg layouts: distributed (registers), shared (memory)
// and MMA (tensor-core accumulators).
#ifndef TREX_DIALECT_TRITONGPU_ATTR_INTERFACES_TD
#define TREX_DIALECT_TRITONGPU_ATTR_INTERFACES_TD

include "mlir/IR/OpBase.td"

def LayoutEncodingTrait : AttrInterface<"LayoutEncodingTrait"> {
  let cppNamespace = "::trex::ttg";
  let description = [{
    Any ttg layout: it has a rank and an arrangement of CTAs across the
    cluster (the CGA layout; one CTA unless the module says otherwise).
  }];
  let methods = [
    InterfaceMethod<"Number of tensor dimensions the layout describes.", "unsigned", "getRank">,
    InterfaceMethod<"The arrangement of CTAs in the cluster.", "::trex::ttg::CGALayout",
                    "getCGALayout", (ins), [{}],
                    [{ return ::trex::ttg::CGALayout::oneCTA($_attr.getRank()); }]>,
  ];
}

def DistributedEncodingTrait : AttrInterface<"DistributedEncodingTrait", [LayoutEncodingTrait]> {
  let cppNamespace = "::trex::ttg";
  let description = [{
    A layout of a tensor held in registers: each element belongs to
    (register, lane, warp, block) coordinates. A tensor may only carry a
    distributed layout.
  }];
  let methods = [
    InterfaceMethod<"Lanes per warp the layout is built for.", "unsigned", "getLanesPerWarp">,
    InterfaceMethod<"Warps per CTA the layout spreads over.", "unsigned", "getWarpCount">,
  ];
}

def SharedEncodingTrait : AttrInterface<"SharedEncodingTrait", [LayoutEncodingTrait]> {
  let cppNamespace = "::trex::ttg";
  let description = [{
    A layout of a tensor in shared memory: where each element lives, including
    the swizzle that avoids bank conflicts. Only `!ttg.memdesc` types carry it.
  }];
  let methods = [
    InterfaceMethod<"Byte alignment the allocation needs.", "int32_t", "getAlignment">,
  ];
}

def MmaEncodingTrait : AttrInterface<"MmaEncodingTrait", [DistributedEncodingTrait]> {
  let cppNamespace = "::trex::ttg";
  let description = [{
    The accumulator layout of a tensor-core instruction (mma.sync, wgmma,
    MFMA, WMMA); `#ttg.dot_op` layouts of its operands name it as parent.
  }];
}

#endif // TREX_DIALECT_TRITONGPU_ATTR_INTERFACES_TD
