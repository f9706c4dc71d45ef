// PlaygroundExport: saves the playground layout as SVG, its drawn view as PNG, its attribute text.
// Each save returns a message for the window saying what was written or why not.
#pragma once

#include "PlaygroundOptions.h"
#include "PlaygroundState.h"

#include <cstdint>
#include <string>
#include <vector>

namespace trex::playground {

enum class ExportFormat { Svg, Png, AttributeText };

// The default name in the window's "Save as" field.
inline constexpr const char *kDefaultExportName = "layout";

// The file `name` means for `format`: its extension (.svg, .png, .txt) replaced by the
// format's when it has one of those, else the format's appended. "layout" -> "layout.svg",
// "out/a.png" + Svg -> "out/a.svg", "notes.v2" -> "notes.v2.svg". Empty `name`: empty.
std::string exportPath(const std::string &name, ExportFormat format);

// Where a save of `name` in `folder` goes: `folder`/exportPath(name) (just the file name for
// the current folder, "" or "."), or, in `error`, why not: the name must be a file name (no
// folder in it, not absolute, not "." or ".."); a folder is chosen in its own field.
struct ExportTarget {
  std::string path;
  std::string error;
};
ExportTarget exportTarget(const std::string &folder, const std::string &name, ExportFormat format);

struct ExportResult {
  bool ok = false;
  // "wrote layout.svg (14 KB)" (PNGs add ": 842x692 pixels from (438, 8)", the part of the
  // framebuffer saved) or what went wrong ("cannot write out/a.svg: No such file or directory").
  std::string message;
};

// layoutviz's SVG of the state's layout for `view` (tensor: ownership or offset grid;
// hardware: per-warp tables).
ExportResult exportSvg(const PlaygroundState &state, PlaygroundView view, const std::string &path);
// The attribute as Triton prints it, one line.
ExportResult exportAttributeText(const PlaygroundState &state, const std::string &path);

// A rectangle of framebuffer pixels, top-left origin.
struct PixelRect {
  int x = 0, y = 0, width = 0, height = 0;
};
// The part `crop` of an RGB image (rows top first), clipped to the image; empty when nothing
// of it is inside.
std::vector<uint8_t> cropRgb(const std::vector<uint8_t> &rgb, int width, int height,
                             PixelRect &crop);
// `crop` of the RGB framebuffer image `rgb` (width x height, rows top first) as a PNG.
ExportResult exportPng(const std::string &path, const std::vector<uint8_t> &rgb, int width,
                       int height, PixelRect crop);

} // namespace trex::playground
