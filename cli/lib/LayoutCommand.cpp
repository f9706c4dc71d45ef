// LayoutCommand: `trex layout` -- gathers the tensor and the layouts, then renders views or bank-conflict reports.
#include "trex/Tools/LayoutCommand.h"

#include "trex/Layout/LayoutBankConflicts.h"
#include "trex/Tools/BankConflictReportFormat.h"
#include "trex/Tools/LayoutSelection.h"
#include "trex/Tools/LayoutToolSession.h"
#include "trex/Tools/ToolOutput.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"

#include <nlohmann/json.hpp>

#include <optional>

namespace trex::tools {
namespace {

// The shape and element type the layouts are drawn for.
struct Tensor {
  llvm::SmallVector<int64_t> shape;
  mlir::Type elementType;
  mlir::Attribute encoding;
};

// "128x256" -> {128, 256}.
std::optional<llvm::SmallVector<int64_t>> parseShape(llvm::StringRef text) {
  llvm::SmallVector<llvm::StringRef> parts;
  text.trim().split(parts, 'x');
  llvm::SmallVector<int64_t> shape;
  for (llvm::StringRef part : parts) {
    int64_t size = 0;
    if (part.getAsInteger(10, size) || size <= 0)
      return std::nullopt;
    shape.push_back(size);
  }
  return shape;
}

class LayoutCommand {
public:
  LayoutCommand(const LayoutRequest &request, llvm::raw_ostream &errors)
      : request(request), errors(errors), session(errors) {}

  // The whole output, or failure after the reason was printed.
  mlir::FailureOr<std::string> run() {
    if (mlir::failed(checkFlags()))
      return mlir::failure();
    std::optional<Tensor> tensor = readTensor();
    if (!tensor)
      return mlir::failure();
    auto layouts = readLayouts(*tensor);
    if (mlir::failed(layouts))
      return mlir::failure();
    if (request.bankConflicts)
      return reportBankConflicts(*tensor, *layouts);
    return renderViews(*tensor, *layouts);
  }

private:
  mlir::LogicalResult checkFlags() {
    if (!request.layoutAttribute.empty() && !request.inputFile.empty())
      return fail("give one layout source: --attr or --input, not both");
    if (!request.aliasNames.empty() && request.inputFile.empty())
      return fail("--alias-names picks aliases of the --input file; there is none");
    if (request.tensorType.empty() == request.shape.empty())
      return fail("give the tensor as exactly one of --tensor-type or --shape");
    if (request.bankConflicts && request.registerLayout.empty())
      return fail("--bank-conflicts needs the register layout: --reg-layout");
    if (request.bankConflicts && request.format == layout::LayoutFormat::Svg)
      return fail("bank-conflict reports are text or json, not svg");
    if (request.bankConflicts && request.vectorWidth == 0)
      return fail("--vec must be at least 1");
    return mlir::success();
  }

  std::optional<Tensor> readTensor() {
    if (!request.shape.empty()) {
      std::optional<llvm::SmallVector<int64_t>> shape = parseShape(request.shape);
      if (!shape) {
        session.emitError() << "--shape expects positive sizes separated by 'x', e.g. 128x256; "
                            << "got '" << request.shape << "'";
        return std::nullopt;
      }
      return Tensor{*shape, {}, {}};
    }
    auto type = session.parseTensorType(request.tensorType, "<tensor type>");
    if (mlir::failed(type))
      return std::nullopt;
    return Tensor{type->shape, type->elementType, type->encoding};
  }

  mlir::FailureOr<std::vector<SelectedLayout>> readLayouts(const Tensor &tensor) {
    mlir::Location commandLine = mlir::UnknownLoc::get(&session.context());
    if (!request.layoutAttribute.empty()) {
      mlir::Attribute attribute = session.parseAttribute(request.layoutAttribute, "<attribute>");
      if (!attribute)
        return mlir::failure();
      return std::vector<SelectedLayout>{{"", attribute, commandLine}};
    }
    if (!request.inputFile.empty()) {
      auto aliases = readInputAliases();
      if (mlir::failed(aliases))
        return mlir::failure();
      auto selected = selectAliases(*aliases, request.aliasNames, errors);
      if (mlir::failed(selected))
        return mlir::failure();
      // A whole file also aliases locations and memory spaces; only its layouts are shown.
      if (request.aliasNames.empty())
        llvm::erase_if(*selected, [](const SelectedLayout &selectedLayout) {
          return !layout::isTensorLayout(selectedLayout.attribute);
        });
      if (selected->empty())
        return fail(request.inputFile + " defines no layout aliases");
      return selected;
    }
    if (!tensor.encoding)
      return fail("no layout given: use --attr, --input, or a --tensor-type with a layout");
    return std::vector<SelectedLayout>{{"", tensor.encoding, commandLine}};
  }

  mlir::FailureOr<std::vector<layout::AttributeAlias>> readInputAliases() {
    if (!inputAliases) {
      if (std::error_code error = session.loadInputFile(request.inputFile))
        return fail("cannot read " + request.inputFile + ": " + error.message());
      auto aliases = session.parseInputAliases();
      if (mlir::failed(aliases))
        return mlir::failure();
      inputAliases = std::move(*aliases);
    }
    return *inputAliases;
  }

