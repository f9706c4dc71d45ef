// PlaygroundParameters: turns the playground's knobs into a layoutviz descriptor and back.
#include "PlaygroundParameters.h"

#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutShaping.h"

#include <cctype>
#include <cstring>
#include <variant>

namespace trex::playground {

using layoutviz::Layout;
using layoutviz::LayoutError;

namespace {

constexpr const char *kFamilyNames[kNumPlaygroundFamilies] = {
    "blocked",  "slice",           "nvidia_mma",   "dot_op",
    "amd_mfma", "amd_wmma",        "swizzled_shared", "nvmma_shared",
    "amd_rotating_shared", "linear"};

// Resizes a per-dim list to `rank`, keeping the minor (trailing) dims: dims are numbered from
// the major end, so growing inserts `fill` in front and shrinking drops the front.
template <typename T>
void resizeKeepingMinorDims(std::vector<T> &values, unsigned rank, T fill) {
  if (values.empty())
    return;
  if (values.size() < rank)
    values.insert(values.begin(), rank - values.size(), fill);
  else
    values.erase(values.begin(), values.begin() + (values.size() - rank));
}

// The same for an order (most minor dim first): existing dims are renumbered, new major dims
// go to the end (most major last), dropped dims leave the list.
void resizeOrder(std::vector<unsigned> &order, unsigned rank) {
  if (order.empty())
    return;
  int shift = static_cast<int>(rank) - static_cast<int>(order.size());
  std::vector<unsigned> resized;
  for (unsigned dim : order)
    if (static_cast<int>(dim) + shift >= 0)
      resized.push_back(static_cast<unsigned>(static_cast<int>(dim) + shift));
  for (int dim = shift - 1; dim >= 0; --dim)
    resized.push_back(static_cast<unsigned>(dim));
  order = resized;
}

void resizeBlocked(layoutviz::BlockedLayout &blocked, unsigned rank) {
  resizeKeepingMinorDims(blocked.sizePerThread, rank, 1u);
  resizeKeepingMinorDims(blocked.threadsPerWarp, rank, 1u);
  resizeKeepingMinorDims(blocked.warpsPerCTA, rank, 1u);
  resizeOrder(blocked.order, rank);
}

Layout parentLayout(const PlaygroundParameters &parameters, ParentFamily parent) {
  switch (parent) {
  case ParentFamily::Blocked:
    return parameters.blocked;
  case ParentFamily::NvidiaMma:
    return parameters.nvidiaMma;
  case ParentFamily::AmdMfma:
    return parameters.amdMfma;
  case ParentFamily::AmdWmma:
    return parameters.amdWmma;
  }
  return parameters.blocked;
}

// Stores a slice's or dot operand's parent into the matching family's parameters.
ParentFamily loadParent(PlaygroundParameters &parameters, const Layout &parent) {
  if (const auto *blocked = std::get_if<layoutviz::BlockedLayout>(&parent.family)) {
    parameters.blocked = *blocked;
    return ParentFamily::Blocked;
  }
  if (const auto *mma = std::get_if<layoutviz::NvidiaMmaLayout>(&parent.family)) {
    parameters.nvidiaMma = *mma;
    return ParentFamily::NvidiaMma;
  }
  if (const auto *mfma = std::get_if<layoutviz::AmdMfmaLayout>(&parent.family)) {
    parameters.amdMfma = *mfma;
    return ParentFamily::AmdMfma;
  }
  if (const auto *wmma = std::get_if<layoutviz::AmdWmmaLayout>(&parent.family)) {
    parameters.amdWmma = *wmma;
    return ParentFamily::AmdWmma;
  }
  throw LayoutError("the playground edits slices and dot operands of blocked, nvidia_mma, "
                    "amd_mfma and amd_wmma parents only, not " +
                    layoutviz::familyName(parent));
}

// The rank a descriptor is written for (the length of its per-dim lists).
unsigned descriptorRank(const Layout &layout) {
  const auto &family = layout.family;
  if (const auto *blocked = std::get_if<layoutviz::BlockedLayout>(&family))
    return static_cast<unsigned>(blocked->order.size());
  if (const auto *mma = std::get_if<layoutviz::NvidiaMmaLayout>(&family))
    return static_cast<unsigned>(mma->warpsPerCTA.size());
  if (const auto *mfma = std::get_if<layoutviz::AmdMfmaLayout>(&family))
    return static_cast<unsigned>(mfma->warpsPerCTA.size());
  if (const auto *wmma = std::get_if<layoutviz::AmdWmmaLayout>(&family))
    return static_cast<unsigned>(wmma->warpsPerCTA.size());
  if (const auto *slice = std::get_if<layoutviz::SliceLayout>(&family))
    return descriptorRank(*slice->parent);
  if (const auto *dot = std::get_if<layoutviz::DotOperandLayout>(&family))
    return descriptorRank(*dot->parent);
  if (const auto *swizzled = std::get_if<layoutviz::SwizzledSharedLayout>(&family))
    return static_cast<unsigned>(swizzled->order.size());
  if (const auto *rotating = std::get_if<layoutviz::AmdRotatingSharedLayout>(&family))
    return static_cast<unsigned>(rotating->order.size());
  if (const auto *linear = std::get_if<layoutviz::DistributedLinearLayout>(&family))
    return static_cast<unsigned>(linear->layout.getNumOutDims());
  return 2; // nvmma_shared is two-dimensional unless its CGA says otherwise
}

class BasesTextReader {
public:
  BasesTextReader(const std::string &text, const std::string &what) : text_(text), what_(what) {}

