// Types and type constraints of the `tt` dialect: pointers, block pointers and
// tensor descriptors, plus the element and tensor constraints the ops use.
#ifndef TREX_DIALECT_TRITON_TYPES_TD
#define TREX_DIALECT_TRITON_TYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "trex/Dialect/Triton/IR/TritonDialect.td"

class TT_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TT_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

// Element types a Triton tile may hold.
def TT_Float : AnyTypeOf<[F8E4M3FNUZ, F8E4M3FN, F8E4M3B11FNUZ, F8E5M2, F8E5M2FNUZ,
                          F16, BF16, F32, F64], "floating-point">;
def TT_FloatTensor : RankedTensorOf<[TT_Float]>;
def TT_FloatLike : AnyTypeOf<[TT_Float, TT_FloatTensor]>;

def TT_BoolTensor : RankedTensorOf<[I1]>;
def TT_BoolLike : AnyTypeOf<[I1, TT_BoolTensor]>;

def TT_Int : AnyTypeOf<[I1, I<4>, I8, I16, I32, I64], "integer">;
def TT_IntTensor : RankedTensorOf<[TT_Int]>;
def TT_IntLike : AnyTypeOf<[TT_Int, TT_IntTensor]>;

def TT_I32Like : AnyTypeOf<[I32, RankedTensorOf<[I32]>]>;
def TT_I64Like : AnyTypeOf<[I64, RankedTensorOf<[I64]>]>;

def TT_PtrType : TT_TypeDef<"Pointer", "ptr"> {
  let summary = "pointer to global (or another address space's) memory";
  let description = [{
    A pointer to a value of `pointeeType` in address space `addressSpace`
    (1, global memory, unless written otherwise). The pointee is a scalar for
    ordinary pointers (`!tt.ptr<f32>`) and a tensor for block pointers made by
    `tt.make_tensor_ptr` (`!tt.ptr<tensor<64x64xf16>>`). Tensors of pointers
    (`tensor<1024x!tt.ptr<f32>>`) are how a tile addresses memory.
  }];
  let parameters = (ins "::mlir::Type":$pointeeType, "int":$addressSpace);
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$pointeeType,
                                        "int":$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
  let skipDefaultBuilders = 1;
  let hasCustomAssemblyFormat = 1;
}

class TT_PtrOf<list<Type> pointeeTypes>
    : DialectType<TT_Dialect,
        And<[CPred<"::mlir::isa<::trex::tt::PointerType>($_self)">,
             Concat<"[](::mlir::Type pointeeType) { return ",
                    SubstLeaves<"$_self", "pointeeType", AnyTypeOf<pointeeTypes>.predicate>,
                    "; }(::mlir::cast<::trex::tt::PointerType>($_self).getPointeeType())">]>,
        "ptr", "::trex::tt::PointerType">;

def TT_Ptr : TT_PtrOf<[AnyType]>;
def TT_PtrTensor : RankedTensorOf<[TT_Ptr]>;
def TT_PtrLike : AnyTypeOf<[TT_Ptr, TT_PtrTensor]>;

def TT_FpIntTensor : RankedTensorOf<[TT_Float, TT_Int]>;
def TT_Tensor : RankedTensorOf<[TT_Float, TT_Int, TT_Ptr]>;
def TT_TensorPtr : TT_PtrOf<[TT_Tensor]>;
def TT_Type : AnyTypeOf<[TT_FloatLike, TT_IntLike, TT_PtrLike, TT_TensorPtr]>;

def TT_TensorDescType : TT_TypeDef<"TensorDesc", "tensordesc"> {
  let summary = "descriptor of a tensor in global memory, read and written by blocks";
  let description = [{
    Made by `tt.make_tensor_descriptor` (or passed in as a kernel argument),
    a tensor descriptor names a global tensor by base, shape and strides;
    `tt.descriptor_load`/`store` move one block of type `blockType` at given
    indices. On Hopper and later it lowers to a TMA descriptor.

    Example: `!tt.tensordesc<tensor<128x64xf16, #shared>>`
  }];
  let parameters = (ins "::mlir::RankedTensorType":$blockType);
  let assemblyFormat = "`<` $blockType `>`";
}

#endif // TREX_DIALECT_TRITON_TYPES_TD
