// SharedAccessFigures: the bank-conflict figure of each access of a ttgir buffer (register
// stores and loads, cp.async writes, wgmma operand reads), for the vector width and instruction
// the compiler's lowering would use.
#pragma once

#include "LayoutReferences.h"

#include "layoutviz/BankConflicts.h"

#include <QString>
#include <optional>
#include <vector>

namespace trex::explorer {

// What the target offers that changes how shared memory is read.
struct SharedMemoryTarget {
  // NVIDIA's ldmatrix (sm_75 and later): the lowering reads 16-bit mma.sync operands with it.
  bool hasMatrixLoad = false;
  // cp.async (sm_80 and later): how async_copy_global_to_local lowers.
  bool hasAsyncCopy = false;
};
// "cuda:80" -> ldmatrix and cp.async; "cuda:70", "hip:gfx942" -> none.
SharedMemoryTarget sharedMemoryTarget(const QString &target);
// The target a ttgir module names in its "ttg.target" attribute, or empty.
QString moduleTarget(const QString &ir);

struct SharedAccessFigure {
  SharedAccess access;
  // The element as stored (i1 as 8 bits, pointers as 64).
  QString elementType;
  int elementBits = 32;
  // Registers (elements) each lane moves per instruction, and its bytes: the lowering's
  // access plan (planLocalMemoryAccess: registers contiguous in the buffer, at most 16 bytes).
  int vectorWidth = 0;
  int bytesPerLane = 0;
  // "st.shared 16 B/lane", "ld.shared 4 B/lane", "ldmatrix.x4.trans", "cp.async.cg 16 B/lane",
  // "wgmma.m64n256k16 B (N-major, 128B swizzle)".
  QString instruction;
  // What one counted unit is: "warp instruction" (32 lanes), or for wgmma reads "8x16 B core
  // matrix" (the model of WgmmaOperandReads.h); `collisionUnit` names what collides in it
  // ("lanes", or the core matrix's "rows").
  QString countedPer = QStringLiteral("warp instruction");
  QString collisionUnit = QStringLiteral("lanes");
  // What the figure assumes, in a sentence (shown with the details).
  QString model;
  // wgmma reads: core matrices per instruction (the ideal wavefronts), and where the worst
  // one is ("warp group 0, instruction 2: rows 8-15, k 0-7").
  int coreMatricesPerInstruction = 0;
  QString worstPlace;
  // Empty (with `problem` set) when the access cannot be planned or analysed.
  std::optional<layoutviz::BankConflictReport> report;
  QString problem;
  // For ldmatrix reads: the figure of plain ld.shared accesses of the same vector width, which
  // the lowering would use without ldmatrix.
  std::optional<layoutviz::BankConflictReport> plainReport;

  // The worst instruction of `report` (its first), or null.
  const layoutviz::InstructionWavefronts *worstInstruction() const;
  // "bank 4: lanes 0, 8 (2 words); ..." for the worst instruction (rows of its worst core
  // matrix for wgmma reads), empty when conflict-free.
  QString collidingLanes(int maxBanks = 4) const;
};

std::vector<SharedAccessFigure> sharedAccessFigures(const std::vector<SharedAccess> &accesses,
                                                    const SharedMemoryTarget &target);

} // namespace trex::explorer
