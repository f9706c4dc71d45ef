// tt.elementwise_inline_asm (tl.inline_asm_elementwise) to one llvm.inline_asm per pack.
//
// The asm block sees `packed_element` consecutive elements of each operand at a time and
// produces as many of each result. As in Triton, elements narrower than 32 bits travel
// packed into 32-bit registers: a pack of N i8 elements is N/4 operands of type
// vector<4xi8> (N >= 4), a pack of two f16 is one vector<2xf16>; 32-bit and wider elements are
// one operand each. Several asm results come back as a struct, in result order. The target
// does not matter: the asm text is the user's (PTX on NVIDIA, AMDGPU assembly on AMD).
#include "trex/Conversion/TritonGPUToLLVM/Patterns.h"

#include "mlir/IR/BuiltinOps.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace trex {

namespace {

Type elementTypeOf(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor ? tensor.getElementType() : type;
}

// Elements of `type` that share one register of an asm operand or result.
unsigned elementsPerRegister(Type element, unsigned packedElements) {
  unsigned bits = element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 64;
  return std::min(std::max(32 / bits, 1u), packedElements);
}

// The first operand reference in `text` that LLVM's asm printer cannot resolve, which ends the
// process there ("Invalid $ operand number in inline asm string"): a `$` not followed by `$`,
// a variant marker, a number or `{number[:modifier]}`, or a number not below `operands`
// (outputs, then inputs, from $0). Nothing when every reference resolves.
std::optional<std::string> unresolvedOperandReference(StringRef text, size_t operands) {
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '$')
      continue;
    size_t start = i++;
    if (i < text.size() && (text[i] == '$' || text[i] == '(' || text[i] == '|' || text[i] == ')'))
      continue;
    bool braces = i < text.size() && text[i] == '{';
    i += braces;
    size_t digits = i;
    while (i < text.size() && llvm::isDigit(text[i]))
      ++i;
    unsigned number = 0;
    bool bad = text.slice(digits, i).getAsInteger(10, number) || number >= operands;
    if (braces) {
      size_t close = text.find('}', i);
      bad = bad || close == StringRef::npos;
      i = close == StringRef::npos ? text.size() : close;
    }
    if (bad)
      return text.slice(start, std::min(std::max(i + braces, start + 2), text.size())).str();
    --i;
  }
  return std::nullopt;
}

// The first constraint of `constraints` that names no register class the target's asm takes,
// or none. A constraint is an output ('=', maybe '&' or '+'), an input or a clobber ('~...',
// not checked); what follows must be one of the target's one-letter classes (NVPTX: b c h r l
// q f d, immediates n i; AMDGPU: v s a and the generic r, immediates n i), a tied operand's number
// or an explicit register in braces. LLVM's code generator ends the process on others ("works."
// did).
std::optional<std::string> unknownConstraint(StringRef constraints, bool cuda) {
  StringRef classes = cuda ? "bchrlqfdni" : "vsarni";
  for (StringRef constraint : llvm::split(constraints, ',')) {
    constraint = constraint.trim();
    if (constraint.empty() || constraint.starts_with("~"))
      continue;
    StringRef rest = constraint;
    rest.consume_front("=");
    rest.consume_front("&");
    rest.consume_front("+");
    bool known = (rest.size() == 1 && classes.contains(rest.front())) ||
                 (!rest.empty() && llvm::all_of(rest, llvm::isDigit)) ||
                 (rest.size() > 2 && rest.starts_with("{") && rest.ends_with("}"));
    if (!known)
      return constraint.str();
  }
  return std::nullopt;
}

