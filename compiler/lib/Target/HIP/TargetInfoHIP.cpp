// TargetInfoHIP: the AMD side of the TritonGPU-to-LLVM lowering (ROCDL intrinsics and plain
// LLVM IR). Predicated accesses are masked loads and stores the AMDGPU backend turns into
// exec-masked instructions; cross-lane exchange goes through ds_bpermute.
#include "trex/Conversion/TritonGPUToLLVM/TargetInfo.h"

#include "trex/Conversion/TritonGPUToLLVM/ApproximateMath.h"
#include "trex/Conversion/TritonGPUToLLVM/ModuleSymbols.h"
#include "trex/Conversion/TritonGPUToLLVM/PredicatedRegion.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace trex {

namespace {

// Words of a loaded or stored value (a word type or a struct of words) as one vector type.
VectorType vectorOfWords(Type type) {
  if (auto structType = dyn_cast<LLVM::LLVMStructType>(type))
    return VectorType::get({static_cast<int64_t>(structType.getBody().size())},
                           structType.getBody().front());
  return VectorType::get({1}, type);
}

// The LLVM sync scope of an atomic on AMDGPU: "agent" is the whole GPU, "workgroup" the
// program, and the empty (default) scope the system.
StringRef syncScopeOf(MemoryScope scope) {
  switch (scope) {
  case MemoryScope::CTA:
    return "workgroup";
  case MemoryScope::GPU:
    return "agent";
  case MemoryScope::System:
    return "";
  }
  return "agent";
}

// LLVM atomics have no relaxed-without-ordering form: relaxed is monotonic.
LLVM::AtomicOrdering atLeastMonotonic(LLVM::AtomicOrdering ordering) {
  return ordering == LLVM::AtomicOrdering::not_atomic || ordering == LLVM::AtomicOrdering::unordered
             ? LLVM::AtomicOrdering::monotonic
             : ordering;
}

// The CDNA3 MFMA of `instruction` on operands in the intrinsic's types, if there is one.
template <typename Mfma>
Value createMfma(OpBuilder &builder, Location loc, Value src0, Value src1, Value accumulator) {
  LLVMBuilder b(builder, loc);
  // cbsz, abid, blgp: no broadcast between blocks, no lane-group swizzle of B.
  Value zero = b.i32(0);
  return Mfma::create(builder, loc, accumulator.getType(),
                      ValueRange{src0, src1, accumulator, zero, zero, zero});
}

// K of CDNA3's nonKDim x nonKDim MFMA of `kind` (64 lanes times kBase elements over
// nonKDim rows); 0 where it has none.
int cdna3K(MatrixCoreKind kind, int nonKDim) {
  if (nonKDim != 32 && nonKDim != 16)
    return 0;
  int lanesPerRow = 64 / nonKDim;
  switch (kind) {
  case MatrixCoreKind::F16:
  case MatrixCoreKind::BF16:
    return 4 * lanesPerRow;
  case MatrixCoreKind::F32:
    return lanesPerRow;
  case MatrixCoreKind::XF32:
    return 2 * lanesPerRow;
  case MatrixCoreKind::I8:
    return 8 * lanesPerRow;
  }
  return 0;
}

// The CDNA3 MFMA of `instruction` (one cdna3K accepts) on operands in the intrinsic's types.
Value cdna3Mfma(OpBuilder &builder, Location loc, const MatrixCoreInstruction &instruction,
                Value src0, Value src1, Value accumulator) {
  bool large = instruction.nonKDim == 32;
  switch (instruction.kind) {
  case MatrixCoreKind::F16:
    return large ? createMfma<ROCDL::mfma_f32_32x32x8f16>(builder, loc, src0, src1, accumulator)
                 : createMfma<ROCDL::mfma_f32_16x16x16f16>(builder, loc, src0, src1, accumulator);
  case MatrixCoreKind::BF16:
    return large
               ? createMfma<ROCDL::mfma_f32_32x32x8bf16_1k>(builder, loc, src0, src1, accumulator)
               : createMfma<ROCDL::mfma_f32_16x16x16bf16_1k>(builder, loc, src0, src1, accumulator);
  case MatrixCoreKind::F32:
    return large ? createMfma<ROCDL::mfma_f32_32x32x2f32>(builder, loc, src0, src1, accumulator)
                 : createMfma<ROCDL::mfma_f32_16x16x4f32>(builder, loc, src0, src1, accumulator);
  case MatrixCoreKind::XF32:
    return large ? createMfma<ROCDL::mfma_f32_32x32x4_xf32>(builder, loc, src0, src1, accumulator)
                 : createMfma<ROCDL::mfma_f32_16x16x8_xf32>(builder, loc, src0, src1, accumulator);
  case MatrixCoreKind::I8:
    return large ? createMfma<ROCDL::mfma_i32_32x32x16_i8>(builder, loc, src0, src1, accumulator)
                 : createMfma<ROCDL::mfma_i32_16x16x32_i8>(builder, loc, src0, src1, accumulator);
  }
  return accumulator;
}

// A lane's operand elements (vector<kBase x T>) in the type the MFMA intrinsic takes: bf16
// as i16 (the "_1k" intrinsics predate LLVM's bf16), one f32 as a scalar, 8 i8 as one i64.
Value mfmaOperand(OpBuilder &builder, Location loc, MatrixCoreKind kind, Value elements) {
  LLVMBuilder b(builder, loc);
  auto vector = cast<VectorType>(elements.getType());
  switch (kind) {
  case MatrixCoreKind::BF16:
    return b.bitcast(elements, VectorType::get(vector.getShape(), builder.getI16Type()));
  case MatrixCoreKind::F32:
    return b.extractElement(elements, 0);
  case MatrixCoreKind::I8:
    return b.bitcast(elements, builder.getI64Type());
  case MatrixCoreKind::F16:
  case MatrixCoreKind::XF32:
    return elements;
  }
  return elements;
}

// Whether `elements` has the kBase and element type `kind` takes.
bool isMfmaOperand(Value elements, MatrixCoreKind kind) {
  auto vector = dyn_cast<VectorType>(elements.getType());
  if (!vector || vector.getRank() != 1)
    return false;
  Type element = vector.getElementType();
  int64_t count = vector.getNumElements();
  switch (kind) {
  case MatrixCoreKind::F16:
    return element.isF16() && count == 4;
  case MatrixCoreKind::BF16:
    return element.isBF16() && count == 4;
  case MatrixCoreKind::F32:
    return element.isF32() && count == 1;
  case MatrixCoreKind::XF32:
    return element.isF32() && count == 2;
  case MatrixCoreKind::I8:
    return element.isInteger(8) && count == 8;
  }
  return false;
}

class TargetInfoHIP : public TargetInfo {
public:
  TargetInfoHIP(std::string arch, bool deviceLibrary)
      : arch(std::move(arch)), deviceLibrary(deviceLibrary) {}

