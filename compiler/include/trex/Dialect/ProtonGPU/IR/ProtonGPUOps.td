// The `proton_gpu` dialect: how an instrumented kernel records its scopes (clock reads into
// a per-warp circular buffer in shared memory, copied to the profile scratch at the end), in
// Triton 3.6's syntax.
#ifndef TREX_DIALECT_PROTONGPU_OPS_TD
#define TREX_DIALECT_PROTONGPU_OPS_TD

include "trex/Dialect/TritonGPU/IR/TritonGPUTypes.td"
include "trex/Dialect/Triton/IR/TritonTypes.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def ProtonGPU_Dialect : Dialect {
  let name = "proton_gpu";
  let cppNamespace = "::trex::proton_gpu";
  let summary = "Proton's intra-kernel profiler, per GPU program";
  let description = [{
    The instrumented form of `proton.record`: a segment of a shared-memory buffer per
    warp, clock reads, stores of 8-byte records into the segment as a circular buffer, and
    the finalize that writes the buffer, with a header, to the program's part of the profile
    scratch (the kernel's last hidden parameter). The runtime decodes that buffer
    (trex/Runtime/ProfileDecoder.h).
  }];
  let dependentDialects = ["::trex::tt::TTDialect", "::trex::ttg::TTGDialect"];
  let useDefaultTypePrinterParser = 1;
}

def PTG_SegmentType : TypeDef<ProtonGPU_Dialect, "Segment"> {
  let mnemonic = "segment";
  let summary = "The part of the profiling buffer one warp writes";
  let description = [{
    A buffer of `nBytes` bytes in `memorySpace` split evenly between the units of
    `granularity` (warps: the only granularity so far), each writing its own segment.

    Example: `!proton_gpu.segment<8192, #smem, warp>`
  }];
  let parameters = (ins "int32_t":$nBytes, "::mlir::Attribute":$memorySpace,
                        StringRefParameter<"profiling unit">:$granularity);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

class PTG_Op<string mnemonic, list<Trait> traits = []> : Op<ProtonGPU_Dialect, mnemonic, traits>;

def PTG_SegmentAllocOp : PTG_Op<"segment_alloc", [Pure]> {
  let summary = "This warp's segment of the profiling buffer";
  let description = [{
    Splits `buffer` (the shared-memory buffer of the profiler) into one segment per warp
    and gives the calling warp's, with its write index starting at 0.

    Example:
    `%seg = proton_gpu.segment_alloc %buf : !ttg.memdesc<2048xi32, #shared, #smem, mutable> -> <8192, #smem, warp>`
  }];
  let arguments = (ins TTG_MemDescType:$buffer);
  let results = (outs PTG_SegmentType:$segment);
  let assemblyFormat = "$buffer attr-dict `:` qualified(type($buffer)) `->` type($segment)";
  let hasVerifier = 1;
}

def PTG_ReadCounterOp : PTG_Op<"read_counter", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "Read the SM's cycle counter";
  let description = [{
    The cycle counter (`%clock` on NVIDIA, `s_memtime` on AMD), 32 or 64 bits wide. The
    memory effects keep it between the accesses it measures.

    Example: `%t = proton_gpu.read_counter : i32`
  }];
  let results = (outs AnyTypeOf<[I32, I64]>:$counter);
  let assemblyFormat = "attr-dict `:` type($counter)";
}

def PTG_CircularStoreOp : PTG_Op<"circular_store", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "Append a scope record to this warp's segment";
  let description = [{
    Writes one 8-byte record (a tag word: bit 31 set for an end, bits 30-23 the scope id;
    then the clock's low 32 bits) at the segment's write index modulo the segment size, and
    advances the index: when the segment is full the oldest records are overwritten. Lane 0
    of each warp writes.

    Example:
    `proton_gpu.circular_store start %seg, %t {scopeId = 0 : i32} : !proton_gpu.segment<8192, #smem, warp>, i32`
  }];
  let arguments = (ins PTG_SegmentType:$segment, AnyTypeOf<[I32, I64]>:$counter,
                       UnitAttr:$isStart, I32Attr:$scopeId);
  let assemblyFormat = [{
    (`start` $isStart^):(`end`)? $segment `,` $counter attr-dict `:`
    qualified(type($segment)) `,` type($counter)
  }];
  let hasVerifier = 1;
}

def PTG_FinalizeOp : PTG_Op<"finalize", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "Write the profile of this program to the profile scratch";
  let description = [{
    After a barrier, thread 0 writes the header (preamble 0xdeadbeef, program id, SM id,
    buffer bytes), lane 0 of each warp its write index, and each warp copies the records of
    its segment to `scratchPtr` (this program's part of the profile scratch), after the
    header and the indices.

    Example:
    `proton_gpu.finalize %seg, %scratch : !proton_gpu.segment<8192, #smem, warp>, !tt.ptr<i32>`
  }];
  let arguments = (ins PTG_SegmentType:$segment, TT_Ptr:$scratchPtr);
  let assemblyFormat = [{
    $segment `,` $scratchPtr attr-dict `:` qualified(type($segment)) `,` qualified(type($scratchPtr))
  }];
}

#endif // TREX_DIALECT_PROTONGPU_OPS_TD
