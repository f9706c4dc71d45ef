// Sass: the hand-written nvdisasm -c -g listing (test/trex-compile/Inputs) and a cuobjdump one,
// read into functions, instructions and source positions.
#include "TestFiles.h"
#include "trex/StageText/Sass.h"
#include "trex/StageText/StageDiff.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

using namespace trex::stagetext;

namespace {

std::string readInput(const char *name) {
  return trex::test::readFile(std::string(TREX_TEST_INPUTS_DIR) + "/" + name);
}

int lineContaining(const std::string &text, const std::string &needle) {
  std::istringstream lines(text);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number)
    if (line.find(needle) != std::string::npos)
      return number;
  return 0;
}

} // namespace

TEST(SassTest, NvdisasmListingWithLineInformation) {
  const std::string text = readInput("add_kernel.nvdisasm.sass");
  ASSERT_FALSE(text.empty());
  SassListing listing = parseSass(text);
  ASSERT_EQ(listing.functions.size(), 1u);
  const SassFunction &kernel = listing.functions[0];
  EXPECT_EQ(kernel.name, "add_kernel");
  EXPECT_EQ(kernel.registers, 26);
  ASSERT_EQ(kernel.instructions.size(), 24u);
  EXPECT_EQ(kernel.instructions[0].opcode, "LDC");
  EXPECT_EQ(kernel.instructions[0].address, 0u);
  const SassInstruction &branch = kernel.instructions[8];
  EXPECT_EQ(branch.address, 0x80u);
  EXPECT_EQ(branch.predicate, "@P0");
  EXPECT_EQ(branch.opcode, "BRA");
  EXPECT_EQ(branch.text, "@P0 BRA `(.L_x_0)");

  // The SASS store's line maps to the source line of tl.store, and back.
  int store = lineContaining(text, "STG.E.128");
  const SassInstruction *instruction = listing.instructionAt(store);
  ASSERT_NE(instruction, nullptr);
  ASSERT_EQ(instruction->positions.size(), 1u);
  EXPECT_EQ(instruction->positions[0].file, "/home/user/kernels/vector_add.py");
  EXPECT_EQ(instruction->positions[0].line, 14);
  // Line 14 (tl.store(out_ptr + offsets, x + y, ...)): the four FADDs, the store's three
  // instructions, and EXIT and the trailing BRA after the label (nvdisasm repeats no line
  // information, so the last one stays in force).
  std::vector<int> lines = listing.linesOfSource("vector_add.py", 14);
  EXPECT_EQ(lines.size(), 9u);
  EXPECT_EQ(lines[6], store);
  EXPECT_TRUE(listing.linesOfSource("other.py", 14).empty());
  EXPECT_EQ(kernel.instructions[22].opcode, "EXIT");
  EXPECT_EQ(listing.instructionAt(lineContaining(text, "line 8")), nullptr);
}

TEST(SassTest, InlinedAtChainsAndCuobjdumpListings) {
  const char *text = "\tcode for sm_90\n"
                     "\t\tFunction : k\n"
                     "\t.headerflags\t@\"EF_CUDA_SM90 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)\"\n"
                     "\t//## File \"/t/lib.py\", line 3 inlined at \"/t/k.py\", line 9\n"
                     "        /*0000*/                   MOV R1, c[0x0][0x28] ;                 /* "
                     "0x00000a0000017a02 */\n"
                     "                                                                          /* "
                     "0x000fe40000000f00 */\n"
                     "        /*0010*/              @!PT SHFL.IDX PT, RZ, RZ, RZ, RZ ;          /* "
                     "0x000000fffffff389 */\n";
  SassListing listing = parseSass(text);
  ASSERT_EQ(listing.functions.size(), 1u);
  EXPECT_EQ(listing.functions[0].name, "k");
  ASSERT_EQ(listing.functions[0].instructions.size(), 2u);
  const SassInstruction &move = listing.functions[0].instructions[0];
  EXPECT_EQ(move.text, "MOV R1, c[0x0][0x28]");
  ASSERT_EQ(move.positions.size(), 2u);
  EXPECT_EQ(move.positions[0].line, 3);
  EXPECT_EQ(move.positions[1].file, "/t/k.py");
  EXPECT_EQ(move.positions[1].line, 9);
  EXPECT_EQ(listing.functions[0].instructions[1].predicate, "@!PT");
  EXPECT_EQ(listing.functions[0].instructions[1].opcode, "SHFL.IDX");
}

TEST(SassTest, ComparedWithoutAddressesEncodingsOrLineInformation) {
  const char *before = "\t//## File \"k.py\", line 3\n        /*0010*/  IADD3 R0, R1, 0x1, RZ ;  "
                       "/* 0x0000000101007810 */\n.L_x_1:\n";
  const char *after = "\t//## File \"k.py\", line 4\n        /*0020*/  IADD3 R0, R1, 0x1, RZ ;  /* "
                      "0x0000000101007811 */\n.L_x_4:\n";
  EXPECT_FALSE(compareStages(before, after, StageSyntax::SASS).changed());
}

// A listing real nvdisasm (CUDA 13.0, on the GPU machine) printed for trex's cubin of the vector
// add sample on sm_90 (`trex compile samples/kernels/vector_add.py --kernel add_kernel --emit
// sass`): a second `.text.add_kernel:` label after the function's own, no register count in the
// listing, a relative file name in the line information.
TEST(SassTest, RealNvdisasmListingOfTheVectorAddSample) {
  const std::string text = readInput("add_kernel.sm90.nvdisasm.sass");
  ASSERT_FALSE(text.empty());
  SassListing listing = parseSass(text);
  ASSERT_EQ(listing.functions.size(), 1u);
  const SassFunction &kernel = listing.functions[0];
  EXPECT_EQ(kernel.name, "add_kernel");
  EXPECT_EQ(kernel.registers, -1);
  ASSERT_EQ(kernel.instructions.size(), 32u);
  EXPECT_EQ(kernel.instructions[0].opcode, "LDC");
  EXPECT_EQ(kernel.instructions.back().address, 0x1f0u);

  int load = lineContaining(text, "@!P0 LDG.E R0");
  const SassInstruction *masked = listing.instructionAt(load);
  ASSERT_NE(masked, nullptr);
  EXPECT_EQ(masked->predicate, "@!P0");
  EXPECT_EQ(masked->opcode, "LDG.E");
  ASSERT_EQ(masked->positions.size(), 1u);
  EXPECT_EQ(masked->positions[0].file, "samples/kernels/vector_add.py");
  EXPECT_EQ(masked->positions[0].line, 12);

  // tl.store (line 14): the address, the add, the early exit and the store map to it.
  std::vector<int> lines = listing.linesOfSource("vector_add.py", 14);
  int store = lineContaining(text, "STG.E");
  int add = lineContaining(text, "FADD");
  EXPECT_NE(std::find(lines.begin(), lines.end(), store), lines.end());
  EXPECT_NE(std::find(lines.begin(), lines.end(), add), lines.end());
  EXPECT_EQ(std::find(lines.begin(), lines.end(), load), lines.end());
}
