// ClusterLocalization: a thread-block-cluster kernel ("ttg.num-ctas" > 1) rewritten as the
// program of one CTA of its cluster, before the LLVM lowering (Passes.td describes it).
//
// A CGA layout splits a tensor between the CTAs of a cluster: its linear layout maps
// (register, lane, warp, block) to a tensor element, where the block bases are whole multiples
// of the part one CTA holds (Triton's combineCtaCgaWithShape puts them above the CTA's own
// layout). So element(r, l, w, b) = element(r, l, w, 0) + offset(b), with element(r, l, w, 0)
// inside the CTA's part: what happens inside one CTA is the single-CTA program on the part's
// shape, and only coordinates (tt.make_range) need the CTA's offset. Ops whose operands and
// results the CTAs split differently would move data between CTAs; they are refused.
#include "trex/Conversion/TritonGPUToLLVM/Passes.h"

#include "trex/Conversion/TritonGPUToLLVM/TargetInfo.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/LayoutBuilders.h"
#include "trex/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "trex/Layout/LayoutAdapter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"

#include "llvm/Support/MathExtras.h"

#include <optional>
#include <string>
#include <vector>

namespace trex {

void registerNVVMDialect(mlir::DialectRegistry &registry);

#define GEN_PASS_DEF_LOCALIZECLUSTERTENSORS
#include "trex/Conversion/TritonGPUToLLVM/Passes.h.inc"

} // namespace trex

using namespace mlir;

