// The stages of a compilation and the file names Triton's cache gives them.
#ifndef TREX_COMPILER_STAGE_H
#define TREX_COMPILER_STAGE_H

#include <optional>
#include <vector>

// No LLVM header here (CompileResult.h is included where LLVM is not).
namespace llvm {
class StringRef;
} // namespace llvm

namespace trex {

// In pipeline order. Source is the front end's output before any pass.
enum class Stage { Source, TTIR, TTGIR, LLIR, PTX, CUBIN, AMDGCN, HSACO, Metadata };

// "source", "ttir", ..., "json": the stage's name on the command line and the
// extension of its file (<kernel>.<extension>).
llvm::StringRef stageName(Stage stage);
std::optional<Stage> parseStageName(llvm::StringRef name);
// Whether the stage is machine code (cubin, hsaco) rather than text.
bool isBinaryStage(Stage stage);
// Every stage, in pipeline order.
const std::vector<Stage> &allStages();

} // namespace trex

#endif // TREX_COMPILER_STAGE_H
