// Public C++ API of the `proton_gpu` dialect and the profile buffer's layout constants.
//
// The profile scratch of one program (profile_scratch_size bytes, profile_scratch_align
// aligned), as the finalize writes it and trex/Runtime/ProfileDecoder.h reads it:
//
//   word 0            preamble 0xdeadbeef
//   word 1            program id (x + y * gridX + z * gridX * gridY)
//   word 2            processor (SM) id
//   word 3            buffer bytes (all warps' segments)
//   words 4..4+W-1    per warp: its write index, in words (2 per record, never wrapped)
//   then              the segments, warp by warp, each buffer bytes / W bytes of 8-byte
//                     records: tag (bit 31 end, bits 30-23 scope id), clock (low 32 bits)
#ifndef TREX_DIALECT_PROTONGPU_IR_DIALECT_H
#define TREX_DIALECT_PROTONGPU_IR_DIALECT_H

#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "trex/Dialect/ProtonGPU/IR/Dialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "trex/Dialect/ProtonGPU/IR/Types.h.inc"

#define GET_OP_CLASSES
#include "trex/Dialect/ProtonGPU/IR/Ops.h.inc"

namespace trex::proton_gpu {

inline constexpr int kBytesPerRecord = 8;
inline constexpr int kHeaderBytes = 16;
inline constexpr uint32_t kPreamble = 0xdeadbeef;
// The module attribute naming the scopes by id (["row_max", "normalize"]), for the metadata.
inline constexpr llvm::StringLiteral kScopeNamesAttr = "proton.scope_names";

} // namespace trex::proton_gpu

#endif // TREX_DIALECT_PROTONGPU_IR_DIALECT_H