namespace trex {
namespace {

// One coordinate per layout dimension for each bit of the CTA's rank in the cluster.
using BlockBases = std::vector<std::vector<int32_t>>;

// What one CTA holds of a tensor or shared-memory value.
struct CTAPart {
  // The type of the part: the shape per CTA, the layout for one CTA.
  Type local;
  // Where each bit of the CTA's rank moves the part (in elements; 0: the CTAs hold copies).
  BlockBases blocks;
  // The layout's dimensions of the full value (a buffer's trailing ones).
  SmallVector<int64_t> shape;
};

// The same layout for a single CTA; null for layouts the pass does not know.
Attribute withOneCTA(Attribute encoding) {
  MLIRContext *context = encoding.getContext();
  auto one = [](ttg::CGALayout cga) { return ttg::CGALayout::oneCTA(cga.rank); };
  if (auto blocked = dyn_cast<ttg::BlockedEncodingAttr>(encoding))
    return ttg::BlockedEncodingAttr::get(context, blocked.getSizePerThread(),
                                         blocked.getThreadsPerWarp(), blocked.getWarpsPerCTA(),
                                         blocked.getOrder(), one(blocked.getCGALayout()));
  if (auto slice = dyn_cast<ttg::SliceEncodingAttr>(encoding)) {
    auto parent = dyn_cast_or_null<ttg::DistributedEncodingTrait>(withOneCTA(slice.getParent()));
    return parent ? ttg::SliceEncodingAttr::get(context, slice.getDim(), parent) : Attribute();
  }
  if (auto dot = dyn_cast<ttg::DotOperandEncodingAttr>(encoding)) {
    Attribute parent = withOneCTA(dot.getParent());
    return parent
               ? ttg::DotOperandEncodingAttr::get(context, dot.getOpIdx(), parent, dot.getKWidth())
               : Attribute();
  }
  if (auto mma = dyn_cast<ttg::NvidiaMmaEncodingAttr>(encoding))
    return ttg::NvidiaMmaEncodingAttr::get(context, mma.getVersionMajor(), mma.getVersionMinor(),
                                           mma.getWarpsPerCTA(), one(mma.getCGALayout()),
                                           mma.getInstrShape());
  if (auto nvmma = dyn_cast<ttg::NVMMASharedEncodingAttr>(encoding))
    return ttg::NVMMASharedEncodingAttr::get(context, nvmma.getSwizzlingByteWidth(),
                                             nvmma.getTransposed(), nvmma.getElementBitWidth(),
                                             nvmma.getFp4Padded(), one(nvmma.getCGALayout()));
  if (auto swizzled = dyn_cast<ttg::SwizzledSharedEncodingAttr>(encoding))
    return ttg::SwizzledSharedEncodingAttr::get(context, swizzled.getVec(), swizzled.getPerPhase(),
                                                swizzled.getMaxPhase(), swizzled.getOrder(),
                                                one(swizzled.getCGALayout()));
  return {};
}

// Whether `part` (the layout for one CTA on the part's shape) is `full` (the cluster's layout
// on the whole shape) without its block dimension, the block bases whole parts.
bool isFullWithoutBlocks(const layoutviz::LinearLayout &full, const layoutviz::LinearLayout &part,
                         ArrayRef<int64_t> partShape, std::string &why) {
  if (full.getOutDimNames() != part.getOutDimNames()) {
    why = "the layouts name different dimensions";
    return false;
  }
  for (const std::string &inDim : part.getInDimNames())
    if (inDim == "block" ? !part.getInDimBases(inDim).empty() : !full.hasInDim(inDim)) {
      why = "the part's layout has a dimension the cluster's lacks";
      return false;
    }
  for (const std::string &inDim : full.getInDimNames()) {
    const auto &bases = full.getInDimBases(inDim);
    if (inDim != "block") {
      if (!part.hasInDim(inDim) || part.getInDimBases(inDim) != bases) {
        why = "the CTA's " + inDim + " bases differ from the cluster's";
        return false;
      }
      continue;
    }
    for (const auto &basis : bases)
      for (size_t dim = 0; dim < basis.size(); ++dim)
        if (basis[dim] % partShape[dim] != 0) {
          why = "a CTA's part does not start at a multiple of the part's shape";
          return false;
        }
  }
  return true;
}

// Checks that `local` on `partShape` is `encoding` on `part.shape` without its block
// dimension, and sets `part.blocks` to the latter's block bases; false with `why` set if not.
bool setBlocks(CTAPart &part, Attribute encoding, Attribute local, ArrayRef<int64_t> partShape,
               Operation *at, std::string &why) {
  auto emitter = [at] { return at->emitError(); };
  FailureOr<layoutviz::LinearLayout> full = layout::toLinearLayout(encoding, part.shape, emitter);
  FailureOr<layoutviz::LinearLayout> mine = layout::toLinearLayout(local, partShape, emitter);
  if (failed(full) || failed(mine)) {
    why = "the layout has no linear layout";
    return false;
  }
  if (!isFullWithoutBlocks(*full, *mine, partShape, why))
    return false;
  if (full->hasInDim("block"))
    part.blocks = full->getInDimBases("block");
  return true;
}

// The part one CTA holds of a value of `type`; std::nullopt for types without a layout (and
// with `why` set for those the pass cannot split).
std::optional<CTAPart> partOf(Type type, Operation *at, std::string &why) {
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    auto layout = dyn_cast_or_null<ttg::LayoutEncodingTrait>(tensor.getEncoding());
    if (!layout)
      return std::nullopt;
    Attribute local = withOneCTA(tensor.getEncoding());
    if (!local) {
      why = "trex does not split this layout between the CTAs of a cluster yet";
      return std::nullopt;
    }
    CTAPart part;
    part.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
    SmallVector<int64_t> partShape = ttg::getShapePerCTA(layout.getCGALayout(), part.shape);
    if (!setBlocks(part, tensor.getEncoding(), local, partShape, at, why))
      return std::nullopt;
    part.local = RankedTensorType::get(partShape, tensor.getElementType(), local);
    return part;
  }
  if (auto memdesc = dyn_cast<ttg::MemDescType>(type)) {
    auto layout = dyn_cast_or_null<ttg::LayoutEncodingTrait>(memdesc.getEncoding());
    if (!layout)
      return std::nullopt;
    Attribute local = withOneCTA(memdesc.getEncoding());
    if (!local) {
      why = "trex does not split this shared layout between the CTAs of a cluster yet";
      return std::nullopt;
    }
    ttg::CGALayout cga = layout.getCGALayout();
    ArrayRef<int64_t> shape = memdesc.getShape();
    ArrayRef<int64_t> allocShape = memdesc.getAllocShape();
    if (shape.size() < cga.rank || allocShape.size() < cga.rank) {
      why = "the buffer has fewer dimensions than its layout";
      return std::nullopt;
    }
    // The layout's dimensions are the trailing ones; leading ones count buffers.
    auto perCTA = [&](ArrayRef<int64_t> dims) {
      size_t leading = dims.size() - cga.rank;
      SmallVector<int64_t> result(dims.take_front(leading));
      SmallVector<int64_t> trailing = ttg::getShapePerCTA(cga, dims.drop_front(leading));
      result.append(trailing.begin(), trailing.end());
      return result;
    };
    CTAPart part;
    part.shape.assign(shape.end() - cga.rank, shape.end());
    SmallVector<int64_t> partShape = ttg::getShapePerCTA(cga, part.shape);
    if (!setBlocks(part, memdesc.getEncoding(), local, partShape, at, why))
      return std::nullopt;
    part.local = ttg::MemDescType::get(type.getContext(), perCTA(shape), memdesc.getElementType(),
                                       local, memdesc.getMemorySpace(), memdesc.getMutableMemory(),
                                       perCTA(allocShape));
    return part;
  }
  // Types that hold layouts this pass does not rewrite.
  auto pointer = dyn_cast<tt::PointerType>(type);
  if (pointer && isa<RankedTensorType>(pointer.getPointeeType()))
    why = "trex does not split block pointers between the CTAs of a cluster yet";
  else if (isa<tt::TensorDescType>(type))
    why = "trex does not split tensor descriptors (TMA) between the CTAs of a cluster yet";
  return std::nullopt;
}

// Whether the CTAs hold the same parts of `a` and `b` (of one rank), a dimension of size 1 in
// either aside (a broadcast).
bool sameParts(const CTAPart &a, const CTAPart &b) {
  if (a.blocks.size() != b.blocks.size() || a.shape.size() != b.shape.size())
    return false;
  for (size_t bit = 0; bit < a.blocks.size(); ++bit)
    for (size_t dim = 0; dim < a.shape.size(); ++dim)
      if (a.shape[dim] != 1 && b.shape[dim] != 1 && a.blocks[bit][dim] != b.blocks[bit][dim])
        return false;
  return true;
}

// Block bits along which the CTAs hold copies of the whole value.
int32_t copiedBits(const CTAPart &part) {
  int32_t mask = 0;
  for (size_t bit = 0; bit < part.blocks.size(); ++bit)
    if (llvm::all_of(part.blocks[bit], [](int32_t c) { return c == 0; }))
      mask |= 1 << bit;
  return mask;
}

class Localizer {
public:
  Localizer(ModuleOp module, int numCTAs, const TargetInfo &target)
      : module(module), numCTAs(numCTAs), target(target) {}

