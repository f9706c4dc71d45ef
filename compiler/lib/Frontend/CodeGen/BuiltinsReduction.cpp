// Builtins of triton.language with regions or tiles: dot, dot_scaled, reduce, associative_scan,
// histogram and gather.
#include "BuiltinSupport.h"

#include "mlir/IR/Builders.h"

#include <algorithm>
#include <functional>

using namespace mlir;

namespace trex::frontend {

namespace {

const JitFunction &combineFunction(const Value &combine) {
  if (!combine.isCallable() || combine.asCallable()->kind != Callable::Kind::Jit)
    fail("combine_fn must be a @triton.jit function, not " + combine.describe());
  return *combine.asCallable()->jit;
}

std::vector<Tensor> tensorsArgument(const Value &input) {
  std::vector<Tensor> tensors;
  if (input.isTuple()) {
    for (const Value &element : input.elements())
      tensors.push_back(requireTensor(element, "each input"));
  } else {
    tensors.push_back(requireTensor(input, "input"));
  }
  if (tensors.empty())
    fail("reduce and scan need at least one input tensor");
  return tensors;
}

// Fills the combine region of a reduce or scan: a block taking two scalars per input, a call
// of the combine function and the region's terminator. The builder's insertion point (and
// with it the current location) is restored afterwards, as Triton's insertion guard does.
template <typename ReturnOp>
void buildCombineRegion(CodeGenerator &g, Operation *op, const std::vector<Tensor> &inputs,
                        const JitFunction &combine) {
  IRBuilder &b = g.builder();
  OpBuilder::InsertPoint saved = b.builder.saveInsertionPoint();
  std::vector<DType> parameterTypes;
  for (int copy = 0; copy < 2; ++copy)
    for (const Tensor &input : inputs)
      parameterTypes.push_back(input.dtype());
  std::vector<mlir::Type> irTypes;
  for (const DType &type : parameterTypes)
    irTypes.push_back(type.toMLIR(b.context()));
  std::vector<Location> locations(irTypes.size(), UnknownLoc::get(b.context()));
  Block *block = b.builder.createBlock(&op->getRegion(0), {}, irTypes, locations);
  std::vector<Value> arguments;
  for (size_t i = 0; i < parameterTypes.size(); ++i)
    arguments.push_back(Value::tensor(block->getArgument(i), parameterTypes[i]));
  Value results = g.callJitFunction(combine, arguments, {});
  // One scalar per input, of its element type (Triton fails on anything else, with a Python
  // error for a None or a constant, or with IR that does not verify).
  std::vector<Value> returned;
  std::function<void(const Value &)> flatten = [&](const Value &value) {
    if (value.isTuple())
      for (const Value &element : value.elements())
        flatten(element);
    else
      returned.push_back(value);
  };
  if (!results.isNone())
    flatten(results);
  std::string function = "the combine function '" + combine.definition->name() + "'";
  if (returned.size() != inputs.size())
    fail(function + " returns " + std::to_string(returned.size()) + " value(s); it must return " +
         std::to_string(inputs.size()) + ", one per input");
  std::vector<mlir::Value> handles;
  for (size_t i = 0; i < returned.size(); ++i) {
    if (!returned[i].isTensor() || returned[i].asTensor().dtype() != inputs[i].dtype())
      fail(function + " returns " + returned[i].describe() + " for input " + std::to_string(i) +
           ", whose elements are " + inputs[i].dtype().name());
    handles.push_back(returned[i].asTensor().handle);
  }
  b.create<ReturnOp>(handles);
  b.restoreInsertionPoint(saved);
}

// tl.map_elementwise(scalar_fn, *args, pack=1): the operands broadcast to one shape, a region
// whose block takes `pack` scalars of each operand and calls scalar_fn on them (the call is
// inlined later, branches and all), and one result per `pack` values the function returns.
// The block is filled inside a first op without results, whose region the final op (with the
// result types the call revealed) then takes over.
Value mapElementwise(CodeGenerator &g, const Value &scalarFn, const std::vector<Value> &arguments,
                     std::int64_t pack) {
  if (!scalarFn.isCallable() || scalarFn.asCallable()->kind != Callable::Kind::Jit)
    fail("map_elementwise's scalar_fn must be a @triton.jit function, not " + scalarFn.describe());
  if (pack < 1)
    fail("map_elementwise's pack must be at least 1, not " + std::to_string(pack));
  if (arguments.empty())
    fail("map_elementwise needs at least one tensor argument");
  std::vector<Tensor> inputs;
  for (const Value &argument : arguments)
    inputs.push_back(requireTensor(argument, "each argument of map_elementwise"));
  Tensor shape = inputs.front();
  for (const Tensor &input : inputs)
    shape = g.semantic()
                .binaryOpTypeChecking(Value::tensor(input), Value::tensor(shape), true, true, false)
                .second;
  for (Tensor &input : inputs)
    input = g.semantic()
                .binaryOpTypeChecking(Value::tensor(input), Value::tensor(shape), true, true, false)
                .first;
  // tt.map_elementwise maps tensors; scalars alone leave it nothing to map (its verifier
  // refused the IR: an internal error, found by fuzzing).
  if (!shape.isBlock())
    fail("map_elementwise needs at least one tensor (block) argument; all of its arguments "
         "are scalars");
  // The block takes `pack` scalars of each operand: Triton adds them one by one, and a huge
  // pack (2^31) ran out of memory. No lowering takes more than the elements there are.
  std::int64_t elements = shape.isBlock() ? shape.type.numel() : 1;
  if (pack > elements)
    fail("map_elementwise's pack (" + std::to_string(pack) + ") is larger than the " +
         std::to_string(elements) + " element(s) of its operands");
  IRBuilder &b = g.builder();
  std::vector<mlir::Value> handles;
  for (const Tensor &input : inputs)
    handles.push_back(input.handle);
  auto scratch =
      b.create<tt::MapElementwiseOp>(TypeRange{}, handles, static_cast<std::int32_t>(pack));
  OpBuilder::InsertPoint saved = b.builder.saveInsertionPoint();
  std::vector<mlir::Type> irTypes;
  std::vector<DType> scalarTypes;
  for (const Tensor &input : inputs)
    for (std::int64_t i = 0; i < pack; ++i) {
      scalarTypes.push_back(input.dtype().scalar());
      irTypes.push_back(input.dtype().scalar().toMLIR(b.context()));
    }
  std::vector<Location> locations(irTypes.size(), scratch.getLoc());
  Block *block = b.builder.createBlock(&scratch.getScalarOp(), {}, irTypes, locations);
  std::vector<Value> scalars;
  for (size_t i = 0; i < scalarTypes.size(); ++i)
    scalars.push_back(Value::tensor(block->getArgument(i), scalarTypes[i]));
  Value returned = g.callJitFunction(*scalarFn.asCallable()->jit, scalars, {});
  bool single = !returned.isTuple();
  std::vector<mlir::Value> yielded;
  returned.flatten(yielded);
  std::vector<DType> yieldedTypes;
  ValueTemplate::of(returned).flattenTypes(yieldedTypes);
  b.create<tt::MapElementwiseReturnOp>(yielded);
  b.restoreInsertionPoint(saved);
  if (yielded.empty() || yielded.size() % pack != 0)
    fail("map_elementwise's scalar_fn must return a multiple of pack (" + std::to_string(pack) +
         ") values, not " + std::to_string(yielded.size()));
  std::vector<DType> resultTypes;
  std::vector<mlir::Type> resultIRTypes;
  for (size_t r = 0; r < yielded.size(); r += pack) {
    for (std::int64_t i = 1; i < pack; ++i)
      if (yielded[r + i].getType() != yielded[r].getType())
        fail("map_elementwise: the " + std::to_string(pack) +
             " values of one result must have one type (type mismatch in unpacked results)");
    DType type = shape.isBlock() ? shape.type.withElementType(yieldedTypes[r].scalar())
                                 : yieldedTypes[r].scalar();
    resultTypes.push_back(type);
    resultIRTypes.push_back(type.toMLIR(b.context()));
  }
  auto op = b.create<tt::MapElementwiseOp>(resultIRTypes, handles, static_cast<std::int32_t>(pack));
  // The call may have moved the builder's location into scalar_fn; the op belongs to the
  // map_elementwise call.
  op->setLoc(scratch.getLoc());
  op.getScalarOp().takeBody(scratch.getScalarOp());
  scratch.erase();
  std::vector<Value> results;
  for (size_t i = 0; i < resultTypes.size(); ++i)
    results.push_back(Value::tensor(op->getResult(i), resultTypes[i]));
  if (single && results.size() == 1)
    return results.front();
  return Value::tuple(std::move(results));
}

int wrapAxis(std::int64_t axis, std::int64_t rank) {
  if (!(-rank <= axis && axis < rank))
    fail("invalid axis " + std::to_string(axis) + ". Expected " + std::to_string(-rank) +
         " <= axis < " + std::to_string(rank));
  return static_cast<int>(axis >= 0 ? axis : axis + rank);
}

} // namespace

std::vector<Tensor> reduceTensors(CodeGenerator &g, std::vector<Tensor> inputs,
                                  std::optional<int> axis, const Value &combine, bool keepDims) {
  const JitFunction &function = combineFunction(combine);
  size_t rank = inputs[0].shape().size();
  if (axis)
    axis = wrapAxis(*axis, static_cast<std::int64_t>(rank));
  std::vector<Tensor> results =
      g.semantic().reduction(inputs, axis, [&](Operation *op) {
        buildCombineRegion<tt::ReduceReturnOp>(g, op, inputs, function);
      });
  if (keepDims) {
    for (Tensor &result : results) {
      if (axis) {
        result = g.semantic().expandDims(result, *axis);
      } else {
        for (size_t i = 0; i < rank; ++i)
          result = g.semantic().expandDims(result, 0);
      }
    }
  }
  return results;
}

void registerReductionBuiltins(Library &lib) {
  const std::string tl = "triton.language.";

  lib.addBuiltin(
      tl + "dot",
      signature({required("input"), required("other"), optional("acc"), optional("input_precision"),
                 optional("allow_tf32"), optional("max_num_imprecise_acc"),
                 optional("out_dtype", Value::dtype(ScalarKind::FP32))}),
      [](CodeGenerator &g, BoundArguments &args) {
        if (!args["input_precision"].isNone() && !args["allow_tf32"].isNone())
          fail("Only one of input_precision and allow_tf32 can be specified");
        std::string precision;
        if (args["input_precision"].isNone()) {
          const auto &allowed = g.options().allowedDotInputPrecisions;
          bool supportsTF32 = std::find(allowed.begin(), allowed.end(), "tf32") != allowed.end();
          bool allowTF32 = args["allow_tf32"].isNone() || args["allow_tf32"].truthy();
          precision = supportsTF32 && allowTF32 ? "tf32" : "ieee";
        } else {
          precision = stringArgument(args["input_precision"], "input_precision");
        }
        std::optional<Tensor> acc;
        if (!args["acc"].isNone())
          acc = requireTensor(args["acc"], "acc");
        std::optional<std::int64_t> imprecise;
        if (!args["max_num_imprecise_acc"].isNone())
          imprecise = intArgument(args["max_num_imprecise_acc"], "max_num_imprecise_acc");
        Tensor input = requireTensor(args["input"], "input");
        Tensor other = requireTensor(args["other"], "other");
        // More than three dimensions: the leading ones are one batch dimension for the dot,
        // reshaped back afterwards, as Triton's dot does.
        std::vector<std::int64_t> batchShape;
        size_t rank = input.shape().size();
        if (rank > 3 && other.shape().size() == rank) {
          batchShape.assign(input.shape().begin(), input.shape().end() - 2);
          std::int64_t batch = 1;
          for (std::int64_t extent : batchShape)
            batch *= extent;
          auto flatten = [&](const Tensor &tensor) {
            std::int64_t rows = tensor.shape()[rank - 2], columns = tensor.shape()[rank - 1];
            return g.semantic().reshape(tensor, {batch, rows, columns}, false);
          };
          input = flatten(input);
          other = flatten(other);
          if (acc)
            acc = flatten(*acc);
        }
        Tensor result = g.semantic().dot(input, other, acc, precision, imprecise,
                                         dtypeArgument(args["out_dtype"], "out_dtype"));
        if (!batchShape.empty()) {
          std::vector<std::int64_t> shape = batchShape;
          shape.push_back(result.shape()[1]);
          shape.push_back(result.shape()[2]);
          result = g.semantic().reshape(result, shape, false);
        }
        return Value::tensor(result);
      });

  lib.addBuiltin(
      tl + "dot_scaled",
      signature({required("lhs"), required("lhs_scale"), required("lhs_format"), required("rhs"),
                 required("rhs_scale"), required("rhs_format"), optional("acc"),
                 optional("fast_math", Value::boolean(false)),
                 optional("lhs_k_pack", Value::boolean(true)),
                 optional("rhs_k_pack", Value::boolean(true)),
                 optional("out_dtype", Value::dtype(ScalarKind::FP32))}),
      [](CodeGenerator &g, BoundArguments &args) {
        DType outDType = dtypeArgument(args["out_dtype"], "out_dtype");
        if (!outDType.is(ScalarKind::FP32))
          fail("Only float32 is supported for out_dtype at the moment");
        auto scaleOf = [&](const char *name) -> std::optional<Tensor> {
          if (args[name].isNone())
            return std::nullopt;
          return requireTensor(args[name], name);
        };
        std::optional<Tensor> acc;
        if (!args["acc"].isNone())
          acc = requireTensor(args["acc"], "acc");
        return Value::tensor(g.semantic().dotScaled(
            requireTensor(args["lhs"], "lhs"), scaleOf("lhs_scale"),
            stringArgument(args["lhs_format"], "lhs_format"), requireTensor(args["rhs"], "rhs"),
            scaleOf("rhs_scale"), stringArgument(args["rhs_format"], "rhs_format"), acc,
            boolArgument(args["fast_math"], "fast_math"),
            boolArgument(args["lhs_k_pack"], "lhs_k_pack"),
            boolArgument(args["rhs_k_pack"], "rhs_k_pack"), outDType));
      });

  lib.addBuiltin(tl + "reduce",
                 signature({required("input"), required("axis"), required("combine_fn"),
                            optional("keep_dims", Value::boolean(false))}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   std::vector<Tensor> inputs = tensorsArgument(args["input"]);
                   std::optional<int> axis;
                   if (!args["axis"].isNone())
                     axis = static_cast<int>(intArgument(args["axis"], "axis"));
                   std::vector<Tensor> results = reduceTensors(
                       g, inputs, axis, args["combine_fn"], boolArgument(args["keep_dims"], "keep_dims"));
                   if (!args["input"].isTuple())
                     return Value::tensor(results.front());
                   return tupleOf(results);
                 });

  lib.addBuiltin(tl + "_reduce_with_indices",
                 signature({required("input"), required("axis"), required("combine_fn"),
                            optional("keep_dims", Value::boolean(false))}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   Tensor input = requireTensor(args["input"], "input");
                   if (args["axis"].isNone())
                     fail("reductions that return indices need an axis");
                   std::int64_t axisValue = intArgument(args["axis"], "axis");
                   std::int64_t rank = static_cast<std::int64_t>(input.shape().size());
                   int axis = wrapAxis(axisValue, rank);
                   Tensor index = g.semantic().arange(0, input.shape()[axis]);
                   if (rank > 1) {
                     for (std::int64_t d = 0; d < rank; ++d)
                       if (d != axis)
                         index = g.semantic().expandDims(index, static_cast<int>(d));
                     index = g.semantic().broadcastImplShape(index, input.shape());
                   }
                   std::vector<Tensor> results =
                       reduceTensors(g, {input, index}, axis, args["combine_fn"],
                                     boolArgument(args["keep_dims"], "keep_dims"));
                   return tupleOf(results);
                 });

  lib.addBuiltin(tl + "associative_scan",
                 signature({required("input"), required("axis"), required("combine_fn"),
                            optional("reverse", Value::boolean(false))}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   std::vector<Tensor> inputs = tensorsArgument(args["input"]);
                   const JitFunction &function = combineFunction(args["combine_fn"]);
                   int axis = wrapAxis(intArgument(args["axis"], "axis"),
                                       static_cast<std::int64_t>(inputs[0].shape().size()));
                   std::vector<Tensor> results = g.semantic().associativeScan(
                       inputs, axis,
                       [&](Operation *op) {
                         buildCombineRegion<tt::ScanReturnOp>(g, op, inputs, function);
                       },
                       boolArgument(args["reverse"], "reverse"));
                   if (!args["input"].isTuple())
                     return Value::tensor(results.front());
                   return tupleOf(results);
                 });

  lib.addBuiltin(tl + "histogram",
                 signature({required("input"), required("num_bins"), optional("mask")}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   std::optional<Tensor> mask = optionalTensor(g, args["mask"]);
                   return Value::tensor(g.semantic().histogram(
                       requireTensor(args["input"], "input"), intArgument(args["num_bins"], "num_bins"),
                       mask));
                 });

  lib.addBuiltin(tl + "gather", signature({required("src"), required("index"), required("axis")}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   return Value::tensor(g.semantic().gather(
                       requireTensor(args["src"], "src"), requireTensor(args["index"], "index"),
                       static_cast<int>(intArgument(args["axis"], "axis"))));
                 });

  lib.addBuiltin(tl + "map_elementwise",
                 signature({required("scalar_fn")}, "args", {optional("pack", Value::integer(1))}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   return mapElementwise(g, args["scalar_fn"], args.variadic(),
                                         intArgument(args["pack"], "pack"));
                 });

  for (const char *name : {"reduce", "associative_scan", "histogram", "gather"})
    lib.addTensorMember(name, tl + name);
}

} // namespace trex::frontend
