// LayoutToolSession: context setup, located parsing of command-line text and files, diagnostic routing.
#include "trex/Tools/LayoutToolSession.h"

#include "trex/InitAllDialects.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/MemoryBuffer.h"

namespace trex::tools {

LayoutToolSession::LayoutToolSession(llvm::raw_ostream &errors) : errors_(errors) {
  // Dialects load lazily, when the parser first meets their prefix: a layout on the command
  // line only ever loads ttg (and builtin), which keeps a single run fast.
  mlir::DialectRegistry registry;
  registerAllDialects(registry);
  context_.appendDialectRegistry(registry);
  snippetDiagnostics_ =
      std::make_unique<mlir::SourceMgrDiagnosticHandler>(snippets_, &context_, errors_);
  fileDiagnostics_ = std::make_unique<mlir::SourceMgrDiagnosticHandler>(files_, &context_, errors_);
  router_ = std::make_unique<mlir::ScopedDiagnosticHandler>(
      &context_, [this](mlir::Diagnostic &diagnostic) {
        emit(diagnostic);
        return mlir::success();
      });
}

LayoutToolSession::~LayoutToolSession() = default;

void LayoutToolSession::registerSnippet(llvm::StringRef text, llvm::StringRef label) {
  snippets_.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, label), llvm::SMLoc());
  snippetTexts_.push_back(text.str());
}

void LayoutToolSession::emit(mlir::Diagnostic &diagnostic) {
  // MLIR names a parsed string's "file" by the string itself; show it under its label instead.
  auto relabel = [&](mlir::Location location) -> mlir::Location {
    auto fileLocation = mlir::dyn_cast<mlir::FileLineColLoc>(location);
    if (!fileLocation)
      return location;
    for (size_t index = snippetTexts_.size(); index-- > 0;) {
      if (fileLocation.getFilename() != snippetTexts_[index])
        continue;
      llvm::StringRef label = snippets_.getMemoryBuffer(index + 1)->getBufferIdentifier();
      return mlir::FileLineColLoc::get(&context_, label, fileLocation.getLine(),
                                       fileLocation.getColumn());
    }
    return location;
  };
  auto emitOne = [&](mlir::Location location, const std::string &message,
                     mlir::DiagnosticSeverity severity) {
    // A problem with no place in any text (a shape that does not fit, say) is a plain message.
    if (mlir::isa<mlir::UnknownLoc>(location)) {
      llvm::SourceMgr::DiagKind kind = severity == mlir::DiagnosticSeverity::Error
                                           ? llvm::SourceMgr::DK_Error
                                       : severity == mlir::DiagnosticSeverity::Warning
                                           ? llvm::SourceMgr::DK_Warning
                                           : llvm::SourceMgr::DK_Note;
      llvm::SMDiagnostic("", kind, message).print(nullptr, errors_, /*ShowColors=*/false);
      return;
    }
    mlir::Location relabeled = relabel(location);
    if (relabeled != location)
      snippetDiagnostics_->emitDiagnostic(relabeled, message, severity);
    else
      fileDiagnostics_->emitDiagnostic(location, message, severity);
  };
  emitOne(diagnostic.getLocation(), diagnostic.str(), diagnostic.getSeverity());
  for (mlir::Diagnostic &note : diagnostic.getNotes())
    emitOne(note.getLocation(), note.str(), note.getSeverity());
}

mlir::Attribute LayoutToolSession::parseAttribute(llvm::StringRef text, llvm::StringRef label) {
  registerSnippet(text.trim(), label);
  return layout::parseLayoutAttribute(text.trim(), &context_);
}

mlir::FailureOr<layout::LayoutTensorType>
LayoutToolSession::parseTensorType(llvm::StringRef text, llvm::StringRef label) {
  registerSnippet(text.trim(), label);
  return layout::parseLayoutTensorType(text.trim(), &context_);
}

mlir::Type LayoutToolSession::parseType(llvm::StringRef text, llvm::StringRef label) {
  registerSnippet(text.trim(), label);
  return mlir::parseType(text.trim(), &context_);
}

std::error_code LayoutToolSession::loadInputFile(llvm::StringRef path) {
  // parseAttributeAliases parses the SourceMgr's main (first) buffer: one file per session.
  if (files_.getNumBuffers() != 0)
    return std::make_error_code(std::errc::operation_not_supported);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file = llvm::MemoryBuffer::getFileOrSTDIN(path);
  if (std::error_code error = file.getError())
    return error;
  files_.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  return {};
}

mlir::FailureOr<std::vector<layout::AttributeAlias>> LayoutToolSession::parseInputAliases() {
  if (files_.getNumBuffers() == 0) {
    errors_ << "error: no input file was loaded\n";
    return mlir::failure();
  }
  return layout::parseAttributeAliases(files_, &context_);
}

mlir::InFlightDiagnostic LayoutToolSession::emitError(mlir::Location location) {
  return mlir::emitError(location);
}

} // namespace trex::tools
