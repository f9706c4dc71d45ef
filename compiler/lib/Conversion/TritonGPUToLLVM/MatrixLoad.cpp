// MatrixLoad: when a shared-memory read can use ldmatrix, and the address each lane gives it.
#include "trex/Conversion/TritonGPUToLLVM/MatrixLoad.h"

#include <algorithm>

namespace trex {

namespace {

constexpr int32_t kRowElements = 8;

bool wholeRows(int32_t offset) { return offset % kRowElements == 0; }

} // namespace

std::optional<MatrixLoadPlan> planMatrixLoad(const LocalMemoryAccess &access,
                                             int32_t elementBytes) {
  int32_t registers = static_cast<int32_t>(access.registerOffset.size());
  if (elementBytes != 2 || registers < 2 || access.laneOffset.size() != 5)
    return std::nullopt;
  for (int32_t reg = 0; reg < registers; ++reg)
    if (access.canonical[reg] != reg)
      return std::nullopt;
  // The offset of each register bit; instructions are addressed at their first register,
  // so the offsets must be linear in the register index.
  std::vector<int32_t> registerBit;
  for (int32_t bit = 1; bit < registers; bit <<= 1)
    registerBit.push_back(access.registerOffset[bit]);
  for (int32_t reg = 0; reg < registers; ++reg) {
    int32_t linear = 0;
    for (size_t bit = 0; bit < registerBit.size(); ++bit)
      if (reg >> bit & 1)
        linear ^= registerBit[bit];
    if (access.registerOffset[reg] != linear)
      return std::nullopt;
  }
  const std::vector<int32_t> &lane = access.laneOffset;

  MatrixLoadPlan plan;
  plan.matrices = std::min(4, registers / 2);
  if (registerBit[0] == 1 && lane[0] == 2 && lane[1] == 4 && wholeRows(lane[2]) &&
      wholeRows(lane[3]) && wholeRows(lane[4])) {
    plan.laneAddressOffset = {lane[2], lane[3], lane[4]};
  } else if (lane[2] == 1 && lane[3] == 2 && lane[4] == 4 && wholeRows(registerBit[0]) &&
             wholeRows(lane[0]) && wholeRows(lane[1])) {
    plan.transposed = true;
    plan.laneAddressOffset = {registerBit[0], lane[0], lane[1]};
  } else {
    return std::nullopt;
  }
  // Lanes 8-15 address the second matrix (register bit 1), lanes 16-31 the third and fourth
  // (register bit 2); unused in .x1 / .x2.
  for (int32_t matrixBit = 0; matrixBit < 2; ++matrixBit)
    plan.laneAddressOffset.push_back((1 << matrixBit) < plan.matrices ? registerBit[1 + matrixBit]
                                                                       : 0);
  for (size_t bit = 1; bit < registerBit.size(); ++bit)
    if (!wholeRows(registerBit[bit]))
      return std::nullopt;
  for (int32_t offset : access.warpOffset)
    if (!wholeRows(offset))
      return std::nullopt;
  return plan;
}

} // namespace trex