  std::string targetName() const override { return "hip:" + arch; }
  bool isCUDA() const override { return false; }
  // CDNA (gfx9) runs wavefronts of 64; RDNA (gfx10+) of 32.
  int warpSize() const override { return arch.rfind("gfx9", 0) == 0 ? 64 : 32; }

  Value programId(OpBuilder &builder, Location loc, int axis) const override {
    Type i32 = builder.getI32Type();
    switch (axis) {
    case 0:
      return ROCDL::BlockIdXOp::create(builder, loc, i32);
    case 1:
      return ROCDL::BlockIdYOp::create(builder, loc, i32);
    default:
      return ROCDL::BlockIdZOp::create(builder, loc, i32);
    }
  }

  // rocdl.grid.dim.* calls the ROCm device library (ockl), which trex does not link; the
  // number of workgroups is computed as ockl does from the HSA dispatch packet: grid size
  // (work-items, u32 at byte 12 + 4 * axis) over workgroup size (u16 at 4 + 2 * axis),
  // rounded up.
  Value numPrograms(OpBuilder &builder, Location loc, int axis) const override {
    LLVMBuilder b(builder, loc);
    Type i32 = builder.getI32Type();
    Type i16 = builder.getI16Type();
    Type i8 = builder.getI8Type();
    auto constantPointer = LLVM::LLVMPointerType::get(builder.getContext(), 4);
    Value packet = LLVM::CallIntrinsicOp::create(builder, loc, constantPointer,
                                                 builder.getStringAttr("llvm.amdgcn.dispatch.ptr"),
                                                 ValueRange{})
                       .getResult(0);
    Value gridSizeAddress = b.gep(constantPointer, i8, packet, b.i32(12 + 4 * axis));
    Value groupSizeAddress = b.gep(constantPointer, i8, packet, b.i32(4 + 2 * axis));
    auto gridSize = LLVM::LoadOp::create(builder, loc, i32, gridSizeAddress, /*alignment=*/4);
    gridSize.setInvariant(true);
    auto groupSize16 = LLVM::LoadOp::create(builder, loc, i16, groupSizeAddress, /*alignment=*/2);
    groupSize16.setInvariant(true);
    Value groupSize = b.zext(groupSize16, i32);
    // Rounded up without overflowing near 2**32 work-items.
    Value whole = b.udiv(gridSize, groupSize);
    Value partial = b.icmpNE(b.urem(gridSize, groupSize), b.i32(0));
    return b.add(whole, b.zext(partial, i32));
  }

