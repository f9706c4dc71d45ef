// Sass: NVIDIA machine code as the CUDA toolkit prints it, read into functions and instructions
// with the source positions of its line information. Reads `nvdisasm -c -g` / `-gi` output
// (`name:` labels after `.global name`, `/*0040*/ OPCODE ... ;` lines, `//## File "x.py",
// line 12` comments, `inlined at` chains with -gi) and `cuobjdump -sass` output
// (`Function : name`, encodings in trailing `/* 0x... */` comments).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace trex::stagetext {

struct SourcePosition {
  std::string file; // as the line information spells it (often an absolute path)
  int line = 0;
};

struct SassInstruction {
  int listingLine = 0;   // 1-based line of the listing
  uint64_t address = 0;  // the /*0040*/ offset
  std::string predicate; // "@P0", "@!PT", or empty
  std::string opcode;    // "LDG.E.128"
  std::string text;      // the instruction without its address, ';' and encoding
  // The line information in force: the innermost position first, then (with -gi) the call
  // sites it was inlined at. Empty without line information.
  std::vector<SourcePosition> positions;
};

struct SassFunction {
  std::string name;
  int listingLine = 0;
  // From `.sectioninfo @"SHI_REGISTERS=N"`; -1 when the listing does not say.
  int registers = -1;
  std::vector<SassInstruction> instructions;
};

struct SassListing {
  std::vector<SassFunction> functions;
  // The instruction on listing line `line`, or null.
  const SassInstruction *instructionAt(int line) const;
  // The listing lines whose innermost position is `line` of a file named `fileBaseName`
  // (compared by base name, "vector_add.py"), ascending.
  std::vector<int> linesOfSource(std::string_view fileBaseName, int line) const;
};

SassListing parseSass(std::string_view text);

} // namespace trex::stagetext
