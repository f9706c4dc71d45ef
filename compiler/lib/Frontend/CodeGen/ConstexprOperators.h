// Python's operators on compile-time values (ints, floats, bools, strings, tuples, dtypes),
// which Triton evaluates in Python before any IR exists: `BLOCK * 2`, `N // 4`, `a == b`.
#ifndef TREX_FRONTEND_CODEGEN_CONSTEXPROPERATORS_H
#define TREX_FRONTEND_CODEGEN_CONSTEXPROPERATORS_H

#include "Value.h"

#include <string>

namespace trex::frontend {

// `method` is the operator's dunder name without underscores: add, sub, mul, truediv,
// floordiv, mod, pow, lshift, rshift, and, or, xor, eq, ne, lt, le, gt, ge. Throws
// CompileError with Python's message for unsupported operand types.
Value applyConstexprBinary(const std::string &method, const Value &lhs, const Value &rhs);
// neg, pos, invert, not.
Value applyConstexprUnary(const std::string &method, const Value &operand);
// Python's `is` between compile-time values.
bool constexprIdentical(const Value &lhs, const Value &rhs);
// Python's `==` between compile-time values.
bool constexprEqual(const Value &lhs, const Value &rhs);
// The Python type name of a value, as TypeErrors print it ("int", "str", "tensor").
std::string pythonTypeName(const Value &value);

} // namespace trex::frontend

#endif // TREX_FRONTEND_CODEGEN_CONSTEXPROPERATORS_H
