// ParameterPanel: sliders for power-of-two sizes, combos for orders and enumerations, text fields for bases.
#include "ParameterPanel.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <string>
#include <vector>

namespace trex::playground {
namespace {

// A titled divider between groups of controls.
void heading(const std::string &text) {
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::TextColored(ImVec4(0.55f, 0.75f, 1.0f, 1.0f), "%s", text.c_str());
}

int log2Of(unsigned value) {
  int log = 0;
  while (value > 1u) {
    value >>= 1;
    ++log;
  }
  return log;
}

// A slider over the exponent that shows the power of two itself.
bool powerOfTwoSlider(const char *label, unsigned &value, unsigned minValue, unsigned maxValue) {
  int exponent = log2Of(std::max(value, 1u));
  const std::string shown = std::to_string(value);
  bool changed = ImGui::SliderInt(label, &exponent, log2Of(minValue), log2Of(maxValue),
                                  shown.c_str(), ImGuiSliderFlags_AlwaysClamp);
  if (changed)
    value = 1u << exponent;
  return changed;
}

template <typename T>
bool perDimSliders(const char *label, std::vector<T> &values, unsigned minValue,
                   unsigned maxValue) {
  bool changed = false;
  ImGui::PushID(label);
  const float width =
      (ImGui::CalcItemWidth() - ImGui::GetStyle().ItemInnerSpacing.x * (values.size() - 1)) /
      std::max<size_t>(values.size(), 1);
  for (size_t dim = 0; dim < values.size(); ++dim) {
    ImGui::PushID(static_cast<int>(dim));
    if (dim)
      ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    ImGui::SetNextItemWidth(width);
    unsigned value = static_cast<unsigned>(values[dim]);
    if (powerOfTwoSlider("", value, minValue, maxValue)) {
      values[dim] = static_cast<T>(value);
      changed = true;
    }
    ImGui::PopID();
  }
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::TextUnformatted(label);
  ImGui::PopID();
  return changed;
}

std::string listText(const std::vector<unsigned> &values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

// Every permutation of the dims, so an order can never be invalid.
bool orderCombo(const char *label, std::vector<unsigned> &order) {
  bool changed = false;
  if (ImGui::BeginCombo(label, listText(order).c_str())) {
    std::vector<unsigned> permutation(order.size());
    for (size_t i = 0; i < permutation.size(); ++i)
      permutation[i] = static_cast<unsigned>(permutation.size() - 1 - i);
    std::sort(permutation.begin(), permutation.end());
    do {
      bool selected = permutation == order;
      if (ImGui::Selectable(listText(permutation).c_str(), selected)) {
        order = permutation;
        changed = true;
      }
    } while (std::next_permutation(permutation.begin(), permutation.end()));
    ImGui::EndCombo();
  }
  return changed;
}

bool unsignedCombo(const char *label, unsigned &value, const std::vector<unsigned> &choices) {
  bool changed = false;
  if (ImGui::BeginCombo(label, std::to_string(value).c_str())) {
    for (unsigned choice : choices)
      if (ImGui::Selectable(std::to_string(choice).c_str(), choice == value)) {
        value = choice;
        changed = true;
      }
    ImGui::EndCombo();
  }
  return changed;
}

bool unsignedSlider(const char *label, unsigned &value, int minValue, int maxValue) {
  int v = static_cast<int>(value);
  bool changed = ImGui::SliderInt(label, &v, minValue, maxValue, "%d", ImGuiSliderFlags_AlwaysClamp);
  if (changed)
    value = static_cast<unsigned>(v);
  return changed;
}

bool blockedEditor(layoutviz::BlockedLayout &blocked) {
  bool changed = perDimSliders("sizePerThread", blocked.sizePerThread, 1, 64);
  changed |= perDimSliders("threadsPerWarp", blocked.threadsPerWarp, 1, 64);
  changed |= perDimSliders("warpsPerCTA", blocked.warpsPerCTA, 1, 32);
  changed |= orderCombo("order", blocked.order);
  return changed;
}

bool nvidiaMmaEditor(layoutviz::NvidiaMmaLayout &mma) {
  bool changed = false;
  unsigned version = mma.versionMajor;
  if (unsignedCombo("versionMajor", version, {2, 3})) {
    mma.versionMajor = version;
    // Each version has its own instruction shape; start from a valid one.
    mma.instrShape = version == 2 ? std::vector<unsigned>{16, 8} : std::vector<unsigned>{16, 64, 16};
    changed = true;
  }
  changed |= unsignedSlider("versionMinor", mma.versionMinor, 0, 3);
  changed |= perDimSliders("warpsPerCTA", mma.warpsPerCTA, 1, 32);
  changed |= perDimSliders("instrShape", mma.instrShape, 1, 256);
  return changed;
}

bool tilesPerWarpEditor(std::vector<unsigned> &tiles, size_t rank) {
  bool custom = !tiles.empty();
  bool changed = false;
  if (ImGui::Checkbox("tilesPerWarp", &custom)) {
    tiles = custom ? std::vector<unsigned>(rank, 1u) : std::vector<unsigned>{};
    changed = true;
  }
  if (!tiles.empty())
    changed |= perDimSliders("tiles", tiles, 1, 8);
  return changed;
}

bool amdMfmaEditor(layoutviz::AmdMfmaLayout &mfma, size_t rank) {
  bool changed = unsignedSlider("version", mfma.version, 0, 4);
  changed |= perDimSliders("warpsPerCTA", mfma.warpsPerCTA, 1, 32);
  changed |= perDimSliders("instrShape", mfma.instrShape, 1, 128);
  changed |= ImGui::Checkbox("isTransposed", &mfma.isTransposed);
  changed |= tilesPerWarpEditor(mfma.tilesPerWarp, rank);
  changed |= unsignedCombo("elementBitWidth", mfma.elementBitWidth, {32, 64});
  return changed;
}

bool amdWmmaEditor(layoutviz::AmdWmmaLayout &wmma, size_t rank) {
  bool changed = unsignedSlider("version", wmma.version, 1, 3);
  changed |= ImGui::Checkbox("isTranspose", &wmma.isTranspose);
  changed |= perDimSliders("warpsPerCTA", wmma.warpsPerCTA, 1, 32);
  changed |= perDimSliders("instrShape", wmma.instrShape, 1, 128);
  changed |= tilesPerWarpEditor(wmma.tilesPerWarp, rank);
  return changed;
}

template <typename Swizzled> bool swizzleEditor(Swizzled &layout) {
  bool changed = powerOfTwoSlider("vec", layout.vec, 1, 64);
  changed |= powerOfTwoSlider("perPhase", layout.perPhase, 1, 64);
  changed |= powerOfTwoSlider("maxPhase", layout.maxPhase, 1, 64);
  changed |= orderCombo("order", layout.order);
  return changed;
}

bool parentCombo(const char *label, ParentFamily &parent) {
  bool changed = false;
  if (ImGui::BeginCombo(label, parentFamilyName(parent))) {
    for (ParentFamily choice : {ParentFamily::Blocked, ParentFamily::NvidiaMma,
                                ParentFamily::AmdMfma, ParentFamily::AmdWmma})
      if (ImGui::Selectable(parentFamilyName(choice), choice == parent)) {
        parent = choice;
        changed = true;
      }
    ImGui::EndCombo();
  }
  return changed;
}

bool parentEditor(PlaygroundParameters &parameters, ParentFamily parent) {
  heading("parent: " + std::string(parentFamilyName(parent)));
  ImGui::PushID("parent");
  bool changed = false;
  size_t rank = parameters.shape.size();
  switch (parent) {
  case ParentFamily::Blocked:
    changed = blockedEditor(parameters.blocked);
    break;
  case ParentFamily::NvidiaMma:
    changed = nvidiaMmaEditor(parameters.nvidiaMma);
    break;
  case ParentFamily::AmdMfma:
    changed = amdMfmaEditor(parameters.amdMfma, rank);
    break;
  case ParentFamily::AmdWmma:
    changed = amdWmmaEditor(parameters.amdWmma, rank);
    break;
  }
  ImGui::PopID();
  return changed;
}

bool shapeEditor(PlaygroundParameters &parameters) {
  bool changed = false;
  unsigned rank = static_cast<unsigned>(parameters.shape.size());
  if (unsignedSlider("rank", rank, 1, 3)) {
    setRank(parameters, rank);
    changed = true;
  }
  if (parameters.family == PlaygroundFamily::SharedLinear)
    return changed; // the bases decide the shape
  const char *label = parameters.family == PlaygroundFamily::Slice ? "parent shape" : "shape";
  changed |= perDimSliders(label, parameters.shape, 1, 256);
  return changed;
}

bool elementTypeCombo(unsigned &bits) {
  static const std::pair<unsigned, const char *> kTypes[] = {
      {8, "8-bit (i8, fp8)"}, {16, "16-bit (f16, bf16)"}, {32, "32-bit (f32, i32)"},
      {64, "64-bit (f64, i64)"}};
  const char *current = "?";
  for (const auto &[width, name] : kTypes)
    if (width == bits)
      current = name;
  bool changed = false;
  if (ImGui::BeginCombo("element type", current)) {
    for (const auto &[width, name] : kTypes)
      if (ImGui::Selectable(name, width == bits)) {
        bits = width;
        changed = true;
      }
    ImGui::EndCombo();
  }
  return changed;
}

bool accessEditor(PlaygroundParameters &parameters) {
  heading("shared-memory access (bank conflicts)");
  ImGui::PushID("access");
  bool changed = powerOfTwoSlider("vector width", parameters.accessVectorWidth, 1, 16);
  changed |= ImGui::InputTextWithHint("layout", "#ttg.<distributed layout> (empty: blocked below)",
                                      &parameters.accessAttribute);
  if (parameters.accessAttribute.empty())
    changed |= blockedEditor(parameters.access);
  ImGui::PopID();
  return changed;
}

// CTAsPerCGA and CTASplitNum per dim, CTAOrder as a permutation; the split can never exceed
// the CTAs of its dim.
bool cgaEditor(CgaFields &cga) {
  heading("CGA (CTAs of a cluster)");
  ImGui::PushID("cga");
  bool changed = perDimSliders("CTAsPerCGA", cga.ctasPerCga, 1, kMaxCtasPerCga);
  changed |= perDimSliders("CTASplitNum", cga.ctaSplitNum, 1, kMaxCtasPerCga);
  for (size_t dim = 0; dim < cga.ctaSplitNum.size() && dim < cga.ctasPerCga.size(); ++dim)
    cga.ctaSplitNum[dim] = std::min(cga.ctaSplitNum[dim], cga.ctasPerCga[dim]);
  changed |= orderCombo("CTAOrder", cga.ctaOrder);
  ImGui::TextDisabled("%u CTAs; split dims hold different tiles, the rest copies", cga.numCtas());
  ImGui::PopID();
  return changed;
}

// One row per basis: its coordinates as number fields and a button that removes it; a button
// per in-dim adds one. The layout is checked by PlaygroundState, which shows what is wrong.
bool basesEditor(LinearBases &bases) {
  bool changed = false;
  for (size_t dim = 0; dim < bases.dims.size(); ++dim) {
    auto &[name, list] = bases.dims[dim];
    ImGui::PushID(static_cast<int>(dim));
    ImGui::Text("%s (%zu bases: %d indices)", name.c_str(), list.size(), 1 << list.size());
    ImGui::SameLine();
    if (ImGui::SmallButton("+ basis")) {
      addBasis(bases, dim);
      changed = true;
    }
    size_t removed = list.size();
    for (size_t index = 0; index < list.size(); ++index) {
      ImGui::PushID(static_cast<int>(index));
      ImGui::Text("  %2zu:", index);
      for (size_t coordinate = 0; coordinate < list[index].size(); ++coordinate) {
        ImGui::SameLine();
        ImGui::PushID(static_cast<int>(coordinate));
        ImGui::SetNextItemWidth(70);
        int value = list[index][coordinate];
        if (ImGui::InputInt("##coordinate", &value, 0, 0)) {
          list[index][coordinate] = std::max(0, value);
          changed = true;
        }
        ImGui::PopID();
      }
      ImGui::SameLine();
      if (ImGui::SmallButton("-"))
        removed = index;
      ImGui::PopID();
    }
    if (removed < list.size()) {
      removeBasis(bases, dim, removed);
      changed = true;
    }
    ImGui::PopID();
  }
  return changed;
}

} // namespace

bool drawParameterPanel(PlaygroundParameters &parameters) {
  bool changed = false;
  int family = static_cast<int>(parameters.family);
  if (ImGui::BeginCombo("family", familyName(parameters.family))) {
    for (int i = 0; i < kNumPlaygroundFamilies; ++i)
      if (ImGui::Selectable(familyName(static_cast<PlaygroundFamily>(i)), i == family)) {
        parameters.family = static_cast<PlaygroundFamily>(i);
        changed = true;
      }
    ImGui::EndCombo();
  }
  changed |= shapeEditor(parameters);
  heading(familyName(parameters.family));
  ImGui::PushID(familyName(parameters.family));
  const size_t rank = parameters.shape.size();
  switch (parameters.family) {
  case PlaygroundFamily::Blocked:
    changed |= blockedEditor(parameters.blocked);
    break;
  case PlaygroundFamily::Slice:
    changed |= unsignedSlider("dim", parameters.sliceDim, 0, static_cast<int>(rank) - 1);
    changed |= parentCombo("parent", parameters.sliceParent);
    changed |= parentEditor(parameters, parameters.sliceParent);
    break;
  case PlaygroundFamily::NvidiaMma:
    changed |= nvidiaMmaEditor(parameters.nvidiaMma);
    break;
  case PlaygroundFamily::DotOperand: {
    int opIdx = static_cast<int>(parameters.opIdx);
    changed |= ImGui::RadioButton("A (opIdx 0)", &opIdx, 0);
    ImGui::SameLine();
    changed |= ImGui::RadioButton("B (opIdx 1)", &opIdx, 1);
    parameters.opIdx = static_cast<unsigned>(opIdx);
    if (parameters.dotParent != ParentFamily::Blocked)
      changed |= powerOfTwoSlider("kWidth", parameters.kWidth, 1, 32);
    changed |= parentCombo("parent", parameters.dotParent);
    changed |= parentEditor(parameters, parameters.dotParent);
    break;
  }
  case PlaygroundFamily::AmdMfma:
    changed |= amdMfmaEditor(parameters.amdMfma, rank);
    break;
  case PlaygroundFamily::AmdWmma:
    changed |= amdWmmaEditor(parameters.amdWmma, rank);
    break;
  case PlaygroundFamily::SwizzledShared:
    changed |= swizzleEditor(parameters.swizzledShared);
    break;
  case PlaygroundFamily::NvmmaShared:
    changed |= unsignedCombo("swizzlingByteWidth", parameters.nvmmaShared.swizzlingByteWidth,
                             {0, 32, 64, 128});
    changed |= ImGui::Checkbox("transposed", &parameters.nvmmaShared.transposed);
    changed |= ImGui::Checkbox("fp4Padded", &parameters.nvmmaShared.fp4Padded);
    break;
  case PlaygroundFamily::AmdRotatingShared:
    changed |= swizzleEditor(parameters.amdRotatingShared);
    break;
  case PlaygroundFamily::Linear:
    ImGui::TextDisabled("basis i of a dim: the element index 2^i holds [dim0, dim1, ...]");
    changed |= basesEditor(parameters.linear);
    break;
  case PlaygroundFamily::SharedLinear:
    ImGui::TextDisabled("basis i: the element stored at offset 2^i; the tensor is what they span");
    changed |= basesEditor(parameters.sharedLinear);
    changed |= unsignedCombo("alignment", parameters.sharedLinearAlignment, {4, 8, 16, 32, 64, 128, 256, 512, 1024});
    break;
  }
  ImGui::PopID();
  if (hasCgaFields(parameters.family))
    changed |= cgaEditor(parameters.cga);
  if (isSharedFamily(parameters.family)) {
    changed |= elementTypeCombo(parameters.sharedElementBitWidth);
    changed |= accessEditor(parameters);
  }
  return changed;
}

} // namespace trex::playground
