// TargetInfoCUDA: the NVIDIA side of the TritonGPU-to-LLVM lowering (NVVM intrinsics and
// inline PTX). Predicated memory accesses are inline PTX with a guard predicate, as Triton
// emits them, so a masked-off lane does not touch memory and gets its `other` value.
#include "trex/Conversion/TritonGPUToLLVM/TargetInfo.h"

#include "trex/Conversion/TritonGPUToLLVM/ApproximateMath.h"
#include "trex/Conversion/TritonGPUToLLVM/LLVMBuilder.h"
#include "trex/Conversion/TritonGPUToLLVM/ModuleSymbols.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace trex {

namespace {

// Inline PTX with its constraint string and operands.
Value inlinePTX(OpBuilder &builder, Location loc, Type resultType, StringRef text,
                StringRef constraints, ValueRange operands) {
  auto op = LLVM::InlineAsmOp::create(
      builder, loc, resultType ? TypeRange{resultType} : TypeRange{}, operands, text, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr(), ArrayAttr());
  return resultType ? op.getResult(0) : Value();
}

// Inline PTX without side effects (a conversion): LLVM may merge equal ones, move them and
// drop unused ones, as it does with an intrinsic.
Value purePTX(OpBuilder &builder, Location loc, Type resultType, StringRef text,
              StringRef constraints, ValueRange operands) {
  return LLVM::InlineAsmOp::create(builder, loc, TypeRange{resultType}, operands, text, constraints,
                                   /*has_side_effects=*/false,
                                   /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
                                   LLVM::AsmDialectAttr(), ArrayAttr())
      .getResult(0);
}

// PTX's name of an fp8 format with conversion instructions (sm_89+), or "".
StringRef ptxFp8Name(Type type) {
  if (isa<Float8E4M3FNType>(type))
    return "e4m3";
  if (isa<Float8E5M2Type>(type))
    return "e5m2";
  return "";
}

// A call of an NVVM intrinsic without side effects (the approximate and correctly rounded
// arithmetic instructions): unlike inline PTX, LLVM may hoist, combine and schedule it.
Value nvvmIntrinsic(OpBuilder &builder, Location loc, Type resultType, StringRef name,
                    ValueRange operands) {
  return LLVM::CallIntrinsicOp::create(builder, loc, resultType, builder.getStringAttr(name),
                                       operands)
      .getResult(0);
}

// The PTX register constraint of a word of `bits` bits.
char constraintOf(unsigned bits) {
  return bits == 64 ? 'l' : bits == 32 ? 'r' : bits == 16 ? 'h' : 'c';
}

// Triton's cache modifier and eviction policy enums (tt.load/tt.store attributes), as PTX.
// PTX's grammar offers a cache operator (.ca, .cg, .cv, ...) or L1 eviction priorities, not
// both, and neither on ld.volatile: both are hints, so where a kernel asks for more than one
// instruction can carry, the volatile access wins over both, and the cache operator over the
// eviction priority.
std::string evictionQualifier(int evictionPolicy) {
  if (evictionPolicy == 2)
    return ".L1::evict_first";
  if (evictionPolicy == 3)
    return ".L1::evict_last";
  return "";
}

std::string loadQualifiers(int cacheModifier, int evictionPolicy, bool isVolatile) {
  if (isVolatile)
    return "ld.volatile.global";
  std::string text = "ld.global";
  switch (cacheModifier) {
  case 2: return text + ".ca";
  case 3: return text + ".cg";
  case 7: return text + ".cv";
  default: return text + evictionQualifier(evictionPolicy);
  }
}

std::string storeQualifiers(int cacheModifier, int evictionPolicy) {
  std::string text = "st.global";
  switch (cacheModifier) {
  case 4: return text + ".wb";
  case 3: return text + ".cg";
  case 5: return text + ".cs";
  case 6: return text + ".wt";
  default: return text + evictionQualifier(evictionPolicy);
  }
}

// PTX spellings of an atomic's memory ordering, scope and operation ("add.f32", "max.s32").
StringRef ptxOrdering(LLVM::AtomicOrdering ordering) {
  switch (ordering) {
  case LLVM::AtomicOrdering::acquire:
    return "acquire";
  case LLVM::AtomicOrdering::release:
    return "release";
  case LLVM::AtomicOrdering::acq_rel:
  case LLVM::AtomicOrdering::seq_cst:
    return "acq_rel";
  default:
    return "relaxed";
  }
}

StringRef ptxScope(MemoryScope scope) {
  switch (scope) {
  case MemoryScope::CTA:
    return "cta";
  case MemoryScope::GPU:
    return "gpu";
  case MemoryScope::System:
    return "sys";
  }
  return "gpu";
}

std::string ptxAtomicOperation(LLVM::AtomicBinOp kind, Type type) {
  std::string bits = std::to_string(type.getIntOrFloatBitWidth());
  switch (kind) {
  case LLVM::AtomicBinOp::_and:
    return "and.b" + bits;
  case LLVM::AtomicBinOp::_or:
    return "or.b" + bits;
  case LLVM::AtomicBinOp::_xor:
    return "xor.b" + bits;
  case LLVM::AtomicBinOp::xchg:
    return "exch.b" + bits;
  case LLVM::AtomicBinOp::add:
    return "add.u" + bits;
  case LLVM::AtomicBinOp::max:
    return "max.s" + bits;
  case LLVM::AtomicBinOp::min:
    return "min.s" + bits;
  case LLVM::AtomicBinOp::umax:
    return "max.u" + bits;
  case LLVM::AtomicBinOp::umin:
    return "min.u" + bits;
  case LLVM::AtomicBinOp::fadd:
    // 16-bit floating-point atomics exist only without flushing subnormals to zero.
    if (type.isBF16())
      return "add.noftz.bf16";
    if (type.isF16())
      return "add.noftz.f16";
    return "add.f" + bits;
  default:
    return "";
  }
}

class TargetInfoCUDA : public TargetInfo {
public:
  TargetInfoCUDA(int computeCapability, bool deviceLibrary)
      : computeCapability(computeCapability), deviceLibrary(deviceLibrary) {}

  std::string targetName() const override { return "cuda:" + std::to_string(computeCapability); }
  bool isCUDA() const override { return true; }
  int warpSize() const override { return 32; }

  Value programId(OpBuilder &builder, Location loc, int axis) const override {
    Type i32 = builder.getI32Type();
    switch (axis) {
    case 0:
      return NVVM::BlockIdXOp::create(builder, loc, i32);
    case 1:
      return NVVM::BlockIdYOp::create(builder, loc, i32);
    default:
      return NVVM::BlockIdZOp::create(builder, loc, i32);
    }
  }