  Value threadIdInBlock(OpBuilder &builder, Location loc) const override {
    return ROCDL::ThreadIdXOp::create(builder, loc, builder.getI32Type());
  }

  // s_memtime (a 64-bit counter; truncated for the 32-bit record) and s_memrealtime (a
  // constant 100 MHz clock on CDNA3). The compute unit's hardware id is not read yet: 0.
  Value cycleCounter(OpBuilder &builder, Location loc, bool wide) const override {
    Value clock =
        LLVM::CallIntrinsicOp::create(builder, loc, builder.getI64Type(),
                                      builder.getStringAttr("llvm.amdgcn.s.memtime"), ValueRange{})
            .getResult(0);
    if (wide)
      return clock;
    return LLVM::TruncOp::create(builder, loc, builder.getI32Type(), clock);
  }

  Value globalTime(OpBuilder &builder, Location loc) const override {
    return LLVM::CallIntrinsicOp::create(builder, loc, builder.getI64Type(),
                                         builder.getStringAttr("llvm.amdgcn.s.memrealtime"),
                                         ValueRange{})
        .getResult(0);
  }

  Value processorId(OpBuilder &builder, Location loc) const override {
    return LLVMBuilder(builder, loc).i32(0);
  }

  Value shuffleXor(OpBuilder &builder, Location loc, Value value, int mask) const override {
    LLVMBuilder b(builder, loc);
    Value lane = b.urem(threadIdInBlock(builder, loc), b.i32(warpSize()));
    return shuffleIndex(builder, loc, value, b.xor_(lane, b.i32(mask)));
  }

  Value shuffleIndex(OpBuilder &builder, Location loc, Value value,
                     Value srcLane) const override {
    LLVMBuilder b(builder, loc);
    // ds_bpermute addresses lanes in bytes.
    Value address = b.shl(srcLane, b.i32(2));
    Type i32 = builder.getI32Type();
    Value word = b.bitcast(value, i32);
    Value result = ROCDL::DsBpermuteOp::create(builder, loc, i32, address, word);
    return b.bitcast(result, value.getType());
  }

  Value shuffleUp(OpBuilder &builder, Location loc, Value value, int delta) const override {
    LLVMBuilder b(builder, loc);
    Value lane = b.urem(threadIdInBlock(builder, loc), b.i32(warpSize()));
    return shuffleIndex(builder, loc, value, b.sub(lane, b.i32(delta)));
  }

  Value ballot(OpBuilder &builder, Location loc, Value predicate) const override {
    return ROCDL::BallotOp::create(builder, loc, builder.getIntegerType(warpSize()), predicate);
  }

  void barrier(OpBuilder &builder, Location loc) const override {
    ROCDL::BarrierOp::create(builder, loc);
  }

