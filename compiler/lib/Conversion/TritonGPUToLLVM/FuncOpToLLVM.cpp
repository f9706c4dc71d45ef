// tt.func, tt.return and tt.call to LLVM, with the hidden arguments.
//
// Every function gets two pointers appended to its parameters: the global scratch memory and
// the profile scratch memory (!llvm.ptr<1>). Device functions also get the base of shared
// memory (!llvm.ptr<3>) before those two, because only the kernel can name the module's shared
// symbol; a call forwards the caller's three. A kernel's global scratch pointer covers every
// program: each one uses base + (linear program id) * ttg.global_scratch_memory_size.
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trex/Conversion/TritonGPUToLLVM/Allocation.h"
#include "trex/Conversion/TritonGPUToLLVM/SharedMemory.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace trex {

namespace {

int numThreadsOf(ModuleOp module, const TargetInfo &target) {
  int numWarps = numWarpsOf(module);
  int threadsPerWarp = target.warpSize();
  if (auto attr = module->getAttrOfType<IntegerAttr>(ttg::kThreadsPerWarpAttr))
    threadsPerWarp = static_cast<int>(attr.getInt());
  return numWarps * threadsPerWarp;
}

// A kernel's tensor-descriptor parameter is a CUtensorMap the launcher passes by value, as
// Triton 3.6 does: 128 bytes aligned to 64 in the parameter space (`.param .align 64 .b8
// name[128]`), a grid constant whose address the TMA instructions take.
void markHostDescriptors(LLVM::LLVMFuncOp function, FunctionType type) {
  MLIRContext *context = function.getContext();
  for (auto [index, input] : llvm::enumerate(type.getInputs())) {
    if (!isa<tt::TensorDescType>(input))
      continue;
    auto i32 = IntegerType::get(context, 32);
    function.setArgAttr(index, "llvm.align", IntegerAttr::get(i32, 64));
    function.setArgAttr(index, "llvm.byval",
                        TypeAttr::get(LLVM::LLVMArrayType::get(IntegerType::get(context, 8), 128)));
    function.setArgAttr(index, "nvvm.grid_constant", UnitAttr::get(context));
  }
}

struct FuncOpConversion : public ConvertOpToLLVMPattern<tt::FuncOp> {
  FuncOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<tt::FuncOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(tt::FuncOp function, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    MLIRContext *context = function.getContext();
    bool isKernel = function.isPublic();
    FunctionType type = function.getFunctionType();
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    for (auto [index, input] : llvm::enumerate(type.getInputs())) {
      Type converted = getTypeConverter()->convertType(input);
      if (!converted)
        return rewriter.notifyMatchFailure(function, "unconvertible argument type");
      signature.addInputs(index, converted);
    }
    auto globalPointer = LLVM::LLVMPointerType::get(context, target.globalAddressSpace());
    SmallVector<Type> hidden;
    if (!isKernel)
      hidden.push_back(LLVM::LLVMPointerType::get(context, target.sharedAddressSpace()));
    hidden.push_back(globalPointer);
    hidden.push_back(globalPointer);
    signature.addInputs(hidden);

    SmallVector<Type> results;
    for (Type result : type.getResults())
      results.push_back(getTypeConverter()->convertType(result));
    Type resultType = LLVM::LLVMVoidType::get(context);
    if (results.size() == 1)
      resultType = results.front();
    else if (results.size() > 1)
      resultType = LLVM::LLVMStructType::getLiteral(context, results);
    auto llvmType = LLVM::LLVMFunctionType::get(resultType, signature.getConvertedTypes());

    auto newFunction = LLVM::LLVMFuncOp::create(rewriter, function.getLoc(), function.getName(),
                                                llvmType, LLVM::Linkage::External);
    if (!isKernel)
      newFunction.setLinkage(LLVM::Linkage::Internal);
    // Keep the user's argument attributes (tt.divisibility is only a hint for LLVM; drop it).
    rewriter.inlineRegionBefore(function.getBody(), newFunction.getBody(), newFunction.end());
    if (failed(rewriter.convertRegionTypes(&newFunction.getBody(), *getTypeConverter(),
                                           &signature)))
      return failure();
    if (isKernel) {
      target.markKernel(newFunction, numThreadsOf(function->getParentOfType<ModuleOp>(), target));
      markHostDescriptors(newFunction, type);
    }
    newFunction->setAttr("trex.kernel", BoolAttr::get(context, isKernel));
    rewriter.eraseOp(function);
    return success();
  }

  const TargetInfo &target;
};

struct ReturnOpConversion : public ConvertOpToLLVMPattern<tt::ReturnOp> {
  using ConvertOpToLLVMPattern<tt::ReturnOp>::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(tt::ReturnOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    ValueRange operands = adaptor.getOperands();
    if (operands.empty()) {
      rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, ValueRange{});
      return success();
    }
    if (operands.size() == 1) {
      rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, operands.front());
      return success();
    }
    LLVMBuilder b(rewriter, op.getLoc());
    SmallVector<Type> types;
    for (Value operand : operands)
      types.push_back(operand.getType());
    Value packed = b.undef(LLVM::LLVMStructType::getLiteral(op.getContext(), types));
    for (auto [index, operand] : llvm::enumerate(operands))
      packed = b.insertValue(packed, operand, static_cast<int64_t>(index));
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, packed);
    return success();
  }
};

