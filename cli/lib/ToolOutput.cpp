// ToolOutput: writing the finished output of a layout tool.
#include "trex/Tools/ToolOutput.h"

#include "llvm/Support/FileSystem.h"

namespace trex::tools {

mlir::LogicalResult writeToolOutput(llvm::StringRef path, llvm::StringRef text,
                                    llvm::raw_ostream &out, llvm::raw_ostream &errors) {
  if (path.empty()) {
    out << text;
    out.flush();
    return mlir::success();
  }
  std::error_code error;
  llvm::raw_fd_ostream file(path, error, llvm::sys::fs::OF_Text);
  if (error) {
    errors << "Error: " << error.message() << " : unable to open " << path << " for output\n";
    return mlir::failure();
  }
  file << text;
  file.close();
  if (file.has_error()) {
    errors << "Error: " << file.error().message() << " : unable to write " << path << "\n";
    file.clear_error();
    return mlir::failure();
  }
  return mlir::success();
}

} // namespace trex::tools
