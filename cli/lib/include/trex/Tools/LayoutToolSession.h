// LayoutToolSession: the MLIR side of one run of a layout tool -- the context, the text it
// parses and the files it reads, and diagnostics that point into them.
#ifndef TREX_TOOLS_LAYOUTTOOLSESSION_H
#define TREX_TOOLS_LAYOUTTOOLSESSION_H

#include "trex/Layout/LayoutParsing.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>
#include <system_error>
#include <vector>

namespace trex::tools {

// Diagnostics go to `errors` as
//   kernel.ttgir:3:12: error: <message>          (with the source line and a caret)
// for files, and as
//   <attribute>:1:37: error: <message>           (with the text and a caret)
// for text given on the command line, which MLIR otherwise names by the whole text.
class LayoutToolSession {
public:
  explicit LayoutToolSession(llvm::raw_ostream &errors);
  ~LayoutToolSession();
  LayoutToolSession(const LayoutToolSession &) = delete;
  LayoutToolSession &operator=(const LayoutToolSession &) = delete;

  mlir::MLIRContext &context() { return context_; }

  // Command-line text; `label` names it in diagnostics ("<attribute>", "<tensor type>").
  mlir::Attribute parseAttribute(llvm::StringRef text, llvm::StringRef label);
  mlir::FailureOr<layout::LayoutTensorType> parseTensorType(llvm::StringRef text,
                                                            llvm::StringRef label);
  // Any type, e.g. an element type (`f16`); null after diagnostics.
  mlir::Type parseType(llvm::StringRef text, llvm::StringRef label);

  // Reads the session's one input file ("-" reads stdin); the error says why it could not.
  std::error_code loadInputFile(llvm::StringRef path);
  // The attribute aliases of the input file, in definition order.  Fails after diagnostics at
  // file:line:col when the file is not valid IR.
  mlir::FailureOr<std::vector<layout::AttributeAlias>> parseInputAliases();

  // An error at `location`; UnknownLoc prints as a plain "error: ...".
  mlir::InFlightDiagnostic emitError(mlir::Location location);
  mlir::InFlightDiagnostic emitError() { return emitError(mlir::UnknownLoc::get(&context_)); }

private:
  void registerSnippet(llvm::StringRef text, llvm::StringRef label);
  void emit(mlir::Diagnostic &diagnostic);

  llvm::raw_ostream &errors_;
  mlir::MLIRContext context_;
  // Command-line text, each kept as a buffer named by its label so that the caret display
  // finds it; `snippetTexts_[i]` is the text MLIR names buffer i + 1 after.
  llvm::SourceMgr snippets_;
  std::vector<std::string> snippetTexts_;
  llvm::SourceMgr files_;
  std::unique_ptr<mlir::SourceMgrDiagnosticHandler> snippetDiagnostics_;
  std::unique_ptr<mlir::SourceMgrDiagnosticHandler> fileDiagnostics_;
  // Registered last, so it sees every diagnostic first and routes it to one of the above.
  std::unique_ptr<mlir::ScopedDiagnosticHandler> router_;
};

} // namespace trex::tools

#endif // TREX_TOOLS_LAYOUTTOOLSESSION_H
