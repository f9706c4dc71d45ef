// TMA and mbarriers on Hopper: device-side descriptors (tensormap.replace in shared memory,
// copied to global scratch with a release fence), mbarrier init / expect / wait / inval, TMA
// copies (cp.async.bulk.tensor) and their store waits, in the PTX Triton 3.6 emits for them.
//
// One thread (thread 0) issues what needs one issuer: descriptor fields, mbarrier init,
// expect and invalidation, and the TMA copies. CTA barriers order these against the other
// threads: before a shared buffer is refilled by TMA (every thread done with its old bytes,
// and a fence.proxy.async so the copy sees the generic writes before it), after an mbarrier
// is initialized (before anyone waits on it), before it is invalidated (everyone done
// waiting) and after a store wait (the buffer may be reused).
#include "trex/Conversion/TritonGPUToLLVM/LLVMBuilder.h"
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"
#include "trex/Conversion/TritonGPUToLLVM/SharedMemory.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <algorithm>
#include <string>
#include <tuple>

using namespace mlir;

namespace trex {

namespace {

// Inline PTX with side effects and no result.
// Set by markAsyncProxyOnlyCopies on TMA loads whose buffer needs no proxy fence.
constexpr llvm::StringLiteral kAsyncProxyOnlyAttr = "trex.async_proxy_only";

void ptx(OpBuilder &builder, Location loc, const std::string &text, StringRef constraints,
         ValueRange operands) {
  LLVM::InlineAsmOp::create(builder, loc, TypeRange{}, operands, text, constraints,
                            /*has_side_effects=*/true, /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
                            ArrayAttr());
}

// A conversion that needs the target (thread ids, barriers, fences).
template <typename Op> struct TargetPattern : public ConvertOpToLLVMPattern<Op> {
  TargetPattern(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<Op>(converter), target(target) {}

  const TargetInfo &target;
};

Value isThreadZero(OpBuilder &builder, Location loc, const TargetInfo &target) {
  LLVMBuilder b(builder, loc);
  return b.icmpEQ(target.threadIdInBlock(builder, loc), b.i32(0));
}

Value isWarpZero(OpBuilder &builder, Location loc, const TargetInfo &target) {
  LLVMBuilder b(builder, loc);
  return b.icmpULT(target.threadIdInBlock(builder, loc), b.i32(target.warpSize()));
}

// ttng.tensormap_create: zero 128 bytes of shared scratch (warp 0, one word a lane), let
// thread 0 set each field with tensormap.replace, then warp 0 copies the descriptor to global
// memory with a release fence for the tensormap proxy.
struct TensormapCreateOpConversion : public TargetPattern<ttng::TensormapCreateOp> {
  using TargetPattern<ttng::TensormapCreateOp>::TargetPattern;

  LogicalResult matchAndRewrite(ttng::TensormapCreateOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<Value> smem = scratchPointer(rewriter, op, target);
    if (failed(smem))
      return failure();
    LLVMBuilder b(rewriter, loc);
    Value tid = target.threadIdInBlock(rewriter, loc);
    Value warpZero = b.icmpULT(tid, b.i32(target.warpSize()));
    Value word = b.gep(smem->getType(), rewriter.getI32Type(), *smem, tid);
    ptx(rewriter, loc, "@$0 st.shared.b32 [$1], 0;", "b,r", {warpZero, word});
    ptx(rewriter, loc, "bar.warp.sync -1;", "", {});
    Value threadZero = b.icmpEQ(tid, b.i32(0));
    auto replace = [&](const std::string &field, const std::string &suffix, Value value,
                       char constraint) {
      std::string text = "@$0 tensormap.replace.tile." + field + ".shared::cta.b1024." + suffix;
      if (value) {
        ptx(rewriter, loc, text + ", $2;", std::string("b,r,") + constraint,
            {threadZero, *smem, value});
      } else {
        ptx(rewriter, loc, text + ";", "b,r", {threadZero, *smem});
      }
    };
    auto number = [](int64_t value) { return std::to_string(value); };
    replace("global_address", "b64 [$1]", adaptor.getGlobalAddress(), 'l');
    replace("rank", "b32 [$1], " + number(op.getRank() - 1), Value(), ' ');
    for (auto [i, value] : llvm::enumerate(adaptor.getBoxDim()))
      replace("box_dim", "b32 [$1], " + number(i), value, 'r');
    for (auto [i, value] : llvm::enumerate(adaptor.getGlobalDim()))
      replace("global_dim", "b32 [$1], " + number(i), value, 'r');
    for (auto [i, value] : llvm::enumerate(adaptor.getGlobalStride()))
      replace("global_stride", "b64 [$1], " + number(i), value, 'l');
    for (auto [i, value] : llvm::enumerate(adaptor.getElementStride()))
      replace("element_stride", "b32 [$1], " + number(i), value, 'r');
    replace("elemtype", "b32 [$1], " + number(op.getElemType()), Value(), ' ');
    replace("interleave_layout", "b32 [$1], " + number(op.getInterleaveLayout()), Value(), ' ');
    replace("swizzle_mode", "b32 [$1], " + number(op.getSwizzleMode()), Value(), ' ');
    replace("fill_mode", "b32 [$1], " + number(op.getFillMode()), Value(), ' ');
    ptx(rewriter, loc, "bar.warp.sync -1;", "", {});
    ptx(rewriter, loc,
        "@$0 tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu"
        ".sync.aligned [$1], [$2], 128;",
        "b,l,r", {warpZero, adaptor.getDescPtr(), *smem});
    rewriter.eraseOp(op);
    return success();
  }
};

// The acquire side of the descriptor's release: warp 0 fences, then the CTA waits for it.
// (The empty bulk group committed and waited for works around ptxas not ordering the fence
// before later TMA ops, as Triton does.)
struct TensormapFenceproxyAcquireOpConversion
    : public TargetPattern<ttng::TensormapFenceproxyAcquireOp> {
  using TargetPattern<ttng::TensormapFenceproxyAcquireOp>::TargetPattern;

  LogicalResult matchAndRewrite(ttng::TensormapFenceproxyAcquireOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value warpZero = isWarpZero(rewriter, loc, target);
    ptx(rewriter, loc,
        "@$0 fence.proxy.tensormap::generic.acquire.gpu [$1], 128;\n\t"
        "@$0 cp.async.bulk.commit_group;\n\t@$0 cp.async.bulk.wait_group.read 0;",
        "b,l", {warpZero, adaptor.getDescPtr()});
    target.barrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

// A descriptor is the generic address of its 128 bytes.
struct ReinterpretTensorDescOpConversion
    : public ConvertOpToLLVMPattern<ttng::ReinterpretTensorDescOp> {
  using ConvertOpToLLVMPattern<ttng::ReinterpretTensorDescOp>::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(ttng::ReinterpretTensorDescOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type generic = LLVM::LLVMPointerType::get(op.getContext(), 0);
    rewriter.replaceOpWithNewOp<LLVM::AddrSpaceCastOp>(op, generic, adaptor.getRawDesc());
    return success();
  }
};

struct InitBarrierOpConversion : public TargetPattern<ttng::InitBarrierOp> {
  using TargetPattern<ttng::InitBarrierOp>::TargetPattern;

  LogicalResult matchAndRewrite(ttng::InitBarrierOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ptx(rewriter, loc,
        "@$0 mbarrier.init.shared::cta.b64 [$1], " + std::to_string(op.getCount()) + ";", "b,r",
        {isThreadZero(rewriter, loc, target), adaptor.getAlloc()});
    target.barrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

struct InvalBarrierOpConversion : public TargetPattern<ttng::InvalBarrierOp> {
  using TargetPattern<ttng::InvalBarrierOp>::TargetPattern;

  LogicalResult matchAndRewrite(ttng::InvalBarrierOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ptx(rewriter, loc, "@$0 mbarrier.inval.shared::cta.b64 [$1];", "b,r",
        {isThreadZero(rewriter, loc, target), adaptor.getAlloc()});
    rewriter.eraseOp(op);
    return success();
  }
};

struct BarrierExpectOpConversion : public TargetPattern<ttng::BarrierExpectOp> {
  using TargetPattern<ttng::BarrierExpectOp>::TargetPattern;

  LogicalResult matchAndRewrite(ttng::BarrierExpectOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder b(rewriter, loc);
    Value issue = b.select(adaptor.getPred(), isThreadZero(rewriter, loc, target), b.i1(false));
    ptx(rewriter, loc,
        "@$0 mbarrier.arrive.expect_tx.shared::cta.b64 _, [$1], " + std::to_string(op.getSize()) +
            ";",
        "b,r", {issue, adaptor.getAlloc()});
    rewriter.eraseOp(op);
    return success();
  }
};

struct ArriveBarrierOpConversion : public TargetPattern<ttng::ArriveBarrierOp> {
  using TargetPattern<ttng::ArriveBarrierOp>::TargetPattern;

  LogicalResult matchAndRewrite(ttng::ArriveBarrierOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder b(rewriter, loc);
    Value issue = isThreadZero(rewriter, loc, target);
    if (adaptor.getPred())
      issue = b.select(adaptor.getPred(), issue, b.i1(false));
    ptx(rewriter, loc,
        "@$0 mbarrier.arrive.shared::cta.b64 _, [$1], " + std::to_string(op.getCount()) + ";",
        "b,r", {issue, adaptor.getAlloc()});
    rewriter.eraseOp(op);
    return success();
  }
};

// Every thread polls the barrier until the phase completes (each then sees the bytes the
// transfers brought).
struct WaitBarrierOpConversion : public ConvertOpToLLVMPattern<ttng::WaitBarrierOp> {
  using ConvertOpToLLVMPattern<ttng::WaitBarrierOp>::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(ttng::WaitBarrierOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const char *wait = "{\n\t.reg .pred complete;\n\twaitLoop:\n\t"
                       "mbarrier.try_wait.parity.shared::cta.b64 complete, [$0], $1;\n\t"
                       "@!complete bra.uni waitLoop;\n\t}";
    if (Value pred = adaptor.getPred()) {
      const char *predicated =
          "{\n\t.reg .pred complete;\n\t@!$2 bra.uni skipWait;\n\twaitLoop:\n\t"
          "mbarrier.try_wait.parity.shared::cta.b64 complete, [$0], $1;\n\t"
          "@!complete bra.uni waitLoop;\n\tskipWait:\n\t}";
      ptx(rewriter, loc, predicated, "r,r,b", {adaptor.getAlloc(), adaptor.getPhase(), pred});
    } else {
      ptx(rewriter, loc, wait, "r,r", {adaptor.getAlloc(), adaptor.getPhase()});
    }
    rewriter.eraseOp(op);
    return success();
  }
};

// The boxes one block takes (several when its rows are wider than the swizzle pattern, or
// longer than 256 elements): box m is column m / outerBoxes of swizzle-wide columns and outer
// box m % outerBoxes within it. A #ttg.nvmma_shared buffer stores the block one column of
// boxes after another, each column row-major over the outer dimensions.
struct TMABoxes {
  int64_t rank = 0;
  int64_t inner = 0;          // elements of a box along the last dimension
  int64_t outerBox = 0;       // rows of a box along the first dimension (rank > 1)
  int64_t columns = 0;        // boxes along the last dimension
  int64_t outerBoxes = 1;     // boxes along the first dimension
  int64_t columnElements = 0; // elements of one column of boxes in the buffer
  int64_t outerBoxElements = 0;

  int64_t count() const { return columns * outerBoxes; }
};

FailureOr<TMABoxes> boxesOf(Operation *op, tt::TensorDescType desc) {
  RankedTensorType block = desc.getBlockType();
  ArrayRef<int64_t> shape = block.getShape();
  SmallVector<int64_t> box = ttng::tmaBoxShape(block);
  TMABoxes boxes;
  boxes.rank = block.getRank();
  int64_t rank = boxes.rank;
  for (int64_t d = 1; d + 1 < rank; ++d)
    if (box[d] != shape[d])
      return op->emitError("a TMA block may be split along its first and last dimensions only; "
                           "dimension ")
             << d << " is " << shape[d] << " (> 256)";
  boxes.inner = box[rank - 1];
  int64_t outer = 1;
  for (int64_t d = 0; d + 1 < rank; ++d)
    outer *= shape[d];
  boxes.columns = shape[rank - 1] / boxes.inner;
  boxes.outerBoxes = rank > 1 ? shape[0] / box[0] : 1;
  boxes.outerBox = rank > 1 ? box[0] : 1;
  boxes.columnElements = outer * boxes.inner;
  boxes.outerBoxElements = outer / boxes.outerBoxes * boxes.inner;
  return boxes;
}

// "{$i, $j, ...}" of a TMA instruction, innermost coordinate first.
std::string coordinateList(int64_t rank, int firstOperand) {
  std::string text = "{";
  for (int64_t i = 0; i < rank; ++i)
    text += (i ? ", $" : "$") + std::to_string(firstOperand + i);
  return text + "}";
}

// One TMA instruction of a block: the threads that issue it, where their box starts in the
// buffer and its coordinates (innermost first), both constant or computed from the warp id.
struct BoxIssue {
  Value predicate;
  Value shared;
  SmallVector<Value> coordinates;
};

// Who issues which box, as Triton does: the elected lane of warp w issues boxes w,
// w + numWarps, ..., so that the boxes of a block leave from several warps at once rather
// than one after another from one thread. `issue` is the op's own predicate (or null).
SmallVector<BoxIssue> issueBoxes(OpBuilder &builder, Operation *op, const TargetInfo &target,
                                 const TMABoxes &boxes, Value issue, Value buffer, Type element,
                                 ValueRange coords) {
  Location loc = op->getLoc();
  LLVMBuilder b(builder, loc);
  int64_t numWarps = numWarpsOf(op);
  Value tid = target.threadIdInBlock(builder, loc);
  Value elected = target.electOneLane(builder, loc);
  Value base = issue ? b.select(issue, elected, b.i1(false)) : elected;
  Value warp;
  SmallVector<BoxIssue> result;
  for (int64_t first = 0; first < boxes.count(); first += numWarps) {
    int64_t warps = std::min(boxes.count() - first, numWarps);
    BoxIssue entry;
    entry.predicate = b.and_(base, b.icmpULT(tid, b.i32(warps * target.warpSize())));
    // The box's column and outer index, known here when one warp issues it.
    Value column, outerIndex;
    int64_t constantColumn = first / boxes.outerBoxes, constantOuter = first % boxes.outerBoxes;
    if (warps > 1) {
      if (!warp)
        warp = uniformWarpId(builder, op, target);
      Value index = first ? b.add(warp, b.i32(first)) : warp;
      if (boxes.outerBoxes == 1) {
        column = index;
      } else if (boxes.columns == 1) {
        outerIndex = index;
      } else {
        column = b.udiv(index, b.i32(boxes.outerBoxes));
        outerIndex = b.urem(index, b.i32(boxes.outerBoxes));
      }
    }
    auto scaled = [&](Value index, int64_t constant, int64_t factor) -> Value {
      return index ? b.mul(index, b.i32(factor)) : b.i32(constant * factor);
    };
    Value offset;
    for (auto [index, constant, factor] :
         {std::tuple<Value, int64_t, int64_t>{column, constantColumn, boxes.columnElements},
          std::tuple<Value, int64_t, int64_t>{outerIndex, constantOuter, boxes.outerBoxElements}}) {
      if (!index && !constant)
        continue;
      Value term = scaled(index, constant, factor);
      offset = offset ? b.add(offset, term) : term;
    }
    entry.shared = offset ? b.gep(buffer.getType(), element, buffer, offset) : buffer;
    int64_t rank = boxes.rank;
    for (int64_t i = rank - 1; i >= 0; --i) {
      Value coordinate = coords[i];
      if (i == rank - 1 && boxes.columns > 1 && (column || constantColumn))
        coordinate = b.add(coordinate, scaled(column, constantColumn, boxes.inner));
      else if (i == 0 && rank > 1 && boxes.outerBoxes > 1 && (outerIndex || constantOuter))
        coordinate = b.add(coordinate, scaled(outerIndex, constantOuter, boxes.outerBox));
      entry.coordinates.push_back(coordinate);
    }
    result.push_back(std::move(entry));
  }
  return result;
}

struct AsyncTMACopyGlobalToLocalOpConversion
    : public TargetPattern<ttng::AsyncTMACopyGlobalToLocalOp> {
  using TargetPattern<ttng::AsyncTMACopyGlobalToLocalOp>::TargetPattern;

  LogicalResult matchAndRewrite(ttng::AsyncTMACopyGlobalToLocalOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto desc = cast<tt::TensorDescType>(op.getDesc().getType());
    FailureOr<TMABoxes> boxes = boxesOf(op, desc);
    if (failed(boxes))
      return failure();
    // The buffer's old bytes may have been read (or written) by ordinary accesses: a proxy
    // fence orders them before the copy's writes. Not where only TMA and wgmma touch the
    // buffer (markAsyncProxyOnlyCopies).
    if (!target.isCUDA())
      return op.emitError() << target.targetName() << " has no TMA";
    if (!op->hasAttr(kAsyncProxyOnlyAttr))
      (void)target.asyncProxyFence(rewriter, loc, /*cluster=*/false);
    target.barrier(rewriter, loc);
    int64_t rank = desc.getBlockType().getRank();
    Type element = getTypeConverter()->convertType(op.getResult().getType().getElementType());
    std::string text = "@$0 cp.async.bulk.tensor." + std::to_string(rank) +
                       "d.shared::cluster.global.mbarrier::complete_tx::bytes [$1], [$2, " +
                       coordinateList(rank, 3) + "], [$" + std::to_string(3 + rank) + "];";
    std::string constraints = "b,r,l";
    for (int64_t i = 0; i < rank; ++i)
      constraints += ",r";
    constraints += ",r";
    for (BoxIssue &box : issueBoxes(rewriter, op, target, *boxes, adaptor.getPred(),
                                    adaptor.getResult(), element, adaptor.getCoord())) {
      SmallVector<Value> operands{box.predicate, box.shared, adaptor.getDesc()};
      llvm::append_range(operands, box.coordinates);
      operands.push_back(adaptor.getBarrier());
      ptx(rewriter, loc, text, constraints, operands);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncTMACopyLocalToGlobalOpConversion
    : public TargetPattern<ttng::AsyncTMACopyLocalToGlobalOp> {
  using TargetPattern<ttng::AsyncTMACopyLocalToGlobalOp>::TargetPattern;

  LogicalResult matchAndRewrite(ttng::AsyncTMACopyLocalToGlobalOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto desc = cast<tt::TensorDescType>(op.getDesc().getType());
    FailureOr<TMABoxes> boxes = boxesOf(op, desc);
    if (failed(boxes))
      return failure();
    int64_t rank = desc.getBlockType().getRank();
    Type element = getTypeConverter()->convertType(op.getSrc().getType().getElementType());
    std::string text = "@$0 cp.async.bulk.tensor." + std::to_string(rank) +
                       "d.global.shared::cta.bulk_group [$1, " + coordinateList(rank, 3) +
                       "], [$2];";
    std::string constraints = "b,l,r";
    for (int64_t i = 0; i < rank; ++i)
      constraints += ",r";
    // Each issuing thread commits its boxes as one bulk group (the first instruction's
    // threads are all the threads that issue any).
    Value committing;
    for (BoxIssue &box : issueBoxes(rewriter, op, target, *boxes, Value(), adaptor.getSrc(),
                                    element, adaptor.getCoord())) {
      SmallVector<Value> operands{box.predicate, adaptor.getDesc(), box.shared};
      llvm::append_range(operands, box.coordinates);
      ptx(rewriter, loc, text, constraints, operands);
      if (!committing)
        committing = box.predicate;
    }
    ptx(rewriter, loc, "@$0 cp.async.bulk.commit_group;", "b", {committing});
    rewriter.eraseOp(op);
    return success();
  }
};

// The issuing thread waits until its stores have read their buffers; the barrier lets every
// thread reuse them.
struct TMAStoreWaitOpConversion : public TargetPattern<ttng::TMAStoreWaitOp> {
  using TargetPattern<ttng::TMAStoreWaitOp>::TargetPattern;

  LogicalResult matchAndRewrite(ttng::TMAStoreWaitOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ptx(rewriter, loc, "cp.async.bulk.wait_group.read " + std::to_string(op.getPendings()) + ";",
        "", {});
    target.barrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

namespace {

// The buffer a shared-memory value views: its local_alloc, or null (a function or block
// argument, a value of another kind).
ttg::LocalAllocOp allocationOf(Value buffer) {
  while (Operation *def = buffer.getDefiningOp()) {
    if (auto alloc = dyn_cast<ttg::LocalAllocOp>(def))
      return alloc;
    if (isa<ttg::MemDescIndexOp, ttg::MemDescSubsliceOp, ttg::MemDescTransOp, ttg::MemDescReshapeOp,
            ttg::MemDescReinterpretOp>(def))
      buffer = def->getOperand(0);
    else
      return nullptr;
  }
  return nullptr;
}

// Whether every use of `buffer` (through views) is an access of the async proxy (TMA copies,
// wgmma operands) or none (waits passing it through, deallocation).
bool onlyAsyncProxyUses(Value buffer) {
  for (OpOperand &use : buffer.getUses()) {
    Operation *user = use.getOwner();
    if (isa<ttg::MemDescIndexOp, ttg::MemDescSubsliceOp, ttg::MemDescTransOp, ttg::MemDescReshapeOp,
            ttg::MemDescReinterpretOp>(user)) {
      if (!onlyAsyncProxyUses(user->getResult(0)))
        return false;
      continue;
    }
    if (isa<ttng::AsyncTMACopyGlobalToLocalOp, ttng::AsyncTMACopyLocalToGlobalOp,
            ttg::LocalDeallocOp>(user))
      continue;
    if (auto dot = dyn_cast<ttng::WarpGroupDotOp>(user)) {
      if (use.get() == dot.getA() || use.get() == dot.getB())
        continue;
      return false;
    }
    if (auto wait = dyn_cast<ttng::WarpGroupDotWaitOp>(user)) {
      // The wait passes its operands through: its result must be as clean.
      if (!onlyAsyncProxyUses(wait->getResult(use.getOperandNumber())))
        return false;
      continue;
    }
    return false;
  }
  return true;
}

} // namespace

void markAsyncProxyOnlyCopies(ModuleOp module) {
  module.walk([](ttng::AsyncTMACopyGlobalToLocalOp copy) {
    ttg::LocalAllocOp alloc = allocationOf(copy.getResult());
    if (alloc && !alloc.getSrc() && onlyAsyncProxyUses(alloc.getResult()))
      copy->setAttr(kAsyncProxyOnlyAttr, UnitAttr::get(copy.getContext()));
  });
}

void populateTMAToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
                               const TargetInfo &target) {
  patterns.add<TensormapCreateOpConversion, TensormapFenceproxyAcquireOpConversion,
               InitBarrierOpConversion, InvalBarrierOpConversion, BarrierExpectOpConversion,
               ArriveBarrierOpConversion, AsyncTMACopyGlobalToLocalOpConversion,
               AsyncTMACopyLocalToGlobalOpConversion, TMAStoreWaitOpConversion>(converter, target);
  patterns.add<ReinterpretTensorDescOpConversion, WaitBarrierOpConversion>(converter);
}

} // namespace trex
