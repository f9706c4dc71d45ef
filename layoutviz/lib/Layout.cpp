// Layout: dispatch from the family variant to each family's conversion.
#include "layoutviz/Layout.h"

#include <type_traits>

namespace trex::layoutviz {

bool isSharedMemoryLayout(const Layout &layout) {
  return std::holds_alternative<SwizzledSharedLayout>(layout.family) ||
         std::holds_alternative<NvmmaSharedLayout>(layout.family) ||
         std::holds_alternative<AmdRotatingSharedLayout>(layout.family) ||
         std::holds_alternative<SharedLinearLayout>(layout.family);
}

std::string familyName(const Layout &layout) {
  return std::visit(
      [](const auto &descriptor) -> std::string {
        using T = std::decay_t<decltype(descriptor)>;
        if constexpr (std::is_same_v<T, BlockedLayout>)
          return "blocked";
        else if constexpr (std::is_same_v<T, SliceLayout>)
          return "slice";
        else if constexpr (std::is_same_v<T, DotOperandLayout>)
          return "dot_op";
        else if constexpr (std::is_same_v<T, NvidiaMmaLayout>)
          return "nvidia_mma";
        else if constexpr (std::is_same_v<T, AmdMfmaLayout>)
          return "amd_mfma";
        else if constexpr (std::is_same_v<T, AmdWmmaLayout>)
          return "amd_wmma";
        else if constexpr (std::is_same_v<T, DistributedLinearLayout>)
          return "linear";
        else if constexpr (std::is_same_v<T, SwizzledSharedLayout>)
          return "swizzled_shared";
        else if constexpr (std::is_same_v<T, NvmmaSharedLayout>)
          return "nvmma_shared";
        else if constexpr (std::is_same_v<T, AmdRotatingSharedLayout>)
          return "amd_rotating_shared";
        else
          return "shared_linear";
      },
      layout.family);
}

LinearLayout toLinearLayout(const Layout &layout, const std::vector<int64_t> &shape) {
  return std::visit([&](const auto &descriptor) { return toLinearLayout(descriptor, shape); },
                    layout.family);
}

} // namespace trex::layoutviz