  Value numPrograms(OpBuilder &builder, Location loc, int axis) const override {
    Type i32 = builder.getI32Type();
    switch (axis) {
    case 0:
      return NVVM::GridDimXOp::create(builder, loc, i32);
    case 1:
      return NVVM::GridDimYOp::create(builder, loc, i32);
    default:
      return NVVM::GridDimZOp::create(builder, loc, i32);
    }
  }

  Value clusterId(OpBuilder &builder, Location loc, int axis) const override {
    Type i32 = builder.getI32Type();
    switch (axis) {
    case 0:
      return NVVM::ClusterIdXOp::create(builder, loc, i32);
    case 1:
      return NVVM::ClusterIdYOp::create(builder, loc, i32);
    default:
      return NVVM::ClusterIdZOp::create(builder, loc, i32);
    }
  }

  Value numClusters(OpBuilder &builder, Location loc, int axis) const override {
    Type i32 = builder.getI32Type();
    switch (axis) {
    case 0:
      return NVVM::ClusterDimXOp::create(builder, loc, i32);
    case 1:
      return NVVM::ClusterDimYOp::create(builder, loc, i32);
    default:
      return NVVM::ClusterDimZOp::create(builder, loc, i32);
    }
  }

  // %cluster_ctarank.
  Value clusterCTARank(OpBuilder &builder, Location loc) const override {
    return NVVM::ClusterId::create(builder, loc, builder.getI32Type());
  }

  Value threadIdInBlock(OpBuilder &builder, Location loc) const override {
    return NVVM::ThreadIdXOp::create(builder, loc, builder.getI32Type());
  }

  // %clock / %clock64 as inline PTX with side effects, so that LLVM keeps each read where the
  // scope put it (Triton reads the same registers).
  Value cycleCounter(OpBuilder &builder, Location loc, bool wide) const override {
    if (wide)
      return inlinePTX(builder, loc, builder.getI64Type(), "mov.u64 $0, %clock64;", "=l", {});
    return inlinePTX(builder, loc, builder.getI32Type(), "mov.u32 $0, %clock;", "=r", {});
  }

  Value globalTime(OpBuilder &builder, Location loc) const override {
    return inlinePTX(builder, loc, builder.getI64Type(), "mov.u64 $0, %globaltimer;", "=l", {});
  }

  Value processorId(OpBuilder &builder, Location loc) const override {
    return inlinePTX(builder, loc, builder.getI32Type(), "mov.u32 $0, %smid;", "=r", {});
  }

  Value shuffleXor(OpBuilder &builder, Location loc, Value value, int mask) const override {
    LLVMBuilder b(builder, loc);
    return NVVM::ShflOp::create(builder, loc, value.getType(), b.i32(-1), value, b.i32(mask),
                                b.i32(0x1f),
                                NVVM::ShflKindAttr::get(builder.getContext(), NVVM::ShflKind::bfly),
                                UnitAttr());
  }

  // elect.sync over the whole warp, as Triton issues TMA copies.
  Value electOneLane(OpBuilder &builder, Location loc) const override {
    return NVVM::ElectSyncOp::create(builder, loc, builder.getI1Type(), Value());
  }

  Value shuffleIndex(OpBuilder &builder, Location loc, Value value,
                     Value srcLane) const override {
    LLVMBuilder b(builder, loc);
    return NVVM::ShflOp::create(builder, loc, value.getType(), b.i32(-1), value, srcLane,
                                b.i32(0x1f),
                                NVVM::ShflKindAttr::get(builder.getContext(), NVVM::ShflKind::idx),
                                UnitAttr());
  }

  Value shuffleUp(OpBuilder &builder, Location loc, Value value, int delta) const override {
    LLVMBuilder b(builder, loc);
    return NVVM::ShflOp::create(
        builder, loc, value.getType(), b.i32(-1), value, b.i32(delta), b.i32(0),
        NVVM::ShflKindAttr::get(builder.getContext(), NVVM::ShflKind::up), UnitAttr());
  }

  Value ballot(OpBuilder &builder, Location loc, Value predicate) const override {
    LLVMBuilder b(builder, loc);
    return NVVM::VoteSyncOp::create(builder, loc, builder.getI32Type(), b.i32(-1), predicate,
                                    NVVM::VoteSyncKind::ballot);
  }

  void barrier(OpBuilder &builder, Location loc) const override {
    NVVM::Barrier0Op::create(builder, loc);
  }

  void warpBarrier(OpBuilder &builder, Location loc) const override {
    LLVMBuilder b(builder, loc);
    NVVM::SyncWarpOp::create(builder, loc, b.i32(-1));
  }

  Value loadGlobal(OpBuilder &builder, Location loc, Value pointer, Type resultType,
                   Value predicate, ValueRange others, int cacheModifier, int evictionPolicy,
                   bool isVolatile) const override {
    // resultType: a word type (i16/i32/i64) or a struct of such words.
    SmallVector<Type> words;
    if (auto structType = dyn_cast<LLVM::LLVMStructType>(resultType))
      words.append(structType.getBody().begin(), structType.getBody().end());
    else
      words.push_back(resultType);
    unsigned bits = words.front().getIntOrFloatBitWidth();
    size_t count = words.size();
    std::string text;
    std::string constraints;
    // Masked-off lanes keep `others` (or zero): they are moved in before the guarded load.
    for (size_t i = 0; i < count; ++i) {
      std::string source = others.empty() ? "0x0" : "$" + std::to_string(count + i);
      text += "mov.u" + std::to_string(bits < 16 ? 16 : bits) + " $" + std::to_string(i) + ", " +
              source + ";\n\t";
      constraints += std::string(i ? "," : "") + "=" + constraintOf(bits);
    }
    size_t pointerIndex = count + others.size();
    text += "@$" + std::to_string(pointerIndex + 1) + " " +
            loadQualifiers(cacheModifier, evictionPolicy, isVolatile);
    if (count > 1)
      text += ".v" + std::to_string(count);
    text += ".b" + std::to_string(bits) + " ";
    if (count > 1) {
      text += "{ ";
      for (size_t i = 0; i < count; ++i)
        text += std::string(i ? ", " : "") + "$" + std::to_string(i);
      text += " }";
    } else {
      text += "$0";
    }
    text += ", [ $" + std::to_string(pointerIndex) + " + 0 ];";
    for (size_t i = 0; i < others.size(); ++i)
      constraints += std::string(",") + constraintOf(bits);
    constraints += ",l,b";
    SmallVector<Value> operands(others.begin(), others.end());
    operands.push_back(pointer);
    operands.push_back(predicate);
    return inlinePTX(builder, loc, resultType, text, constraints, operands);
  }