// This program's part of the global scratch buffer (or of the profile scratch buffer),
// `offset` bytes in. A kernel's hidden pointer is the start of the whole buffer, which holds
// one part per program, in linear program-id order; a device function's is already its part.
Value scratchSlice(OpBuilder &builder, Operation *op, const TargetInfo &target, bool profile,
                   int64_t offset) {
  Location loc = op->getLoc();
  LLVMBuilder b(builder, loc);
  auto function = op->getParentOfType<LLVM::LLVMFuncOp>();
  unsigned count = function.getNumArguments();
  Value base = function.getArgument(
      count + (profile ? kProfileScratchArgumentOffset : kGlobalScratchArgumentOffset));
  int64_t programSize = 0;
  if (isKernelFunction(function)) {
    auto module = function->getParentOfType<ModuleOp>();
    StringRef sizeAttr = profile ? ttg::kProfileScratchSizeAttr : ttg::kGlobalScratchSizeAttr;
    if (auto attr = module->getAttrOfType<IntegerAttr>(sizeAttr))
      programSize = attr.getInt();
  }
  if (programSize == 0 && offset == 0)
    return base;
  Value byteOffset = b.i32(offset);
  if (programSize != 0) {
    // linear id = x + y * gridX + z * gridX * gridY
    Value linear = target.programId(builder, loc, 2);
    for (int axis : {1, 0})
      linear = b.add(target.programId(builder, loc, axis),
                     b.mul(linear, target.numPrograms(builder, loc, axis)));
    byteOffset = b.add(b.mul(linear, b.i32(programSize)), byteOffset);
  }
  return b.gep(base.getType(), builder.getI8Type(), base, byteOffset);
}

int64_t offsetAttribute(Operation *op, StringRef name) {
  if (auto attr = op->getAttrOfType<IntegerAttr>(name))
    return attr.getInt();
  return 0;
}

struct CallOpConversion : public ConvertOpToLLVMPattern<tt::CallOp> {
  CallOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<tt::CallOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(tt::CallOp call, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> operands(adaptor.getOperands().begin(), adaptor.getOperands().end());
    // The callee's hidden arguments: shared memory (where the allocation put the callee's
    // buffers, apart from the caller's buffers live across the call), and the parts of the
    // caller's scratch buffers the global-scratch allocation reserved for this call.
    if (call->hasAttr(kAllocationOffsetAttr)) {
      FailureOr<Value> shared = scratchPointer(rewriter, call, target);
      if (failed(shared))
        return failure();
      operands.push_back(*shared);
    } else {
      operands.push_back(sharedMemoryBase(rewriter, call, target));
    }
    operands.push_back(scratchSlice(rewriter, call, target, /*profile=*/false,
                                    offsetAttribute(call, kGlobalScratchOffsetAttr)));
    operands.push_back(scratchSlice(rewriter, call, target, /*profile=*/true,
                                    offsetAttribute(call, kProfileScratchOffsetAttr)));
    SmallVector<Type> results;
    for (Type result : call.getResultTypes())
      results.push_back(getTypeConverter()->convertType(result));
    Type resultType;
    if (results.size() == 1)
      resultType = results.front();
    else if (results.size() > 1)
      resultType = LLVM::LLVMStructType::getLiteral(call.getContext(), results);
    auto newCall = LLVM::CallOp::create(rewriter, call.getLoc(),
                                        resultType ? TypeRange{resultType} : TypeRange{},
                                        call.getCallee(), operands);
    if (results.size() <= 1) {
      rewriter.replaceOp(call, newCall.getResults());
      return success();
    }
    LLVMBuilder b(rewriter, call.getLoc());
    SmallVector<Value> unpacked;
    for (size_t i = 0; i < results.size(); ++i)
      unpacked.push_back(b.extractValue(newCall.getResult(), static_cast<int64_t>(i)));
    rewriter.replaceOp(call, unpacked);
    return success();
  }

  const TargetInfo &target;
};

// ttg.global_scratch_alloc: this program's part of the global (or, for the profiler, the
// profile) scratch buffer, at the offset the global-scratch allocation gave the op.
struct GlobalScratchAllocOpConversion : public ConvertOpToLLVMPattern<ttg::GlobalScratchAllocOp> {
  GlobalScratchAllocOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<ttg::GlobalScratchAllocOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(ttg::GlobalScratchAllocOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto offset = op->getAttrOfType<IntegerAttr>(kGlobalScratchOffsetAttr);
    if (!offset)
      return op.emitError() << "global scratch is not allocated for this op (run "
                               "tritongpu-global-scratch-memory-allocation first)";
    rewriter.replaceOp(op, scratchSlice(rewriter, op, target, op.getBackend() == "proton",
                                        offset.getInt()));
    return success();
  }

  const TargetInfo &target;
};

} // namespace

void populateFuncOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  RewritePatternSet &patterns, const TargetInfo &target) {
  patterns.add<FuncOpConversion>(converter, target);
  patterns.add<ReturnOpConversion>(converter);
  patterns.add<CallOpConversion>(converter, target);
  patterns.add<GlobalScratchAllocOpConversion>(converter, target);
}

} // namespace trex
