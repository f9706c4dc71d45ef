// TensorLayoutTool: triton-tensor-layout's sequence -- tensor type, file aliases, -l -- with its messages.
#include "trex/Tools/TensorLayoutTool.h"

#include "trex/Layout/LayoutRendering.h"
#include "trex/Tools/LayoutSelection.h"
#include "trex/Tools/LayoutToolSession.h"
#include "trex/Tools/ToolOutput.h"

namespace trex::tools {
namespace {

// Appends the header and view of one layout; the messages are Triton's.
mlir::LogicalResult printLayout(LayoutToolSession &session, const SelectedLayout &selected,
                                llvm::ArrayRef<int64_t> shape, layoutviz::LayoutView view,
                                std::string &output, llvm::raw_ostream &errors) {
  output += layoutHeader(selected) + "\n";
  if (!layout::isTensorLayout(selected.attribute)) {
    errors << "Unsupported tensor layout attribute: " << selected.attribute << "\n";
    return mlir::failure();
  }
  mlir::FailureOr<std::string> text =
      layout::renderLayout(selected.attribute, shape, layout::LayoutFormat::Text, view,
                           [&] { return session.emitError(selected.location); });
  if (mlir::failed(text))
    return mlir::failure();
  output += *text;
  return mlir::success();
}

} // namespace

int runTensorLayoutTool(const TensorLayoutRequest &request, llvm::raw_ostream &out,
                        llvm::raw_ostream &errors) {
  if (request.tensorType.empty()) {
    errors << "Must specify the tensor type argument\n";
    return 1;
  }
  LayoutToolSession session(errors);
  mlir::FailureOr<layout::LayoutTensorType> tensor =
      session.parseTensorType(request.tensorType, "<tensor type>");
  if (mlir::failed(tensor)) {
    errors << "Fail to parse the tensor type argument: " << request.tensorType << "\n";
    return 1;
  }
  layoutviz::LayoutView view =
      request.useHardwareView ? layoutviz::LayoutView::Hardware : layoutviz::LayoutView::Tensor;

  std::string output;
  if (!request.inputFile.empty()) {
    if (std::error_code error = session.loadInputFile(request.inputFile)) {
      errors << "Could not open input file: " << error.message() << "\n";
      return 1;
    }
    auto aliases = session.parseInputAliases();
    if (mlir::failed(aliases)) {
      errors << "Fail to parse the input file: " << request.inputFile << "\n";
      return 1;
    }
    auto selected = selectAliases(*aliases, request.aliasNames, errors);
    if (mlir::failed(selected))
      return 1;
    for (const SelectedLayout &layout : *selected) {
      if (mlir::failed(printLayout(session, layout, tensor->shape, view, output, errors)))
        return 1;
      // Triton separates layouts picked by name with an empty line, but not a whole file's.
      if (!request.aliasNames.empty())
        output += "\n";
    }
  }

  if (!request.layoutAttribute.empty()) {
    mlir::Attribute attribute = session.parseAttribute(request.layoutAttribute, "<attribute>");
    if (!attribute) {
      errors << "Invalid layout attribute: " << request.layoutAttribute << "\n";
      return 1;
    }
    SelectedLayout selected{"", attribute, mlir::UnknownLoc::get(&session.context())};
    if (mlir::failed(printLayout(session, selected, tensor->shape, view, output, errors)))
      return 1;
  }

  return mlir::succeeded(writeToolOutput(request.outputFile, output, out, errors)) ? 0 : 1;
}

} // namespace trex::tools