  void storeGlobal(OpBuilder &builder, Location loc, Value pointer, Value value, Value predicate,
                   int cacheModifier, int evictionPolicy) const override {
    SmallVector<Value> words;
    if (isa<LLVM::LLVMStructType>(value.getType()))
      words = unpackElements(loc, value, builder);
    else
      words.push_back(value);
    unsigned bits = words.front().getType().getIntOrFloatBitWidth();
    size_t count = words.size();
    std::string text = "@$" + std::to_string(count + 1) + " " +
                       storeQualifiers(cacheModifier, evictionPolicy);
    if (count > 1)
      text += ".v" + std::to_string(count);
    text += ".b" + std::to_string(bits) + " [ $" + std::to_string(count) + " + 0 ], ";
    std::string constraints;
    if (count > 1) {
      text += "{ ";
      for (size_t i = 0; i < count; ++i)
        text += std::string(i ? ", " : "") + "$" + std::to_string(i);
      text += " }";
    } else {
      text += "$0";
    }
    text += ";";
    for (size_t i = 0; i < count; ++i)
      constraints += std::string(i ? "," : "") + constraintOf(bits);
    constraints += ",l,b";
    SmallVector<Value> operands(words.begin(), words.end());
    operands.push_back(pointer);
    operands.push_back(predicate);
    inlinePTX(builder, loc, Type(), text, constraints, operands);
  }

  Value loadShared(OpBuilder &builder, Location loc, Value pointer, Type type,
                   Value predicate) const override {
    unsigned bits = type.getIntOrFloatBitWidth();
    LLVMBuilder b(builder, loc);
    // PTX has no 8-bit registers: an 8-bit (or i1, stored as a byte) slot is read with
    // ld.shared.b8 into a 16-bit register, as Triton does. Reading 16 bits would touch the next
    // slot and, at an odd address, fault (misaligned address).
    Type word = builder.getIntegerType(bits < 16 ? 16 : bits);
    std::string text =
        "@$2 ld.shared.b" + std::to_string(bits <= 8 ? 8 : bits) + " $0, [ $1 + 0 ];";
    std::string constraints = std::string("=") + constraintOf(bits < 16 ? 16 : bits) + ",r,b";
    Value loaded = inlinePTX(builder, loc, word, text, constraints, {pointer, predicate});
    if (bits < 16)
      loaded = b.trunc(loaded, builder.getIntegerType(bits));
    return b.bitcast(loaded, type);
  }

  void storeShared(OpBuilder &builder, Location loc, Value pointer, Value value,
                   Value predicate) const override {
    unsigned bits = value.getType().getIntOrFloatBitWidth();
    LLVMBuilder b(builder, loc);
    Value word = b.bitcast(value, builder.getIntegerType(bits));
    if (bits < 16)
      word = b.zext(word, builder.getI16Type());
    // An 8-bit (or i1) slot is written with st.shared.b8 from a 16-bit register (see
    // loadShared).
    unsigned width = bits < 16 ? 16 : bits;
    std::string text =
        "@$2 st.shared.b" + std::to_string(bits <= 8 ? 8 : bits) + " [ $0 + 0 ], $1;";
    std::string constraints = std::string("r,") + constraintOf(width) + ",b";
    inlinePTX(builder, loc, Type(), text, constraints, {pointer, word, predicate});
  }

  bool hasMatrixLoad() const override { return computeCapability >= 75; }
  bool hasMatrixStore() const override { return computeCapability >= 90; }

  bool hasAsyncCopy() const override { return computeCapability >= 80; }

  // cp.async with the source-size operand: a masked-off thread copies 0 bytes, which
  // zero-fills the destination (Triton's `other` of an async copy is zero). 16-byte copies
  // bypass L1 (.cg, the only size it allows), smaller ones use .ca.
  void asyncCopy(OpBuilder &builder, Location loc, Value shared, Value global, int bytes,
                 Value predicate) const override {
    LLVMBuilder b(builder, loc);
    Value size = b.i32(bytes);
    if (predicate)
      size = b.select(predicate, size, b.i32(0));
    std::string text = std::string("cp.async.") + (bytes == 16 ? "cg" : "ca") +
                       ".shared.global [ $0 + 0 ], [ $1 + 0 ], " + std::to_string(bytes) +
                       ", $2;";
    inlinePTX(builder, loc, Type(), text, "r,l,r", {shared, global, size});
  }

  void asyncCommitGroup(OpBuilder &builder, Location loc) const override {
    inlinePTX(builder, loc, Type(), "cp.async.commit_group;", "", {});
  }

  void asyncWaitGroup(OpBuilder &builder, Location loc, int pending) const override {
    inlinePTX(builder, loc, Type(), "cp.async.wait_group " + std::to_string(pending) + ";", "",
              {});
  }

  // A read of shared memory, so it keeps its place among barriers and stores (side effects).
  SmallVector<Value> loadMatrix(OpBuilder &builder, Location loc, Value pointer, int matrices,
                                bool transposed) const override {
    std::string text = "ldmatrix.sync.aligned.m8n8.x" + std::to_string(matrices) +
                       (transposed ? ".trans" : "") + ".shared.b16 {";
    std::string constraints;
    for (int i = 0; i < matrices; ++i) {
      text += std::string(i ? ", $" : "$") + std::to_string(i);
      constraints += std::string(i ? ",=r" : "=r");
    }
    text += "}, [$" + std::to_string(matrices) + "];";
    constraints += ",r";
    Type word = builder.getI32Type();
    Type resultType =
        matrices == 1 ? word
                      : LLVM::LLVMStructType::getLiteral(builder.getContext(),
                                                         SmallVector<Type>(matrices, word));
    Value loaded = inlinePTX(builder, loc, resultType, text, constraints, {pointer});
    return unpackElements(loc, loaded, builder);
  }

  // A write of shared memory: side effects keep it among the barriers and loads.
  void storeMatrix(OpBuilder &builder, Location loc, Value pointer, ValueRange words,
                   bool transposed) const override {
    std::string text = "stmatrix.sync.aligned.m8n8.x" + std::to_string(words.size()) +
                       (transposed ? ".trans" : "") + ".shared.b16 [$0], {";
    std::string constraints = "r";
    SmallVector<Value> operands{pointer};
    for (auto [i, word] : llvm::enumerate(words)) {
      text += std::string(i ? ", $" : "$") + std::to_string(i + 1);
      constraints += ",r";
      operands.push_back(word);
    }
    text += "};";
    inlinePTX(builder, loc, Type(), text, constraints, operands);
  }

