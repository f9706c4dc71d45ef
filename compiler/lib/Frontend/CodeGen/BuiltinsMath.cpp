// Builtins of triton.language.math (also exported by triton.language), inline assembly, and
// the parts of Python's `math` module a kernel can use on compile-time numbers.
#include "BuiltinSupport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>
#include <limits>

using namespace mlir;

namespace trex::frontend {

namespace {

// Triton's _check_dtype: tensor arguments of these functions must have one of the dtypes.
void checkDTypes(const std::vector<Value> &arguments, std::initializer_list<const char *> allowed) {
  for (const Value &argument : arguments) {
    if (!argument.isTensor())
      continue;
    std::string name = argument.asTensor().dtype().name();
    bool ok = false;
    std::string list;
    for (const char *dtype : allowed) {
      ok |= name == dtype;
      list += std::string(list.empty() ? "" : ", ") + "'" + dtype + "'";
    }
    if (!ok)
      fail("Expected dtype [" + list + "] but got " + name);
  }
}

template <typename Op> Value unaryMath(CodeGenerator &g, const Value &x) {
  Tensor tensor = g.semantic().toTensor(x);
  return Value::tensor(g.builder().create<Op>(tensor.handle), tensor.type);
}

void registerUnary(Library &lib, const char *name, std::initializer_list<const char *> dtypes,
                   std::function<Value(CodeGenerator &, const Value &)> build) {
  std::vector<const char *> allowed(dtypes);
  auto impl = [allowed, build](CodeGenerator &g, BoundArguments &args) {
    // Triton checks tensors only; a Python number it turns into an i32 tensor ends as IR
    // that does not verify (tl.exp(0)), so trex checks the type it converts to as well.
    if (args["x"].isTensor() || (args["x"].isNumber() && !allowed.empty())) {
      std::string dtype = args["x"].isTensor() ? args["x"].asTensor().dtype().name()
                                                : g.semantic().toTensor(args["x"]).dtype().name();
      bool ok = false;
      std::string list;
      for (const char *name : allowed) {
        ok |= dtype == name;
        list += std::string(list.empty() ? "" : ", ") + "'" + name + "'";
      }
      if (!allowed.empty() && !ok)
        fail("Expected dtype [" + list + "] but got " + dtype);
    }
    return build(g, args["x"]);
  };
  lib.addBuiltin(std::string("triton.language.math.") + name, signature({required("x")}), impl);
  lib.addBuiltin(std::string("triton.language.") + name, signature({required("x")}), impl);
  lib.addTensorMember(name, std::string("triton.language.math.") + name);
}

std::pair<Tensor, Tensor> legalize(CodeGenerator &g, const Tensor &x, const Tensor &y) {
  return g.semantic().binaryOpTypeChecking(Value::tensor(x), Value::tensor(y));
}

double numberArgument(const Value &value, const char *function) {
  if (!value.isNumber())
    fail(std::string("math.") + function + "() needs a number, not " + value.describe());
  return value.asDouble();
}

} // namespace

Value inlineAsmElementwise(CodeGenerator &g, const std::string &assembly,
                           const std::string &constraints, const Value &arguments,
                           const Value &dtypes, bool isPure, std::int64_t pack) {
  if (pack <= 0 || (pack & (pack - 1)) != 0)
    fail("pack must be a positive power of two, not " + std::to_string(pack));
  // The op keeps pack as a 32-bit integer: 2^32 became 0.
  if (pack > std::numeric_limits<std::int32_t>::max())
    fail("pack must be below 2^31, not " + std::to_string(pack));
  bool multipleOutputs = dtypes.isTuple();
  std::vector<DType> resultTypes;
  for (const Value &dtype : multipleOutputs ? dtypes.elements() : std::vector<Value>{dtypes})
    resultTypes.push_back(dtypeArgument(dtype, "dtype"));
  std::vector<Tensor> inputs;
  for (const Value &argument :
       arguments.isTuple() ? arguments.elements() : std::vector<Value>{arguments})
    inputs.push_back(g.semantic().toTensor(argument));
  if (!inputs.empty()) {
    // Broadcast every argument to the common shape (type checking without promotion).
    Tensor shape = inputs.front();
    for (const Tensor &input : inputs)
      shape = g.semantic()
                  .binaryOpTypeChecking(Value::tensor(input), Value::tensor(shape), true, true, false)
                  .second;
    if (shape.isBlock()) {
      for (Tensor &input : inputs)
        input = g.semantic()
                    .binaryOpTypeChecking(Value::tensor(input), Value::tensor(shape), true, true, false)
                    .first;
      for (DType &type : resultTypes)
        type = shape.type.withElementType(type);
      // Triton leaves this to the IR verifier.
      if (shape.type.numel() % pack != 0)
        fail("pack " + std::to_string(pack) + " does not divide the " +
             std::to_string(shape.type.numel()) + " elements of the operands");
    }
  }
  std::vector<mlir::Value> handles;
  for (const Tensor &input : inputs)
    handles.push_back(input.handle);
  std::vector<mlir::Type> irTypes;
  for (const DType &type : resultTypes)
    irTypes.push_back(type.toMLIR(g.builder().context()));
  auto op = g.builder().create<tt::ElementwiseInlineAsmOp>(
      irTypes, assembly, constraints, isPure, static_cast<std::uint32_t>(pack), handles);
  if (!multipleOutputs)
    return Value::tensor(op->getResult(0), resultTypes[0]);
  std::vector<Value> results;
  for (size_t i = 0; i < resultTypes.size(); ++i)
    results.push_back(Value::tensor(op->getResult(i), resultTypes[i]));
  return Value::tuple(std::move(results));
}

void registerMathBuiltins(Library &lib) {
  registerUnary(lib, "exp", {"fp32", "fp64"}, unaryMath<math::ExpOp>);
  registerUnary(lib, "exp2", {"fp32", "fp64"}, unaryMath<math::Exp2Op>);
  registerUnary(lib, "log", {"fp32", "fp64"}, unaryMath<math::LogOp>);
  registerUnary(lib, "log2", {"fp32", "fp64"}, unaryMath<math::Log2Op>);
  registerUnary(lib, "cos", {"fp32", "fp64"}, unaryMath<math::CosOp>);
  registerUnary(lib, "sin", {"fp32", "fp64"}, unaryMath<math::SinOp>);
  registerUnary(lib, "sqrt", {"fp32", "fp64"}, unaryMath<math::SqrtOp>);
  registerUnary(lib, "sqrt_rn", {"fp32"}, unaryMath<tt::PreciseSqrtOp>);
  registerUnary(lib, "rsqrt", {"fp32", "fp64"}, unaryMath<math::RsqrtOp>);
  registerUnary(lib, "erf", {"fp32", "fp64"}, unaryMath<math::ErfOp>);
  registerUnary(lib, "floor", {"fp32", "fp64"}, unaryMath<math::FloorOp>);
  registerUnary(lib, "ceil", {"fp32", "fp64"}, unaryMath<math::CeilOp>);
  registerUnary(lib, "abs", {}, [](CodeGenerator &g, const Value &x) -> Value {
    Tensor tensor = g.semantic().toTensor(x);
    const DType &dtype = tensor.dtype();
    if (dtype.is(ScalarKind::FP8E4B15)) {
      // fp8e4b15 has no MLIR float type behind it: clear the sign bit.
      Tensor mask = g.semantic().full(tensor.shape(), Value::integer(0x7F), ScalarKind::Int8);
      return Value::tensor(g.builder().create<arith::AndIOp>(tensor.handle, mask.handle), tensor.type);
    }
    if (dtype.isFloating())
      return Value::tensor(g.builder().create<math::AbsFOp>(tensor.handle), tensor.type);
    if (dtype.isIntSigned())
      return Value::tensor(g.builder().create<math::AbsIOp>(tensor.handle), tensor.type);
    if (dtype.isIntUnsigned())
      return Value::tensor(tensor);
    fail("Unexpected dtype " + dtype.name());
  });

  auto addBoth = [&](const char *name, BuiltinSignature sig, BuiltinImpl impl) {
    lib.addBuiltin(std::string("triton.language.math.") + name, sig, impl);
    lib.addBuiltin(std::string("triton.language.") + name, sig, impl);
  };
  addBoth("umulhi", signature({required("x"), required("y")}), [](CodeGenerator &g, BoundArguments &args) {
    checkDTypes({args["x"], args["y"]}, {"int32", "int64", "uint32", "uint64"});
    Tensor x = g.semantic().toTensor(args["x"]);
    Tensor y = g.semantic().toTensor(args["y"]);
    std::tie(x, y) = legalize(g, x, y);
    // The dtype check passes constants: umulhi(i, 1.5) promotes i to fp32, which Triton
    // leaves to the IR verifier.
    if (!x.dtype().isInt())
      fail("umulhi needs integer operands, not " + x.dtype().name());
    return Value::tensor(g.builder().create<tt::MulhiUIOp>(x.handle, y.handle), x.type);
  });
  addBoth("fdiv", signature({required("x"), required("y"), optional("ieee_rounding", Value::boolean(false))}),
          [](CodeGenerator &g, BoundArguments &args) {
            bool ieee = boolArgument(args["ieee_rounding"], "ieee_rounding");
            Tensor x = g.semantic().toTensor(args["x"]);
            Tensor y = g.semantic().toTensor(args["y"]);
            return Value::tensor(g.semantic().fdiv(x, y, ieee));
          });
  addBoth("div_rn", signature({required("x"), required("y")}), [](CodeGenerator &g, BoundArguments &args) {
    checkDTypes({args["x"], args["y"]}, {"fp32"});
    Tensor x = g.semantic().toTensor(args["x"]);
    Tensor y = g.semantic().toTensor(args["y"]);
    std::tie(x, y) = legalize(g, x, y);
    // The check passes Python numbers: div_rn(C, 8) of two ints divided int32 tensors, IR that
    // does not verify (in Triton too). The types they became are checked as well.
    checkDTypes({Value::tensor(x), Value::tensor(y)}, {"fp32"});
    return Value::tensor(g.builder().create<tt::PreciseDivFOp>(x.handle, y.handle), x.type);
  });
  addBoth("fma", signature({required("x"), required("y"), required("z")}), [](CodeGenerator &g, BoundArguments &args) {
    Tensor x = g.semantic().toTensor(args["x"]);
    Tensor y = g.semantic().toTensor(args["y"]);
    Tensor z = g.semantic().toTensor(args["z"]);
    std::tie(x, y) = legalize(g, x, y);
    std::tie(z, x) = legalize(g, z, x);
    std::tie(z, y) = legalize(g, z, y);
    // Triton leaves other types to the IR verifier.
    if (!x.dtype().isFloating())
      fail("fma needs floating-point operands, not " + x.dtype().name());
    return Value::tensor(g.builder().create<math::FmaOp>(x.handle, y.handle, z.handle), x.type);
  });
  for (const char *name : {"cdiv", "sigmoid", "softmax", "ravel", "max", "argmax", "min",
                           "argmin", "sum", "xor_sum", "reduce_or", "cumsum", "cumprod", "sort",
                           "flip"})
    lib.addTensorMember(name, std::string("triton.language.") + name);

  // Python's math module, on compile-time numbers.
  lib.addValue("math.pi", Value::floating(M_PI));
  lib.addValue("math.e", Value::floating(M_E));
  lib.addValue("math.tau", Value::floating(2 * M_PI));
  lib.addValue("math.inf", Value::floating(INFINITY));
  lib.addValue("math.nan", Value::floating(NAN));
  struct NumberFunction {
    const char *name;
    double (*function)(double);
    bool returnsInt;
  };
  static const NumberFunction functions[] = {
      {"log2", [](double x) { return std::log2(x); }, false},
      {"log", [](double x) { return std::log(x); }, false},
      {"log10", [](double x) { return std::log10(x); }, false},
      {"exp", [](double x) { return std::exp(x); }, false},
      {"sqrt", [](double x) { return std::sqrt(x); }, false},
      {"fabs", [](double x) { return std::fabs(x); }, false},
      {"ceil", [](double x) { return std::ceil(x); }, true},
      {"floor", [](double x) { return std::floor(x); }, true},
      {"trunc", [](double x) { return std::trunc(x); }, true},
  };
  for (const NumberFunction &function : functions) {
    NumberFunction f = function;
    lib.addBuiltin(std::string("math.") + f.name, signature({required("x")}),
                   [f](CodeGenerator &, BoundArguments &args) {
                     double x = numberArgument(args["x"], f.name);
                     if ((std::string(f.name).rfind("log", 0) == 0 && x <= 0) ||
                         (std::string(f.name) == "sqrt" && x < 0))
                       fail("math domain error");
                     double result = f.function(x);
                     if (f.returnsInt)
                       return Value::integer(static_cast<PyInt>(result));
                     return Value::floating(result);
                   });
  }
  lib.addBuiltin("math.pow", signature({required("x"), required("y")}), [](CodeGenerator &, BoundArguments &args) {
    return Value::floating(std::pow(numberArgument(args["x"], "pow"), numberArgument(args["y"], "pow")));
  });
  lib.addBuiltin("math.isinf", signature({required("x")}), [](CodeGenerator &, BoundArguments &args) {
    return Value::boolean(std::isinf(numberArgument(args["x"], "isinf")));
  });
  lib.addBuiltin("math.isnan", signature({required("x")}), [](CodeGenerator &, BoundArguments &args) {
    return Value::boolean(std::isnan(numberArgument(args["x"], "isnan")));
  });
}

} // namespace trex::frontend
