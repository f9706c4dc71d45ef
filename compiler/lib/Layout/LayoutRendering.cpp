// LayoutRendering: checks the request, then lets layoutviz draw the layout.
#include "trex/Layout/LayoutRendering.h"

#include "layoutviz/LayoutJson.h"
#include "layoutviz/LayoutSvg.h"

#include <exception>
#include <vector>

using namespace mlir;

namespace trex::layout {
namespace lv = layoutviz;

FailureOr<std::string> renderLayout(Attribute layout, ArrayRef<int64_t> shape, LayoutFormat format,
                                    lv::LayoutView view, EmitErrorFn emitError) {
  if (failed(verifyLayoutShape(layout, shape, emitError)))
    return failure();
  int64_t elements = 1;
  for (int64_t size : shape) {
    // Compared before multiplying: a product of huge dims would overflow.
    if (size > kMaxRenderedElements / elements)
      return emitError() << "a tensor of shape " << formatShape(shape)
                         << " is too large to print: the limit is " << kMaxRenderedElements
                         << " elements";
    elements *= size;
  }
  FailureOr<lv::Layout> descriptor = toLayoutvizLayout(layout, emitError);
  if (failed(descriptor))
    return failure();
  std::vector<int64_t> tensorShape(shape.begin(), shape.end());
  try {
    switch (format) {
    case LayoutFormat::Text:
      return lv::renderLayoutText(*descriptor, tensorShape, view);
    case LayoutFormat::Json:
      return lv::renderLayoutJson(*descriptor, tensorShape);
    case LayoutFormat::Svg:
      return lv::renderLayoutSvg(*descriptor, tensorShape, view);
    }
  } catch (const std::exception &error) {
    return emitError() << "cannot lay out a tensor of shape " << formatShape(shape) << " with "
                       << layout << ": " << error.what();
  }
  return emitError() << "unknown layout format";
}

} // namespace trex::layout
