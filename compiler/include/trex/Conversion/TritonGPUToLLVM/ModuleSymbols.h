// ModuleSymbols: module-level symbols the target lowerings add while lowering an op (string
// constants for printf formats and assertion messages, declarations of runtime functions).
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_MODULESYMBOLS_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_MODULESYMBOLS_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace trex {

// A NUL-terminated string constant in the module, named `prefix` + the first free number (or
// the one already there with the same text), in LLVM address space `addressSpace`; returns its
// address as a pointer of that space.
mlir::Value moduleString(mlir::OpBuilder &builder, mlir::Location loc, llvm::StringRef prefix,
                         llvm::StringRef content, unsigned addressSpace = 0);

// The declaration of an external function (a GPU runtime's or a device library's), added to
// the module once.
mlir::LLVM::LLVMFuncOp externalFunction(mlir::OpBuilder &builder, mlir::Location loc,
                                        llvm::StringRef name, mlir::LLVM::LLVMFunctionType type);

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_MODULESYMBOLS_H
