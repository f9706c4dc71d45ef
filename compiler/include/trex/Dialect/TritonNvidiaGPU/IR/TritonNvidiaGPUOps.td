// The `ttng` dialect: NVIDIA-specific ttgir ops (Hopper wgmma, mbarriers, TMA),
// with the assembly syntax of Triton 3.6.0.
#ifndef TREX_DIALECT_TRITONNVIDIAGPU_OPS_TD
#define TREX_DIALECT_TRITONNVIDIAGPU_OPS_TD

include "trex/Dialect/TritonGPU/IR/TritonGPUTypes.td"
include "trex/Dialect/Triton/IR/TritonTypes.td"
include "trex/Dialect/Triton/IR/TritonAttrs.td"
include "trex/Dialect/Triton/IR/TritonTraits.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TTNG_Dialect : Dialect {
  let name = "ttng";
  let cppNamespace = "::trex::ttng";
  let summary = "NVIDIA-specific ops of ttgir: warp-group MMA, mbarriers and TMA";
  let description = [{
    Ops that only exist on NVIDIA GPUs from Hopper on: `warp_group_dot`
    (wgmma) reading operands from shared memory, the mbarrier objects that
    track asynchronous transfers, and TMA copies through tensor descriptors.
  }];
  let dependentDialects = ["::trex::tt::TTDialect", "::trex::ttg::TTGDialect"];
}

def TTNG_GlobalMemory : Resource<"::trex::tt::GlobalMemory">;
def TTNG_SharedMemory : Resource<"::trex::ttg::SharedMemory">;

class TTNG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TTNG_Dialect, mnemonic, !listconcat(traits, [VerifyTensorLayoutsTrait])>;

//===----------------------------------------------------------------------===//
// Warp-group matrix multiply (wgmma)
//===----------------------------------------------------------------------===//

def TTNG_WarpGroupDotOp : TTNG_Op<"warp_group_dot", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    TypesMatchWith<"the result has the accumulator's type", "d", "c", "$_self">]> {
  let summary = "Hopper warp-group matrix multiply-accumulate (wgmma)";
  let description = [{
    d = a x b + c for a group of four warps. `b` (and usually `a`) is read
    straight from shared memory; `a` may instead be a register tensor with a
    `#ttg.dot_op` layout. With `isAsync` the instruction is only issued; a
    later `ttng.warp_group_dot_wait` collects it. `useC` (when given) says at
    run time whether `c` is added.

    Example:
    `%d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> tensor<128x128xf32, #mma>`
  }];
  let arguments = (ins
    AnyTypeOf<[TT_FpIntTensor, TTG_MemDescType]>:$a,
    TTG_MemDescType:$b,
    TT_FpIntTensor:$c,
    Optional<I1>:$useC,
    DefaultValuedAttr<TT_InputPrecisionAttr, "::trex::tt::InputPrecision::IEEE">:$inputPrecision,
    DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc,
    DefaultValuedAttr<BoolAttr, "false">:$isAsync);
  let results = (outs TT_FpIntTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`,` $useC^)? attr-dict `:` type($a) `*` qualified(type($b)) `->` type($d)
  }];
  let hasVerifier = 1;
}

def TTNG_WarpGroupDotWaitOp : TTNG_Op<"warp_group_dot_wait", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>, AllTypesMatch<["inputs", "outputs"]>]> {
  let summary = "wait until at most `pendings` async warp-group dots are in flight";
  let description = [{
    Returns its operands once the dots that produce them have completed;
    passing the shared-memory operands through keeps their buffers alive.

    Example:
    `%r:3 = ttng.warp_group_dot_wait %d, %a, %b {pendings = 1 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable>`
  }];
  let arguments = (ins Variadic<AnyType>:$inputs, I32Attr:$pendings);
  let results = (outs Variadic<AnyType>:$outputs);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs)";
  let hasVerifier = 1;
}