  mlir::FailureOr<std::string> renderViews(const Tensor &tensor,
                                           const std::vector<SelectedLayout> &layouts) {
    if (request.format == layout::LayoutFormat::Svg && layouts.size() != 1)
      return fail("an svg picture shows one layout; choose it with --alias-names");
    layoutviz::LayoutView view =
        request.hardwareView ? layoutviz::LayoutView::Hardware : layoutviz::LayoutView::Tensor;
    std::vector<std::string> rendered;
    for (const SelectedLayout &selected : layouts) {
      if (!layout::isTensorLayout(selected.attribute))
        return emitAt(selected) << "not a tensor layout: " << selected.attribute;
      auto text = layout::renderLayout(selected.attribute, tensor.shape, request.format, view,
                                       [&] { return session.emitError(selected.location); });
      if (mlir::failed(text))
        return mlir::failure();
      rendered.push_back(std::move(*text));
    }

    std::string output;
    switch (request.format) {
    case layout::LayoutFormat::Text:
      // Exactly triton-tensor-layout's output for the same layouts.
      for (size_t index = 0; index < layouts.size(); ++index) {
        output += layoutHeader(layouts[index]) + "\n" + rendered[index];
        if (!request.aliasNames.empty())
          output += "\n";
      }
      return output;
    case layout::LayoutFormat::Json:
      if (request.inputFile.empty())
        return rendered.front();
      // Aliases come as an array, each entry naming its alias.
      output = "[\n";
      for (size_t index = 0; index < layouts.size(); ++index) {
        llvm::StringRef body = llvm::StringRef(rendered[index]).rtrim('\n');
        output += "{\"alias\": " + nlohmann::json(layouts[index].alias).dump() +
                  ", \"layout\": " + body.str() + "}";
        output += index + 1 < layouts.size() ? ",\n" : "\n";
      }
      return output + "]\n";
    case layout::LayoutFormat::Svg:
      return rendered.front();
    }
    return fail("unknown output format");
  }

  mlir::FailureOr<std::string> reportBankConflicts(const Tensor &tensor,
                                                   const std::vector<SelectedLayout> &layouts) {
    auto registers = readRegisterLayout();
    if (mlir::failed(registers))
      return mlir::failure();
    auto elementBitWidth = readElementBitWidth(tensor);
    if (mlir::failed(elementBitWidth))
      return mlir::failure();
    layoutviz::SharedMemoryAccess access{*elementBitWidth, request.vectorWidth};

    std::vector<std::string> reports;
    for (const SelectedLayout &selected : layouts) {
      auto report = layout::analyzeBankConflicts(
          registers->attribute, selected.attribute, tensor.shape, access,
          [&] { return session.emitError(selected.location); });
      if (mlir::failed(report))
        return mlir::failure();
      BankConflictSubject subject{describe(selected), describe(*registers),
                                  std::vector<int64_t>(tensor.shape.begin(), tensor.shape.end()),
                                  access.elementBitWidth, access.vectorWidth};
      reports.push_back(request.format == layout::LayoutFormat::Json
                            ? formatBankConflictReportJson(subject, *report)
                            : formatBankConflictReportText(subject, *report));
    }
    if (request.format != layout::LayoutFormat::Json)
      return llvm::join(reports, "\n");
    if (reports.size() == 1)
      return reports.front();
    std::string output = "[\n";
    for (size_t index = 0; index < reports.size(); ++index)
      output += llvm::StringRef(reports[index]).rtrim('\n').str() +
                (index + 1 < reports.size() ? ",\n" : "\n");
    return output + "]\n";
  }

  // --reg-layout is an alias of the input file when one has that name, else attribute text.
  mlir::FailureOr<SelectedLayout> readRegisterLayout() {
    llvm::StringRef text = llvm::StringRef(request.registerLayout).trim();
    if (!request.inputFile.empty()) {
      auto aliases = readInputAliases();
      if (mlir::failed(aliases))
        return mlir::failure();
      llvm::StringRef name = text.ltrim('#');
      for (const layout::AttributeAlias &alias : *aliases)
        if (alias.name == name)
          return SelectedLayout{alias.name, alias.value, alias.location};
    }
    mlir::Attribute attribute = session.parseAttribute(text, "<register layout>");
    if (!attribute)
      return mlir::failure();
    return SelectedLayout{"", attribute, mlir::UnknownLoc::get(&session.context())};
  }

  mlir::FailureOr<unsigned> readElementBitWidth(const Tensor &tensor) {
    mlir::Type elementType = tensor.elementType;
    if (!request.elementType.empty()) {
      elementType = session.parseType(request.elementType, "<element type>");
      if (!elementType)
        return mlir::failure();
    }
    if (!elementType)
      return 16u;
    if (!elementType.isIntOrFloat()) {
      session.emitError() << "bank conflicts need an integer or floating-point element type, got "
                          << elementType;
      return mlir::failure();
    }
    return elementType.getIntOrFloatBitWidth();
  }

  std::string describe(const SelectedLayout &selected) {
    std::string text;
    llvm::raw_string_ostream out(text);
    if (!selected.alias.empty())
      out << "#" << selected.alias << " = ";
    out << selected.attribute;
    return text;
  }

  mlir::InFlightDiagnostic emitAt(const SelectedLayout &selected) {
    return session.emitError(selected.location);
  }

  mlir::LogicalResult fail(const llvm::Twine &message) {
    session.emitError() << message;
    return mlir::failure();
  }

  const LayoutRequest &request;
  llvm::raw_ostream &errors;
  LayoutToolSession session;
  std::optional<std::vector<layout::AttributeAlias>> inputAliases;
};

} // namespace

int runLayoutRequest(const LayoutRequest &request, llvm::raw_ostream &out,
                     llvm::raw_ostream &errors) {
  mlir::FailureOr<std::string> output = LayoutCommand(request, errors).run();
  if (mlir::failed(output))
    return 1;
  return mlir::succeeded(writeToolOutput(request.outputFile, *output, out, errors)) ? 0 : 1;
}

} // namespace trex::tools
