// CompileBridge: the explorer's one door into the compiler. It takes and returns plain C++
// values (CompileSnapshot.h), so no Qt code includes an MLIR header and no MLIR code sees Qt.
#pragma once

#include "CompileSnapshot.h"

namespace trex::explorer {

// Compiles `request.text` to every text stage of its target (PTX or AMDGCN last; the binary
// is left to `trex run`); with `request.resume`, edited IR from that point on. Never throws:
// failures come back as diagnostics.
CompileSnapshot compileKernel(const CompileRequest &request);

// Where the text of stage `stageName` ("ttgir") re-enters the compilation; none for a stage
// nothing is compiled from (ptx, amdgcn).
std::optional<ResumeRequest> resumeAfterStage(const std::string &stageName);
// Where the IR after `pass` re-enters it; none for a back-end step (it prints no IR).
std::optional<ResumeRequest> resumeAfterPass(const PassRecord &pass);

} // namespace trex::explorer
