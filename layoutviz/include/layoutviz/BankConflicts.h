// BankConflicts: how many shared-memory wavefronts a warp needs to move a register tensor to or from a shared layout.
//
// The model (NVIDIA's, which AMD's LDS matches closely enough for comparing layouts):
//
//  * Shared memory has 32 banks of 4-byte words; word w lives in bank w % 32.  One wavefront
//    serves, for every bank, one word (any number of lanes may read that same word -- a
//    broadcast -- or write it).
//  * A warp-wide instruction moves `vectorWidth` consecutive registers of every lane at once,
//    i.e. vectorWidth * elementBitWidth / 8 bytes per lane.  Accesses of 8 or 16 bytes per lane
//    are split by the hardware into phases of 16 or 8 lanes (each phase moves at most 128
//    bytes); narrower accesses are one phase of all 32 lanes.
//  * A phase costs as many wavefronts as the largest number of *distinct* words any one bank
//    must deliver.  The instruction costs the sum over its phases.
//  * The conflict-free ideal is ceil(32 lanes * bytes per lane / 128 bytes).  Layouts with
//    64-lane waves (AMD) are processed 32 lanes at a time, so their ideal is twice that.
//
// Element addresses come from the shared layout: the element a register holds is stored at
// the smallest offset the shared layout maps to it, times elementBitWidth / 8 bytes.  Only
// block 0 of the register layout is analysed (each CTA addresses its own shared memory).
#pragma once

#include "layoutviz/LinearLayout.h"

#include <cstdint>
#include <vector>

namespace trex::layoutviz {

struct SharedMemoryAccess {
  unsigned elementBitWidth = 32;
  // Consecutive registers each lane moves in one instruction; must divide the register count.
  unsigned vectorWidth = 1;
};

// A bank that one phase asks for more than one distinct word: every lane of the phase that
// touches the bank, and the distinct words they need (ascending).  The bank costs
// words.size() wavefronts.
struct BankCollision {
  int bank = 0;
  std::vector<int> lanes;
  std::vector<int64_t> words;
};

struct InstructionWavefronts {
  int warp = 0;
  int firstRegister = 0;
  int wavefronts = 0;
  std::vector<BankCollision> collisions;
};

struct BankConflictReport {
  // What a conflict-free access of this width costs per instruction.
  int idealWavefronts = 0;
  // The worst instruction, and the total over every instruction of every warp.
  int maxWavefronts = 0;
  int64_t totalWavefronts = 0;
  // One entry per (warp, register group), warps outer.
  std::vector<InstructionWavefronts> instructions;

  bool isConflictFree() const { return maxWavefronts <= idealWavefronts; }
  double averageWavefronts() const;
};

// `registerLayout`: (register, lane, warp[, block]) -> tensor; `sharedLayout`: (offset[, block])
// -> the same tensor shape.  Throws LayoutError when the shapes differ, the vector width does
// not divide the registers, or an access is wider than 16 bytes per lane.
BankConflictReport analyzeBankConflicts(const LinearLayout &registerLayout,
                                        const LinearLayout &sharedLayout,
                                        const SharedMemoryAccess &access);

} // namespace trex::layoutviz
