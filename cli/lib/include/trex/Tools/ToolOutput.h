// ToolOutput: where a layout tool's result goes -- stdout, or the file named by -o.
#ifndef TREX_TOOLS_TOOLOUTPUT_H
#define TREX_TOOLS_TOOLOUTPUT_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

namespace trex::tools {

// Writes `text` to `out` when `path` is empty, to the file `path` otherwise.  The tools build
// their whole output first and it goes through a temporary file renamed into place, so a failed
// or interrupted run never leaves a half-written file behind.
mlir::LogicalResult writeToolOutput(llvm::StringRef path, llvm::StringRef text,
                                    llvm::raw_ostream &out, llvm::raw_ostream &errors);

} // namespace trex::tools

#endif // TREX_TOOLS_TOOLOUTPUT_H