  std::vector<std::vector<int32_t>> read() {
    std::vector<std::vector<int32_t>> bases;
    expect('[');
    if (peek() == ']') {
      ++pos_;
    } else {
      while (true) {
        bases.push_back(readBasis());
        if (peek() == ',') {
          ++pos_;
          continue;
        }
        expect(']');
        break;
      }
    }
    if (peek() != '\0')
      fail("unexpected text after the closing ']'");
    return bases;
  }

private:
  std::vector<int32_t> readBasis() {
    std::vector<int32_t> basis;
    expect('[');
    while (true) {
      basis.push_back(readNumber());
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      expect(']');
      return basis;
    }
  }

  int32_t readNumber() {
    skipSpaces();
    size_t start = pos_;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_])))
      ++pos_;
    if (start == pos_ || pos_ - start > 9)
      fail("expected a non-negative number");
    return static_cast<int32_t>(std::stol(text_.substr(start, pos_ - start)));
  }

  char peek() {
    skipSpaces();
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }

  void expect(char c) {
    if (peek() != c)
      fail(std::string("expected '") + c + "'");
    ++pos_;
  }

  void skipSpaces() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_])))
      ++pos_;
  }

  [[noreturn]] void fail(const std::string &message) {
    throw LayoutError(what_ + " bases: " + message + " at column " + std::to_string(pos_ + 1) +
                      " of \"" + text_ + "\"");
  }

  const std::string &text_;
  std::string what_;
  size_t pos_ = 0;
};

layoutviz::LinearLayout linearLayoutFromText(const LinearBasesText &text) {
  layoutviz::LinearLayout::BasesList bases = {
      {layoutviz::kRegister, parseBasesText(text.registerBases, layoutviz::kRegister)},
      {layoutviz::kLane, parseBasesText(text.laneBases, layoutviz::kLane)},
      {layoutviz::kWarp, parseBasesText(text.warpBases, layoutviz::kWarp)},
      {layoutviz::kBlock, parseBasesText(text.blockBases, layoutviz::kBlock)}};
  size_t rank = 0;
  for (const auto &[dim, dimBases] : bases)
    for (const auto &basis : dimBases) {
      if (rank != 0 && basis.size() != rank)
        throw LayoutError("linear: every basis needs the same number of coordinates (" + dim +
                          " has one with " + std::to_string(basis.size()) + ", expected " +
                          std::to_string(rank) + ")");
      rank = basis.size();
    }
  if (rank == 0)
    throw LayoutError("linear: give at least one basis (it sets the rank)");
  return layoutviz::LinearLayout(std::move(bases),
                                 layoutviz::standardOutDimNames(static_cast<int>(rank)));
}

} // namespace

