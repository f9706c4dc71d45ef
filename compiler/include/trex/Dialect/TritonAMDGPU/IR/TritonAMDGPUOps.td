// The `amdg` dialect: AMD-specific ttgir ops (buffer loads and stores, in-thread
// transposes), with the assembly syntax of Triton 3.6.0.
#ifndef TREX_DIALECT_TRITONAMDGPU_OPS_TD
#define TREX_DIALECT_TRITONAMDGPU_OPS_TD

include "trex/Dialect/Triton/IR/TritonTypes.td"
include "trex/Dialect/Triton/IR/TritonAttrs.td"
include "trex/Dialect/Triton/IR/TritonTraits.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def AMDG_Dialect : Dialect {
  let name = "amdg";
  let cppNamespace = "::trex::amdg";
  let summary = "AMD-specific ops of ttgir";
  let description = [{
    Ops the AMD backend introduces: buffer loads/stores/atomics that address
    memory as one scalar base pointer plus 32-bit offsets (the buffer
    resource of CDNA), and register-level transposes that feed the matrix
    cores.
  }];
  let dependentDialects = ["::trex::tt::TTDialect", "::trex::ttg::TTGDialect"];
}

def AMDG_GlobalMemory : Resource<"::trex::tt::GlobalMemory">;

class AMDG_Op<string mnemonic, list<Trait> traits = []>
    : Op<AMDG_Dialect, mnemonic, !listconcat(traits, [VerifyTensorLayoutsTrait])>;

def AMDG_BufferLoadOp : AMDG_Op<"buffer_load", [
    SameLoadStoreOperandsAndResultEncoding, AttrSizedOperandSegments,
    MemoryEffects<[MemRead<AMDG_GlobalMemory>]>,
    TypesMatchWith<"ptr points to the result's element type", "result", "ptr",
                   "::trex::tt::getPointerTypeToElement($_self)">,
    TypesMatchWith<"offsets have the result's shape", "result", "offsets",
                   "::trex::tt::getI32SameShape($_self)">,
    TypesMatchWith<"mask is i1 of the result's shape", "result", "mask",
                   "::trex::tt::getI1SameShape($_self)",
                   "!::llvm::cast<::trex::amdg::BufferLoadOp>(&$_op).getMask() || std::equal_to<>()">,
    TypesMatchWith<"other has the result's type", "result", "other", "$_self",
                   "!::llvm::cast<::trex::amdg::BufferLoadOp>(&$_op).getOther() || std::equal_to<>()">]> {
  let summary = "load a tile from a scalar base pointer plus i32 offsets";
  let description = [{
    Like `tt.load` on `ptr + offsets`, but through an AMD buffer resource:
    out-of-range and masked-off lanes read `other` (or zero) without a
    branch. `stride` (optional) is the row stride of the buffer.

    Example:
    `%x = amdg.buffer_load %base[%offs], %mask, %zero : tensor<1024xf32, #blocked>`
  }];
  let arguments = (ins
    TT_Ptr:$ptr, RankedTensorOf<[I32]>:$offsets, Optional<I32>:$stride,
    DefaultValuedAttr<TT_CacheModifierAttr, "::trex::tt::CacheModifier::NONE">:$cache,
    Optional<TT_BoolTensor>:$mask, Optional<TT_Tensor>:$other);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $ptr `[` $offsets `]` (`,` $mask^)? (`,` $other^)?
    oilist(`cacheModifier` `=` $cache | `stride` `=` $stride)
    attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def AMDG_BufferStoreOp : AMDG_Op<"buffer_store", [
    SameLoadStoreOperandsEncoding, AttrSizedOperandSegments,
    MemoryEffects<[MemWrite<AMDG_GlobalMemory>]>,
    TypesMatchWith<"ptr points to the value's element type", "value", "ptr",
                   "::trex::tt::getPointerTypeToElement($_self)">,
    TypesMatchWith<"offsets have the value's shape", "value", "offsets",
                   "::trex::tt::getI32SameShape($_self)">,
    TypesMatchWith<"mask is i1 of the value's shape", "value", "mask",
                   "::trex::tt::getI1SameShape($_self)",
                   "!::llvm::cast<::trex::amdg::BufferStoreOp>(&$_op).getMask() || std::equal_to<>()">]> {
  let summary = "store a tile to a scalar base pointer plus i32 offsets";
  let description = [{
    Example:
    `amdg.buffer_store %x, %base[%offs], %mask : tensor<1024xf32, #blocked>`
  }];
  let arguments = (ins
    TT_Tensor:$value, TT_Ptr:$ptr, RankedTensorOf<[I32]>:$offsets, Optional<I32>:$stride,
    DefaultValuedAttr<TT_CacheModifierAttr, "::trex::tt::CacheModifier::NONE">:$cache,
    Optional<TT_BoolTensor>:$mask);
  let assemblyFormat = [{
    $value `,` $ptr `[` $offsets `]` (`,` $mask^)?
    oilist(`cacheModifier` `=` $cache | `stride` `=` $stride)
    attr-dict `:` type($value)
  }];
}

def AMDG_BufferAtomicRMWOp : AMDG_Op<"buffer_atomic_rmw", [
    SameLoadStoreOperandsAndResultEncoding, AttrSizedOperandSegments,
    MemoryEffects<[MemRead<AMDG_GlobalMemory>, MemWrite<AMDG_GlobalMemory>]>,
    TypesMatchWith<"the value has the result's type", "result", "value", "$_self">,
    TypesMatchWith<"ptr points to the result's element type", "result", "ptr",
                   "::trex::tt::getPointerTypeToElement($_self)">,
    TypesMatchWith<"offsets have the result's shape", "result", "offsets",
                   "::trex::tt::getI32SameShape($_self)">,
    TypesMatchWith<"mask is i1 of the result's shape", "result", "mask",
                   "::trex::tt::getI1SameShape($_self)",
                   "!::llvm::cast<::trex::amdg::BufferAtomicRMWOp>(&$_op).getMask() || std::equal_to<>()">]> {
  let summary = "atomic read-modify-write through a buffer resource";
  let description = [{
    Example:
    `%old = amdg.buffer_atomic_rmw fadd, acq_rel, gpu, %v, %base[%offs], %m : tensor<256xf32, #blocked>`
  }];
  let arguments = (ins
    TT_AtomicRMWAttr:$atomic_rmw_op, TT_MemSemanticAttr:$sem, TT_MemSyncScopeAttr:$scope,
    TT_Tensor:$value, TT_Ptr:$ptr, RankedTensorOf<[I32]>:$offsets, Optional<I32>:$stride,
    Optional<TT_BoolTensor>:$mask);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $atomic_rmw_op `,` $sem `,` $scope `,` $value `,` $ptr `[` $offsets `]` (`,` $mask^)?
    (`stride` `=` $stride^)? attr-dict `:` type($result)
  }];
}

