// LayoutvizBench: times converting and rendering (both text views) every Triton fixture record.
#include "TritonLayoutFixtures.h"

#include "layoutviz/AttributeText.h"
#include "layoutviz/LayoutText.h"

#include <chrono>
#include <cstdio>

using namespace trex::layoutviz;

int main() {
  auto records = testing::loadTritonLayoutRecords();
  size_t bytes = 0;
  auto start = std::chrono::steady_clock::now();
  for (const auto &record : records) {
    Layout layout = parseLayoutAttributeOrThrow(record.attribute);
    bytes += renderLayoutText(layout, record.shape, LayoutView::Tensor).size();
    bytes += renderLayoutText(layout, record.shape, LayoutView::Hardware).size();
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("rendered %zu layouts (tensor + hardware views, %zu bytes) in %.1f ms\n",
              records.size(), bytes, seconds * 1e3);
  return 0;
}