  // mma.sync as inline PTX (Triton emits the same text): the accumulators are tied to the
  // results, and the asm has no side effects, so LLVM may schedule and combine it freely.
  FailureOr<SmallVector<Value>> warpMma(OpBuilder &builder, Location loc, WarpMmaKind kind,
                                        ValueRange a, ValueRange b,
                                        ValueRange c) const override {
    if (computeCapability < 80 || a.size() != 4 || b.size() != 2 || c.size() != 4)
      return failure();
    StringRef shape, types;
    switch (kind) {
    case WarpMmaKind::F16:
      shape = "m16n8k16", types = "f32.f16.f16.f32";
      break;
    case WarpMmaKind::BF16:
      shape = "m16n8k16", types = "f32.bf16.bf16.f32";
      break;
    case WarpMmaKind::TF32:
      shape = "m16n8k8", types = "f32.tf32.tf32.f32";
      break;
    case WarpMmaKind::S8:
      // .satfinite, as Triton's: a sum past the s32 range clamps instead of wrapping.
      shape = "m16n8k32", types = "satfinite.s32.s8.s8.s32";
      break;
    case WarpMmaKind::F16Accumulate: {
      // D and C are two f16x2 words: values (0, 1) and (2, 3).
      SmallVector<Value> words = packHalves(builder, loc, c);
      SmallVector<Value> operands(a.begin(), a.end());
      operands.append(b.begin(), b.end());
      operands.append(words.begin(), words.end());
      Type i32 = builder.getI32Type();
      auto resultType = LLVM::LLVMStructType::getLiteral(builder.getContext(), {i32, i32});
      auto op = LLVM::InlineAsmOp::create(
          builder, loc, TypeRange{resultType}, operands,
          "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {$0, $1}, {$2, $3, $4, $5}, "
          "{$6, $7}, {$8, $9};",
          "=r,=r,r,r,r,r,r,r,0,1", /*has_side_effects=*/false, /*is_align_stack=*/false,
          LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(), ArrayAttr());
      return unpackHalves(builder, loc, unpackElements(loc, op.getResult(0), builder));
    }
    case WarpMmaKind::F64: {
      // The 16 x 8 x 8 tile in tf32's fragment positions: a0 (row g, k t), a1 (g + 8, t),
      // a2 (g, t + 4), a3 (g + 8, t + 4); b0 (k t, column g), b1 (t + 4, g); c0, c1 (g,
      // 2t and 2t + 1), c2, c3 (g + 8, the same), with g = lane / 4 and t = lane % 4. An
      // m8n8k4 takes A (g, t), B (t, g) and C (g, 2t + {0, 1}): rows 0-7 and 8-15 times K 0-3,
      // then times K 4-7.
      Type f64 = builder.getF64Type();
      auto pairType = LLVM::LLVMStructType::getLiteral(builder.getContext(), {f64, f64});
      SmallVector<Value> d(c.begin(), c.end());
      auto m8n8k4 = [&](Value aValue, Value bValue, unsigned half) {
        auto op = LLVM::InlineAsmOp::create(
            builder, loc, TypeRange{pairType},
            ValueRange{aValue, bValue, d[2 * half], d[2 * half + 1]},
            "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {$0, $1}, {$2}, {$3}, {$4, $5};",
            "=d,=d,d,d,0,1", /*has_side_effects=*/false, /*is_align_stack=*/false,
            LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(), ArrayAttr());
        SmallVector<Value> pair = unpackElements(loc, op.getResult(0), builder);
        d[2 * half] = pair[0];
        d[2 * half + 1] = pair[1];
      };
      m8n8k4(a[0], b[0], 0);
      m8n8k4(a[1], b[0], 1);
      m8n8k4(a[2], b[1], 0);
      m8n8k4(a[3], b[1], 1);
      return d;
    }
    }
    std::string text = ("mma.sync.aligned." + shape + ".row.col." + types +
                        " {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};")
                           .str();
    char accumulator = kind == WarpMmaKind::S8 ? 'r' : 'f';
    std::string constraints;
    for (int i = 0; i < 4; ++i)
      constraints += std::string(i ? ",=" : "=") + accumulator;
    constraints += ",r,r,r,r,r,r,0,1,2,3";
    SmallVector<Value> operands(a.begin(), a.end());
    operands.append(b.begin(), b.end());
    operands.append(c.begin(), c.end());
    Type valueType = c.front().getType();
    auto resultType = LLVM::LLVMStructType::getLiteral(
        builder.getContext(), SmallVector<Type>(4, valueType));
    auto op = LLVM::InlineAsmOp::create(
        builder, loc, TypeRange{resultType}, operands, text, constraints,
        /*has_side_effects=*/false, /*is_align_stack=*/false,
        LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(), ArrayAttr());
    return unpackElements(loc, op.getResult(0), builder);
  }

  bool hasWarpGroupMma() const override { return computeCapability == 90; }

  LogicalResult asyncProxyFence(OpBuilder &builder, Location loc, bool cluster) const override {
    if (computeCapability < 90)
      return failure();
    inlinePTX(builder, loc, Type(),
              cluster ? "fence.proxy.async.shared::cluster;" : "fence.proxy.async.shared::cta;", "",
              {});
    return success();
  }

  void warpGroupMmaFence(OpBuilder &builder, Location loc) const override {
    NVVM::WgmmaFenceAlignedOp::create(builder, loc);
  }

  void warpGroupMmaCommit(OpBuilder &builder, Location loc) const override {
    NVVM::WgmmaGroupSyncAlignedOp::create(builder, loc);
  }

