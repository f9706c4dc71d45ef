// Runner: planning a run from artifacts and flags, executing it on a driver, reporting it.
#include "trex/Runtime/Runner.h"

#include "trex/Runtime/CubinInfo.h"
#include "trex/Runtime/Error.h"
#include "trex/Runtime/Kernel.h"
#include "trex/Runtime/ScratchAllocator.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <sstream>

namespace trex::runtime {

namespace {

// The signature's passed parameters against the cubin's parameter list (user arguments then
// the two hidden pointers): a mismatch would make the kernel read garbage.
void checkAgainstCubin(const KernelArtifacts &artifacts, const std::vector<PlannedArgument> &arguments) {
  if (artifacts.binaryKind != KernelArtifacts::BinaryKind::Cubin)
    return;
  CubinKernelInfo cubin =
      readCubinKernelInfo(readFileBytes(artifacts.binaryPath), artifacts.info.name);
  if (cubin.parameterSizes.empty())
    return;
  std::size_t expected = arguments.size() + 2;
  if (cubin.parameterSizes.size() != expected)
    throw Error("the cubin's kernel takes " + std::to_string(cubin.parameterSizes.size()) +
                " parameters (" + std::to_string(cubin.parameterSizes.size() - 2) +
                " arguments + 2 hidden scratch pointers) but the signature passes " +
                std::to_string(arguments.size()) + " arguments");
  for (std::size_t index = 0; index < arguments.size(); ++index) {
    const SignatureEntry &entry = arguments[index].entry;
    std::size_t bytes = entry.kind == SignatureEntry::Kind::Pointer ? 8 : scalarTypeSize(entry.type);
    // i1 scalars travel as one byte in PTX params but may be widened; only check the others.
    if (entry.type != ScalarType::I1 && static_cast<std::size_t>(cubin.parameterSizes[index]) != bytes)
      throw Error("argument '" + arguments[index].name + "' is " + entry.describe() + " (" +
                  std::to_string(bytes) + " bytes) in the signature but " +
                  std::to_string(cubin.parameterSizes[index]) + " bytes in the cubin");
  }
}

// Device buffers freed when the run ends, even by an exception.
class DeviceBuffers {
public:
  explicit DeviceBuffers(Driver &driver) : driver_(driver) {}
  ~DeviceBuffers() {
    for (DevicePointer pointer : pointers_) {
      try {
        driver_.free(pointer);
      } catch (const Error &) {
      }
    }
  }
  DevicePointer upload(const std::vector<std::uint8_t> &bytes) {
    DevicePointer pointer = driver_.allocate(bytes.size());
    pointers_.push_back(pointer);
    driver_.copyToDevice(pointer, bytes.data(), bytes.size());
    return pointer;
  }

private:
  Driver &driver_;
  std::vector<DevicePointer> pointers_;
};

std::string formatNumber(double value) {
  std::ostringstream stream;
  stream << std::setprecision(7) << value;
  return stream.str();
}

} // namespace

LaunchPlan planLaunch(const KernelArtifacts &artifacts, const RunRequest &request) {
  LaunchPlan plan;
  plan.artifacts = artifacts;
  plan.grid = request.grid;
  std::string signatureText = request.signature;
  if (signatureText.empty()) {
    if (!artifacts.info.signature)
      throw Error("the kernel's signature is unknown: pass --signature (Triton's AOT form, e.g. "
                  "'*fp32:16, *fp32:16, i32, 1024'); '" + artifacts.metadataPath +
                  "' does not record it");
    signatureText = *artifacts.info.signature;
  }
  plan.signature = parseSignature(signatureText);
  std::vector<SignatureEntry> passed = plan.signature.passedEntries();
  // The user's --names must fit the signature (assignArguments says so); the metadata's names
  // of another specialization are dropped for positions.
  std::vector<std::string> names = request.parameterNames;
  if (names.empty()) {
    names = artifacts.info.parameterNames;
    if (names.size() != passed.size())
      names.clear();
  }
  std::vector<std::string> values = assignArguments(request.arguments, names, passed.size());
  for (std::size_t index = 0; index < passed.size(); ++index) {
    PlannedArgument argument;
    argument.name = index < names.size() ? names[index] : "arg" + std::to_string(index);
    argument.entry = passed[index];
    argument.valueText = values[index];
    try {
      if (argument.entry.kind == SignatureEntry::Kind::Pointer)
        argument.buffer = parseBufferSpec(argument.valueText);
      else
        argument.scalar = parseScalarLiteral(argument.entry.type, argument.valueText);
    } catch (const Error &error) {
      throw Error("argument '" + argument.name + "' (" + argument.entry.describe() + "): " +
                  error.what());
    }
    plan.arguments.push_back(std::move(argument));
  }
  for (const std::string &name : request.printNames) {
    bool found = false;
    for (std::size_t index = 0; index < plan.arguments.size(); ++index)
      if (plan.arguments[index].name == name || "arg" + std::to_string(index) == name) {
        plan.printed.push_back(index);
        found = true;
        break;
      }
    if (!found)
      throw Error("--print '" + name + "' names no argument of the kernel");
  }
  const KernelInfo &info = artifacts.info;
  plan.globalScratchBytes = scratchBytes(info.globalScratchSize, plan.grid, info.numCTAs);
  plan.profileScratchBytes = scratchBytes(info.profileScratchSize, plan.grid, info.numCTAs);
  if (request.profileScopes && (info.profileScratchSize == 0 || info.profileScopes.empty()))
    throw Error("the kernel records no profiling scopes: compile it with --profile-scopes from a "
                "kernel that uses triton.profiler.language scopes");
  checkAgainstCubin(artifacts, plan.arguments);
  return plan;
}

RunResult executeLaunch(Driver &driver, const LaunchPlan &plan, const RunRequest &request) {
  RunResult result;
  result.kernelName = plan.artifacts.info.name;
  result.grid = plan.grid;
  result.device = driver.properties().name;
  result.globalScratchBytes = plan.globalScratchBytes;
  result.profileScratchBytes = plan.profileScratchBytes;

  Kernel kernel(driver, plan.artifacts);
  result.attributes = kernel.attributes();
  DeviceBuffers buffers(driver);
  std::vector<ArgumentValue> values;
  std::vector<DevicePointer> pointers(plan.arguments.size(), 0);
  for (std::size_t index = 0; index < plan.arguments.size(); ++index) {
    const PlannedArgument &argument = plan.arguments[index];
    if (argument.buffer) {
      std::vector<std::uint8_t> bytes = generateBuffer(*argument.buffer, argument.entry.type, index);
      result.bufferBytes += bytes.size();
      pointers[index] = buffers.upload(bytes);
      values.push_back(ArgumentValue::ofPointer(pointers[index]));
    } else {
      values.push_back(ArgumentValue::ofScalar(argument.scalar));
    }
  }
  const KernelInfo &info = plan.artifacts.info;
  ScratchBuffer globalScratch(driver, scratchAllocator(), plan.globalScratchBytes,
                              static_cast<std::size_t>(info.globalScratchAlign));
  ScratchBuffer profileScratch(driver, profileScratchAllocator(), plan.profileScratchBytes,
                               static_cast<std::size_t>(info.profileScratchAlign));
  PackedArguments packed(values, globalScratch.pointer(), profileScratch.pointer());

  kernel.launch(plan.grid, packed);
  driver.synchronize();

  for (std::size_t index : plan.printed) {
    const PlannedArgument &argument = plan.arguments[index];
    PrintedArgument printed;
    printed.name = argument.name;
    printed.type = argument.entry.describe();
    if (!argument.buffer) {
      printed.count = 1;
      printed.values.push_back(decodeScalar(argument.scalar));
    } else {
      std::size_t elementSize = scalarTypeSize(argument.entry.type);
      printed.count = argument.buffer->count;
      std::size_t shown = static_cast<std::size_t>(
          std::min<std::uint64_t>(printed.count, request.printLimit));
      std::vector<std::uint8_t> bytes(shown * elementSize);
      if (shown)
        driver.copyToHost(bytes.data(), pointers[index], bytes.size());
      for (std::size_t element = 0; element < shown; ++element)
        printed.values.push_back(
            decodeScalar(loadElement(argument.entry.type, bytes.data() + element * elementSize)));
    }
    result.printed.push_back(std::move(printed));
  }

  if (request.benchmark)
    result.timing = benchmark(driver, [&] { kernel.launch(plan.grid, packed); },
                              request.benchmarkOptions);
  if (request.profileScopes) {
    driver.synchronize();
    std::vector<std::uint8_t> bytes(plan.profileScratchBytes);
    driver.copyToHost(bytes.data(), profileScratch.pointer(), bytes.size());
    result.profile =
        decodeProfile(bytes.data(), bytes.size(), info.profileScratchSize, info.numWarps);
    result.profileSummary = summarizeProfile(*result.profile, info.profileScopes);
    result.profileScopeNames = info.profileScopes;
    result.timelinePrograms = request.tracePrograms;
    if (result.timelinePrograms.empty())
      result.timelinePrograms.push_back(0);
    if (!request.traceFile.empty()) {
      std::ofstream trace(request.traceFile);
      trace << renderChromeTrace(*result.profile, info.profileScopes, result.timelinePrograms)
            << "\n";
      if (!trace)
        throw Error("cannot write the trace to '" + request.traceFile + "'");
    }
  }
  return result;
}

std::string renderRunText(const RunResult &result) {
  std::ostringstream out;
  out << result.kernelName << " on " << result.device << ": grid " << result.grid.x << ","
      << result.grid.y << "," << result.grid.z << ", " << result.attributes.registers
      << " registers, " << result.attributes.localBytes << " bytes local memory per thread\n";
  if (result.globalScratchBytes || result.profileScratchBytes)
    out << "scratch: global " << result.globalScratchBytes << " bytes, profile "
        << result.profileScratchBytes << " bytes\n";
  for (const PrintedArgument &printed : result.printed) {
    out << printed.name << " (" << printed.type << ", " << printed.count
        << (printed.count == 1 ? " element" : " elements") << "): [";
    for (std::size_t index = 0; index < printed.values.size(); ++index)
      out << (index ? ", " : "") << formatNumber(printed.values[index]);
    if (printed.values.size() < printed.count)
      out << ", ...";
    out << "]\n";
  }
  if (const auto &timing = result.timing) {
    out << std::fixed << std::setprecision(4);
    out << "time (ms): median " << timing->medianMilliseconds << "  min "
        << timing->minMilliseconds << "  max " << timing->maxMilliseconds << "  mean "
        << timing->meanMilliseconds << "  (" << timing->repetitions << " runs after "
        << timing->warmups << " warm-up)\n";
    if (timing->medianMilliseconds > 0 && result.bufferBytes)
      out << std::setprecision(1) << "bandwidth: "
          << result.bufferBytes / (timing->medianMilliseconds * 1e6)
          << " GB/s (every buffer moved once, at the median)\n";
  }
  if (result.profile)
    out << renderProfileText(result.profileSummary, *result.profile);
  return out.str();
}

std::string renderRunJSON(const RunResult &result) {
  nlohmann::json object = {
      {"kernel", result.kernelName},
      {"device", result.device},
      {"grid", {result.grid.x, result.grid.y, result.grid.z}},
      {"registers", result.attributes.registers},
      {"local_bytes_per_thread", result.attributes.localBytes},
      {"static_shared_bytes", result.attributes.staticSharedBytes},
      {"global_scratch_bytes", result.globalScratchBytes},
      {"profile_scratch_bytes", result.profileScratchBytes},
      {"buffer_bytes", result.bufferBytes},
  };
  nlohmann::json printed = nlohmann::json::object();
  for (const PrintedArgument &argument : result.printed) {
    nlohmann::json values = nlohmann::json::array();
    for (double value : argument.values)
      values.push_back(std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(formatNumber(value)));
    printed[argument.name] = {{"type", argument.type}, {"count", argument.count}, {"values", values}};
  }
  object["outputs"] = printed;
  if (const auto &timing = result.timing) {
    object["timing_ms"] = {{"median", timing->medianMilliseconds},
                           {"min", timing->minMilliseconds},
                           {"max", timing->maxMilliseconds},
                           {"mean", timing->meanMilliseconds},
                           {"estimate", timing->estimateMilliseconds},
                           {"warmups", timing->warmups},
                           {"repetitions", timing->repetitions}};
    if (timing->medianMilliseconds > 0)
      object["gbps"] = result.bufferBytes / (timing->medianMilliseconds * 1e6);
  }
  if (result.profile)
    object["profile"] = nlohmann::json::parse(renderProfileJSON(
        result.profileSummary, *result.profile, result.profileScopeNames, result.timelinePrograms));
  return object.dump(1) + "\n";
}

int runFromArtifacts(const std::string &path, const RunRequest &request, std::ostream &out,
                     std::ostream &err, const DriverFactory &factory) {
  try {
    KernelArtifacts artifacts = findKernelArtifacts(path);
    LaunchPlan plan = planLaunch(artifacts, request);
    std::unique_ptr<Driver> driver =
        factory ? factory(artifacts.info.backend) : openDriver(artifacts.info.backend);
    RunResult result = executeLaunch(*driver, plan, request);
    out << (request.json ? renderRunJSON(result) : renderRunText(result));
    return 0;
  } catch (const std::exception &error) {
    if (request.json) {
      nlohmann::json failure = {{"error", error.what()},
                                {"no_driver", dynamic_cast<const NoDriverError *>(&error) != nullptr}};
      out << failure.dump(1) << "\n";
    }
    err << "error: " << error.what() << "\n";
    return 1;
  }
}

} // namespace trex::runtime
