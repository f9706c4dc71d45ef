// AttributeSyntax: a generic tree for MLIR-style attribute text, and its recursive-descent parser (library-private).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace trex::layoutviz {

struct AttributeNode;

// One value on the right of `key = ...`.
struct AttributeValue {
  enum class Kind { Integer, Boolean, List, Attribute };
  Kind kind = Kind::Integer;
  int64_t integer = 0;
  bool boolean = false;
  std::vector<AttributeValue> list;
  std::shared_ptr<AttributeNode> attribute;
  // Where the value starts in the parsed text, for error messages.
  size_t offset = 0;
};

struct AttributeEntry {
  std::string key;
  AttributeValue value;
  size_t offset = 0;
};

// `#dialect.name<{entries}, trailing>`: `entries` are inside the braces, `trailing` are
// key = value pairs after them (shared_linear's alignment).
struct AttributeNode {
  std::string dialect;
  std::string name;
  std::vector<AttributeEntry> entries;
  std::vector<AttributeEntry> trailing;
  size_t offset = 0;
};

// A syntax or meaning error at a position in the text.
class AttributeTextError : public std::runtime_error {
public:
  AttributeTextError(const std::string &message, size_t offset)
      : std::runtime_error(message), offset_(offset) {}
  size_t offset() const { return offset_; }

private:
  size_t offset_;
};

// Parses exactly one attribute (surrounding whitespace allowed).  Throws AttributeTextError.
std::shared_ptr<AttributeNode> parseAttributeSyntax(std::string_view text);

} // namespace trex::layoutviz