  // wgmma.mma_async as inline PTX, its accumulator tied in and out (as Triton emits it): the
  // operand list is {d...}, a (descriptor or {4 words}), b, scale-d, then the immediates the
  // kind takes (scales for float kinds, transposes for 16-bit ones).
  FailureOr<SmallVector<Value>> warpGroupMma(OpBuilder &builder, Location loc,
                                             const WarpGroupMmaShape &shape, ValueRange a, Value b,
                                             ValueRange accumulator,
                                             Value useAccumulator) const override {
    if (!hasWarpGroupMma() || accumulator.size() != static_cast<size_t>(shape.n / 2) ||
        a.size() != (shape.aInRegisters ? 4u : 1u))
      return failure();
    if (shape.accumulatorF16 && shape.kind != WarpGroupMmaKind::F16 &&
        shape.kind != WarpGroupMmaKind::E4M3 && shape.kind != WarpGroupMmaKind::E5M2)
      return failure();
    std::string accumulatorType = shape.accumulatorF16 ? "f16" : "f32";
    StringRef types;
    int k = 16;
    bool floatKind = true, transposable = false;
    switch (shape.kind) {
    case WarpGroupMmaKind::F16:
      types = shape.accumulatorF16 ? "f16.f16.f16" : "f32.f16.f16", transposable = true;
      break;
    case WarpGroupMmaKind::BF16:
      types = "f32.bf16.bf16", transposable = true;
      break;
    case WarpGroupMmaKind::TF32:
      types = "f32.tf32.tf32", k = 8;
      break;
    case WarpGroupMmaKind::E4M3:
      types = shape.kindB == WarpGroupMmaKind::E5M2 ? "e4m3.e5m2" : "e4m3.e4m3", k = 32;
      break;
    case WarpGroupMmaKind::E5M2:
      types = shape.kindB == WarpGroupMmaKind::E4M3 ? "e5m2.e4m3" : "e5m2.e5m2", k = 32;
      break;
    case WarpGroupMmaKind::S8:
      types = "s32.s8.s8", k = 32, floatKind = false;
      break;
    }
    if (!transposable && (shape.transposedA || shape.transposedB))
      return failure();
    // f16 accumulators travel as f16x2 registers: values 2j and 2j + 1 share register j.
    SmallVector<Value> registers = shape.accumulatorF16 ? packHalves(builder, loc, accumulator)
                                                        : SmallVector<Value>(accumulator);
    int values = static_cast<int>(registers.size());
    bool fp8 = shape.kind == WarpGroupMmaKind::E4M3 || shape.kind == WarpGroupMmaKind::E5M2;
    std::string text = "wgmma.mma_async.sync.aligned.m64n" + std::to_string(shape.n) + "k" +
                       std::to_string(k) + "." + (fp8 ? accumulatorType + "." : "") +
                       types.str() + " {";
    int operand = 0;
    for (int i = 0; i < values; ++i)
      text += (i ? ",$" : "$") + std::to_string(operand++);
    text += "}, ";
    operand += values; // the tied accumulator inputs
    if (shape.aInRegisters) {
      text += "{";
      for (int i = 0; i < 4; ++i)
        text += (i ? ",$" : "$") + std::to_string(operand++);
      text += "}, ";
    } else {
      text += "$" + std::to_string(operand++) + ", ";
    }
    int bOperand = operand++, scaleOperand = operand++;
    text += "$" + std::to_string(bOperand) + ", $" + std::to_string(scaleOperand);
    if (floatKind)
      text += ", 1, 1";
    if (transposable) {
      if (!shape.aInRegisters)
        text += shape.transposedA ? ", 1" : ", 0";
      text += shape.transposedB ? ", 1" : ", 0";
    }
    text += ";";

    char reg = floatKind && !shape.accumulatorF16 ? 'f' : 'r';
    std::string constraints;
    for (int i = 0; i < values; ++i)
      constraints += std::string(i ? ",=" : "=") + reg;
    for (int i = 0; i < values; ++i)
      constraints += "," + std::to_string(i);
    constraints += shape.aInRegisters ? ",r,r,r,r" : ",l";
    constraints += ",l,b";
    SmallVector<Value> operands(registers.begin(), registers.end());
    operands.append(a.begin(), a.end());
    operands.push_back(b);
    operands.push_back(useAccumulator);
    auto resultType = LLVM::LLVMStructType::getLiteral(
        builder.getContext(), SmallVector<Type>(values, registers.front().getType()));
    auto op = LLVM::InlineAsmOp::create(
        builder, loc, TypeRange{resultType}, operands, text, constraints,
        /*has_side_effects=*/true, /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
        LLVM::AsmDialectAttr(), ArrayAttr());
    SmallVector<Value> results = unpackElements(loc, op.getResult(0), builder);
    return shape.accumulatorF16 ? unpackHalves(builder, loc, results) : results;
  }

  // Pairs of f16 values as f16x2 registers (i32), and back. LLVM folds a pack of an unpack
  // away, so accumulators handed from a wgmma to its wait stay in their registers.
  static SmallVector<Value> packHalves(OpBuilder &builder, Location loc, ValueRange halves) {
    LLVMBuilder b(builder, loc);
    SmallVector<Value> words;
    auto pair = VectorType::get(2, halves.front().getType());
    for (size_t i = 0; i + 1 < halves.size(); i += 2) {
      Value vector = b.insertElement(b.undef(pair), halves[i], 0);
      vector = b.insertElement(vector, halves[i + 1], 1);
      words.push_back(b.bitcast(vector, builder.getI32Type()));
    }
    return words;
  }

  static SmallVector<Value> unpackHalves(OpBuilder &builder, Location loc, ValueRange words) {
    LLVMBuilder b(builder, loc);
    SmallVector<Value> halves;
    auto pair = VectorType::get(2, builder.getF16Type());
    for (Value word : words) {
      Value vector = b.bitcast(word, pair);
      halves.push_back(b.extractElement(vector, 0));
      halves.push_back(b.extractElement(vector, 1));
    }
    return halves;
  }

  // wgmma.wait_group with the accumulators passed through the asm statement ("+" operands),
  // so no read of them can be moved before the wait.
  SmallVector<Value> warpGroupMmaWait(OpBuilder &builder, Location loc, ValueRange values,
                                      int pending) const override {
    if (values.empty()) {
      NVVM::WgmmaWaitGroupSyncOp::create(builder, loc, builder.getI64IntegerAttr(pending));
      return {};
    }
    // f16 accumulators pass through as the f16x2 registers the wgmma wrote.
    bool halves = values.size() % 2 == 0 &&
                  llvm::all_of(values, [](Value value) { return value.getType().isF16(); });
    if (halves)
      return unpackHalves(builder, loc,
                          warpGroupMmaWait(builder, loc, packHalves(builder, loc, values), pending));
    std::string text = "// wait for regs: ";
    std::string constraints;
    SmallVector<Type> types;
    for (size_t i = 0; i < values.size(); ++i) {
      Type type = values[i].getType();
      text += (i ? ",$" : "$") + std::to_string(i);
      constraints += std::string(i ? ",=" : "=") + constraintOf(type.getIntOrFloatBitWidth());
      if (type.isF32())
        constraints.back() = 'f';
      types.push_back(type);
    }
    for (size_t i = 0; i < values.size(); ++i)
      constraints += "," + std::to_string(i);
    text += "\n\twgmma.wait_group.sync.aligned " + std::to_string(pending) + ";";
    auto resultType = LLVM::LLVMStructType::getLiteral(builder.getContext(), types);
    auto op = LLVM::InlineAsmOp::create(
        builder, loc, TypeRange{resultType}, values, text, constraints,
        /*has_side_effects=*/true, /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
        LLVM::AsmDialectAttr(), ArrayAttr());
    return unpackElements(loc, op.getResult(0), builder);
  }

  Value exp2Approx(OpBuilder &builder, Location loc, Value x,
                   bool flushDenormals) const override {
    if (!flushDenormals)
      return inlinePTX(builder, loc, x.getType(), "ex2.approx.f32 $0, $1;", "=f,f", {x});
    // Pure: LLVM may move and combine it like the intrinsic Triton calls. Without .ftz ptxas
    // wraps every ex2 in a subnormal range check (a compare and two multiplies).
    auto op = LLVM::InlineAsmOp::create(
        builder, loc, TypeRange{x.getType()}, ValueRange{x}, "ex2.approx.ftz.f32 $0, $1;", "=f,f",
        /*has_side_effects=*/false, /*is_align_stack=*/false,
        LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(), ArrayAttr());
    return op.getResult(0);
  }

