// The software pipeliner's choice of what to pipeline: the loads (pointer, indirect and
// descriptor loads, their buffers' layouts) and the stage-0 slice that runs ahead with them.
#include "SoftwarePipeline.h"

namespace trex::ttg::pipeliner {

namespace {

// Whether `load` feeds a dot of its loop through ops of the loop (for a pointer load, one that
// is not the dot's operand directly: sharedEncodingOfUsers covers that). Triton pipelines such
// loads as well.
bool feedsDotIndirectly(Operation *load) {
  Region *body = load->getParentRegion();
  SetVector<Operation *> slice;
  ForwardSliceOptions options;
  options.filter = [&](Operation *op) { return body->isAncestor(op->getParentRegion()); };
  getForwardSlice(load, &slice, options);
  return llvm::any_of(slice,
                      [](Operation *op) { return isa<tt::DotOp, ttng::WarpGroupDotOp>(op); });
}

// The shared layout the dot operand users of `load` read it through, or null when some user
// is not a conversion to a dot operand layout, a local_alloc read only by local_loads, or a
// local_alloc read only by warp-group dots as their A or B (`readByWarpGroupDot`).
Attribute sharedEncodingOfUsers(tt::LoadOp load, bool &readByWarpGroupDot) {
  auto type = dyn_cast<RankedTensorType>(load.getType());
  if (!type || load.getResult().use_empty())
    return {};
  Attribute encoding;
  readByWarpGroupDot = false;
  for (Operation *user : load->getUsers()) {
    Attribute candidate;
    if (auto convert = dyn_cast<ConvertLayoutOp>(user)) {
      auto operand = dyn_cast<DotOperandEncodingAttr>(convert.getType().getEncoding());
      auto distributed = dyn_cast<DistributedEncodingTrait>(type.getEncoding());
      if (!operand || !distributed)
        return {};
      SmallVector<unsigned> order = getOrder(type.getEncoding(), type.getRank());
      candidate = getSharedEncodingForDotOperand(operand, type.getShape(), order,
                                                 distributed.getCGALayout(),
                                                 type.getElementType().getIntOrFloatBitWidth(),
                                                 /*needTrans=*/false);
    } else if (auto alloc = dyn_cast<LocalAllocOp>(user)) {
      // (Through transposed views, as Triton's loadRequiresAdditionalBuffer skips them.)
      auto isOperandOfWarpGroupDot = [&](OpOperand &start) {
        OpOperand *viewed = &start;
        while (isa<MemDescTransOp>(viewed->getOwner()) && viewed->getOwner()->hasOneUse())
          viewed = &*viewed->getOwner()->getUses().begin();
        OpOperand &use = *viewed;
        auto dot = dyn_cast<ttng::WarpGroupDotOp>(use.getOwner());
        return dot && (use.get() == dot.getA() || use.get() == dot.getB()) &&
               use.get() != dot.getC();
      };
      if (!alloc->use_empty() && llvm::all_of(alloc->getUses(), isOperandOfWarpGroupDot))
        readByWarpGroupDot = true;
      else if (!llvm::all_of(alloc->getUsers(), [](Operation *op) { return isa<LocalLoadOp>(op); }))
        return {};
      candidate = alloc.getType().getEncoding();
    }
    if (!candidate || (encoding && candidate != encoding))
      return {};
    encoding = candidate;
  }
  return encoding;
}

bool isZeroConstant(Value value) {
  return matchPattern(value, m_AnyZeroFloat()) || matchPattern(value, m_Zero());
}

// The elements a thread of the load's layout holds one after the other along the fastest
// dim: the most one cp.async of it can move (1 where the layout is not blocked).
unsigned contiguityPerThread(RankedTensorType type) {
  auto blocked = dyn_cast<BlockedEncodingAttr>(type.getEncoding());
  if (!blocked || blocked.getOrder().empty())
    return 1;
  return blocked.getSizePerThread()[blocked.getOrder()[0]];
}

// The elements the buffer keeps one after the other along `dim` of a tile of `type`: what
// one thread's cp.async can write at once, whatever its registers hold (a K-major buffer of
// an N-contiguous load keeps 1). Read off the shared layout's offset bases: the leading ones
// that step one element along `dim`.
unsigned contiguityInBuffer(Attribute sharedEncoding, RankedTensorType type, unsigned dim) {
  MLIRContext *context = type.getContext();
  ScopedDiagnosticHandler silence(context, [](Diagnostic &) { return success(); });
  FailureOr<layoutviz::LinearLayout> shared = layout::toLinearLayout(
      sharedEncoding, type.getShape(), [&] { return emitError(UnknownLoc::get(context)); });
  if (failed(shared) || !shared->hasInDim("offset"))
    return 1;
  unsigned contiguous = 1;
  int32_t step = 1;
  for (const layoutviz::LinearLayout::Basis &basis : shared->getInDimBases("offset")) {
    for (size_t d = 0; d < basis.size(); ++d)
      if (basis[d] != (d == dim ? step : 0))
        return contiguous;
    contiguous *= 2;
    step *= 2;
  }
  return contiguous;
}

} // namespace

bool LoopPipeliner::pipelinesWithoutDot() {
  if (!loop->hasAttr("tt.num_stages"))
    return false;
  return llvm::none_of(loop.getBody()->getOperations(), [](Operation &op) {
    return isa<tt::DotOp, tt::DotScaledOp, ttng::WarpGroupDotOp>(op);
  });
}

void LoopPipeliner::collectLoadWithoutDot(tt::LoadOp load) {
  auto type = cast<RankedTensorType>(load.getType());
  auto distributed = dyn_cast<DistributedEncodingTrait>(type.getEncoding());
  if (!distributed || load.getResult().use_empty())
    return;
  Region *body = load->getParentRegion();
  SetVector<Operation *> slice;
  ForwardSliceOptions options;
  // (The commit-group tokens of a first round's copies, which the loop carries to its wait,
  // are not the loaded values.)
  options.filter = [&](Operation *op) {
    return body->isAncestor(op->getParentRegion()) && !isa<AsyncCommitGroupOp>(op);
  };
  getForwardSlice(load.getOperation(), &slice, options);
  if (llvm::any_of(slice, [](Operation *op) { return isa<tt::LoadOp>(op); }))
    return;
  // A load whose value is carried to the next iteration (`acc += tl.load(...)`) is left alone:
  // Triton 3.6 does not pipeline such a loop (recorded in the layouts of
  // test/frontend/tl-range.py).
  Operation *yield = loop.getBody()->getTerminator();
  if (slice.contains(yield))
    return;
  PipelinedLoad entry;
  entry.load = load;
  entry.sharedEncoding = SwizzledSharedEncodingAttr::get(
      load.getContext(), 1, 1, 1, getOrder(type.getEncoding(), type.getRank()),
      distributed.getCGALayout());
  entry.plain = true;
  if (!finishCopyEntry(entry))
    return;
  if (load.getOther() && !isZeroConstant(load.getOther()) && load.getMask()) {
    OpBuilder builder(load->getContext());
    builder.setInsertionPointAfter(load);
    auto select = arith::SelectOp::create(builder, load.getLoc(), load.getMask(), load.getResult(),
                                          load.getOther());
    load.getResult().replaceAllUsesExcept(select.getResult(), select);
    otherSelects.push_back(select);
  }
  loads.push_back(entry);
}

bool LoopPipeliner::finishCopyEntry(PipelinedLoad &entry) {
  tt::LoadOp load = entry.load;
  auto type = cast<RankedTensorType>(load.getType());
  unsigned bits = type.getElementType().getIntOrFloatBitWidth();
  if (bits < 8)
    return false;
  unsigned contiguity = axisInfo.getPtrAlignment(load.getPtr());
  if (Value mask = load.getMask())
    contiguity = std::min(contiguity, axisInfo.getMaskAlignment(mask));
  contiguity = std::min({contiguity, kMaxCopyBytes * 8 / bits, contiguityPerThread(type)});
  // Whether the copy is worth it also depends on what the buffer keeps contiguous, but the
  // copy's contiguity hint, as Triton's, is the global side's alone (the lowering narrows
  // the vectors to the buffer's): a K-major buffer filled from an N-contiguous f32 load
  // still says 4.
  unsigned copied = contiguity;
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(type.getEncoding()))
    copied = std::min(copied,
                      contiguityInBuffer(entry.sharedEncoding, type, blocked.getOrder().front()));
  if (copied * bits < kMinCopyBytes * 8)
    return false;
  entry.contiguity = contiguity;
  return true;
}

