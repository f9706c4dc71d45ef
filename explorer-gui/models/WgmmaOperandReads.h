// WgmmaOperandReads: the bank-conflict figure of wgmma reading a warp_group_dot operand from smem.
// (wgmma reads A and B straight from shared memory, not through registers.)
//
// wgmma has no lanes that address shared memory: the instruction reads its A (64 x K) and B
// (N x K) tiles through matrix descriptors, in units of 8 x 16-byte "core matrices" (8 rows of
// 16 contiguous bytes; rows run along M / N for K-major operands, along K for M- or
// N-major ones). How the hardware schedules those reads is not documented, so this is a model,
// stated as such wherever it is shown: each core matrix is one request of 128 bytes, which
// costs as many wavefronts as the largest number of distinct 4-byte words any of the 32 banks
// must deliver for it (1 when the swizzle spreads its 8 rows over distinct 16-byte bank
// groups, up to 8 when all rows share one). An instruction costs the sum over its core
// matrices; the conflict-free ideal is one wavefront per core matrix.
//
// The addresses are the ones the lowering's descriptors make the hardware read
// (planWarpGroupMma, wgmmaElementAddress), which the plan has checked equal the offsets the
// buffer's nvmma_shared linear layout gives each element.
#pragma once

#include "trex/Conversion/TritonGPUToLLVM/WarpGroupMmaPlan.h"

#include "layoutviz/BankConflicts.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace trex::explorer {

// One core matrix of one instruction.
struct CoreMatrixRead {
  // The instruction (index into WgmmaOperandReads::report.instructions).
  int instruction = 0;
  // Its first element in the instruction's tile: row (M or N) and k.
  int32_t firstRow = 0;
  int32_t firstK = 0;
  int wavefronts = 0;
  // Banks asked for more than one word; `lanes` are the core matrix's rows (0-7).
  std::vector<layoutviz::BankCollision> collisions;
};

struct WgmmaOperandReads {
  // wgmma.m64n<instrN>k<instrK>; the operand's descriptor fields.
  int32_t instrN = 0;
  int32_t instrK = 0;
  WgmmaDescriptor descriptor;
  int coreMatricesPerInstruction = 0;
  // One entry per instruction and warp group (`warp` = the warp group, `firstRegister` = the
  // instruction's index within its group, tiles outer, K steps inner); wavefronts summed over
  // its core matrices, each entry's collisions those of its worst core matrix.
  layoutviz::BankConflictReport report;
  // The costliest core matrix of the worst instruction (the first instruction of
  // report.maxWavefronts, whose collisions the report lists).
  CoreMatrixRead worst;
};

// Reads of operand `operandIndex` (0 = A, 1 = B) of the dot whose accumulator layout is
// `accumulator` ((register, lane, warp, block) -> [M, N]), with the operands as the plan takes
// them. Empty, with `why` set, when the plan refuses the dot or A is in registers and
// operandIndex is 0.
std::optional<WgmmaOperandReads> wgmmaOperandReads(const layoutviz::LinearLayout &accumulator,
                                                   const std::optional<WgmmaSharedOperand> &aShared,
                                                   const layoutviz::LinearLayout *aRegisters,
                                                   const WgmmaSharedOperand &bShared,
                                                   int operandIndex, int32_t instrN, int32_t instrK,
                                                   int32_t elementBytes, std::string &why);

// The wavefronts of one core matrix whose 8 rows (`rowOf`, 0-7) ask for the byte addresses
// `addresses` (one per element, `elementBytes` each); collisions as in CoreMatrixRead.
int coreMatrixWavefronts(const std::vector<int64_t> &addresses, const std::vector<int> &rowOf,
                         int32_t elementBytes, std::vector<layoutviz::BankCollision> &collisions);

} // namespace trex::explorer
