// ToolOutput: writing the finished output of a layout tool.
#include "trex/Tools/ToolOutput.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace trex::tools {

mlir::LogicalResult writeToolOutput(llvm::StringRef path, llvm::StringRef text,
                                    llvm::raw_ostream &out, llvm::raw_ostream &errors) {
  if (path.empty()) {
    out << text;
    out.flush();
    return mlir::success();
  }
  // LLVM's writeToOutput writes a temporary file beside `path` and renames it into place, so a
  // failed or interrupted write never leaves half a file under the real name.
  llvm::Error written = llvm::writeToOutput(path, [&](llvm::raw_ostream &file) {
    file << text;
    return llvm::Error::success();
  });
  if (written) {
    std::error_code code = llvm::errorToErrorCode(std::move(written));
    errors << "Error: " << code.message() << " : unable to write " << path << "\n";
    return mlir::failure();
  }
  return mlir::success();
}

} // namespace trex::tools
