// DriverLibrary: a dlopen'ed GPU driver library and typed symbol lookup, shared by the CUDA
// and HIP drivers (internal to the runtime).
#ifndef TREX_RUNTIME_LIB_DRIVERLIBRARY_H
#define TREX_RUNTIME_LIB_DRIVERLIBRARY_H

#include "trex/Runtime/Driver.h"
#include "trex/Runtime/Error.h"

#include <dlfcn.h>

#include <memory>
#include <string>

namespace trex::runtime {

class DriverLibrary {
public:
  // Throws NoDriverError(`missingMessage`) when the library cannot be opened.
  DriverLibrary(const std::string &fileName, const std::string &missingMessage)
      : fileName_(fileName) {
    handle_ = dlopen(fileName.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle_) {
      const char *why = dlerror();
      throw NoDriverError(missingMessage + (why ? std::string(" (") + why + ")" : ""));
    }
  }
  DriverLibrary(DriverLibrary &&other) noexcept
      : fileName_(std::move(other.fileName_)), handle_(other.handle_) {
    other.handle_ = nullptr;
  }
  DriverLibrary(const DriverLibrary &) = delete;
  DriverLibrary &operator=(const DriverLibrary &) = delete;
  DriverLibrary &operator=(DriverLibrary &&) = delete;
  // The library stays loaded for the process: drivers keep threads that outlive their handles.
  ~DriverLibrary() = default;

  template <typename Function> void resolve(Function &function, const char *symbol) {
    if (!resolveOptional(function, symbol))
      throw NoDriverError(fileName_ + " has no " + symbol + " (driver too old?)");
  }
  template <typename Function> bool resolveOptional(Function &function, const char *symbol) {
    function = reinterpret_cast<Function>(dlsym(handle_, symbol));
    return function != nullptr;
  }

private:
  std::string fileName_;
  void *handle_ = nullptr;
};

std::unique_ptr<Driver> openCudaDriver(DriverLibrary library);
std::unique_ptr<Driver> openHipDriver(DriverLibrary library);

} // namespace trex::runtime

#endif // TREX_RUNTIME_LIB_DRIVERLIBRARY_H
