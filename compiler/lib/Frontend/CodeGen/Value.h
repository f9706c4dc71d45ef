// Value: what a Triton-Python expression evaluates to while the code generator walks a kernel.
//
// Triton's code generator is an interpreter over the AST: compile-time values (constexprs:
// None, bools, ints, floats, strings, dtypes, functions) are computed in Python, and only
// tensors become IR. This class holds either kind, plus the structural values (tuples,
// slices, namespaces such as `tl`, bound methods) an expression can produce on the way.
#ifndef TREX_FRONTEND_CODEGEN_VALUE_H
#define TREX_FRONTEND_CODEGEN_VALUE_H

#include "DType.h"

#include "mlir/IR/Value.h"

#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace trex::frontend {

// Python ints are unbounded; 128 bits cover everything Triton accepts (up to 2**64 - 1) and
// the arithmetic around it. Operations that leave this range are reported as errors.
using PyInt = __int128;

std::string pyIntToString(PyInt value);

// A tensor (or a scalar of the IR): an MLIR value and its Triton type.
struct Tensor {
  mlir::Value handle;
  DType type;

  const DType &dtype() const { return type.scalar(); }
  bool isBlock() const { return type.isBlock(); }
  const std::vector<std::int64_t> &shape() const { return type.shape(); }
};

struct Callable;
struct Object;
class Value;

struct Slice {
  std::shared_ptr<Value> lower, upper, step;
};

// A member of one of Triton's enums (tl.PropagateNan.NONE): its class, name and value.
struct EnumValue {
  std::string typeName;
  std::string memberName;
  int value = 0;
  friend bool operator==(const EnumValue &a, const EnumValue &b) {
    return a.typeName == b.typeName && a.value == b.value;
  }
};

// A namespace reached through imports: "triton", "triton.language", "triton.language.math",
// "math". Attribute access on it is resolved by the library tables.
struct Namespace {
  std::string path;
};

struct BoundMethod {
  std::shared_ptr<Value> self;
  std::shared_ptr<const Callable> function;
};

class Value {
public:
  enum class Kind {
    None,
    Bool,
    Int,
    Float,
    String,
    DType,
    Enum,
    Tensor,
    Tuple,
    Slice,
    Callable,
    Namespace,
    BoundMethod,
    // A dict (the `args` of a heuristic, module-level dicts); mutable, shared like Python's.
    Dict,
    // A Python list: mutable and shared, as Python's (module-level evaluation, constexpr
    // functions).
    List,
    // Every other Python object module-level evaluation makes: user modules, plain Python
    // functions, triton.Config, functools.partial, classes, torch dtypes, values of modules
    // trex does not model (see Module/Object.h).
    Object,
  };

