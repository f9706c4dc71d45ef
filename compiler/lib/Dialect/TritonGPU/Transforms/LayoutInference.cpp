// How layouts travel through ops, which ops produce any layout for free, and
// when a conversion is only a register permutation (linear layouts decide).
#include "trex/Dialect/TritonGPU/Transforms/LayoutInference.h"

#include "trex/Dialect/TritonGPU/IR/BlockedReshape.h"
#include "trex/Dialect/TritonGPU/IR/LayoutBuilders.h"
#include "trex/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "trex/Layout/LayoutAdapter.h"
#include "trex/Layout/LinearLayoutViews.h"

#include "mlir/IR/Diagnostics.h"

#include <algorithm>
#include <map>

using namespace mlir;

namespace trex::ttg {

int lookupNumWarps(Operation *op) {
  if (std::optional<int> numWarps = TTGDialect::lookupNumWarps(op))
    return *numWarps;
  return 4;
}

int lookupThreadsPerWarp(Operation *op) {
  auto module = isa<ModuleOp>(op) ? cast<ModuleOp>(op) : op->getParentOfType<ModuleOp>();
  return module ? TTGDialect::getThreadsPerWarp(module) : 32;
}

Value getMemAccessPtr(Operation *op) {
  if (auto load = dyn_cast<tt::LoadOp>(op))
    return load.getPtr();
  if (auto store = dyn_cast<tt::StoreOp>(op))
    return store.getPtr();
  if (auto atomic = dyn_cast<tt::AtomicRMWOp>(op))
    return atomic.getPtr();
  if (auto atomic = dyn_cast<tt::AtomicCASOp>(op))
    return atomic.getPtr();
  if (auto copy = dyn_cast<AsyncCopyGlobalToLocalOp>(op))
    return copy.getSrc();
  return Value();
}

namespace {

SmallVector<int32_t> inversePermutation(ArrayRef<int32_t> order) {
  SmallVector<int32_t> inverse(order.size());
  for (auto [to, from] : llvm::enumerate(order))
    inverse[from] = static_cast<int32_t>(to);
  return inverse;
}

// Runs a linear-layout computation whose failure only means "no layout":
// its diagnostics are dropped.
template <typename Fn> Attribute quietly(MLIRContext *context, Fn &&compute) {
  ScopedDiagnosticHandler silence(context, [](Diagnostic &) { return success(); });
  auto emitter = [&] { return emitError(UnknownLoc::get(context)); };
  auto result = compute(emitter);
  return succeeded(result) ? Attribute(*result) : Attribute();
}

// The layout of trans(x, order) for x of `shape` in `encoding`: blocked
// layouts permute their parameters, every other distributed layout becomes
// the permuted linear layout.
Attribute transposeEncoding(Attribute encoding, ArrayRef<int64_t> shape, ArrayRef<int32_t> order) {
  if (!encoding)
    return {};
  auto *infer = encoding.getDialect().getRegisteredInterface<tt::DialectInferLayoutInterface>();
  Attribute result;
  if (infer && succeeded(infer->inferTransOpEncoding(encoding, order, result, std::nullopt)) &&
      result)
    return result;
  if (!isa<DistributedEncodingTrait>(encoding))
    return {};
  return quietly(encoding.getContext(), [&](auto emitter) {
    return layout::transposeAsLinearEncoding(encoding, shape, order, emitter);
  });
}

bool carriesEncodingUnchanged(Operation *op) {
  return op->hasTrait<tt::SameOperandsAndResultEncoding>() ||
         op->hasTrait<tt::SameLoadStoreOperandsAndResultEncoding>() ||
         op->hasTrait<OpTrait::Elementwise>() ||
         isa<scf::WhileOp, scf::YieldOp, scf::ConditionOp, ttng::WarpGroupDotWaitOp>(op);
}

// The layout on the other side of a reshape from `fromShape` in `encoding`
// to `toShape` in which every thread keeps its elements (inferReshapeEncoding).
// Reordering reshapes get their layout from optimize-thread-locality instead.
Attribute reshapeEncoding(tt::ReshapeOp op, ArrayRef<int64_t> fromShape, Attribute encoding,
                          ArrayRef<int64_t> toShape) {
  if (op.getAllowReorder())
    return {};
  return inferReshapeEncoding(fromShape, encoding, toShape);
}

// The layout of tt.join's result when its operands of `shape` have `encoding`: Triton's
// blocked closed form, else the linear layout with the new dimension in each thread's first
// register.
Attribute joinEncoding(Attribute encoding, ArrayRef<int64_t> shape) {
  FailureOr<Attribute> blocked = inferJoinEncoding(encoding);
  if (succeeded(blocked))
    return *blocked;
  if (isa<BlockedEncodingAttr>(encoding) || !isa<DistributedEncodingTrait>(encoding))
    return {};
  return quietly(encoding.getContext(), [&](auto emitter) {
    return layout::joinAsLinearEncoding(encoding, shape, emitter);
  });
}

// The layout of each result of tt.split of a tensor of `shape` in `encoding`: Triton's blocked
// closed form, else, when the pairs are in registers (an mma accumulator split in a subtiled
// epilogue, a dot operand joined from two halves), the linear layout without them.
Attribute splitEncoding(Attribute encoding, ArrayRef<int64_t> shape) {
  FailureOr<Attribute> blocked = inferSplitEncoding(encoding);
  if (succeeded(blocked))
    return *blocked;
  if (isa<BlockedEncodingAttr>(encoding) || !isa<DistributedEncodingTrait>(encoding))
    return {};
  return quietly(encoding.getContext(), [&](auto emitter) {
    return layout::splitAsLinearEncoding(encoding, shape, emitter);
  });
}

} // namespace

Attribute inferTransEncoding(Attribute encoding, ArrayRef<int64_t> shape, ArrayRef<int32_t> order) {
  return transposeEncoding(encoding, shape, order);
}

// Triton's blocked closed form where one exists, a linear layout otherwise.
Attribute inferReshapeEncoding(ArrayRef<int64_t> fromShape, Attribute encoding,
                               ArrayRef<int64_t> toShape) {
  if (!encoding)
    return {};
  if (fromShape == toShape)
    return encoding;
  FailureOr<BlockedEncodingAttr> blocked = inferBlockedReshapeEncoding(fromShape, encoding, toShape);
  if (succeeded(blocked))
    return *blocked;
  if (!isa<DistributedEncodingTrait>(encoding))
    return {};
  return quietly(encoding.getContext(), [&](auto emitter) {
    return layout::reshapeAsLinearEncoding(encoding, fromShape, toShape, emitter);
  });
}

Attribute inferFp4ToFpEncoding(ArrayRef<int64_t> shape, int axis, Attribute encoding,
                               bool forward) {
  if (!encoding || axis < 0 || static_cast<size_t>(axis) >= shape.size())
    return {};
  MLIRContext *context = encoding.getContext();
  // As Triton 3.6: a blocked layout doubles (halves) its sizePerThread along the axis whatever
  // its order, a dot operand unpacked along K its kWidth.
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(encoding)) {
    SmallVector<unsigned> sizePerThread(blocked.getSizePerThread());
    if (forward || sizePerThread[axis] > 1) {
      sizePerThread[axis] = forward ? sizePerThread[axis] * 2 : sizePerThread[axis] / 2;
      return BlockedEncodingAttr::get(context, sizePerThread, blocked.getThreadsPerWarp(),
                                      blocked.getWarpsPerCTA(), blocked.getOrder(),
                                      blocked.getCGALayout());
    }
  }
  if (auto operand = dyn_cast<DotOperandEncodingAttr>(encoding)) {
    int rank = static_cast<int>(shape.size());
    int kDim = operand.getOpIdx() == 0 ? rank - 1 : rank - 2;
    unsigned kWidth = operand.getKWidth();
    if (axis == kDim && kWidth != 0 && (forward || kWidth > 1))
      return DotOperandEncodingAttr::get(context, operand.getOpIdx(), operand.getParent(),
                                         forward ? kWidth * 2 : kWidth / 2);
  }
  if (!isa<DistributedEncodingTrait>(encoding))
    return {};
  return quietly(context, [&](auto emitter) {
    return forward ? layout::fp4UnpackedAsLinearEncoding(encoding, shape, axis, emitter)
                   : layout::fp4PackedAsLinearEncoding(encoding, shape, axis, emitter);
  });
}

