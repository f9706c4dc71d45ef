// LayoutBankConflictsTest: wavefront counts of register <-> shared moves, given as ttg attributes.
#include "trex/InitAllDialects.h"
#include "trex/Layout/LayoutBankConflicts.h"
#include "trex/Layout/LayoutParsing.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

namespace trex::layout {
namespace {

// Lane i holds row i of a 32x32 f32 tile, one column per register: a register moves a column.
constexpr const char *kLanePerRow = "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], "
                                    "warpsPerCTA = [1, 1], order = [0, 1]}>";

class LayoutBankConflictsTest : public ::testing::Test {
protected:
  LayoutBankConflictsTest() {
    mlir::DialectRegistry registry;
    registerAllDialects(registry);
    context.appendDialectRegistry(registry);
  }

  mlir::FailureOr<layoutviz::BankConflictReport> analyze(const char *registers, const char *shared,
                                                         unsigned vectorWidth = 1) {
    mlir::Attribute registerLayout = parseLayoutAttribute(registers, &context);
    mlir::Attribute sharedLayout = parseLayoutAttribute(shared, &context);
    EXPECT_TRUE(registerLayout && sharedLayout) << diagnostics;
    auto emit = [this] { return mlir::emitError(mlir::UnknownLoc::get(&context)); };
    return analyzeBankConflicts(registerLayout, sharedLayout, {32, 32},
                                layoutviz::SharedMemoryAccess{32, vectorWidth}, emit);
  }

  mlir::MLIRContext context;
  std::string diagnostics;
  mlir::ScopedDiagnosticHandler handler{&context, [this](mlir::Diagnostic &diagnostic) {
                                          diagnostics += diagnostic.str() + "\n";
                                          return mlir::success();
                                        }};
};

// Row-major rows of 32 words: a column sits in one bank, so 32 lanes need 32 wavefronts.
TEST_F(LayoutBankConflictsTest, ColumnOfAnUnswizzledTileHitsOneBank) {
  auto report =
      analyze(kLanePerRow, "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>");
  ASSERT_TRUE(mlir::succeeded(report)) << diagnostics;
  EXPECT_EQ(report->idealWavefronts, 1);
  EXPECT_EQ(report->maxWavefronts, 32);
  EXPECT_EQ(report->totalWavefronts, 32 * 32);
  EXPECT_FALSE(report->isConflictFree());
}

// XOR-ing the column with the row spreads every column over all 32 banks.
TEST_F(LayoutBankConflictsTest, FullSwizzleMakesTheColumnConflictFree) {
  auto report = analyze(kLanePerRow,
                        "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 32, order = [1, 0]}>");
  ASSERT_TRUE(mlir::succeeded(report)) << diagnostics;
  EXPECT_EQ(report->maxWavefronts, 1);
  EXPECT_TRUE(report->isConflictFree());
}

TEST_F(LayoutBankConflictsTest, LayoutsMustBeOfTheRightKind) {
  const char *shared = "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>";
  EXPECT_TRUE(mlir::failed(analyze(shared, shared)));
  EXPECT_NE(diagnostics.find("the register layout must be a distributed layout"), std::string::npos)
      << diagnostics;
  diagnostics.clear();
  EXPECT_TRUE(mlir::failed(analyze(kLanePerRow, kLanePerRow)));
  EXPECT_NE(diagnostics.find("bank conflicts need a shared-memory layout"), std::string::npos)
      << diagnostics;
}

TEST_F(LayoutBankConflictsTest, ImpossibleAccessWidthIsADiagnostic) {
  // 32 registers of 4 bytes: a vector of 8 would move 32 bytes per lane.
  auto report = analyze(kLanePerRow,
                        "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>",
                        /*vectorWidth=*/8);
  EXPECT_TRUE(mlir::failed(report));
  EXPECT_NE(diagnostics.find("cannot analyse bank conflicts"), std::string::npos) << diagnostics;
}

} // namespace
} // namespace trex::layout
