// PlaygroundParameters: turns the playground's knobs into a layoutviz descriptor and back.
#include "PlaygroundParameters.h"

#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutShaping.h"

#include <cstring>
#include <optional>
#include <variant>

namespace trex::playground {

using layoutviz::Layout;
using layoutviz::LayoutError;

namespace {

constexpr const char *kFamilyNames[kNumPlaygroundFamilies] = {
    "blocked",  "slice",           "nvidia_mma",   "dot_op",
    "amd_mfma", "amd_wmma",        "swizzled_shared", "nvmma_shared",
    "amd_rotating_shared", "linear", "shared_linear"};

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

// `descriptor` with the CGA of the CTAsPerCGA / CTASplitNum / CTAOrder fields.
template <typename Descriptor>
Descriptor withCga(Descriptor descriptor, const PlaygroundParameters &parameters) {
  descriptor.cga = cgaLayoutOf(parameters.cga, parameters.shape.size());
  return descriptor;
}

Layout parentLayout(const PlaygroundParameters &parameters, ParentFamily parent) {
  switch (parent) {
  case ParentFamily::Blocked:
    return withCga(parameters.blocked, parameters);
  case ParentFamily::NvidiaMma:
    return withCga(parameters.nvidiaMma, parameters);
  case ParentFamily::AmdMfma:
    return withCga(parameters.amdMfma, parameters);
  case ParentFamily::AmdWmma:
    return withCga(parameters.amdWmma, parameters);
  }
  return withCga(parameters.blocked, parameters);
}

// The CGA of a loaded descriptor as fields; throws LayoutError when no fields describe it.
void loadCga(PlaygroundParameters &parameters, const layoutviz::CgaLayout &cga) {
  std::optional<CgaFields> fields = cgaFieldsOf(cga, parameters.shape.size());
  if (!fields)
    throw LayoutError("the playground edits CGAs as CTAsPerCGA / CTASplitNum / CTAOrder of at most " +
                      std::to_string(kMaxCtasPerCga) + " CTAs; this CGALayout has no such form");
  parameters.cga = *fields;
}

// Stores a slice's or dot operand's parent into the matching family's parameters.
ParentFamily loadParent(PlaygroundParameters &parameters, const Layout &parent) {
  if (const auto *blocked = std::get_if<layoutviz::BlockedLayout>(&parent.family)) {
    loadCga(parameters, blocked->cga);
    parameters.blocked = *blocked;
    return ParentFamily::Blocked;
  }
  if (const auto *mma = std::get_if<layoutviz::NvidiaMmaLayout>(&parent.family)) {
    loadCga(parameters, mma->cga);
    parameters.nvidiaMma = *mma;
    return ParentFamily::NvidiaMma;
  }
  if (const auto *mfma = std::get_if<layoutviz::AmdMfmaLayout>(&parent.family)) {
    loadCga(parameters, mfma->cga);
    parameters.amdMfma = *mfma;
    return ParentFamily::AmdMfma;
  }
  if (const auto *wmma = std::get_if<layoutviz::AmdWmmaLayout>(&parent.family)) {
    loadCga(parameters, wmma->cga);
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
  if (const auto *shared = std::get_if<layoutviz::SharedLinearLayout>(&family))
    return static_cast<unsigned>(shared->layout.getNumOutDims());
  return 2; // nvmma_shared is two-dimensional unless its CGA says otherwise
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
         family == PlaygroundFamily::AmdRotatingShared || family == PlaygroundFamily::SharedLinear;
}

bool hasCgaFields(PlaygroundFamily family) {
  return family != PlaygroundFamily::Linear && family != PlaygroundFamily::SharedLinear;
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
    return withCga(parameters.blocked, parameters);
  case PlaygroundFamily::Slice:
    return layoutviz::SliceLayout{
        parameters.sliceDim,
        std::make_shared<const Layout>(parentLayout(parameters, parameters.sliceParent))};
  case PlaygroundFamily::NvidiaMma:
    return withCga(parameters.nvidiaMma, parameters);
  case PlaygroundFamily::DotOperand: {
    // An FMA (blocked) parent has no kWidth; Triton prints none.
    unsigned kWidth = parameters.dotParent == ParentFamily::Blocked ? 0 : parameters.kWidth;
    return layoutviz::DotOperandLayout{
        parameters.opIdx,
        std::make_shared<const Layout>(parentLayout(parameters, parameters.dotParent)), kWidth};
  }
  case PlaygroundFamily::AmdMfma:
    return withCga(parameters.amdMfma, parameters);
  case PlaygroundFamily::AmdWmma:
    return withCga(parameters.amdWmma, parameters);
  case PlaygroundFamily::SwizzledShared:
    return withCga(parameters.swizzledShared, parameters);
  case PlaygroundFamily::NvmmaShared: {
    layoutviz::NvmmaSharedLayout nvmma = withCga(parameters.nvmmaShared, parameters);
    nvmma.elementBitWidth = parameters.sharedElementBitWidth;
    return nvmma;
  }
  case PlaygroundFamily::AmdRotatingShared:
    return withCga(parameters.amdRotatingShared, parameters);
  case PlaygroundFamily::Linear:
    return layoutviz::DistributedLinearLayout{linearLayoutOf(parameters.linear, /*isShared=*/false)};
  case PlaygroundFamily::SharedLinear:
    return layoutviz::SharedLinearLayout{linearLayoutOf(parameters.sharedLinear, /*isShared=*/true),
                                         parameters.sharedLinearAlignment};
  }
  throw LayoutError("unknown playground family");
}

std::vector<int64_t> tensorShape(const PlaygroundParameters &parameters) {
  // Shared linear layouts are never broadcast or cut: the tensor is the one the bases span.
  if (parameters.family == PlaygroundFamily::SharedLinear)
    return coveredShape(parameters.sharedLinear);
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
  resizeCgaFields(parameters.cga, rank);
  setBasesRank(parameters.linear, rank);
  setBasesRank(parameters.sharedLinear, rank);
  if (parameters.sliceDim >= rank)
    parameters.sliceDim = rank - 1;
}

void loadLayout(PlaygroundParameters &parameters, const Layout &layout) {
  unsigned rank = descriptorRank(layout);
  if (rank != parameters.shape.size())
    setRank(parameters, rank);
  const auto &family = layout.family;
  if (const auto *blocked = std::get_if<layoutviz::BlockedLayout>(&family)) {
    loadCga(parameters, blocked->cga);
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
    loadCga(parameters, mma->cga);
    parameters.family = PlaygroundFamily::NvidiaMma;
    parameters.nvidiaMma = *mma;
  } else if (const auto *mfma = std::get_if<layoutviz::AmdMfmaLayout>(&family)) {
    loadCga(parameters, mfma->cga);
    parameters.family = PlaygroundFamily::AmdMfma;
    parameters.amdMfma = *mfma;
  } else if (const auto *wmma = std::get_if<layoutviz::AmdWmmaLayout>(&family)) {
    loadCga(parameters, wmma->cga);
    parameters.family = PlaygroundFamily::AmdWmma;
    parameters.amdWmma = *wmma;
  } else if (const auto *swizzled = std::get_if<layoutviz::SwizzledSharedLayout>(&family)) {
    loadCga(parameters, swizzled->cga);
    parameters.family = PlaygroundFamily::SwizzledShared;
    parameters.swizzledShared = *swizzled;
  } else if (const auto *nvmma = std::get_if<layoutviz::NvmmaSharedLayout>(&family)) {
    loadCga(parameters, nvmma->cga);
    parameters.family = PlaygroundFamily::NvmmaShared;
    parameters.nvmmaShared = *nvmma;
    parameters.sharedElementBitWidth = nvmma->elementBitWidth;
  } else if (const auto *rotating = std::get_if<layoutviz::AmdRotatingSharedLayout>(&family)) {
    loadCga(parameters, rotating->cga);
    parameters.family = PlaygroundFamily::AmdRotatingShared;
    parameters.amdRotatingShared = *rotating;
  } else if (const auto *linear = std::get_if<layoutviz::DistributedLinearLayout>(&family)) {
    parameters.family = PlaygroundFamily::Linear;
    parameters.linear = linearBasesOf(
        linear->layout, {layoutviz::kRegister, layoutviz::kLane, layoutviz::kWarp, layoutviz::kBlock});
  } else if (const auto *shared = std::get_if<layoutviz::SharedLinearLayout>(&family)) {
    parameters.family = PlaygroundFamily::SharedLinear;
    parameters.sharedLinear = linearBasesOf(shared->layout, {layoutviz::kOffset, layoutviz::kBlock});
    parameters.sharedLinearAlignment = shared->alignment;
    parameters.shape = coveredShape(parameters.sharedLinear);
  } else {
    throw LayoutError("the playground has no editor for " + layoutviz::familyName(layout) +
                      " layouts");
  }
}

} // namespace trex::playground
