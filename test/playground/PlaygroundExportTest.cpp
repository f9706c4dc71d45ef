// PlaygroundExportTest: the playground's saves write real files, read back and checked here.
// They are compared with layoutviz's SVG, the attribute text and the framebuffer pixels; a save
// that cannot be written says clearly why.
#include "TestFiles.h"
#include "PlaygroundExport.h"
#include "PngReader.h"

#include "layoutviz/AttributeText.h"
#include "layoutviz/LayoutSvg.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace trex::playground {
namespace {

std::string readText(const std::string &path) { return trex::test::readFile(path); }

// A fresh path in the test's temporary directory.
std::string temporaryPath(const std::string &name) {
  std::string path = ::testing::TempDir() + "playground-export-" + name;
  std::remove(path.c_str());
  return path;
}

PlaygroundParameters sharedParameters() {
  PlaygroundParameters parameters;
  parameters.family = PlaygroundFamily::SwizzledShared;
  parameters.shape = {16, 64};
  return parameters;
}

TEST(PlaygroundExport, PathsTakeTheFormatsExtension) {
  EXPECT_EQ(exportPath("layout", ExportFormat::Svg), "layout.svg");
  EXPECT_EQ(exportPath("layout", ExportFormat::Png), "layout.png");
  EXPECT_EQ(exportPath("layout", ExportFormat::AttributeText), "layout.txt");
  EXPECT_EQ(exportPath("out/a.png", ExportFormat::Svg), "out/a.svg");
  EXPECT_EQ(exportPath("out/a.svg", ExportFormat::AttributeText), "out/a.txt");
  EXPECT_EQ(exportPath("notes.v2", ExportFormat::Svg), "notes.v2.svg");
  EXPECT_EQ(exportPath(".svg", ExportFormat::Png), ".svg.png");
  EXPECT_EQ(exportPath("", ExportFormat::Svg), "");
  EXPECT_EQ(exportPath(kDefaultExportName, ExportFormat::Svg), "layout.svg");
}

TEST(PlaygroundExport, SvgIsLayoutvizsPictureOfTheShownView) {
  PlaygroundState blocked;
  ASSERT_TRUE(blocked.ok());
  const std::string path = temporaryPath("blocked.svg");
  ExportResult result = exportSvg(blocked, PlaygroundView::Tensor, path);
  ASSERT_TRUE(result.ok) << result.message;
  const std::string written = readText(path);
  EXPECT_EQ(written, layoutviz::renderLayoutSvg(blocked.layout(), blocked.shape(),
                                                layoutviz::LayoutView::Tensor));
  EXPECT_EQ(written.rfind("<svg", 0), 0u);
  EXPECT_NE(written.find("</svg>"), std::string::npos);
  EXPECT_EQ(result.message,
            "wrote " + path + " (" + std::to_string((written.size() + 512) / 1024) + " KB)");
  // The hardware tab saves the per-warp tables instead, over the same file.
  ASSERT_TRUE(exportSvg(blocked, PlaygroundView::Hardware, path).ok);
  EXPECT_EQ(readText(path), layoutviz::renderLayoutSvg(blocked.layout(), blocked.shape(),
                                                       layoutviz::LayoutView::Hardware));
  EXPECT_NE(readText(path), written);
  // A shared layout: its offset grid.
  PlaygroundState shared(sharedParameters());
  ASSERT_TRUE(shared.ok()) << shared.error();
  ASSERT_TRUE(exportSvg(shared, PlaygroundView::Tensor, path).ok);
  EXPECT_EQ(readText(path), layoutviz::renderLayoutSvg(shared.layout(), shared.shape(),
                                                       layoutviz::LayoutView::Tensor));
}

TEST(PlaygroundExport, AttributeTextReadsBackAsTheLayout) {
  PlaygroundState shared(sharedParameters());
  const std::string path = temporaryPath("attribute.txt");
  ExportResult result = exportAttributeText(shared, path);
  ASSERT_TRUE(result.ok) << result.message;
  const std::string written = readText(path);
  EXPECT_EQ(written, shared.attributeText() + "\n");
  EXPECT_EQ(written,
            "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>\n");
  layoutviz::AttributeParseResult parsed =
      layoutviz::parseLayoutAttribute(written.substr(0, written.size() - 1));
  ASSERT_TRUE(parsed.ok()) << parsed.error;
  EXPECT_EQ(layoutviz::formatLayoutAttribute(*parsed.layout), shared.attributeText());
  EXPECT_EQ(result.message, "wrote " + path + " (" + std::to_string(written.size()) + " bytes)");
}

TEST(PlaygroundExport, PngIsThePartOfTheFramebufferAsked) {
  // A 10 x 6 framebuffer whose every pixel encodes its position.
  const int width = 10, height = 6;
  std::vector<uint8_t> rgb;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      rgb.insert(rgb.end(), {static_cast<uint8_t>(x), static_cast<uint8_t>(y), 200});
  const std::string path = temporaryPath("view.png");
  ExportResult result = exportPng(path, rgb, width, height, {3, 1, 4, 2});
  ASSERT_TRUE(result.ok) << result.message;
  EXPECT_NE(result.message.find(": 4x2 pixels from (3, 1)"), std::string::npos) << result.message;
  testing::DecodedPng image;
  std::string error;
  ASSERT_TRUE(testing::decodePng(testing::readFileBytes(path), image, error)) << error;
  ASSERT_EQ(image.width, 4);
  ASSERT_EQ(image.height, 2);
  ASSERT_EQ(image.channels, 3);
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 4; ++x) {
      const uint8_t *pixel = &image.pixels[(y * 4 + x) * 3];
      EXPECT_EQ(pixel[0], 3 + x);
      EXPECT_EQ(pixel[1], 1 + y);
      EXPECT_EQ(pixel[2], 200);
    }
  // A rectangle reaching past the framebuffer is clipped to it.
  ASSERT_TRUE(exportPng(path, rgb, width, height, {8, 4, 10, 10}).ok);
  ASSERT_TRUE(testing::decodePng(testing::readFileBytes(path), image, error)) << error;
  EXPECT_EQ(image.width, 2);
  EXPECT_EQ(image.height, 2);
  EXPECT_EQ(image.pixels[0], 8);
  EXPECT_EQ(image.pixels[1], 4);
  // Nothing of it on screen: an error, and no file.
  const std::string offscreen = temporaryPath("offscreen.png");
  result = exportPng(offscreen, rgb, width, height, {20, 0, 5, 5});
  EXPECT_FALSE(result.ok);
  EXPECT_EQ(result.message, "nothing to save: the view has no pixels on screen");
  EXPECT_TRUE(testing::readFileBytes(offscreen).empty());
}

