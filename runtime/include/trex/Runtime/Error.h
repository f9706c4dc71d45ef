// Error: what every runtime failure throws, so a caller (the CLI, trex-runner, the explorer's
// child process) reports one clear message and exits nonzero instead of crashing.
#ifndef TREX_RUNTIME_ERROR_H
#define TREX_RUNTIME_ERROR_H

#include <stdexcept>
#include <string>

namespace trex::runtime {

class Error : public std::runtime_error {
public:
  explicit Error(const std::string &message) : std::runtime_error(message) {}
};

// A driver call that failed: the message names the call and carries the driver's own words
// ("cuModuleLoadData failed: CUDA_ERROR_INVALID_IMAGE (device kernel image is invalid)").
class DriverError : public Error {
public:
  DriverError(const std::string &call, int code, const std::string &driverMessage)
      : Error(call + " failed: " + driverMessage), call_(call), code_(code) {}
  const std::string &call() const { return call_; }
  int code() const { return code_; }

private:
  std::string call_;
  int code_;
};

// No usable driver library or no device: the runtime cannot run anything on this machine.
class NoDriverError : public Error {
public:
  explicit NoDriverError(const std::string &message) : Error(message) {}
};

} // namespace trex::runtime

#endif // TREX_RUNTIME_ERROR_H