Attribute inferSrcEncoding(Operation *op, Attribute encoding) {
  if (!encoding)
    return {};
  // Scans are only lowered from blocked layouts.
  if (isa<tt::ScanOp>(op) && !isa<BlockedEncodingAttr>(encoding))
    return {};
  if (carriesEncodingUnchanged(op))
    return encoding;
  if (auto reduce = dyn_cast<tt::ReduceOp>(op)) {
    auto slice = dyn_cast<SliceEncodingAttr>(encoding);
    if (!slice || slice.getDim() != reduce.getAxis())
      return {};
    return slice.getParent();
  }
  if (auto expand = dyn_cast<tt::ExpandDimsOp>(op)) {
    auto distributed = dyn_cast<DistributedEncodingTrait>(encoding);
    if (!distributed)
      return {};
    return SliceEncodingAttr::get(op->getContext(), expand.getAxis(), distributed);
  }
  // join and split undo each other.
  if (auto join = dyn_cast<tt::JoinOp>(op))
    return splitEncoding(encoding, join.getType().getShape());
  if (auto split = dyn_cast<tt::SplitOp>(op))
    return joinEncoding(encoding, split.getOutLHS().getType().getShape());
  // trans(x, order) = y means x = trans(y, inverse(order)).
  if (auto trans = dyn_cast<tt::TransOp>(op))
    return transposeEncoding(encoding, trans.getType().getShape(),
                             inversePermutation(trans.getOrder()));
  // Reshape layouts are symmetric: the source layout is the one a reshape
  // from the result's shape would give.
  if (auto reshape = dyn_cast<tt::ReshapeOp>(op))
    return reshapeEncoding(reshape, reshape.getType().getShape(), encoding,
                           reshape.getSrc().getType().getShape());
  if (auto unpack = dyn_cast<Fp4ToFpOp>(op))
    return inferFp4ToFpEncoding(unpack.getType().getShape(), unpack.getAxis(), encoding,
                                /*forward=*/false);
  // The indices of a gather have the layout of its result.
  if (isa<tt::GatherOp>(op))
    return encoding;
  return {};
}

