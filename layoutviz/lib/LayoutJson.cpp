// LayoutJson: serialises a layout's bases and element ownership as JSON text.
#include "layoutviz/LayoutJson.h"

#include "HardwareIndexing.h"
#include "layoutviz/AttributeText.h"
#include "layoutviz/LayoutShaping.h"

namespace trex::layoutviz {
namespace {

std::string jsonString(const std::string &text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20) {
        static const char *hex = "0123456789abcdef";
        out += "\\u00";
        out += hex[(c >> 4) & 0xf];
        out += hex[c & 0xf];
      } else {
        out += c;
      }
    }
  }
  return out + "\"";
}

template <typename T> std::string jsonArray(const std::vector<T> &values) {
  std::string out = "[";
  for (size_t i = 0; i < values.size(); ++i)
    out += (i ? ", " : "") + std::to_string(values[i]);
  return out + "]";
}

std::string layoutBody(const LinearLayout &layout, bool sharedMemory) {
  std::vector<std::string> fields = sharedMemory ? std::vector<std::string>{kOffset, kBlock}
                                                 : std::vector<std::string>{kRegister, kLane,
                                                                            kWarp, kBlock};
  HardwareIndexing hardware(layout, fields);
  std::string out;
  out += "  \"kind\": " + jsonString(sharedMemory ? "shared" : "distributed") + ",\n";
  out += "  \"shape\": " + jsonArray(layout.getOutDimSizes()) + ",\n";

  out += "  \"inDims\": [";
  for (size_t i = 0; i < fields.size(); ++i)
    out += std::string(i ? ", " : "") + "{\"name\": " + jsonString(fields[i]) +
           ", \"size\": " + std::to_string(hardware.dimSize(i)) + "}";
  out += "],\n  \"outDims\": [";
  const auto &outDims = layout.getOutDims();
  for (size_t i = 0; i < outDims.size(); ++i)
    out += std::string(i ? ", " : "") + "{\"name\": " + jsonString(outDims[i].first) +
           ", \"size\": " + std::to_string(outDims[i].second) + "}";
  out += "],\n  \"bases\": {";
  for (size_t i = 0; i < fields.size(); ++i) {
    out += std::string(i ? ", " : "") + jsonString(fields[i]) + ": [";
    if (layout.hasInDim(fields[i])) {
      const auto &bases = layout.getInDimBases(fields[i]);
      for (size_t b = 0; b < bases.size(); ++b)
        out += (b ? ", " : "") + jsonArray(bases[b]);
    }
    out += "]";
  }
  out += "},\n  \"ownerFields\": [";
  for (size_t i = 0; i < fields.size(); ++i)
    out += (i ? ", " : "") + jsonString(fields[i]);
  out += "],\n  \"elements\": [\n";

  std::vector<std::vector<size_t>> owners(static_cast<size_t>(hardware.tensorSize()));
  for (size_t index = 0; index < hardware.size(); ++index)
    owners[hardware.elementAt(index)].push_back(index);
  for (size_t element = 0; element < owners.size(); ++element) {
    out += "    {\"coords\": " +
           jsonArray(hardware.coordinatesOf(static_cast<int32_t>(element))) + ", \"owners\": [";
    for (size_t k = 0; k < owners[element].size(); ++k) {
      size_t index = owners[element][k];
      std::vector<int32_t> values;
      for (size_t d = 0; d < fields.size(); ++d) {
        values.push_back(static_cast<int32_t>(index % hardware.dimSize(d)));
        index /= hardware.dimSize(d);
      }
      out += (k ? ", " : "") + jsonArray(values);
    }
    out += "]}";
    out += element + 1 < owners.size() ? ",\n" : "\n";
  }
  out += "  ]\n";
  return out;
}

} // namespace

std::string renderLayoutJson(const LinearLayout &layout, bool sharedMemory) {
  return "{\n" + layoutBody(layout, sharedMemory) + "}\n";
}

std::string renderLayoutJson(const Layout &layout, const std::vector<int64_t> &shape) {
  LinearLayout linear = toLinearLayout(layout, shape);
  return "{\n  \"family\": " + jsonString(familyName(layout)) + ",\n  \"attribute\": " +
         jsonString(formatLayoutAttribute(layout)) + ",\n" +
         layoutBody(linear, isSharedMemoryLayout(layout)) + "}\n";
}

} // namespace trex::layoutviz
