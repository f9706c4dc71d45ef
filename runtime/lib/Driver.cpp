// Driver: choosing and opening the backend's driver library; the graph defaults for backends
// without graph capture.
#include "trex/Runtime/Driver.h"

#include "DriverLibrary.h"

#include <cstdlib>

namespace trex::runtime {

namespace {

Error noGraphs() { return Error("this driver does not support graph capture"); }

} // namespace

TensorMapBytes Driver::encodeTensorMap(const TensorMapEncoding &) {
  throw Error("this driver cannot encode TMA descriptors (host tensor descriptors need CUDA 12 "
              "or newer on sm_90)");
}

void Driver::beginCapture() { throw noGraphs(); }
GraphHandle Driver::endCapture() { throw noGraphs(); }
void Driver::launchGraph(GraphHandle) { throw noGraphs(); }
void Driver::destroyGraph(GraphHandle) { throw noGraphs(); }

const char *driverLibraryName(Backend backend) {
  return backend == Backend::CUDA ? "libcuda.so.1" : "libamdhip64.so";
}

std::unique_ptr<Driver> openDriver(Backend backend) {
  // TREX_CUDA_LIBRARY / TREX_HIP_LIBRARY name another file to load (a driver outside the
  // loader's path, or a missing one to test the no-driver path on a GPU machine).
  const char *override =
      std::getenv(backend == Backend::CUDA ? "TREX_CUDA_LIBRARY" : "TREX_HIP_LIBRARY");
  std::string fileName = override && *override ? override : driverLibraryName(backend);
  std::string missing = backend == Backend::CUDA
                            ? "no CUDA driver (" + fileName + ") found"
                            : "no HIP runtime (" + fileName + ") found";
  DriverLibrary library(fileName, missing);
  return backend == Backend::CUDA ? openCudaDriver(std::move(library))
                                  : openHipDriver(std::move(library));
}

} // namespace trex::runtime
