// Mutator: text-aware edits of compiler inputs for trex's fuzz driver.
#include "Mutator.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <set>

namespace trex::fuzz {
namespace {

bool isWordStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '#' || c == '%' ||
         c == '!' || c == '@' || c == '^';
}
bool isWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.' || c == '-' || c == '$';
}
bool isDigit(char c) { return c >= '0' && c <= '9'; }

// What numbers become: the edges of the integer types, of a block's size and of floats.
const char *const kExtremeNumbers[] = {"0",
                                       "1",
                                       "-1",
                                       "2",
                                       "3",
                                       "4",
                                       "7",
                                       "8",
                                       "16",
                                       "31",
                                       "32",
                                       "33",
                                       "63",
                                       "64",
                                       "128",
                                       "255",
                                       "256",
                                       "1024",
                                       "4096",
                                       "32768",
                                       "65535",
                                       "65536",
                                       "65537",
                                       "2147483647",
                                       "2147483648",
                                       "-2147483648",
                                       "-2147483649",
                                       "4294967295",
                                       "4294967296",
                                       "9223372036854775807",
                                       "9223372036854775808",
                                       "-9223372036854775808",
                                       "-9223372036854775809",
                                       "18446744073709551615",
                                       "18446744073709551616",
                                       "340282366920938463463374607431768211456",
                                       "1e308",
                                       "1e309",
                                       "-1e309",
                                       "0.0",
                                       "-0.0",
                                       "1.5",
                                       "3.4028235e38",
                                       "1e-45",
                                       "0x7fffffff",
                                       "0xffffffffffffffff"};

// Operators by family; a swap stays in the family three times out of four.
const std::vector<std::vector<std::string>> kOperatorFamilies = {
    {"+", "-", "*", "/", "//", "%", "**", "@"},
    {"==", "!=", "<", "<=", ">", ">=", " is ", " is not ", " in ", " not in "},
    {"&", "|", "^", "<<", ">>", "~"},
    {" and ", " or ", " not "},
    {"=", "+=", "-=", "*=", "//=", "<<=", ":=", "->"},
    {"(", ")", "[", "]", "{", "}", "<", ">"},
    {",", ":", ".", ";", "x"},
};

size_t lineStartBefore(const std::string &text, size_t at) {
  size_t newline = at == 0 ? std::string::npos : text.rfind('\n', at - 1);
  return newline == std::string::npos ? 0 : newline + 1;
}

std::vector<size_t> lineStarts(const std::string &text) {
  std::vector<size_t> starts{0};
  for (const char *at = text.data(), *end = text.data() + text.size();
       (at = static_cast<const char *>(std::memchr(at, '\n', end - at)));)
    starts.push_back(static_cast<size_t>(++at - text.data()));
  if (starts.back() != text.size())
    starts.push_back(text.size());
  return starts; // starts.back() is the end of the text
}

} // namespace

Mutator::Mutator(const std::vector<std::string> &corpus, uint64_t seed)
    : corpus_(corpus), random_(seed) {
  std::set<std::string> words;
  for (const std::string &input : corpus) {
    for (size_t i = 0; i < input.size() && words.size() < 20000;) {
      if (!isWordStart(input[i])) {
        ++i;
        continue;
      }
      size_t end = i + 1;
      while (end < input.size() && isWordChar(input[end]))
        ++end;
      if (end - i <= 48)
        words.insert(input.substr(i, end - i));
      i = end;
    }
  }
  words_.assign(words.begin(), words.end());
}

std::string Mutator::mutate(const std::string &input, size_t maxSize) {
  std::string text = input;
  int edits = 1;
  while (edits < 6 && below(2) == 0)
    ++edits;
  for (int edit = 0, attempts = 0; edit < edits && attempts < 32; ++attempts) {
    bool done = false;
    size_t pick = below(100);
    if (pick < 20)
      done = pushNumber(text);
    else if (pick < 32)
      done = swapOperator(text);
    else if (pick < 50)
      done = editLines(text);
    else if (pick < 60)
      done = spliceOther(text);
    else if (pick < 68)
      done = insertWord(text);
    else if (pick < 82)
      done = replaceWord(text);
    else
      done = editBytes(text);
    edit += done;
  }
  if (text.size() > maxSize)
    text.resize(maxSize);
  return text;
}

bool Mutator::pushNumber(std::string &text) {
  if (text.empty())
    return false;
  size_t start = below(text.size()), at = start;
  while (!isDigit(text[at])) {
    at = (at + 1) % text.size();
    if (at == start)
      return false;
  }
  size_t begin = at, end = at;
  while (begin > 0 && isDigit(text[begin - 1]))
    --begin;
  while (end < text.size() && (isDigit(text[end]) || text[end] == '.'))
    ++end;
  if (begin > 0 && text[begin - 1] == '-')
    --begin;
  std::string replacement;
  std::string number = text.substr(begin, end - begin);
  // Arithmetic on short numbers only, so that nothing here overflows.
  if (below(3) == 0 && number.size() <= 9 && number.find('.') == std::string::npos) {
    long long value = std::stoll(number);
    switch (below(6)) {
    case 0:
      replacement = std::to_string(value * 2);
      break;
    case 1:
      replacement = std::to_string(value / 2);
      break;
    case 2:
      replacement = std::to_string(value + 1);
      break;
    case 3:
      replacement = std::to_string(value - 1);
      break;
    case 4:
      replacement = std::to_string(-value);
      break;
    default:
      replacement = std::to_string(value * 65536);
      break;
    }
  } else {
    replacement = kExtremeNumbers[below(std::size(kExtremeNumbers))];
  }
  text.replace(begin, end - begin, replacement);
  return true;
}