def TTNG_FenceAsyncSharedOp : TTNG_Op<"fence_async_shared"> {
  let summary = "order generic shared-memory writes before async-proxy reads";
  let description = [{
    Needed between a `ttg.local_store` and a wgmma or TMA store reading the
    same buffer (`fence.proxy.async`); `bCluster` widens it to the cluster.

    Example: `ttng.fence_async_shared {bCluster = false}`
  }];
  let arguments = (ins BoolAttr:$bCluster);
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// mbarriers
//===----------------------------------------------------------------------===//

def TTNG_InitBarrierOp : TTNG_Op<"init_barrier", [MemoryEffects<[MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "initialize an mbarrier expecting `count` arrivals per phase";
  let description = [{
    Example: `ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>`
  }];
  let arguments = (ins TTG_MemDescType:$alloc, I32Attr:$count);
  let assemblyFormat = "$alloc `,` $count attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_InvalBarrierOp : TTNG_Op<"inval_barrier", [MemoryEffects<[MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "invalidate an mbarrier so its memory can be reused";
  let description = [{
    Example: `ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>`
  }];
  let arguments = (ins TTG_MemDescType:$alloc);
  let assemblyFormat = "$alloc attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_BarrierExpectOp : TTNG_Op<"barrier_expect", [MemoryEffects<[MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "tell an mbarrier how many bytes the next transfers will bring";
  let description = [{
    Example: `ttng.barrier_expect %bar, 16384, %pred : !ttg.memdesc<1xi64, #shared, #smem, mutable>`
  }];
  let arguments = (ins TTG_MemDescType:$alloc, I32Attr:$size, I1:$pred);
  let assemblyFormat = "$alloc `,` $size attr-dict `,` $pred `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_WaitBarrierOp : TTNG_Op<"wait_barrier", [
    MemoryEffects<[MemRead<TTNG_SharedMemory>, MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "wait until an mbarrier completes the given phase";
  let description = [{
    Counted as a write too: the wait orders the transfers it completes before
    what follows, so it must not be removed even though it yields nothing.

    Example: `ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared, #smem, mutable>`
  }];
  let arguments = (ins TTG_MemDescType:$alloc, I32:$phase, Optional<I1>:$pred);
  let assemblyFormat = "$alloc `,` $phase (`,` $pred^)? attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_ArriveBarrierOp : TTNG_Op<"arrive_barrier", [MemoryEffects<[MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "arrive `count` times on an mbarrier";
  let description = [{
    Example: `ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>`
  }];
  let arguments = (ins TTG_MemDescType:$alloc, I32Attr:$count, Optional<I1>:$pred);
  let assemblyFormat = "$alloc `,` $count (`,` $pred^)? attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// TMA copies
//===----------------------------------------------------------------------===//

def TTNG_AsyncTMACopyGlobalToLocalOp : TTNG_Op<"async_tma_copy_global_to_local", [
    MemoryEffects<[MemRead<TTNG_GlobalMemory>, MemWrite<TTNG_SharedMemory>]>]> {
  let summary = "start a TMA copy of one block into shared memory";
  let description = [{
    The mbarrier `barrier` is signalled (with the byte count) when the data
    has landed; `pred` disables the copy.

    Example:
    `ttng.async_tma_copy_global_to_local %desc[%i, %j] %buf, %bar, %true : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>`
  }];
  let arguments = (ins
    TT_TensorDescType:$desc, Variadic<I32>:$coord, TTG_MemDescType:$result,
    TTG_MemDescType:$barrier, I1:$pred,
    DefaultValuedAttr<TT_CacheModifierAttr, "::trex::tt::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::trex::tt::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile);
  let assemblyFormat = [{
    $desc `[` $coord `]` $result `,` $barrier `,` $pred
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` qualified(type($desc)) `,` qualified(type($barrier)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMACopyLocalToGlobalOp : TTNG_Op<"async_tma_copy_local_to_global", [
    MemoryEffects<[MemRead<TTNG_SharedMemory>, MemWrite<TTNG_GlobalMemory>]>]> {
  let summary = "start a TMA copy of one block from shared memory to global memory";
  let description = [{
    Example:
    `ttng.async_tma_copy_local_to_global %desc[%i, %j] %buf : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>`
  }];
  let arguments = (ins TT_TensorDescType:$desc, Variadic<I32>:$coord, TTG_MemDescType:$src);
  let assemblyFormat = [{
    $desc `[` $coord `]` $src attr-dict `:` qualified(type($desc)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TTNG_TMAStoreWaitOp : TTNG_Op<"async_tma_store_wait"> {
  let summary = "wait until at most `pendings` TMA stores are still reading shared memory";
  let description = [{
    Example: `ttng.async_tma_store_wait {pendings = 0 : i32}`
  }];
  let arguments = (ins I32Attr:$pendings);
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Device-side TMA descriptors
//===----------------------------------------------------------------------===//

def TTNG_TensormapCreateOp : TTNG_Op<"tensormap_create", [
    MemoryEffects<[MemRead<TTNG_GlobalMemory>, MemWrite<TTNG_GlobalMemory>]>,
    AttrSizedOperandSegments]> {
  let summary = "write a 128-byte TMA descriptor (CUtensorMap) into global memory";
  let description = [{
    Builds the descriptor in shared memory (`tensormap.replace`) and copies it
    to `desc_ptr` with a release fence. All lists go innermost dimension
    first, as the hardware reads them: `box_dim` and `global_dim` in
    elements, `global_stride` in bytes without the innermost (unit) stride.
    `elem_type`, `interleave_layout`, `swizzle_mode` and `fill_mode` are the
    CUtensorMap enumerations.

    Example:
    `ttng.tensormap_create %p, %base, [%c64_i32, %c64_i32], [%n, %m], [%stride], [%c1_i32, %c1_i32] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()`
  }];
  let arguments = (ins TT_Ptr:$desc_ptr, TT_Ptr:$global_address, Variadic<I32>:$box_dim,
                       Variadic<I32>:$global_dim, Variadic<I64>:$global_stride,
                       Variadic<I32>:$element_stride, I32Attr:$elem_type,
                       I32Attr:$interleave_layout, I32Attr:$swizzle_mode, I32Attr:$fill_mode);
  let assemblyFormat = [{
    $desc_ptr `,` $global_address `,` `[` $box_dim `]` `,` `[` $global_dim `]` `,`
    `[` $global_stride `]` `,` `[` $element_stride `]` attr-dict `:` functional-type(operands, results)
  }];
  let extraClassDeclaration = [{
    int getRank() { return static_cast<int>(getBoxDim().size()); }
  }];
  let hasVerifier = 1;
}

def TTNG_TensormapFenceproxyAcquireOp : TTNG_Op<"tensormap_fenceproxy_acquire", [
    MemoryEffects<[MemWrite<TTNG_GlobalMemory>]>]> {
  let summary = "make a descriptor written by tensormap_create visible to the TMA unit";
  let description = [{
    Example: `ttng.tensormap_fenceproxy_acquire %p : !tt.ptr<i8>`
  }];
  let arguments = (ins TT_Ptr:$desc_ptr);
  let assemblyFormat = "$desc_ptr attr-dict `:` qualified(type($desc_ptr))";
}

def TTNG_ReinterpretTensorDescOp : TTNG_Op<"reinterpret_tensor_descriptor", [Pure]> {
  let summary = "view a pointer to a TMA descriptor as a tensor descriptor";
  let description = [{
    Example:
    `%d = ttng.reinterpret_tensor_descriptor %p : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16, #shared>>`
  }];
  let arguments = (ins TT_Ptr:$rawDesc);
  let results = (outs TT_TensorDescType:$result);
  let assemblyFormat = "$rawDesc attr-dict `:` qualified(type($rawDesc)) `to` qualified(type($result))";
}

#endif // TREX_DIALECT_TRITONNVIDIAGPU_OPS_TD