struct ElementwiseInlineAsmOpConversion
    : public ConvertOpToLLVMPattern<tt::ElementwiseInlineAsmOp> {
  using ConvertOpToLLVMPattern<tt::ElementwiseInlineAsmOp>::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(tt::ElementwiseInlineAsmOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder b(rewriter, loc);
    unsigned pack = op.getPackedElement();
    if (pack == 0)
      return op.emitError() << "tt.elementwise_inline_asm needs packed_element >= 1";

    // Per-thread elements of every operand (scalars are one element).
    SmallVector<SmallVector<Value>> operands;
    for (Value operand : adaptor.getArgs())
      operands.push_back(isa<LLVM::LLVMStructType>(operand.getType())
                             ? unpackElements(loc, operand, rewriter)
                             : SmallVector<Value>{operand});
    int64_t count = 1;
    if (auto tensor = dyn_cast<RankedTensorType>(op.getResult().front().getType()))
      count = elementsPerThread(tensor);
    // A thread holding fewer elements than a pack (or a number of them the pack does not
    // divide) runs the last pack with undefined values after its own, as Triton does (an
    // fp8e4b15 upcast of a tensor of one element per thread), and drops what they give.
    if (count % pack != 0)
      for (SmallVector<Value> &elements : operands)
        elements.append(pack - count % pack, b.undef(elements.front().getType()));

    SmallVector<Type> resultElements;
    for (Value result : op.getResult())
      resultElements.push_back(getTypeConverter()->convertType(elementTypeOf(result.getType())));
    // The asm's outputs for one pack: per result, pack / perRegister registers.
    SmallVector<Type> outputTypes;
    for (Type element : resultElements) {
      unsigned perRegister = elementsPerRegister(element, pack);
      Type registerType =
          perRegister == 1 ? element : VectorType::get({perRegister}, element);
      outputTypes.append(pack / perRegister, registerType);
    }
    Type asmResultType;
    if (outputTypes.size() == 1)
      asmResultType = outputTypes.front();
    else if (!outputTypes.empty())
      asmResultType = LLVM::LLVMStructType::getLiteral(rewriter.getContext(), outputTypes);

    auto module = op->getParentOfType<ModuleOp>();
    auto target = module ? module->getAttrOfType<StringAttr>("ttg.target") : StringAttr();
    bool cuda = !target || !target.getValue().starts_with("hip:");
    if (std::optional<std::string> unknown = unknownConstraint(op.getConstraints(), cuda))
      return op.emitError() << "inline_asm_elementwise: the constraint '" << *unknown
                            << "' names no register class of " << (cuda ? "NVIDIA" : "AMD")
                            << " inline asm (" << (cuda ? "r, l, h, f, d, q, b, c" : "v, s, a, r")
                            << ", an immediate n or i, a tied operand's number or a {register})";
    // The constraint string must name every register the asm gets: LLVM's code generator
    // crashes on a count that does not match (outputs start with '=', clobbers with '~').
    size_t inputs = 0;
    for (const SmallVector<Value> &elements : operands)
      inputs += pack / elementsPerRegister(elements.front().getType(), pack);
    size_t constraintOutputs = 0, constraintInputs = 0;
    for (StringRef constraint : llvm::split(op.getConstraints(), ',')) {
      constraint = constraint.trim();
      if (constraint.starts_with("="))
        ++constraintOutputs;
      else if (!constraint.starts_with("~") && !constraint.empty())
        ++constraintInputs;
    }
    if (constraintOutputs != outputTypes.size() || constraintInputs != inputs)
      return op.emitError() << "inline_asm_elementwise: the constraints \"" << op.getConstraints()
                            << "\" name " << constraintOutputs << " output(s) and "
                            << constraintInputs << " input(s), but each asm call (pack " << pack
                            << ") has " << outputTypes.size() << " output register(s) and "
                            << inputs << " input register(s)";
    if (std::optional<std::string> reference =
            unresolvedOperandReference(op.getAsmString(), outputTypes.size() + inputs))
      return op.emitError() << "inline_asm_elementwise: the asm refers to '" << *reference
                            << "', but its operands are $0 to $" << outputTypes.size() + inputs - 1
                            << " (outputs, then inputs; '$$' is a literal '$')";

    SmallVector<SmallVector<Value>> results(resultElements.size());
    for (int64_t first = 0; first < count; first += pack) {
      SmallVector<Value> asmOperands;
      for (auto [index, elements] : llvm::enumerate(operands)) {
        Type element = elements.front().getType();
        unsigned perRegister = elementsPerRegister(element, pack);
        for (unsigned j = 0; j < pack; j += perRegister) {
          if (perRegister == 1) {
            asmOperands.push_back(elements[first + j]);
            continue;
          }
          Value packed = b.undef(VectorType::get({perRegister}, element));
          for (unsigned k = 0; k < perRegister; ++k)
            packed = b.insertElement(packed, elements[first + j + k], k);
          asmOperands.push_back(packed);
        }
      }
      auto asmOp = LLVM::InlineAsmOp::create(
          rewriter, loc, asmResultType ? TypeRange{asmResultType} : TypeRange{}, asmOperands,
          op.getAsmString(), op.getConstraints(), /*has_side_effects=*/!op.getPure(),
          /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
          LLVM::AsmDialectAttr(), ArrayAttr());
      // Unpack the outputs: result after result, register after register.
      unsigned output = 0;
      for (auto [resultIndex, element] : llvm::enumerate(resultElements)) {
        unsigned perRegister = elementsPerRegister(element, pack);
        for (unsigned j = 0; j < pack; j += perRegister, ++output) {
          Value value = outputTypes.size() == 1 ? asmOp.getResult(0)
                                                : b.extractValue(asmOp.getResult(0), output);
          if (perRegister == 1) {
            results[resultIndex].push_back(value);
            continue;
          }
          for (unsigned k = 0; k < perRegister; ++k)
            results[resultIndex].push_back(b.extractElement(value, k));
        }
      }
    }

    SmallVector<Value> replacements;
    for (SmallVector<Value> &elements : results)
      elements.truncate(count);
    for (auto [result, elements] : llvm::zip(op.getResult(), results)) {
      if (isa<RankedTensorType>(result.getType()))
        replacements.push_back(
            packElements(loc, *getTypeConverter(), elements, result.getType(), rewriter));
      else
        replacements.push_back(elements.front());
    }
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

} // namespace

void populateElementwiseInlineAsmOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                                  RewritePatternSet &patterns) {
  patterns.add<ElementwiseInlineAsmOpConversion>(converter);
}

} // namespace trex