const char *familyName(PlaygroundFamily family) {
  return kFamilyNames[static_cast<int>(family)];
}

bool familyFromName(const std::string &name, PlaygroundFamily &family) {
  for (int i = 0; i < kNumPlaygroundFamilies; ++i)
    if (name == kFamilyNames[i]) {
      family = static_cast<PlaygroundFamily>(i);
      return true;
    }
  return false;
}

bool isSharedFamily(PlaygroundFamily family) {
  return family == PlaygroundFamily::SwizzledShared || family == PlaygroundFamily::NvmmaShared ||
         family == PlaygroundFamily::AmdRotatingShared;
}

const char *parentFamilyName(ParentFamily parent) {
  switch (parent) {
  case ParentFamily::Blocked:
    return "blocked";
  case ParentFamily::NvidiaMma:
    return "nvidia_mma";
  case ParentFamily::AmdMfma:
    return "amd_mfma";
  case ParentFamily::AmdWmma:
    return "amd_wmma";
  }
  return "?";
}

Layout buildLayout(const PlaygroundParameters &parameters) {
  switch (parameters.family) {
  case PlaygroundFamily::Blocked:
    return parameters.blocked;
  case PlaygroundFamily::Slice:
    return layoutviz::SliceLayout{
        parameters.sliceDim,
        std::make_shared<const Layout>(parentLayout(parameters, parameters.sliceParent))};
  case PlaygroundFamily::NvidiaMma:
    return parameters.nvidiaMma;
  case PlaygroundFamily::DotOperand: {
    // An FMA (blocked) parent has no kWidth; Triton prints none.
    unsigned kWidth = parameters.dotParent == ParentFamily::Blocked ? 0 : parameters.kWidth;
    return layoutviz::DotOperandLayout{
        parameters.opIdx,
        std::make_shared<const Layout>(parentLayout(parameters, parameters.dotParent)), kWidth};
  }
  case PlaygroundFamily::AmdMfma:
    return parameters.amdMfma;
  case PlaygroundFamily::AmdWmma:
    return parameters.amdWmma;
  case PlaygroundFamily::SwizzledShared:
    return parameters.swizzledShared;
  case PlaygroundFamily::NvmmaShared: {
    layoutviz::NvmmaSharedLayout nvmma = parameters.nvmmaShared;
    nvmma.elementBitWidth = parameters.sharedElementBitWidth;
    return nvmma;
  }
  case PlaygroundFamily::AmdRotatingShared:
    return parameters.amdRotatingShared;
  case PlaygroundFamily::Linear:
    return layoutviz::DistributedLinearLayout{linearLayoutFromText(parameters.linear)};
  }
  throw LayoutError("unknown playground family");
}

std::vector<int64_t> tensorShape(const PlaygroundParameters &parameters) {
  std::vector<int64_t> shape = parameters.shape;
  if (parameters.family == PlaygroundFamily::Slice) {
    if (parameters.sliceDim >= shape.size())
      throw LayoutError("slice dim " + std::to_string(parameters.sliceDim) +
                        " is outside the parent's rank " + std::to_string(shape.size()));
    shape.erase(shape.begin() + parameters.sliceDim);
  }
  return shape;
}

void setRank(PlaygroundParameters &parameters, unsigned rank) {
  if (rank == 0)
    return;
  resizeKeepingMinorDims(parameters.shape, rank, int64_t{1});
  resizeBlocked(parameters.blocked, rank);
  resizeBlocked(parameters.access, rank);
  resizeKeepingMinorDims(parameters.nvidiaMma.warpsPerCTA, rank, 1u);
  resizeKeepingMinorDims(parameters.amdMfma.warpsPerCTA, rank, 1u);
  resizeKeepingMinorDims(parameters.amdMfma.tilesPerWarp, rank, 1u);
  resizeKeepingMinorDims(parameters.amdWmma.warpsPerCTA, rank, 1u);
  resizeKeepingMinorDims(parameters.amdWmma.tilesPerWarp, rank, 1u);
  resizeOrder(parameters.swizzledShared.order, rank);
  resizeOrder(parameters.amdRotatingShared.order, rank);
  if (parameters.sliceDim >= rank)
    parameters.sliceDim = rank - 1;
}

