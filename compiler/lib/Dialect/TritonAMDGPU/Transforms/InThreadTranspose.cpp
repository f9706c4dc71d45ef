// tritonamdgpu-in-thread-transpose: an MFMA operand loaded with M or N contiguous is written to
// LDS with K contiguous, each thread transposing its own registers first.
//
// The MFMA operand reads of gfx942 want K contiguous in LDS (one ds_read of kWidth elements);
// a global load along M/N (B row-major, A column-major) gives each thread a row of elements
// along M/N, which without this pass goes to an unswizzled buffer in the load's order. Here
// the load is widened along K (each thread takes up to 64 bits' worth of rows), the thread's
// tile is renumbered K-first by amdg.in_thread_transpose (no data leaves the thread), and the
// buffer becomes #ttg.amd_rotating_shared in K-major order with the swizzle an MFMA operand
// read needs, so the stores are K-vectors too.
//
// Every op that writes or views the buffers a dot operand is read from takes part: the
// allocations, stores, memdesc_index views and the loop-carried or branch-yielded views
// between them, found by following the memdesc values through scf.for and scf.if. If any of
// them is something else (a transposed view, an asynchronous copy straight into the buffer),
// or a write's data is not in a blocked layout along M/N, or the global loads feeding the
// writes differ in type, the operand is left as it is.
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h"

#include "trex/Dialect/TritonGPU/IR/LayoutBuilders.h"
#include "trex/Dialect/TritonGPU/Transforms/Passes.h"
#include "trex/Layout/LinearLayoutViews.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace trex::amdg {

#define GEN_PASS_DEF_TRITONAMDGPUINTHREADTRANSPOSE
#include "trex/Dialect/TritonAMDGPU/Transforms/Passes.h.inc"

