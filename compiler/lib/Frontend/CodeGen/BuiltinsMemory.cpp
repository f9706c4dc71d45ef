// Builtins of triton.language that touch memory: load, store, block pointers and atomics.
#include "BuiltinSupport.h"

namespace trex::frontend {

namespace {

Tensor pointerArgument(const Value &value, const char *operation) {
  if (!value.isTensor())
    fail(std::string("Unsupported ptr type ") + value.describe() + " in `tl." + operation + "`");
  return value.asTensor();
}

std::vector<int> boundaryCheckArgument(const Value &value) {
  std::vector<int> checks;
  if (value.isNone())
    return checks;
  for (std::int64_t dim : intList(value, "boundary_check"))
    checks.push_back(static_cast<int>(dim));
  return checks;
}

std::vector<Value> listArgument(const Value &value) {
  return value.isTuple() ? value.elements() : std::vector<Value>{value};
}

} // namespace

void registerMemoryBuiltins(Library &lib) {
  const std::string tl = "triton.language.";
  Value emptyTuple = Value::tuple({});
  Value emptyString = Value::string("");

  lib.addBuiltin(tl + "load",
                 signature({required("pointer"), optional("mask"), optional("other"),
                            optional("boundary_check", emptyTuple),
                            optional("padding_option", emptyString),
                            optional("cache_modifier", emptyString),
                            optional("eviction_policy", emptyString),
                            optional("volatile", Value::boolean(false))}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   std::optional<Tensor> mask = optionalTensor(g, args["mask"]);
                   std::optional<Tensor> other = optionalTensor(g, args["other"]);
                   Tensor pointer = pointerArgument(args["pointer"], "load");
                   return Value::tensor(g.semantic().load(
                       pointer, mask, other, boundaryCheckArgument(args["boundary_check"]),
                       optionalString(args["padding_option"], "padding_option"),
                       optionalString(args["cache_modifier"], "cache_modifier"),
                       optionalString(args["eviction_policy"], "eviction_policy"),
                       boolArgument(args["volatile"], "volatile")));
                 });

  lib.addBuiltin(tl + "store",
                 signature({required("pointer"), required("value"), optional("mask"),
                            optional("boundary_check", emptyTuple),
                            optional("cache_modifier", emptyString),
                            optional("eviction_policy", emptyString)}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   Tensor value = tensorArgument(g, args["value"]);
                   std::optional<Tensor> mask = optionalTensor(g, args["mask"]);
                   Tensor pointer = pointerArgument(args["pointer"], "store");
                   g.semantic().store(pointer, value, mask,
                                      boundaryCheckArgument(args["boundary_check"]),
                                      optionalString(args["cache_modifier"], "cache_modifier"),
                                      optionalString(args["eviction_policy"], "eviction_policy"));
                   return Value::none();
                 });

  lib.addBuiltin(tl + "make_block_ptr",
                 signature({required("base"), required("shape"), required("strides"),
                            required("offsets"), required("block_shape"), required("order")}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   Tensor base = requireTensor(args["base"], "the base of make_block_ptr");
                   std::vector<std::int64_t> blockShape = intList(args["block_shape"], "block_shape");
                   std::vector<int> order;
                   for (std::int64_t dim : intList(args["order"], "order"))
                     order.push_back(static_cast<int>(dim));
                   return Value::tensor(g.semantic().makeBlockPointer(
                       base, listArgument(args["shape"]), listArgument(args["strides"]),
                       listArgument(args["offsets"]), blockShape, order));
                 });

  // Tensor descriptors: tl.make_tensor_descriptor and the descriptor's load/store methods
  // (also as tl.load_tensor_descriptor / tl.store_tensor_descriptor).
  lib.addBuiltin(
      tl + "make_tensor_descriptor",
      signature({required("base"), required("shape"), required("strides"), required("block_shape"),
                 optional("padding_option", Value::string("zero"))}),
      [](CodeGenerator &g, BoundArguments &args) {
        Tensor base = requireTensor(args["base"], "the base of make_tensor_descriptor");
        std::vector<std::int64_t> blockShape = intList(args["block_shape"], "block_shape");
        return Value::tensor(g.semantic().makeTensorDescriptor(
            base, listArgument(args["shape"]), listArgument(args["strides"]), blockShape,
            optionalString(args["padding_option"], "padding_option")));
      });
  auto descriptorLoad = [](CodeGenerator &g, BoundArguments &args) {
    return Value::tensor(g.semantic().descriptorLoad(
        requireTensor(args["desc"], "the descriptor"), listArgument(args["offsets"]),
        optionalString(args["cache_modifier"], "cache_modifier"),
        optionalString(args["eviction_policy"], "eviction_policy")));
  };
  auto descriptorStore = [](CodeGenerator &g, BoundArguments &args) {
    Tensor descriptor = requireTensor(args["desc"], "the descriptor");
    Tensor value = tensorArgument(g, args["value"]);
    const DType &block =
        descriptor.type.isTensorDesc() ? descriptor.type.elementType() : value.type;
    if (!value.isBlock() && block.isBlock())
      value = g.semantic().broadcastImplShape(value, block.shape());
    if (block.isBlock() && value.dtype() != block.scalar())
      value = g.semantic().cast(value, value.type.withElementType(block.scalar()));
    g.semantic().descriptorStore(descriptor, value, listArgument(args["offsets"]));
    return Value::none();
  };
  BuiltinSignature loadSignature =
      signature({required("desc"), required("offsets"), optional("cache_modifier", emptyString),
                 optional("eviction_policy", emptyString)});
  BuiltinSignature storeSignature =
      signature({required("desc"), required("offsets"), required("value")});
  lib.addBuiltin("triton.language.core.tensor_descriptor.load", loadSignature, descriptorLoad);
  lib.addBuiltin("triton.language.core.tensor_descriptor.store", storeSignature, descriptorStore);
  lib.addBuiltin(tl + "load_tensor_descriptor", loadSignature, descriptorLoad);
  lib.addBuiltin(tl + "store_tensor_descriptor", storeSignature, descriptorStore);

  lib.addBuiltin(tl + "advance", signature({required("base"), required("offsets")}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   return Value::tensor(g.semantic().advance(
                       requireTensor(args["base"], "the block pointer to advance"),
                       listArgument(args["offsets"])));
                 });

  lib.addBuiltin(tl + "atomic_cas",
                 signature({required("pointer"), required("cmp"), required("val"), optional("sem"),
                            optional("scope")}),
                 [](CodeGenerator &g, BoundArguments &args) {
                   Tensor cmp = tensorArgument(g, args["cmp"]);
                   Tensor value = tensorArgument(g, args["val"]);
                   return Value::tensor(g.semantic().atomicCAS(
                       pointerArgument(args["pointer"], "atomic_cas"), cmp, value,
                       optionalString(args["sem"], "sem"), optionalString(args["scope"], "scope")));
                 });
  for (const char *operation : {"xchg", "add", "max", "min", "and", "or", "xor"}) {
    std::string op = operation;
    lib.addBuiltin(tl + "atomic_" + op,
                   signature({required("pointer"), required("val"), optional("mask"),
                              optional("sem"), optional("scope")}),
                   [op](CodeGenerator &g, BoundArguments &args) {
                     Tensor value = tensorArgument(g, args["val"]);
                     std::optional<Tensor> mask = optionalTensor(g, args["mask"]);
                     return Value::tensor(g.semantic().atomicRMW(
                         op, pointerArgument(args["pointer"], ("atomic_" + op).c_str()), value,
                         mask, optionalString(args["sem"], "sem"),
                         optionalString(args["scope"], "scope")));
                   });
    lib.addTensorMember("atomic_" + op, tl + "atomic_" + op);
  }
  for (const char *name : {"store", "advance", "atomic_cas"})
    lib.addTensorMember(name, tl + name);
}

} // namespace trex::frontend
