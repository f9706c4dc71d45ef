// PlaygroundOptions: declares the command-line flags and applies them to the parameters.
#include "PlaygroundOptions.h"

#include "layoutviz/AttributeText.h"

#include <cctype>
#include <exception>

namespace trex::playground {

void setupPlaygroundOptions(CLI::App &app, PlaygroundOptions &options) {
  app.add_option("--screenshot", options.screenshotPath,
                 "Render one frame offscreen into this PNG file and exit");
  app.add_option("--family", options.family,
                 "Layout family to start with (blocked, slice, nvidia_mma, dot_op, amd_mfma, "
                 "amd_wmma, swizzled_shared, nvmma_shared, amd_rotating_shared, linear, shared_linear)");
  app.add_option("--shape", options.shape, "Tensor shape, e.g. 32,64")->delimiter(',');
  app.add_option("--attribute", options.attribute,
                 "Start from this Triton layout attribute, e.g. '#ttg.blocked<{...}>'");
  app.add_option("--view", options.view, "Tab to show: tensor or hardware")
      ->check(CLI::IsMember({"tensor", "hardware"}));
  app.add_option("--width", options.width, "Window width in pixels")->check(CLI::Range(320, 8192));
  app.add_option("--height", options.height, "Window height in pixels")
      ->check(CLI::Range(240, 8192));
  app.add_option("--cell-size", options.cellSize, "Grid cell size in pixels")
      ->check(CLI::Range(4.0, 200.0));
  app.add_option("--element-bits", options.elementBits,
                 "Element width of shared layouts in bits (8, 16, 32, 64)")
      ->check(CLI::IsMember({8, 16, 32, 64}));
  app.add_option("--vector-width", options.vectorWidth,
                 "Registers per lane moved by one shared-memory access");
  app.add_option("--ctas-per-cga", options.ctasPerCga, "CTAsPerCGA, e.g. 2,1")->delimiter(',');
  app.add_option("--cta-split-num", options.ctaSplitNum, "CTASplitNum, e.g. 2,1")->delimiter(',');
  app.add_option("--cta-order", options.ctaOrder, "CTAOrder, e.g. 1,0")->delimiter(',');
  app.add_flag("--print-attribute", options.printAttribute,
               "Print the layout as '#playground = <attribute>' and exit (no window)");
  app.add_option("--hover", options.hover,
                 "With --screenshot: pretend the mouse is at X,Y (window pixels)")
      ->delimiter(',')
      ->expected(2);
  app.add_option("--export-name", options.exportName,
                 "The 'Save as' file name to start with (default: layout; .svg, .png or .txt is "
                 "added; a name, not a path)");
  app.add_option("--export-dir", options.exportFolder,
                 "The folder saves go to (default: the current folder)");
  app.add_flag("--force", options.force,
               "Replace existing files when saving without asking (for --screenshot --press)");
  app.add_option(
         "--press", options.press,
         "With --screenshot: press these shortcuts in the rendered frame, e.g. ctrl+s,ctrl+p")
      ->delimiter(',');
}

std::string parseShortcut(const std::string &text, Shortcut &shortcut) {
  std::string lower;
  for (char c : text)
    lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  shortcut = {};
  std::string rest = lower;
  if (rest.rfind("ctrl+", 0) != 0)
    return "shortcut '" + text + "' must start with ctrl+";
  rest = rest.substr(5);
  if (rest.rfind("shift+", 0) == 0) {
    shortcut.shift = true;
    rest = rest.substr(6);
  }
  if (rest.size() != 1 || !std::isalpha(static_cast<unsigned char>(rest[0])))
    return "shortcut '" + text + "' must end in one letter";
  shortcut.letter = static_cast<char>(std::toupper(static_cast<unsigned char>(rest[0])));
  return "";
}

std::string resolvePlaygroundOptions(const PlaygroundOptions &options,
                                     PlaygroundParameters &parameters, PlaygroundView &view) {
  if (!options.attribute.empty()) {
    layoutviz::AttributeParseResult parsed = layoutviz::parseLayoutAttribute(options.attribute);
    if (!parsed.ok())
      return parsed.error;
    try {
      loadLayout(parameters, *parsed.layout);
    } catch (const std::exception &error) {
      return error.what();
    }
  }
  if (!options.family.empty() && !familyFromName(options.family, parameters.family))
    return "unknown layout family '" + options.family + "'";
  if (!options.shape.empty()) {
    setRank(parameters, static_cast<unsigned>(options.shape.size()));
    parameters.shape = options.shape;
  }
  if (!options.ctasPerCga.empty())
    parameters.cga.ctasPerCga = options.ctasPerCga;
  if (!options.ctaSplitNum.empty())
    parameters.cga.ctaSplitNum = options.ctaSplitNum;
  if (!options.ctaOrder.empty())
    parameters.cga.ctaOrder = options.ctaOrder;
  if (options.elementBits)
    parameters.sharedElementBitWidth = options.elementBits;
  if (options.vectorWidth)
    parameters.accessVectorWidth = options.vectorWidth;
  view = options.view == "hardware" ? PlaygroundView::Hardware : PlaygroundView::Tensor;
  return "";
}

} // namespace trex::playground
