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

// The bytes of each kernel parameter a passed argument becomes: a pointer 8, a scalar its
// size, a host descriptor its 128-byte CUtensorMap, then 4 per dimension (shape) and 8 per
// dimension (strides).
std::vector<std::size_t> parameterSizes(const SignatureEntry &entry) {
  switch (entry.kind) {
  case SignatureEntry::Kind::Pointer:
    return {8};
  case SignatureEntry::Kind::TensorDescriptor: {
    std::vector<std::size_t> sizes{kTensorMapBytes};
    sizes.insert(sizes.end(), entry.blockShape.size(), 4);
    sizes.insert(sizes.end(), entry.blockShape.size(), 8);
    return sizes;
  }
  default:
    return {scalarTypeSize(entry.type)};
  }
}

// The signature's passed parameters against the cubin's parameter list (user arguments then
// the two hidden pointers): a mismatch would make the kernel read garbage.
void checkAgainstCubin(const KernelArtifacts &artifacts, const std::vector<PlannedArgument> &arguments) {
  if (artifacts.binaryKind != KernelArtifacts::BinaryKind::Cubin)
    return;
  CubinKernelInfo cubin =
      readCubinKernelInfo(readFileBytes(artifacts.binaryPath), artifacts.info.name);
  if (cubin.parameterSizes.empty())
    return;
  std::size_t expected = 2;
  for (const PlannedArgument &argument : arguments)
    expected += parameterSizes(argument.entry).size();
  if (cubin.parameterSizes.size() != expected)
    throw Error("the cubin's kernel takes " + std::to_string(cubin.parameterSizes.size()) +
                " parameters (" + std::to_string(cubin.parameterSizes.size() - 2) +
                " arguments + 2 hidden scratch pointers) but the signature passes " +
                std::to_string(arguments.size()) + " arguments" +
                (expected - 2 != arguments.size()
                     ? " (" + std::to_string(expected - 2) +
                           " parameters with its host descriptors expanded)"
                     : std::string()));
  std::size_t parameter = 0;
  for (const PlannedArgument &argument : arguments) {
    const SignatureEntry &entry = argument.entry;
    for (std::size_t bytes : parameterSizes(entry)) {
      std::size_t actual = static_cast<std::size_t>(cubin.parameterSizes[parameter++]);
      // i1 scalars travel as one byte in PTX params but may be widened; only check the others.
      if (!(entry.kind == SignatureEntry::Kind::Scalar && entry.type == ScalarType::I1) &&
          actual != bytes)
        throw Error("argument '" + argument.name + "' is " + entry.describe() + " (" +
                    std::to_string(bytes) + " bytes) in the signature but " +
                    std::to_string(actual) + " bytes in the cubin");
    }
  }
}

// A descriptor argument against its signature entry and the metadata's layout for it.
void planDescriptor(PlannedArgument &argument, const TensorDescriptorLayout *layout) {
  const SignatureEntry &entry = argument.entry;
  DescriptorSpec spec = parseDescriptorSpec(argument.valueText);
  if (spec.shape.size() != entry.blockShape.size())
    throw Error("the tensor '" + argument.valueText + "' has " + std::to_string(spec.shape.size()) +
                " dimensions but the descriptor's block " +
                std::to_string(entry.blockShape.size()));
  if (!spec.blockShape.empty() && spec.blockShape != entry.blockShape)
    throw Error("the block shape in '" + argument.valueText + "' is not the signature's (" +
                entry.describe() + ")");
  if (!layout)
    throw Error("the metadata has no tensordesc_meta entry for this descriptor (compile it with "
                "a trex that takes host descriptors, for sm_90)");
  if (layout->blockSize.size() != entry.blockShape.size())
    throw Error("the metadata's tensordesc_meta entry has " +
                std::to_string(layout->blockSize.size()) + " block dimensions, the signature " +
                std::to_string(entry.blockShape.size()));
  if (static_cast<std::size_t>(layout->elementSize) != scalarTypeSize(entry.type))
    throw Error("the metadata's tensordesc_meta entry has " + std::to_string(layout->elementSize) +
                "-byte elements, the signature's " + scalarTypeName(entry.type) + " " +
                std::to_string(scalarTypeSize(entry.type)));
  // Everything but the base address can be checked before there is one.
  DescriptorTensor tensor{0, spec.shape, spec.strides(), false};
  encodeTensorMapArguments(tensor, *layout);
  descriptorScalars(tensor);
  argument.buffer = spec.buffer();
  argument.descriptor = std::move(spec);
  argument.descriptorLayout = *layout;
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
  std::size_t descriptors = 0;
  for (std::size_t index = 0; index < passed.size(); ++index) {
    PlannedArgument argument;
    argument.name = index < names.size() ? names[index] : "arg" + std::to_string(index);
    argument.entry = passed[index];
    argument.valueText = values[index];
    try {
      if (argument.entry.kind == SignatureEntry::Kind::Pointer) {
        argument.buffer = parseBufferSpec(argument.valueText);
      } else if (argument.entry.kind == SignatureEntry::Kind::TensorDescriptor) {
        const std::vector<TensorDescriptorLayout> &layouts = artifacts.info.tensorDescriptors;
        planDescriptor(argument, descriptors < layouts.size() ? &layouts[descriptors] : nullptr);
        ++descriptors;
      } else {
        argument.scalar = parseScalarLiteral(argument.entry.type, argument.valueText);
      }
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
  if (descriptors != info.tensorDescriptors.size())
    throw Error("the signature has " + std::to_string(descriptors) +
                " tensor-descriptor parameters but the metadata's tensordesc_meta " +
                std::to_string(info.tensorDescriptors.size()));
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
      if (argument.descriptor) {
        DescriptorTensor tensor{pointers[index], argument.descriptor->shape,
                                argument.descriptor->strides(), false};
        TensorMapBytes map =
            driver.encodeTensorMap(encodeTensorMapArguments(tensor, argument.descriptorLayout));
        for (ArgumentValue &value : descriptorArguments(map, descriptorScalars(tensor)))
          values.push_back(std::move(value));
      } else {
        values.push_back(ArgumentValue::ofPointer(pointers[index]));
      }
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
  result.globalScratchBase = globalScratch.pointer();
  result.globalScratchPerProgram = static_cast<std::uint64_t>(info.globalScratchSize);
  if (!request.globalScratchDump.empty()) {
    std::vector<std::uint8_t> bytes(plan.globalScratchBytes);
    if (!bytes.empty())
      driver.copyToHost(bytes.data(), globalScratch.pointer(), bytes.size());
    std::ofstream dump(request.globalScratchDump, std::ios::binary);
    dump.write(reinterpret_cast<const char *>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    if (!dump)
      throw Error("cannot write the global scratch to '" + request.globalScratchDump + "'");
  }

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
      {"global_scratch_base", result.globalScratchBase},
      {"global_scratch_per_program", result.globalScratchPerProgram},
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
