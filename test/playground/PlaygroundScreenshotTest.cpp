// PlaygroundScreenshotTest: trex-layout-playground renders one frame under Xvfb; the PNG is decoded and checked.
#include "TestFiles.h"
#include "OwnershipColours.h"
#include "PlaygroundState.h"
#include "PngReader.h"

#include "layoutviz/LayoutSvg.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

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

// Runs `command`, returning its exit status and what it printed (stdout and stderr).
int runCapturing(const std::string &command, std::string &output) {
  FILE *pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe)
    return -1;
  char buffer[512];
  while (size_t read = fread(buffer, 1, sizeof buffer, pipe))
    output.append(buffer, read);
  return pclose(pipe);
}

std::string readText(const std::string &path) { return trex::test::readFile(path); }

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

TEST_F(PlaygroundScreenshot, ShortcutsSaveTheLayoutTheViewAndTheAttribute) {
  // Ctrl+S, Ctrl+P and Ctrl+T pressed in the window, one frame each, saving under the name
  // given for the "Save as" field.
  std::string folder = ::testing::TempDir();
  if (!folder.empty() && folder.back() == '/')
    folder.pop_back();
  const std::string name = folder + "/playground-saved";
  const std::string shot = ::testing::TempDir() + "playground-saved-shot.png";
  for (const char *extension : {".svg", ".png", ".txt"})
    std::remove((name + extension).c_str());
  std::string output;
  const std::string command = std::string("xvfb-run -a -s '-screen 0 1280x1024x24' '") +
                              TREX_PLAYGROUND_EXE + "' --screenshot '" + shot +
                              "' --width 1000 --height 700 --export-dir '" + folder +
                              "' --export-name playground-saved --press ctrl+s,ctrl+p,ctrl+t";
  ASSERT_EQ(runCapturing(command, output), 0) << command << "\n" << output;
  EXPECT_NE(output.find("wrote " + name + ".svg"), std::string::npos) << output;

  // The SVG and the text are layoutviz's for the layout the window shows (the defaults).
  PlaygroundState state;
  ASSERT_TRUE(state.ok());
  EXPECT_EQ(readText(name + ".svg"), layoutviz::renderLayoutSvg(state.layout(), state.shape(),
                                                                layoutviz::LayoutView::Tensor));
  EXPECT_EQ(readText(name + ".txt"), state.attributeText() + "\n");

  // The PNG is the views pane of the frame: the same pixels as that part of the screenshot.
  std::smatch place;
  ASSERT_TRUE(
      std::regex_search(output, place, std::regex(R"(: (\d+)x(\d+) pixels from \((\d+), (\d+)\))")))
      << output;
  const int width = std::stoi(place[1]), height = std::stoi(place[2]);
  const int left = std::stoi(place[3]), top = std::stoi(place[4]);
  testing::DecodedPng view, frame;
  std::string error;
  ASSERT_TRUE(testing::decodePng(testing::readFileBytes(name + ".png"), view, error)) << error;
  ASSERT_TRUE(testing::decodePng(testing::readFileBytes(shot), frame, error)) << error;
  ASSERT_EQ(view.width, width);
  ASSERT_EQ(view.height, height);
  // Right of the 430-pixel controls, most of the window's height.
  EXPECT_GT(left, 430);
  EXPECT_GT(width, 400);
  EXPECT_GT(height, 600);
  ASSERT_LE(left + width, frame.width);
  ASSERT_LE(top + height, frame.height);
  size_t different = 0;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      different += rgbAt(view, static_cast<size_t>(y) * width + x) !=
                   rgbAt(frame, static_cast<size_t>(top + y) * frame.width + left + x);
  EXPECT_EQ(different, 0u);
  // And it shows the grid: warp 0's colour fills cells.
  EXPECT_GT(histogram(view)[rgbOf(ownerColour(0, 0, 32))], 200u);
}

TEST_F(PlaygroundScreenshot, ASaveThatCannotBeWrittenSaysWhy) {
  const std::string folder = ::testing::TempDir() + "no-such-directory";
  const std::string name = folder + "/layout";
  std::string output;
  const std::string command = std::string("xvfb-run -a -s '-screen 0 1280x1024x24' '") +
                              TREX_PLAYGROUND_EXE + "' --screenshot '" + ::testing::TempDir() +
                              "playground-unsaved.png' --export-dir '" + folder +
                              "' --export-name layout --press ctrl+s";
  EXPECT_NE(runCapturing(command, output), 0) << command;
  EXPECT_NE(output.find("cannot write " + name + ".svg: No such file or directory"),
            std::string::npos)
      << output;
}

// Saving over an existing file asks first: one Ctrl+S reports it and keeps the file, a second
// replaces it; --force replaces at once; a name with a folder in it is refused.
TEST_F(PlaygroundScreenshot, ReplacingAFileNeedsAConfirmation) {
  std::string folder = ::testing::TempDir();
  if (!folder.empty() && folder.back() == '/')
    folder.pop_back();
  const std::string file = folder + "/playground-existing.svg";
  const std::string shot = ::testing::TempDir() + "playground-existing-shot.png";
  auto run = [&](const std::string &flags, std::string &output) {
    const std::string command = std::string("xvfb-run -a -s '-screen 0 1280x1024x24' '") +
                                TREX_PLAYGROUND_EXE + "' --screenshot '" + shot +
                                "' --width 1000 --height 700 --export-dir '" + folder + "' " +
                                flags;
    return runCapturing(command, output);
  };
  auto writeOld = [&] {
    std::FILE *out = std::fopen(file.c_str(), "w");
    ASSERT_NE(out, nullptr);
    std::fputs("old", out);
    std::fclose(out);
  };
  std::string output;
  writeOld();
  EXPECT_NE(run("--export-name playground-existing --press ctrl+s", output), 0);
  EXPECT_NE(output.find(file + " exists: save again (or Replace) to replace it"), std::string::npos)
      << output;
  EXPECT_EQ(readText(file), "old");

  // The first press asks (a save not done: a nonzero exit), the second replaces.
  EXPECT_NE(run("--export-name playground-existing --press ctrl+s,ctrl+s", output), 0);
  EXPECT_NE(output.find("wrote " + file), std::string::npos) << output;
  EXPECT_NE(readText(file), "old");

  writeOld();
  EXPECT_EQ(run("--export-name playground-existing --force --press ctrl+s", output), 0) << output;
  EXPECT_NE(readText(file), "old");

  EXPECT_NE(run("--export-name ../escape --press ctrl+s", output), 0);
  EXPECT_NE(output.find("'../escape' is not a file name"), std::string::npos) << output;
}

} // namespace
} // namespace trex::playground