FailureOr<bool> LoopPipeliner::readOnlyInConditionals() {
  if (!pipelinesWithoutDot())
    return false;
  Block *body = loop.getBody();
  auto conditionalOnly = [&](PipelinedLoad &entry) {
    SmallVector<Value> values{entry.load.getResult()};
    for (arith::SelectOp select : otherSelects)
      if (select.getTrueValue() == entry.load.getResult())
        values = {select.getResult()};
    for (Value value : values)
      for (Operation *user : value.getUsers()) {
        auto ifOp = dyn_cast_or_null<scf::IfOp>(body->findAncestorOpInBlock(*user));
        if (!ifOp || ifOp == user || !ifOp->use_empty())
          return false;
      }
    return true;
  };
  unsigned conditional = llvm::count_if(loads, conditionalOnly);
  if (conditional != 0 && conditional != loads.size())
    return failure();
  return conditional != 0;
}

void LoopPipeliner::dropOtherSelects() {
  for (arith::SelectOp select : otherSelects) {
    select.getResult().replaceAllUsesWith(select.getTrueValue());
    select.erase();
  }
  otherSelects.clear();
}

bool LoopPipeliner::collectLoads() {
  if (loop.getUnsignedCmp() || !loop.getInductionVar().getType().isIntOrIndex())
    return false;
  if (onlyLoad) {
    if (auto load = dyn_cast<tt::LoadOp>(onlyLoad))
      collectLoadWithoutDot(load);
    return !loads.empty();
  }
  bool withoutDot = pipelinesWithoutDot();
  for (Operation &op : llvm::make_early_inc_range(*loop.getBody())) {
    if (auto descriptorLoad = dyn_cast<tt::DescriptorLoadOp>(&op)) {
      collectDescriptorLoad(descriptorLoad);
      continue;
    }
    auto load = dyn_cast<tt::LoadOp>(&op);
    if (!load || !isa<RankedTensorType>(load.getPtr().getType()) || load.getIsVolatile())
      continue;
    if (withoutDot) {
      collectLoadWithoutDot(load);
      continue;
    }
    // cp.async fills masked-off elements with zeros only.
    if (load.getOther() && !isZeroConstant(load.getOther()))
      continue;
    bool readByWarpGroupDot = false;
    Attribute encoding = sharedEncodingOfUsers(load, readByWarpGroupDot);
    auto type = cast<RankedTensorType>(load.getType());
    bool plain = false;
    if (!encoding) {
      bool dotOperandUser = llvm::any_of(load->getUsers(), [](Operation *user) {
        auto convert = dyn_cast<ConvertLayoutOp>(user);
        return isa<LocalAllocOp>(user) ||
               (convert && isa<DotOperandEncodingAttr>(convert.getType().getEncoding()));
      });
      auto distributed = dyn_cast<DistributedEncodingTrait>(type.getEncoding());
      if (dotOperandUser || !distributed || !feedsDotIndirectly(load))
        continue;
      encoding = SwizzledSharedEncodingAttr::get(load.getContext(), 1, 1, 1,
                                                 getOrder(type.getEncoding(), type.getRank()),
                                                 distributed.getCGALayout());
      plain = true;
    }
    PipelinedLoad entry;
    entry.load = load;
    entry.sharedEncoding = encoding;
    entry.readByWarpGroupDot = readByWarpGroupDot;
    entry.plain = plain;
    if (!finishCopyEntry(entry))
      continue;
    loads.push_back(entry);
  }
  if (!withoutDot && !separateIndirectLoads())
    return false;
  return !loads.empty();
}

