// LayoutSvg: SVG grids for register ownership, shared-memory offsets and per-warp register tables.
#include "layoutviz/LayoutSvg.h"

#include "HardwareIndexing.h"
#include "layoutviz/CellColours.h"
#include "layoutviz/LayoutShaping.h"
#include "layoutviz/SharedOffsetGrid.h"

#include <algorithm>

namespace trex::layoutviz {
namespace {

constexpr int kCellWidth = 64;
constexpr int kCellHeight = 22;
constexpr int kMargin = 28;

std::string paletteFill(int64_t key) { return cssColour(paletteColour(key)); }

// Rows and columns of the grid drawn for a tensor: the last dim across, everything else down.
struct Grid {
  int64_t rows = 1;
  int64_t cols = 1;
};

Grid gridFor(const std::vector<int32_t> &shape) {
  Grid grid;
  grid.cols = shape.empty() ? 1 : shape.back();
  for (size_t i = 0; i + 1 < shape.size(); ++i)
    grid.rows *= shape[i];
  return grid;
}

class SvgDocument {
public:
  SvgDocument(int64_t width, int64_t height, const std::string &title)
      : width_(width), height_(height) {
    body_ += "<text x=\"" + std::to_string(kMargin) + "\" y=\"18\" font-size=\"14\" " +
             "font-weight=\"bold\">" + title + "</text>\n";
  }

  void cell(int64_t x, int64_t y, const std::string &fill, const std::string &label,
            int fontSize = 10) {
    body_ += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
             std::to_string(kCellWidth) + "\" height=\"" + std::to_string(kCellHeight) +
             "\" fill=\"" + fill + "\" stroke=\"#555\" stroke-width=\"0.5\"/>";
    body_ += "<text x=\"" + std::to_string(x + kCellWidth / 2) + "\" y=\"" +
             std::to_string(y + kCellHeight / 2 + 4) + "\" font-size=\"" +
             std::to_string(fontSize) + "\" text-anchor=\"middle\">" + label + "</text>\n";
  }

  void text(int64_t x, int64_t y, const std::string &content, const char *anchor = "start") {
    body_ += "<text x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) +
             "\" font-size=\"10\" fill=\"#333\" text-anchor=\"" + anchor + "\">" + content +
             "</text>\n";
  }

  std::string finish() const {
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width_) +
           "\" height=\"" + std::to_string(height_) + "\" font-family=\"monospace\">\n" +
           "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n" + body_ + "</svg>\n";
  }

private:
  int64_t width_;
  int64_t height_;
  std::string body_;
};

std::string shapeText(const std::vector<int32_t> &shape) {
  std::string text;
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? "x" : "") + std::to_string(shape[i]);
  return text;
}

// Column and row indices along the grid's edges.
void drawAxes(SvgDocument &svg, const Grid &grid, int64_t top) {
  for (int64_t c = 0; c < grid.cols; ++c)
    svg.text(kMargin + c * kCellWidth + kCellWidth / 2, top - 4, std::to_string(c), "middle");
  for (int64_t r = 0; r < grid.rows; ++r)
    svg.text(kMargin - 4, top + r * kCellHeight + kCellHeight / 2 + 4, std::to_string(r), "end");
}

} // namespace

std::string renderDistributedTensorSvg(const LinearLayout &layout) {
  HardwareIndexing hardware(layout, {kRegister, kLane, kWarp, kBlock});
  const auto &shape = hardware.tensorShape();
  Grid grid = gridFor(shape);
  const int32_t numRegisters = hardware.dimSize(0), threadsPerWarp = hardware.dimSize(1);
  const int32_t numWarps = hardware.dimSize(2);

  struct Ownership {
    int64_t firstIndex = -1;
    int copies = 0;
  };
  std::vector<Ownership> owners(static_cast<size_t>(hardware.tensorSize()));
  for (size_t index = 0; index < hardware.size(); ++index) {
    Ownership &owner = owners[hardware.elementAt(index)];
    if (owner.firstIndex < 0)
      owner.firstIndex = static_cast<int64_t>(index);
    ++owner.copies;
  }

  int64_t top = kMargin + 14;
  SvgDocument svg(2 * kMargin + grid.cols * kCellWidth, top + grid.rows * kCellHeight + kMargin,
                  "Tensor " + shapeText(shape) + ": owner thread:register, colour = warp");
  drawAxes(svg, grid, top);
  for (int64_t element = 0; element < static_cast<int64_t>(owners.size()); ++element) {
    int64_t index = owners[element].firstIndex;
    int32_t reg = static_cast<int32_t>(index % numRegisters);
    int64_t thread = (index / numRegisters) % (int64_t{threadsPerWarp} * numWarps);
    int64_t warp = thread / threadsPerWarp;
    int64_t block = index / numRegisters / (int64_t{threadsPerWarp} * numWarps);
    std::string label = (block ? "B" + std::to_string(block) + ":" : std::string()) + "T" +
                        std::to_string(thread) + ":" + std::to_string(reg);
    if (owners[element].copies > 1)
      label += " +" + std::to_string(owners[element].copies - 1);
    svg.cell(kMargin + (element % grid.cols) * kCellWidth,
             top + (element / grid.cols) * kCellHeight, paletteFill(warp), label);
  }
  return svg.finish();
}

