// TypeConverter: TritonGPU types to LLVM-dialect types.
#include "trex/Conversion/TritonGPUToLLVM/TypeConverter.h"

#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

using namespace mlir;

namespace trex {

TritonGPUToLLVMTypeConverter::TritonGPUToLLVMTypeConverter(MLIRContext *context)
    : LLVMTypeConverter(context) {
  addConversion([this](tt::PointerType type) -> std::optional<Type> {
    return LLVM::LLVMPointerType::get(type.getContext(), type.getAddressSpace());
  });
  addConversion([this](RankedTensorType type) -> std::optional<Type> {
    if (!type.getEncoding())
      return std::nullopt;
    Type element = convertElementType(type.getElementType());
    int64_t count = elementsPerThread(type);
    SmallVector<Type> fields(count, element);
    return LLVM::LLVMStructType::getLiteral(type.getContext(), fields);
  });
  // A shared-memory view is a pointer to its first element (LocalMemoryOpToLLVM.cpp).
  addConversion([](ttg::MemDescType type) -> std::optional<Type> {
    return LLVM::LLVMPointerType::get(type.getContext(), /*addressSpace=*/3);
  });
  // A tensor descriptor is the generic address of its 128-byte TMA descriptor (TMAToLLVM.cpp).
  addConversion([](tt::TensorDescType type) -> std::optional<Type> {
    return LLVM::LLVMPointerType::get(type.getContext(), /*addressSpace=*/0);
  });
  // Async-copy tokens only order ops in the IR; the hardware tracks the groups.
  addConversion([](ttg::AsyncTokenType type) -> std::optional<Type> {
    return IntegerType::get(type.getContext(), 32);
  });
  addConversion([](FloatType type) -> std::optional<Type> {
    if (type.getWidth() == 8)
      return IntegerType::get(type.getContext(), 8);
    return std::nullopt;
  });
}

Type TritonGPUToLLVMTypeConverter::convertElementType(Type elementType) const {
  return convertType(elementType);
}

} // namespace trex
