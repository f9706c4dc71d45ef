// The convert-triton-gpu-to-llvm pass and the two allocation passes before it.
#include "trex/Conversion/TritonGPUToLLVM/Passes.h"

#include "trex/Analysis/AxisInfo.h"
#include "trex/Conversion/TritonGPUToLLVM/Allocation.h"
#include "trex/Conversion/TritonGPUToLLVM/BarrierAnalysis.h"
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trex/Conversion/TritonGPUToLLVM/SharedMemory.h"
#include "trex/Conversion/TritonGPUToLLVM/TargetInfo.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Conversion/TritonGPUToLLVM/TypeConverter.h"
#include "trex/Dialect/Proton/IR/Dialect.h"
#include "trex/Dialect/ProtonGPU/IR/Dialect.h"
#include "trex/Dialect/ProtonGPU/Transforms/Passes.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonAMDGPU/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

namespace trex {

// In the target files, which alone include the (costly) NVVM and ROCDL dialect headers.
std::unique_ptr<TargetInfo> createTargetInfoCUDA(int computeCapability, bool deviceLibrary);
std::unique_ptr<TargetInfo> createTargetInfoHIP(std::string arch, bool deviceLibrary);
void registerNVVMDialect(mlir::DialectRegistry &registry);
void registerROCDLDialect(mlir::DialectRegistry &registry);

#define GEN_PASS_DEF_ALLOCATESHAREDMEMORY
#define GEN_PASS_DEF_GLOBALSCRATCHALLOCATION
#define GEN_PASS_DEF_CONVERTTRITONGPUTOLLVM
#include "trex/Conversion/TritonGPUToLLVM/Passes.h.inc"

} // namespace trex

using namespace mlir;

