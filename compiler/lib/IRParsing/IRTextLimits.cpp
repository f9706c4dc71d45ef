// IRTextLimits: one pass over IR text for what MLIR's parser cannot survive.
#include "trex/IRParsing/IRTextLimits.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"

#include <algorithm>

using namespace mlir;

namespace trex {
namespace {

bool isIdentifierChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$' || c == '.' || c == '-';
}

} // namespace

LogicalResult checkIRTextLimits(llvm::StringRef text, llvm::StringRef bufferName,
                                MLIRContext *context) {
  int depth = 0;
  unsigned line = 1, column = 1;
  bool inString = false, inComment = false;
  auto errorHere = [&](unsigned at) {
    return emitError(FileLineColLoc::get(context, bufferName, line, at));
  };
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\n') {
      ++line;
      column = 1;
      inComment = false;
      continue;
    }
    ++column;
    if (inComment)
      continue;
    if (inString) {
      if (c == '\\')
        ++i, ++column;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"') {
      inString = true;
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      inComment = true;
    } else if (c == '{' || c == '(' || c == '[') {
      if (++depth > kMaxIRNesting)
        return errorHere(column - 1)
               << "the IR nests brackets more than " << kMaxIRNesting
               << " levels deep here; trex stops rather than exhaust its stack in the parser";
    } else if ((c == '}' || c == ')' || c == ']') && depth > 0) {
      --depth;
    } else if (c == '%') {
      // %name#N: the N-th result of the op that defines %name.
      unsigned start = column - 1;
      size_t end = i + 1;
      while (end < text.size() && isIdentifierChar(text[end]))
        ++end;
      if (end + 1 < text.size() && text[end] == '#' && text[end + 1] >= '0' &&
          text[end + 1] <= '9') {
        size_t digitsEnd = end + 1;
        uint64_t number = 0;
        for (; digitsEnd < text.size() && text[digitsEnd] >= '0' && text[digitsEnd] <= '9';
             ++digitsEnd)
          number = std::min(number * 10 + (text[digitsEnd] - '0'), kMaxIRResultNumber + 1);
        if (number > kMaxIRResultNumber)
          return errorHere(start) << "result number " << text.slice(end + 1, digitsEnd)
                                  << " is out of range (at most " << kMaxIRResultNumber
                                  << "); MLIR's parser would reserve memory for every result "
                                     "up to it";
      }
      column += end - i - 1;
      i = end - 1;
    }
  }
  return success();
}

} // namespace trex
