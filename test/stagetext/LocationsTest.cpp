// Locations: MLIR text without #loc lines and loc(...), lines mapped both ways.
#include "trex/StageText/Locations.h"

#include <gtest/gtest.h>

using namespace trex::stagetext;

TEST(LocationsTest, DropsAliasLinesAndSuffixes) {
  const char *text = "#blocked = #ttg.blocked<{}>\n"
                     "#loc = loc(\"k.py\":4:0)\n"
                     "tt.func @k(%x: i32 loc(\"x\"(#loc)), %y: i32 loc(\"y\"(#loc))) {\n"
                     "  %0 = arith.addi %x, %y : i32 loc(#loc2)\n"
                     "  tt.print \"a loc(b)\" loc(callsite(#loc3 at #loc4))\n"
                     "} loc(#loc)\n"
                     "#loc2 = loc(\"k.py\":5:8)\n";
  LocationFreeText shown = LocationFreeText::fromMLIR(text);
  EXPECT_EQ(shown.text(), "#blocked = #ttg.blocked<{}>\n"
                          "tt.func @k(%x: i32, %y: i32) {\n"
                          "  %0 = arith.addi %x, %y : i32\n"
                          "  tt.print \"a loc(b)\"\n"
                          "}\n");
  EXPECT_EQ(shown.lineCount(), 5);
  EXPECT_EQ(shown.originalLine(1), 1);
  EXPECT_EQ(shown.originalLine(2), 3);
  EXPECT_EQ(shown.originalLine(3), 4);
  EXPECT_EQ(shown.originalLine(6), 0);
  EXPECT_EQ(shown.shownLine(4), 3);
  EXPECT_EQ(shown.shownLine(2), 0); // the #loc line
  EXPECT_EQ(shown.shownLine(7), 0);
}

TEST(LocationsTest, AliasLinesAreOnlyLocations) {
  EXPECT_TRUE(isLocationAliasLine("#loc12 = loc(\"k.py\":1:2)"));
  EXPECT_TRUE(isLocationAliasLine("#loc = loc(unknown)"));
  EXPECT_FALSE(isLocationAliasLine("#local = #ttg.blocked<{}>"));
  EXPECT_FALSE(isLocationAliasLine("  %0 = arith.constant 0 : i32 loc(#loc)"));
}
