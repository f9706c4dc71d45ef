// The `ttg` dialect: Triton's GPU-level IR (ttgir), where every tensor carries a
// layout and shared memory is explicit; spelled as Triton 3.6 prints it.
#ifndef TREX_DIALECT_TRITONGPU_DIALECT_TD
#define TREX_DIALECT_TRITONGPU_DIALECT_TD

include "mlir/IR/OpBase.td"

def TTG_Dialect : Dialect {
  let name = "ttg";
  let cppNamespace = "::trex::ttg";
  let summary = "Triton's GPU IR: tensors with layouts, shared memory, async copies";
  let description = [{
    ttgir refines ttir for a target. Each tensor type carries a layout
    attribute (`#ttg.blocked`, `#ttg.nvidia_mma`, `#ttg.slice`, ...) saying which
    thread of which warp holds each element in which register; shared memory
    is reached through `!ttg.memdesc` values whose shared layouts say where
    each element lives (with swizzling). The module records the launch shape:
    `"ttg.num-warps"`, `"ttg.threads-per-warp"`, `"ttg.num-ctas"` and
    `ttg.target` ("cuda:90", "hip:gfx942", ...); after allocation also
    `ttg.shared` and the scratch sizes.
  }];
  let dependentDialects = ["::trex::tt::TTDialect"];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();

    // Launch-shape defaults Triton assumes when the module omits them.
    static int getThreadsPerWarp(::mlir::ModuleOp module);
    static int getNumCTAs(::mlir::ModuleOp module);
    // "ttg.num-warps" of the nearest enclosing tt.func or module, if any.
    static std::optional<int> lookupNumWarps(::mlir::Operation *op);
  }];
}

#endif // TREX_DIALECT_TRITONGPU_DIALECT_TD
