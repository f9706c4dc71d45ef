// TypeConverter: TritonGPU types to LLVM-dialect types.
//
// A tensor with a distributed layout becomes the struct of the elements one thread holds;
// pointers become `!llvm.ptr<addrspace>`; shared-memory views (!ttg.memdesc) `!llvm.ptr<3>`;
// fp8 types, which LLVM has no arithmetic for, become i8 (the patterns convert them explicitly
// where needed).
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_TYPECONVERTER_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_TYPECONVERTER_H

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"

namespace trex {

class TritonGPUToLLVMTypeConverter : public mlir::LLVMTypeConverter {
public:
  explicit TritonGPUToLLVMTypeConverter(mlir::MLIRContext *context);

  // The LLVM type of one element of a tensor of `elementType`.
  mlir::Type convertElementType(mlir::Type elementType) const;
};

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_TYPECONVERTER_H
