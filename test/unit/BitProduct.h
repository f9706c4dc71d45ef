// The XOR of offsets[bit] over the set bits of `id`: a linear layout's bases applied to a lane,
// warp or thread id, computed directly on the host as the tests' reference.
#ifndef TREX_TEST_UNIT_BITPRODUCT_H
#define TREX_TEST_UNIT_BITPRODUCT_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace trex::test {

inline int32_t xorOfBits(uint32_t id, const std::vector<int32_t> &offsets) {
  int32_t result = 0;
  for (std::size_t bit = 0; bit < offsets.size() && bit < 32; ++bit)
    if (id >> bit & 1u)
      result ^= offsets[bit];
  return result;
}

} // namespace trex::test

#endif // TREX_TEST_UNIT_BITPRODUCT_H