bool LoopPipeliner::separateIndirectLoads() {
  DenseSet<Operation *> candidates;
  for (PipelinedLoad &entry : loads)
    if (!entry.tmaLoad)
      candidates.insert(entry.op());
  SmallVector<PipelinedLoad> direct;
  for (PipelinedLoad &entry : loads) {
    if (entry.tmaLoad) {
      direct.push_back(entry);
      continue;
    }
    Region *body = entry.op()->getParentRegion();
    SetVector<Operation *> slice;
    ForwardSliceOptions options;
    options.filter = [&](Operation *op) { return body->isAncestor(op->getParentRegion()); };
    getForwardSlice(entry.op(), &slice, options);
    if (llvm::none_of(slice, [&](Operation *op) { return candidates.contains(op); })) {
      direct.push_back(entry);
      continue;
    }
    if (!entry.plain || (entry.load.getOther() && !isZeroConstant(entry.load.getOther())))
      return false;
    indirectLoads.push_back(entry.load);
  }
  if (indirectLoads.empty())
    return true;
  if (indirectLoads.size() != 1 || direct.empty())
    return false;
  // The stages are shared between the two levels: the tiles run D / 2 iterations ahead, the
  // index load D / 2 more.
  distance /= 2;
  if (distance < 1)
    return false;
  loads = std::move(direct);
  return true;
}

