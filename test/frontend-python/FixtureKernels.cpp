// FixtureKernels: reads the fixture kernels and pulls the loc(...) entries out of MLIR text.
#include "FixtureKernels.h"

#include <regex>

namespace trex::python::testing {

const std::vector<FixtureKernel> &fixtureKernels() {
  static const std::vector<FixtureKernel> kernels = {
      {"vector_add", "add_kernel_f32_b1024", "add_kernel"},
      {"softmax", "softmax_f32_b1024_w4", "softmax_kernel"},
      {"layernorm", "layernorm_f32_b1024_w8", "layer_norm_fwd"},
      {"matmul", "matmul_f16_128x128x64_w4_s4", "matmul_kernel"},
  };
  return kernels;
}

std::string kernelSourcePath(const FixtureKernel &kernel) {
  return std::string(TREX_TRITON_FIXTURES_DIR) + "/kernels/" + kernel.fileStem + ".py";
}

std::string tritonSourceIrPath(const FixtureKernel &kernel) {
  return std::string(TREX_TRITON_FIXTURES_DIR) + "/" + kernel.spec + "/sm90/" + kernel.spec +
         ".source";
}

std::vector<MlirFileLocation> extractFileLocations(const std::string &mlirText) {
  static const std::regex location(R"re(loc\("([^"]+)":(\d+):(\d+)\))re");
  std::vector<MlirFileLocation> locations;
  for (auto match = std::sregex_iterator(mlirText.begin(), mlirText.end(), location);
       match != std::sregex_iterator(); ++match)
    locations.push_back(
        {(*match)[1].str(), std::stoi((*match)[2].str()), std::stoi((*match)[3].str())});
  return locations;
}

} // namespace trex::python::testing