  Value sqrtApprox(OpBuilder &builder, Location loc, Value x) const override {
    return nvvmIntrinsic(builder, loc, x.getType(), "llvm.nvvm.sqrt.approx.ftz.f", {x});
  }

  Value divFull(OpBuilder &builder, Location loc, Value lhs, Value rhs) const override {
    return nvvmIntrinsic(builder, loc, lhs.getType(), "llvm.nvvm.div.full", {lhs, rhs});
  }

  Value mathFunction(OpBuilder &builder, Location loc, StringRef name,
                     ValueRange operands) const override {
    if (!deviceLibrary)
      return approximateMath(builder, loc, name, operands);
    // libdevice: __nv_<name>f for f32, __nv_<name> for f64 (the back end links it in).
    Type type = operands.front().getType();
    bool isF32 = type.isF32();
    std::string symbol;
    if (name == "sqrt_rn")
      symbol = isF32 ? "__nv_fsqrt_rn" : "__nv_dsqrt_rn";
    else if (name == "div_rn")
      symbol = isF32 ? "__nv_fdiv_rn" : "__nv_ddiv_rn";
    else
      symbol = "__nv_" + name.str() + (isF32 ? "f" : "");
    auto module = builder.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
    auto function = module.lookupSymbol<LLVM::LLVMFuncOp>(symbol);
    if (!function) {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(module.getBody());
      SmallVector<Type> parameters(operands.size(), type);
      function = LLVM::LLVMFuncOp::create(builder, loc, symbol,
                                          LLVM::LLVMFunctionType::get(type, parameters));
    }
    return LLVM::CallOp::create(builder, loc, function, operands).getResult();
  }

  LogicalResult verifyDeviceLibraryCall(Location loc, StringRef symbol) const override {
    if (!symbol.starts_with("__nv_"))
      return emitError(loc) << "tt.extern_elementwise calls '" << symbol << "', which is not a "
                            << "libdevice function; trex links no other device library for "
                            << targetName();
    if (!deviceLibrary)
      return emitError(loc) << "tt.extern_elementwise calls libdevice's '" << symbol
                            << "', but no libdevice was found for " << targetName()
                            << " (set TRITON_LIBDEVICE_PATH or install CUDA)";
    return success();
  }

  // fp8 <-> f16/bf16/f32 with sm_89's paired conversions, as Triton lowers them: the
  // widening ones exact, the narrowing ones rounding to nearest even and saturating to the
  // largest finite value (.satfinite; NaN stays NaN), the software path's results
  // (Fp8Conversion.h). bf16 goes through f32 (exact), as cvt has no bf16x2 form for fp8;
  // fp8 -> bf16 needs sm_90's cvt.bf16.f16. Toward-zero narrowing has no instruction.
  std::optional<SmallVector<Value>> hardwareFp8Conversion(OpBuilder &builder, Location loc,
                                                          ArrayRef<Value> elements, Type source,
                                                          Type destination,
                                                          bool nearestEven) const override {
    StringRef from = ptxFp8Name(source), to = ptxFp8Name(destination);
    if (computeCapability < 89 || from.empty() == to.empty())
      return std::nullopt;
    bool widening = !from.empty();
    Type wide = widening ? destination : source;
    if (!(wide.isF16() || wide.isF32() || wide.isBF16()) ||
        (widening && wide.isBF16() && computeCapability < 90) || (!widening && !nearestEven))
      return std::nullopt;
    // e5m2 is an f16's high byte: to f16 and f32 the generic lowering's byte shift beats
    // cvt. To bf16 it goes through cvt's f16 pair: Triton's bit operations, written here
    // with the fix-up infinities and NaNs need, came to three times Triton's instructions
    // per pair, and the scaled e5m2 x e2m1 loop went from 0.99x Triton's time to 0.88x with
    // them (H200, with other changes of the day).
    if (from == "e5m2" && !wide.isBF16())
      return std::nullopt;
    LLVMBuilder b(builder, loc);
    Type i8 = builder.getI8Type(), i16 = builder.getI16Type(), i32 = builder.getI32Type();
    Type f16 = builder.getF16Type(), f32 = builder.getF32Type();
    SmallVector<Value> results;
    for (size_t i = 0; i < elements.size(); i += 2) {
      Value low = elements[i];
      Value high = i + 1 < elements.size() ? elements[i + 1] : b.zero(low.getType());
      if (widening) {
        // Two fp8 bytes in one b16, the first element in the low byte; the result's halves
        // keep that order.
        Value pair = b.or_(b.zext(low, i16), b.shl(b.zext(high, i16), b.constant(i16, 8)));
        std::string text = "cvt.rn.f16x2." + from.str() + "x2 $0, $1;";
        if (wide.isBF16())
          text = "{\n.reg .b32 h;\n.reg .f16 h<2>;\n.reg .b16 o<2>;\ncvt.rn.f16x2." + from.str() +
                 "x2 h, $1;\nmov.b32 {h0, h1}, h;\ncvt.bf16.f16 o0, h0;\ncvt.bf16.f16 o1, h1;\n"
                 "mov.b32 $0, {o0, o1};\n}";
        Value word = purePTX(builder, loc, i32, text, "=r,h", {pair});
        Type half = wide.isBF16() ? Type(builder.getBF16Type()) : f16;
        Value halves = b.bitcast(word, VectorType::get({2}, half));
        for (int64_t k = 0; k < 2 && i + k < elements.size(); ++k) {
          Value value = b.extractElement(halves, k);
          results.push_back(
              wide.isF32() ? LLVM::FPExtOp::create(builder, loc, f32, value).getResult() : value);
        }
        continue;
      }
      // Narrowing: cvt packs its first source operand into the high byte.
      Value pair;
      if (wide.isF16()) {
        Value halves = b.undef(VectorType::get({2}, f16));
        halves = b.insertElement(halves, low, 0);
        halves = b.insertElement(halves, high, 1);
        pair = purePTX(builder, loc, i16, "cvt.rn.satfinite." + to.str() + "x2.f16x2 $0, $1;",
                       "=h,r", {b.bitcast(halves, i32)});
      } else {
        auto toF32 = [&](Value v) {
          return v.getType().isF32() ? v : LLVM::FPExtOp::create(builder, loc, f32, v).getResult();
        };
        pair = purePTX(builder, loc, i16, "cvt.rn.satfinite." + to.str() + "x2.f32 $0, $1, $2;",
                       "=h,r,r", {toF32(high), toF32(low)});
      }
      results.push_back(b.trunc(pair, i8));
      if (i + 1 < elements.size())
        results.push_back(b.trunc(b.lshr(pair, b.constant(i16, 8)), i8));
    }
    return results;
  }