void LoopPipeliner::collectDescriptorLoad(tt::DescriptorLoadOp load) {
  auto desc = cast<tt::TensorDescType>(load.getDesc().getType());
  RankedTensorType type = load.getType();
  Attribute encoding = desc.getBlockType().getEncoding();
  if (!isa_and_nonnull<NVMMASharedEncodingAttr>(encoding) ||
      desc.getBlockType().getShape() != type.getShape() ||
      !loop.isDefinedOutsideOfLoop(load.getDesc()) || !feedsDotIndirectly(load))
    return;
  PipelinedLoad entry;
  entry.tmaLoad = load;
  entry.sharedEncoding = encoding;
  // The tile's one reader is a local_alloc in the TMA layout that a warp-group dot reads
  // (perhaps through a transposed view): the dot keeps reading the buffer after it is issued,
  // so the ring gets one more buffer (Triton's loadRequiresAdditionalBuffer).
  if (LocalAllocOp alloc = tileAlloc(entry))
    entry.readByWarpGroupDot = llvm::any_of(alloc->getUsers(), [](Operation *user) {
      while (isa<MemDescTransOp>(user) && user->hasOneUse())
        user = *user->getUsers().begin();
      return isa<ttng::WarpGroupDotOp>(user);
    });
  loads.push_back(entry);
}

LocalAllocOp LoopPipeliner::tileAlloc(const PipelinedLoad &entry) {
  Operation *load = entry.op();
  if (!load->hasOneUse())
    return {};
  auto alloc = dyn_cast<LocalAllocOp>(*load->getUsers().begin());
  if (!alloc || alloc.getType().getEncoding() != entry.sharedEncoding)
    return {};
  return alloc;
}

