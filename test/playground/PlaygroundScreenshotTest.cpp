// PlaygroundScreenshotTest: trex-layout-playground renders one frame under Xvfb; the PNG is decoded and checked.
#include "OwnershipColours.h"
#include "PngReader.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>

namespace trex::playground {
namespace {

// Runs the playground under a throwaway X server and decodes the PNG it writes.
testing::DecodedPng screenshot(const std::string &name, const std::string &flags) {
  testing::DecodedPng image;
  std::string path = ::testing::TempDir() + "playground-" + name + ".png";
  std::remove(path.c_str());
  std::string command = std::string("xvfb-run -a -s '-screen 0 1280x1024x24' '") +
                        TREX_PLAYGROUND_EXE + "' --screenshot '" + path + "' " + flags;
  int status = std::system(command.c_str());
  EXPECT_EQ(status, 0) << command;
  std::string error;
  EXPECT_TRUE(testing::decodePng(testing::readFileBytes(path), image, error))
      << path << ": " << error;
  return image;
}

uint32_t rgbAt(const testing::DecodedPng &image, size_t pixel) {
  const uint8_t *p = &image.pixels[pixel * image.channels];
  return (uint32_t{p[0]} << 16) | (uint32_t{p[1]} << 8) | p[2];
}

uint32_t rgbOf(const Colour &colour) {
  uint32_t packed = colour.packed(); // 0xAABBGGRR
  return ((packed & 0xFF) << 16) | (packed & 0xFF00) | ((packed >> 16) & 0xFF);
}

std::map<uint32_t, size_t> histogram(const testing::DecodedPng &image) {
  std::map<uint32_t, size_t> counts;
  for (size_t pixel = 0; pixel < static_cast<size_t>(image.width) * image.height; ++pixel)
    ++counts[rgbAt(image, pixel)];
  return counts;
}

// The most common colour is the background; a real frame has plenty of anything else.
void expectMoreThanBackground(const std::map<uint32_t, size_t> &counts, size_t total) {
  size_t background = 0;
  for (const auto &[colour, count] : counts)
    background = std::max(background, count);
  EXPECT_LT(background, total * 9 / 10) << "the frame is almost all one colour";
  EXPECT_GT(counts.size(), 16u);
}

class PlaygroundScreenshot : public ::testing::Test {
protected:
  void SetUp() override {
    if (std::system("command -v xvfb-run > /dev/null 2>&1") != 0)
      GTEST_SKIP() << "xvfb-run is not installed; the playground screenshot is not checked";
  }
};

TEST_F(PlaygroundScreenshot, BlockedLayoutGridShowsEveryWarp) {
  testing::DecodedPng image = screenshot("blocked", "--width 1000 --height 700");
  ASSERT_EQ(image.width, 1000);
  ASSERT_EQ(image.height, 700);
  auto counts = histogram(image);
  expectMoreThanBackground(counts, 1000 * 700);
  // The default blocked layout has 4 warps; lane 0 of each paints whole cells in its colour.
  for (int warp = 0; warp < 4; ++warp)
    EXPECT_GT(counts[rgbOf(ownerColour(warp, 0, 32))], 200u) << "warp " << warp;
}

TEST_F(PlaygroundScreenshot, SwizzledSharedLayoutShowsSwizzlePhases) {
  testing::DecodedPng image =
      screenshot("swizzled", "--family swizzled_shared --shape 32,64 --width 1000 --height 700");
  ASSERT_EQ(image.width, 1000);
  auto counts = histogram(image);
  expectMoreThanBackground(counts, 1000 * 700);
  // vec 8, maxPhase 8: row r is XOR-ed with 8 * (r % 8); rows 0 and 1 are phases 0 and 8.
  EXPECT_GT(counts[rgbOf(swizzlePhaseColour(0))], 200u);
  EXPECT_GT(counts[rgbOf(swizzlePhaseColour(8))], 200u);
}

TEST_F(PlaygroundScreenshot, HoveringACellShowsItsOwners) {
  // The grid starts right of the 430-pixel controls and below the attribute, zoom and tab
  // rows; (520, 200) lies on one of the first cells, (20, 780) on empty control space.
  testing::DecodedPng away = screenshot("away", "--width 1000 --height 800 --hover 20,780");
  testing::DecodedPng over = screenshot("hover", "--width 1000 --height 800 --hover 520,200");
  ASSERT_EQ(away.pixels.size(), over.pixels.size());
  ASSERT_FALSE(away.pixels.empty());
  size_t changed = 0;
  for (size_t pixel = 0; pixel < static_cast<size_t>(away.width) * away.height; ++pixel)
    changed += rgbAt(away, pixel) != rgbAt(over, pixel);
  // A cell outline alone changes a few hundred pixels; the owners tooltip thousands.
  EXPECT_GT(changed, 3000u);
}

TEST_F(PlaygroundScreenshot, InvalidLayoutShowsTheErrorInsteadOfTheGrid) {
  testing::DecodedPng image = screenshot("invalid", "--shape 24,32 --width 800 --height 600");
  ASSERT_EQ(image.width, 800);
  ASSERT_EQ(image.height, 600);
  auto counts = histogram(image);
  EXPECT_GT(counts.size(), 4u); // the controls are still drawn
  EXPECT_EQ(counts.count(rgbOf(ownerColour(0, 0, 32))), 0u);
}

} // namespace
} // namespace trex::playground