  // Eight e2m1 values (one 32-bit word) at a time with prmt's byte lookups: each nibble's
  // magnitude (0-7) picks the low and the high byte of its 16-bit value from two 8-byte
  // tables, its sign bit picks 0x80 or 0 for the high byte; two last prmt per pair of
  // results interleave low and high bytes. The tables hold the exact values 0, 0.5, 1, 1.5,
  // 2, 3, 4, 6 (f16: every low byte is 0).
  std::optional<SmallVector<Value>> decodeE2m1(OpBuilder &builder, Location loc,
                                               ArrayRef<Value> bytes, Type element) const override {
    if (!element.isF16() && !element.isBF16())
      return std::nullopt;
    const uint16_t bf16Values[8] = {0x0000, 0x3F00, 0x3F80, 0x3FC0, 0x4000, 0x4040, 0x4080, 0x40C0};
    const uint16_t f16Values[8] = {0x0000, 0x3800, 0x3C00, 0x3E00, 0x4000, 0x4200, 0x4400, 0x4600};
    const uint16_t *values = element.isBF16() ? bf16Values : f16Values;
    // A table's two words: byte k of the 8-byte table {high word, low word} is entry k.
    auto table = [&](int shift, int half) {
      uint32_t word = 0;
      for (int k = 0; k < 4; ++k)
        word |= uint32_t((values[4 * half + k] >> shift) & 0xFF) << (8 * k);
      return llvm::formatv("{0:x8}", word).str();
    };
    std::string text = "{\n.reg .b32 s, m, s0, s1, m1, l0, l1, h0, h1, g0, g1;\n"
                       "and.b32 s, $4, 0x88888888;\n" // sign bits
                       "and.b32 m, $4, 0x77777777;\n" // magnitudes, one per nibble
                       "shr.u32 m1, m, 16;\n"         // nibbles 4-7 as selectors
                       "shr.u32 s0, s, 3;\n"          // signs as 0/1 selectors
                       "shr.u32 s1, s, 19;\n"
                       "prmt.b32 l0, " +
                       table(0, 0) + ", " + table(0, 1) + ", m;\n" + "prmt.b32 l1, " + table(0, 0) +
                       ", " + table(0, 1) + ", m1;\n" + "prmt.b32 h0, " + table(8, 0) + ", " +
                       table(8, 1) + ", m;\n" + "prmt.b32 h1, " + table(8, 0) + ", " + table(8, 1) +
                       ", m1;\n" +
                       "prmt.b32 g0, 32768, 0, s0;\n" // byte 1 of 0x8000: the sign
                       "prmt.b32 g1, 32768, 0, s1;\n"
                       "or.b32 h0, h0, g0;\n"
                       "or.b32 h1, h1, g1;\n"
                       "prmt.b32 $0, l0, h0, 0x5140;\n" // values 0, 1
                       "prmt.b32 $1, l0, h0, 0x7362;\n" // values 2, 3
                       "prmt.b32 $2, l1, h1, 0x5140;\n"
                       "prmt.b32 $3, l1, h1, 0x7362;\n}";
    LLVMBuilder b(builder, loc);
    Type i32 = builder.getI32Type();
    MLIRContext *context = builder.getContext();
    auto fourWords = LLVM::LLVMStructType::getLiteral(context, {i32, i32, i32, i32});
    Type pairType = VectorType::get({2}, element);
    SmallVector<Value> results;
    for (size_t i = 0; i < bytes.size(); i += 4) {
      Value word = b.zext(bytes[i], i32);
      for (size_t k = 1; k < 4 && i + k < bytes.size(); ++k)
        word = b.or_(word, b.shl(b.zext(bytes[i + k], i32), b.constant(i32, 8 * k)));
      Value decoded = purePTX(builder, loc, fourWords, text, "=r,=r,=r,=r,r", {word});
      for (size_t k = 0; k < 4 && i + k < bytes.size(); ++k) {
        Value pair = b.bitcast(b.extractValue(decoded, k), pairType);
        results.push_back(b.extractElement(pair, 0));
        results.push_back(b.extractElement(pair, 1));
      }
    }
    return results;
  }

  // Without libdevice: PTX's correctly rounded sqrt and division, its approximate
  // transcendental instructions (f32), and erf built on them.
  Value approximateMath(OpBuilder &builder, Location loc, StringRef name,
                        ValueRange operands) const {
    LLVMBuilder b(builder, loc);
    Value x = operands.front();
    Type type = x.getType();
    bool isF32 = type.isF32();
    std::string suffix = isF32 ? ".f" : ".d";
    auto unary = [&](StringRef intrinsic) {
      return nvvmIntrinsic(builder, loc, type, ("llvm.nvvm." + intrinsic).str(), {x});
    };
    if (name == "sqrt_rn")
      return unary("sqrt.rn" + suffix);
    if (name == "div_rn")
      return nvvmIntrinsic(builder, loc, type, "llvm.nvvm.div.rn" + suffix,
                           {operands[0], operands[1]});
    if (isF32) {
      if (name == "exp")
        return exp2Approx(builder, loc,
                          LLVM::FMulOp::create(builder, loc, x,
                                               b.floatConstant(type, 1.4426950408889634)),
                          /*flushDenormals=*/false);
      if (name == "log2")
        return unary("lg2.approx.f");
      if (name == "log")
        return LLVM::FMulOp::create(builder, loc, unary("lg2.approx.f"),
                                    b.floatConstant(type, 0.6931471805599453));
      if (name == "sin")
        return unary("sin.approx.f");
      if (name == "cos")
        return unary("cos.approx.f");
      if (name == "rsqrt")
        return unary("rsqrt.approx.f");
      if (name == "erf")
        return erfApproximation(builder, loc, x, [&](Value y) {
          return approximateMath(builder, loc, "exp", {y});
        });
    }
    if (type.isF64()) {
      // PTX has no f64 transcendental instructions: computed in IR.
      if (name == "exp")
        return expFloat64(builder, loc, x);
      if (name == "exp2")
        return exp2Float64(builder, loc, x);
      if (name == "log")
        return logFloat64(builder, loc, x);
      if (name == "log2")
        return log2Float64(builder, loc, x);
      if (name == "sin")
        return sinFloat64(builder, loc, x);
      if (name == "cos")
        return cosFloat64(builder, loc, x);
    }
    emitError(loc) << "trex needs libdevice (from a CUDA installation) to compute " << name
                   << " in " << type << " for " << targetName();
    return x;
  }