namespace {

// Widest LDS write the transposed registers feed (ds_write_b64), in bits.
constexpr unsigned kStoreBits = 64;

// The ops around the buffers one dot operand is read from.
struct OperandBuffers {
  // Every memdesc value naming (part of) the buffers.
  llvm::SetVector<Value> views;
  // local_alloc (with or without data) and local_store ops writing them.
  llvm::SetVector<Operation *> writers;
};

// Follows memdesc values from `root` through every op that defines, views, reads, writes or
// carries them. Fails on an op it cannot retype along with the buffer.
FailureOr<OperandBuffers> collectBuffers(Value root) {
  OperandBuffers found;
  SmallVector<Value> worklist{root};
  auto visit = [&](Value value) {
    if (value && !found.views.contains(value))
      worklist.push_back(value);
  };
  while (!worklist.empty()) {
    Value view = worklist.pop_back_val();
    if (!found.views.insert(view))
      continue;
    // Where the value comes from.
    if (auto argument = dyn_cast<BlockArgument>(view)) {
      auto loop = dyn_cast<scf::ForOp>(argument.getOwner()->getParentOp());
      if (!loop || argument.getArgNumber() == 0)
        return failure();
      unsigned index = argument.getArgNumber() - 1;
      visit(loop.getInitArgs()[index]);
      visit(loop.getYieldedValues()[index]);
      visit(loop.getResult(index));
    } else {
      Operation *definer = view.getDefiningOp();
      unsigned index = cast<OpResult>(view).getResultNumber();
      if (auto alloc = dyn_cast<ttg::LocalAllocOp>(definer)) {
        found.writers.insert(alloc);
      } else if (auto select = dyn_cast<ttg::MemDescIndexOp>(definer)) {
        visit(select.getSrc());
      } else if (auto loop = dyn_cast<scf::ForOp>(definer)) {
        visit(loop.getRegionIterArgs()[index]);
        visit(loop.getInitArgs()[index]);
        visit(loop.getYieldedValues()[index]);
      } else if (auto branch = dyn_cast<scf::IfOp>(definer)) {
        visit(branch.thenYield().getOperand(index));
        if (branch.elseBlock())
          visit(branch.elseYield().getOperand(index));
      } else {
        return failure();
      }
    }
    // Where it goes.
    for (OpOperand &use : view.getUses()) {
      Operation *user = use.getOwner();
      if (isa<ttg::LocalLoadOp, ttg::LocalDeallocOp>(user))
        continue;
      if (auto store = dyn_cast<ttg::LocalStoreOp>(user)) {
        found.writers.insert(store);
      } else if (auto select = dyn_cast<ttg::MemDescIndexOp>(user)) {
        visit(select.getResult());
      } else if (auto yield = dyn_cast<scf::YieldOp>(user)) {
        Operation *parent = yield->getParentOp();
        if (!isa<scf::ForOp, scf::IfOp>(parent))
          return failure();
        visit(parent->getResult(use.getOperandNumber()));
        if (auto loop = dyn_cast<scf::ForOp>(parent))
          visit(loop.getRegionIterArgs()[use.getOperandNumber()]);
      } else if (auto loop = dyn_cast<scf::ForOp>(user)) {
        if (use.getOperandNumber() < loop.getNumControlOperands())
          return failure();
        unsigned index = use.getOperandNumber() - loop.getNumControlOperands();
        visit(loop.getRegionIterArgs()[index]);
      } else {
        return failure();
      }
    }
  }
  return found;
}

// The tt.load ops `value` is the result of, directly or through loop-carried values and
// branch results. Fails where the value comes from a function argument.
LogicalResult collectLoads(Value value, llvm::SetVector<Value> &seen,
                           llvm::SetVector<tt::LoadOp> &loads) {
  if (!seen.insert(value))
    return success();
  if (auto argument = dyn_cast<BlockArgument>(value)) {
    auto loop = dyn_cast<scf::ForOp>(argument.getOwner()->getParentOp());
    if (!loop || argument.getArgNumber() == 0)
      return failure();
    unsigned index = argument.getArgNumber() - 1;
    return success(succeeded(collectLoads(loop.getInitArgs()[index], seen, loads)) &&
                   succeeded(collectLoads(loop.getYieldedValues()[index], seen, loads)));
  }
  Operation *definer = value.getDefiningOp();
  unsigned index = cast<OpResult>(value).getResultNumber();
  if (auto load = dyn_cast<tt::LoadOp>(definer)) {
    loads.insert(load);
  } else if (auto loop = dyn_cast<scf::ForOp>(definer)) {
    return collectLoads(loop.getYieldedValues()[index], seen, loads);
  } else if (auto branch = dyn_cast<scf::IfOp>(definer)) {
    if (failed(collectLoads(branch.thenYield().getOperand(index), seen, loads)))
      return failure();
    if (branch.elseBlock())
      return collectLoads(branch.elseYield().getOperand(index), seen, loads);
  }
  return success();
}

// What the pass does to one operand.
struct Rewrite {
  OperandBuffers buffers;
  llvm::SetVector<tt::LoadOp> loads;
  ttg::BlockedEncodingAttr loadEncoding;
  ttg::LinearEncodingAttr transposedEncoding;
  ttg::AMDRotatingSharedEncodingAttr sharedEncoding;
};

// The rewrite of the operand `read` produces, if it qualifies.
std::optional<Rewrite> planRewrite(ttg::LocalLoadOp read) {
  auto operandType = cast<RankedTensorType>(read.getType());
  auto operand = dyn_cast_or_null<ttg::DotOperandEncodingAttr>(operandType.getEncoding());
  if (!operand || !isa<ttg::AMDMfmaEncodingAttr>(operand.getParent()) ||
      operandType.getRank() != 2)
    return std::nullopt;
  unsigned kDim = operand.getOpIdx() == 0 ? 1 : 0;

  Rewrite rewrite;
  FailureOr<OperandBuffers> buffers = collectBuffers(read.getSrc());
  if (failed(buffers) || buffers->writers.empty())
    return std::nullopt;
  rewrite.buffers = std::move(*buffers);
  for (Value view : rewrite.buffers.views)
    if (!isa<ttg::SwizzledSharedEncodingAttr>(cast<ttg::MemDescType>(view.getType()).getEncoding()))
      return std::nullopt;

  llvm::SetVector<Value> seen;
  for (Operation *writer : rewrite.buffers.writers) {
    if (writer->getNumOperands() == 0 || (isa<ttg::LocalAllocOp>(writer) &&
                                          !cast<ttg::LocalAllocOp>(writer).getSrc()))
      continue;
    Value data = writer->getOperand(0);
    auto blocked = dyn_cast<ttg::BlockedEncodingAttr>(
        cast<RankedTensorType>(data.getType()).getEncoding());
    // Already K-contiguous (or not a blocked load): nothing to transpose.
    if (!blocked || blocked.getOrder()[0] == kDim)
      return std::nullopt;
    if (failed(collectLoads(data, seen, rewrite.loads)))
      return std::nullopt;
  }
  if (rewrite.loads.empty())
    return std::nullopt;
  auto loadType = cast<RankedTensorType>(tt::LoadOp(rewrite.loads.front()).getType());
  for (tt::LoadOp load : rewrite.loads)
    if (load.getType() != loadType)
      return std::nullopt;
  auto blocked = dyn_cast<ttg::BlockedEncodingAttr>(loadType.getEncoding());
  if (!blocked || loadType.getRank() != 2 || !loadType.getElementType().isIntOrFloat())
    return std::nullopt;

  // Each thread may take the rows its lanes and warps leave along K, up to one 64-bit write.
  ArrayRef<int64_t> shape = loadType.getShape();
  int64_t spread = int64_t(blocked.getThreadsPerWarp()[kDim]) * blocked.getWarpsPerCTA()[kDim];
  int64_t rowsAvailable = std::max<int64_t>(1, shape[kDim] / spread);
  if (rowsAvailable < 2)
    return std::nullopt;
  unsigned elementBits = loadType.getElementType().getIntOrFloatBitWidth();
  SmallVector<unsigned> sizePerThread(blocked.getSizePerThread());
  sizePerThread[kDim] = static_cast<unsigned>(
      std::min<int64_t>(rowsAvailable, std::max(1u, kStoreBits / elementBits)));
  unsigned numCTAs = blocked.getCGALayout().numCTAs();
  MLIRContext *context = read.getContext();
  rewrite.loadEncoding = ttg::buildBlockedEncoding(
      context, shape, sizePerThread, blocked.getOrder(), blocked.getWarpCount(),
      blocked.getLanesPerWarp(), numCTAs);

  // A diagnostic here would be an internal error; the operand is simply left alone.
  ScopedDiagnosticHandler silence(context, [](Diagnostic &) { return success(); });
  FailureOr<ttg::LinearEncodingAttr> transposed = layout::inThreadTransposedEncoding(
      rewrite.loadEncoding, shape, [&] { return read.emitError(); });
  if (failed(transposed))
    return std::nullopt;
  rewrite.transposedEncoding = *transposed;

  SmallVector<unsigned> order = operand.getOpIdx() == 0 ? SmallVector<unsigned>{1, 0}
                                                        : SmallVector<unsigned>{0, 1};
  ttg::SwizzledSharedEncodingAttr swizzle = ttg::getSharedEncodingForDotOperand(
      operand, operandType.getShape(), order, operand.getCGALayout(), elementBits,
      /*needTrans=*/false);
  if (!swizzle)
    return std::nullopt;
  rewrite.sharedEncoding = ttg::AMDRotatingSharedEncodingAttr::get(
      context, swizzle.getVec(), swizzle.getPerPhase(), swizzle.getMaxPhase(), order,
      swizzle.getCGALayout());
  return rewrite;
}

RankedTensorType withEncoding(Type type, Attribute encoding) {
  return cast<RankedTensorType>(type).cloneWithEncoding(encoding);
}

void applyRewrite(const Rewrite &rewrite) {
  // The loads take the widened layout; their users still see the old one (the layout
  // conversions that follow remove the round trips).
  for (tt::LoadOp load : rewrite.loads) {
    OpBuilder builder(load);
    Location loc = load.getLoc();
    SmallVector<Value> operands;
    for (Value operand : load->getOperands()) {
      if (isa<RankedTensorType>(operand.getType()))
        operand = ttg::ConvertLayoutOp::create(
            builder, loc, withEncoding(operand.getType(), rewrite.loadEncoding), operand);
      operands.push_back(operand);
    }
    Operation *widened = builder.clone(*load.getOperation());
    widened->setOperands(operands);
    widened->getResult(0).setType(withEncoding(load.getType(), rewrite.loadEncoding));
    Value back = ttg::ConvertLayoutOp::create(builder, loc, load.getType(), widened->getResult(0));
    load.getResult().replaceAllUsesWith(back);
    load.erase();
  }
  // Each write stores the transposed registers.
  for (Operation *writer : rewrite.buffers.writers) {
    if (writer->getNumOperands() == 0)
      continue;
    Value data = writer->getOperand(0);
    if (!isa<RankedTensorType>(data.getType()))
      continue;
    OpBuilder builder(writer);
    Location loc = writer->getLoc();
    Value widened = ttg::ConvertLayoutOp::create(
        builder, loc, withEncoding(data.getType(), rewrite.loadEncoding), data);
    Value transposed = InThreadTransposeOp::create(
        builder, loc, withEncoding(data.getType(), rewrite.transposedEncoding), widened);
    writer->setOperand(0, transposed);
  }
  for (Value view : rewrite.buffers.views) {
    auto type = cast<ttg::MemDescType>(view.getType());
    view.setType(ttg::MemDescType::get(view.getContext(), type.getShape(), type.getElementType(),
                                       rewrite.sharedEncoding, type.getMemorySpace(),
                                       type.getMutableMemory(), type.getAllocShape()));
  }
}

struct InThreadTransposePass
    : public impl::TritonAMDGPUInThreadTransposeBase<InThreadTransposePass> {
  void runOnOperation() override { transposeOperandsInThreads(getOperation()); }
};

} // namespace

int transposeOperandsInThreads(ModuleOp module) {
  SmallVector<ttg::LocalLoadOp> reads;
  module.walk([&](ttg::LocalLoadOp read) { reads.push_back(read); });
  int rewritten = 0;
  for (ttg::LocalLoadOp read : reads) {
    // planRewrite sees the effect of earlier rewrites: a read of a buffer already transposed
    // finds a rotating layout, or transposed data, and is skipped.
    std::optional<Rewrite> rewrite = planRewrite(read);
    if (!rewrite)
      continue;
    applyRewrite(*rewrite);
    ++rewritten;
  }
  return rewritten;
}

} // namespace trex::amdg
