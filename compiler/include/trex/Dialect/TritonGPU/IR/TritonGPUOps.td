// Operations of the `ttg` dialect, with the assembly syntax of Triton 3.6.0.
#ifndef TREX_DIALECT_TRITONGPU_OPS_TD
#define TREX_DIALECT_TRITONGPU_OPS_TD

include "trex/Dialect/TritonGPU/IR/TritonGPUDialect.td"
include "trex/Dialect/TritonGPU/IR/TritonGPUTypes.td"
include "trex/Dialect/TritonGPU/IR/TritonGPUAttrs.td"
include "trex/Dialect/Triton/IR/TritonTypes.td"
include "trex/Dialect/Triton/IR/TritonAttrs.td"
include "trex/Dialect/Triton/IR/TritonTraits.td"
include "trex/Dialect/TritonGPU/IR/TritonGPUEnums.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TTG_GlobalMemory : Resource<"::trex::tt::GlobalMemory">;
def TTG_SharedMemory : Resource<"::trex::ttg::SharedMemory">;

class TTG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TTG_Dialect, mnemonic, !listconcat(traits, [VerifyTensorLayoutsTrait])>;

def TTG_ConvertLayoutOp : TTG_Op<"convert_layout", [SameOperandsAndResultShape,
                                                    SameOperandsAndResultElementType, Pure]> {
  let summary = "move a tensor's elements to another layout";
  let description = [{
    Same values, new owners: lowered to register moves, warp shuffles or a
    round trip through shared memory, depending on the two layouts.

    Example:
    `%b = ttg.convert_layout %a : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>`
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasCanonicalizer = 1;
}

def TTG_Fp4ToFpOp : TTG_Op<"fp4_to_fp", [Pure]> {
  let summary = "unpack e2m1 (fp4) pairs to bf16 or f16";
  let description = [{
    Each i8 holds two e2m1 values, the element at the even index in the low
    nibble. The result doubles dimension `axis` (the one the pairs are packed
    along). Triton's scaled-dot decomposition unpacks e2m1 operands with it.
    A thread keeps its bytes: the two values of one byte go to two of its
    registers, which the result layout says (sizePerThread or kWidth doubled
    along `axis`, else a #ttg.linear layout).

    Example:
    `%b = ttg.fp4_to_fp %a {axis = 1 : i32} : tensor<64x32xi8, #blocked> -> tensor<64x64xbf16, #blocked1>`
  }];
  let arguments = (ins RankedTensorOf<[I8]>:$src, I32Attr:$axis);
  let results = (outs RankedTensorOf<[BF16, F16]>:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

def TTG_LocalAllocOp : TTG_Op<"local_alloc", [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "allocate a buffer in shared memory, optionally initialized";
  let description = [{
    Without an operand the buffer is uninitialized and must be `mutable`;
    with one it holds the tensor's values. Buffers are freed by
    `ttg.local_dealloc` or at the end of their last use.

    Examples:
    `%a = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>`
    `%b = ttg.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>`
  }];
  let arguments = (ins Optional<TT_Tensor>:$src, OptionalAttr<I32Attr>:$alignment);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = "($src^)? attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def TTG_LocalDeallocOp : TTG_Op<"local_dealloc", [MemoryEffects<[MemFree<TTG_SharedMemory>]>]> {
  let summary = "free a shared-memory buffer";
  let description = [{
    Example: `ttg.local_dealloc %a : !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>`
  }];
  let arguments = (ins TTG_MemDescType:$src);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src))";
}

def TTG_LocalLoadOp : TTG_Op<"local_load", [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "read a shared-memory view into a distributed tensor";
  let description = [{
    The optional token orders the read after the async copies it names.

    Example:
    `%x = ttg.local_load %v token %t : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>`
  }];
  let arguments = (ins TTG_MemDescType:$src, Optional<TTG_AsyncToken>:$token);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src (`token` $token^)? attr-dict `:` qualified(type($src)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTG_LocalStoreOp : TTG_Op<"local_store", [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "write a distributed tensor into a mutable shared-memory view";
  let description = [{
    Example:
    `ttg.local_store %x, %v : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>`
  }];
  let arguments = (ins TT_Tensor:$src, TTG_MemDescType:$dst);
  let assemblyFormat = [{
    $src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescIndexOp : TTG_Op<"memdesc_index", [Pure]> {
  let summary = "select one buffer of a multi-buffered allocation";
  let description = [{
    Drops the leading dimension: `%a[%i]` of a 3x128x64 buffer is its i-th
    128x64 slice. This is how pipelined loops pick their stage's buffer.

    Example:
    `%s = ttg.memdesc_index %a[%i] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>`
  }];
  let arguments = (ins TTG_MemDescType:$src, I32:$index);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescSubsliceOp : TTG_Op<"memdesc_subslice", [Pure]> {
  let summary = "a rectangular part of a shared-memory view at constant offsets";
  let description = [{
    Example:
    `%s = ttg.memdesc_subslice %a[0, 32] : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x32xf16, #shared, #smem, 64x64>`
  }];
  let arguments = (ins TTG_MemDescType:$src, DenseI32ArrayAttr:$offsets);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = [{
    $src `[` custom<Offsets>($offsets) `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescTransOp : TTG_Op<"memdesc_trans", [Pure, SameOperandsAndResultElementType]> {
  let summary = "a transposed view of a shared-memory buffer";
  let description = [{
    Example:
    `%t = ttg.memdesc_trans %a {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<32x64xf16, #shared1, #smem>`
  }];
  let arguments = (ins TTG_MemDescType:$src, DenseI32ArrayAttr:$order);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def TTG_MemDescReshapeOp : TTG_Op<"memdesc_reshape", [Pure, SameOperandsAndResultElementType]> {
  let summary = "a view of a shared-memory buffer with another shape";
  let description = [{
    Example:
    `%r = ttg.memdesc_reshape %a : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<2048xf16, #shared1, #smem>`
  }];
  let arguments = (ins TTG_MemDescType:$src);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def TTG_MemDescReinterpretOp : TTG_Op<"memdesc_reinterpret", [Pure]> {
  let summary = "view the bytes of a shared-memory buffer with another type";
  let description = [{
    Example:
    `%r = ttg.memdesc_reinterpret %a : !ttg.memdesc<64xi32, #shared, #smem> -> !ttg.memdesc<128xi16, #shared, #smem>`
  }];
  let arguments = (ins TTG_MemDescType:$src);
  let results = (outs TTG_MemDescType:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
}

//===----------------------------------------------------------------------===//
// Asynchronous copies (cp.async)
//===----------------------------------------------------------------------===//

def TTG_AsyncCopyGlobalToLocalOp : TTG_Op<"async_copy_global_to_local", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    TypesMatchWith<"mask is i1 of the shape of src", "src", "mask",
                   "::trex::tt::getI1SameShape($_self)",
                   "!::llvm::cast<::trex::ttg::AsyncCopyGlobalToLocalOp>(&$_op).getMask() || std::equal_to<>()">,
    TypesMatchWith<"other matches the pointee type of src", "src", "other",
                   "::trex::tt::getPointeeType($_self)",
                   "!::llvm::cast<::trex::ttg::AsyncCopyGlobalToLocalOp>(&$_op).getOther() || std::equal_to<>()">]> {
  let summary = "start copying a tile from global to shared memory";
  let description = [{
    Like `tt.load`, but the data lands in the shared-memory view `dst`
    asynchronously (cp.async on NVIDIA). `contiguity` is the number of
    consecutive elements one copy instruction may move.

    Example:
    `%t = ttg.async_copy_global_to_local %ptrs, %buf mask %m other %zero {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked> -> <128x64xf16, #shared, #smem, mutable>`
  }];
  let arguments = (ins
    TT_PtrTensor:$src,
    TTG_MemDescType:$dst,
    Optional<TT_BoolTensor>:$mask,
    Optional<TT_Type>:$other,
    DefaultValuedAttr<TT_CacheModifierAttr, "::trex::tt::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::trex::tt::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile,
    DefaultValuedAttr<I32Attr, "1">:$contiguity);
  let results = (outs TTG_AsyncToken:$token);
  let assemblyFormat = [{
    $src `,` $dst (`mask` $mask^)? (`other` $other^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($src) `->` type($dst)
  }];
  let hasVerifier = 1;
}

def TTG_AsyncCommitGroupOp : TTG_Op<"async_commit_group"> {
  let summary = "close the current group of async copies";
  let description = [{
    Example: `%g = ttg.async_commit_group tokens %t0, %t1`
  }];
  let arguments = (ins Variadic<TTG_AsyncToken>:$inputTokens);
  let results = (outs TTG_AsyncToken:$asyncToken);
  let assemblyFormat = "(`tokens` $inputTokens^)? attr-dict";
}

def TTG_AsyncWaitOp : TTG_Op<"async_wait"> {
  let summary = "wait until at most `num` groups of async copies are pending";
  let description = [{
    Example: `%w = ttg.async_wait %g0, %g1 {num = 2 : i32}`
  }];
  let arguments = (ins Variadic<TTG_AsyncToken>:$asyncToken, I32Attr:$num);
  let results = (outs TTG_AsyncToken:$retToken);
  let assemblyFormat = "($asyncToken^)? attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Global scratch and barriers
//===----------------------------------------------------------------------===//

def TTG_GlobalScratchAllocOp : TTG_Op<"global_scratch_alloc",
                                      [MemoryEffects<[MemAlloc<TTG_GlobalMemory>]>]> {
  let summary = "reserve per-program bytes in the kernel's hidden scratch buffer";
  let description = [{
    Every kernel receives a hidden global-scratch pointer (and a
    profile-scratch one). Global-scratch allocation gives each of these ops an
    `offset` and records the module's total `ttg.global_scratch_memory_size`
    and alignment; each program's slice starts at base + program id * size.
    Ops with `backend = "proton"` draw from the profile scratch instead.

    Example:
    `%p = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 256 : i32} : !tt.ptr<i8>`
  }];
  let arguments = (ins I32Attr:$nbytes, I32Attr:$alignment,
                       DefaultValuedAttr<StrAttr, "\"default\"">:$backend);
  let results = (outs TT_Ptr:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def TTG_BarrierOp : TTG_Op<"barrier"> {
  let summary = "CTA-wide barrier that also orders the named memories";
  let description = [{
    All threads of the CTA wait here; accesses to the named address spaces
    made before it are visible after it (`__syncthreads()`). Triton 3.6
    itself emits `gpu.barrier`; this spelling is what later versions print.

    Example: `ttg.barrier local`
  }];
  let arguments = (ins TTG_AddrSpace:$addrSpace);
  let assemblyFormat = "custom<AddrSpace>($addrSpace) attr-dict";
}

#endif // TREX_DIALECT_TRITONGPU_OPS_TD
