// SharedMemory: the shared-memory base of a function and the scratch of an op.
#include "trex/Conversion/TritonGPUToLLVM/SharedMemory.h"

#include "trex/Conversion/TritonGPUToLLVM/LLVMBuilder.h"
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace trex {

bool isKernelFunction(LLVM::LLVMFuncOp function) {
  if (auto flag = function->getAttrOfType<BoolAttr>("trex.kernel"))
    return flag.getValue();
  return false;
}

Value sharedMemoryBase(OpBuilder &builder, Operation *op, const TargetInfo &target) {
  auto function = op->getParentOfType<LLVM::LLVMFuncOp>();
  Location loc = op->getLoc();
  if (!isKernelFunction(function))
    return function.getArgument(function.getNumArguments() + kSharedMemoryArgumentOffset);
  auto module = function->getParentOfType<ModuleOp>();
  auto symbol = module.lookupSymbol<LLVM::GlobalOp>("global_smem");
  auto pointer = LLVM::LLVMPointerType::get(op->getContext(), target.sharedAddressSpace());
  return LLVM::AddressOfOp::create(builder, loc, pointer, symbol.getSymName());
}

FailureOr<Value> scratchPointer(OpBuilder &builder, Operation *op, const TargetInfo &target) {
  auto offset = op->getAttrOfType<IntegerAttr>(kAllocationOffsetAttr);
  if (!offset)
    return op->emitError() << "'" << op->getName()
                           << "' needs shared memory but none was allocated for it (run the "
                              "shared-memory allocation first)";
  Value base = sharedMemoryBase(builder, op, target);
  if (offset.getInt() == 0)
    return base;
  LLVMBuilder b(builder, op->getLoc());
  return b.gep(base.getType(), builder.getI8Type(), base, b.i32(offset.getInt()));
}

} // namespace trex