bool Mutator::swapOperator(std::string &text) {
  if (text.empty())
    return false;
  size_t start = below(text.size());
  for (size_t step = 0; step < text.size(); ++step) {
    size_t at = (start + step) % text.size();
    for (size_t family = 0; family < kOperatorFamilies.size(); ++family) {
      for (const std::string &op : kOperatorFamilies[family]) {
        if (text.compare(at, op.size(), op) != 0)
          continue;
        const std::vector<std::string> &choices =
            below(4) == 0 ? kOperatorFamilies[below(kOperatorFamilies.size())]
                          : kOperatorFamilies[family];
        text.replace(at, op.size(), choices[below(choices.size())]);
        return true;
      }
    }
  }
  return false;
}

bool Mutator::editLines(std::string &text) {
  std::vector<size_t> starts = lineStarts(text);
  size_t lines = starts.size() - 1;
  if (lines == 0)
    return false;
  auto line = [&](size_t index, size_t count = 1) {
    count = std::min(count, lines - index);
    std::string piece = text.substr(starts[index], starts[index + count] - starts[index]);
    if (piece.empty() || piece.back() != '\n')
      piece += '\n';
    return piece;
  };
  size_t first = below(lines);
  size_t count = below(4) == 0 ? 1 + below(6) : 1;
  count = std::min(count, lines - first);
  size_t begin = starts[first], end = starts[first + count];
  switch (below(6)) {
  case 0: // delete
    text.erase(begin, end - begin);
    return true;
  case 1: // duplicate
    text.insert(begin, line(first, count));
    return true;
  case 2: { // move elsewhere
    std::string piece = line(first, count);
    text.erase(begin, end - begin);
    std::vector<size_t> after = lineStarts(text);
    text.insert(after[below(after.size())], piece);
    return true;
  }
  case 3: { // swap with another line
    size_t other = below(lines);
    if (other == first)
      return false;
    size_t a = std::min(first, other), b = std::max(first, other);
    std::string lineA = line(a), lineB = line(b);
    text.replace(starts[b], starts[b + 1] - starts[b], lineA);
    text.replace(starts[a], starts[a + 1] - starts[a], lineB);
    return true;
  }
  case 4: // indent (Python blocks) or dedent
    if (below(2) == 0)
      text.insert(begin, below(2) ? "    " : "\t");
    else if (text.compare(begin, 4, "    ") == 0)
      text.erase(begin, 4);
    else
      return false;
    return true;
  default: // copy a line over another
    text.replace(begin, end - begin, line(below(lines)));
    return true;
  }
}

bool Mutator::spliceOther(std::string &text) {
  if (corpus_.empty())
    return false;
  const std::string &other = corpus_[below(corpus_.size())];
  if (other.empty())
    return false;
  if (below(3) == 0) {
    // Crossover: this input's head, the other's tail.
    size_t cut = text.empty() ? 0 : lineStartBefore(text, below(text.size()));
    size_t otherCut = lineStartBefore(other, below(other.size()));
    text = text.substr(0, cut) + other.substr(otherCut);
    return true;
  }
  std::vector<size_t> otherStarts = lineStarts(other);
  size_t otherLines = otherStarts.size() - 1;
  size_t first = below(otherLines), count = std::min(1 + below(8), otherLines - first);
  std::string piece =
      other.substr(otherStarts[first], otherStarts[first + count] - otherStarts[first]);
  if (piece.empty() || piece.back() != '\n')
    piece += '\n';
  size_t at = text.empty() ? 0 : lineStartBefore(text, below(text.size() + 1));
  text.insert(at, piece);
  return true;
}

bool Mutator::insertWord(std::string &text) {
  if (words_.empty())
    return false;
  const std::string &word = words_[below(words_.size())];
  size_t at = below(text.size() + 1);
  text.insert(at, below(2) ? word : " " + word + " ");
  return true;
}

bool Mutator::replaceWord(std::string &text) {
  if (text.empty() || words_.empty())
    return false;
  size_t start = below(text.size()), at = start;
  while (!isWordStart(text[at])) {
    at = (at + 1) % text.size();
    if (at == start)
      return false;
  }
  size_t end = at + 1;
  while (end < text.size() && isWordChar(text[end]))
    ++end;
  text.replace(at, end - at, words_[below(words_.size())]);
  return true;
}

bool Mutator::editBytes(std::string &text) {
  static const char kSpecial[] = {'\0', '\n', '\t', ' ', '"', '\'',   '\\',   '{', '}', '<',
                                  '>',  '(',  ')',  '#', ':', '\x80', '\xff', '0', '9', 'e'};
  switch (below(5)) {
  case 0: // flip a bit
    if (text.empty())
      return false;
    text[below(text.size())] ^= static_cast<char>(1 << below(8));
    return true;
  case 1: // a special byte in place of another
    if (text.empty())
      return false;
    text[below(text.size())] = kSpecial[below(sizeof(kSpecial))];
    return true;
  case 2: // insert a byte
    text.insert(text.begin() + static_cast<long>(below(text.size() + 1)),
                below(2) ? kSpecial[below(sizeof(kSpecial))] : static_cast<char>(below(256)));
    return true;
  case 3: { // erase a few bytes
    if (text.empty())
      return false;
    size_t at = below(text.size());
    text.erase(at, 1 + below(16));
    return true;
  }
  default: { // copy a few bytes elsewhere
    if (text.empty())
      return false;
    size_t from = below(text.size()), size = std::min<size_t>(1 + below(32), text.size() - from);
    std::string piece = text.substr(from, size);
    text.insert(below(text.size() + 1), piece);
    return true;
  }
  }
}

} // namespace trex::fuzz
