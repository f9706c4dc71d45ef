// Passes that print what the analyses conclude, for lit tests and for
// looking at a kernel by hand.
#ifndef TREX_ANALYSIS_PASSES_TD
#define TREX_ANALYSIS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TestPrintAxisInfo : Pass<"test-print-axis-info", "mlir::ModuleOp"> {
  let summary = "report the AxisInfo of every op result as a remark";
  let description = [{
    Coalescing and vectorization decisions come from AxisInfo; when one looks
    wrong, the first question is what the analysis concluded. This pass runs
    the module-level analysis and attaches to every op a remark per result:
    `contiguity = [...], divisibility = [...], constancy = [...],
    constant_value = ...` (prefixed by `result N: ` for ops with several
    results). Lit tests check them with `-verify-diagnostics`.

    Example remark on `tt.make_range {end = 128 : i32, start = 0 : i32}`:
    `contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>`.
  }];
}

#endif // TREX_ANALYSIS_PASSES_TD
