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
};

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
    for (const SignatureEntry &entry : signature.entries) {
      if (!entry.isPassed())
        continue;
      std::string name = passed < info.parameterNames.size() ? info.parameterNames[passed]
                                                             : "arg" + std::to_string(passed);
      parameters.push_back({name, entry.describe(), false});
      ++passed;
    }
  }
  parameters.push_back({"global_scratch", "*i8", true});
  parameters.push_back({"profile_scratch", "*i8", true});

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
    for (const Parameter &parameter : parameters)
      list.push_back({{"name", parameter.name}, {"type", parameter.type}, {"hidden", parameter.hidden}});
    object["parameters"] = list;
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
        << (parameters[index].hidden ? "  (hidden)" : "") << "\n";
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
