// CompileBridge: the explorer's one door into the compiler. It takes and returns plain C++
// values (CompileSnapshot.h), so no Qt code includes an MLIR header and no MLIR code sees Qt.
#pragma once

#include "CompileSnapshot.h"

namespace trex::explorer {

// Compiles `request.text` to every text stage of its target (PTX or AMDGCN last; the binary
// is left to `trex run`). Never throws: failures come back as diagnostics.
CompileSnapshot compileKernel(const CompileRequest &request);

} // namespace trex::explorer
