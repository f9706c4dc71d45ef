// PlaygroundSupportTest: the playground's command line, colours and PNG encoder, without a window.
#include "OwnershipColours.h"
#include "PlaygroundOptions.h"
#include "PngReader.h"
#include "PngWriter.h"

#include <gtest/gtest.h>

namespace trex::playground {
namespace {

// Parses a command line the way main() does.
std::string resolve(std::vector<std::string> args, PlaygroundParameters &parameters,
                    PlaygroundView &view, PlaygroundOptions &options) {
  CLI::App app;
  setupPlaygroundOptions(app, options);
  std::reverse(args.begin(), args.end());
  app.parse(args);
  return resolvePlaygroundOptions(options, parameters, view);
}

TEST(PlaygroundOptions, FamilyShapeAndAccessFlags) {
  PlaygroundParameters parameters;
  PlaygroundView view = PlaygroundView::Tensor;
  PlaygroundOptions options;
  EXPECT_EQ(resolve({"--screenshot", "out.png", "--family", "swizzled_shared", "--shape", "64,16",
                     "--element-bits", "32", "--vector-width", "4", "--view", "hardware"},
                    parameters, view, options),
            "");
  EXPECT_EQ(options.screenshotPath, "out.png");
  EXPECT_EQ(parameters.family, PlaygroundFamily::SwizzledShared);
  EXPECT_EQ(parameters.shape, (std::vector<int64_t>{64, 16}));
  EXPECT_EQ(parameters.sharedElementBitWidth, 32u);
  EXPECT_EQ(parameters.accessVectorWidth, 4u);
  EXPECT_EQ(view, PlaygroundView::Hardware);
}

TEST(PlaygroundOptions, AttributeAndRankThree) {
  PlaygroundParameters parameters;
  PlaygroundView view = PlaygroundView::Tensor;
  PlaygroundOptions options;
  EXPECT_EQ(resolve({"--attribute",
                     "#ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [2, 4, 4], "
                     "warpsPerCTA = [1, 2, 2], order = [2, 1, 0]}>",
                     "--shape", "2,8,8"},
                    parameters, view, options),
            "");
  EXPECT_EQ(parameters.family, PlaygroundFamily::Blocked);
  EXPECT_EQ(parameters.blocked.threadsPerWarp, (std::vector<unsigned>{2, 4, 4}));
  EXPECT_EQ(parameters.shape, (std::vector<int64_t>{2, 8, 8}));
}

TEST(PlaygroundOptions, UnknownFamilyAndBadAttributeAreErrors) {
  PlaygroundParameters parameters;
  PlaygroundView view;
  PlaygroundOptions options;
  EXPECT_NE(resolve({"--family", "tiled"}, parameters, view, options), "");
  PlaygroundOptions again;
  EXPECT_NE(resolve({"--attribute", "#ttg.blocked<{"}, parameters, view, again), "");
}

TEST(OwnershipColours, WarpsDifferInHueLanesInBrightness) {
  Colour warp0 = ownerColour(0, 0, 32), warp1 = ownerColour(1, 0, 32);
  EXPECT_NE(warp0.packed(), warp1.packed());
  Colour lastLane = ownerColour(0, 31, 32);
  auto brightness = [](const Colour &c) { return c.r + c.g + c.b; };
  EXPECT_GT(brightness(warp0), brightness(lastLane));
  EXPECT_EQ(ownerColour(2, 5, 32).packed() >> 24, 0xFFu); // opaque
  EXPECT_NE(swizzlePhaseColour(0).packed(), swizzlePhaseColour(1).packed());
  EXPECT_NE(bankColour(0).packed(), bankColour(16).packed());
}

TEST(PngWriter, DecodesBackToTheSamePixels) {
  std::vector<uint8_t> pixels;
  for (int i = 0; i < 5 * 3 * 3; ++i)
    pixels.push_back(static_cast<uint8_t>(i * 37));
  std::vector<uint8_t> file = encodePng(5, 3, 3, pixels);
  testing::DecodedPng image;
  std::string error;
  ASSERT_TRUE(testing::decodePng(file, image, error)) << error;
  EXPECT_EQ(image.width, 5);
  EXPECT_EQ(image.height, 3);
  EXPECT_EQ(image.channels, 3);
  EXPECT_EQ(image.pixels, pixels);

  // A flipped byte anywhere in a chunk breaks its CRC.
  file[40] ^= 0x10;
  EXPECT_FALSE(testing::decodePng(file, image, error));
  EXPECT_THROW(encodePng(5, 3, 3, std::vector<uint8_t>(10)), std::runtime_error);
}

} // namespace
} // namespace trex::playground