  Value loadGlobal(OpBuilder &builder, Location loc, Value pointer, Type resultType,
                   Value predicate, ValueRange others, int, int, bool isVolatile) const override {
    LLVMBuilder b(builder, loc);
    VectorType vector = vectorOfWords(resultType);
    int64_t count = vector.getNumElements();
    Value passThrough = b.undef(vector);
    for (int64_t i = 0; i < count; ++i)
      passThrough = b.insertElement(passThrough,
                                    others.empty() ? b.zero(vector.getElementType()) : others[i], i);
    Value mask = b.undef(VectorType::get({count}, builder.getI1Type()));
    for (int64_t i = 0; i < count; ++i)
      mask = b.insertElement(mask, predicate, i);
    unsigned alignment = vector.getNumElements() * vector.getElementTypeBitWidth() / 8;
    Value loaded = LLVM::MaskedLoadOp::create(builder, loc, vector, pointer, mask, passThrough,
                                              alignment);
    (void)isVolatile;
    if (!isa<LLVM::LLVMStructType>(resultType))
      return b.extractElement(loaded, 0);
    Value result = b.undef(resultType);
    for (int64_t i = 0; i < count; ++i)
      result = b.insertValue(result, b.extractElement(loaded, i), i);
    return result;
  }

  void storeGlobal(OpBuilder &builder, Location loc, Value pointer, Value value, Value predicate,
                   int, int) const override {
    LLVMBuilder b(builder, loc);
    VectorType vector = vectorOfWords(value.getType());
    int64_t count = vector.getNumElements();
    Value packed = b.undef(vector);
    SmallVector<Value> words = isa<LLVM::LLVMStructType>(value.getType())
                                   ? unpackElements(loc, value, builder)
                                   : SmallVector<Value>{value};
    for (int64_t i = 0; i < count; ++i)
      packed = b.insertElement(packed, words[i], i);
    Value mask = b.undef(VectorType::get({count}, builder.getI1Type()));
    for (int64_t i = 0; i < count; ++i)
      mask = b.insertElement(mask, predicate, i);
    unsigned alignment = vector.getNumElements() * vector.getElementTypeBitWidth() / 8;
    LLVM::MaskedStoreOp::create(builder, loc, packed, pointer, mask, alignment);
  }

  Value loadShared(OpBuilder &builder, Location loc, Value pointer, Type type,
                   Value predicate) const override {
    LLVMBuilder b(builder, loc);
    return b.extractElement(
        LLVM::MaskedLoadOp::create(
            builder, loc, VectorType::get({1}, type), pointer,
            b.insertElement(b.undef(VectorType::get({1}, builder.getI1Type())), predicate, 0),
            b.insertElement(b.undef(VectorType::get({1}, type)), b.zero(type), 0),
            type.getIntOrFloatBitWidth() / 8),
        0);
  }

  void storeShared(OpBuilder &builder, Location loc, Value pointer, Value value,
                   Value predicate) const override {
    LLVMBuilder b(builder, loc);
    Type type = value.getType();
    LLVM::MaskedStoreOp::create(
        builder, loc, b.insertElement(b.undef(VectorType::get({1}, type)), value, 0), pointer,
        b.insertElement(b.undef(VectorType::get({1}, builder.getI1Type())), predicate, 0),
        type.getIntOrFloatBitWidth() / 8);
  }

  // The MFMA instructions of CDNA3 (gfx940, gfx941, gfx942); other generations differ in
  // which exist (gfx90a lacks xf32 and the 64-bit i8 forms, gfx950 drops xf32).
  FailureOr<Value> matrixCoreMma(OpBuilder &builder, Location loc,
                                 const MatrixCoreInstruction &instruction, Value src0, Value src1,
                                 Value accumulator) const override {
    if (arch != "gfx940" && arch != "gfx941" && arch != "gfx942")
      return failure();
    if (instruction.k != cdna3K(instruction.kind, instruction.nonKDim))
      return failure();
    if (!isMfmaOperand(src0, instruction.kind) || !isMfmaOperand(src1, instruction.kind))
      return failure();
    auto accumulatorType = dyn_cast<VectorType>(accumulator.getType());
    Type accumulatorElement = instruction.kind == MatrixCoreKind::I8 ? Type(builder.getI32Type())
                                                                     : Type(builder.getF32Type());
    if (!accumulatorType || accumulatorType.getElementType() != accumulatorElement ||
        accumulatorType.getNumElements() != instruction.nonKDim * instruction.nonKDim / 64)
      return failure();
    return cdna3Mfma(builder, loc, instruction, mfmaOperand(builder, loc, instruction.kind, src0),
                     mfmaOperand(builder, loc, instruction.kind, src1), accumulator);
  }

