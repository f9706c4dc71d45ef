// Object: the Python objects of module-level evaluation.
#include "Object.h"

#include "../CodeGen/Library.h"

namespace trex::frontend {

const Value *Object::attribute(const std::string &attributeName) const {
  for (const auto &[key, value] : attributes)
    if (key == attributeName)
      return &value;
  return nullptr;
}

void Object::setAttribute(const std::string &attributeName, Value value) {
  for (auto &[key, existing] : attributes)
    if (key == attributeName) {
      existing = std::move(value);
      return;
    }
  attributes.emplace_back(attributeName, std::move(value));
}

const python::ParameterList &Object::parameters() const {
  static const python::ParameterList none;
  if (definition)
    return definition->parameters();
  if (lambda)
    return lambda->parameters();
  return none;
}

std::shared_ptr<Object> makeObject(Object::Type type, std::string name) {
  auto object = std::make_shared<Object>();
  object->type = type;
  object->name = std::move(name);
  return object;
}

Value opaqueValue(std::string description, const ModuleScope *origin,
                  python::SourceLocation location) {
  auto object = makeObject(Object::Type::Opaque, std::move(description));
  object->origin = origin;
  object->location = location;
  return Value::object(std::move(object));
}

bool isOpaque(const Value &value) {
  return value.isObject() && value.asObject()->type == Object::Type::Opaque;
}

Value constexprTypeOf(const Value &value) {
  auto type = makeObject(Object::Type::Record, "constexpr_type");
  type->setAttribute("value", value.wrappedAsConstexpr(false));
  return Value::object(std::move(type));
}

std::string objectStr(const Object &object) {
  switch (object.type) {
  case Object::Type::Module:
    return "<module '" + object.name + "'>";
  case Object::Type::Opaque:
    return "<" + object.name + ">";
  case Object::Type::Function:
    return "<function " + object.name + ">";
  case Object::Type::Partial:
    return "functools.partial(" + object.function.str() + ")";
  case Object::Type::Decorator:
    return "<decorator " + object.name + ">";
  case Object::Type::Config: {
    std::string text;
    if (const Value *kwargs = object.attribute("kwargs"); kwargs && kwargs->isDict())
      for (const auto &[key, value] : kwargs->dictEntries())
        text += key.str() + ": " + value.str() + ", ";
    for (const char *option : {"num_warps", "num_ctas", "num_stages", "maxnreg"})
      if (const Value *value = object.attribute(option))
        text += std::string(option) + ": " + value->str() + ", ";
    if (text.size() >= 2)
      text.resize(text.size() - 2);
    return text;
  }
  case Object::Type::Class:
    return "<class '" + object.name + "'>";
  case Object::Type::Instance:
    return "<" + object.name + " object>";
  case Object::Type::TorchDType:
    return "torch." + object.name;
  case Object::Type::Version: {
    std::string text;
    for (size_t i = 0; i < object.numbers.size(); ++i)
      text += (i ? "." : "") + std::to_string(object.numbers[i]);
    return text;
  }
  case Object::Type::Record:
    if (object.name == "constexpr_type" && object.attribute("value"))
      return "constexpr_type[" + object.attribute("value")->str() + "]";
    return "<" + object.name + ">";
  case Object::Type::Builtin:
    return "<built-in function " + object.name + ">";
  case Object::Type::Method:
    return "<method " + object.name + ">";
  }
  return "<object>";
}

std::string objectDescription(const Object &object) {
  switch (object.type) {
  case Object::Type::Opaque:
    return "'" + object.name + "' (a value trex does not model)";
  case Object::Type::Config:
    return "triton.Config(" + objectStr(object) + ")";
  default:
    return objectStr(object);
  }
}

} // namespace trex::frontend
