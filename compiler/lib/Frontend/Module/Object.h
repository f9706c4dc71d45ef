// Object: the Python objects module-level evaluation makes besides the code generator's own
// values (numbers, strings, dtypes, tuples, jit functions, namespaces).
//
// trex does not run Python; it evaluates a module's top-level statements in its own small
// interpreter (ModuleEvaluator) against a model of Triton 3.6's package (PackageModel). What
// that produces and the code generator may meet is one of these: a user module, a plain Python
// function (possibly a @triton.constexpr_function), functools.partial, triton.Config, a
// decorator waiting for its function, a class and its instances, a torch dtype, a version, or a
// value of a module trex does not model (opaque: fine to hold, an error to use in a kernel).
#ifndef TREX_FRONTEND_MODULE_OBJECT_H
#define TREX_FRONTEND_MODULE_OBJECT_H

#include "../CodeGen/Value.h"

#include "trex/Frontend/Python/Expression.h"
#include "trex/Frontend/Python/SourceLocation.h"
#include "trex/Frontend/Python/Statement.h"

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace trex::frontend {

struct ModuleScope;

// The variables of one Python function call (or class body), with the enclosing function's
// for closures.
struct Environment {
  std::unordered_map<std::string, Value> variables;
  std::shared_ptr<Environment> parent;

  const Value *find(const std::string &name) const {
    for (const Environment *env = this; env; env = env->parent.get()) {
      auto it = env->variables.find(name);
      if (it != env->variables.end())
        return &it->second;
    }
    return nullptr;
  }
};

struct Object {
  enum class Type {
    Module,     // a user module (a sibling file or a package on the Python path)
    Opaque,     // a value of a module trex does not model; `name` says where it came from
    Function,   // a plain Python def or lambda
    Partial,    // functools.partial(function, *arguments, **keywords)
    Decorator,  // triton.jit(...)/autotune(...)/heuristics(...) waiting for their function
    Config,     // triton.Config
    Class,      // a class defined in Python; `attributes` holds its body's names
    Instance,   // an instance of such a class (or a SimpleNamespace)
    TorchDType, // torch.float16 ...; `name` is "float16"
    Version,    // packaging.version.Version; `numbers` holds its release numbers
    Record,     // an object with fixed attributes (torch.finfo(...), a GPU target, ...)
    Builtin,    // a function trex models (len, torch.finfo, os.environ.get ...): `name`
    Method,     // `function`'s method `name` ([].append, {}.get, "".join ...)
  };

  Type type = Type::Opaque;
  // Module: its dotted name; Opaque: the expression it stands for ("transformers.foo");
  // Function: its name; Class/Instance: the class name; Decorator: "triton.jit" ...;
  // TorchDType: the dtype's name; Record: its Python type name.
  std::string name;

  // Module: the module's globals; Function: the module it was defined in.
  ModuleScope *module = nullptr;

  // Function.
  const python::FunctionDefStmt *definition = nullptr;
  const python::LambdaExpr *lambda = nullptr;
  std::shared_ptr<Environment> closure;
  std::vector<std::optional<Value>> defaults; // one per parameter
  bool isConstexprFunction = false;

  // Partial and Decorator: the wrapped callable and the arguments given so far.
  Value function;
  std::vector<Value> arguments;
  std::vector<std::pair<std::string, Value>> keywords;

  // Config fields, class attributes, instance attributes, record fields, version parts.
  std::vector<std::pair<std::string, Value>> attributes;
  std::vector<long long> numbers; // Version
  // Class: the base classes.
  std::vector<Value> bases;

  // Opaque `not X`: X (trex assumes the opposite truth for it).
  std::shared_ptr<Object> negationOf;

  // Where it was made (for notes in errors).
  const ModuleScope *origin = nullptr;
  python::SourceLocation location;

  const Value *attribute(const std::string &attributeName) const;
  void setAttribute(const std::string &attributeName, Value value);
  const python::ParameterList &parameters() const;
};

std::shared_ptr<Object> makeObject(Object::Type type, std::string name);
// "opaque" values: `description` is the Python expression they stand for.
Value opaqueValue(std::string description, const ModuleScope *origin = nullptr,
                  python::SourceLocation location = {});
bool isOpaque(const Value &value);

// Triton's constexpr_type(value): the `.type` of a constexpr; equal when the values are.
Value constexprTypeOf(const Value &value);

// str() and a short description for messages.
std::string objectStr(const Object &object);
std::string objectDescription(const Object &object);

} // namespace trex::frontend

#endif // TREX_FRONTEND_MODULE_OBJECT_H