  Value() = default;
  static Value none() { return Value(); }
  // Python's own None, as a parameter's default value gives it: Triton wraps every other
  // None in a constexpr, and the two are mangled differently ("None", "constexpr[None]").
  static Value defaultNone() { return Value(Kind::None, true); }
  static Value boolean(bool value) { return Value(Kind::Bool, value); }
  static Value integer(PyInt value) { return Value(Kind::Int, value); }
  static Value floating(double value) { return Value(Kind::Float, value); }
  static Value string(std::string value) { return Value(Kind::String, std::move(value)); }
  static Value dtype(DType value) { return Value(Kind::DType, std::move(value)); }
  static Value enumValue(EnumValue value) { return Value(Kind::Enum, std::move(value)); }
  static Value tensor(mlir::Value handle, DType type) {
    return Value(Kind::Tensor, Tensor{handle, std::move(type)});
  }
  static Value tensor(Tensor tensor) { return Value(Kind::Tensor, std::move(tensor)); }
  static Value tuple(std::vector<Value> elements) {
    return Value(Kind::Tuple, std::make_shared<const std::vector<Value>>(std::move(elements)));
  }
  // An instance of a NamedTuple class of the module (`class Point(NamedTuple): x: ...`): a
  // tuple whose elements are also read by field name; `classObject` holds `_fields`.
  static Value namedTuple(std::vector<Value> elements, std::shared_ptr<Object> classObject) {
    Value value = tuple(std::move(elements));
    value.tupleClass_ = std::move(classObject);
    return value;
  }
  static Value slice(Value lower, Value upper, Value step);
  static Value callable(std::shared_ptr<const Callable> callable) {
    return Value(Kind::Callable, std::move(callable));
  }
  static Value nameSpace(std::string path) { return Value(Kind::Namespace, Namespace{std::move(path)}); }
  static Value boundMethod(Value self, std::shared_ptr<const Callable> function);
  using DictItems = std::vector<std::pair<std::string, Value>>;
  using DictEntries = std::vector<std::pair<Value, Value>>;
  static Value dict(const DictItems &items);
  static Value dictOf(DictEntries entries) {
    return Value(Kind::Dict, std::make_shared<DictEntries>(std::move(entries)));
  }
  static Value list(std::vector<Value> elements) {
    return Value(Kind::List, std::make_shared<std::vector<Value>>(std::move(elements)));
  }
  static Value object(std::shared_ptr<Object> object) {
    return Value(Kind::Object, std::move(object));
  }

  Kind kind() const { return kind_; }
  bool isNone() const { return kind_ == Kind::None; }
  bool isDefaultNone() const { return isNone() && std::holds_alternative<bool>(data_); }
  bool isBool() const { return kind_ == Kind::Bool; }
  bool isInt() const { return kind_ == Kind::Int; }
  bool isFloat() const { return kind_ == Kind::Float; }
  bool isString() const { return kind_ == Kind::String; }
  bool isDType() const { return kind_ == Kind::DType; }
  bool isEnum() const { return kind_ == Kind::Enum; }
  bool isTensor() const { return kind_ == Kind::Tensor; }
  bool isTuple() const { return kind_ == Kind::Tuple; }
  bool isSlice() const { return kind_ == Kind::Slice; }
  bool isCallable() const { return kind_ == Kind::Callable; }
  bool isNamespace() const { return kind_ == Kind::Namespace; }
  bool isBoundMethod() const { return kind_ == Kind::BoundMethod; }
  bool isDict() const { return kind_ == Kind::Dict; }
  bool isList() const { return kind_ == Kind::List; }
  bool isObject() const { return kind_ == Kind::Object; }
  // A Python number (numbers.Number): bool, int or float.
  bool isNumber() const { return isBool() || isInt() || isFloat(); }
  // Triton's `_is_constexpr`: a value known at compile time that is not a structure.
  bool isConstexpr() const {
    return isNone() || isBool() || isInt() || isFloat() || isString() || isDType() || isEnum() ||
           isCallable();
  }

  bool asBool() const { return std::get<bool>(data_); }
  PyInt asInt() const { return std::get<PyInt>(data_); }
  // bool and int as an integer (Python's bool is an int).
  PyInt asInteger() const { return isBool() ? PyInt(asBool()) : asInt(); }
  double asFloat() const { return std::get<double>(data_); }
  // Any number as a double.
  double asDouble() const;
  const std::string &asString() const { return std::get<std::string>(data_); }
  const DType &asDType() const { return std::get<DType>(data_); }
  const EnumValue &asEnum() const { return std::get<EnumValue>(data_); }
  const Tensor &asTensor() const { return std::get<Tensor>(data_); }
  const std::vector<Value> &elements() const {
    return *std::get<std::shared_ptr<const std::vector<Value>>>(data_);
  }
  const Slice &asSlice() const { return std::get<Slice>(data_); }
  const std::shared_ptr<const Callable> &asCallable() const {
    return std::get<std::shared_ptr<const Callable>>(data_);
  }
  const Namespace &asNamespace() const { return std::get<Namespace>(data_); }
  const BoundMethod &asBoundMethod() const { return std::get<BoundMethod>(data_); }
  // The entries of a dict, in insertion order; shared by every copy of the value.
  DictEntries &dictEntries() const { return *std::get<std::shared_ptr<DictEntries>>(data_); }
  // The value of `key` in a dict, or null.
  const Value *dictFind(const Value &key) const;
  // The elements of a list; shared by every copy of the value.
  std::vector<Value> &listElements() const {
    return *std::get<std::shared_ptr<std::vector<Value>>>(data_);
  }
  const std::shared_ptr<Object> &asObject() const {
    return std::get<std::shared_ptr<Object>>(data_);
  }
  // The elements of a tuple or a list.
  const std::vector<Value> &sequence() const { return isList() ? listElements() : elements(); }

