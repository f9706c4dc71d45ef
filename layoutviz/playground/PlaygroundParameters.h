// PlaygroundParameters: every knob of the layout playground, and the layoutviz descriptor they describe.
#pragma once

#include "CgaFields.h"
#include "LinearBases.h"

#include "layoutviz/Layout.h"

#include <cstdint>
#include <string>
#include <vector>

namespace trex::playground {

// The families the playground offers, in the order of its selector.
enum class PlaygroundFamily {
  Blocked,
  Slice,
  NvidiaMma,
  DotOperand,
  AmdMfma,
  AmdWmma,
  SwizzledShared,
  NvmmaShared,
  AmdRotatingShared,
  Linear,
  SharedLinear,
};

inline constexpr int kNumPlaygroundFamilies = 11;

// Triton's spelling ("blocked", "nvidia_mma", ...), used by the selector and --family.
const char *familyName(PlaygroundFamily family);
// The family named `name`; false when there is none.
bool familyFromName(const std::string &name, PlaygroundFamily &family);
bool isSharedFamily(PlaygroundFamily family);
// Whether the family (or, for slice and dot_op, its parent) takes CTAsPerCGA / CTASplitNum /
// CTAOrder; the linear families give their CTAs as block bases instead.
bool hasCgaFields(PlaygroundFamily family);

// The accumulator (or blocked) layout a slice or dot operand is derived from.
enum class ParentFamily { Blocked, NvidiaMma, AmdMfma, AmdWmma };
const char *parentFamilyName(ParentFamily parent);

struct PlaygroundParameters {
  PlaygroundFamily family = PlaygroundFamily::Blocked;
  // The tensor shape; for a slice it is the *parent's* shape (the slice drops `sliceDim`).
  std::vector<int64_t> shape{32, 32};

  // One descriptor per family; only the chosen family's (and its parent's) are used.
  layoutviz::BlockedLayout blocked{{1, 4}, {4, 8}, {4, 1}, {1, 0}, {}};
  layoutviz::NvidiaMmaLayout nvidiaMma{2, 0, {4, 1}, {16, 8}, {}};
  layoutviz::AmdMfmaLayout amdMfma{3, {4, 1}, {32, 32, 8}, false, {}, 32, {}};
  layoutviz::AmdWmmaLayout amdWmma{2, false, {4, 1}, {}, {16, 16, 16}, {}};
  layoutviz::SwizzledSharedLayout swizzledShared{8, 1, 8, {1, 0}, {}};
  layoutviz::NvmmaSharedLayout nvmmaShared{128, false, 16, false, {}};
  layoutviz::AmdRotatingSharedLayout amdRotatingShared{8, 1, 8, {1, 0}, {}};
  // #ttg.linear (register, lane, warp, block) and #ttg.shared_linear (offset, block) bases.
  LinearBases linear = defaultDistributedBases();
  LinearBases sharedLinear = defaultSharedBases();
  unsigned sharedLinearAlignment = 16;
  // The CTA split of every family that has CGA fields (hasCgaFields).
  CgaFields cga;

  unsigned sliceDim = 1;
  ParentFamily sliceParent = ParentFamily::Blocked;
  unsigned opIdx = 0;
  unsigned kWidth = 2;
  ParentFamily dotParent = ParentFamily::NvidiaMma;

  // Element type of shared layouts (nvmma_shared stores it in the descriptor; for the others it
  // only matters for bank conflicts).
  unsigned sharedElementBitWidth = 16;

  // The distributed layout that reads or writes a shared layout, for the bank-conflict figure:
  // `access` unless `accessAttribute` holds attribute text, which then wins.
  layoutviz::BlockedLayout access{{1, 8}, {8, 4}, {4, 1}, {1, 0}, {}};
  std::string accessAttribute;
  unsigned accessVectorWidth = 8;
};

// The descriptor the parameters describe (no shape checks yet: those happen when it is turned
// into a linear layout).  Throws LayoutError for text fields that do not parse.
layoutviz::Layout buildLayout(const PlaygroundParameters &parameters);

// The tensor the chosen layout is drawn on (the slice drops one dim of `shape`; a shared_linear
// layout is drawn on the tensor its bases span).
std::vector<int64_t> tensorShape(const PlaygroundParameters &parameters);

// Makes every per-dim list of every family `rank` long, keeping the minor dims and adding
// size-1 major dims (or dropping major ones), so a rank change keeps the picture recognisable.
void setRank(PlaygroundParameters &parameters, unsigned rank);

// Chooses the family and fills its parameters from a descriptor (e.g. parsed attribute text).
// Throws LayoutError for what the playground cannot edit (a CGA that no CTAsPerCGA /
// CTASplitNum / CTAOrder describes, slices of slices, ...).
void loadLayout(PlaygroundParameters &parameters, const layoutviz::Layout &layout);

} // namespace trex::playground
