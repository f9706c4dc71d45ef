// Printing IR the way Triton writes its stage files.
#include "trex/Compiler/IRText.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/Support/raw_ostream.h"

std::string trex::printIRLikeTriton(mlir::Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  mlir::OpPrintingFlags flags;
  flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false).printNameLocAsPrefix(true);
  op->print(os, flags);
  return text;
}
