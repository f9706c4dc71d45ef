// PlaygroundFuzzTest: every slider combination the panel allows ends in a layout or an error message, never a crash.
#include "PlaygroundState.h"

#include <gtest/gtest.h>

#include <random>

namespace trex::playground {
namespace {

// Values the panel's power-of-two sliders can produce, between 2^lo and 2^hi.
class SliderDice {
public:
  explicit SliderDice(unsigned seed) : engine_(seed) {}

  unsigned power(int lo, int hi) {
    return 1u << std::uniform_int_distribution<int>(lo, hi)(engine_);
  }
  unsigned pick(std::initializer_list<unsigned> choices) {
    auto index = std::uniform_int_distribution<size_t>(0, choices.size() - 1)(engine_);
    return *(choices.begin() + index);
  }
  bool coin() { return std::uniform_int_distribution<int>(0, 1)(engine_) == 1; }
  std::vector<unsigned> perDim(size_t rank, int lo, int hi) {
    std::vector<unsigned> values;
    for (size_t i = 0; i < rank; ++i)
      values.push_back(power(lo, hi));
    return values;
  }
  std::vector<unsigned> order(size_t rank) {
    std::vector<unsigned> order(rank);
    for (size_t i = 0; i < rank; ++i)
      order[i] = static_cast<unsigned>(i);
    std::shuffle(order.begin(), order.end(), engine_);
    return order;
  }

private:
  std::mt19937 engine_;
};

PlaygroundParameters rollParameters(SliderDice &dice, PlaygroundFamily family) {
  PlaygroundParameters parameters;
  parameters.family = family;
  setRank(parameters, dice.pick({1, 2, 3}));
  const size_t rank = parameters.shape.size();
  for (auto &size : parameters.shape)
    size = dice.power(0, 7);
  parameters.blocked = {dice.perDim(rank, 0, 3), dice.perDim(rank, 0, 6), dice.perDim(rank, 0, 3),
                        dice.order(rank), {}};
  parameters.nvidiaMma.versionMajor = dice.pick({2, 3});
  parameters.nvidiaMma.warpsPerCTA = dice.perDim(rank, 0, 3);
  parameters.nvidiaMma.instrShape = dice.coin() ? std::vector<unsigned>{16, 8}
                                                : std::vector<unsigned>{16, dice.power(3, 8), 16};
  parameters.amdMfma.version = dice.pick({0, 1, 2, 3, 4});
  parameters.amdMfma.warpsPerCTA = dice.perDim(rank, 0, 3);
  parameters.amdMfma.instrShape = {dice.pick({4, 16, 32, 64}), dice.pick({4, 16, 32, 64}),
                                   dice.power(0, 6)};
  parameters.amdMfma.isTransposed = dice.coin();
  parameters.amdMfma.tilesPerWarp = dice.coin() ? dice.perDim(rank, 0, 2) : std::vector<unsigned>{};
  parameters.amdMfma.elementBitWidth = dice.pick({32, 64});
  parameters.amdWmma.version = dice.pick({1, 2, 3});
  parameters.amdWmma.isTranspose = dice.coin();
  parameters.amdWmma.warpsPerCTA = dice.perDim(rank, 0, 3);
  parameters.amdWmma.instrShape = {dice.power(3, 5), 16, dice.power(2, 6)};
  parameters.swizzledShared = {dice.power(0, 4), dice.power(0, 3), dice.power(0, 4),
                               dice.order(rank), {}};
  parameters.amdRotatingShared = {dice.power(0, 4), dice.power(0, 3), dice.power(0, 4),
                                  dice.order(rank), {}};
  parameters.nvmmaShared.swizzlingByteWidth = dice.pick({0, 32, 64, 128});
  parameters.nvmmaShared.transposed = dice.coin();
  parameters.nvmmaShared.fp4Padded = dice.coin();
  parameters.sliceDim = dice.pick({0, 1, 2}) % rank;
  parameters.sliceParent = static_cast<ParentFamily>(dice.pick({0, 1, 2, 3}));
  parameters.dotParent = static_cast<ParentFamily>(dice.pick({0, 1, 2, 3}));
  parameters.opIdx = dice.pick({0, 1});
  parameters.kWidth = dice.power(0, 4);
  parameters.sharedElementBitWidth = dice.pick({8, 16, 32, 64});
  parameters.access = {dice.perDim(rank, 0, 3), dice.perDim(rank, 0, 6), dice.perDim(rank, 0, 3),
                       dice.order(rank), {}};
  parameters.accessVectorWidth = dice.power(0, 4);
  return parameters;
}

TEST(PlaygroundFuzz, EverySliderCombinationGivesALayoutOrAnError) {
  SliderDice dice(20240601);
  int built = 0, refused = 0;
  for (int family = 0; family < kNumPlaygroundFamilies; ++family) {
    for (int round = 0; round < 150; ++round) {
      PlaygroundParameters parameters =
          rollParameters(dice, static_cast<PlaygroundFamily>(family));
      PlaygroundState state(parameters);
      if (state.ok()) {
        ++built;
        EXPECT_EQ(state.cells().rows() * state.cells().cols(),
                  static_cast<int64_t>(state.cells().cells().size()));
        EXPECT_FALSE(state.attributeText().empty());
        if (state.isShared())
          EXPECT_TRUE(state.bankConflicts() || !state.bankConflictError().empty());
      } else {
        ++refused;
        EXPECT_FALSE(state.error().empty());
      }
    }
  }
  // Both outcomes must actually be exercised for the test to mean anything.
  EXPECT_GT(built, 50);
  EXPECT_GT(refused, 50);
}

} // namespace
} // namespace trex::playground
