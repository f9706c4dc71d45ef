// TritonFixtureTest: every layout real Triton 3.6 computed must come out identical here.
#include "TritonLayoutFixtures.h"

#include "layoutviz/AttributeText.h"
#include "layoutviz/Layout.h"
#include "layoutviz/LayoutText.h"

#include <gtest/gtest.h>

#include <set>

namespace trex::layoutviz {
namespace {

using testing::TritonLayoutRecord;

class TritonFixtureTest : public ::testing::TestWithParam<TritonLayoutRecord> {};

TEST_P(TritonFixtureTest, BasesAndBothViewsMatchTriton) {
  const TritonLayoutRecord &record = GetParam();
  SCOPED_TRACE(record.label());
  AttributeParseResult parsed = parseLayoutAttribute(record.attribute);
  ASSERT_TRUE(parsed.ok()) << parsed.error;
  LinearLayout layout = toLinearLayout(*parsed.layout, record.shape);

  for (const auto &[inDim, expected] : record.bases) {
    ASSERT_TRUE(layout.hasInDim(inDim)) << "missing in-dim " << inDim << layout.toString();
    EXPECT_EQ(layout.getInDimBases(inDim), expected) << "in-dim " << inDim << layout.toString();
  }
  EXPECT_EQ(layout.getNumInDims(), static_cast<int>(record.bases.size()));
  std::vector<int32_t> expectedSizes(record.shape.begin(), record.shape.end());
  EXPECT_EQ(layout.getOutDimSizes(), expectedSizes);

  bool shared = isSharedMemoryLayout(*parsed.layout);
  auto render = [&](LayoutView view) {
    return shared ? renderSharedLayoutText(layout, view) : renderDistributedLayoutText(layout, view);
  };
  if (record.tensorView) {
    EXPECT_EQ(render(LayoutView::Tensor), *record.tensorView) << "tensor view differs";
  }
  if (record.hardwareView) {
    EXPECT_EQ(render(LayoutView::Hardware), *record.hardwareView) << "hardware view differs";
  }
}

std::string recordName(const ::testing::TestParamInfo<TritonLayoutRecord> &info) {
  return info.param.kind + "_" + std::to_string(info.index);
}

INSTANTIATE_TEST_SUITE_P(Triton36, TritonFixtureTest,
                         ::testing::ValuesIn(testing::loadTritonLayoutRecords()), recordName);

TEST(TritonFixtureFile, HoldsEveryFamilyTheSpecNames) {
  std::set<std::string> kinds;
  for (const auto &record : testing::loadTritonLayoutRecords())
    kinds.insert(record.kind);
  for (const char *kind : {"blocked", "slice", "nvidia_mma", "dot_op", "amd_mfma", "linear"})
    EXPECT_TRUE(kinds.count(kind)) << kind;
}

} // namespace
} // namespace trex::layoutviz
