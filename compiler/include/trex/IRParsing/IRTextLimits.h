// IRTextLimits: what trex refuses in IR text before MLIR's parser reads it, because past these
// limits the parser itself fails badly instead of with a message: brackets nested thousands of
// levels deep exhaust its stack (it recurses per level), and a use %name#N of a result number
// in the billions makes it reserve N forward-reference slots (a fatal out-of-memory error).
// trex compile, the explorer and the layout tools' -i check their input with it.
#ifndef TREX_IRPARSING_IRTEXTLIMITS_H
#define TREX_IRPARSING_IRTEXTLIMITS_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

namespace trex {

// Triton's own IR nests a few dozen levels.
inline constexpr int kMaxIRNesting = 1000;
// No op has anywhere near this many results.
inline constexpr uint64_t kMaxIRResultNumber = uint64_t(1) << 20;

// Emits an error at the offending line and column of `bufferName` and fails when `text` nests
// brackets more than kMaxIRNesting levels deep, or uses a result number past
// kMaxIRResultNumber; succeeds without a word otherwise. Strings and comments are skipped.
mlir::LogicalResult checkIRTextLimits(llvm::StringRef text, llvm::StringRef bufferName,
                                      mlir::MLIRContext *context);

} // namespace trex

#endif // TREX_IRPARSING_IRTEXTLIMITS_H
