// LayoutError: the exception layoutviz throws for invalid layouts, descriptors and shapes.
#pragma once

#include <stdexcept>
#include <string>

namespace trex::layoutviz {

// Thrown when a layout or descriptor cannot be built as asked (a basis out of range, a shape
// that the layout family does not support, mismatched dimensions, ...).  The message says what
// was wrong in terms of the caller's input.
class LayoutError : public std::runtime_error {
public:
  explicit LayoutError(const std::string &message) : std::runtime_error(message) {}
};

} // namespace trex::layoutviz
