// Metadata: module attributes to KernelMetadata, and KernelMetadata to Triton's JSON.
#include "trex/Compiler/Metadata.h"

#include "trex/Conversion/TritonGPUToLLVM/Allocation.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace trex {

namespace {

int64_t integerAttribute(mlir::ModuleOp module, llvm::StringRef name, int64_t fallback) {
  if (auto attr = module->getAttrOfType<mlir::IntegerAttr>(name))
    return attr.getInt();
  return fallback;
}

llvm::json::Array strings(std::initializer_list<const char *> values) {
  llvm::json::Array array;
  for (const char *value : values)
    array.push_back(value);
  return array;
}

// Triton's keys, one object per host descriptor.
llvm::json::Array tensorDescriptorsJSON(const std::vector<TensorDescriptorMetadata> &descriptors) {
  llvm::json::Array array;
  for (const TensorDescriptorMetadata &descriptor : descriptors) {
    llvm::json::Array block;
    for (int64_t size : descriptor.blockSize)
      block.push_back(size);
    array.push_back(llvm::json::Object{{"swizzle", descriptor.swizzle},
                                       {"elem_size", descriptor.elementSize},
                                       {"elem_type", descriptor.elementType},
                                       {"block_size", std::move(block)},
                                       {"fp4_padded", descriptor.fp4Padded}});
  }
  return array;
}

} // namespace

KernelMetadata readKernelMetadata(mlir::ModuleOp module, llvm::StringRef kernelName,
                                  const Target &target, int numStages) {
  KernelMetadata metadata;
  metadata.name = kernelName.str();
  metadata.target = target;
  metadata.numStages = numStages;
  metadata.numWarps = static_cast<int>(integerAttribute(module, ttg::kNumWarpsAttr, 4));
  metadata.numCTAs = static_cast<int>(integerAttribute(module, ttg::kNumCTAsAttr, 1));
  metadata.shared = integerAttribute(module, ttg::kSharedAttr, 0);
  metadata.globalScratchSize = integerAttribute(module, ttg::kGlobalScratchSizeAttr, 0);
  metadata.globalScratchAlign = integerAttribute(module, ttg::kGlobalScratchAlignAttr, 1);
  metadata.profileScratchSize = integerAttribute(module, ttg::kProfileScratchSizeAttr, 0);
  metadata.profileScratchAlign = integerAttribute(module, ttg::kProfileScratchAlignAttr, 1);
  if (auto names = module->getAttrOfType<mlir::ArrayAttr>("proton.scope_names"))
    for (mlir::Attribute name : names)
      if (auto text = mlir::dyn_cast<mlir::StringAttr>(name))
        metadata.profileScopes.push_back(text.getValue().str());
  if (auto entries = module->getAttrOfType<mlir::ArrayAttr>(kGlobalScratchAllocationsAttr))
    for (mlir::Attribute entry : entries) {
      auto fields = mlir::dyn_cast<mlir::DictionaryAttr>(entry);
      if (!fields)
        continue;
      ScratchAllocation allocation;
      auto number = [&](llvm::StringRef key, int64_t fallback) {
        auto value = fields.getAs<mlir::IntegerAttr>(key);
        return value ? value.getInt() : fallback;
      };
      auto text = [&](llvm::StringRef key) {
        auto value = fields.getAs<mlir::StringAttr>(key);
        return value ? value.getValue().str() : std::string();
      };
      allocation.offset = number("offset", 0);
      allocation.size = number("size", 0);
      allocation.align = number("align", 1);
      allocation.what = text("what");
      allocation.source = text("source");
      metadata.globalScratch.push_back(std::move(allocation));
    }
  return metadata;
}

std::vector<TensorDescriptorMetadata> readTensorDescriptorMetadata(mlir::ModuleOp module,
                                                                   llvm::StringRef kernelName) {
  std::vector<TensorDescriptorMetadata> descriptors;
  auto kernel = module.lookupSymbol<tt::FuncOp>(kernelName);
  if (!kernel)
    return descriptors;
  for (mlir::Type input : kernel.getFunctionType().getInputs()) {
    auto desc = mlir::dyn_cast<tt::TensorDescType>(input);
    if (!desc)
      continue;
    mlir::RankedTensorType block = desc.getBlockType();
    TensorDescriptorMetadata entry;
    auto shared = mlir::dyn_cast_or_null<ttg::NVMMASharedEncodingAttr>(block.getEncoding());
    if (shared) {
      switch (shared.getSwizzlingByteWidth()) {
      case 32:
        entry.swizzle = 1;
        break;
      case 64:
        entry.swizzle = 2;
        break;
      case 128:
        entry.swizzle = 3;
        break;
      default:
        entry.swizzle = 0;
      }
      entry.fp4Padded = shared.getFp4Padded();
    }
    entry.elementSize =
        static_cast<int>(std::max(block.getElementType().getIntOrFloatBitWidth() / 8, 1u));
    entry.elementType = ttng::tmaElementType(block.getElementType()).value_or(-1);
    for (int64_t size : ttng::tmaBoxShape(block))
      entry.blockSize.push_back(size);
    descriptors.push_back(std::move(entry));
  }
  return descriptors;
}