Attribute inferDstEncoding(Operation *op, Attribute encoding) {
  if (!encoding)
    return {};
  if (isa<tt::ScanOp>(op) && !isa<BlockedEncodingAttr>(encoding))
    return {};
  if (carriesEncodingUnchanged(op) || isa<scf::ForOp>(op))
    return encoding;
  if (auto reduce = dyn_cast<tt::ReduceOp>(op)) {
    auto distributed = dyn_cast<DistributedEncodingTrait>(encoding);
    if (!distributed)
      return {};
    return SliceEncodingAttr::get(op->getContext(), reduce.getAxis(), distributed);
  }
  if (auto expand = dyn_cast<tt::ExpandDimsOp>(op)) {
    auto slice = dyn_cast<SliceEncodingAttr>(encoding);
    if (!slice || slice.getDim() != expand.getAxis())
      return {};
    return slice.getParent();
  }
  if (auto join = dyn_cast<tt::JoinOp>(op))
    return joinEncoding(encoding, join.getLhs().getType().getShape());
  if (auto split = dyn_cast<tt::SplitOp>(op))
    return splitEncoding(encoding, split.getSrc().getType().getShape());
  if (auto trans = dyn_cast<tt::TransOp>(op))
    return transposeEncoding(encoding, trans.getSrc().getType().getShape(), trans.getOrder());
  if (auto reshape = dyn_cast<tt::ReshapeOp>(op))
    return reshapeEncoding(reshape, reshape.getSrc().getType().getShape(), encoding,
                           reshape.getType().getShape());
  if (auto unpack = dyn_cast<Fp4ToFpOp>(op))
    return inferFp4ToFpEncoding(unpack.getSrc().getType().getShape(), unpack.getAxis(), encoding,
                                /*forward=*/true);
  if (isa<tt::GatherOp>(op))
    return encoding;
  return {};
}

