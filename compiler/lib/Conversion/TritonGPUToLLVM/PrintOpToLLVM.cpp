// tt.print to LLVM: one printf per element a thread holds, in Triton's format.
//
// Every line reads
//   pid (<x>, <y>, <z>) idx (<i0>, <i1>, ...)<prefix>(operand <n>) <value>
// with "(operand <n>) " only when the op prints several operands, "idx ()" for a scalar, the
// index fields padded to the digits of their dimension and the value as %i/%u/%lli/%llu
// (per `isSigned`), %f, %p, or 0x%0<n>x with `hex` (the bits of floating-point values). The
// prefix is copied into the format with its '%' doubled. Threads print every element they
// hold, copies included, as Triton's do. How the line is printed (vprintf on NVIDIA) is the
// target's; a target that cannot print reports an error.
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"

#include <cmath>

using namespace mlir;

namespace trex {

namespace {

// The printf conversion of `value` and the value to pass for it.
std::pair<std::string, Value> formatOf(LLVMBuilder &b, Value value, bool hex, bool isSigned) {
  Type type = value.getType();
  if (isa<LLVM::LLVMPointerType>(type))
    return {"%p", value};
  unsigned bits = type.getIntOrFloatBitWidth();
  if (hex) {
    // Floating-point values print as their bits.
    Value integer = b.bitcast(value, b.builder.getIntegerType(bits));
    return {"0x%0" + std::to_string(bits / 4) + (bits > 32 ? "ll" : "") + "x", integer};
  }
  if (isa<FloatType>(type))
    return {"%f", value};
  if (bits == 64)
    return {isSigned ? "%lli" : "%llu", value};
  return {isSigned ? "%i" : "%u", value};
}

std::string escapePercent(StringRef text) {
  std::string escaped;
  for (char c : text) {
    escaped.push_back(c);
    if (c == '%')
      escaped.push_back('%');
  }
  return escaped;
}

struct PrintOpConversion : public ConvertOpToLLVMPattern<tt::PrintOp> {
  PrintOpConversion(TritonGPUToLLVMTypeConverter &converter, const TargetInfo &target)
      : ConvertOpToLLVMPattern<tt::PrintOp>(converter), target(target) {}

  LogicalResult matchAndRewrite(tt::PrintOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder b(rewriter, loc);
    SmallVector<Value> pids;
    for (int axis = 0; axis < 3; ++axis)
      pids.push_back(target.programId(rewriter, loc, axis));
    std::string prefix = escapePercent(op.getPrefix());
    std::string pidFormat = "pid (%u, %u, %u)";

    if (op.getArgs().empty()) {
      if (failed(
              target.printf(rewriter, loc, pidFormat + prefix + "\n", pids, {false, false, false})))
        return failure();
      rewriter.eraseOp(op);
      return success();
    }

    size_t numOperands = op.getArgs().size();
    ArrayRef<int32_t> isSigned = op.getIsSigned();
    for (size_t operand = 0; operand < numOperands; ++operand) {
      SmallVector<Value> elements = unpackElements(loc, adaptor.getArgs()[operand], rewriter);
      SmallVector<SmallVector<Value>> indices;
      SmallVector<int> widths;
      if (auto tensorType = dyn_cast<RankedTensorType>(op.getArgs()[operand].getType())) {
        indices = emitIndices(rewriter, loc, target, tensorType);
        for (int64_t size : tensorType.getShape())
          widths.push_back(size > 0 ? static_cast<int>(std::ceil(std::log10(size))) : 0);
      } else {
        indices.push_back({});
      }
      bool signedOperand = operand < isSigned.size() && isSigned[operand] != 0;
      for (auto [element, index] : llvm::zip(elements, indices)) {
        std::string format = pidFormat + " idx (";
        SmallVector<Value> args(pids);
        SmallVector<bool> argIsSigned(3, false);
        for (auto [dim, coordinate] : llvm::enumerate(index)) {
          format += (dim ? ", %" : "%") + std::to_string(widths[dim]) + "u";
          args.push_back(coordinate);
          argIsSigned.push_back(false);
        }
        format += ")" + prefix;
        if (numOperands > 1)
          format += "(operand " + std::to_string(operand) + ") ";
        auto [conversion, value] = formatOf(b, element, op.getHex(), signedOperand);
        format += conversion + "\n";
        args.push_back(value);
        argIsSigned.push_back(signedOperand);
        if (failed(target.printf(rewriter, loc, format, args, argIsSigned)))
          return failure();
      }
    }
    rewriter.eraseOp(op);
    return success();
  }

  const TargetInfo &target;
};

} // namespace

void populatePrintOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                   RewritePatternSet &patterns, const TargetInfo &target) {
  patterns.add<PrintOpConversion>(converter, target);
}

} // namespace trex
