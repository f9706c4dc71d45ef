// KernelInfo: Triton's metadata JSON to the launch facts, and locating the binary beside it.
#include "trex/Runtime/KernelInfo.h"

#include "trex/Runtime/Error.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace trex::runtime {

namespace fs = std::filesystem;

namespace {

template <typename T>
T field(const nlohmann::json &object, const char *key, T fallback, const std::string &origin) {
  auto found = object.find(key);
  if (found == object.end() || found->is_null())
    return fallback;
  try {
    return found->get<T>();
  } catch (const nlohmann::json::exception &) {
    throw Error(origin + ": metadata field '" + key + "' has the wrong type (" +
                found->type_name() + ")");
  }
}

// "sm90" -> 90; the `target` string "GPUTarget(backend='cuda', arch=90, ...)" says the same.
int computeCapabilityOf(const std::string &arch) {
  if (arch.rfind("sm", 0) != 0)
    return 0;
  std::size_t start = arch.find_first_of("0123456789");
  return start == std::string::npos ? 0 : std::atoi(arch.c_str() + start);
}

} // namespace

KernelInfo parseKernelInfo(const std::string &jsonText, const std::string &origin) {
  nlohmann::json object;
  try {
    object = nlohmann::json::parse(jsonText);
  } catch (const nlohmann::json::exception &error) {
    throw Error(origin + ": not valid JSON: " + error.what());
  }
  if (!object.is_object())
    throw Error(origin + ": the metadata is not a JSON object");
  KernelInfo info;
  info.name = field<std::string>(object, "name", "", origin);
  if (info.name.empty())
    throw Error(origin + ": the metadata has no kernel 'name'");
  std::string backend = field<std::string>(object, "backend_name", "", origin);
  std::string target = field<std::string>(object, "target", "", origin);
  if (backend.empty())
    backend = target.find("'hip'") != std::string::npos ? "hip" : "cuda";
  if (backend != "cuda" && backend != "hip")
    throw Error(origin + ": unknown backend '" + backend + "'");
  info.backend = backend == "hip" ? Backend::HIP : Backend::CUDA;
  info.arch = field<std::string>(object, "arch", "", origin);
  info.computeCapability = computeCapabilityOf(info.arch);
  info.warpSize = field<int>(object, "warp_size", info.backend == Backend::HIP ? 64 : 32, origin);
  info.numWarps = field<int>(object, "num_warps", 4, origin);
  info.numCTAs = field<int>(object, "num_ctas", 1, origin);
  info.numStages = field<int>(object, "num_stages", 3, origin);
  info.launchCooperativeGrid = field<bool>(object, "launch_cooperative_grid", false, origin);
  info.shared = field<std::int64_t>(object, "shared", 0, origin);
  info.globalScratchSize = field<std::int64_t>(object, "global_scratch_size", 0, origin);
  info.globalScratchAlign = field<std::int64_t>(object, "global_scratch_align", 1, origin);
  info.profileScratchSize = field<std::int64_t>(object, "profile_scratch_size", 0, origin);
  info.profileScratchAlign = field<std::int64_t>(object, "profile_scratch_align", 1, origin);
  if (info.numWarps <= 0 || info.numCTAs <= 0 || info.warpSize <= 0 || info.shared < 0 ||
      info.globalScratchSize < 0 || info.profileScratchSize < 0 ||
      info.globalScratchAlign <= 0 || info.profileScratchAlign <= 0)
    throw Error(origin + ": the metadata has a negative or zero size, count or alignment");
  if (object.contains("trex_signature"))
    info.signature = field<std::string>(object, "trex_signature", "", origin);
  info.parameterNames =
      field<std::vector<std::string>>(object, "trex_param_names", {}, origin);
  info.profileScopes = field<std::vector<std::string>>(object, "trex_profile_scopes", {}, origin);
  if (object.contains("trex_global_scratch")) {
    const nlohmann::json &buffers = object["trex_global_scratch"];
    if (!buffers.is_array())
      throw Error(origin + ": trex_global_scratch is not a list");
    for (const nlohmann::json &entry : buffers) {
      if (!entry.is_object())
        throw Error(origin + ": a trex_global_scratch entry is not an object");
      ScratchRegion buffer;
      buffer.offset = field<std::int64_t>(entry, "offset", 0, origin);
      buffer.size = field<std::int64_t>(entry, "size", 0, origin);
      buffer.align = field<std::int64_t>(entry, "align", 1, origin);
      buffer.what = field<std::string>(entry, "what", "", origin);
      buffer.source = field<std::string>(entry, "source", "", origin);
      info.globalScratch.push_back(std::move(buffer));
    }
  }
  if (object.contains("tensordesc_meta") && !object["tensordesc_meta"].is_null()) {
    const nlohmann::json &descriptors = object["tensordesc_meta"];
    if (!descriptors.is_array())
      throw Error(origin + ": tensordesc_meta is not a list");
    for (const nlohmann::json &entry : descriptors) {
      if (!entry.is_object())
        throw Error(origin + ": a tensordesc_meta entry is not an object");
      TensorDescriptorLayout layout;
      layout.swizzle = field<int>(entry, "swizzle", 0, origin);
      layout.elementSize = field<int>(entry, "elem_size", 0, origin);
      layout.elementType = field<int>(entry, "elem_type", 0, origin);
      layout.blockSize = field<std::vector<std::int64_t>>(entry, "block_size", {}, origin);
      layout.fp4Padded = field<bool>(entry, "fp4_padded", false, origin);
      if (layout.swizzle < 0 || layout.swizzle > 3 || layout.elementSize <= 0 ||
          layout.blockSize.empty() || layout.blockSize.size() > 5)
        throw Error(origin + ": a tensordesc_meta entry has a swizzle outside 0-3, no element "
                             "size, or not 1 to 5 block dimensions");
      for (std::int64_t size : layout.blockSize)
        if (size <= 0 || size > 256)
          throw Error(origin + ": a tensordesc_meta block dimension is outside 1-256");
      info.tensorDescriptors.push_back(std::move(layout));
    }
  }
  return info;
}

