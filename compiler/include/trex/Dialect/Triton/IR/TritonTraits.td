// Native traits shared by the Triton-family dialects (tt, ttg, ttng, amdg): shape,
// encoding and size checks whose C++ lives in trex/Dialect/Triton/IR/Traits.h.
#ifndef TREX_DIALECT_TRITON_TRAITS_TD
#define TREX_DIALECT_TRITON_TRAITS_TD

include "mlir/IR/OpBase.td"

class TT_NativeTrait<string name> : NativeOpTrait<name> {
  let cppNamespace = "::trex::tt";
}

// Every tensor an op touches has a power-of-two number of elements, at most 2^20.
def TensorSizeTrait : TT_NativeTrait<"TensorSizeTrait">;
// Every layout on a tensor an op touches fits the tensor and the module
// (rank, threads per warp, warps per CTA, CTAs per CGA).
def VerifyTensorLayoutsTrait : TT_NativeTrait<"VerifyTensorLayoutsTrait">;
// All tensor operands carry the same encoding (and the results too).
def SameOperandsEncoding : TT_NativeTrait<"SameOperandsEncoding">;
def SameOperandsAndResultEncoding : TT_NativeTrait<"SameOperandsAndResultEncoding">;
// Like SameOperandsShape/Encoding, but a block pointer counts as the tensor it points to.
def SameLoadStoreOperandsShape : TT_NativeTrait<"SameLoadStoreOperandsShape">;
def SameLoadStoreOperandsAndResultShape : TT_NativeTrait<"SameLoadStoreOperandsAndResultShape">;
def SameLoadStoreOperandsEncoding : TT_NativeTrait<"SameLoadStoreOperandsEncoding">;
def SameLoadStoreOperandsAndResultEncoding : TT_NativeTrait<"SameLoadStoreOperandsAndResultEncoding">;

#endif // TREX_DIALECT_TRITON_TRAITS_TD