std::string renderSharedOffsetSvg(const LinearLayout &layout) {
  SharedOffsetGrid shared = sharedOffsetGrid(layout);
  Grid grid = gridFor(shared.shape);
  int64_t top = kMargin + 14;
  SvgDocument svg(2 * kMargin + grid.cols * kCellWidth, top + grid.rows * kCellHeight + kMargin,
                  "Shared tensor " + shapeText(shared.shape) + ": offset, colour = swizzle phase");
  drawAxes(svg, grid, top);
  for (int64_t element = 0; element < static_cast<int64_t>(shared.offset.size()); ++element) {
    int64_t offset = shared.offset[element];
    std::string fill = "#eee", label = "-";
    if (offset >= 0) {
      fill = cssColour(swizzlePhaseColour(shared.swizzlePhase[element]));
      label = std::to_string(offset);
    }
    svg.cell(kMargin + (element % grid.cols) * kCellWidth,
             top + (element / grid.cols) * kCellHeight, fill, label);
  }
  return svg.finish();
}

std::string renderHardwareSvg(const LinearLayout &layout) {
  HardwareIndexing hardware(layout, {kRegister, kLane, kWarp, kBlock});
  const int32_t numRegisters = hardware.dimSize(0), lanes = hardware.dimSize(1);
  const int32_t numWarps = hardware.dimSize(2), numBlocks = hardware.dimSize(3);
  const int64_t tableHeight = (numRegisters + 2) * kCellHeight;
  int64_t top = kMargin + 14;
  SvgDocument svg(2 * kMargin + int64_t{lanes} * kCellWidth,
                  top + int64_t{numBlocks} * numWarps * tableHeight + kMargin,
                  "Registers x lanes per warp: element coordinates, colour = register");
  for (int32_t block = 0; block < numBlocks; ++block) {
    for (int32_t warp = 0; warp < numWarps; ++warp) {
      std::string heading = (numBlocks > 1 ? "Block " + std::to_string(block) + " " : "") +
                            "Warp " + std::to_string(warp);
      svg.text(kMargin, top + 12, heading);
      for (int32_t lane = 0; lane < lanes; ++lane)
        svg.text(kMargin + lane * kCellWidth + kCellWidth / 2, top + kCellHeight + 12,
                 "lane " + std::to_string(lane), "middle");
      for (int32_t reg = 0; reg < numRegisters; ++reg) {
        int64_t y = top + (reg + 1) * kCellHeight + 16;
        svg.text(kMargin - 4, y + kCellHeight / 2 + 4, "r" + std::to_string(reg), "end");
        for (int32_t lane = 0; lane < lanes; ++lane) {
          auto coords = hardware.coordinatesOf(
              hardware.elementAt(hardware.index({reg, lane, warp, block})));
          std::string label;
          for (size_t i = 0; i < coords.size(); ++i)
            label += (i ? "," : "") + std::to_string(coords[i]);
          svg.cell(kMargin + lane * kCellWidth, y, paletteFill(reg), label);
        }
      }
      top += tableHeight;
    }
  }
  return svg.finish();
}

std::string renderLayoutSvg(const Layout &layout, const std::vector<int64_t> &shape,
                            LayoutView view) {
  LinearLayout linear = toLinearLayout(layout, shape);
  if (isSharedMemoryLayout(layout))
    return renderSharedOffsetSvg(linear);
  return view == LayoutView::Tensor ? renderDistributedTensorSvg(linear)
                                    : renderHardwareSvg(linear);
}

} // namespace trex::layoutviz