bool isExpensiveLoadOrStore(Operation *op) {
  Type pointerType = op->getOperand(0).getType();
  if (tt::isTensorPointerType(pointerType))
    return true;
  auto tensor = dyn_cast<RankedTensorType>(pointerType);
  // A scalar or a one-element tensor: every thread reads the same address.
  if (!tensor || tensor.getNumElements() == 1)
    return false;
  int numThreads = lookupNumWarps(op) * lookupThreadsPerWarp(op);
  return tensor.getNumElements() >= numThreads;
}

std::optional<unsigned> getNumElemsPerThread(RankedTensorType type) {
  if (std::optional<unsigned> closedForm = ttg::getTotalElemsPerThread(type))
    return closedForm;
  Attribute encoding = type.getEncoding();
  if (!encoding)
    return std::nullopt;
  // Layouts the IR verified always map; silence the engine's diagnostics in
  // case one does not.
  MLIRContext *context = type.getContext();
  ScopedDiagnosticHandler silence(context, [](Diagnostic &) { return success(); });
  FailureOr<layoutviz::LinearLayout> layout = layout::toLinearLayout(
      encoding, type.getShape(), [&] { return emitError(UnknownLoc::get(context)); });
  if (failed(layout) || !layout->hasInDim("register"))
    return std::nullopt;
  return static_cast<unsigned>(layout->getInDimSize("register"));
}

bool isExpensiveView(RankedTensorType srcType, RankedTensorType dstType) {
  std::optional<unsigned> src = getNumElemsPerThread(srcType);
  std::optional<unsigned> dst = getNumElemsPerThread(dstType);
  return !src || !dst || *src != *dst;
}

bool isExpensiveCat(tt::CatOp cat, Attribute targetEncoding) {
  RankedTensorType type = cat.getType();
  std::optional<unsigned> current = getNumElemsPerThread(type);
  std::optional<unsigned> target = getNumElemsPerThread(type.cloneWithEncoding(targetEncoding));
  return !current || !target || *target < *current;
}

bool canFoldIntoConversion(Operation *op, Attribute targetEncoding) {
  if (auto cat = dyn_cast<tt::CatOp>(op))
    return !isExpensiveCat(cat, targetEncoding);
  if (auto convert = dyn_cast<ConvertLayoutOp>(op)) {
    // Converting out of an MMA accumulator is never free.
    if (isa<NvidiaMmaEncodingAttr>(targetEncoding))
      return convert.getSrc().getType().getEncoding() == targetEncoding;
    return true;
  }
  if (auto reshape = dyn_cast<tt::ReshapeOp>(op)) {
    RankedTensorType newType = reshape.getType().cloneWithEncoding(targetEncoding);
    return reshape.getAllowReorder() && !reshape.getEfficientLayout() &&
           !isExpensiveView(reshape.getSrc().getType(), newType);
  }
  return isa<arith::ConstantOp, tt::MakeRangeOp, tt::SplatOp, tt::HistogramOp, LocalAllocOp,
             LocalLoadOp, LocalStoreOp>(op);
}

