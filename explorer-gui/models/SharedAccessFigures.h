// SharedAccessFigures: the bank-conflict figure of each register<->shared-memory access of a
// ttgir buffer, for the vector width and instruction the compiler's lowering would use.
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
};
// "cuda:80" -> ldmatrix; "cuda:70", "hip:gfx942" -> none.
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
  // "st.shared 16 B/lane", "ld.shared 4 B/lane", "ldmatrix.x4.trans".
  QString instruction;
  // Empty (with `problem` set) when the access cannot be planned or analysed.
  std::optional<layoutviz::BankConflictReport> report;
  QString problem;
  // For ldmatrix reads: the figure of plain ld.shared accesses of the same vector width, which
  // the lowering would use without ldmatrix.
  std::optional<layoutviz::BankConflictReport> plainReport;

  // The worst instruction of `report` (its first), or null.
  const layoutviz::InstructionWavefronts *worstInstruction() const;
  // "bank 4: lanes 0, 8 (2 words); ..." for the worst instruction, empty when conflict-free.
  QString collidingLanes(int maxBanks = 4) const;
};

std::vector<SharedAccessFigure> sharedAccessFigures(const std::vector<SharedAccess> &accesses,
                                                    const SharedMemoryTarget &target);

} // namespace trex::explorer