void LoopPipeliner::groupBarriers() {
  DenseMap<Operation *, unsigned> descriptorLoads;
  for (auto [index, entry] : llvm::enumerate(loads))
    if (entry.tmaLoad)
      descriptorLoads[entry.op()] = index;
  Block *body = loop.getBody();
  DenseSet<Operation *> grouped;
  for (unsigned first = 0; first < loads.size(); ++first) {
    if (!loads[first].tmaLoad || grouped.contains(loads[first].op()))
      continue;
    BarrierGroup group;
    DenseSet<Operation *> readers;
    auto add = [&](unsigned index) {
      PipelinedLoad &entry = loads[index];
      entry.group = groups.size();
      group.loads.push_back(index);
      grouped.insert(entry.op());
      RankedTensorType type = entry.type();
      group.bytes +=
          type.getNumElements() * std::max(type.getElementType().getIntOrFloatBitWidth() / 8, 1u);
      auto noteReader = [&](Operation *user) {
        if (Operation *inBody = body->findAncestorOpInBlock(*user))
          readers.insert(inBody);
      };
      if (LocalAllocOp alloc = tileAlloc(entry))
        llvm::for_each(alloc->getUsers(), noteReader);
      else
        llvm::for_each(entry.op()->getUsers(), noteReader);
    };
    add(first);
    group.ring = loads[first].ring;
    for (Operation *next = loads[first].op()->getNextNode(); next; next = next->getNextNode()) {
      if (readers.contains(next))
        break;
      auto found = descriptorLoads.find(next);
      if (found == descriptorLoads.end() || grouped.contains(next))
        continue;
      // (A load with another number of buffers ends the group, as in Triton.)
      if (loads[found->second].ring != group.ring)
        break;
      add(found->second);
    }
    rings[group.ring].hasBarriers = true;
    groups.push_back(std::move(group));
  }
}

bool LoopPipeliner::collectStageZero() {
  SmallVector<Operation *> loadOps;
  for (PipelinedLoad &entry : loads)
    loadOps.push_back(entry.op());
  StageZeroOptions options;
  options.conditionals = true;
  options.carryValues = true;
  for (tt::LoadOp load : indirectLoads)
    options.loadsAhead.insert(load.getOperation());
  FailureOr<StageZero> stage = ttg::collectStageZero(loop, loadOps, options);
  if (failed(stage))
    return false;
  orderedStageZero = std::move(stage->ordered);
  stageArgs = std::move(stage->iterArgs);
  carried = std::move(stage->carried);
  // An iter_arg whose yielded value the loads' own iteration computes (`ki` and the tile
  // offsets of a persistent matmul) is carried D iterations ahead and advanced by stage 0
  // itself; one advanced only for the next iteration's loads (`ptrs += BLOCK_K`) is carried
  // D - 1 iterations ahead and advanced just before the copies, as Triton schedules such an
  // advance one stage after the loads. Where that advance reads values the loads' iteration
  // computed (`j + 1` of a fused loop's `j = 0 if T == 0 else j`), the loop carries those of
  // iteration k + D - 1 for it.
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (unsigned index : stageArgs) {
    Operation *def = yield.getOperand(index).getDefiningOp();
    if (def && stage->direct.contains(def))
      directArgs.insert(index);
  }
  for (unsigned index : stageArgs) {
    if (directArgs.contains(index))
      continue;
    Operation *def = yield.getOperand(index).getDefiningOp();
    if (!def || !stage->ops.contains(def))
      continue;
    BackwardSliceOptions sliceOptions;
    sliceOptions.inclusive = true;
    sliceOptions.filter = [&](Operation *op) {
      return stage->ops.contains(op) && !stage->direct.contains(op);
    };
    SetVector<Operation *> slice;
    (void)getBackwardSlice(def, &slice, sliceOptions);
    for (Operation *op : slice) {
      SmallVector<Value> read(op->getOperands());
      if (op->getNumRegions() != 0) {
        SetVector<Value> above;
        getUsedValuesDefinedAbove(op->getRegions(), above);
        read.append(above.begin(), above.end());
      }
      for (Value value : read)
        if (Operation *input = value.getDefiningOp(); input && stage->direct.contains(input))
          advanceInputs.insert(value);
    }
  }
  directOps = std::move(stage->direct);
  return true;
}

} // namespace trex::ttg::pipeliner
