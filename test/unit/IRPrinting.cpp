// Parsing and Triton-style printing of IR for the compiler tests.
#include "IRPrinting.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Parser/Parser.h"
#include "trex/InitAllDialects.h"
#include "llvm/Support/raw_ostream.h"
#include <regex>

namespace trex::test {

std::unique_ptr<mlir::MLIRContext> makeContext() {
  mlir::DialectRegistry registry;
  registerAllDialects(registry);
  auto context = std::make_unique<mlir::MLIRContext>(registry);
  context->loadAllAvailableDialects();
  return context;
}

mlir::OwningOpRef<mlir::ModuleOp> parseModule(mlir::MLIRContext &context, const std::string &text,
                                              std::string &errors) {
  llvm::raw_string_ostream errorStream(errors);
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &diagnostic) {
    errorStream << diagnostic.getLocation() << ": " << diagnostic << "\n";
    return mlir::success();
  });
  return mlir::parseSourceString<mlir::ModuleOp>(text, &context);
}

std::string printLikeTriton(mlir::ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  mlir::OpPrintingFlags flags;
  flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false).printNameLocAsPrefix(true);
  module->print(os, flags);
  return text;
}

std::string withoutValueNames(const std::string &text) {
  static const std::regex valueName(R"(%[A-Za-z_0-9$.]+)");
  return std::regex_replace(text, valueName, "%_");
}

} // namespace trex::test