  Value exp2Approx(OpBuilder &builder, Location loc, Value x, bool) const override {
    return LLVM::Exp2Op::create(builder, loc, x.getType(), x);
  }

  Value sqrtApprox(OpBuilder &builder, Location loc, Value x) const override {
    return LLVM::SqrtOp::create(builder, loc, x.getType(), x);
  }

  Value divFull(OpBuilder &builder, Location loc, Value lhs, Value rhs) const override {
    return LLVM::FDivOp::create(builder, loc, lhs, rhs);
  }

  Value mathFunction(OpBuilder &builder, Location loc, StringRef name,
                     ValueRange operands) const override {
    // Without the ROCm device libraries: LLVM intrinsics the AMDGPU backend selects, and
    // identities on top of them. AMD GPUs have no f64 instructions for exp, log, sin and
    // cos (the backend has no library to call either): those are computed in IR.
    LLVMBuilder b(builder, loc);
    Value x = operands.front();
    Type type = x.getType();
    if (type.isF64()) {
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
    if (name == "exp2")
      return LLVM::Exp2Op::create(builder, loc, type, x);
    if (name == "exp")
      return LLVM::Exp2Op::create(builder, loc, type,
                                  LLVM::FMulOp::create(builder, loc, x,
                                                       b.floatConstant(type, 1.4426950408889634)));
    if (name == "log")
      return LLVM::FMulOp::create(builder, loc, LLVM::Log2Op::create(builder, loc, type, x),
                                  b.floatConstant(type, 0.6931471805599453));
    if (name == "log2")
      return LLVM::Log2Op::create(builder, loc, type, x);
    if (name == "sin")
      return LLVM::SinOp::create(builder, loc, type, x);
    if (name == "cos")
      return LLVM::CosOp::create(builder, loc, type, x);
    if (name == "sqrt_rn")
      return LLVM::SqrtOp::create(builder, loc, type, x);
    if (name == "rsqrt")
      return LLVM::FDivOp::create(builder, loc, b.floatConstant(type, 1.0),
                                  LLVM::SqrtOp::create(builder, loc, type, x));
    if (name == "div_rn")
      return LLVM::FDivOp::create(builder, loc, operands[0], operands[1]);
    if (name == "erf")
      return erfApproximation(builder, loc, x, [&](Value y) {
        return mathFunction(builder, loc, "exp", {y});
      });
    emitError(loc) << "trex has no lowering of " << name << " for " << targetName();
    return x;
  }

  LogicalResult verifyDeviceLibraryCall(Location loc, StringRef symbol) const override {
    // ocml's and ockl's functions are linked in by the back end, as Triton links them.
    if (deviceLibrary && (symbol.starts_with("__ocml_") || symbol.starts_with("__ockl_")))
      return success();
    InFlightDiagnostic diagnostic = emitError(loc);
    diagnostic << "tt.extern_elementwise (a call of '" << symbol << "') is not supported for "
               << targetName() << ": ";
    if (symbol.starts_with("__nv_"))
      diagnostic << "it is a function of NVIDIA's libdevice";
    else
      diagnostic << "device library functions on AMD come from the ROCm device libraries "
                    "(ocml), and ocml.bc was not found (install Debian's rocm-device-libs or "
                    "set TREX_ROCM_DEVICE_LIBS to the folder that holds it)";
    return diagnostic;
  }

  // An LLVM atomic has no predicated form: threads whose predicate is false branch around it.
  Value atomicRMW(RewriterBase &rewriter, Location loc, LLVM::AtomicBinOp kind, Value pointer,
                  Value value, Value predicate, LLVM::AtomicOrdering ordering,
                  MemoryScope scope) const override {
    LLVMBuilder b(rewriter, loc);
    Value undefined = b.undef(value.getType());
    return emitPredicatedRegion(rewriter, loc, predicate, {undefined},
                                [&] {
                                  Value old = LLVM::AtomicRMWOp::create(
                                      rewriter, loc, kind, pointer, value,
                                      atLeastMonotonic(ordering), syncScopeOf(scope));
                                  return SmallVector<Value>{old};
                                })
        .front();
  }

  Value atomicCAS(RewriterBase &rewriter, Location loc, Value pointer, Value compare, Value value,
                  Value predicate, LLVM::AtomicOrdering ordering,
                  MemoryScope scope) const override {
    LLVMBuilder b(rewriter, loc);
    Value undefined = b.undef(value.getType());
    LLVM::AtomicOrdering success = atLeastMonotonic(ordering);
    // A failed exchange only reads: it keeps the acquire half of the ordering.
    LLVM::AtomicOrdering failure = success == LLVM::AtomicOrdering::acquire ||
                                           success == LLVM::AtomicOrdering::acq_rel ||
                                           success == LLVM::AtomicOrdering::seq_cst
                                       ? LLVM::AtomicOrdering::acquire
                                       : LLVM::AtomicOrdering::monotonic;
    return emitPredicatedRegion(rewriter, loc, predicate, {undefined},
                                [&] {
                                  Value pair = LLVM::AtomicCmpXchgOp::create(
                                      rewriter, loc, pointer, compare, value, success, failure,
                                      syncScopeOf(scope));
                                  return SmallVector<Value>{b.extractValue(pair, 0)};
                                })
        .front();
  }

  // printf through ockl's hostcall services, as Triton 3.6's AMD back end prints: begin a
  // message, append the format (its length counts the NUL), then the arguments in groups of at
  // most seven, each widened to 64 bits (floats as doubles' bits); the back end links ockl in.
  LogicalResult printf(RewriterBase &rewriter, Location loc, StringRef format, ValueRange args,
                       ArrayRef<bool> isSigned) const override {
    if (!deviceLibrary)
      return emitError(loc) << "tl.device_print (tt.print) on " << targetName()
                            << " calls ockl's printf from the ROCm device libraries, and "
                               "ockl.bc was not found (install Debian's rocm-device-libs or set "
                               "TREX_ROCM_DEVICE_LIBS to the folder that holds it)";
    LLVMBuilder b(rewriter, loc);
    Type i64 = rewriter.getI64Type(), i32 = rewriter.getI32Type();
    auto begin = externalFunction(rewriter, loc, "__ockl_printf_begin",
                                  LLVM::LLVMFunctionType::get(i64, {i64}));
    Value message = LLVM::CallOp::create(rewriter, loc, begin, ValueRange{b.i64(0)}).getResult();
    message =
        appendString(rewriter, loc, message, moduleString(rewriter, loc, "printfFormat_", format),
                     format.size() + 1, /*last=*/args.empty());
    constexpr size_t kArgumentsPerCall = 7;
    SmallVector<Type> parameterTypes = {i64, i32};
    parameterTypes.append(kArgumentsPerCall, i64);
    parameterTypes.push_back(i32);
    auto appendArguments = externalFunction(rewriter, loc, "__ockl_printf_append_args",
                                            LLVM::LLVMFunctionType::get(i64, parameterTypes));
    for (size_t first = 0; first < args.size(); first += kArgumentsPerCall) {
      size_t end = std::min(first + kArgumentsPerCall, args.size());
      SmallVector<Value> operands = {message, b.i32(static_cast<int64_t>(end - first))};
      for (size_t index = first; index < end; ++index) {
        Value arg = args[index];
        Type type = arg.getType();
        bool isSignedArg = index >= isSigned.size() || isSigned[index];
        if (isa<LLVM::LLVMPointerType>(type))
          arg = LLVM::PtrToIntOp::create(rewriter, loc, i64, arg);
        else if (auto floatType = dyn_cast<FloatType>(type)) {
          if (!floatType.isF64())
            arg = LLVM::FPExtOp::create(rewriter, loc, rewriter.getF64Type(), arg);
          arg = LLVM::BitcastOp::create(rewriter, loc, i64, arg);
        } else if (type.getIntOrFloatBitWidth() < 64) {
          arg = isSignedArg ? b.sext(arg, i64) : b.zext(arg, i64);
        }
        operands.push_back(arg);
      }
      while (operands.size() < 2 + kArgumentsPerCall)
        operands.push_back(b.i64(0));
      operands.push_back(b.i32(end == args.size() ? 1 : 0));
      message = LLVM::CallOp::create(rewriter, loc, appendArguments, operands).getResult();
    }
    return success();
  }

  // Triton 3.6 on AMD: the message goes to stderr through ockl (when the device libraries are
  // there), all threads of the program meet at a barrier, then the kernel traps.
  void assertFail(RewriterBase &rewriter, Location loc, StringRef message, StringRef file, int line,
                  StringRef function) const override {
    if (deviceLibrary) {
      std::string text = ("device assertion failed: '" + message + "', in " + function + " at " +
                          file + ":" + Twine(line) + "\n")
                             .str();
      auto begin = externalFunction(rewriter, loc, "__ockl_fprintf_stderr_begin",
                                    LLVM::LLVMFunctionType::get(rewriter.getI64Type(), {}));
      Value started = LLVM::CallOp::create(rewriter, loc, begin, ValueRange{}).getResult();
      appendString(rewriter, loc, started, moduleString(rewriter, loc, "assertMessage_", text),
                   text.size() + 1, /*last=*/true);
      ROCDL::BarrierOp::create(rewriter, loc);
    }
    LLVM::Trap::create(rewriter, loc);
  }

  void markKernel(LLVM::LLVMFuncOp function, int numThreads) const override {
    MLIRContext *context = function.getContext();
    function->setAttr("rocdl.kernel", UnitAttr::get(context));
    function->setAttr("rocdl.flat_work_group_size",
                      StringAttr::get(context, "1," + std::to_string(numThreads)));
  }

  void annotateModule(ModuleOp module) const override {
    MLIRContext *context = module.getContext();
    module->setAttr("llvm.target_triple", StringAttr::get(context, "amdgcn-amd-amdhsa"));
    module->setAttr("llvm.data_layout",
                    StringAttr::get(context,
                                    "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:"
                                    "32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-"
                                    "i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:"
                                    "256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"));
  }

private:
  // __ockl_printf_append_string_n(message, text, bytes with the NUL, last): the message so far.
  static Value appendString(RewriterBase &rewriter, Location loc, Value message, Value text,
                            size_t bytes, bool last) {
    LLVMBuilder b(rewriter, loc);
    Type i64 = rewriter.getI64Type(), i32 = rewriter.getI32Type();
    auto append = externalFunction(
        rewriter, loc, "__ockl_printf_append_string_n",
        LLVM::LLVMFunctionType::get(
            i64, {i64, LLVM::LLVMPointerType::get(rewriter.getContext()), i64, i32}));
    return LLVM::CallOp::create(
               rewriter, loc, append,
               ValueRange{message, text, b.i64(static_cast<int64_t>(bytes)), b.i32(last ? 1 : 0)})
        .getResult();
  }

  std::string arch;
  // Whether the ROCm device libraries (ockl) will be linked in: printing needs them.
  bool deviceLibrary;
};

} // namespace

std::unique_ptr<TargetInfo> createTargetInfoHIP(std::string arch, bool deviceLibrary) {
  return std::make_unique<TargetInfoHIP>(std::move(arch), deviceLibrary);
}

void registerROCDLDialect(DialectRegistry &registry) { registry.insert<ROCDL::ROCDLDialect>(); }

} // namespace trex
