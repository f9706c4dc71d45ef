// TritonFixtureThroughMlirTest: every layout real Triton 3.6 computed, read by trex's ttg dialect and adapted.
//
// The path is the one the layout tools take: the fixture's attribute text is parsed and
// verified by MLIR, the attribute is adapted to a layoutviz descriptor, and the linear layout
// and both text views must equal what Triton produced.
#include "TritonLayoutFixtures.h"

#include "trex/InitAllDialects.h"
#include "trex/Layout/LayoutAdapter.h"
#include "trex/Layout/LayoutParsing.h"
#include "trex/Layout/LayoutRendering.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

namespace trex::layout {
namespace {

using layoutviz::testing::TritonLayoutRecord;

class TritonFixtureThroughMlirTest : public ::testing::TestWithParam<TritonLayoutRecord> {
protected:
  TritonFixtureThroughMlirTest() {
    mlir::DialectRegistry registry;
    registerAllDialects(registry);
    context.appendDialectRegistry(registry);
  }

  mlir::Attribute parse(const std::string &text) { return parseLayoutAttribute(text, &context); }

  mlir::MLIRContext context;
  // Collects diagnostics so a failure says what MLIR or the adapter objected to.
  std::string diagnostics;
  mlir::ScopedDiagnosticHandler handler{&context, [this](mlir::Diagnostic &diagnostic) {
                                          diagnostics += diagnostic.str() + "\n";
                                          return mlir::success();
                                        }};
};

TEST_P(TritonFixtureThroughMlirTest, BasesMatchTriton) {
  const TritonLayoutRecord &record = GetParam();
  mlir::Attribute attr = parse(record.attribute);
  ASSERT_TRUE(attr) << diagnostics;
  auto emit = [this] { return mlir::emitError(mlir::UnknownLoc::get(&context)); };
  mlir::FailureOr<layoutviz::LinearLayout> layout = toLinearLayout(attr, record.shape, emit);
  ASSERT_TRUE(mlir::succeeded(layout)) << diagnostics;

  EXPECT_EQ(layout->getNumInDims(), static_cast<int>(record.bases.size())) << *layout;
  for (const auto &[inDim, expected] : record.bases) {
    ASSERT_TRUE(layout->hasInDim(inDim)) << "missing in-dim " << inDim << *layout;
    EXPECT_EQ(layout->getInDimBases(inDim), expected) << "in-dim " << inDim << *layout;
  }
  std::vector<int32_t> expectedSizes(record.shape.begin(), record.shape.end());
  EXPECT_EQ(layout->getOutDimSizes(), expectedSizes);
}

TEST_P(TritonFixtureThroughMlirTest, TextViewsMatchTriton) {
  const TritonLayoutRecord &record = GetParam();
  if (!record.tensorView && !record.hardwareView)
    GTEST_SKIP() << "the record carries bases only";
  mlir::Attribute attr = parse(record.attribute);
  ASSERT_TRUE(attr) << diagnostics;
  auto emit = [this] { return mlir::emitError(mlir::UnknownLoc::get(&context)); };
  if (record.tensorView) {
    auto view = renderLayout(attr, record.shape, LayoutFormat::Text,
                             layoutviz::LayoutView::Tensor, emit);
    ASSERT_TRUE(mlir::succeeded(view)) << diagnostics;
    EXPECT_EQ(*view, *record.tensorView);
  }
  if (record.hardwareView) {
    auto view = renderLayout(attr, record.shape, LayoutFormat::Text,
                             layoutviz::LayoutView::Hardware, emit);
    ASSERT_TRUE(mlir::succeeded(view)) << diagnostics;
    EXPECT_EQ(*view, *record.hardwareView);
  }
}

// triton-tensor-layout echoes the attribute before its view; trex prints it with its own
// dialect, which must spell it as Triton did.
TEST_P(TritonFixtureThroughMlirTest, AttributePrintsAsTritonWroteIt) {
  const TritonLayoutRecord &record = GetParam();
  mlir::Attribute attr = parse(record.attribute);
  ASSERT_TRUE(attr) << diagnostics;
  std::string printed;
  llvm::raw_string_ostream(printed) << attr;
  EXPECT_EQ(printed, record.attribute);
}

std::string recordName(const ::testing::TestParamInfo<TritonLayoutRecord> &info) {
  return info.param.kind + "_" + std::to_string(info.index);
}

// Without the fixture file there are no records to instantiate; FixtureFile.IsReadable then
// fails with the reason instead of the test binary aborting while tests are listed.
std::vector<TritonLayoutRecord> recordsIfReadable() {
  try {
    return layoutviz::testing::loadTritonLayoutRecords();
  } catch (const std::exception &) {
    return {};
  }
}

INSTANTIATE_TEST_SUITE_P(Triton36, TritonFixtureThroughMlirTest,
                         ::testing::ValuesIn(recordsIfReadable()), recordName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(TritonFixtureThroughMlirTest);

TEST(FixtureFile, IsReadable) {
  try {
    EXPECT_FALSE(layoutviz::testing::loadTritonLayoutRecords().empty());
  } catch (const std::exception &error) {
    FAIL() << error.what();
  }
}

} // namespace
} // namespace trex::layout
