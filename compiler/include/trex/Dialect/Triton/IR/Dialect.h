// Public C++ API of the `tt` dialect: the dialect, its types, enums, ops and
// the type helpers the op definitions use.
#ifndef TREX_DIALECT_TRITON_IR_DIALECT_H
#define TREX_DIALECT_TRITON_IR_DIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "trex/Dialect/Triton/IR/Interfaces.h"
#include "trex/Dialect/Triton/IR/Traits.h"

#include "trex/Dialect/Triton/IR/Dialect.h.inc"
#include "trex/Dialect/Triton/IR/OpsEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "trex/Dialect/Triton/IR/Types.h.inc"

namespace trex::tt {

// The memory side effects of loads, stores and atomics are on this resource.
struct GlobalMemory : public mlir::SideEffects::Resource::Base<GlobalMemory> {
  llvm::StringRef getName() final { return "<GlobalMemory>"; }
};

// Type helpers. "Same shape" results keep the operand's encoding.
// ptr<T> -> T; tensor<Nx!tt.ptr<T>> -> tensor<NxT>; ptr<tensor<..>> -> tensor<..>.
mlir::Type getPointeeType(mlir::Type type);
// T -> i1 and tensor<NxT> -> tensor<Nxi1>.
mlir::Type getI1SameShape(mlir::Type type);
mlir::Type getI32SameShape(mlir::Type type);
// T -> !tt.ptr<T> and tensor<NxT> -> tensor<Nx!tt.ptr<T>>.
mlir::Type getPointerTypeSameShape(mlir::Type type);
// tensor<..xT> -> !tt.ptr<T> (the base pointer of a buffer access).
mlir::Type getPointerTypeToElement(mlir::Type type);
// !tt.ptr<tensor<..xT>, as> -> !tt.ptr<T, as>: the base of a block pointer.
mlir::Type getBlockBasePointerType(mlir::Type type);
// The encoding of a ranked tensor (or of the tensor a block pointer points to).
mlir::Attribute getEncoding(mlir::Type type);
// True for !tt.ptr<tensor<...>>.
bool isTensorPointerType(mlir::Type type);
// Width in bits of a scalar type; pointers are 64 bits.
unsigned getScalarBitWidth(mlir::Type type);

} // namespace trex::tt

#define GET_OP_CLASSES
#include "trex/Dialect/Triton/IR/Ops.h.inc"

#endif // TREX_DIALECT_TRITON_IR_DIALECT_H
