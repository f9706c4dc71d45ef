// TritonCacheDirectory: the stages real Triton wrote for one kernel into its cache
// (`<hash>/<name>.{ttir,ttgir,llir,ptx,amdgcn,json}`), and the options to compile trex's
// stages of the same kernel with.
#pragma once

#include "CompileSnapshot.h"

#include <QString>

namespace trex::explorer {

struct TritonCacheEntry {
  QString directory;
  QString kernelName;
  std::vector<StageText> stages;
  // From <name>.json: "cuda:90" / "hip:gfx942", num_warps, num_stages.
  QString target;
  int numWarps = 4;
  int numStages = 3;
  // Empty when the entry was read; otherwise why not.
  QString problem;
};

// Reads the directory (a cache entry). The kernel is the one whose <name>.json is not a
// "__grp__" group file; every stage file of that name present is read, in pipeline order.
TritonCacheEntry readTritonCacheDirectory(const QString &directory);

} // namespace trex::explorer
