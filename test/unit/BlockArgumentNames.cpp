// Restores the NameLocs of block arguments when parsing Triton's stage files.
#include "BlockArgumentNames.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <regex>

namespace trex::test {

namespace {

// The buffer name the parser puts into the locations it makes up.
constexpr llvm::StringLiteral kBufferName = "<stage file>";

// "%a_ptrs_47" -> "a_ptrs"; "%k" -> "k"; "%arg9" -> "" (a generated name).
std::string sourceName(llvm::StringRef printed) {
  std::string name = printed.ltrim('%').str();
  static const std::regex generated(R"(arg[0-9]+)");
  if (std::regex_match(name, generated))
    return "";
  static const std::regex uniquingSuffix(R"(_[0-9]+$)");
  return std::regex_replace(name, uniquingSuffix, "");
}

bool isMadeUpByParser(mlir::Location loc) {
  auto fileLoc = mlir::dyn_cast<mlir::FileLineColLoc>(loc);
  return fileLoc && fileLoc.getFilename() == kBufferName;
}

} // namespace

mlir::OwningOpRef<mlir::ModuleOp> parseModuleWithBlockArgumentNames(mlir::MLIRContext &context,
                                                                    const std::string &text,
                                                                    std::string &errors) {
  llvm::raw_string_ostream errorStream(errors);
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &diagnostic) {
    errorStream << diagnostic.getLocation() << ": " << diagnostic << "\n";
    return mlir::success();
  });

  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(text, kBufferName, /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  mlir::Block top;
  mlir::AsmParserState state;
  mlir::ParserConfig config(&context);
  if (failed(mlir::parseAsmSourceFile(sourceMgr, &top, config, &state)))
    return nullptr;
  if (!llvm::hasSingleElement(top) || !mlir::isa<mlir::ModuleOp>(top.front())) {
    errorStream << "expected a single builtin.module\n";
    return nullptr;
  }
  mlir::OwningOpRef<mlir::ModuleOp> module(mlir::cast<mlir::ModuleOp>(top.front()));
  module.get()->remove();
  if (failed(mlir::verify(*module)))
    return nullptr;

  for (const mlir::AsmParserState::BlockDefinition &definition : state.getBlockDefs()) {
    for (auto [argument, argumentDefinition] :
         llvm::zip(definition.block->getArguments(), definition.arguments)) {
      if (!isMadeUpByParser(argument.getLoc()))
        continue;
      llvm::SMRange range = argumentDefinition.loc;
      std::string name = sourceName(
          llvm::StringRef(range.Start.getPointer(), range.End.getPointer() - range.Start.getPointer()));
      if (!name.empty())
        argument.setLoc(mlir::NameLoc::get(mlir::StringAttr::get(&context, name)));
    }
  }
  return module;
}

} // namespace trex::test
