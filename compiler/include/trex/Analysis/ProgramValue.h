// ProgramValue: what one SSA value of a kernel holds in one program of a concrete launch, as far
// as the access-range evaluator (AccessRange.h) can follow it: integers (scalars or tensors),
// pointers as (kernel argument, element offset), block pointers, or "unknown".
//
// Why so little: the evaluator only needs the arithmetic that computes addresses and masks.
// Anything else (floats, loaded data, ops it does not model) becomes Unknown, and an access
// whose address or mask is Unknown is skipped, so the check never reports a false error.
//
// Integers are kept sign-extended from their bit width (i1 true is -1, as arith.constant
// spells it), and every operation wraps to the width the way the GPU does: an i32 offset that
// overflows goes negative here too.
#ifndef TREX_ANALYSIS_PROGRAMVALUE_H
#define TREX_ANALYSIS_PROGRAMVALUE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace trex {

// Which launch inputs a value was computed from: bit i for kernel argument i (the first 62),
// plus one bit for the grid (program ids and program counts). Reported with an error so the
// user sees which of the values they chose led to it.
using LaunchDependencies = std::uint64_t;
constexpr LaunchDependencies kGridDependency = 1ull << 63;
LaunchDependencies argumentDependency(unsigned argument);

// A block pointer (tt.make_tensor_ptr, moved by tt.advance): the parent tensor's shape and
// strides and the block's offsets per dimension; addresses are in elements of the pointee.
struct BlockPointerValue {
  std::int64_t baseOffset = 0;
  llvm::SmallVector<std::int64_t, 2> parentShape;
  llvm::SmallVector<std::int64_t, 2> strides;
  llvm::SmallVector<std::int64_t, 2> offsets;
};

struct ProgramValue {
  enum class Kind { Unknown, Integer, Pointer, BlockPointer };
  Kind kind = Kind::Unknown;
  // The tensor's shape; empty for a scalar (which has one element).
  llvm::SmallVector<std::int64_t, 2> shape;
  // Row-major. Integer: each element's value; Pointer: each element's offset, in elements of
  // the argument's pointee type, from the start of the argument's buffer.
  std::vector<std::int64_t> elements;
  // Integer: the width the values wrap at (index is 64).
  unsigned bitWidth = 64;
  // Pointer / BlockPointer: the kernel argument the pointers point into.
  unsigned argument = 0;
  std::shared_ptr<const BlockPointerValue> block;
  LaunchDependencies dependencies = 0;

  static ProgramValue unknown() { return {}; }
  static ProgramValue integer(std::int64_t value, unsigned bitWidth,
                              LaunchDependencies dependencies = 0);
  static ProgramValue pointer(unsigned argument, std::int64_t offset,
                              LaunchDependencies dependencies = 0);

  bool isKnown() const { return kind != Kind::Unknown; }
  bool isScalar() const { return shape.empty(); }
};

// The number of elements a shape holds (1 for a scalar).
std::int64_t elementCount(llvm::ArrayRef<std::int64_t> shape);

// `value` truncated to `bitWidth` bits and sign-extended back; the unsigned reading of the
// same bits.
std::int64_t wrapToWidth(std::int64_t value, unsigned bitWidth);
std::uint64_t unsignedValue(std::int64_t value, unsigned bitWidth);

// The integer operations of arith (and the comparisons of arith.cmpi).
enum class IntegerOp {
  Add,
  Sub,
  Mul,
  DivS,
  DivU,
  RemS,
  RemU,
  CeilDivS,
  CeilDivU,
  FloorDivS,
  And,
  Or,
  Xor,
  Shl,
  ShrS,
  ShrU,
  MaxS,
  MinS,
  MaxU,
  MinU,
  Eq,
  Ne,
  Slt,
  Sle,
  Sgt,
  Sge,
  Ult,
  Ule,
  Ugt,
  Uge
};

// One operation on two elements of width `bitWidth`; nullopt where the result is undefined
// (division by zero, signed division overflow, a shift by the width or more). Comparisons
// give -1 (true) or 0.
std::optional<std::int64_t> applyIntegerOp(IntegerOp op, std::int64_t lhs, std::int64_t rhs,
                                           unsigned bitWidth);

// Element by element over two integer values of one shape; Unknown if either is unknown or
// any element's result is undefined. `work` counts the elements processed.
ProgramValue combineIntegers(IntegerOp op, const ProgramValue &lhs, const ProgramValue &rhs,
                             std::int64_t &work);

// Integer width changes: extension reads the bits signed or unsigned, truncation wraps.
ProgramValue extendOrTruncate(const ProgramValue &value, unsigned toWidth, bool signedExtension,
                              std::int64_t &work);

// Shape operations (tt.splat, tt.broadcast, tt.expand_dims, tt.reshape, tt.trans); they keep
// integers and pointers alike, and Unknown stays Unknown.
ProgramValue splatValue(const ProgramValue &scalar, llvm::ArrayRef<std::int64_t> shape,
                        std::int64_t &work);
ProgramValue broadcastValue(const ProgramValue &source, llvm::ArrayRef<std::int64_t> shape,
                            std::int64_t &work);
ProgramValue reshapeValue(const ProgramValue &source, llvm::ArrayRef<std::int64_t> shape);
ProgramValue transposeValue(const ProgramValue &source, llvm::ArrayRef<std::int32_t> order,
                            std::int64_t &work);

// arith.select: a scalar condition picks a whole operand, a tensor one picks per element.
// Pointer operands must point into the same argument.
ProgramValue selectValue(const ProgramValue &condition, const ProgramValue &whenTrue,
                         const ProgramValue &whenFalse, std::int64_t &work);

// tt.addptr: pointer offsets plus integer offsets (same shape).
ProgramValue addPointerOffsets(const ProgramValue &pointers, const ProgramValue &offsets,
                               std::int64_t &work);

} // namespace trex

#endif // TREX_ANALYSIS_PROGRAMVALUE_H
