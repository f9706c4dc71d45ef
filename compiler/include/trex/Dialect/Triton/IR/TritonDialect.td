// The `tt` dialect: Triton's tile-level IR (ttir), spelled as Triton 3.6 prints it.
#ifndef TREX_DIALECT_TRITON_DIALECT_TD
#define TREX_DIALECT_TRITON_DIALECT_TD

include "mlir/IR/OpBase.td"

def TT_Dialect : Dialect {
  let name = "tt";
  let cppNamespace = "::trex::tt";
  let summary = "Triton's tile-level IR: programs over blocks of values";
  let description = [{
    `tt` is the first IR a Triton kernel becomes. A kernel is a `tt.func` whose
    body computes on whole tiles (`tensor<...>` values without a layout) and
    on pointers (`!tt.ptr<T>`); arithmetic, math and control flow come from the
    upstream `arith`, `math`, `scf` and `cf` dialects. The op and type
    spellings follow Triton 3.6.0 exactly so IR dumped by real Triton loads into
    trex and trex's output compares line for line with Triton's.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::ub::UBDialect"
  ];
  let useDefaultTypePrinterParser = 1;
  // Folders of tt ops (splat of a constant, ...) produce attributes that
  // become arith.constant ops, as in Triton.
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    void registerTypes();
  }];
}

#endif // TREX_DIALECT_TRITON_DIALECT_TD
