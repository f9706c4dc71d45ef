// FixtureKernels: the reference kernel sources and real Triton 3.6's MLIR locations for them,
// read from ../shared/fixtures/triton-3.6 for the front-end tests and benchmark.
#ifndef TREX_TEST_FRONTEND_PYTHON_FIXTUREKERNELS_H
#define TREX_TEST_FRONTEND_PYTHON_FIXTUREKERNELS_H

#include <optional>
#include <string>
#include <vector>

namespace trex::python::testing {

struct FixtureKernel {
  // "vector_add": kernels/vector_add.py.
  std::string fileStem;
  // The spec directory whose sm90/<spec>.source is Triton's frontend output for it.
  std::string spec;
  // The @triton.jit function in it.
  std::string functionName;
};

// The four reference kernels of the fixtures.
const std::vector<FixtureKernel> &fixtureKernels();

std::string kernelSourcePath(const FixtureKernel &kernel);
std::string tritonSourceIrPath(const FixtureKernel &kernel);

// A `loc("file":line:column)` as MLIR prints it.
struct MlirFileLocation {
  std::string file;
  int line = 0;
  int column = 0;
};

// Every file location in MLIR text, in order of appearance (repeats included).
std::vector<MlirFileLocation> extractFileLocations(const std::string &mlirText);

} // namespace trex::python::testing

#endif // TREX_TEST_FRONTEND_PYTHON_FIXTUREKERNELS_H
