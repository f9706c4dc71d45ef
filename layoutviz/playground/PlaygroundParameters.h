// PlaygroundParameters: every knob of the layout playground, and the layoutviz descriptor they describe.
#pragma once

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
};

inline constexpr int kNumPlaygroundFamilies = 10;

// Triton's spelling ("blocked", "nvidia_mma", ...), used by the selector and --family.
const char *familyName(PlaygroundFamily family);
// The family named `name`; false when there is none.
bool familyFromName(const std::string &name, PlaygroundFamily &family);
bool isSharedFamily(PlaygroundFamily family);

// The accumulator (or blocked) layout a slice or dot operand is derived from.
enum class ParentFamily { Blocked, NvidiaMma, AmdMfma, AmdWmma };
const char *parentFamilyName(ParentFamily parent);

// The bases of a #ttg.linear layout as the user types them, one list per hardware dim,
// e.g. register = "[[0, 1], [0, 2]]".
struct LinearBasesText {
  std::string registerBases = "[[0, 1], [0, 2]]";
  std::string laneBases = "[[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]]";
  std::string warpBases = "[[8, 0], [16, 0]]";
  std::string blockBases = "[]";
};

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
  LinearBasesText linear;

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

// The tensor the chosen layout is drawn on (the slice drops one dim of `shape`).
std::vector<int64_t> tensorShape(const PlaygroundParameters &parameters);

// Makes every per-dim list of every family `rank` long, keeping the minor dims and adding
// size-1 major dims (or dropping major ones), so a rank change keeps the picture recognisable.
void setRank(PlaygroundParameters &parameters, unsigned rank);

// Chooses the family and fills its parameters from a descriptor (e.g. parsed attribute text).
// Shared-linear layouts have no editor and throw LayoutError.
void loadLayout(PlaygroundParameters &parameters, const layoutviz::Layout &layout);

// Parses "[[0, 1], [2, 0]]" (also "[]") into bases.  Throws LayoutError naming `what`.
std::vector<std::vector<int32_t>> parseBasesText(const std::string &text, const std::string &what);
std::string formatBasesText(const std::vector<std::vector<int32_t>> &bases);

} // namespace trex::playground