def AMDG_InThreadTransposeOp : AMDG_Op<"in_thread_transpose", [
    Pure, SameOperandsAndResultShape, SameOperandsAndResultElementType]> {
  let summary = "reorder the elements each thread holds to the transposed register order";
  let description = [{
    Used before writing an operand to LDS so that each thread stores its
    values contiguously along the other dimension; no data crosses threads.

    Example:
    `%t = amdg.in_thread_transpose %b : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #linear>`
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def AMDG_UpcastMXFPOp : AMDG_Op<"upcast_mxfp", [Pure]> {
  let summary = "multiply a matrix-core operand by its microscaling (mx) scales";
  let description = [{
    The CDNA3 form of a tt.dot_scaled operand (Triton 3.6's ScaledBlockedToMFMA):
    `src` is the operand already in its MFMA dot-operand layout (fp8 upcast to
    bf16/f16, e2m1 still packed two per byte along K), `scale` its e8m0 scales,
    one per 32 elements along K ([M, K/32] for A, [N, K/32] for B). The result
    is src times 2^(scale - 127) in bf16 or f16 (e2m1 unpacked: K and kWidth
    doubled), NaN where the scale byte is 0xFF unless `fastMath`.

    Example:
    `%a = amdg.upcast_mxfp %x, %s fp_type = e5m2 {fastMath = false} : tensor<64x64xbf16, #dot0>, tensor<64x2xi8, #blocked> -> tensor<64x64xbf16, #dot0>`
  }];
  let arguments = (ins TT_Tensor:$src, RankedTensorOf<[I8]>:$scale,
                       TT_ScaleDotElemTypeAttr:$fp_type, BoolAttr:$fastMath);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src `,` $scale `fp_type` `=` $fp_type attr-dict `:` type($src) `,` type($scale) `->` type($result)
  }];
  let hasVerifier = 1;
}

#endif // TREX_DIALECT_TRITONAMDGPU_OPS_TD