  LogicalResult run() {
    if (failed(check()))
      return failure();
    rewrite();
    return success();
  }

private:
  // The part of a value's type, computed once per type; failure (said at `at`) for types the
  // pass cannot split.
  FailureOr<const CTAPart *> part(Type type, Operation *at) {
    auto found = parts.find(type);
    if (found != parts.end())
      return found->second ? &*found->second : static_cast<const CTAPart *>(nullptr);
    std::string why;
    std::optional<CTAPart> computed = partOf(type, at, why);
    if (!why.empty()) {
      at->emitError() << why << " (\"" << ttg::kNumCTAsAttr << "\" = " << numCTAs << "): " << type;
      return failure();
    }
    auto &slot = parts[type];
    slot = std::move(computed);
    return slot ? &*slot : static_cast<const CTAPart *>(nullptr);
  }

  InFlightDiagnostic refuse(Operation *op) {
    return op->emitError() << "trex does not lower '" << op->getName()
                           << "' in a thread-block cluster kernel (\"" << ttg::kNumCTAsAttr
                           << "\" = " << numCTAs << ") yet";
  }

  InFlightDiagnostic crossCTA(Operation *op) {
    return op->emitError() << "'" << op->getName()
                           << "' moves data between the CTAs of a cluster (its operands and "
                              "results are split differently between the "
                           << numCTAs
                           << " CTAs: distributed shared memory), which trex does not lower yet";
  }