TEST(PlaygroundExport, WriteErrorsSayWhichFileAndWhy) {
  PlaygroundState blocked;
  const std::string missing = ::testing::TempDir() + "no-such-directory/layout.svg";
  ExportResult result = exportSvg(blocked, PlaygroundView::Tensor, missing);
  EXPECT_FALSE(result.ok);
  EXPECT_EQ(result.message, "cannot write " + missing + ": No such file or directory");
  // A directory is not a file.
  result = exportAttributeText(blocked, ::testing::TempDir());
  EXPECT_FALSE(result.ok);
  EXPECT_EQ(result.message.rfind("cannot write " + ::testing::TempDir() + ": ", 0), 0u)
      << result.message;
  result = exportPng(missing, std::vector<uint8_t>(12, 0), 2, 2, {0, 0, 2, 2});
  EXPECT_FALSE(result.ok);
  EXPECT_EQ(result.message, "cannot write " + missing + ": No such file or directory");
  EXPECT_EQ(exportSvg(blocked, PlaygroundView::Tensor, "").message, "enter a file name to save to");
  // An invalid layout has nothing to save.
  PlaygroundParameters broken;
  broken.blocked.threadsPerWarp = {3, 8};
  PlaygroundState invalid(broken);
  ASSERT_FALSE(invalid.ok());
  result = exportAttributeText(invalid, temporaryPath("invalid.txt"));
  EXPECT_FALSE(result.ok);
  EXPECT_EQ(result.message, "nothing to save: the layout is invalid (" + invalid.error() + ")");
}

TEST(PlaygroundExport, AFailedSaveLeavesTheOlderFileAndNoTemporary) {
  PlaygroundState state;
  const std::string folder = temporaryPath("replace-folder");
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  const std::string path = folder + "/layout.txt";
  {
    std::ofstream older(path);
    older << "the user's older text";
  }
  ExportResult result = exportAttributeText(state, path);
  ASSERT_TRUE(result.ok) << result.message;
  EXPECT_EQ(readText(path).find("older"), std::string::npos);
  EXPECT_FALSE(readText(path).empty());
  // A folder where the file would go: the save fails, the folder stays and nothing else appears.
  const std::string blocked = folder + "/blocked.svg";
  std::filesystem::create_directories(blocked + "/inside");
  result = exportSvg(state, PlaygroundView::Tensor, blocked);
  EXPECT_FALSE(result.ok);
  EXPECT_EQ(result.message.rfind("cannot write " + blocked + ": ", 0), 0u) << result.message;
  EXPECT_TRUE(std::filesystem::is_directory(blocked + "/inside"));
  std::vector<std::string> names;
  for (const auto &entry : std::filesystem::directory_iterator(folder))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"blocked.svg", "layout.txt"}));
}

TEST(PlaygroundExport, ShortcutsParse) {
  Shortcut shortcut;
  EXPECT_EQ(parseShortcut("ctrl+s", shortcut), "");
  EXPECT_EQ(shortcut.letter, 'S');
  EXPECT_FALSE(shortcut.shift);
  EXPECT_EQ(parseShortcut("Ctrl+Shift+C", shortcut), "");
  EXPECT_EQ(shortcut.letter, 'C');
  EXPECT_TRUE(shortcut.shift);
  EXPECT_EQ(parseShortcut("s", shortcut), "shortcut 's' must start with ctrl+");
  EXPECT_EQ(parseShortcut("ctrl+F5", shortcut), "shortcut 'ctrl+F5' must end in one letter");
}

TEST(PlaygroundExport, TargetsAreFileNamesInTheChosenFolder) {
  EXPECT_EQ(exportTarget(".", "layout", ExportFormat::Svg).path, "layout.svg");
  EXPECT_EQ(exportTarget("", "a.png", ExportFormat::AttributeText).path, "a.txt");
  EXPECT_EQ(exportTarget("out", "a.png", ExportFormat::Svg).path, "out/a.svg");
  EXPECT_EQ(exportTarget("out/", "a", ExportFormat::Png).path, "out/a.png");
  for (const char *refused : {"../a", "/tmp/a", "sub/a", "..", ".", "a\\b"}) {
    ExportTarget target = exportTarget("out", refused, ExportFormat::Svg);
    EXPECT_TRUE(target.path.empty()) << refused;
    EXPECT_NE(target.error.find("is not a file name"), std::string::npos) << refused;
  }
  EXPECT_EQ(exportTarget("out", "", ExportFormat::Svg).error, "enter a file name to save to");
}

} // namespace
} // namespace trex::playground
