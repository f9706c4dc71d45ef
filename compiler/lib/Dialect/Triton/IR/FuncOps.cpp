// tt.func, tt.call and tt.return: the function ops, modelled on func.func but
// kept in `tt` so that Triton's kernels print as `tt.func public @kernel(...)`.
#include "trex/Dialect/Triton/IR/Dialect.h"

#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;

namespace trex::tt {

void FuncOp::build(OpBuilder &builder, OperationState &state, StringRef name, FunctionType type,
                   ArrayRef<NamedAttribute> attrs, ArrayRef<DictionaryAttr> argAttrs) {
  state.addAttribute(SymbolTable::getSymbolAttrName(), builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.attributes.append(attrs.begin(), attrs.end());
  state.addRegion();
  if (argAttrs.empty())
    return;
  call_interface_impl::addArgAndResultAttrs(builder, state, argAttrs, /*resultAttrs=*/{},
                                            getArgAttrsAttrName(state.name),
                                            getResAttrsAttrName(state.name));
}

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFunctionType = [](Builder &builder, ArrayRef<Type> argTypes, ArrayRef<Type> results,
                              function_interface_impl::VariadicFlag,
                              std::string &) { return builder.getFunctionType(argTypes, results); };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false, getFunctionTypeAttrName(result.name),
      buildFunctionType, getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &printer) {
  function_interface_impl::printFunctionOp(printer, *this, /*isVariadic=*/false,
                                           getFunctionTypeAttrName(), getArgAttrsAttrName(),
                                           getResAttrsAttrName());
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto calleeAttr = (*this)->getAttrOfType<FlatSymbolRefAttr>("callee");
  auto callee = symbolTable.lookupNearestSymbolFrom<FuncOp>(*this, calleeAttr);
  if (!callee)
    return emitOpError("'") << calleeAttr.getValue() << "' does not name a tt.func in this module";
  FunctionType type = callee.getFunctionType();
  if (type.getNumInputs() != getNumOperands())
    return emitOpError("passes ") << getNumOperands() << " arguments but @" << calleeAttr.getValue()
                                  << " takes " << type.getNumInputs();
  for (auto [index, pair] : llvm::enumerate(llvm::zip(getOperandTypes(), type.getInputs()))) {
    auto [actual, expected] = pair;
    if (actual != expected)
      return emitOpError("argument ") << index << " has type " << actual << " but @"
                                      << calleeAttr.getValue() << " expects " << expected;
  }
  if (!llvm::equal(type.getResults(), getResultTypes()))
    return emitOpError("result types do not match those of @") << calleeAttr.getValue();
  return success();
}

LogicalResult ReturnOp::verify() {
  auto function = (*this)->getParentOfType<FuncOp>();
  ArrayRef<Type> expected = function.getFunctionType().getResults();
  if (getNumOperands() != expected.size())
    return emitOpError("returns ") << getNumOperands() << " values but @" << function.getName()
                                   << " declares " << expected.size();
  for (auto [index, pair] : llvm::enumerate(llvm::zip(getOperandTypes(), expected))) {
    auto [actual, declared] = pair;
    if (actual != declared)
      return emitOpError("value ") << index << " has type " << actual << " but @"
                                   << function.getName() << " declares " << declared;
  }
  return success();
}

} // namespace trex::tt
