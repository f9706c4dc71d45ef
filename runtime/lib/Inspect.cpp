// Inspect: the launch facts of compiled artifacts as text or JSON.
#include "trex/Runtime/Inspect.h"

#include "trex/Runtime/CubinInfo.h"
#include "trex/Runtime/Error.h"
#include "trex/Runtime/KernelInfo.h"
#include "trex/Runtime/Signature.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <sstream>

namespace trex::runtime {

namespace {

const char *binaryKindName(KernelArtifacts::BinaryKind kind) {
  switch (kind) {
  case KernelArtifacts::BinaryKind::Cubin:
    return "cubin";
  case KernelArtifacts::BinaryKind::PTX:
    return "ptx";
  case KernelArtifacts::BinaryKind::HSACO:
    return "hsaco";
  }
  return "?";
}

struct Parameter {
  std::string name;
  std::string type;
  bool hidden = false;
  // A host descriptor's CUtensorMap: how it is encoded (the metadata's tensordesc_meta).
  std::string detail;
};

const char *swizzleName(int swizzle) {
  switch (swizzle) {
  case 1:
    return "32-byte swizzle";
  case 2:
    return "64-byte swizzle";
  case 3:
    return "128-byte swizzle";
  default:
    return "no swizzle";
  }
}

// "box 64x32, 64-byte swizzle, 2-byte elements (TMA type 6)".
std::string describeLayout(const TensorDescriptorLayout &layout) {
  std::string box;
  for (std::size_t i = 0; i < layout.blockSize.size(); ++i)
    box += (i ? "x" : "") + std::to_string(layout.blockSize[i]);
  return "box " + box + ", " + swizzleName(layout.swizzle) + ", " +
         std::to_string(layout.elementSize) + "-byte elements (TMA type " +
         std::to_string(layout.elementType) + ")" + (layout.fp4Padded ? ", fp4 padded" : "");
}

// The kernel parameters one passed argument becomes: itself, or for a host descriptor its
// CUtensorMap (passed by value) then its shape and strides, as Triton 3.6 launches one.
void appendParameters(std::vector<Parameter> &parameters, const std::string &name,
                      const SignatureEntry &entry, const TensorDescriptorLayout *layout) {
  if (entry.kind != SignatureEntry::Kind::TensorDescriptor) {
    parameters.push_back({name, entry.describe(), false, ""});
    return;
  }
  parameters.push_back(
      {name, "CUtensorMap (" + entry.describe() + "; 128 bytes by value, 64-byte aligned)", false,
       layout ? describeLayout(*layout) : "no tensordesc_meta entry"});
  std::size_t rank = entry.blockShape.size();
  for (std::size_t i = 0; i < rank; ++i)
    parameters.push_back({name + ".shape[" + std::to_string(i) + "]", "i32", false, ""});
  for (std::size_t i = 0; i < rank; ++i)
    parameters.push_back({name + ".strides[" + std::to_string(i) + "]", "i64", false, ""});
}

} // namespace

std::string inspectKernel(const std::string &path, const InspectRequest &request,
                          std::string *binaryDefect) {
  // A .json whose binary is missing is still worth inspecting; only the metadata is required.
  KernelArtifacts artifacts;
  std::string binaryProblem;
  try {
    artifacts = findKernelArtifacts(path);
  } catch (const Error &error) {
    std::string message = error.what();
    if (message.rfind("no kernel binary", 0) != 0)
      throw;
    binaryProblem = message;
    std::string metadataPath = findMetadataFile(path);
    artifacts.metadataPath = metadataPath;
    artifacts.info = parseKernelInfo(readFileBytes(metadataPath), metadataPath);
  }
  const KernelInfo &info = artifacts.info;

  std::vector<Parameter> parameters;
  std::string signatureText =
      !request.signature.empty() ? request.signature : info.signature.value_or("");
  if (!signatureText.empty()) {
    Signature signature = parseSignature(signatureText);
    std::size_t passed = 0;
    std::size_t descriptors = 0;
    for (const SignatureEntry &entry : signature.entries) {
      if (!entry.isPassed())
        continue;
      std::string name = passed < info.parameterNames.size() ? info.parameterNames[passed]
                                                             : "arg" + std::to_string(passed);
      const TensorDescriptorLayout *layout = nullptr;
      if (entry.kind == SignatureEntry::Kind::TensorDescriptor) {
        if (descriptors < info.tensorDescriptors.size())
          layout = &info.tensorDescriptors[descriptors];
        ++descriptors;
      }
      appendParameters(parameters, name, entry, layout);
      ++passed;
    }
  }
  parameters.push_back({"global_scratch", "*i8", true, ""});
  parameters.push_back({"profile_scratch", "*i8", true, ""});

  std::optional<CubinKernelInfo> cubin;
  std::string cubinProblem;
  if (binaryProblem.empty() && artifacts.binaryKind == KernelArtifacts::BinaryKind::Cubin) {
    try {
      cubin = readCubinKernelInfo(readFileBytes(artifacts.binaryPath), info.name);
    } catch (const Error &error) {
      cubinProblem = error.what();
    }
  }
  if (binaryDefect && !cubinProblem.empty())
    *binaryDefect = "the cubin " + artifacts.binaryPath + " is unreadable (" + cubinProblem + ")";

  if (request.json) {
    nlohmann::json object = {
        {"name", info.name},
        {"backend", info.backend == Backend::CUDA ? "cuda" : "hip"},
        {"arch", info.arch},
        {"num_warps", info.numWarps},
        {"num_ctas", info.numCTAs},
        {"threads_per_program", info.threadsPerProgram()},
        {"shared", info.shared},
        {"global_scratch_size", info.globalScratchSize},
        {"global_scratch_align", info.globalScratchAlign},
        {"profile_scratch_size", info.profileScratchSize},
        {"profile_scratch_align", info.profileScratchAlign},
        {"signature_known", !signatureText.empty()},
    };
    nlohmann::json list = nlohmann::json::array();
    for (const Parameter &parameter : parameters) {
      nlohmann::json entry = {
          {"name", parameter.name}, {"type", parameter.type}, {"hidden", parameter.hidden}};
      if (!parameter.detail.empty())
        entry["tma"] = parameter.detail;
      list.push_back(entry);
    }
    object["parameters"] = list;
    nlohmann::json descriptors = nlohmann::json::array();
    for (const TensorDescriptorLayout &layout : info.tensorDescriptors)
      descriptors.push_back({{"swizzle", layout.swizzle},
                             {"elem_size", layout.elementSize},
                             {"elem_type", layout.elementType},
                             {"block_size", layout.blockSize},
                             {"fp4_padded", layout.fp4Padded}});
    object["tensordesc_meta"] = descriptors;
    if (!info.globalScratch.empty()) {
      nlohmann::json buffers = nlohmann::json::array();
      for (const ScratchRegion &buffer : info.globalScratch)
        buffers.push_back({{"offset", buffer.offset},
                           {"size", buffer.size},
                           {"align", buffer.align},
                           {"what", buffer.what},
                           {"source", buffer.source}});
      object["global_scratch_buffers"] = buffers;
    }
    if (binaryProblem.empty()) {
      object["binary"] = artifacts.binaryPath;
      object["binary_kind"] = binaryKindName(artifacts.binaryKind);
    } else {
      object["binary_problem"] = binaryProblem;
    }
    if (request.grid) {
      object["grid"] = {request.grid->x, request.grid->y, request.grid->z};
      object["global_scratch_bytes"] = scratchBytes(info.globalScratchSize, *request.grid, info.numCTAs);
      object["profile_scratch_bytes"] = scratchBytes(info.profileScratchSize, *request.grid, info.numCTAs);
    }
    if (cubin) {
      nlohmann::json facts = {{"static_shared_bytes", cubin->staticSharedBytes},
                              {"parameter_count", cubin->parameterSizes.size()}};
      facts["registers"] = cubin->registers ? nlohmann::json(*cubin->registers) : nlohmann::json();
      facts["stack_frame_bytes"] = cubin->frameBytes ? nlohmann::json(*cubin->frameBytes) : nlohmann::json();
      object["cubin"] = facts;
    } else if (!cubinProblem.empty()) {
      object["cubin_problem"] = cubinProblem;
    }
    return object.dump(1) + "\n";
  }

  std::ostringstream out;
  out << "kernel " << info.name << " (" << (info.backend == Backend::CUDA ? "cuda" : "hip") << " "
      << info.arch << ")\n";
  out << "launch: " << info.numWarps << " warps x " << info.warpSize << " = "
      << info.threadsPerProgram() << " threads per program, num_ctas " << info.numCTAs << "\n";
  out << "shared memory: " << info.shared << " bytes per program\n";
  out << "parameters" << (signatureText.empty() ? " (signature unknown: hidden ones only)" : "")
      << ":\n";
  for (std::size_t index = 0; index < parameters.size(); ++index)
    out << "  " << index << ": " << parameters[index].name << " " << parameters[index].type
        << (parameters[index].hidden ? "  (hidden)" : "")
        << (parameters[index].detail.empty() ? "" : "  TMA: " + parameters[index].detail) << "\n";
  if (signatureText.empty())
    for (const TensorDescriptorLayout &layout : info.tensorDescriptors)
      out << "  (a host tensor descriptor: " << describeLayout(layout) << ")\n";
  out << "global scratch: " << info.globalScratchSize << " bytes per program, align "
      << info.globalScratchAlign << "\n";
  // Program p's slice starts at base + p * size; each buffer at its offset in the slice.
  for (const ScratchRegion &buffer : info.globalScratch)
    out << "  [" << buffer.offset << ", " << buffer.offset + buffer.size << ") " << buffer.what
        << (buffer.source.empty() ? "" : "  at " + buffer.source) << "\n";
  out << "profile scratch: " << info.profileScratchSize << " bytes per program, align "
      << info.profileScratchAlign << "\n";
  if (request.grid) {
    const Grid &grid = *request.grid;
    out << "for grid " << grid.x << "," << grid.y << "," << grid.z << ": global scratch "
        << scratchBytes(info.globalScratchSize, grid, info.numCTAs) << " bytes, profile scratch "
        << scratchBytes(info.profileScratchSize, grid, info.numCTAs) << " bytes\n";
  }
  if (!binaryProblem.empty())
    out << "binary: none (" << binaryProblem << ")\n";
  else
    out << "binary: " << artifacts.binaryPath << " (" << binaryKindName(artifacts.binaryKind)
        << ")\n";
  if (cubin) {
    out << "cubin: ";
    if (cubin->registers)
      out << *cubin->registers << " registers";
    else
      out << "registers not recorded";
    if (cubin->frameBytes)
      out << ", " << *cubin->frameBytes << " bytes stack frame"
          << (*cubin->frameBytes ? " (spills or local arrays)" : " (no spills)");
    out << ", " << cubin->staticSharedBytes << " bytes static shared, "
        << cubin->parameterSizes.size() << " parameters\n";
  } else if (!cubinProblem.empty()) {
    out << "cubin: unreadable (" << cubinProblem << ")\n";
  } else if (binaryProblem.empty() && artifacts.binaryKind == KernelArtifacts::BinaryKind::PTX) {
    out << "registers: not known until the driver compiles the PTX (run it, or assemble a cubin)\n";
  }
  return out.str();
}

int inspectCommand(const std::string &path, const InspectRequest &request, std::ostream &out,
                   std::ostream &err) {
  try {
    // The report still shows what the metadata says; a corrupt binary makes the exit status 1.
    std::string defect;
    out << inspectKernel(path, request, &defect);
    if (!defect.empty()) {
      err << "error: " << defect << "\n";
      return 1;
    }
    return 0;
  } catch (const std::exception &error) {
    err << "error: " << error.what() << "\n";
    return 1;
  }
}

} // namespace trex::runtime
