// PlaygroundExport: files are written whole (a temporary file renamed into place) or the error
// says which path failed and why (errno).
#include "PlaygroundExport.h"

#include "PngWriter.h"

#include "layoutviz/LayoutSvg.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <fstream>

#include <unistd.h>

namespace trex::playground {
namespace {

const char *extensionOf(ExportFormat format) {
  switch (format) {
  case ExportFormat::Svg:
    return ".svg";
  case ExportFormat::Png:
    return ".png";
  case ExportFormat::AttributeText:
    return ".txt";
  }
  return "";
}

std::string sizeText(size_t bytes) {
  return bytes < 10 * 1024 ? std::to_string(bytes) + " bytes"
                           : std::to_string((bytes + 512) / 1024) + " KB";
}

// The bytes go to a temporary file beside `path`, renamed over it once complete: a failed
// write leaves the older file (or none) under the name, never half a file.
ExportResult writeFile(const std::string &path, const char *data, size_t size) {
  if (path.empty())
    return {false, "enter a file name to save to"};
  static std::atomic<unsigned> counter{0};
  const std::string temporary =
      path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
  auto failed = [&](int error) {
    std::remove(temporary.c_str());
    return ExportResult{false, "cannot write " + path +
                                   (error ? std::string(": ") + std::strerror(error) : "")};
  };
  errno = 0;
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (out)
      out.write(data, static_cast<std::streamsize>(size));
    if (out)
      out.close();
    if (!out)
      return failed(errno);
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0)
    return failed(errno);
  return {true, "wrote " + path + " (" + sizeText(size) + ")"};
}

ExportResult nothingToExport(const PlaygroundState &state) {
  return {false, "nothing to save: the layout is invalid (" + state.error() + ")"};
}

} // namespace

std::string exportPath(const std::string &name, ExportFormat format) {
  if (name.empty())
    return {};
  std::string base = name;
  for (ExportFormat known : {ExportFormat::Svg, ExportFormat::Png, ExportFormat::AttributeText}) {
    std::string extension = extensionOf(known);
    if (base.size() > extension.size() &&
        base.compare(base.size() - extension.size(), extension.size(), extension) == 0) {
      base.resize(base.size() - extension.size());
      break;
    }
  }
  return base + extensionOf(format);
}

ExportTarget exportTarget(const std::string &folder, const std::string &name, ExportFormat format) {
  if (name.empty())
    return {{}, "enter a file name to save to"};
  if (name.find('/') != std::string::npos || name.find('\\') != std::string::npos || name == "." ||
      name == "..")
    return {{}, "'" + name + "' is not a file name: type the folder in the Folder field"};
  std::string file = exportPath(name, format);
  if (folder.empty() || folder == ".")
    return {file, {}};
  return {folder + (folder.back() == '/' ? "" : "/") + file, {}};
}

ExportResult exportSvg(const PlaygroundState &state, PlaygroundView view, const std::string &path) {
  if (!state.ok())
    return nothingToExport(state);
  std::string svg;
  try {
    svg = layoutviz::renderLayoutSvg(state.layout(), state.shape(),
                                     view == PlaygroundView::Hardware
                                         ? layoutviz::LayoutView::Hardware
                                         : layoutviz::LayoutView::Tensor);
  } catch (const std::exception &error) {
    return {false, std::string("cannot draw the SVG: ") + error.what()};
  }
  return writeFile(path, svg.data(), svg.size());
}

ExportResult exportAttributeText(const PlaygroundState &state, const std::string &path) {
  if (!state.ok())
    return nothingToExport(state);
  std::string text = state.attributeText() + "\n";
  return writeFile(path, text.data(), text.size());
}

std::vector<uint8_t> cropRgb(const std::vector<uint8_t> &rgb, int width, int height,
                             PixelRect &crop) {
  int left = std::clamp(crop.x, 0, width), top = std::clamp(crop.y, 0, height);
  int right = std::clamp(crop.x + crop.width, 0, width);
  int bottom = std::clamp(crop.y + crop.height, 0, height);
  crop = {left, top, std::max(0, right - left), std::max(0, bottom - top)};
  std::vector<uint8_t> result;
  if (crop.width == 0 || crop.height == 0 ||
      rgb.size() < static_cast<size_t>(width) * static_cast<size_t>(height) * 3)
    return result;
  result.reserve(static_cast<size_t>(crop.width) * crop.height * 3);
  for (int row = top; row < bottom; ++row) {
    auto begin = rgb.begin() + (static_cast<ptrdiff_t>(row) * width + left) * 3;
    result.insert(result.end(), begin, begin + static_cast<ptrdiff_t>(crop.width) * 3);
  }
  return result;
}

ExportResult exportPng(const std::string &path, const std::vector<uint8_t> &rgb, int width,
                       int height, PixelRect crop) {
  if (path.empty())
    return {false, "enter a file name to save to"};
  std::vector<uint8_t> pixels = cropRgb(rgb, width, height, crop);
  if (pixels.empty())
    return {false, "nothing to save: the view has no pixels on screen"};
  std::vector<uint8_t> file;
  try {
    file = encodePng(crop.width, crop.height, 3, pixels);
  } catch (const std::exception &error) {
    return {false, std::string("cannot encode the PNG: ") + error.what()};
  }
  ExportResult result = writeFile(path, reinterpret_cast<const char *>(file.data()), file.size());
  if (result.ok)
    result.message += ": " + std::to_string(crop.width) + "x" + std::to_string(crop.height) +
                      " pixels from (" + std::to_string(crop.x) + ", " + std::to_string(crop.y) +
                      ")";
  return result;
}

} // namespace trex::playground
