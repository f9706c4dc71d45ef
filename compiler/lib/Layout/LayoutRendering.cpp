// LayoutRendering: checks the request, then lets layoutviz draw the layout.
#include "trex/Layout/LayoutRendering.h"

#include "layoutviz/LayoutJson.h"
#include "layoutviz/LayoutSvg.h"

#include "llvm/Support/MathExtras.h"

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
  // Every view also lists each hardware slot (register, lane, warp and block, or offset and
  // block): a layout that copies a small tensor to millions of threads (warpsPerCTA =
  // [65536, 1]) prints as much as a huge tensor would, and took seconds and gigabytes.
  FailureOr<lv::LinearLayout> linear = toLinearLayout(layout, shape, emitError);
  if (failed(linear))
    return failure();
  if (int32_t slotsLog2 = linear->getTotalInDimSizeLog2();
      slotsLog2 > llvm::Log2_64(kMaxRenderedElements))
    return emitError() << "the layout spreads a tensor of shape " << formatShape(shape)
                       << " over 2^" << slotsLog2
                       << " registers, threads and blocks, too many to print: the limit is "
                       << kMaxRenderedElements;
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
