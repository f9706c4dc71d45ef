// Fuzz target of the layout-attribute reader: what `triton-tensor-layout -t TYPE -l LAYOUT`
// does with its two strings (parse both, check the layout against the shape, draw it in both
// views), plus the linear layout the compiler's passes compute from the same pair.
//
// The input's first line is the tensor type (`tensor<128x256xf16>`), the rest the attribute
// (`#ttg.blocked<{...}>`, any ttg layout, or anything else).
// Contract: a drawing, or at least one error; never a crash, whatever the numbers.
#include "FuzzTarget.h"

#include "trex/InitAllDialects.h"
#include "trex/Layout/LayoutAdapter.h"
#include "trex/Layout/LayoutParsing.h"
#include "trex/Layout/LayoutRendering.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

#include <algorithm>
#include <memory>
#include <string>

namespace {

// A fresh context every so many inputs: uniqued attributes stay for a context's life.
constexpr int kInputsPerContext = 1024;

// Drawings are made up to this many elements (a kernel's block); larger shapes are only checked
// and turned into linear layouts, which costs nothing per element. Drawing a million-element
// tensor, the tool's limit, takes a second and would slow the campaign to a crawl.
constexpr int64_t kMaxDrawnElements = int64_t(1) << 16;

std::unique_ptr<mlir::MLIRContext> makeContext() {
  mlir::DialectRegistry registry;
  trex::registerAllDialects(registry);
  return std::make_unique<mlir::MLIRContext>(registry, mlir::MLIRContext::Threading::DISABLED);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static std::unique_ptr<mlir::MLIRContext> context;
  static int inputsInContext = 0;
  if (!context || ++inputsInContext > kInputsPerContext) {
    context.reset();
    context = makeContext();
    inputsInContext = 1;
  }
  std::string_view input(reinterpret_cast<const char *>(data), size);
  size_t lineEnd = input.find('\n');
  if (lineEnd == std::string_view::npos) {
    trex::fuzz::recordOutcome(trex::fuzz::Outcome::Rejected);
    return 0;
  }
  llvm::StringRef typeText(input.data(), lineEnd);
  llvm::StringRef layoutText(input.data() + lineEnd + 1, input.size() - lineEnd - 1);

  int errors = 0;
  mlir::ScopedDiagnosticHandler handler(context.get(), [&](mlir::Diagnostic &diagnostic) {
    if (diagnostic.getSeverity() == mlir::DiagnosticSeverity::Error)
      ++errors;
    return mlir::success();
  });
  auto rejectedWithoutError = [&](llvm::StringRef step) {
    if (errors == 0)
      trex::fuzz::reportBrokenContract(("no error after " + step).str(), "", input);
    trex::fuzz::recordOutcome(trex::fuzz::Outcome::Rejected);
    return 0;
  };

  mlir::FailureOr<trex::layout::LayoutTensorType> tensor =
      trex::layout::parseLayoutTensorType(typeText.trim(), context.get());
  if (mlir::failed(tensor))
    return rejectedWithoutError("the tensor type failed to parse");
  mlir::Attribute layout = trex::layout::parseLayoutAttribute(layoutText.trim(), context.get());
  if (!layout)
    return rejectedWithoutError("the attribute failed to parse");
  if (!trex::layout::isTensorLayout(layout)) {
    trex::fuzz::recordOutcome(trex::fuzz::Outcome::Rejected);
    return 0;
  }
  auto emitError = [&] { return mlir::emitError(mlir::UnknownLoc::get(context.get())); };
  int64_t elements = 1;
  for (int64_t dim : tensor->shape)
    elements = dim <= 0 || dim > kMaxDrawnElements
                   ? kMaxDrawnElements + 1
                   : std::min(elements * dim, kMaxDrawnElements + 1);
  if (elements <= kMaxDrawnElements) {
    for (trex::layoutviz::LayoutView view :
         {trex::layoutviz::LayoutView::Tensor, trex::layoutviz::LayoutView::Hardware})
      if (mlir::failed(trex::layout::renderLayout(
              layout, tensor->shape, trex::layout::LayoutFormat::Text, view, emitError)))
        return rejectedWithoutError("the layout failed to draw");
  } else if (mlir::failed(trex::layout::verifyLayoutShape(layout, tensor->shape, emitError))) {
    return rejectedWithoutError("the shape was refused");
  }
  if (mlir::failed(trex::layout::toLinearLayout(layout, tensor->shape, emitError)))
    return rejectedWithoutError("the linear layout failed");
  trex::fuzz::recordOutcome(trex::fuzz::Outcome::Accepted);
  return 0;
}
