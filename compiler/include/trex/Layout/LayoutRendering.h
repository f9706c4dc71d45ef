// LayoutRendering: text, JSON and SVG pictures of a ttg layout attribute for a tensor shape.
#ifndef TREX_LAYOUT_LAYOUTRENDERING_H
#define TREX_LAYOUT_LAYOUTRENDERING_H

#include "trex/Layout/LayoutAdapter.h"

#include "layoutviz/LayoutText.h"

#include <cstdint>
#include <string>

namespace trex::layout {

enum class LayoutFormat {
  // triton-tensor-layout's views, byte for byte (see layoutviz/LayoutText.h).
  Text,
  // Bases plus the owners of every element (see layoutviz/LayoutJson.h).
  Json,
  // A standalone SVG document (see layoutviz/LayoutSvg.h).
  Svg,
};

// Every view lists each element at least once, so a 2^20-element tensor already prints
// megabytes; anything larger is refused rather than left to fill a terminal or a disk.
inline constexpr int64_t kMaxRenderedElements = int64_t(1) << 20;

// Renders `layout` for a tensor of `shape`; `view` picks the text or SVG view (JSON always
// holds both the bases and every element's owners).  Fails with a diagnostic when the shape does
// not fit the layout (verifyLayoutShape), has more than kMaxRenderedElements elements or hardware
// slots (registers x lanes x warps x blocks), or the layout cannot be converted.
mlir::FailureOr<std::string> renderLayout(mlir::Attribute layout, llvm::ArrayRef<int64_t> shape,
                                          LayoutFormat format, layoutviz::LayoutView view,
                                          EmitErrorFn emitError);

} // namespace trex::layout

#endif // TREX_LAYOUT_LAYOUTRENDERING_H
