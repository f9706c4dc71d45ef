// AttributeSyntax: recursive-descent parsing of #dialect.name<{key = value, ...}> text.
#include "AttributeSyntax.h"

#include <cctype>

namespace trex::layoutviz {
namespace {

class Parser {
public:
  explicit Parser(std::string_view text) : text_(text) {}

  std::shared_ptr<AttributeNode> parseWhole() {
    auto node = parseAttribute();
    skipSpace();
    if (pos_ != text_.size())
      fail("unexpected text after the attribute");
    return node;
  }

private:
  [[noreturn]] void fail(const std::string &message) const {
    throw AttributeTextError(message, pos_);
  }

  void skipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_])))
      ++pos_;
  }

  bool consume(char c) {
    skipSpace();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  void expect(char c, const std::string &context) {
    if (!consume(c))
      fail(std::string("expected '") + c + "' " + context + describeHere());
  }

  std::string describeHere() const {
    if (pos_ >= text_.size())
      return ", but the text ended";
    return std::string(", found '") + text_[pos_] + "'";
  }

  static bool isIdentifierChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
  }

  std::string parseIdentifier(const std::string &what) {
    skipSpace();
    size_t start = pos_;
    while (pos_ < text_.size() && isIdentifierChar(text_[pos_]))
      ++pos_;
    if (start == pos_)
      fail("expected " + what + describeHere());
    return std::string(text_.substr(start, pos_ - start));
  }

  std::shared_ptr<AttributeNode> parseAttribute() {
    skipSpace();
    auto node = std::make_shared<AttributeNode>();
    node->offset = pos_;
    if (!consume('#'))
      fail("expected '#' to start a layout attribute such as #ttg.blocked<{...}>" +
           describeHere());
    size_t nameStart = pos_;
    node->dialect = parseIdentifier("a dialect name after '#'");
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      node->name = parseIdentifier("an attribute name after '" + node->dialect + ".'");
    } else {
      pos_ = nameStart;
      fail("'#" + node->dialect +
           "' looks like an attribute alias; write the attribute itself, e.g. "
           "#ttg.blocked<{...}>");
    }
    expect('<', "after #" + node->dialect + "." + node->name);
    expect('{', "to open the parameters of #" + node->dialect + "." + node->name);
    node->entries = parseEntries('}');
    expect('}', "to close the parameters of #" + node->dialect + "." + node->name);
    while (consume(',')) {
      auto more = parseEntries('>');
      if (more.empty())
        fail("expected a 'key = value' pair after ','");
      node->trailing.insert(node->trailing.end(), more.begin(), more.end());
    }
    expect('>', "to close #" + node->dialect + "." + node->name);
    return node;
  }

  // key = value pairs separated by commas, up to (not including) `closer`.
  std::vector<AttributeEntry> parseEntries(char closer) {
    std::vector<AttributeEntry> entries;
    skipSpace();
    if (pos_ < text_.size() && text_[pos_] == closer)
      return entries;
    while (true) {
      skipSpace();
      AttributeEntry entry;
      entry.offset = pos_;
      entry.key = parseIdentifier("a parameter name");
      expect('=', "after parameter '" + entry.key + "'");
      entry.value = parseValue();
      entries.push_back(std::move(entry));
      if (!consume(','))
        return entries;
    }
  }

  AttributeValue parseValue() {
    skipSpace();
    AttributeValue value;
    value.offset = pos_;
    if (pos_ >= text_.size())
      fail("expected a value, but the text ended");
    char c = text_[pos_];
    if (c == '[') {
      ++pos_;
      value.kind = AttributeValue::Kind::List;
      if (!consume(']')) {
        do
          value.list.push_back(parseValue());
        while (consume(','));
        expect(']', "to close the list");
      }
      return value;
    }
    if (c == '#') {
      value.kind = AttributeValue::Kind::Attribute;
      value.attribute = parseAttribute();
      return value;
    }
    if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) {
      value.kind = AttributeValue::Kind::Integer;
      bool negative = consume('-');
      skipSpace();
      size_t start = pos_;
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_])))
        ++pos_;
      if (start == pos_)
        fail("expected digits after '-'");
      if (pos_ - start > 12)
        fail("integer is too large");
      value.integer = std::stoll(std::string(text_.substr(start, pos_ - start)));
      if (negative)
        value.integer = -value.integer;
      skipIntegerType();
      return value;
    }
    std::string word = parseIdentifier("a value (integer, true/false, [list] or #attribute)");
    if (word == "true" || word == "false") {
      value.kind = AttributeValue::Kind::Boolean;
      value.boolean = word == "true";
      return value;
    }
    pos_ = value.offset;
    fail("unexpected value '" + word + "' (expected an integer, true/false, a list or a nested "
                                       "#attribute)");
  }

  // MLIR may print typed integers such as `16 : i32`; the type does not matter here.
  void skipIntegerType() {
    size_t save = pos_;
    skipSpace();
    if (pos_ < text_.size() && text_[pos_] == ':') {
      ++pos_;
      skipSpace();
      if (pos_ < text_.size() && (text_[pos_] == 'i' || text_[pos_] == 'u' || text_[pos_] == 's')) {
        while (pos_ < text_.size() && isIdentifierChar(text_[pos_]))
          ++pos_;
        return;
      }
    }
    pos_ = save;
  }

  std::string_view text_;
  size_t pos_ = 0;
};

} // namespace

std::shared_ptr<AttributeNode> parseAttributeSyntax(std::string_view text) {
  return Parser(text).parseWhole();
}

} // namespace trex::layoutviz