namespace trex {

std::unique_ptr<TargetInfo> createTargetInfo(StringRef target, bool deviceLibrary) {
  auto [backend, detail] = target.split(':');
  if (backend == "cuda") {
    int capability = 0;
    if (detail.getAsInteger(10, capability) || capability <= 0)
      return nullptr;
    return createTargetInfoCUDA(capability, deviceLibrary);
  }
  if (backend == "hip" && detail.starts_with("gfx"))
    return createTargetInfoHIP(detail.str(), deviceLibrary);
  return nullptr;
}

namespace {

// More elements of one tensor per thread than this are refused: the lowering emits code for
// each of them, and a 64x128 tensor laid out with sizePerThread = [32768, 8] (2^18 copies per
// thread) compiled for hours. Triton's largest block, 2^20 elements, gives each of 32 threads
// 2^15.
constexpr int64_t kMaxElementsPerThread = int64_t(1) << 16;
// A thread holding more elements than its tensor has holds copies of the same ones; Triton's
// layouts copy a few at most. Past this many, the copies only multiply the lowering's work: a
// 2x4x8 dot laid out with sizePerThread = [1, 65536, 1] took 39 s and 5.7 GB.
constexpr int64_t kMaxCopiedElementsPerThread = int64_t(1) << 12;

// What valid ttgir no pattern lowers, said at the op before the conversion starts (where a
// pattern would fail late, or MLIR's generic one would build invalid IR).
LogicalResult refuseUnlowerableOps(ModuleOp module) {
  llvm::DenseMap<Type, int64_t> elementsPerType;
  // Whether a value of `type` is too much to lower; says so at `at` if it is.
  auto tooMany = [&](Type type, Operation *at) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.getEncoding())
      return false;
    auto known = elementsPerType.find(tensor);
    int64_t elements = known != elementsPerType.end()
                           ? known->second
                           : elementsPerType[tensor] = elementsPerThread(tensor);
    if (elements > kMaxElementsPerThread) {
      at->emitError() << "this tensor's layout gives each thread " << elements
                      << " elements (more than " << kMaxElementsPerThread
                      << "), too many to lower: " << tensor;
      return true;
    }
    if (elements > kMaxCopiedElementsPerThread && elements > tensor.getNumElements()) {
      at->emitError() << "this tensor's layout gives each thread " << elements << " copies of its "
                      << tensor.getNumElements() << " elements (more than "
                      << kMaxCopiedElementsPerThread
                      << " copied elements), too many to lower: " << tensor;
      return true;
    }
    return false;
  };
  // LLVM has no 8-bit floats: fp8 values travel as bytes, and float arithmetic on them has no
  // lowering (MLIR's made an llvm.fadd of an i8, found by fuzzing). Triton converts them
  // first (tt.fp_to_fp); math.absf clears the sign bit (IntegerHeldAbsFConversion).
  auto isByteFloat = [](Type type) {
    Type element = getElementTypeOrSelf(type);
    return isa<FloatType>(element) && element.getIntOrFloatBitWidth() == 8;
  };
  WalkResult byteFloats = module.walk([&](Operation *op) {
    if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
        isa<arith::ConstantOp, arith::SelectOp, arith::BitcastOp, math::AbsFOp>(op))
      return WalkResult::advance();
    for (Type type : llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes()))
      if (isByteFloat(type)) {
        op->emitError() << "trex does not compute " << op->getName() << " on "
                        << getElementTypeOrSelf(type)
                        << " values (8-bit floats exist only as bytes in LLVM); convert them "
                           "with .to(tl.float16) or .to(tl.float32) first";
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  if (byteFloats.wasInterrupted())
    return failure();
  WalkResult walk = module.walk([&](Operation *op) {
    // Triton's front end makes splat tensor constants only; MLIR's arith lowering turned others
    // into an llvm.mlir.constant of a struct, which does not verify.
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      auto type = dyn_cast<RankedTensorType>(constant.getType());
      if (type && type.getEncoding() && !isa<SplatElementsAttr>(constant.getValue())) {
        // Folding merges equal constants under an unknown location: say it at a use then.
        Operation *at = op;
        for (Operation *user : op->getUsers())
          if (isa<UnknownLoc>(at->getLoc()))
            at = user;
        at->emitError() << "tensor constants whose elements differ are not supported: trex "
                           "lowers splat constants only, the only ones Triton makes";
        return WalkResult::interrupt();
      }
    }
    for (Type type : op->getResultTypes())
      if (tooMany(type, op))
        return WalkResult::interrupt();
    // Block arguments (a function's, a loop's) too, said at their region's op.
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Type type : block.getArgumentTypes())
          if (tooMany(type, op))
            return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

// The number of consecutive registers of a thread that hold consecutive elements of one
// dimension (`dim`): the leading register bases are 1, 2, 4, ... along it.
unsigned contiguousRegisters(RankedTensorType type, unsigned &dim) {
  std::optional<layoutviz::LinearLayout> layout = linearLayoutOf(type);
  if (!layout || !layout->hasInDim("register"))
    return 1;
  const auto &bases = layout->getInDimBases("register");
  if (bases.empty())
    return 1;
  int found = -1;
  for (size_t d = 0; d < bases.front().size(); ++d)
    if (bases.front()[d] == 1)
      found = static_cast<int>(d);
  if (found < 0)
    return 1;
  dim = static_cast<unsigned>(found);
  unsigned count = 1;
  for (const auto &basis : bases) {
    for (size_t d = 0; d < basis.size(); ++d)
      if (basis[d] != (d == dim ? static_cast<int32_t>(count) : 0))
        return count;
    count *= 2;
  }
  return count;
}

int64_t floorPowerOfTwo(int64_t value) {
  int64_t power = 1;
  while (power * 2 <= value)
    power *= 2;
  return power;
}

// Elements per vector access of a load or store: contiguous registers of the thread, as far
// as the addresses are contiguous and aligned and the mask is constant (axis information).
// Plain accesses take both from the pointer tensor; AMD buffer accesses from the i32 offsets
// (contiguity, alignment in elements) and the scalar base (alignment in bytes).
VectorSizeFn vectorSizesFrom(const ModuleAxisInfoAnalysis &analysis) {
  return [&analysis](Operation *access) -> unsigned {
    Value addresses, base, mask;
    Type elementType;
    if (auto load = dyn_cast<tt::LoadOp>(access)) {
      addresses = load.getPtr();
      mask = load.getMask();
    } else if (auto store = dyn_cast<tt::StoreOp>(access)) {
      addresses = store.getPtr();
      mask = store.getMask();
    } else if (auto load = dyn_cast<amdg::BufferLoadOp>(access)) {
      addresses = load.getOffsets();
      base = load.getPtr();
      mask = load.getMask();
      elementType = load.getType().getElementType();
    } else if (auto store = dyn_cast<amdg::BufferStoreOp>(access)) {
      addresses = store.getOffsets();
      base = store.getPtr();
      mask = store.getMask();
      elementType = cast<RankedTensorType>(store.getValue().getType()).getElementType();
    } else {
      return 1;
    }
    auto type = dyn_cast<RankedTensorType>(addresses.getType());
    if (!type)
      return 1;
    unsigned dim = 0;
    int64_t vec = contiguousRegisters(type, dim);
    const AxisInfo *info = analysis.getAxisInfo(addresses);
    if (!info || vec == 1)
      return 1;
    if (!elementType)
      elementType = tt::getPointeeType(type.getElementType());
    int64_t elementBytes = 8;
    if (elementType.isIntOrFloat())
      elementBytes = std::max<int64_t>(1, elementType.getIntOrFloatBitWidth() / 8);
    vec = std::min(vec, info->getContiguity(dim));
    if (base) {
      // Offsets count elements; the base is aligned to its divisibility in bytes.
      vec = std::min(vec, std::max<int64_t>(1, info->getDivisibility(dim)));
      const AxisInfo *baseInfo = analysis.getAxisInfo(base);
      int64_t baseAlignment = baseInfo ? baseInfo->getDivisibility(0) : 1;
      vec = std::min(vec, std::max<int64_t>(1, baseAlignment / elementBytes));
    } else {
      vec = std::min(vec, std::max<int64_t>(1, info->getDivisibility(dim) / elementBytes));
    }
    if (mask) {
      const AxisInfo *maskInfo = analysis.getAxisInfo(mask);
      vec = std::min(vec, maskInfo ? maskInfo->getConstancy(dim) : 1);
    }
    return static_cast<unsigned>(floorPowerOfTwo(std::max<int64_t>(vec, 1)));
  };
}

struct AllocateSharedMemoryPass
    : public impl::AllocateSharedMemoryBase<AllocateSharedMemoryPass> {
  void runOnOperation() override { allocateSharedMemory(getOperation()); }
};

struct GlobalScratchAllocationPass
    : public impl::GlobalScratchAllocationBase<GlobalScratchAllocationPass> {
  void runOnOperation() override { allocateGlobalScratchMemory(getOperation()); }
};

struct ConvertTritonGPUToLLVMPass
    : public impl::ConvertTritonGPUToLLVMBase<ConvertTritonGPUToLLVMPass> {
  using ConvertTritonGPUToLLVMBase::ConvertTritonGPUToLLVMBase;

  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect>();
    StringRef dialects = intrinsicDialects;
    if (dialects.contains("nvvm"))
      registerNVVMDialect(registry);
    if (dialects.contains("rocdl"))
      registerROCDLDialect(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    auto targetAttr = module->getAttrOfType<StringAttr>(ttg::kTargetAttr);
    if (!targetAttr) {
      module.emitError() << "the module has no " << ttg::kTargetAttr
                         << " attribute; the lowering needs to know the GPU";
      return signalPassFailure();
    }
    if (failed(refuseUnlowerableOps(module)))
      return signalPassFailure();
    // Uninstrumented scopes: Triton drops them when no profiler instruments the kernel.
    WalkResult scopes = module.walk([](proton::RecordOp record) {
      record.emitError() << "profiling scope '" << record.getName()
                         << "' reached the LLVM lowering uninstrumented (compile with "
                            "--profile-scopes, or run convert-proton-to-protongpu first)";
      return WalkResult::interrupt();
    });
    if (scopes.wasInterrupted())
      return signalPassFailure();
    // The CTA barriers between shared-memory accesses of different ops.
    insertSharedMemoryBarriers(module);
    markAsyncProxyOnlyCopies(module);
    std::unique_ptr<TargetInfo> target = createTargetInfo(targetAttr.getValue(), deviceLibrary);
    if (!target) {
      module.emitError() << "unknown target '" << targetAttr.getValue()
                         << "' (expected cuda:<capability> or hip:gfx<arch>)";
      return signalPassFailure();
    }
    if (module->hasAttr(ttg::kThreadsPerWarpAttr)) {
      int64_t threads = module->getAttrOfType<IntegerAttr>(ttg::kThreadsPerWarpAttr).getInt();
      if (threads != target->warpSize()) {
        module.emitError() << "the module has " << threads << " threads per warp but "
                           << target->targetName() << " runs warps of " << target->warpSize();
        return signalPassFailure();
      }
    }
    // Thread-block clusters: the lowering computes one CTA's program; localize-cluster-tensors
    // makes a cluster kernel one (the parts of the tensors the CTA holds, its offset in the
    // coordinates). Without it every CTA would run as the first: refused, not miscompiled.
    if (int numCTAs = ttg::TTGDialect::getNumCTAs(module); numCTAs > 1) {
      // At the kernel's definition (without the whole module printed as a note).
      Location where = module.getLoc();
      module.walk([&](tt::FuncOp function) {
        where = function.getLoc();
        return WalkResult::interrupt();
      });
      mlir::emitError(where) << "convert-triton-gpu-to-llvm lowers the program of one CTA (\""
                             << ttg::kNumCTAsAttr << "\" = " << numCTAs
                             << "): run localize-cluster-tensors first, which gives each CTA "
                                "of the cluster its part of every tensor";
      return signalPassFailure();
    }

    // The kernel's shared memory: one external array the driver sizes at launch.
    {
      OpBuilder builder(module.getBodyRegion());
      auto arrayType = LLVM::LLVMArrayType::get(IntegerType::get(context, 8), 0);
      LLVM::GlobalOp::create(builder, module.getLoc(), arrayType, /*isConstant=*/false,
                             LLVM::Linkage::External, "global_smem", Attribute(),
                             /*alignment=*/16, target->sharedAddressSpace());
    }

    // Axis information is computed on the ttgir before any op is rewritten.
    ModuleAxisInfoAnalysis axisInfo(module);
    VectorSizeFn vectorSize = vectorSizesFrom(axisInfo);

    TritonGPUToLLVMTypeConverter converter(context);

    RewritePatternSet patterns(context);
    populateFuncOpToLLVMPatterns(converter, patterns, *target);
    populateSPMDOpToLLVMPatterns(converter, patterns, *target);
    populateBarrierOpToLLVMPatterns(converter, patterns, *target);
    populateExternElementwiseOpToLLVMPatterns(converter, patterns, *target);
    populateElementwiseInlineAsmOpToLLVMPatterns(converter, patterns);
    populateMapElementwiseOpToLLVMPatterns(converter, patterns);
    populateGatherOpToLLVMPatterns(converter, patterns, *target);
    populateElementwiseOpToLLVMPatterns(
        converter, patterns, *target,
        [&axisInfo](Value value) -> std::optional<SmallVector<int64_t>> {
          const AxisInfo *info = axisInfo.getAxisInfo(value);
          if (!info)
            return std::nullopt;
          return SmallVector<int64_t>(info->getConstancy().begin(), info->getConstancy().end());
        });
    populateViewOpToLLVMPatterns(converter, patterns, *target);
    populateLoadStoreOpToLLVMPatterns(converter, patterns, *target, vectorSize);
    populateReduceOpToLLVMPatterns(converter, patterns, *target);
    populateScanOpToLLVMPatterns(converter, patterns, *target);
    populateHistogramOpToLLVMPatterns(converter, patterns, *target);
    populateProtonGPUOpToLLVMPatterns(converter, patterns, *target);
    populateAtomicOpToLLVMPatterns(converter, patterns, *target);
    populatePrintOpToLLVMPatterns(converter, patterns, *target);
    populateAssertOpToLLVMPatterns(converter, patterns, *target);
    populateShapeOpToLLVMPatterns(converter, patterns, *target);
    populateConvertLayoutOpToLLVMPatterns(converter, patterns, *target);
    populateLocalMemoryOpToLLVMPatterns(converter, patterns, *target, [&axisInfo](Operation *op) {
      auto copy = cast<ttg::AsyncCopyGlobalToLocalOp>(op);
      unsigned contiguity = axisInfo.getPtrAlignment(copy.getSrc());
      if (Value mask = copy.getMask())
        contiguity = std::min(contiguity, axisInfo.getMaskAlignment(mask));
      return contiguity;
    });
    populateDotOpToLLVMPatterns(converter, patterns, *target);
    populateMmaV2DotOpToLLVMPatterns(converter, patterns, *target);
    populateWarpGroupDotOpToLLVMPatterns(converter, patterns, *target);
    if (target->hasWarpGroupMma())
      populateTMAToLLVMPatterns(converter, patterns, *target);
    populateMfmaDotOpToLLVMPatterns(converter, patterns, *target);
    // ceildivsi and floordivsi (a fused loop nest's trip counts) as plain divisions first.
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    ub::populateUBToLLVMConversionPatterns(converter, patterns);
    populateUnsupportedOpPatterns(converter, patterns, *target);

    ConversionTarget legality(*context);
    legality.addLegalDialect<LLVM::LLVMDialect>();
    legality.addLegalDialect("nvvm", "rocdl");
    legality.addIllegalDialect<tt::TTDialect, ttg::TTGDialect, ttng::TTNGDialect,
                               amdg::AMDGDialect, arith::ArithDialect,
                               math::MathDialect, cf::ControlFlowDialect, ub::UBDialect>();
    legality.addIllegalDialect<proton::ProtonDialect, proton_gpu::ProtonGPUDialect>();
    legality.addLegalOp<ModuleOp>();
    legality.addIllegalOp<gpu::BarrierOp>();
    if (failed(applyPartialConversion(module, legality, std::move(patterns))))
      return signalPassFailure();

    // A cluster kernel: the kernel's cluster dimensions, and the module's CTAs again (the
    // metadata's num_ctas).
    auto clusterCTAs = module->getAttrOfType<IntegerAttr>(kClusterCTAsAttr);
    module.walk([&](LLVM::LLVMFuncOp function) {
      auto kernel = function->getAttrOfType<BoolAttr>("trex.kernel");
      if (clusterCTAs && kernel && kernel.getValue())
        target->markCluster(function, static_cast<int>(clusterCTAs.getInt()));
      function->removeAttr("trex.kernel");
      function.walk([](Operation *op) { op->removeAttr(kUniformWarpIdAttr); });
    });
    if (clusterCTAs) {
      module->setAttr(ttg::kNumCTAsAttr, clusterCTAs);
      module->removeAttr(kClusterCTAsAttr);
    }
    target->annotateModule(module);
  }
};

} // namespace

void registerTritonGPUToLLVMPasses() {
  registerPass([] { return createAllocateSharedMemory(); });
  registerPass([] { return createGlobalScratchAllocation(); });
  registerPass([] { return createLocalizeClusterTensors(); });
  registerPass([] { return createConvertTritonGPUToLLVM(); });
  registerPass([] { return createSimplifyCallSiteLocations(); });
  proton_gpu::registerProtonGPUTransformsPasses();
}

} // namespace trex
