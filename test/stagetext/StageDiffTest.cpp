// StageDiff: renaming and locations are no change; a changed operand, op or attribute is.
#include "trex/StageText/StageDiff.h"
#include "trex/StageText/CompilationDiff.h"

#include <gtest/gtest.h>

using namespace trex::stagetext;

namespace {

std::string changes(const StageComparison &comparison) {
  std::string out;
  for (const DiffLine &line : comparison.lines)
    if (line.kind != DiffLine::Kind::Same)
      out += (line.kind == DiffLine::Kind::Removed ? "-" : "+") + line.text + "\n";
  return out;
}

} // namespace

TEST(StageDiffTest, RenumberedMLIRValuesAreNoChange) {
  const char *before = "%0 = tt.get_program_id x : i32 loc(#loc1)\n"
                       "%1 = arith.muli %0, %c : i32 loc(#loc2)\n"
                       "tt.store %p, %1 : i32\n"
                       "#loc1 = loc(\"k.py\":3:4)\n";
  const char *after = "#loc7 = loc(\"k.py\":4:4)\n"
                      "%pid = tt.get_program_id x : i32 loc(#loc7)\n"
                      "%5 = arith.muli %pid, %c_1 : i32 loc(#loc8)\n"
                      "tt.store %p_2, %5 : i32\n";
  StageComparison comparison = compareStages(before, after, StageSyntax::MLIR);
  EXPECT_FALSE(comparison.changed()) << changes(comparison);
}

TEST(StageDiffTest, SwappedOperandsAreAChange) {
  const char *before =
      "%a = arith.constant 1 : i32\n%b = arith.constant 2 : i32\n%c = arith.subi %a, %b : i32\n";
  const char *after =
      "%x = arith.constant 1 : i32\n%y = arith.constant 2 : i32\n%z = arith.subi %y, %x : i32\n";
  StageComparison comparison = compareStages(before, after, StageSyntax::MLIR);
  EXPECT_EQ(changes(comparison), "-%c = arith.subi %a, %b : i32\n+%z = arith.subi %y, %x : i32\n");
  // The hunk points into the original files.
  EXPECT_EQ(comparison.lines[2].oldLine, 3);
}

TEST(StageDiffTest, PTXRegistersAndLabelsAreRenamedByClass) {
  const char *before = ".loc 1 5 3\n\tadd.s32 %r4, %r2, %r3;\n$L__BB0_2:\n\tbra.uni "
                       "$L__BB0_2;\n\tmov.u32 %r5, %tid.x;\n";
  const char *after =
      "\tadd.s32 %r7, %r5, %r6;\n$L__BB0_5:\n\tbra.uni $L__BB0_5;\n\tmov.u32 %r8, %tid.x;\n";
  EXPECT_FALSE(compareStages(before, after, StageSyntax::PTX).changed());
  // A 64-bit register where a 32-bit one was is a change.
  const char *wider =
      "\tadd.s32 %rd7, %r5, %r6;\n$L__BB0_5:\n\tbra.uni $L__BB0_5;\n\tmov.u32 %r8, %tid.x;\n";
  EXPECT_TRUE(compareStages(before, wider, StageSyntax::PTX).changed());
}

TEST(StageDiffTest, LLVMDebugInformationIsDropped) {
  const char *before =
      "%5 = add i32 %3, %4, !dbg !12\n!12 = !DILocation(line: 3, column: 4, scope: !5)\n";
  const char *after =
      "%6 = add i32 %4, %5, !dbg !20\n!20 = !DILocation(line: 4, column: 4, scope: !7)\n";
  EXPECT_FALSE(compareStages(before, after, StageSyntax::LLVM).changed());
}

TEST(StageDiffTest, LayoutAliasesOfTheTTGIR) {
  auto aliases = layoutAliases("#blocked = #ttg.blocked<{a}>\n#loc = loc(unknown)\n#shared = "
                               "#ttg.swizzled_shared<{b}>\nmodule {\n");
  ASSERT_EQ(aliases.size(), 2u);
  EXPECT_EQ(aliases[0].first, "#blocked");
  EXPECT_EQ(aliases[1].second, "#ttg.swizzled_shared<{b}>");
}