std::string metadataJSON(const KernelMetadata &metadata) {
  const Target &target = metadata.target;
  llvm::json::Object object{
      {"name", metadata.name},
      {"arch", target.archName()},
      {"backend_name", target.isCUDA() ? "cuda" : "hip"},
      {"num_warps", metadata.numWarps},
      {"num_ctas", metadata.numCTAs},
      {"num_stages", metadata.numStages},
      {"warp_size", target.warpSize},
      {"shared", metadata.shared},
      {"global_scratch_size", metadata.globalScratchSize},
      {"global_scratch_align", metadata.globalScratchAlign},
      {"profile_scratch_size", metadata.profileScratchSize},
      {"profile_scratch_align", metadata.profileScratchAlign},
      {"debug", metadata.debug},
      {"enable_fp_fusion", true},
      {"sanitize_overflow", true},
      {"instrumentation_mode", ""},
      {"launch_cooperative_grid", metadata.launchCooperativeGrid},
      {"tensordesc_meta", tensorDescriptorsJSON(metadata.tensorDescriptors)},
      {"triton_version", "3.6.0"},
  };
  if (metadata.registers)
    object["n_regs"] = *metadata.registers;
  if (metadata.spills)
    object["n_spills"] = *metadata.spills;
  if (!metadata.profileScopes.empty()) {
    llvm::json::Array names;
    for (const std::string &name : metadata.profileScopes)
      names.push_back(name);
    object["trex_profile_scopes"] = std::move(names);
  }
  if (!metadata.globalScratch.empty()) {
    llvm::json::Array allocations;
    for (const ScratchAllocation &allocation : metadata.globalScratch)
      allocations.push_back(llvm::json::Object{{"offset", allocation.offset},
                                               {"size", allocation.size},
                                               {"align", allocation.align},
                                               {"what", allocation.what},
                                               {"source", allocation.source}});
    object["trex_global_scratch"] = std::move(allocations);
  }
  if (target.isCUDA()) {
    object["target"] = "GPUTarget(backend='cuda', arch=" +
                       std::to_string(target.computeCapability) +
                       ", warp_size=" + std::to_string(target.warpSize) + ")";
    object["allowed_dot_input_precisions"] = strings({"tf32", "tf32x3", "ieee", "bf16x3", "bf16x6"});
    object["default_dot_input_precision"] = "tf32";
    object["deprecated_fp8_dot_operand_dtypes"] =
        target.computeCapability >= 90 ? strings({"fp8e4b15"}) : llvm::json::Array();
    object["supported_fp8_dtypes"] = target.computeCapability >= 89
                                         ? strings({"fp8e4b15", "fp8e4nv", "fp8e5"})
                                         : strings({"fp8e4b15", "fp8e5"});
    object["enable_reflect_ftz"] = true;
    object["ir_override"] = nullptr;
    object["launch_pdl"] = false;
    object["max_num_imprecise_acc_default"] = target.computeCapability == 90 ? 1073741824 : 0;
    object["maxnreg"] = nullptr;
    object["ptx_options"] = nullptr;
    object["ptx_version"] = nullptr;
    object["tmem_size"] = 0;
  } else {
    object["target"] = "GPUTarget(backend='hip', arch='" + target.arch +
                       "', warp_size=" + std::to_string(target.warpSize) + ")";
    object["allow_flush_denorm"] = false;
    object["allowed_dot_input_precisions"] = strings({"bf16x3", "bf16x6", "ieee", "tf32"});
    object["default_dot_input_precision"] = "ieee";
    object["deprecated_fp8_dot_operand_dtypes"] = llvm::json::Array();
    object["supported_fp8_dtypes"] = strings({"fp8e4b8", "fp8e4nv", "fp8e5", "fp8e5b16"});
    object["kpack"] = 1;
    object["matrix_instr_nonkdim"] = 0;
    object["max_num_imprecise_acc_default"] = 0;
    object["schedule_hint"] = "none";
    object["waves_per_eu"] = 0;
  }
  std::string text;
  llvm::raw_string_ostream stream(text);
  llvm::json::OStream json(stream, /*IndentSize=*/1);
  json.value(llvm::json::Value(std::move(object)));
  return text;
}

} // namespace trex
