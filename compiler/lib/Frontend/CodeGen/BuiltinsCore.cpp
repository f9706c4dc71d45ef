// Builtins of triton.language: program ids, tensor creation and shapes, casts, element-wise
// helpers, hints and debugging, dtypes, and the compile-time helpers of the standard library.
#include "BuiltinSupport.h"

#include "../Module/Object.h"

#include "ConstexprOperators.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace trex::frontend {

namespace {

PropagateNan propagateNanArgument(const Value &value) {
  if (value.isEnum() && value.asEnum().typeName == "PROPAGATE_NAN")
    return value.asEnum().value == 0 ? PropagateNan::None : PropagateNan::All;
  fail("propagate_nan must be tl.PropagateNan.NONE or tl.PropagateNan.ALL, not " +
       value.describe());
}

Tensor promoteBFloat16(CodeGenerator &generator, const Tensor &tensor) {
  if (tensor.dtype().is(ScalarKind::BF16))
    return generator.semantic().cast(tensor, ScalarKind::FP32);
  return tensor;
}

int wrapAxis(std::int64_t axis, std::int64_t rank) {
  if (!(-rank <= axis && axis < rank))
    fail("invalid axis " + std::to_string(axis) + ". Expected " + std::to_string(-rank) +
         " <= axis < " + std::to_string(rank));
  return static_cast<int>(axis >= 0 ? axis : axis + rank);
}

std::vector<int> dimsArgument(const Value &dims) {
  std::vector<int> result;
  for (const Value &dim : dims.elements())
    result.push_back(static_cast<int>(intArgument(dim, "a dimension")));
  return result;
}

// _unsplat: a one-element tensor to a scalar, one tt.unsplat as in Triton 3.6 (earlier
// Tritons reshaped to one dimension and reduced with _take_first).
Value unsplat(CodeGenerator &generator, const Tensor &input) {
  if (input.shape().empty())
    return Value::tensor(input);
  if (input.type.numel() != 1)
    fail("can only unsplat single-element tensors");
  return Value::tensor(generator.semantic().unsplat(input));
}

// The dtype attributes that are properties (read) rather than methods (called).
void registerDTypeMembers(Library &lib) {
  auto property = [&](const char *name, std::function<Value(const DType &)> read) {
    auto callable = std::make_shared<Callable>();
    callable->kind = Callable::Kind::Builtin;
    callable->name = std::string("triton.language.dtype.property.") + name;
    callable->signature = signature({required("self")});
    callable->impl = [read](CodeGenerator &, BoundArguments &args) {
      return read(args["self"].asDType());
    };
    lib.addValue(std::string("triton.language.dtype.") + name, Value::callable(callable));
  };
  property("name", [](const DType &t) { return Value::string(t.name()); });
  property("primitive_bitwidth", [](const DType &t) { return Value::integer(t.primitiveBitwidth()); });
  property("int_bitwidth", [](const DType &t) {
    if (!t.isInt())
      fail("'" + t.name() + "' has no int_bitwidth");
    return Value::integer(t.intBitwidth());
  });
  property("fp_mantissa_width", [](const DType &t) {
    if (!t.isFloating())
      fail("'" + t.name() + "' has no fp_mantissa_width");
    return Value::integer(t.fpMantissaWidth());
  });
  property("itemsize", [](const DType &t) { return Value::integer(t.primitiveBitwidth() / 8); });
  property("scalar", [](const DType &t) { return Value::dtype(t.scalar()); });
  property("element_ty", [](const DType &t) {
    if (!t.isPtr() && !t.isBlock())
      fail("'" + t.name() + "' has no element_ty");
    return Value::dtype(t.elementType());
  });
  property("address_space", [](const DType &t) {
    if (!t.isPtr())
      fail("'" + t.name() + "' has no address_space");
    return Value::integer(t.addressSpace());
  });
  property("shape", [](const DType &t) {
    std::vector<Value> shape;
    for (std::int64_t extent : t.shape())
      shape.push_back(Value::integer(extent));
    return Value::tuple(std::move(shape));
  });
  property("numel", [](const DType &t) { return Value::integer(t.numel()); });

  auto predicate = [&](const char *name, std::function<bool(const DType &)> test) {
    lib.addBuiltin(std::string("triton.language.dtype.") + name, signature({required("self")}),
                   [test](CodeGenerator &, BoundArguments &args) {
                     return Value::boolean(test(args["self"].asDType()));
                   });
  };
  predicate("is_fp8", [](const DType &t) { return t.isFP8(); });
  predicate("is_fp8e4nv", [](const DType &t) { return t.is(ScalarKind::FP8E4NV); });
  predicate("is_fp8e4b8", [](const DType &t) { return t.is(ScalarKind::FP8E4B8); });
  predicate("is_fp8e4b15", [](const DType &t) { return t.is(ScalarKind::FP8E4B15); });
  predicate("is_fp8e5", [](const DType &t) { return t.is(ScalarKind::FP8E5); });
  predicate("is_fp8e5b16", [](const DType &t) { return t.is(ScalarKind::FP8E5B16); });
  predicate("is_fp16", [](const DType &t) { return t.is(ScalarKind::FP16); });
  predicate("is_bf16", [](const DType &t) { return t.is(ScalarKind::BF16); });
  predicate("is_fp32", [](const DType &t) { return t.is(ScalarKind::FP32); });
  predicate("is_fp64", [](const DType &t) { return t.is(ScalarKind::FP64); });
  predicate("is_int1", [](const DType &t) { return t.is(ScalarKind::Int1); });
  predicate("is_int8", [](const DType &t) { return t.is(ScalarKind::Int8); });
  predicate("is_int16", [](const DType &t) { return t.is(ScalarKind::Int16); });
  predicate("is_int32", [](const DType &t) { return t.is(ScalarKind::Int32); });
  predicate("is_int64", [](const DType &t) { return t.is(ScalarKind::Int64); });
  predicate("is_uint8", [](const DType &t) { return t.is(ScalarKind::UInt8); });
  predicate("is_uint16", [](const DType &t) { return t.is(ScalarKind::UInt16); });
  predicate("is_uint32", [](const DType &t) { return t.is(ScalarKind::UInt32); });
  predicate("is_uint64", [](const DType &t) { return t.is(ScalarKind::UInt64); });
  predicate("is_floating", [](const DType &t) { return t.isFloating(); });
  predicate("is_standard_floating", [](const DType &t) { return t.isStandardFloating(); });
  predicate("is_int_signed", [](const DType &t) { return t.isIntSigned(); });
  predicate("is_int_unsigned", [](const DType &t) { return t.isIntUnsigned(); });
  predicate("is_int", [](const DType &t) { return t.isInt(); });
  predicate("is_integer_type", [](const DType &t) { return t.isInt(); });
  predicate("is_bool", [](const DType &t) { return t.isBool(); });
  predicate("is_ptr", [](const DType &t) { return t.isPtr(); });
  predicate("is_block", [](const DType &t) { return t.isBlock(); });
  predicate("is_const", [](const DType &t) { return t.isConst(); });
  predicate("is_void", [](const DType &t) { return t.isVoid(); });
  lib.addBuiltin("triton.language.dtype.get_int_max_value", signature({required("self")}),
                 [](CodeGenerator &, BoundArguments &args) {
                   const DType &t = args["self"].asDType();
                   if (!t.isInt())
                     fail("get_int_max_value needs an integer dtype, not " + t.name());
                   return Value::integer(static_cast<PyInt>(t.intMaxValueUnsigned()));
                 });
  lib.addBuiltin("triton.language.dtype.get_int_min_value", signature({required("self")}),
                 [](CodeGenerator &, BoundArguments &args) {
                   const DType &t = args["self"].asDType();
                   if (!t.isInt())
                     fail("get_int_min_value needs an integer dtype, not " + t.name());
                   return Value::integer(t.intMinValue());
                 });
  lib.addBuiltin("triton.language.dtype.with_element_ty",
                 signature({required("self"), required("element_ty")}),
                 [](CodeGenerator &, BoundArguments &args) {
                   return Value::dtype(args["self"].asDType().withElementType(
                       dtypeArgument(args["element_ty"], "element_ty")));
                 });
  lib.addBuiltin("triton.language.dtype.mangle", signature({required("self")}),
                 [](CodeGenerator &, BoundArguments &args) {
                   return Value::string(args["self"].asDType().mangle());
                 });
}

void registerDTypes(Library &lib) {
  for (ScalarKind kind :
       {ScalarKind::Void, ScalarKind::Int1, ScalarKind::Int8, ScalarKind::Int16,
        ScalarKind::Int32, ScalarKind::Int64, ScalarKind::UInt8, ScalarKind::UInt16,
        ScalarKind::UInt32, ScalarKind::UInt64, ScalarKind::FP8E4B15, ScalarKind::FP8E4NV,
        ScalarKind::FP8E4B8, ScalarKind::FP8E5, ScalarKind::FP8E5B16, ScalarKind::FP16,
        ScalarKind::BF16, ScalarKind::FP32, ScalarKind::FP64}) {
    DType type(kind);
    std::string attribute = type.repr().substr(std::string("triton.language.").size());
    lib.addValue("triton.language." + attribute, Value::dtype(type));
  }
  lib.addValue("triton.language.pi32_t", Value::dtype(DType::pointer(ScalarKind::Int32)));
  lib.addBuiltin("triton.language.pointer_type",
                 signature({required("element_ty"), optional("address_space", Value::integer(1)),
                            optional("const", Value::boolean(false))}),
                 [](CodeGenerator &, BoundArguments &args) {
                   return Value::dtype(DType::pointer(
                       dtypeArgument(args["element_ty"], "element_ty"),
                       static_cast<int>(intArgument(args["address_space"], "address_space")),
                       boolArgument(args["const"], "const")));
                 });
  lib.addBuiltin("triton.language.block_type",
                 signature({required("element_ty"), required("shape")}),
                 [](CodeGenerator &, BoundArguments &args) {
                   return Value::dtype(DType::block(dtypeArgument(args["element_ty"], "element_ty"),
                                                    shapeArgument(args["shape"])));
                 });
  // Classes a kernel names in annotations and isinstance checks.
  // constexpr_type(v): the type of a constexpr (what `.type` of one gives), equal for equal v.
  lib.addBuiltin("triton.language.constexpr_type", signature({required("value")}),
                 [](CodeGenerator &, BoundArguments &args) -> Value {
                   return constexprTypeOf(args["value"]);
                 });
  // tl.tuple(iterable): a tuple of its elements, as Triton's tuple class builds it.
  lib.addBuiltin("triton.language.tuple", signature({optional("args", Value::tuple({}))}),
                 [](CodeGenerator &, BoundArguments &args) -> Value {
                   const Value &elements = args["args"];
                   if (elements.isTuple())
                     return elements;
                   if (elements.isList())
                     return Value::tuple(elements.listElements());
                   fail("tl.tuple takes a tuple or list of values, not " + elements.describe());
                 });
  for (const char *name :
       {"triton.language.dtype", "triton.language.tensor", "triton.language.const",
        "triton.language.tensor_descriptor", "triton.language.tensor_descriptor_base"}) {
    lib.addBuiltin(name, signature({}, "args"), [name](CodeGenerator &, BoundArguments &) -> Value {
      fail(std::string(name) + " cannot be constructed inside a kernel");
    });
  }
  lib.addBuiltin("triton.language.constexpr", signature({optional("value")}),
                 [](CodeGenerator &, BoundArguments &args) {
                   if (args["value"].isTensor())
                     fail("tl.constexpr needs a compile-time value, not " +
                          args["value"].describe());
                   return args["value"];
                 });
  lib.addValue("triton.language.CONSTEXPR_0", Value::integer(0));
  lib.addValue("triton.language.PropagateNan.NONE",
               Value::enumValue({"PROPAGATE_NAN", "NONE", 0}));
  lib.addValue("triton.language.PropagateNan.ALL",
               Value::enumValue({"PROPAGATE_NAN", "ALL", 0xFFFF}));
  lib.addBuiltin("triton.language.condition", signature({}, "args", {}),
                 [](CodeGenerator &, BoundArguments &) -> Value {
                   fail("tl.condition can only be used as the condition of a while loop");
                 });
  for (const char *name : {"triton.language.range", "triton.language.static_range"})
    lib.addBuiltin(name, signature({}, "args", {}),
                   [name](CodeGenerator &, BoundArguments &) -> Value {
                     std::string shortName(name);
                     fail("tl." + shortName.substr(shortName.rfind('.') + 1) +
                          " can only be used as the iterable of a for loop");
                   });
}

// Compile-time helpers the standard library calls (Triton's constexpr_functions and small
// trex helpers); they take and return constexprs.
// The rank of a shape tuple these helpers get from the standard library (or, called by
// hand, from anywhere).
size_t shapeRank(const Value &shape) {
  if (!shape.isTuple())
    fail("shape must be a tuple, not " + shape.describe());
  return shape.elements().size();
}

void registerConstexprHelpers(Library &lib) {
  lib.addBuiltin("triton.language.core._pick_sum_dtype",
                 signature({required("in_dtype"), required("dtype")}),
                 [](CodeGenerator &, BoundArguments &args) -> Value {
                   if (!args["dtype"].isNone())
                     return args["dtype"];
                   DType in = dtypeArgument(args["in_dtype"], "in_dtype");
                   if (in.isIntSigned())
                     return in.intBitwidth() < 32 ? Value::dtype(ScalarKind::Int32) : Value::none();
                   if (in.isIntUnsigned())
                     return in.intBitwidth() < 32 ? Value::dtype(ScalarKind::UInt32) : Value::none();
                   return Value::none();
                 });
  lib.addBuiltin("triton.language.core._log2", signature({required("i")}),
                 [](CodeGenerator &, BoundArguments &args) {
                   std::int64_t n = intArgument(args["i"], "_log2's argument");
                   std::int64_t log2 = 0;
                   while (n > 1) {
                     n >>= 1;
                     ++log2;
                   }
                   return Value::integer(log2);
                 });
  lib.addBuiltin("triton.language.core._is_power_of_two", signature({required("i")}),
                 [](CodeGenerator &, BoundArguments &args) {
                   std::int64_t n = intArgument(args["i"], "_is_power_of_two's argument");
                   return Value::boolean(n != 0 && (n & (n - 1)) == 0);
                 });
  lib.addBuiltin("triton.language.core._axis_or_zero", signature({required("dim")}),
                 [](CodeGenerator &, BoundArguments &args) {
                   return args["dim"].isNone() ? Value::integer(0) : args["dim"];
                 });
  lib.addBuiltin("triton.language.core._last_dim_if_none",
                 signature({required("dim"), required("shape")}),
                 [](CodeGenerator &, BoundArguments &args) {
                   if (!args["dim"].isNone())
                     return args["dim"];
                   return Value::integer(static_cast<PyInt>(shapeRank(args["shape"])) - 1);
                 });
  lib.addBuiltin("triton.language.core._log2_or_default",
                 signature({required("k"), required("default")}),
                 [](CodeGenerator &, BoundArguments &args) {
                   if (args["k"].isNone())
                     return args["default"];
                   std::int64_t n = intArgument(args["k"], "k");
                   std::int64_t log2 = 0;
                   while (n > 1) {
                     n >>= 1;
                     ++log2;
                   }
                   return Value::integer(log2);
                 });
  lib.addBuiltin("triton.language.core._stage_order",
                 signature({required("i"), required("log_n"), required("descending")}),
                 [](CodeGenerator &, BoundArguments &args) {
                   if (intArgument(args["i"], "i") < intArgument(args["log_n"], "log_n"))
                     return Value::integer(2);
                   return args["descending"];
                 });
  lib.addBuiltin("triton.language.core._flip_dim", signature({required("dim"), required("shape")}),
                 [](CodeGenerator &, BoundArguments &args) {
                   PyInt rank = static_cast<PyInt>(shapeRank(args["shape"]));
                   // tl.flip(x, 0.0) read the float as an integer (std::bad_variant_access).
                   PyInt dim = args["dim"].isNone() ? rank - 1 : intArgument(args["dim"], "dim");
                   if (dim < 0)
                     dim += rank;
                   return Value::integer(dim);
                 });
  lib.addBuiltin("triton.language.get_int_dtype",
                 signature({required("bitwidth"), required("signed")}),
                 [](CodeGenerator &, BoundArguments &args) {
                   std::int64_t bits = intArgument(args["bitwidth"], "bitwidth");
                   bool isSigned = boolArgument(args["signed"], "signed");
                   std::optional<DType> type = intDTypeOf(static_cast<int>(bits), isSigned);
                   if (!type)
                     fail("Unsupported bitwidth " + std::to_string(bits) + " and signedness " +
                          (isSigned ? "True" : "False"));
                   return Value::dtype(*type);
                 });
}

} // namespace

