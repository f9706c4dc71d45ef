// The `proton` dialect: the profiler's scope markers as a kernel's source writes them
// (triton.profiler.language's enter_scope / exit_scope / scope), in Triton 3.6's syntax.
#ifndef TREX_DIALECT_PROTON_OPS_TD
#define TREX_DIALECT_PROTON_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Proton_Dialect : Dialect {
  let name = "proton";
  let cppNamespace = "::trex::proton";
  let summary = "Intra-kernel profiling scopes (Triton's Proton instrumentation)";
  let description = [{
    Marks the start and the end of named regions of a kernel whose duration the
    instrumented kernel measures in clock cycles. The ops stay as they are through the
    ttir and ttgir pipelines; `convert-proton-to-protongpu` turns them into clock reads
    stored in a shared-memory circular buffer (the `proton_gpu` dialect).
  }];
}

class Proton_Op<string mnemonic, list<Trait> traits = []> : Op<Proton_Dialect, mnemonic, traits>;

def Proton_RecordOp : Proton_Op<"record", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "Start or end of a named profiling scope";
  let description = [{
    Records the time at which the scope `name` starts (`start`) or ends (`end`). Each
    start has its end later in the same function. The memory effects keep the op in its
    place: no pass moves loads, stores or other records across it, or removes it.

    Example:
    ```mlir
    proton.record start "row_max"
    %m = "tt.reduce"(%x) ...
    proton.record end "row_max"
    ```
  }];
  let arguments = (ins UnitAttr:$isStart, StrAttr:$name);
  let assemblyFormat = [{ (`start` $isStart^):(`end`)? $name attr-dict }];
  let hasVerifier = 1;
}

#endif // TREX_DIALECT_PROTON_OPS_TD
