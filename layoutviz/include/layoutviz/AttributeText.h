// AttributeText: reads and writes layout descriptors in Triton's #ttg.<family><{...}> text form.
#pragma once

#include "layoutviz/Layout.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace trex::layoutviz {

// Either a layout or a description of what was wrong with the text.
struct AttributeParseResult {
  std::optional<Layout> layout;
  // Empty on success.  Otherwise a one-line message followed by the offending text with a caret
  // under `errorOffset`, e.g.
  //   expected ']' to close the list at column 41
  //     #ttg.blocked<{sizePerThread = [1, 4, threadsPerWarp = ...
  //                                         ^
  std::string error;
  size_t errorOffset = 0;

  bool ok() const { return layout.has_value(); }
};

// Parses one attribute such as
//   #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1],
//                 order = [1, 0]}>
//   #ttg.slice<{dim = 1, parent = #ttg.blocked<{...}>}>
//   #ttg.shared_linear<{offset = [[0, 1], [1, 0]]}, alignment = 16>
// Every family of Layout is accepted, with the #triton_gpu. prefix of older IR as well; the
// CTA split may be given as `CGALayout = [[...]]` or as CTAsPerCGA / CTASplitNum / CTAOrder.
// Never throws.
AttributeParseResult parseLayoutAttribute(std::string_view text);

// Like parseLayoutAttribute, but throws LayoutError with the same message on failure.
Layout parseLayoutAttributeOrThrow(std::string_view text);

// The attribute text Triton 3.6 prints for this descriptor (#ttg. prefix; default CGA and
// default optional fields omitted).  parseLayoutAttribute(formatLayoutAttribute(x)) gives x back.
std::string formatLayoutAttribute(const Layout &layout);

} // namespace trex::layoutviz