  // The dot's operands hold the CTA's rows of A and columns of B, whole along K.
  LogicalResult checkDot(Operation *op, Value a, Value b, Value c, Value d) {
    FailureOr<const CTAPart *> pa = part(a.getType(), op), pb = part(b.getType(), op),
                               pc = part(c.getType(), op), pd = part(d.getType(), op);
    if (failed(pa) || failed(pb) || failed(pc) || failed(pd))
      return failure();
    if (!*pa || !*pb || !*pc || !*pd || (*pd)->shape.size() != 2 || (*pa)->shape.size() != 2 ||
        (*pb)->shape.size() != 2)
      return refuse(op) << ": only dots of two dimensions are split";
    const CTAPart &pA = **pa, &pB = **pb, &pD = **pd;
    bool ok = sameParts(**pc, pD) && pA.blocks.size() == pD.blocks.size() &&
              pB.blocks.size() == pD.blocks.size();
    for (size_t bit = 0; ok && bit < pD.blocks.size(); ++bit)
      ok = pA.blocks[bit][0] == pD.blocks[bit][0] && pA.blocks[bit][1] == 0 &&
           pB.blocks[bit][0] == 0 && pB.blocks[bit][1] == pD.blocks[bit][1];
    if (!ok)
      return crossCTA(op);
    return success();
  }

  LogicalResult checkOp(Operation *op) {
    // Every value with a layout must have a part.
    SmallVector<std::pair<Value, const CTAPart *>> values;
    auto collect = [&](Value value) -> LogicalResult {
      FailureOr<const CTAPart *> found = part(value.getType(), op);
      if (failed(found))
        return failure();
      if (*found)
        values.push_back({value, *found});
      return success();
    };
    for (Value operand : op->getOperands())
      if (failed(collect(operand)))
        return failure();
    for (Value result : op->getResults())
      if (failed(collect(result)))
        return failure();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Value argument : block.getArguments())
          if (failed(collect(argument)))
            return failure();

    if (isa<tt::AtomicRMWOp, tt::AtomicCASOp>(op))
      return refuse(op) << ": each CTA of the cluster would do the atomic";
    if (isa<tt::CallOp>(op) && !values.empty())
      return refuse(op) << " with tensor operands";
    if (auto function = dyn_cast<tt::FuncOp>(op)) {
      if (!values.empty())
        return refuse(op) << " with tensor arguments";
      return success();
    }
    if (values.empty())
      return success();

    if (auto range = dyn_cast<tt::MakeRangeOp>(op)) {
      // The CTA's offset is the XOR of the bases of its rank's set bits; the rewrite adds
      // them, the same when they are distinct powers of two (whole parts of a power-of-two
      // range, as CGA layouts make them).
      const CTAPart &part = *values.front().second;
      int32_t seen = 0;
      for (const auto &basis : part.blocks) {
        int32_t offset = basis[0];
        if (offset == 0)
          continue;
        if (!llvm::isPowerOf2_32(static_cast<uint32_t>(offset)) || (seen & offset))
          return refuse(op) << ": the CTAs' parts of the range are not distinct powers of two";
        seen |= offset;
      }
      ranges.push_back({range, part});
      return success();
    }
    if (auto expand = dyn_cast<tt::ExpandDimsOp>(op)) {
      // The source's parts are the result's without the new dimension (of size 1).
      CTAPart source = *values[0].second, result = *values[1].second;
      unsigned axis = expand.getAxis();
      result.shape.erase(result.shape.begin() + axis);
      for (auto &basis : result.blocks)
        basis.erase(basis.begin() + axis);
      if (!sameParts(source, result))
        return crossCTA(op);
      return success();
    }
    if (auto dot = dyn_cast<tt::DotOp>(op))
      return checkDot(op, dot.getA(), dot.getB(), dot.getC(), dot.getD());
    if (auto dot = dyn_cast<ttng::WarpGroupDotOp>(op))
      return checkDot(op, dot.getA(), dot.getB(), dot.getC(), dot.getD());