  // Made by `tl.constexpr(...)` (or arithmetic on such a value) at module level: Triton lets
  // kernels read a global only when it is a constexpr object (or a dtype, a function, ...).
  bool isConstexprWrapped() const { return constexprWrapped_; }
  Value wrappedAsConstexpr(bool wrapped = true) const {
    Value copy = *this;
    copy.constexprWrapped_ = wrapped;
    return copy;
  }

  // The NamedTuple class of a tuple made by one (null for a plain tuple).
  const std::shared_ptr<Object> &tupleClass() const { return tupleClass_; }
  // A tuple of the same class (NamedTuple or plain) with other elements.
  Value withElements(std::vector<Value> elements) const {
    return tupleClass_ ? namedTuple(std::move(elements), tupleClass_) : tuple(std::move(elements));
  }

  // Python truthiness of a compile-time value.
  bool truthy() const;
  // `str(value)` of a compile-time value, as Python prints it (used in mangled names and
  // messages): "128", "True", "None", "0.5", "fp32".
  std::string str() const;
  // A short description for error messages: "constexpr[128]", "fp32[(1024,)]", "tuple".
  std::string describe() const;
  // The IR values a value flattens to (tensors, through tuples), in order.
  void flatten(std::vector<mlir::Value> &handles) const;

private:
  template <typename T>
  Value(Kind kind, T &&data) : kind_(kind), data_(std::forward<T>(data)) {}

  Kind kind_ = Kind::None;
  bool constexprWrapped_ = false;
  std::shared_ptr<Object> tupleClass_;
  std::variant<std::monostate, bool, PyInt, double, std::string, DType, EnumValue, Tensor,
               std::shared_ptr<const std::vector<Value>>, Slice, std::shared_ptr<const Callable>,
               Namespace, BoundMethod, std::shared_ptr<DictEntries>,
               std::shared_ptr<std::vector<Value>>, std::shared_ptr<Object>>
      data_;
};

// Python's repr of a float ("0.5", "1e-05", "inf", "1.0").
std::string pyFloatRepr(double value);

// The "shape" of a value with its IR values taken out: what a function signature, a loop
// carry or a return records so the same structure can be rebuilt from new IR values.
struct ValueTemplate {
  enum class Kind { Constexpr, Tensor, Tuple };
  Kind kind = Kind::Constexpr;
  Value constant;                        // Constexpr
  DType type;                            // Tensor
  std::vector<ValueTemplate> elements;   // Tuple
  std::shared_ptr<Object> tupleClass;    // Tuple: its NamedTuple class, if any

  static ValueTemplate of(const Value &value);
  // Rebuilds a value from `handles` starting at `cursor`, advancing it.
  Value rebuild(const std::vector<mlir::Value> &handles, size_t &cursor) const;
  // The Triton types of the IR values, in flattening order.
  void flattenTypes(std::vector<DType> &types) const;
  // Same structure, same tensor types and same constants.
  bool operator==(const ValueTemplate &other) const;
  bool operator!=(const ValueTemplate &other) const { return !(*this == other); }
  std::string describe() const;
};

} // namespace trex::frontend

#endif // TREX_FRONTEND_CODEGEN_VALUE_H
