// Operations of the `tt` dialect, with the assembly syntax of Triton 3.6.0.
#ifndef TREX_DIALECT_TRITON_OPS_TD
#define TREX_DIALECT_TRITON_OPS_TD

include "trex/Dialect/Triton/IR/TritonDialect.td"
include "trex/Dialect/Triton/IR/TritonTypes.td"
include "trex/Dialect/Triton/IR/TritonAttrs.td"
include "trex/Dialect/Triton/IR/TritonTraits.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def GlobalMemory : Resource<"::trex::tt::GlobalMemory">;

class TT_Op<string mnemonic, list<Trait> traits = []>
    : Op<TT_Dialect, mnemonic,
         !listconcat(traits, [TensorSizeTrait, VerifyTensorLayoutsTrait])>;

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

class TT_CastOp<string mnemonic, list<Trait> traits = []>
    : TT_Op<mnemonic, !listconcat(traits, [Elementwise, SameOperandsAndResultShape,
                                           SameOperandsAndResultEncoding, Pure])> {
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TT_IntToPtrOp : TT_CastOp<"int_to_ptr"> {
  let summary = "reinterpret a 64-bit integer as a pointer";
  let description = [{
    Example: `%p = tt.int_to_ptr %addr : i64 -> !tt.ptr<f32>`
  }];
  let arguments = (ins TT_I64Like:$src);
  let results = (outs TT_PtrLike:$result);
  let hasCanonicalizer = 1;
}

def TT_PtrToIntOp : TT_CastOp<"ptr_to_int"> {
  let summary = "reinterpret a pointer as a 64-bit integer";
  let description = [{
    Example: `%a = tt.ptr_to_int %p : tensor<64x!tt.ptr<f16>> -> tensor<64xi64>`
  }];
  let arguments = (ins TT_PtrLike:$src);
  let results = (outs TT_I64Like:$result);
}

def TT_BitcastOp : TT_CastOp<"bitcast"> {
  let summary = "reinterpret bits as another type of the same width";
  let description = [{
    Unlike `arith.bitcast` it also accepts pointers (64 bits wide), which is
    how `x.to(tl.pointer_type(...), bitcast=True)` is expressed.

    Example: `%b = tt.bitcast %x : tensor<128xf32> -> tensor<128xi32>`
  }];
  let arguments = (ins TT_Type:$src);
  let results = (outs TT_Type:$result);
  let hasVerifier = 1;
}

def TT_FpToFpOp : TT_Op<"fp_to_fp", [Elementwise, SameOperandsAndResultShape,
                                     SameOperandsAndResultEncoding, Pure]> {
  let summary = "convert between floating-point formats, including fp8";
  let description = [{
    Converts to and from the fp8 formats arith cannot express, and narrows
    with an explicit rounding mode. Narrowing conversions must name the
    rounding; widening ones must not.

    Example: `%y = tt.fp_to_fp %x, rounding = rtne : tensor<64xf32> -> tensor<64xf8E5M2>`
  }];
  let arguments = (ins TT_FloatLike:$src, OptionalAttr<TT_RoundingModeAttr>:$rounding);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = [{
    $src attr-dict (`,` `rounding` `=` $rounding^)? `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Arithmetic and math
//===----------------------------------------------------------------------===//

def TT_ClampFOp : TT_Op<"clampf", [Elementwise, SameOperandsAndResultType, Pure]> {
  let summary = "clamp floating-point values into [min, max]";
  let description = [{
    `tl.clamp(x, min, max, propagate_nan=...)`: `propagateNan = all` makes a NaN
    in `x` come out as NaN; `none` lets the clamp bounds win.

    Example: `%c = tt.clampf %x, %lo, %hi, propagateNan = none : tensor<64xf32>`
  }];
  let arguments = (ins TT_FloatLike:$x, TT_FloatLike:$min, TT_FloatLike:$max,
                       TT_PropagateNanAttr:$propagateNan);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = [{
    $x `,` $min `,` $max `,` `propagateNan` `=` $propagateNan attr-dict `:` type($result)
  }];
}

def TT_PreciseSqrtOp : TT_Op<"precise_sqrt", [Elementwise, SameOperandsAndResultType, Pure]> {
  let summary = "correctly rounded square root (tl.sqrt_rn)";
  let description = [{
    `math.sqrt` may be approximated; this op must round to nearest even.

    Example: `%r = tt.precise_sqrt %x : tensor<64xf32>`
  }];
  let arguments = (ins TT_FloatLike:$x);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = "$x attr-dict `:` type($x)";
}

def TT_PreciseDivFOp : TT_Op<"precise_divf", [Elementwise, SameOperandsAndResultType, Pure]> {
  let summary = "correctly rounded division (tl.div_rn)";
  let description = [{
    Example: `%q = tt.precise_divf %x, %y : tensor<64xf32>`
  }];
  let arguments = (ins TT_FloatLike:$x, TT_FloatLike:$y);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}

def TT_MulhiUIOp : TT_Op<"mulhiui", [Elementwise, SameOperandsAndResultType, Pure]> {
  let summary = "high half of the unsigned 2N-bit product (tl.umulhi)";
  let description = [{
    Example: `%h = tt.mulhiui %a, %b : tensor<64xi32>`
  }];
  let arguments = (ins TT_IntLike:$x, TT_IntLike:$y);
  let results = (outs TT_IntLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}

//===----------------------------------------------------------------------===//
// Pointer arithmetic
//===----------------------------------------------------------------------===//

def TT_AddPtrOp : TT_Op<"addptr", [Pure, Elementwise, SameOperandsAndResultShape,
                                   SameOperandsAndResultEncoding,
                                   TypesMatchWith<"result type matches ptr type",
                                                  "result", "ptr", "$_self">]> {
  let summary = "advance pointers by element offsets";
  let description = [{
    Adds `offset` elements (not bytes) to each pointer: `ptr + offset` in Triton.

    Example:
    `%p = tt.addptr %base, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>`
  }];
  let arguments = (ins TT_PtrLike:$ptr, TT_IntLike:$offset);
  let results = (outs TT_PtrLike:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` type($result) `,` type($offset)";
  let hasFolder = 1;
}

def TT_AdvanceOp : TT_Op<"advance", [Pure, TypesMatchWith<"result type matches ptr type",
                                                          "result", "ptr", "$_self">]> {
  let summary = "move a block pointer by per-dimension offsets";
  let description = [{
    `tl.advance(block_ptr, offsets)`: one i32 offset per dimension of the block.

    Example: `%q = tt.advance %p, [%c0, %c64] : <tensor<128x64xf16>>`
  }];
  let arguments = (ins TT_TensorPtr:$ptr, Variadic<I32>:$offsets);
  let results = (outs TT_TensorPtr:$result);
  let assemblyFormat = "$ptr `,` `[` $offsets `]` attr-dict `:` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Loads, stores and atomics
//===----------------------------------------------------------------------===//

def TT_LoadOp : TT_Op<"load", [
    SameLoadStoreOperandsAndResultShape, SameLoadStoreOperandsAndResultEncoding,
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    TypesMatchWith<"result matches the pointee type of ptr", "ptr", "result",
                   "::trex::tt::getPointeeType($_self)">,
    TypesMatchWith<"mask is i1 of the shape of ptr", "ptr", "mask",
                   "::trex::tt::getI1SameShape(::trex::tt::getPointeeType($_self))",
                   "!::llvm::cast<::trex::tt::LoadOp>(&$_op).getMask() || std::equal_to<>()">,
    TypesMatchWith<"other matches the pointee type of ptr", "ptr", "other",
                   "::trex::tt::getPointeeType($_self)",
                   "!::llvm::cast<::trex::tt::LoadOp>(&$_op).getOther() || std::equal_to<>()">]> {
  let summary = "load through pointers or a block pointer";
  let description = [{
    `tl.load`. With a tensor of pointers, `mask` disables lanes and `other`
    gives their value. With a block pointer, `boundaryCheck` lists the
    dimensions checked against the parent tensor and `padding` says what is
    read outside it. `cacheModifier`/`evictionPolicy` map to PTX qualifiers.

    Example:
    `%x = tt.load %ptrs, %mask, %zero cacheModifier = cg : tensor<1024x!tt.ptr<f32>>`
  }];
  let arguments = (ins
    AnyTypeOf<[TT_PtrLike, TT_TensorPtr]>:$ptr,
    Optional<TT_BoolLike>:$mask,
    Optional<TT_Type>:$other,
    DefaultValuedAttr<DenseI32ArrayAttr, "::llvm::ArrayRef<int32_t>{}">:$boundaryCheck,
    OptionalAttr<TT_PaddingOptionAttr>:$padding,
    DefaultValuedAttr<TT_CacheModifierAttr, "::trex::tt::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::trex::tt::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $ptr (`,` $mask^)? (`,` $other^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TT_StoreOp : TT_Op<"store", [
    SameLoadStoreOperandsShape, SameLoadStoreOperandsEncoding,
    MemoryEffects<[MemWrite<GlobalMemory>]>,
    TypesMatchWith<"value matches the pointee type of ptr", "ptr", "value",
                   "::trex::tt::getPointeeType($_self)">,
    TypesMatchWith<"mask is i1 of the shape of ptr", "ptr", "mask",
                   "::trex::tt::getI1SameShape(::trex::tt::getPointeeType($_self))",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "store through pointers or a block pointer";
  let description = [{
    `tl.store`; lanes whose `mask` is false write nothing.

    Example: `tt.store %ptrs, %vals, %mask : tensor<1024x!tt.ptr<f32>>`
  }];
  let arguments = (ins
    AnyTypeOf<[TT_PtrLike, TT_TensorPtr]>:$ptr,
    TT_Type:$value,
    Optional<TT_BoolLike>:$mask,
    DefaultValuedAttr<DenseI32ArrayAttr, "::llvm::ArrayRef<int32_t>{}">:$boundaryCheck,
    DefaultValuedAttr<TT_CacheModifierAttr, "::trex::tt::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::trex::tt::EvictionPolicy::NORMAL">:$evict);
  let assemblyFormat = [{
    $ptr `,` $value (`,` $mask^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TT_AtomicRMWOp : TT_Op<"atomic_rmw", [
    SameOperandsAndResultShape, SameOperandsAndResultEncoding,
    MemoryEffects<[MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>,
    TypesMatchWith<"ptr points to the type of val", "val", "ptr",
                   "::trex::tt::getPointerTypeSameShape($_self)">,
    TypesMatchWith<"mask is i1 of the shape of val", "val", "mask",
                   "::trex::tt::getI1SameShape($_self)",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "atomic read-modify-write; returns the old values";
  let description = [{
    `tl.atomic_add/max/min/and/or/xor/xchg`: applies `atomic_rmw_op` with `val`
    at every enabled pointer and returns what was there before.

    Example:
    `%old = tt.atomic_rmw fadd, acq_rel, gpu, %ptrs, %v, %m : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32>`
  }];
  let arguments = (ins TT_AtomicRMWAttr:$atomic_rmw_op, TT_PtrLike:$ptr, TT_Type:$val,
                       Optional<TT_BoolLike>:$mask, TT_MemSemanticAttr:$sem,
                       TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $atomic_rmw_op `,` $sem `,` $scope `,` $ptr `,` $val (`,` $mask^)? attr-dict `:`
    functional-type(operands, $result)
  }];
}

def TT_AtomicCASOp : TT_Op<"atomic_cas", [
    SameOperandsAndResultShape, SameOperandsAndResultEncoding,
    MemoryEffects<[MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>]> {
  let summary = "atomic compare-and-swap; returns the old values";
  let description = [{
    Where the value at `ptr` equals `cmp`, stores `val`; always returns the old value.

    Example:
    `%old = tt.atomic_cas acq_rel, gpu, %p, %c0, %c1 : (!tt.ptr<i32>, i32, i32) -> i32`
  }];
  let arguments = (ins TT_PtrLike:$ptr, TT_Type:$cmp, TT_Type:$val,
                       TT_MemSemanticAttr:$sem, TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr `,` $cmp `,` $val attr-dict `:`
    functional-type(operands, $result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

def TT_SplatOp : TT_Op<"splat", [Pure, SameOperandsAndResultElementType,
                                 SameOperandsAndResultEncoding]> {
  let summary = "fill a tensor with a scalar";
  let description = [{
    Example: `%t = tt.splat %x : i32 -> tensor<1024xi32>`
  }];
  let arguments = (ins TT_Type:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TT_UnsplatOp : TT_Op<"unsplat", [Pure]> {
  let summary = "extract the only element of a one-element tensor";
  let description = [{
    Example: `%x = tt.unsplat %t : tensor<1x1xf32>`. The result, the element type, is
    printed as Triton 3.6 prints it: not at all. An explicit `-> f32` is still parsed.
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Type:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TT_ExpandDimsOp : TT_Op<"expand_dims", [Pure, SameOperandsAndResultElementType]> {
  let summary = "insert a dimension of size 1 (x[:, None])";
  let description = [{
    In ttgir the operand's layout must be a `#ttg.slice` along `axis` whose
    parent is the result's layout.

    Example: `%c = tt.expand_dims %r {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>`
  }];
  let arguments = (ins TT_Tensor:$src, I32Attr:$axis);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizeMethod = 1;
}

def TT_ReshapeOp : TT_Op<"reshape", [Pure, SameOperandsAndResultElementType]> {
  let summary = "view a tensor with another shape of the same size";
  let description = [{
    `allow_reorder` lets the compiler permute elements (`tl.view`);
    `efficient_layout` marks a result layout chosen for speed.

    Example: `%r = tt.reshape %x : tensor<32x32xf32> -> tensor<1024xf32>`
  }];
  let arguments = (ins TT_Tensor:$src, UnitAttr:$allow_reorder, UnitAttr:$efficient_layout);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src (`allow_reorder` $allow_reorder^)? (`efficient_layout` $efficient_layout^)?
    attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizeMethod = 1;
}

def TT_BroadcastOp : TT_Op<"broadcast", [Pure, SameOperandsAndResultElementType,
                                         SameOperandsAndResultEncoding]> {
  let summary = "stretch dimensions of size 1";
  let description = [{
    Only dimensions of size 1 may change; the rank stays.

    Example: `%b = tt.broadcast %x : tensor<128x1xi32> -> tensor<128x64xi32>`
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TT_CatOp : TT_Op<"cat", [NoMemoryEffect, SameTypeOperands,
                             SameOperandsAndResultElementType]> {
  let summary = "concatenate two tensors (elements may be reordered)";
  let description = [{
    `tl.cat(a, b, can_reorder=True)`: the result holds the elements of both.

    Example: `%c = tt.cat %a, %b : tensor<32xf32> -> tensor<64xf32>`
  }];
  let arguments = (ins TT_Tensor:$lhs, TT_Tensor:$rhs);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

def TT_JoinOp : TT_Op<"join", [NoMemoryEffect, SameTypeOperands]> {
  let summary = "stack two tensors along a new minor dimension of size 2";
  let description = [{
    Example: `%j = tt.join %a, %b : tensor<4x8xf32> -> tensor<4x8x2xf32>`
  }];
  let arguments = (ins TT_Tensor:$lhs, TT_Tensor:$rhs);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

def TT_SplitOp : TT_Op<"split", [NoMemoryEffect,
                                 TypesMatchWith<"both results have the same type",
                                                "outLHS", "outRHS", "$_self">]> {
  let summary = "split the minor dimension of size 2 into two tensors";
  let description = [{
    Example: `%a, %b = tt.split %j : tensor<4x8x2xf32> -> tensor<4x8xf32>`
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$outLHS, TT_Tensor:$outRHS);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($outLHS)";
  let hasVerifier = 1;
}

def TT_TransOp : TT_Op<"trans", [Pure, SameOperandsAndResultElementType]> {
  let summary = "permute the dimensions of a tensor (tl.trans, tl.permute)";
  let description = [{
    Result dimension `i` is operand dimension `order[i]`. In ttgir the result
    layout is chosen so that every thread keeps the elements it had.

    Example: `%t = tt.trans %x {order = array<i32: 1, 0>} : tensor<16x32xf16> -> tensor<32x16xf16>`
  }];
  let arguments = (ins TT_Tensor:$src, DenseI32ArrayAttr:$order);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Program identity
//===----------------------------------------------------------------------===//

def TT_GetProgramIdOp : TT_Op<"get_program_id", [Pure]> {
  let summary = "index of this program along a grid axis (tl.program_id)";
  let description = [{
    Example: `%pid = tt.get_program_id x : i32`
  }];
  let arguments = (ins TT_ProgramDim:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

def TT_GetNumProgramsOp : TT_Op<"get_num_programs", [Pure]> {
  let summary = "size of the grid along an axis (tl.num_programs)";
  let description = [{
    Example: `%n = tt.get_num_programs y : i32`
  }];
  let arguments = (ins TT_ProgramDim:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

def TT_MakeRangeOp : TT_Op<"make_range", [Pure]> {
  let summary = "the integers start, start+1, ..., end-1 (tl.arange)";
  let description = [{
    The result is a 1-D i32 tensor with `end - start` elements, a power of two.

    Example: `%r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>`
  }];
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs TT_IntTensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Matrix multiplication
//===----------------------------------------------------------------------===//

def TT_DotOp : TT_Op<"dot", [Pure, TypesMatchWith<"the result has the accumulator's type",
                                                  "d", "c", "$_self">]> {
  let summary = "d = a x b + c on tiles (tl.dot)";
  let description = [{
    `a` is MxK, `b` is KxN, `c` and `d` are MxN (an optional leading batch
    dimension is allowed). `inputPrecision` says how tensor cores treat f32
    inputs: `tf32`, `tf32x3`, `ieee` (no tensor cores), `bf16x3`, `bf16x6`.
    In ttgir `a`/`b` carry `#ttg.dot_op` layouts whose parent is `d`'s layout.

    Example:
    `%d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>`
  }];
  let arguments = (ins
    TT_FpIntTensor:$a, TT_FpIntTensor:$b, TT_FpIntTensor:$c,
    DefaultValuedAttr<TT_InputPrecisionAttr, "::trex::tt::InputPrecision::IEEE">:$inputPrecision,
    DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc);
  let results = (outs TT_FpIntTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`,` `inputPrecision` `=` $inputPrecision^)? attr-dict `:`
    type($a) `*` type($b) `->` type($d)
  }];
  let hasVerifier = 1;
}

def TT_DotScaledOp : TT_Op<"dot_scaled", [Pure, AttrSizedOperandSegments,
                                          TypesMatchWith<"the result has the accumulator's type",
                                                         "d", "c", "$_self">]> {
  let summary = "matrix multiply of microscaled (mx) operands (tl.dot_scaled)";
  let description = [{
    Each operand may come with a tensor of per-block scales; `lhs`/`rhs` name
    the element format (`e2m1` operands are packed two per i8).

    Example:
    `%d = tt.dot_scaled %a scale %as, %b, %c lhs = e4m3 rhs = bf16 {fastMath = false} : tensor<128x64xf8E4M3FN>, tensor<128x2xi8> * tensor<64x128xbf16> -> tensor<128x128xf32>`
  }];
  let arguments = (ins
    RankedTensorOf<[TT_Float, I8]>:$a,
    RankedTensorOf<[TT_Float, I8]>:$b,
    TT_FloatTensor:$c,
    Optional<RankedTensorOf<[TT_Float, I8]>>:$a_scale,
    Optional<RankedTensorOf<[TT_Float, I8]>>:$b_scale,
    TT_ScaleDotElemTypeAttr:$a_elem_type,
    TT_ScaleDotElemTypeAttr:$b_elem_type,
    BoolAttr:$fastMath,
    DefaultValuedAttr<BoolAttr, "true">:$lhs_k_pack,
    DefaultValuedAttr<BoolAttr, "true">:$rhs_k_pack);
  let results = (outs TT_FloatTensor:$d);
  let assemblyFormat = [{
    $a (`scale` $a_scale^)? `,` $b (`scale` $b_scale^)? `,` $c
    `lhs` `=` $a_elem_type `rhs` `=` $b_elem_type attr-dict
    `:` type($a) (`,` type($a_scale)^)? `*` type($b) (`,` type($b_scale)^)? `->` type($d)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions and scans
//===----------------------------------------------------------------------===//

def TT_ReduceOp : TT_Op<"reduce", [Pure, SameOperandsShape, SameOperandsEncoding,
                                   SingleBlock]> {
  let summary = "reduce tensors along an axis with a combine region (tl.reduce)";
  let description = [{
    The region takes two values per operand (accumulated, next) and returns
    one per operand through `tt.reduce.return`. Reducing a 1-D tensor gives
    scalars; otherwise the axis is removed (in ttgir the result layout is
    `#ttg.slice<{dim = axis, parent = operand layout}>`). Triton prints this
    op in the generic form.

    Example:
    ```mlir
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      tt.reduce.return %r : f32
    }) : (tensor<1024xf32>) -> f32
    ```
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<TT_Type>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TT_ReduceReturnOp : TT_Op<"reduce.return", [HasParent<"ReduceOp">, Pure,
                                                Terminator, ReturnLike]> {
  let summary = "yield the combined values of a tt.reduce region";
  let description = [{
    Example: `tt.reduce.return %r : f32`
  }];
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def TT_ScanOp : TT_Op<"scan", [Pure, SameOperandsAndResultEncoding,
                               SameOperandsAndResultShape, SingleBlock]> {
  let summary = "inclusive prefix scan along an axis (tl.associative_scan)";
  let description = [{
    Like `tt.reduce` but returns every prefix; `reverse` scans from the end.

    Example:
    ```mlir
    %c = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<128xi32>) -> tensor<128xi32>
    ```
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$axis, BoolAttr:$reverse);
  let results = (outs Variadic<TT_Tensor>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TT_ScanReturnOp : TT_Op<"scan.return", [HasParent<"ScanOp">, Pure,
                                            Terminator, ReturnLike]> {
  let summary = "yield the combined values of a tt.scan region";
  let description = [{
    Example: `tt.scan.return %s : i32`
  }];
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def TT_MapElementwiseOp : TT_Op<"map_elementwise", [
    SameOperandsAndResultEncoding, SameOperandsAndResultShape, RecursiveMemoryEffects]> {
  let summary = "apply a scalar function to every element (tl.map_elementwise)";
  let description = [{
    The region runs once for every `pack` consecutive elements a thread holds.
    Its block takes `pack` scalars of each operand, operand-major (a0, a1, b0,
    b1 for pack 2), and `tt.map_elementwise.return` yields `pack` scalars of
    each result in the same order. The region may branch (a function with
    early returns, inlined). Triton prints this op in the generic form.

    Example:
    ```mlir
    %r = "tt.map_elementwise"(%x, %y) <{pack = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %m = arith.maxsi %a, %b : i32
      tt.map_elementwise.return %m : i32
    }) : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi32>
    ```
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$pack);
  let results = (outs Variadic<TT_Tensor>:$result);
  let regions = (region MinSizedRegion<1>:$scalarOp);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TT_MapElementwiseReturnOp : TT_Op<"map_elementwise.return", [
    HasParent<"MapElementwiseOp">, Pure, Terminator, ReturnLike]> {
  let summary = "yield the scalars of one tt.map_elementwise application";
  let description = [{
    Example: `tt.map_elementwise.return %m : i32`
  }];
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

//===----------------------------------------------------------------------===//
// Calls into external code and inline assembly
//===----------------------------------------------------------------------===//

def TT_ExternElementwiseOp : TT_Op<"extern_elementwise", [
    Elementwise, SameOperandsAndResultEncoding, SameVariadicOperandSize,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "elementwise call of a device library function";
  let description = [{
    Calls `symbol` from the bitcode library `libname` at `libpath`
    (libdevice on NVIDIA, ocml on AMD) on every element.

    Example:
    `%y = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_erff"} : (tensor<64xf32>) -> tensor<64xf32>`
  }];
  let arguments = (ins Variadic<TT_Type>:$srcs, StrAttr:$libname, StrAttr:$libpath,
                       StrAttr:$symbol, BoolAttr:$pure);
  let results = (outs TT_Type:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, $result)";
}

def TT_ElementwiseInlineAsmOp : TT_Op<"elementwise_inline_asm", [
    Elementwise, SameOperandsAndResultEncoding,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "inline assembly applied to packs of elements";
  let description = [{
    `tl.inline_asm_elementwise`: the asm block receives `packed_element`
    elements of each argument at a time and produces as many of each result.

    Example:
    `%r = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<64xi32> -> tensor<64xi32>`
  }];
  let arguments = (ins StrAttr:$asm_string, StrAttr:$constraints, BoolAttr:$pure,
                       I32Attr:$packed_element, Variadic<TT_Type>:$args);
  let results = (outs Variadic<TT_Type>:$result);
  let assemblyFormat = [{
    $asm_string attr-dict ($args^ `:` type($args))? `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Histogram and gather
//===----------------------------------------------------------------------===//

def TT_HistogramOp : TT_Op<"histogram", [Pure,
    TypesMatchWith<"mask is i1 of the shape of src", "src", "mask",
                   "::trex::tt::getI1SameShape($_self)",
                   "($_op.getOperands().size() <= 1) || std::equal_to<>()">]> {
  let summary = "count occurrences of 0..N-1 (tl.histogram)";
  let description = [{
    The number of bins is the size of the 1-D result; masked-off lanes are
    not counted.

    Example: `%h = tt.histogram %x : tensor<1024xi32> -> tensor<64xi32>`
  }];
  let arguments = (ins TT_IntTensor:$src, Optional<TT_BoolTensor>:$mask);
  let results = (outs TT_IntTensor:$result);
  let assemblyFormat = [{
    $src (`,` $mask^)? attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TT_GatherOp : TT_Op<"gather", [Pure]> {
  let summary = "gather elements along one axis (tl.gather)";
  let description = [{
    `result[i][j] = src[indices[i][j]][j]` for `axis = 0`; the result has the
    shape of `indices`.

    Example:
    `%g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x16xf32>, tensor<64x16xi32>) -> tensor<64x16xf32>`
  }];
  let arguments = (ins TT_Tensor:$src, TT_IntTensor:$indices, I32Attr:$axis,
                       UnitAttr:$efficient_layout);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src `[` $indices `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

def TT_PrintOp : TT_Op<"print", [MemoryEffects<[MemWrite<GlobalMemory>]>]> {
  let summary = "print values from the device (tl.device_print)";
  let description = [{
    `isSigned` has one entry per argument (1 prints integers as signed).

    Example: `tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<64xi32>`
  }];
  let arguments = (ins StrAttr:$prefix, BoolAttr:$hex, Variadic<TT_Type>:$args,
                       DenseI32ArrayAttr:$isSigned);
  let assemblyFormat = "$prefix attr-dict (`:` $args^ `:` type($args))?";
  let hasVerifier = 1;
}

def TT_AssertOp : TT_Op<"assert", [MemoryEffects<[MemWrite<GlobalMemory>]>]> {
  let summary = "abort the kernel with a message where a condition is false";
  let description = [{
    Example: `tt.assert %ok, "index out of range" : tensor<64xi1>`
  }];
  let arguments = (ins AnyTypeOf<[I1, TT_BoolTensor]>:$condition, StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict `:` type($condition)";
}

//===----------------------------------------------------------------------===//
// Block pointers and tensor descriptors
//===----------------------------------------------------------------------===//

def TT_MakeTensorPtrOp : TT_Op<"make_tensor_ptr", [
    Pure, SameVariadicOperandSize,
    TypesMatchWith<"base points to the element type of the block", "result", "base",
                   "::trex::tt::getBlockBasePointerType($_self)">]> {
  let summary = "make a block pointer into a parent tensor (tl.make_block_ptr)";
  let description = [{
    `shape` and `strides` (i64) describe the parent tensor, `offsets` (i32)
    the block's position; `order` lists dimensions from fastest to slowest.
    The block's shape is the pointee of the result type.

    Example:
    `%p = tt.make_tensor_ptr %base, [%M, %K], [%sm, %c1], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<128x64xf16>>`
  }];
  let arguments = (ins TT_Ptr:$base, Variadic<I64>:$shape, Variadic<I64>:$strides,
                       Variadic<I32>:$offsets, DenseI32ArrayAttr:$order);
  let results = (outs TT_TensorPtr:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` `,` `[` $offsets `]` attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def TT_MakeTensorDescOp : TT_Op<"make_tensor_descriptor", [Pure, SameVariadicOperandSize]> {
  let summary = "describe a global tensor for block loads and stores";
  let description = [{
    `tl.make_tensor_descriptor(base, shape, strides, block_shape)`.

    Example:
    `%d = tt.make_tensor_descriptor %base, [%M, %N], [%sm, %c1_i64] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16>>`
  }];
  let arguments = (ins TT_Ptr:$base, Variadic<I32>:$shape, Variadic<I64>:$strides,
                       DefaultValuedAttr<TT_PaddingOptionAttr, "::trex::tt::PaddingOption::PAD_ZERO">:$padding);
  let results = (outs TT_TensorDescType:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` attr-dict `:` type($base) `,` type($result)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorLoadOp : TT_Op<"descriptor_load", [MemoryEffects<[MemRead<GlobalMemory>]>]> {
  let summary = "load one block through a tensor descriptor";
  let description = [{
    Example:
    `%t = tt.descriptor_load %d[%i, %j] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>`
  }];
  let arguments = (ins TT_TensorDescType:$desc, Variadic<I32>:$indices,
    DefaultValuedAttr<TT_CacheModifierAttr, "::trex::tt::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::trex::tt::EvictionPolicy::NORMAL">:$evict);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $desc `[` $indices `]`
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` qualified(type($desc)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorStoreOp : TT_Op<"descriptor_store", [
    MemoryEffects<[MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>]> {
  let summary = "store one block through a tensor descriptor";
  let description = [{
    Example:
    `tt.descriptor_store %d[%i, %j], %t : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>`
  }];
  let arguments = (ins TT_TensorDescType:$desc, TT_Tensor:$src, Variadic<I32>:$indices);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $src attr-dict `:` qualified(type($desc)) `,` type($src)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorReduceOp : TT_Op<"descriptor_reduce", [
    MemoryEffects<[MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>]> {
  let summary = "atomically combine one block into memory through a descriptor";
  let description = [{
    Example:
    `tt.descriptor_reduce add, %d[%i, %j], %t : !tt.tensordesc<tensor<64x64xf32>>, tensor<64x64xf32>`
  }];
  let arguments = (ins TT_DescriptorReduceKindAttr:$kind, TT_TensorDescType:$desc,
                       TT_Tensor:$src, Variadic<I32>:$indices);
  let assemblyFormat = [{
    $kind `,` $desc `[` $indices `]` `,` $src attr-dict `:` qualified(type($desc)) `,` type($src)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorGatherOp : TT_Op<"descriptor_gather", [MemoryEffects<[MemRead<GlobalMemory>]>]> {
  let summary = "gather rows through a tensor descriptor";
  let description = [{
    Reads the rows `x_offsets` starting at column `y_offset` into a 2-D tile.

    Example:
    `%t = tt.descriptor_gather %d[%rows, %y] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xbf16>`
  }];
  let arguments = (ins TT_TensorDescType:$desc, RankedTensorOf<[I32]>:$x_offsets, I32:$y_offset);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorScatterOp : TT_Op<"descriptor_scatter", [
    MemoryEffects<[MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>]> {
  let summary = "scatter rows through a tensor descriptor";
  let description = [{
    Example:
    `tt.descriptor_scatter %d[%rows, %y], %t : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32, tensor<32x128xbf16>`
  }];
  let arguments = (ins TT_TensorDescType:$desc, RankedTensorOf<[I32]>:$x_offsets,
                       I32:$y_offset, TT_Tensor:$src);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` `,` $src attr-dict `:` type(operands)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

def TT_FuncOp : TT_Op<"func", [AffineScope, AutomaticAllocationScope,
                               FunctionOpInterface, IsolatedFromAbove,
                               OpAsmOpInterface]> {
  let summary = "a kernel or a device function";
  let description = [{
    A `public` function is a kernel; `private` ones are `@triton.jit` helpers
    called with `tt.call` (and inlined by the ttir pipeline). Argument
    attributes carry the specialization: `tt.divisibility = 16 : i32` says the
    value (or address) is a multiple of 16.

    Example:
    ```mlir
    tt.func public @add_kernel(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) attributes {noinline = false} {
      tt.return
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name, "::mlir::FunctionType":$type,
                                 CArg<"::llvm::ArrayRef<::mlir::NamedAttribute>", "{}">:$attrs,
                                 CArg<"::llvm::ArrayRef<::mlir::DictionaryAttr>", "{}">:$argAttrs)>];
  let extraClassDeclaration = [{
    ::mlir::Region *getCallableRegion() { return isExternal() ? nullptr : &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() { return getFunctionType().getInputs(); }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() { return getFunctionType().getResults(); }
    bool isDeclaration() { return isExternal(); }
  }];
  let hasCustomAssemblyFormat = 1;
}

def TT_CallOp : TT_Op<"call", [CallOpInterface,
                               DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "call a tt.func";
  let description = [{
    Example: `%r = tt.call @helper(%x) : (i32) -> i32`
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<AnyType>);
  let builders = [
    OpBuilder<(ins "FuncOp":$callee, CArg<"::mlir::ValueRange", "{}">:$operands), [{
      $_state.addOperands(operands);
      $_state.addAttribute("callee", ::mlir::SymbolRefAttr::get(callee));
      $_state.addTypes(callee.getFunctionType().getResults());
    }]>,
    OpBuilder<(ins "::llvm::StringRef":$callee, "::mlir::TypeRange":$results,
                   CArg<"::mlir::ValueRange", "{}">:$operands), [{
      $_state.addOperands(operands);
      $_state.addAttribute("callee", ::mlir::FlatSymbolRefAttr::get($_builder.getContext(), callee));
      $_state.addTypes(results);
    }]>];
  let extraClassDeclaration = [{
    ::mlir::FunctionType getCalleeType() {
      return ::mlir::FunctionType::get(getContext(), getOperandTypes(), getResultTypes());
    }
    operand_range getArgOperands() { return getOperands(); }
    ::mlir::MutableOperandRange getArgOperandsMutable() { return getOperandsMutable(); }
    ::mlir::CallInterfaceCallable getCallableForCallee() {
      return (*this)->getAttrOfType<::mlir::SymbolRefAttr>("callee");
    }
    void setCalleeFromCallable(::mlir::CallInterfaceCallable callee) {
      (*this)->setAttr("callee", ::mlir::cast<::mlir::SymbolRefAttr>(callee));
    }
  }];
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, results)
  }];
}

def TT_ReturnOp : TT_Op<"return", [Pure, HasParent<"FuncOp">, ReturnLike, Terminator]> {
  let summary = "return from a tt.func";
  let description = [{
    Example: `tt.return %x : i32`
  }];
  let arguments = (ins Variadic<AnyType>:$srcs);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ::mlir::ValueRange()); }]>];
  let assemblyFormat = "attr-dict ($srcs^ `:` type($srcs))?";
  let hasVerifier = 1;
}

#endif // TREX_DIALECT_TRITON_OPS_TD
