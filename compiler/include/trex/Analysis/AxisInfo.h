// AxisInfo: what is known, per dimension, about the integers (or addresses) a
// tensor holds -- how many consecutive elements increase by one
// (contiguity), the largest power of two that divides each run's first
// element (divisibility), and how many consecutive elements are equal
// (constancy). Coalescing and vectorization read it to size memory accesses.
//
// Example: `tt.make_range {start = 0, end = 128}` is contiguity [128],
// divisibility [2^30], constancy [1]; `splat(%p)` of a 16-byte aligned
// pointer is contiguity [1], divisibility [16], constancy [N]; adding the two
// (tt.addptr, f32 elements) gives contiguity [128], divisibility [16]: one
// run of 128 consecutive f32 starting at a 16-byte aligned address.
#ifndef TREX_ANALYSIS_AXISINFO_H
#define TREX_ANALYSIS_AXISINFO_H

#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace trex {

// The largest power of two dividing `value`; zero is divisible by anything,
// which is represented by 2^62 (large, but safe to multiply by small factors).
int64_t highestPowerOf2Divisor(int64_t value);

class AxisInfo {
public:
  using DimVector = llvm::SmallVector<int64_t, 4>;

  // The uninitialized state (rank 0): nothing is known yet, joins as identity.
  AxisInfo() = default;
  AxisInfo(llvm::ArrayRef<int64_t> contiguity, llvm::ArrayRef<int64_t> divisibility,
           llvm::ArrayRef<int64_t> constancy, std::optional<int64_t> constantValue = std::nullopt)
      : contiguity(contiguity), divisibility(divisibility), constancy(constancy),
        constantValue(constantValue) {}

  int64_t getContiguity(size_t dim) const { return contiguity[dim]; }
  int64_t getDivisibility(size_t dim) const { return divisibility[dim]; }
  int64_t getConstancy(size_t dim) const { return constancy[dim]; }
  const DimVector &getContiguity() const { return contiguity; }
  const DimVector &getDivisibility() const { return divisibility; }
  const DimVector &getConstancy() const { return constancy; }
  int getRank() const { return static_cast<int>(contiguity.size()); }
  // The value of every element, when it is one known integer.
  std::optional<int64_t> getConstantValue() const { return constantValue; }

  bool operator==(const AxisInfo &other) const {
    return contiguity == other.contiguity && divisibility == other.divisibility &&
           constancy == other.constancy && constantValue == other.constantValue;
  }

  // What is known before any op is visited: function arguments take their
  // tt.divisibility/tt.contiguity/tt.constancy attributes, results of control
  // flow start optimistic (they are joined with every incoming value), all
  // else starts at 1.
  static AxisInfo getPessimisticValueState(mlir::Value value);
  // The facts that hold for both: gcd of each property.
  static AxisInfo join(const AxisInfo &lhs, const AxisInfo &rhs);

  // "contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>"
  void print(llvm::raw_ostream &os) const;

private:
  DimVector contiguity;
  DimVector divisibility;
  DimVector constancy;
  std::optional<int64_t> constantValue;
};

// Runs the analysis on every function of a module, callers before callees:
// a callee's scalar arguments receive the gcd of what all its call sites pass
// (recorded as tt.contiguity/tt.divisibility/tt.constancy argument
// attributes, as Triton does), so noinline functions are analysed with what
// their callers know.
class ModuleAxisInfoAnalysis {
public:
  explicit ModuleAxisInfoAnalysis(mlir::ModuleOp module);

  // The facts about `value`, or null for values outside the analysed functions.
  const AxisInfo *getAxisInfo(mlir::Value value) const;

  // Elements of a pointer tensor one thread can access with one vector
  // instruction as far as alignment goes, along the layout's fastest dimension.
  unsigned getPtrAlignment(mlir::Value ptr) const;
  // Consecutive equal mask elements along the layout's fastest dimension.
  unsigned getMaskAlignment(mlir::Value mask) const;

private:
  void analyze(mlir::FunctionOpInterface function);
  void passFactsToCallee(mlir::CallOpInterface call, mlir::FunctionOpInterface callee);

  llvm::DenseMap<mlir::Value, AxisInfo> facts;
};

namespace detail {
// The transfer function of one op: the facts about its results given those
// of its operands (defined in AxisInfoTransferFunctions.cpp). Returns the
// uninitialized AxisInfo for ops it does not model.
AxisInfo visitOperation(mlir::Operation *op, llvm::ArrayRef<const AxisInfo *> operands);
} // namespace detail

} // namespace trex

#endif // TREX_ANALYSIS_AXISINFO_H