    // Ops that pass values on unchanged (their types match by their verifiers).
    if (isa<scf::ForOp, scf::IfOp, scf::WhileOp, scf::YieldOp, scf::ConditionOp, tt::ReturnOp,
            ttng::WarpGroupDotWaitOp, ttg::LocalDeallocOp>(op))
      return success();
    // Ops whose operands and results the CTAs must split alike: elementwise ones, copies
    // between registers and shared memory, layout conversions.
    bool sameSplit = op->hasTrait<OpTrait::Elementwise>() ||
                     isa<tt::SplatOp, tt::BroadcastOp, tt::LoadOp, tt::StoreOp, arith::ConstantOp,
                         arith::SelectOp, ttg::ConvertLayoutOp, ttg::LocalAllocOp, ttg::LocalLoadOp,
                         ttg::LocalStoreOp, ttg::MemDescIndexOp, ttg::AsyncCopyGlobalToLocalOp>(op);
    if (!sameSplit)
      return refuse(op);
    if (auto constant = dyn_cast<arith::ConstantOp>(op);
        constant && !isa<SplatElementsAttr>(constant.getValue()))
      return refuse(op) << ": only splat tensor constants are split";
    const CTAPart &first = *values.front().second;
    for (auto &[value, other] : values)
      if (!sameParts(first, *other))
        return crossCTA(op);
    if (auto store = dyn_cast<tt::StoreOp>(op))
      if (int32_t copies = copiedBits(first))
        stores.push_back({store, copies});
    return success();
  }

  LogicalResult check() {
    WalkResult walk = module.walk([&](Operation *op) {
      return failed(checkOp(op)) ? WalkResult::interrupt() : WalkResult::advance();
    });
    return failure(walk.wasInterrupted());
  }

  // %cluster_ctarank, made once at the start of the op's function.
  Value rankFor(Operation *op) {
    auto function = op->getParentOfType<tt::FuncOp>();
    Value &rank = ranks[function];
    if (!rank) {
      OpBuilder builder(&function.getBody().front(), function.getBody().front().begin());
      rank = target.clusterCTARank(builder, function.getLoc());
    }
    return rank;
  }

  void rewrite() {
    MLIRContext *context = module.getContext();
    // Every value gets its part's type; splat constants their part's shape.
    module.walk([&](Operation *op) {
      if (isa<tt::MakeRangeOp>(op))
        return;
      for (Value result : op->getResults())
        if (const std::optional<CTAPart> &found = parts.lookup(result.getType()))
          result.setType(found->local);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument argument : block.getArguments())
            if (const std::optional<CTAPart> &found = parts.lookup(argument.getType()))
              argument.setType(found->local);
      if (auto constant = dyn_cast<arith::ConstantOp>(op))
        if (auto splat = dyn_cast<SplatElementsAttr>(constant.getValue()))
          if (auto type = dyn_cast<RankedTensorType>(constant.getType());
              type && type != splat.getType())
            constant.setValueAttr(DenseElementsAttr::get(type, splat.getSplatValue<Attribute>()));
    });

    // A range the CTAs split: the CTA's slice of it, start + its tile * the part's length.
    for (auto &[range, part] : ranges) {
      OpBuilder builder(range);
      Location loc = range.getLoc();
      auto local = cast<RankedTensorType>(part.local);
      int64_t length = local.getShape()[0];
      auto localRange =
          tt::MakeRangeOp::create(builder, loc, local, range.getStart(), range.getStart() + length);
      Value result = localRange;
      Value tile;
      for (size_t bit = 0; bit < part.blocks.size(); ++bit) {
        int32_t step = part.blocks[bit][0] / length;
        if (step == 0)
          continue;
        Value rank = rankFor(range);
        Value isSet = arith::AndIOp::create(
            builder, loc,
            arith::ShRUIOp::create(builder, loc, rank,
                                   arith::ConstantIntOp::create(builder, loc, bit, 32)),
            arith::ConstantIntOp::create(builder, loc, 1, 32));
        Value term = arith::MulIOp::create(builder, loc, isSet,
                                           arith::ConstantIntOp::create(builder, loc, step, 32));
        tile = tile ? arith::AddIOp::create(builder, loc, tile, term).getResult() : term;
      }
      if (tile) {
        Value offset = arith::MulIOp::create(
            builder, loc, tile, arith::ConstantIntOp::create(builder, loc, length, 32));
        Value splat = tt::SplatOp::create(builder, loc, local, offset);
        result = arith::AddIOp::create(builder, loc, localRange, splat);
      }
      range.replaceAllUsesWith(result);
      range.erase();
    }

