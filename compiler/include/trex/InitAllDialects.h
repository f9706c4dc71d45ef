// One call that registers every dialect trex tools understand: trex's own
// (tt, ttg, ttng, amdg) and the upstream ones Triton IR is made of.
#ifndef TREX_INITALLDIALECTS_H
#define TREX_INITALLDIALECTS_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace trex {

// tt, ttg, ttng, amdg plus arith, math, scf, cf, func, ub, llvm, nvvm, rocdl, gpu.
void registerAllDialects(mlir::DialectRegistry &registry);

} // namespace trex

#endif // TREX_INITALLDIALECTS_H
