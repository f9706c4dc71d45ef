// Sass: one pass over the listing's lines; the function and the line information in force are
// carried from line to line as nvdisasm prints them (a line-info comment covers the
// instructions after it up to the next one or the next function).
#include "trex/StageText/Sass.h"

#include "trex/StageText/LineDiff.h"

#include <cctype>

namespace trex::stagetext {

namespace {

std::string_view trimmed(std::string_view text) {
  size_t start = text.find_first_not_of(" \t\r");
  if (start == std::string_view::npos)
    return {};
  size_t end = text.find_last_not_of(" \t\r");
  return text.substr(start, end - start + 1);
}

bool startsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

std::string_view baseName(std::string_view path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// `File "path", line N` occurrences of a `//##` comment, in order (the innermost first, then
// each `inlined at "path", line M`).
std::vector<SourcePosition> positionsOf(std::string_view comment) {
  std::vector<SourcePosition> positions;
  size_t at = 0;
  while ((at = comment.find('"', at)) != std::string_view::npos) {
    size_t close = comment.find('"', at + 1);
    if (close == std::string_view::npos)
      break;
    SourcePosition position;
    position.file = std::string(comment.substr(at + 1, close - at - 1));
    size_t lineWord = comment.find("line ", close);
    if (lineWord == std::string_view::npos)
      break;
    size_t digits = lineWord + 5;
    while (digits < comment.size() && std::isdigit(static_cast<unsigned char>(comment[digits])))
      position.line = position.line * 10 + (comment[digits++] - '0');
    positions.push_back(std::move(position));
    at = digits;
  }
  return positions;
}

// `/*0040*/  @P0 BRA `(.L_x_0) ;  /* 0x... */`: the address, then the instruction up to ';'.
bool parseInstruction(std::string_view line, SassInstruction *instruction) {
  std::string_view bare = trimmed(line);
  if (!startsWith(bare, "/*"))
    return false;
  size_t close = bare.find("*/");
  if (close == std::string_view::npos || close == 2)
    return false;
  uint64_t address = 0;
  for (char c : bare.substr(2, close - 2)) {
    if (!std::isxdigit(static_cast<unsigned char>(c)))
      return false;
    address = address * 16 +
              (std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : std::tolower(c) - 'a' + 10);
  }
  std::string_view rest = bare.substr(close + 2);
  size_t semicolon = rest.find(';');
  std::string_view body = trimmed(rest.substr(0, semicolon));
  if (body.empty())
    return false;
  instruction->address = address;
  instruction->text = std::string(body);
  if (body[0] == '@') {
    size_t space = body.find_first_of(" \t");
    instruction->predicate = std::string(body.substr(0, space));
    body = trimmed(body.substr(space == std::string_view::npos ? body.size() : space));
  }
  instruction->opcode = std::string(body.substr(0, body.find_first_of(" \t")));
  return true;
}

} // namespace

SassListing parseSass(std::string_view text) {
  SassListing listing;
  std::string declared; // the latest `.global` / `.type ...,@function` name
  int pendingRegisters = -1;
  std::vector<SourcePosition> positions;
  int number = 0;
  auto startFunction = [&](std::string name) {
    listing.functions.push_back({std::move(name), number, pendingRegisters, {}});
    pendingRegisters = -1;
    positions.clear();
  };
  for (std::string_view line : splitLines(text)) {
    ++number;
    std::string_view bare = trimmed(line);
    if (bare.empty())
      continue;
    if (startsWith(bare, "//##")) {
      positions = positionsOf(bare);
      continue;
    }
    if (startsWith(bare, "Function : ")) { // cuobjdump
      startFunction(std::string(trimmed(bare.substr(11))));
      continue;
    }
    if (startsWith(bare, ".sectioninfo")) {
      size_t at = bare.find("SHI_REGISTERS=");
      if (at != std::string_view::npos)
        pendingRegisters = std::atoi(std::string(bare.substr(at + 14)).c_str());
      continue;
    }
    if (startsWith(bare, ".global") || startsWith(bare, ".type")) {
      std::string_view name = trimmed(bare.substr(bare.find_first_of(" \t")));
      declared = std::string(name.substr(0, name.find(',')));
      continue;
    }
    if (bare.back() == ':' && !declared.empty() && bare.substr(0, bare.size() - 1) == declared) {
      startFunction(declared);
      declared.clear();
      continue;
    }
    SassInstruction instruction;
    if (!parseInstruction(line, &instruction))
      continue;
    if (listing.functions.empty())
      startFunction(std::string());
    instruction.listingLine = number;
    instruction.positions = positions;
    listing.functions.back().instructions.push_back(std::move(instruction));
  }
  return listing;
}

const SassInstruction *SassListing::instructionAt(int line) const {
  for (const SassFunction &function : functions)
    for (const SassInstruction &instruction : function.instructions)
      if (instruction.listingLine == line)
        return &instruction;
  return nullptr;
}

std::vector<int> SassListing::linesOfSource(std::string_view fileBaseName, int line) const {
  std::vector<int> lines;
  for (const SassFunction &function : functions)
    for (const SassInstruction &instruction : function.instructions)
      if (!instruction.positions.empty() && instruction.positions.front().line == line &&
          baseName(instruction.positions.front().file) == fileBaseName)
        lines.push_back(instruction.listingLine);
  return lines;
}

} // namespace trex::stagetext
