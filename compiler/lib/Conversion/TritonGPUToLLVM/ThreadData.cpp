// ThreadData: packing of per-thread elements, layout index emission, unique copies of
// broadcast elements, cross-lane exchange.
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"

#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Layout/LayoutAdapter.h"

#include "llvm/Support/MathExtras.h"

#include <functional>

using namespace mlir;

namespace trex {

//===----------------------------------------------------------------------===//
// Packing
//===----------------------------------------------------------------------===//

SmallVector<Value> unpackElements(Location loc, Value packed, OpBuilder &builder) {
  auto structType = dyn_cast<LLVM::LLVMStructType>(packed.getType());
  if (!structType)
    return {packed};
  LLVMBuilder b(builder, loc);
  SmallVector<Value> elements;
  for (size_t i = 0; i < structType.getBody().size(); ++i)
    elements.push_back(b.extractValue(packed, static_cast<int64_t>(i)));
  return elements;
}

Value packElements(Location loc, const TypeConverter &converter, ArrayRef<Value> elements,
                   Type tensorType, OpBuilder &builder) {
  Type structType = converter.convertType(tensorType);
  if (!isa<LLVM::LLVMStructType>(structType)) {
    assert(elements.size() == 1 && "a scalar packs one value");
    return elements.front();
  }
  LLVMBuilder b(builder, loc);
  Value result = b.undef(structType);
  for (size_t i = 0; i < elements.size(); ++i)
    result = b.insertValue(result, elements[i], static_cast<int64_t>(i));
  return result;
}

//===----------------------------------------------------------------------===//
// Layouts and indices
//===----------------------------------------------------------------------===//

std::optional<layoutviz::LinearLayout> linearLayoutOf(RankedTensorType type) {
  Attribute encoding = type.getEncoding();
  if (!encoding)
    return std::nullopt;
  // Layout errors were reported when the IR was verified; here only valid layouts arrive,
  // so a failure (reported as a diagnostic by the adapter) is just "no layout".
  FailureOr<layoutviz::LinearLayout> layout = layout::toLinearLayout(
      encoding, type.getShape(), [&] { return emitError(UnknownLoc::get(type.getContext())); });
  if (failed(layout))
    return std::nullopt;
  return *layout;
}

int64_t elementsPerThread(RankedTensorType type) {
  std::optional<layoutviz::LinearLayout> layout = linearLayoutOf(type);
  if (!layout || !layout->hasInDim("register"))
    return 1;
  return layout->getInDimSize("register");
}

int numWarpsOf(Operation *op) {
  auto module = isa<ModuleOp>(op) ? cast<ModuleOp>(op) : op->getParentOfType<ModuleOp>();
  if (module)
    if (auto attr = module->getAttrOfType<IntegerAttr>(ttg::kNumWarpsAttr))
      return static_cast<int>(attr.getInt());
  return 4;
}

ThreadIds threadIds(OpBuilder &builder, Location loc, const TargetInfo &target) {
  LLVMBuilder b(builder, loc);
  Value thread = target.threadIdInBlock(builder, loc);
  Value warpSize = b.i32(target.warpSize());
  return {b.urem(thread, warpSize), b.udiv(thread, warpSize), thread,
          static_cast<int>(llvm::Log2_32(target.warpSize()))};
}

Value uniformWarpId(OpBuilder &builder, Operation *op, const TargetInfo &target) {
  OpBuilder::InsertionGuard guard(builder);
  auto function = op->getParentOfType<LLVM::LLVMFuncOp>();
  if (function) {
    // One per function: the shuffles are not merged by LLVM either.
    Block &entry = function.getBody().front();
    for (Operation &existing : entry)
      if (existing.hasAttr(kUniformWarpIdAttr))
        return existing.getResult(0);
    builder.setInsertionPointToStart(&entry);
  }
  LLVMBuilder b(builder, op->getLoc());
  Value warp = b.udiv(target.threadIdInBlock(builder, op->getLoc()), b.i32(target.warpSize()));
  Value uniform = target.shuffleIndex(builder, op->getLoc(), warp, b.i32(0));
  if (function && uniform.getDefiningOp())
    uniform.getDefiningOp()->setAttr(kUniformWarpIdAttr, builder.getUnitAttr());
  return uniform;
}

Value TargetInfo::electOneLane(OpBuilder &builder, Location loc) const {
  LLVMBuilder b(builder, loc);
  return b.icmpEQ(b.urem(threadIdInBlock(builder, loc), b.i32(warpSize())), b.i32(0));
}

SmallVector<Value> applyLaneWarp(OpBuilder &builder, Location loc,
                                 const layoutviz::LinearLayout &layout, const ThreadIds &ids) {
  LLVMBuilder b(builder, loc);
  int numDims = layout.getNumOutDims();
  SmallVector<Value> coordinates(numDims, b.i32(0));
  auto column = [&](const char *inDim, int dim) {
    std::vector<int32_t> offsets;
    if (layout.hasInDim(inDim))
      for (const layoutviz::LinearLayout::Basis &basis : layout.getInDimBases(inDim))
        offsets.push_back(basis[dim]);
    return offsets;
  };
  // One product over the thread id where the lane in-dim fills the id's lane bits.
  bool together =
      ids.thread && (!layout.hasInDim("lane") || layout.getInDimSizeLog2("lane") == ids.laneBits);
  for (int dim = 0; dim < numDims; ++dim) {
    std::vector<int32_t> lane = column("lane", dim), warp = column("warp", dim);
    if (together) {
      lane.resize(ids.laneBits, 0);
      lane.insert(lane.end(), warp.begin(), warp.end());
      if (Value value = b.bitMatrixProduct(ids.thread, lane))
        coordinates[dim] = value;
      continue;
    }
    for (const auto &[offsets, id] :
         {std::pair<const std::vector<int32_t> &, Value>{lane, ids.lane},
          std::pair<const std::vector<int32_t> &, Value>{warp, ids.warp}})
      if (Value contribution = b.xorOfBits(id, offsets))
        coordinates[dim] = b.xor_(coordinates[dim], contribution);
  }
  return coordinates;
}

SmallVector<SmallVector<Value>> emitIndices(OpBuilder &builder, Location loc,
                                            const TargetInfo &target, RankedTensorType type) {
  std::optional<layoutviz::LinearLayout> layout = linearLayoutOf(type);
  SmallVector<SmallVector<Value>> indices;
  if (!layout)
    return indices;
  LLVMBuilder b(builder, loc);
  SmallVector<Value> base = applyLaneWarp(builder, loc, *layout, threadIds(builder, loc, target));
  int numDims = layout->getNumOutDims();
  int32_t registers = layout->hasInDim("register") ? layout->getInDimSize("register") : 1;
  for (int32_t reg = 0; reg < registers; ++reg) {
    // The register part of the coordinates is known at compile time.
    std::vector<int32_t> offsets(numDims, 0);
    if (layout->hasInDim("register")) {
      const auto &bases = layout->getInDimBases("register");
      for (size_t bit = 0; bit < bases.size(); ++bit)
        if (reg & (1 << bit))
          for (int dim = 0; dim < numDims; ++dim)
            offsets[dim] ^= bases[bit][dim];
    }
    SmallVector<Value> coordinates;
    for (int dim = 0; dim < numDims; ++dim)
      coordinates.push_back(offsets[dim] == 0 ? base[dim]
                                              : b.xor_(base[dim], b.i32(offsets[dim])));
    indices.push_back(std::move(coordinates));
  }
  return indices;
}

UniqueCopies uniqueCopies(OpBuilder &builder, Location loc, RankedTensorType type,
                          const TargetInfo &target, int64_t registers) {
  UniqueCopies copies{llvm::BitVector(registers, true), 0, 0, 0, Value()};
  std::optional<layoutviz::LinearLayout> layout = linearLayoutOf(type);
  if (!layout)
    return copies;
  auto isZero = [](const std::vector<int32_t> &basis) {
    return std::all_of(basis.begin(), basis.end(), [](int32_t v) { return v == 0; });
  };
  auto freeBits = [&](const char *inDim) {
    int64_t mask = 0;
    if (layout->hasInDim(inDim)) {
      const auto &bases = layout->getInDimBases(inDim);
      for (size_t bit = 0; bit < bases.size(); ++bit)
        if (isZero(bases[bit]))
          mask |= int64_t(1) << bit;
    }
    return mask;
  };
  copies.freeRegisterMask = freeBits("register");
  copies.freeLaneMask = static_cast<int32_t>(freeBits("lane"));
  copies.freeWarpMask = static_cast<int32_t>(freeBits("warp"));
  for (int64_t reg = 0; reg < registers; ++reg)
    if (reg & copies.freeRegisterMask)
      copies.writesRegister.reset(reg);
  if (!copies.freeLaneMask && !copies.freeWarpMask)
    return copies;
  LLVMBuilder b(builder, loc);
  ThreadIds ids = threadIds(builder, loc, target);
  for (auto [id, freeMask] : {std::pair<Value, int32_t>{ids.lane, copies.freeLaneMask},
                              std::pair<Value, int32_t>{ids.warp, copies.freeWarpMask}}) {
    if (!freeMask)
      continue;
    Value isFirst = b.icmpEQ(b.and_(id, b.i32(freeMask)), b.i32(0));
    copies.threadPredicate =
        copies.threadPredicate ? b.and_(copies.threadPredicate, isFirst) : isFirst;
  }
  return copies;
}

//===----------------------------------------------------------------------===//
// Cross-lane exchange
//===----------------------------------------------------------------------===//

namespace {

// Calls `exchange` on the 32-bit words of `value` and reassembles the result.
Value exchangeWords(OpBuilder &builder, Location loc, Value value,
                    const std::function<Value(Value)> &exchange) {
  LLVMBuilder b(builder, loc);
  Type type = value.getType();
  Type i32 = builder.getI32Type();
  Type i64 = builder.getI64Type();
  if (isa<LLVM::LLVMPointerType>(type)) {
    Value bits = LLVM::PtrToIntOp::create(builder, loc, i64, value);
    return LLVM::IntToPtrOp::create(builder, loc, type,
                                    exchangeWords(builder, loc, bits, exchange));
  }
  unsigned width = type.getIntOrFloatBitWidth();
  Type integer = builder.getIntegerType(width);
  Value bits = b.bitcast(value, integer);
  Value result;
  if (width == 32) {
    result = exchange(bits);
  } else if (width < 32) {
    result = b.trunc(exchange(b.zext(bits, i32)), integer);
  } else {
    assert(width == 64 && "values wider than 64 bits are not exchanged");
    Value low = exchange(b.trunc(bits, i32));
    Value high = exchange(b.trunc(b.lshr(bits, b.i64(32)), i32));
    result = b.or_(b.zext(low, i64), b.shl(b.zext(high, i64), b.i64(32)));
  }
  return b.bitcast(result, type);
}

} // namespace

Value shuffleXorAny(OpBuilder &builder, Location loc, const TargetInfo &target, Value value,
                    int mask) {
  return exchangeWords(builder, loc, value, [&](Value word) {
    return target.shuffleXor(builder, loc, word, mask);
  });
}

Value shuffleUpAny(OpBuilder &builder, Location loc, const TargetInfo &target, Value value,
                   int delta) {
  return exchangeWords(builder, loc, value,
                       [&](Value word) { return target.shuffleUp(builder, loc, word, delta); });
}

Value shuffleIndexAny(OpBuilder &builder, Location loc, const TargetInfo &target, Value value,
                      Value srcLane) {
  return exchangeWords(builder, loc, value, [&](Value word) {
    return target.shuffleIndex(builder, loc, word, srcLane);
  });
}

} // namespace trex