void registerCoreBuiltins(Library &lib) {
  registerDTypes(lib);
  registerDTypeMembers(lib);
  registerConstexprHelpers(lib);
  const std::string tl = "triton.language.";

  lib.addBuiltin(tl + "program_id", signature({required("axis")}), [](CodeGenerator &g, BoundArguments &args) {
    return Value::tensor(g.semantic().programId(static_cast<int>(intArgument(args["axis"], "axis"))));
  });
  lib.addBuiltin(tl + "num_programs", signature({required("axis")}), [](CodeGenerator &g, BoundArguments &args) {
    return Value::tensor(g.semantic().numPrograms(static_cast<int>(intArgument(args["axis"], "axis"))));
  });
  lib.addBuiltin(tl + "arange", signature({required("start"), required("end")}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   if (!args["start"].isInt() || !args["end"].isInt())
                     fail("arange's arguments must be of type tl.constexpr");
                   return Value::tensor(g.semantic().arange(intArgument(args["start"], "start"),
                                                            intArgument(args["end"], "end")));
                 });
  lib.addBuiltin(tl + "full", signature({required("shape"), required("value"), required("dtype")}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   std::vector<std::int64_t> shape = shapeArgument(args["shape"]);
                   return Value::tensor(g.semantic().full(shape, args["value"],
                                                          dtypeArgument(args["dtype"], "dtype")));
                 });
  lib.addBuiltin(tl + "to_tensor", signature({required("x")}), [](CodeGenerator &g, BoundArguments &args) {
    return Value::tensor(g.semantic().toTensor(args["x"]));
  });

  // Shapes.
  lib.addBuiltin(tl + "broadcast", signature({required("input"), required("other")}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   auto [lhs, rhs] = g.semantic().broadcastImplValue(
                       requireTensor(args["input"], "input"), requireTensor(args["other"], "other"));
                   return tupleOf({lhs, rhs});
                 });
  lib.addBuiltin(tl + "broadcast_to", signature({required("input")}, "shape"),
                 [](CodeGenerator &g, BoundArguments &args) {
                   std::vector<std::int64_t> shape = shapeArgument(unwrapIterable(args.variadic()));
                   return Value::tensor(g.semantic().broadcastImplShape(
                       requireTensor(args["input"], "input"), shape));
                 });
  lib.addBuiltin(tl + "trans", signature({required("input")}, "dims"), [](CodeGenerator &g, BoundArguments &args) {
    Value dims = unwrapIterable(args.variadic());
    std::vector<int> order = dimsArgument(dims);
    Tensor input = requireTensor(args["input"], "input");
    if (order.empty()) {
      // No dims: swap the last two axes (a batched 2-D transpose), as Triton's trans.
      int rank = static_cast<int>(input.shape().size());
      if (rank < 2)
        fail("tl.trans invoked with a 0- or 1-dimensional tensor");
      for (int i = 0; i < rank - 2; ++i)
        order.push_back(i);
      order.push_back(rank - 1);
      order.push_back(rank - 2);
    }
    return Value::tensor(g.semantic().permute(input, order));
  });
  lib.addBuiltin(tl + "permute", signature({required("input")}, "dims"), [](CodeGenerator &g, BoundArguments &args) {
    return Value::tensor(g.semantic().permute(requireTensor(args["input"], "input"),
                                              dimsArgument(unwrapIterable(args.variadic()))));
  });
  lib.addBuiltin(tl + "cat",
                 signature({required("input"), required("other"), optional("can_reorder", Value::boolean(false))}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   return Value::tensor(g.semantic().cat(requireTensor(args["input"], "input"),
                                                         requireTensor(args["other"], "other"),
                                                         boolArgument(args["can_reorder"], "can_reorder")));
                 });
  lib.addBuiltin(tl + "join", signature({required("a"), required("b")}), [](CodeGenerator &g, BoundArguments &args) {
    return Value::tensor(g.semantic().join(requireTensor(args["a"], "a"), requireTensor(args["b"], "b")));
  });
  lib.addBuiltin(tl + "split", signature({required("a")}), [](CodeGenerator &g, BoundArguments &args) {
    Tensor a = requireTensor(args["a"], "a");
    bool wasRank1 = a.shape().size() == 1;
    if (wasRank1)
      a = g.semantic().expandDims(a, 0);
    auto [lhs, rhs] = g.semantic().split(a);
    if (wasRank1)
      return Value::tuple({unsplat(g, lhs), unsplat(g, rhs)});
    return tupleOf({lhs, rhs});
  });
  lib.addBuiltin(tl + "view", signature({required("input")}, "shape"), [](CodeGenerator &g, BoundArguments &args) {
    g.warn("view is deprecated, please use reshape with can_reorder being true.");
    std::vector<std::int64_t> shape = shapeArgument(unwrapIterable(args.variadic()));
    return Value::tensor(g.semantic().reshape(requireTensor(args["input"], "input"), shape, true));
  });
  lib.addBuiltin(tl + "item", signature({required("input")}), [](CodeGenerator &g, BoundArguments &args) {
    return unsplat(g, requireTensor(args["input"], "input"));
  });
  lib.addBuiltin(tl + "core.item", signature({required("input")}), [](CodeGenerator &g, BoundArguments &args) {
    return unsplat(g, requireTensor(args["input"], "input"));
  });
  lib.addBuiltin(tl + "reshape",
                 signature({required("input")}, "shape", {optional("can_reorder", Value::boolean(false))}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   std::vector<std::int64_t> shape = shapeArgument(unwrapIterable(args.variadic()));
                   Tensor input = requireTensor(args["input"], "input");
                   if (shape.empty())
                     return unsplat(g, input);
                   return Value::tensor(g.semantic().reshape(
                       input, shape, boolArgument(args["can_reorder"], "can_reorder")));
                 });
  lib.addBuiltin(tl + "expand_dims", signature({required("input"), required("axis")}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   Tensor input = tensorArgument(g, args["input"]);
                   std::vector<std::int64_t> axes = intList(args["axis"], "axis");
                   std::int64_t newRank = static_cast<std::int64_t>(input.shape().size() + axes.size());
                   std::vector<int> wrapped;
                   for (std::int64_t axis : axes)
                     wrapped.push_back(wrapAxis(axis, newRank));
                   if (std::set<int>(wrapped.begin(), wrapped.end()).size() != wrapped.size())
                     fail("expand_dims received duplicate axes");
                   std::sort(wrapped.begin(), wrapped.end());
                   for (int axis : wrapped)
                     input = g.semantic().expandDims(input, axis);
                   return Value::tensor(input);
                 });
  lib.addBuiltin(tl + "core.__getitem__", signature({required("self"), required("slices")}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   const Value &slices = args["slices"];
                   std::vector<Value> list =
                       slices.isTuple() ? slices.elements() : std::vector<Value>{slices};
                   Tensor result = requireTensor(args["self"], "the subscripted value");
                   for (size_t dim = 0; dim < list.size(); ++dim) {
                     const Value &index = list[dim];
                     if (index.isNone()) {
                       result = g.semantic().expandDims(result, static_cast<int>(dim));
                     } else if (index.isSlice() && index.asSlice().lower->isNone() &&
                                index.asSlice().upper->isNone() && index.asSlice().step->isNone()) {
                       continue;
                     } else {
                       fail("unsupported tensor index: " + index.describe() +
                            " (tensors take only `:` and None as indices)");
                     }
                   }
                   return Value::tensor(result);
                 });

  // Casts.
  auto castImpl = [](CodeGenerator &g, BoundArguments &args) {
    Tensor input = tensorArgument(g, args["input"]);
    DType dtype = dtypeArgument(args["dtype"], "dtype");
    if (boolArgument(args["bitcast"], "bitcast"))
      return Value::tensor(g.semantic().bitcast(input, dtype));
    std::optional<std::string> rounding;
    if (!args["fp_downcast_rounding"].isNone())
      rounding = stringArgument(args["fp_downcast_rounding"], "fp_downcast_rounding");
    return Value::tensor(g.semantic().cast(input, dtype, rounding));
  };
  BuiltinSignature castSignature =
      signature({required("input"), required("dtype"), optional("fp_downcast_rounding"),
                 optional("bitcast", Value::boolean(false))});
  lib.addBuiltin(tl + "cast", castSignature, castImpl);
  lib.addBuiltin(tl + "core.to", castSignature, castImpl);

  // Element-wise.
  lib.addBuiltin(tl + "where", signature({required("condition"), required("x"), required("y")}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   Tensor condition = tensorArgument(g, args["condition"]);
                   if (!condition.dtype().isBool())
                     g.warn("tl.where with a non-boolean condition is deprecated and will error "
                            "out in a future triton release. Got " + condition.dtype().name());
                   return Value::tensor(g.semantic().where(condition, args["x"], args["y"]));
                 });
  for (const char *name : {"add", "sub", "mul"}) {
    std::string op = name;
    lib.addBuiltin(tl + name,
                   signature({required("x"), required("y"), optional("sanitize_overflow", Value::boolean(true))}),
                   [op](CodeGenerator &g, BoundArguments &args) {
                     bool sanitize = boolArgument(args["sanitize_overflow"], "sanitize_overflow");
                     Semantic &s = g.semantic();
                     if (op == "add")
                       return Value::tensor(s.add(args["x"], args["y"], sanitize));
                     if (op == "sub")
                       return Value::tensor(s.sub(args["x"], args["y"], sanitize));
                     return Value::tensor(s.mul(args["x"], args["y"], sanitize));
                   });
  }
  Value propagateNone = Value::enumValue({"PROPAGATE_NAN", "NONE", 0});
  for (const char *name : {"minimum", "maximum"}) {
    bool isMin = std::string(name) == "minimum";
    lib.addBuiltin(tl + name, signature({required("x"), required("y"), optional("propagate_nan", propagateNone)}),
                   [isMin](CodeGenerator &g, BoundArguments &args) {
                     Tensor x = promoteBFloat16(g, tensorArgument(g, args["x"]));
                     Tensor y = promoteBFloat16(g, tensorArgument(g, args["y"]));
                     PropagateNan nan = propagateNanArgument(args["propagate_nan"]);
                     return Value::tensor(isMin ? g.semantic().minimum(x, y, nan)
                                                : g.semantic().maximum(x, y, nan));
                   });
  }
  lib.addBuiltin(tl + "clamp",
                 signature({required("x"), required("min"), required("max"), optional("propagate_nan", propagateNone)}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   Tensor x = tensorArgument(g, args["x"]);
                   Tensor min = tensorArgument(g, args["min"]);
                   Tensor max = tensorArgument(g, args["max"]);
                   x = promoteBFloat16(g, x);
                   min = promoteBFloat16(g, min);
                   max = promoteBFloat16(g, max);
                   return Value::tensor(g.semantic().clamp(x, min, max, propagateNanArgument(args["propagate_nan"])));
                 });
  lib.addBuiltin(tl + "_promote_bfloat16_to_float32", signature({required("t")}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   return Value::tensor(promoteBFloat16(g, requireTensor(args["t"], "t")));
                 });

  // Hints.
  for (const char *name : {"multiple_of", "max_contiguous", "max_constancy"}) {
    std::string hint = name;
    lib.addBuiltin(tl + name, signature({required("input"), required("values")}),
                   [hint](CodeGenerator &g, BoundArguments &args) {
                     Tensor input = requireTensor(args["input"], "input");
                     std::vector<std::int64_t> values;
                     const Value &given = args["values"];
                     std::vector<Value> list = given.isTuple() ? given.elements() : std::vector<Value>{given};
                     for (size_t i = 0; i < list.size(); ++i) {
                       if (!list[i].isInt())
                         fail("values element " + std::to_string(i) +
                              " must have type `constexpr[int]`, got " + list[i].describe());
                       values.push_back(intArgument(list[i], "values"));
                     }
                     size_t rank = input.shape().size();
                     if (hint == "multiple_of" ? std::max<size_t>(1, rank) != values.size()
                                               : rank != values.size())
                       fail("Shape of input to " + hint + " does not match the length of values");
                     const char *attribute = hint == "multiple_of"      ? "tt.divisibility"
                                             : hint == "max_contiguous" ? "tt.contiguity"
                                                                        : "tt.constancy";
                     return Value::tensor(g.semantic().setIntArrayAttr(input, attribute, values));
                   });
  }
  lib.addBuiltin(tl + "assume", signature({required("cond")}), [](CodeGenerator &g, BoundArguments &args) {
    g.semantic().assume(tensorArgument(g, args["cond"]));
    return Value::none();
  });
  lib.addBuiltin(tl + "debug_barrier", signature({}), [](CodeGenerator &g, BoundArguments &) {
    g.semantic().debugBarrier();
    return Value::none();
  });

  // Debugging.
  auto devicePrint = [](CodeGenerator &g, BoundArguments &args) {
    std::string prefix = stringArgument(args["prefix"], "the prefix of device_print");
    for (char c : prefix)
      if (static_cast<unsigned char>(c) >= 128 || (!std::isprint(static_cast<unsigned char>(c)) && !std::isspace(static_cast<unsigned char>(c))))
        fail(prefix + " is not an ascii string");
    std::vector<Tensor> values;
    for (const Value &value : args.variadic())
      values.push_back(tensorArgument(g, value));
    g.semantic().devicePrint(prefix, values, boolArgument(args["hex"], "hex"));
    return Value::none();
  };
  BuiltinSignature printSignature = signature({required("prefix")}, "args", {optional("hex", Value::boolean(false))});
  lib.addBuiltin(tl + "device_print", printSignature, devicePrint);
  lib.addBuiltin("builtins.print", printSignature, devicePrint);
  lib.addBuiltin(tl + "device_assert", signature({required("cond"), optional("msg", Value::string(""))}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   std::string message = args["msg"].isString() ? args["msg"].asString() : args["msg"].str();
                   g.semantic().deviceAssert(tensorArgument(g, args["cond"]), message);
                   return Value::none();
                 });
  lib.addBuiltin(tl + "inline_asm_elementwise",
                 signature({required("asm"), required("constraints"), required("args"), required("dtype"),
                            required("is_pure"), required("pack")}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   return inlineAsmElementwise(g, stringArgument(args["asm"], "asm"),
                                               stringArgument(args["constraints"], "constraints"),
                                               args["args"], args["dtype"],
                                               boolArgument(args["is_pure"], "is_pure"),
                                               intArgument(args["pack"], "pack"));
                 });

  // triton.language.extra.cuda's utilities (Triton's extra/cuda/utils.py).
  const std::string cudaExtra = "triton.language.extra.cuda.";
  lib.addBuiltin(cudaExtra + "smid", signature({}), [](CodeGenerator &g, BoundArguments &) {
    return inlineAsmElementwise(g, "mov.u32 $0, %smid;", "=r", Value::tuple({}),
                                Value::dtype(ScalarKind::Int32), true, 1);
  });
  lib.addBuiltin(cudaExtra + "globaltimer", signature({}), [](CodeGenerator &g, BoundArguments &) {
    return inlineAsmElementwise(g, "mov.u64 $0, %globaltimer;", "=l", Value::tuple({}),
                                Value::dtype(ScalarKind::Int64), false, 1);
  });
  lib.addBuiltin(cudaExtra + "num_threads", signature({}), [](CodeGenerator &g, BoundArguments &) {
    return Value::integer(g.options().numWarps * 32);
  });
  lib.addBuiltin(cudaExtra + "num_warps", signature({}), [](CodeGenerator &g, BoundArguments &) {
    return Value::integer(g.options().numWarps);
  });

  // triton.profiler.language (Proton's intra-kernel scopes): proton.record ops when the
  // compile instruments scopes (--profile-scopes), nothing otherwise, as in Triton without
  // the instrumentation backend. `with pl.scope(name):` is handled in visitWith.
  const std::string profiler = "triton.profiler.language.";
  lib.addNamespace("triton.profiler");
  lib.addNamespace("triton.profiler.language");
  for (bool isStart : {true, false})
    lib.addBuiltin(profiler + (isStart ? "enter_scope" : "exit_scope"),
                   signature({required("name")}),
                   [isStart](CodeGenerator &g, BoundArguments &args) {
                     std::string name = stringArgument(args["name"], "the scope name");
                     if (name.empty())
                       fail("a profiling scope needs a non-empty name");
                     if (g.options().profileScopes)
                       g.semantic().profilerRecord(isStart, name);
                     return Value::none();
                   });
  lib.addBuiltin(profiler + "scope", signature({required("name")}),
                 [](CodeGenerator &, BoundArguments &) -> Value {
                   fail("triton.profiler.language.scope is a context manager: use it as "
                        "`with pl.scope(name):`");
                 });

  // Members of tensors implemented by these builtins.
  for (const char *name : {"broadcast_to", "trans", "permute", "split", "view", "reshape",
                           "expand_dims", "cast", "item"})
    lib.addTensorMember(name, tl + name);
  lib.addTensorMember("to", tl + "core.to");
  lib.addTensorMember("__getitem__", tl + "core.__getitem__");
}

} // namespace trex::frontend