namespace {

// For every source hardware index (register, lane, warp, block), the destination index that
// holds the same element; nullopt when a layout has no linear form.
std::optional<layoutviz::LinearLayout> conversionMap(RankedTensorType srcType,
                                                     RankedTensorType dstType) {
  MLIRContext *context = srcType.getContext();
  ScopedDiagnosticHandler silence(context, [](Diagnostic &) { return success(); });
  auto emitter = [&] { return emitError(UnknownLoc::get(context)); };
  FailureOr<layoutviz::LinearLayout> src =
      layout::toLinearLayout(srcType.getEncoding(), srcType.getShape(), emitter);
  FailureOr<layoutviz::LinearLayout> dst =
      layout::toLinearLayout(dstType.getEncoding(), dstType.getShape(), emitter);
  if (failed(src) || failed(dst))
    return std::nullopt;
  return src->invertAndCompose(*dst);
}

// Whether the conversion map keeps the hardware indices of the listed kinds: each of their
// bases maps to the same basis of the same kind, and no other kind moves along them.
bool keepsHardwareDims(const layoutviz::LinearLayout &toDst, ArrayRef<StringRef> keptDims) {
  std::vector<std::string> outDims = toDst.getOutDimNames();
  for (StringRef kept : keptDims) {
    std::string dim = kept.str();
    int keptIndex = toDst.getOutDimIndex(dim);
    for (const std::string &inDim : toDst.getInDimNames()) {
      const std::vector<layoutviz::LinearLayout::Basis> &bases = toDst.getInDimBases(inDim);
      for (size_t i = 0; i < bases.size(); ++i) {
        int32_t expected = inDim == dim ? (1 << i) : 0;
        if (inDim == dim) {
          for (size_t out = 0; out < outDims.size(); ++out)
            if (bases[i][out] != (static_cast<int>(out) == keptIndex ? expected : 0))
              return false;
        } else if (keptIndex >= 0 && bases[i][keptIndex] != 0) {
          return false;
        }
      }
    }
  }
  return true;
}

// For a conversion within each warp, how many register bits the map moves into lanes (each
// exchanged with a lane bit moved into registers): the mixed transpositions of Triton's
// warp-shuffle decomposition. -1 without a register dimension.
int registerLaneExchanges(const layoutviz::LinearLayout &toDst) {
  if (!toDst.hasInDim("register"))
    return -1;
  int lane = toDst.getOutDimIndex("lane");
  if (lane < 0)
    return 0;
  int exchanges = 0;
  for (const layoutviz::LinearLayout::Basis &basis : toDst.getInDimBases("register"))
    if (basis[lane] != 0)
      ++exchanges;
  return exchanges;
}

// Triton's warp-shuffle decomposition of a conversion within warps: the register and lane bits
// of both layouts (registers holding broadcast copies dropped, the smaller side padded with
// zero bits) form a permutation P from the source's bits to the destination's; walking P's
// cycles, each run of lane bits entered from a register bit and left into one is one mixed
// register/lane transposition. Triton shuffles only with fewer than two of them. nullopt when
// a basis is not a single bit of one dimension (not a permutation view) or a source bit has no
// register or lane bit in the destination.
std::optional<int> mixedTranspositions(const layoutviz::LinearLayout &src,
                                       const layoutviz::LinearLayout &dst) {
  using Basis = layoutviz::LinearLayout::Basis;
  auto isZero = [](const Basis &basis) {
    return std::all_of(basis.begin(), basis.end(), [](int32_t v) { return v == 0; });
  };
  auto bits = [&](const layoutviz::LinearLayout &layout, const char *dim, bool dropZeros) {
    std::vector<Basis> result;
    if (layout.hasInDim(dim))
      for (const Basis &basis : layout.getInDimBases(dim))
        if (!dropZeros || !isZero(basis))
          result.push_back(basis);
    return result;
  };
  std::vector<Basis> srcRegs = bits(src, "register", true), dstRegs = bits(dst, "register", true);
  std::vector<Basis> srcLanes = bits(src, "lane", false), dstLanes = bits(dst, "lane", false);
  size_t nReg = std::max(srcRegs.size(), dstRegs.size());
  size_t nLane = std::max(srcLanes.size(), dstLanes.size());
  Basis zero(static_cast<size_t>(src.getNumOutDims()), 0);
  auto flat = [&](std::vector<Basis> regs, std::vector<Basis> lanes) {
    regs.resize(nReg, zero);
    lanes.resize(nLane, zero);
    regs.insert(regs.end(), lanes.begin(), lanes.end());
    return regs;
  };
  std::vector<Basis> s = flat(srcRegs, srcLanes), t = flat(dstRegs, dstLanes);
  auto singleBit = [](const Basis &basis) {
    int nonZero = 0;
    for (int32_t v : basis)
      if (v != 0) {
        if (v < 0 || (v & (v - 1)) != 0)
          return false;
        ++nonZero;
      }
    return nonZero <= 1;
  };
  std::map<Basis, size_t> dstIndex;
  for (size_t i = 0; i < t.size(); ++i) {
    if (!singleBit(t[i]) || !singleBit(s[i]))
      return std::nullopt;
    if (!isZero(t[i]))
      dstIndex.emplace(t[i], i);
  }
  size_t n = s.size();
  std::vector<size_t> next(n, n);
  std::vector<size_t> srcFree, dstFree;
  for (size_t i = 0; i < n; ++i) {
    bool sZero = isZero(s[i]), tZero = isZero(t[i]);
    if (sZero && tZero)
      next[i] = i;
    else if (sZero)
      srcFree.push_back(i);
    else if (tZero)
      dstFree.push_back(i);
    if (!sZero) {
      auto found = dstIndex.find(s[i]);
      if (found == dstIndex.end())
        return std::nullopt;
      next[i] = found->second;
    }
  }
  if (srcFree.size() != dstFree.size())
    return std::nullopt;
  for (size_t k = 0; k < srcFree.size(); ++k)
    next[srcFree[k]] = dstFree[k];
  auto isLane = [&](size_t i) { return i >= nReg; };
  std::vector<bool> visited(n, false);
  int count = 0;
  for (size_t start = 0; start < n; ++start) {
    if (visited[start])
      continue;
    size_t current = start;
    size_t steps = 0;
    do {
      visited[current] = true;
      size_t following = next[current];
      if (following >= n || ++steps > n)
        return std::nullopt; // not a permutation
      if (isLane(current) && !isLane(following))
        ++count;
      current = following;
    } while (current != start);
  }
  return count;
}

} // namespace

