// Native op traits of the Triton-family dialects; the checks live in Traits.cpp.
#ifndef TREX_DIALECT_TRITON_IR_TRAITS_H
#define TREX_DIALECT_TRITON_IR_TRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace trex::tt {

// Largest number of elements a Triton tensor may have (Triton's limit).
inline constexpr int64_t kMaxTensorNumElements = 1 << 20;

namespace impl {
mlir::LogicalResult verifyTensorSize(mlir::Operation *op);
mlir::LogicalResult verifyTensorLayouts(mlir::Operation *op);
mlir::LogicalResult verifySameOperandsEncoding(mlir::Operation *op,
                                               bool allowTensorPointerType = false);
mlir::LogicalResult verifySameOperandsAndResultEncoding(mlir::Operation *op,
                                                        bool allowTensorPointerType = false);
mlir::LogicalResult verifySameLoadStoreOperandsShape(mlir::Operation *op);
mlir::LogicalResult verifySameLoadStoreOperandsAndResultShape(mlir::Operation *op);
} // namespace impl

#define TREX_DEFINE_TRAIT(NAME, CHECK)                                                             \
  template <typename ConcreteType>                                                                 \
  class NAME : public mlir::OpTrait::TraitBase<ConcreteType, NAME> {                               \
  public:                                                                                          \
    static mlir::LogicalResult verifyTrait(mlir::Operation *op) { return CHECK; }                  \
  };

TREX_DEFINE_TRAIT(TensorSizeTrait, impl::verifyTensorSize(op))
TREX_DEFINE_TRAIT(VerifyTensorLayoutsTrait, impl::verifyTensorLayouts(op))
TREX_DEFINE_TRAIT(SameOperandsEncoding, impl::verifySameOperandsEncoding(op))
TREX_DEFINE_TRAIT(SameOperandsAndResultEncoding, impl::verifySameOperandsAndResultEncoding(op))
TREX_DEFINE_TRAIT(SameLoadStoreOperandsShape, impl::verifySameLoadStoreOperandsShape(op))
TREX_DEFINE_TRAIT(SameLoadStoreOperandsAndResultShape,
                  impl::verifySameLoadStoreOperandsAndResultShape(op))
TREX_DEFINE_TRAIT(SameLoadStoreOperandsEncoding,
                  impl::verifySameOperandsEncoding(op, /*allowTensorPointerType=*/true))
TREX_DEFINE_TRAIT(SameLoadStoreOperandsAndResultEncoding,
                  impl::verifySameOperandsAndResultEncoding(op, /*allowTensorPointerType=*/true))

#undef TREX_DEFINE_TRAIT

} // namespace trex::tt

#endif // TREX_DIALECT_TRITON_IR_TRAITS_H
