// Types of the `ttg` dialect: shared-memory descriptors and async-copy tokens.
#ifndef TREX_DIALECT_TRITONGPU_TYPES_TD
#define TREX_DIALECT_TRITONGPU_TYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "trex/Dialect/TritonGPU/IR/TritonGPUDialect.td"

class TTG_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TTG_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TTG_MemDescType : TTG_TypeDef<"MemDesc", "memdesc", [ShapedTypeInterface]> {
  let summary = "a view of a tensor in shared memory";
  let description = [{
    Shape and element type of the view, its shared layout, the memory space
    (`#ttg.shared_memory`), whether it may be written (`mutable`) and, when
    the view is part of a larger allocation (a pipeline buffer), the shape of
    that allocation.

    Example: `!ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>`
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "::mlir::Attribute":$encoding,
                        "::mlir::Attribute":$memorySpace,
                        "bool":$mutableMemory,
                        ArrayRefParameter<"int64_t">:$allocShape);
  let builders = [
    TypeBuilderWithInferredContext<(ins "::llvm::ArrayRef<int64_t>":$shape,
                                        "::mlir::Type":$elementType,
                                        "::mlir::Attribute":$encoding,
                                        "::mlir::Attribute":$memorySpace,
                                        CArg<"bool", "false">:$mutableMemory), [{
      return $_get(elementType.getContext(), shape, elementType, encoding, memorySpace,
                   mutableMemory, shape);
    }]>
  ];
  let extraClassDeclaration = [{
    MemDescType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                          ::mlir::Type elementType) const {
      return MemDescType::get(shape.value_or(getShape()), elementType, getEncoding(),
                              getMemorySpace(), getMutableMemory());
    }
    bool hasRank() const { return true; }
  }];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TTG_AsyncToken : TTG_TypeDef<"AsyncToken", "async.token"> {
  let summary = "completion token of asynchronous copies";
  let description = [{
    Produced by `ttg.async_copy_global_to_local` and
    `ttg.async_commit_group`, consumed by `ttg.async_wait` and `local_load`.
  }];
}

#endif // TREX_DIALECT_TRITONGPU_TYPES_TD
