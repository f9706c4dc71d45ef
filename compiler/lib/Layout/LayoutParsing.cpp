// LayoutParsing: MLIR's parser, narrowed to the layouts, tensor types and aliases layout tools read.
#include "trex/Layout/LayoutParsing.h"

#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/IRParsing/IRTextLimits.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

namespace trex::layout {

// MLIR names a parsed string's "file" by the text itself; so do errors about its limits.
Attribute parseLayoutAttribute(llvm::StringRef text, MLIRContext *context) {
  if (failed(checkIRTextLimits(text.trim(), text.trim(), context)))
    return {};
  return mlir::parseAttribute(text.trim(), context);
}

FailureOr<LayoutTensorType> parseLayoutTensorType(llvm::StringRef text, MLIRContext *context) {
  if (failed(checkIRTextLimits(text.trim(), text.trim(), context)))
    return failure();
  Type type = mlir::parseType(text.trim(), context);
  if (!type)
    return failure();
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return LayoutTensorType{llvm::SmallVector<int64_t>(tensor.getShape()),
                            tensor.getElementType(), tensor.getEncoding()};
  if (auto memdesc = dyn_cast<ttg::MemDescType>(type))
    return LayoutTensorType{llvm::SmallVector<int64_t>(memdesc.getShape()),
                            memdesc.getElementType(), memdesc.getEncoding()};
  // Located like MLIR's own errors for this text: the "file" is the text itself.
  return emitError(FileLineColLoc::get(context, text.trim(), 1, 1))
         << "expected a ranked tensor type (tensor<...>) or a shared-memory descriptor "
         << "(!ttg.memdesc<...>), got " << type;
}

FailureOr<std::vector<AttributeAlias>> parseAttributeAliases(const llvm::SourceMgr &sourceMgr,
                                                             MLIRContext *context) {
  const llvm::MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  if (failed(checkIRTextLimits(buffer->getBuffer(), buffer->getBufferIdentifier(), context)))
    return failure();
  ParserConfig config(context);
  AsmParserState state;
  // The ops are parsed (and thrown away) only because alias definitions may sit anywhere at
  // the top level of the file, between or after them.
  Block ops;
  if (failed(parseAsmSourceFile(sourceMgr, &ops, config, &state)))
    return failure();

  std::vector<AttributeAlias> aliases;
  for (const AsmParserState::AttributeAliasDefinition &alias : state.getAttributeAliasDefs()) {
    llvm::SMLoc start = alias.definition.loc.Start;
    auto [line, column] = sourceMgr.getLineAndColumn(start);
    Location location =
        FileLineColLoc::get(context, buffer->getBufferIdentifier(), line, column);
    aliases.push_back({alias.name.str(), alias.value, location});
  }
  return aliases;
}

} // namespace trex::layout
