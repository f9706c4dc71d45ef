// Layout: one value that holds a descriptor of any layout family, and the conversion entry point.
#pragma once

#include "layoutviz/AmdMfmaLayout.h"
#include "layoutviz/AmdRotatingSharedLayout.h"
#include "layoutviz/AmdWmmaLayout.h"
#include "layoutviz/BlockedLayout.h"
#include "layoutviz/DistributedLinearLayout.h"
#include "layoutviz/DotOperandLayout.h"
#include "layoutviz/LinearLayout.h"
#include "layoutviz/NvidiaMmaLayout.h"
#include "layoutviz/NvmmaSharedLayout.h"
#include "layoutviz/SharedLinearLayout.h"
#include "layoutviz/SliceLayout.h"
#include "layoutviz/SwizzledSharedLayout.h"

#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace trex::layoutviz {

// A layout descriptor of any family.  Distributed families describe tensors in registers
// (in-dims register, lane, warp, block); shared families describe tensors in shared memory
// (in-dims offset, block).  Slice and dot-operand descriptors hold their parent by pointer.
struct Layout {
  using Family =
      std::variant<BlockedLayout, SliceLayout, DotOperandLayout, NvidiaMmaLayout, AmdMfmaLayout,
                   AmdWmmaLayout, DistributedLinearLayout, SwizzledSharedLayout,
                   NvmmaSharedLayout, AmdRotatingSharedLayout, SharedLinearLayout>;

  template <typename Descriptor>
  Layout(Descriptor descriptor) : family(std::move(descriptor)) {}

  Family family;
};

template <typename Descriptor>
std::shared_ptr<const Layout> makeLayout(Descriptor descriptor) {
  return std::make_shared<const Layout>(std::move(descriptor));
}

// True for the shared-memory families (offset -> element layouts).
bool isSharedMemoryLayout(const Layout &layout);

// The family's name as it appears in Triton's attribute text: "blocked", "slice", "dot_op",
// "nvidia_mma", "amd_mfma", "amd_wmma", "linear", "swizzled_shared", "nvmma_shared",
// "amd_rotating_shared" or "shared_linear".
std::string familyName(const Layout &layout);

// The linear layout Triton 3.6's toLinearLayout(shape, attr) computes: for distributed
// families, (register, lane, warp, block) -> (dim0, ...); for shared families,
// (offset, block) -> (dim0, ...).  Throws LayoutError for descriptors Triton would reject.
LinearLayout toLinearLayout(const Layout &layout, const std::vector<int64_t> &shape);

} // namespace trex::layoutviz
