// MatrixLoad: reading a distributed tensor of 16-bit elements from shared memory with
// NVIDIA's ldmatrix, where its access plan has the instruction's shape.
//
// ldmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].shared.b16 loads, per warp, one to four 8x8
// matrices whose rows are 8 contiguous, 16-byte aligned elements: lane L supplies the address
// of row L % 8 of matrix L / 8, and lane l receives in word j the elements at columns
// 2 (l % 4) and 2 (l % 4) + 1 of row l / 4 of matrix j; with .trans, the elements at rows
// 2 (l % 4) and 2 (l % 4) + 1 of column l / 4. In terms of a LocalMemoryAccess (offsets XOR
// per register, lane and warp bit), a thread's registers 2j and 2j + 1 are word j when
//  - plain: register bit 0 and lane bits 0, 1 move the offset by 1, 2, 4 (a row of 8), lane
//    bits 2-4 by whole rows (multiples of 8);
//  - .trans: lane bits 2-4 move it by 1, 2, 4, register bit 0 and lane bits 0, 1 by whole rows;
// and register bits 1, 2 (the matrix) and every other register and warp bit by whole rows.
// The mma.sync operand layouts meet one of the two over K-contiguous (plain) or M/N-contiguous
// (.trans) buffers, as Triton's ldmatrix lowering finds; one ldmatrix.x4 then replaces eight
// 32-bit loads and their addresses.
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_MATRIXLOAD_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_MATRIXLOAD_H

#include "trex/Conversion/TritonGPUToLLVM/LocalMemoryAccess.h"

#include <optional>

namespace trex {

struct MatrixLoadPlan {
  bool transposed = false;
  // Matrices per instruction: 1, 2 or 4; instruction i reads registers
  // [i * 2 * matrices, (i + 1) * 2 * matrices).
  int32_t matrices = 4;
  // The element offset lane L addresses, besides its instruction's first register's offset
  // and the warp's: the XOR of laneAddressOffset[b] over the set bits b of L.
  std::vector<int32_t> laneAddressOffset;

  int32_t registersPerInstruction() const { return 2 * matrices; }
};

// The ldmatrix plan for `access` (elements of `elementBytes` bytes); empty where ldmatrix
// does not apply (other element sizes, broadcast registers, or offsets of another shape).
std::optional<MatrixLoadPlan> planMatrixLoad(const LocalMemoryAccess &access,
                                             int32_t elementBytes);

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_MATRIXLOAD_H