  // Atomics are predicated inline PTX, as Triton emits them: the destination is zeroed first
  // so that threads whose predicate is false read a defined value.
  Value atomicRMW(RewriterBase &rewriter, Location loc, LLVM::AtomicBinOp kind, Value pointer,
                  Value value, Value predicate, LLVM::AtomicOrdering ordering,
                  MemoryScope scope) const override {
    Type type = value.getType();
    unsigned bits = type.getIntOrFloatBitWidth();
    LLVMBuilder b(rewriter, loc);
    Type word = rewriter.getIntegerType(bits);
    std::string width = std::to_string(bits);
    std::string text = "mov.u" + width + " $0, 0x0;\n\t@$3 atom.global." + ptxScope(scope).str() +
                       "." + ptxOrdering(ordering).str() + "." + ptxAtomicOperation(kind, type) +
                       " $0, [ $1 + 0 ], $2;";
    std::string c(1, constraintOf(bits));
    Value old = inlinePTX(rewriter, loc, word, text, "=" + c + ",l," + c + ",b",
                          {pointer, b.bitcast(value, word), predicate});
    return b.bitcast(old, type);
  }

  Value atomicCAS(RewriterBase &rewriter, Location loc, Value pointer, Value compare, Value value,
                  Value predicate, LLVM::AtomicOrdering ordering,
                  MemoryScope scope) const override {
    Type type = value.getType();
    unsigned bits = type.getIntOrFloatBitWidth();
    LLVMBuilder b(rewriter, loc);
    Type word = rewriter.getIntegerType(bits);
    std::string width = std::to_string(bits);
    std::string text = "mov.u" + width + " $0, 0x0;\n\t@$4 atom.global." +
                       ptxOrdering(ordering).str() + "." + ptxScope(scope).str() + ".cas.b" +
                       width + " $0, [ $1 + 0 ], $2, $3;";
    std::string c(1, constraintOf(bits));
    Value old = inlinePTX(rewriter, loc, word, text, "=" + c + ",l," + c + "," + c + ",b",
                          {pointer, b.bitcast(compare, word), b.bitcast(value, word), predicate});
    return b.bitcast(old, type);
  }

  // vprintf(format, arguments): the arguments go in a local buffer laid out as a struct, after
  // C's default promotions (narrow integers to i32, floats to f64).
  LogicalResult printf(RewriterBase &rewriter, Location loc, StringRef format, ValueRange args,
                       ArrayRef<bool> isSigned) const override {
    MLIRContext *context = rewriter.getContext();
    LLVMBuilder b(rewriter, loc);
    auto pointerType = LLVM::LLVMPointerType::get(context);
    Value formatString = moduleString(rewriter, loc, "printfFormat_", format);
    Value buffer = LLVM::ZeroOp::create(rewriter, loc, pointerType);
    if (!args.empty()) {
      SmallVector<Value> promoted;
      for (auto [index, arg] : llvm::enumerate(args)) {
        Type type = arg.getType();
        bool isSignedArg = index < isSigned.size() && isSigned[index];
        if (isa<IntegerType>(type) && type.getIntOrFloatBitWidth() < 32)
          promoted.push_back(isSignedArg ? b.sext(arg, rewriter.getI32Type())
                                         : b.zext(arg, rewriter.getI32Type()));
        else if (isa<FloatType>(type) && type.getIntOrFloatBitWidth() < 64)
          promoted.push_back(LLVM::FPExtOp::create(rewriter, loc, rewriter.getF64Type(), arg));
        else
          promoted.push_back(arg);
      }
      SmallVector<Type> fieldTypes;
      for (Value value : promoted)
        fieldTypes.push_back(value.getType());
      auto structType = LLVM::LLVMStructType::getLiteral(context, fieldTypes);
      buffer = LLVM::AllocaOp::create(rewriter, loc, pointerType, structType, b.i32(1),
                                      /*alignment=*/0);
      for (auto [index, value] : llvm::enumerate(promoted)) {
        Value field = LLVM::GEPOp::create(rewriter, loc, pointerType, structType, buffer,
                                          ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(index)});
        LLVM::StoreOp::create(rewriter, loc, value, field);
      }
    }
    auto vprintf = externalFunction(
        rewriter, loc, "vprintf",
        LLVM::LLVMFunctionType::get(rewriter.getI32Type(), {pointerType, pointerType}));
    LLVM::CallOp::create(rewriter, loc, vprintf, ValueRange{formatString, buffer});
    return success();
  }

  // __assertfail(message, file, line, function, sizeof(char)) prints the CUDA assertion
  // message and traps.
  void assertFail(RewriterBase &rewriter, Location loc, StringRef message, StringRef file, int line,
                  StringRef function) const override {
    MLIRContext *context = rewriter.getContext();
    LLVMBuilder b(rewriter, loc);
    auto pointerType = LLVM::LLVMPointerType::get(context);
    auto assertfail = externalFunction(
        rewriter, loc, "__assertfail",
        LLVM::LLVMFunctionType::get(
            LLVM::LLVMVoidType::get(context),
            {pointerType, pointerType, rewriter.getI32Type(), pointerType, rewriter.getI64Type()}));
    Value operands[] = {moduleString(rewriter, loc, "assertMessage_", message),
                        moduleString(rewriter, loc, "assertFile_", file), b.i32(line),
                        moduleString(rewriter, loc, "assertFunc_", function), b.i64(1)};
    LLVM::CallOp::create(rewriter, loc, assertfail, operands);
  }

  void markKernel(LLVM::LLVMFuncOp function, int numThreads) const override {
    MLIRContext *context = function.getContext();
    function->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(), UnitAttr::get(context));
    function->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                      DenseI32ArrayAttr::get(context, {numThreads}));
  }

  // nvvm.cluster_dim: the PTX gets .explicitcluster and .reqnctapercluster.
  void markCluster(LLVM::LLVMFuncOp function, int numCTAs) const override {
    function->setAttr(NVVM::NVVMDialect::getClusterDimAttrName(),
                      DenseI32ArrayAttr::get(function.getContext(), {numCTAs, 1, 1}));
  }

  void annotateModule(ModuleOp module) const override {
    MLIRContext *context = module.getContext();
    module->setAttr("llvm.target_triple", StringAttr::get(context, "nvptx64-nvidia-cuda"));
    module->setAttr("llvm.data_layout",
                    StringAttr::get(context, "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-"
                                             "i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"));
  }

private:
  int computeCapability;
  // Whether libdevice will be linked in (a CUDA installation was found).
  bool deviceLibrary;
};

} // namespace

std::unique_ptr<TargetInfo> createTargetInfoCUDA(int computeCapability, bool deviceLibrary) {
  return std::make_unique<TargetInfoCUDA>(computeCapability, deviceLibrary);
}

void registerNVVMDialect(DialectRegistry &registry) { registry.insert<NVVM::NVVMDialect>(); }

} // namespace trex
