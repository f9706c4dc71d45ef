// Registration of the analysis test passes (Passes.td), for trex-opt.
#ifndef TREX_ANALYSIS_TESTPASSES_H
#define TREX_ANALYSIS_TESTPASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace trex {

#define GEN_PASS_DECL
#include "trex/Analysis/Passes.h.inc"

// Attaches the AxisInfo of every op result under `module` as remarks.
void printAxisInfo(mlir::ModuleOp module);

#define GEN_PASS_REGISTRATION
#include "trex/Analysis/Passes.h.inc"

inline void registerAnalysisTestPasses() { registerAnalysisPasses(); }

} // namespace trex

#endif // TREX_ANALYSIS_TESTPASSES_H