bool cvtReordersRegisters(RankedTensorType srcType, RankedTensorType dstType) {
  if (srcType.getEncoding() == dstType.getEncoding())
    return true;
  std::optional<layoutviz::LinearLayout> toDst = conversionMap(srcType, dstType);
  return toDst && keepsHardwareDims(*toDst, {"lane", "warp", "block"});
}

bool cvtNeedsSharedMemory(RankedTensorType srcType, RankedTensorType dstType) {
  if (srcType.getEncoding() == dstType.getEncoding())
    return false;
  std::optional<layoutviz::LinearLayout> toDst = conversionMap(srcType, dstType);
  if (!toDst || !keepsHardwareDims(*toDst, {"warp", "block"}))
    return true;
  if (keepsHardwareDims(*toDst, {"lane", "warp", "block"}))
    return false;
  // Within a warp: shuffles, unless registers and lanes trade more than one bit, counted both
  // from the map's register bits and as Triton's decomposition counts them (which also sees
  // lane bits that become registers, as when a broadcast operand gains registers).
  int exchanges = registerLaneExchanges(*toDst);
  if (exchanges < 0 || exchanges >= 2)
    return true;
  MLIRContext *context = srcType.getContext();
  ScopedDiagnosticHandler silence(context, [](Diagnostic &) { return success(); });
  auto emitter = [&] { return emitError(UnknownLoc::get(context)); };
  FailureOr<layoutviz::LinearLayout> src =
      layout::toLinearLayout(srcType.getEncoding(), srcType.getShape(), emitter);
  FailureOr<layoutviz::LinearLayout> dst =
      layout::toLinearLayout(dstType.getEncoding(), dstType.getShape(), emitter);
  if (failed(src) || failed(dst))
    return true;
  std::optional<int> mixed = mixedTranspositions(*src, *dst);
  return mixed && *mixed >= 2;
}

} // namespace trex::ttg