    // CTAs that hold copies of a stored tensor: only the first of them stores (Triton's
    // redundant-data mask over the block dimension).
    for (auto &[store, copies] : stores) {
      OpBuilder builder(store);
      Location loc = store.getLoc();
      Value rank = rankFor(store);
      Value first = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::eq,
          arith::AndIOp::create(builder, loc, rank,
                                arith::ConstantIntOp::create(builder, loc, copies, 32)),
          arith::ConstantIntOp::create(builder, loc, 0, 32));
      auto pointers = cast<RankedTensorType>(store.getPtr().getType());
      auto maskType =
          RankedTensorType::get(pointers.getShape(), builder.getI1Type(), pointers.getEncoding());
      Value mask = tt::SplatOp::create(builder, loc, maskType, first);
      if (Value old = store.getMask())
        mask = arith::AndIOp::create(builder, loc, old, mask);
      store.getMaskMutable().assign(mask);
    }

    // A program is a cluster.
    module.walk([&](Operation *op) {
      OpBuilder builder(op);
      Value replacement;
      if (auto id = dyn_cast<tt::GetProgramIdOp>(op))
        replacement = target.clusterId(builder, op->getLoc(), static_cast<int>(id.getAxis()));
      else if (auto count = dyn_cast<tt::GetNumProgramsOp>(op))
        replacement = target.numClusters(builder, op->getLoc(), static_cast<int>(count.getAxis()));
      if (!replacement)
        return;
      op->getResult(0).replaceAllUsesWith(replacement);
      op->erase();
    });

    module->setAttr(ttg::kNumCTAsAttr, IntegerAttr::get(IntegerType::get(context, 32), 1));
    module->setAttr(kClusterCTAsAttr, IntegerAttr::get(IntegerType::get(context, 32), numCTAs));
  }

  ModuleOp module;
  int numCTAs;
  const TargetInfo &target;
  llvm::DenseMap<Type, std::optional<CTAPart>> parts;
  std::vector<std::pair<tt::MakeRangeOp, CTAPart>> ranges;
  std::vector<std::pair<tt::StoreOp, int32_t>> stores;
  llvm::DenseMap<Operation *, Value> ranks;
};

struct LocalizeClusterTensorsPass
    : public impl::LocalizeClusterTensorsBase<LocalizeClusterTensorsPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect>();
    registerNVVMDialect(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    int numCTAs = ttg::TTGDialect::getNumCTAs(module);
    if (numCTAs <= 1)
      return;
    auto targetAttr = module->getAttrOfType<StringAttr>(ttg::kTargetAttr);
    std::unique_ptr<TargetInfo> target =
        targetAttr ? createTargetInfo(targetAttr.getValue(), /*deviceLibrary=*/false) : nullptr;
    // Clusters exist from sm_90 on (Triton refuses num_ctas > 1 below it).
    int capability = 0;
    if (target && target->isCUDA())
      targetAttr.getValue().split(':').second.getAsInteger(10, capability);
    if (capability < 90) {
      module.emitError() << "\"" << ttg::kNumCTAsAttr << "\" = " << numCTAs
                         << " needs thread-block clusters, which NVIDIA sm_90+ has and "
                         << (targetAttr ? targetAttr.getValue() : StringRef("this module"))
                         << " has not";
      return signalPassFailure();
    }
    layout::LinearLayoutCacheScope cache;
    if (failed(Localizer(module, numCTAs, *target).run()))
      return signalPassFailure();
  }
};

} // namespace
} // namespace trex