void loadLayout(PlaygroundParameters &parameters, const Layout &layout) {
  unsigned rank = descriptorRank(layout);
  if (rank != parameters.shape.size())
    setRank(parameters, rank);
  const auto &family = layout.family;
  if (const auto *blocked = std::get_if<layoutviz::BlockedLayout>(&family)) {
    parameters.family = PlaygroundFamily::Blocked;
    parameters.blocked = *blocked;
  } else if (const auto *slice = std::get_if<layoutviz::SliceLayout>(&family)) {
    parameters.sliceParent = loadParent(parameters, *slice->parent);
    parameters.family = PlaygroundFamily::Slice;
    parameters.sliceDim = slice->dim;
  } else if (const auto *dot = std::get_if<layoutviz::DotOperandLayout>(&family)) {
    parameters.dotParent = loadParent(parameters, *dot->parent);
    parameters.family = PlaygroundFamily::DotOperand;
    parameters.opIdx = dot->opIdx;
    if (dot->kWidth)
      parameters.kWidth = dot->kWidth;
  } else if (const auto *mma = std::get_if<layoutviz::NvidiaMmaLayout>(&family)) {
    parameters.family = PlaygroundFamily::NvidiaMma;
    parameters.nvidiaMma = *mma;
  } else if (const auto *mfma = std::get_if<layoutviz::AmdMfmaLayout>(&family)) {
    parameters.family = PlaygroundFamily::AmdMfma;
    parameters.amdMfma = *mfma;
  } else if (const auto *wmma = std::get_if<layoutviz::AmdWmmaLayout>(&family)) {
    parameters.family = PlaygroundFamily::AmdWmma;
    parameters.amdWmma = *wmma;
  } else if (const auto *swizzled = std::get_if<layoutviz::SwizzledSharedLayout>(&family)) {
    parameters.family = PlaygroundFamily::SwizzledShared;
    parameters.swizzledShared = *swizzled;
  } else if (const auto *nvmma = std::get_if<layoutviz::NvmmaSharedLayout>(&family)) {
    parameters.family = PlaygroundFamily::NvmmaShared;
    parameters.nvmmaShared = *nvmma;
    parameters.sharedElementBitWidth = nvmma->elementBitWidth;
  } else if (const auto *rotating = std::get_if<layoutviz::AmdRotatingSharedLayout>(&family)) {
    parameters.family = PlaygroundFamily::AmdRotatingShared;
    parameters.amdRotatingShared = *rotating;
  } else if (const auto *linear = std::get_if<layoutviz::DistributedLinearLayout>(&family)) {
    parameters.family = PlaygroundFamily::Linear;
    const auto &ll = linear->layout;
    auto basesOf = [&](const std::string &dim) {
      return ll.hasInDim(dim) ? formatBasesText(ll.getInDimBases(dim)) : std::string("[]");
    };
    parameters.linear = {basesOf(layoutviz::kRegister), basesOf(layoutviz::kLane),
                         basesOf(layoutviz::kWarp), basesOf(layoutviz::kBlock)};
  } else {
    throw LayoutError("the playground has no editor for " + layoutviz::familyName(layout) +
                      " layouts");
  }
}

std::vector<std::vector<int32_t>> parseBasesText(const std::string &text,
                                                 const std::string &what) {
  return BasesTextReader(text, what).read();
}

std::string formatBasesText(const std::vector<std::vector<int32_t>> &bases) {
  std::string text = "[";
  for (size_t i = 0; i < bases.size(); ++i) {
    text += i ? ", [" : "[";
    for (size_t j = 0; j < bases[i].size(); ++j)
      text += (j ? ", " : "") + std::to_string(bases[i][j]);
    text += "]";
  }
  return text + "]";
}

} // namespace trex::playground