std::string annotateKernelInfo(const std::string &jsonText, const std::string &signature,
                               const std::vector<std::string> &parameterNames) {
  nlohmann::json object;
  try {
    object = nlohmann::json::parse(jsonText);
  } catch (const nlohmann::json::exception &error) {
    throw Error(std::string("kernel metadata is not valid JSON: ") + error.what());
  }
  object["trex_signature"] = signature;
  object["trex_param_names"] = parameterNames;
  return object.dump(1);
}

std::string readFileBytes(const std::string &path) {
  std::ifstream stream(path, std::ios::binary);
  if (!stream)
    throw Error("cannot read '" + path + "'");
  std::ostringstream contents;
  contents << stream.rdbuf();
  if (stream.bad())
    throw Error("cannot read '" + path + "'");
  return contents.str();
}

std::string findMetadataFile(const std::string &path) {
  std::error_code error;
  fs::path metadataPath = path;
  if (fs::is_directory(metadataPath, error)) {
    std::vector<fs::path> candidates;
    for (const fs::directory_entry &entry : fs::directory_iterator(metadataPath, error))
      if (entry.path().extension() == ".json" && entry.path().filename().string()[0] != '_')
        candidates.push_back(entry.path());
    if (candidates.size() != 1)
      throw Error("'" + path + "' holds " + std::to_string(candidates.size()) +
                  " kernel .json files; name the one to use");
    return candidates.front().string();
  }
  if (!fs::is_regular_file(metadataPath, error))
    throw Error("no kernel metadata at '" + path + "'");
  return metadataPath.string();
}

KernelArtifacts findKernelArtifacts(const std::string &path) {
  std::error_code error;
  fs::path metadataPath = findMetadataFile(path);
  KernelArtifacts artifacts;
  artifacts.metadataPath = metadataPath.string();
  artifacts.info = parseKernelInfo(readFileBytes(artifacts.metadataPath), artifacts.metadataPath);

  auto sibling = [&](const char *extension) {
    fs::path candidate = metadataPath;
    candidate.replace_extension(extension);
    return fs::exists(candidate, error) ? candidate.string() : std::string();
  };
  using BinaryKind = KernelArtifacts::BinaryKind;
  const std::pair<const char *, BinaryKind> cudaOrder[] = {{".cubin", BinaryKind::Cubin},
                                                           {".ptx", BinaryKind::PTX}};
  const std::pair<const char *, BinaryKind> hipOrder[] = {{".hsaco", BinaryKind::HSACO}};
  bool isCUDA = artifacts.info.backend == Backend::CUDA;
  for (const auto &[extension, kind] : isCUDA ? std::vector(std::begin(cudaOrder), std::end(cudaOrder))
                                              : std::vector(std::begin(hipOrder), std::end(hipOrder))) {
    std::string found = sibling(extension);
    if (!found.empty()) {
      artifacts.binaryPath = found;
      artifacts.binaryKind = kind;
      return artifacts;
    }
  }
  fs::path expected = metadataPath;
  expected.replace_extension(isCUDA ? ".cubin" : ".hsaco");
  throw Error("no kernel binary next to '" + artifacts.metadataPath + "' (expected " +
              expected.string() + (isCUDA ? " or .ptx" : "") + ")");
}

} // namespace trex::runtime
