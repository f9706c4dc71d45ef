// SharedMemory: the shared-memory base of a function and the scratch of an op.
#include "trex/Conversion/TritonGPUToLLVM/SharedMemory.h"

#include "trex/Conversion/TritonGPUToLLVM/LLVMBuilder.h"
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"

#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

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

ThreadOffset threadOffsetOf(LLVMBuilder &b, Value lane, Value warp,
                            const std::vector<int32_t> &laneOffsets,
                            const std::vector<int32_t> &warpOffsets) {
  ThreadOffset thread;
  Value fromLane = b.xorOfBits(lane, laneOffsets);
  Value fromWarp = b.xorOfBits(warp, warpOffsets);
  thread.value = !fromLane || !fromWarp ? (fromLane ? fromLane : fromWarp)
                                        : b.xor_(fromLane, fromWarp);
  for (int32_t offset : laneOffsets)
    thread.bits |= offset;
  for (int32_t offset : warpOffsets)
    thread.bits |= offset;
  return thread;
}

Value registerIndex(LLVMBuilder &b, const ThreadOffset &thread, int32_t offset) {
  int32_t shared = offset & thread.bits, own = offset & ~thread.bits;
  Value index = !thread.value ? b.i32(shared)
                : shared == 0 ? thread.value
                              : b.xor_(thread.value, b.i32(shared));
  return own == 0 ? index : b.add(index, b.i32(own));
}

SmallVector<Value> loadMatrices(OpBuilder &builder, Location loc, const TargetInfo &target,
                                Value base, Type elementType, const LocalMemoryAccess &access,
                                const MatrixLoadPlan &matrix) {
  LLVMBuilder b(builder, loc);
  ThreadIds ids = threadIds(builder, loc, target);
  ThreadOffset thread =
      threadOffsetOf(b, ids.lane, ids.warp, matrix.laneAddressOffset, access.warpOffset);
  auto pair = VectorType::get(2, elementType);
  SmallVector<Value> loaded;
  int32_t step = matrix.registersPerInstruction();
  for (int32_t start = 0; start < static_cast<int32_t>(access.registerOffset.size());
       start += step) {
    Value index = registerIndex(b, thread, access.registerOffset[start]);
    Value address = b.gep(base.getType(), elementType, base, index);
    for (Value word :
         target.loadMatrix(builder, loc, address, matrix.matrices, matrix.transposed)) {
      Value elements = b.bitcast(word, pair);
      loaded.push_back(b.extractElement(elements, 0));
      loaded.push_back(b.extractElement(elements, 1));
    }
  }
  return loaded;
}

void storeMatrices(OpBuilder &builder, Location loc, const TargetInfo &target, Value base,
                   Type elementType, const LocalMemoryAccess &access, const MatrixLoadPlan &matrix,
                   ArrayRef<Value> values) {
  LLVMBuilder b(builder, loc);
  ThreadIds ids = threadIds(builder, loc, target);
  ThreadOffset thread =
      threadOffsetOf(b, ids.lane, ids.warp, matrix.laneAddressOffset, access.warpOffset);
  auto pair = VectorType::get(2, elementType);
  int32_t step = matrix.registersPerInstruction();
  for (int32_t start = 0; start < static_cast<int32_t>(access.registerOffset.size());
       start += step) {
    SmallVector<Value> words;
    for (int32_t word = 0; word < matrix.matrices; ++word) {
      Value elements = b.undef(pair);
      elements = b.insertElement(elements, values[start + 2 * word], 0);
      elements = b.insertElement(elements, values[start + 2 * word + 1], 1);
      words.push_back(b.bitcast(elements, builder.getI32Type()));
    }
    Value index = registerIndex(b, thread, access.registerOffset[start]);
    Value address = b.gep(base.getType(), elementType, base, index);
    target.storeMatrix(builder, loc, address, words, matrix.transposed);
  }
}

} // namespace trex
