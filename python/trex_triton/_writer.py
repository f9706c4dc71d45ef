"""A self-contained Python module for one live @triton.jit kernel.

trex compiles files without running Python, so a kernel that lives inside a running program
(defined in a test function, patched, reached through imports with fallbacks) is written out
as one module: the imports its globals need, its constants, every @triton.jit helper and
constexpr function it reaches (callees first), then the kernel. Names are resolved the way
Triton's code generator resolves them: in the function's globals, then its closure.

The writer only reads live objects (no `import triton` of its own), so it also works on the
stand-in package the tests use.
"""

import ast
import builtins
import inspect
import math
import re
import sys
import textwrap
import types


class Unrenderable(Exception):
    """A value the module cannot spell (a tensor, an open file, an instance of a user class)."""


def _is_jit(value):
    # triton.runtime.jit.JITFunction (and its 3.6 base JITCallable): the function, its source
    # without decorators, its parameter names.
    return hasattr(value, "fn") and hasattr(value, "src") and hasattr(value, "arg_names")


def _is_constexpr_function(value):
    # triton.language.core.constexpr_function wraps a plain function it calls at compile time.
    cls = type(value).__name__
    return cls in ("ConstexprFunction", "constexpr_function") and hasattr(value, "fn")


def _is_constexpr(value):
    return type(value).__name__ == "constexpr" and hasattr(value, "value")


def _is_tl_dtype(value):
    mod = type(value).__module__ or ""
    return mod.startswith("triton.language") and hasattr(value, "primitive_bitwidth")


def _is_torch_dtype(value):
    return type(value).__module__ == "torch" and type(value).__name__ == "dtype"


def _is_tl_type(value):
    """tl.pointer_type(...) and tl.block_type(...) values (type aliases at module level)."""
    mod = type(value).__module__ or ""
    return mod.startswith("triton.language") and type(value).__name__ in ("pointer_type",
                                                                          "block_type")


def dtype_expression(dtype):
    """`tl.float16` for Triton's fp16 dtype (the name triton.language exports it under)."""
    tl = sys.modules.get("triton.language")
    if tl is not None:
        preferred = None
        for name in dir(tl):
            if name.startswith("_"):
                continue
            try:
                candidate = getattr(tl, name)
            except Exception:  # noqa: BLE001 - a lazy attribute may fail to load
                continue
            if _is_tl_dtype(candidate) and candidate == dtype:
                # Prefer the long names Triton documents (float16 over the alias half).
                if preferred is None or len(name) > len(preferred):
                    preferred = name
        if preferred is not None:
            return "tl." + preferred
    name = getattr(dtype, "name", None)
    if isinstance(name, str):
        return "tl." + {"fp16": "float16", "bf16": "bfloat16", "fp32": "float32",
                        "fp64": "float64", "int1": "int1"}.get(name, name)
    raise Unrenderable(f"dtype {dtype!r}")


def literal(value):
    """A Python expression for a constant, or Unrenderable."""
    if _is_constexpr(value):
        value = value.value
    if value is None or isinstance(value, (bool, str)):
        return repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "float('nan')"
        if math.isinf(value):
            return "float('inf')" if value > 0 else "float('-inf')"
        return repr(value)
    if _is_tl_type(value) and type(value).__name__ == "pointer_type":
        space = getattr(value, "address_space", 1)
        return (f"tl.pointer_type({literal(value.element_ty)}"
                + (f", {space}" if space != 1 else "") + ")")
    if _is_tl_type(value):
        return f"tl.block_type({literal(value.element_ty)}, {list(value.shape)!r})"
    if _is_tl_dtype(value):
        return dtype_expression(value)
    if _is_torch_dtype(value):
        return str(value)  # torch.float16
    if isinstance(value, tuple):
        items = [literal(v) for v in value]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    if isinstance(value, list):
        return "[" + ", ".join(literal(v) for v in value) + "]"
    raise Unrenderable(f"{type(value).__name__} value {value!r:.60}")


def _names_used(source):
    """Every name a function's source reads (parameters and locals included: harmless)."""
    tree = ast.parse(textwrap.dedent(source))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id not in names:
            names.append(node.id)
    return names


class _Closure:
    """A value from a function's closure: Triton reads those as compile-time constants (the
    writer makes them module-level tl.constexpr globals, which Triton reads the same way)."""

    def __init__(self, value):
        self.value = value


def _scope_of(fn):
    """The names Triton's code generator sees for a Python function: globals, then closure."""
    scope = dict(getattr(fn, "__globals__", {}))
    try:
        for name, value in inspect.getclosurevars(fn).nonlocals.items():
            scope[name] = _Closure(value)
    except (TypeError, ValueError):
        pass
    return scope


def _module_path(module):
    return getattr(module, "__name__", None)


def _import_of(name, value):
    """An import statement binding `name` to a module or a library object, or None."""
    if isinstance(value, types.ModuleType):
        path = _module_path(value)
        if path is None:
            return None
        if path == name:
            return f"import {path}"
        if path.rsplit(".", 1)[-1] == name and "." in path:
            return f"from {path.rsplit('.', 1)[0]} import {name}"
        return f"import {path} as {name}"
    module = getattr(value, "__module__", None)
    attr = getattr(value, "__name__", None)
    if not module or not attr:
        return None
    # Library objects (triton.language builtins, math functions): import them from the most
    # public module that has them, as a user would write it.
    candidates = []
    root = module.split(".")[0]
    if root == "triton":
        candidates += ["triton.language", "triton.language.math", "triton"]
    candidates.append(module)
    for path in candidates:
        mod = sys.modules.get(path)
        if mod is not None and getattr(mod, attr, None) is value:
            return f"from {path} import {attr}" + ("" if attr == name else f" as {name}")
    return None


def _is_library(value):
    module = getattr(value, "__module__", None) or getattr(value, "__name__", "")
    root = (module or "").split(".")[0]
    return root in ("triton", "torch", "numpy", "math", "builtins", "typing", "functools")


class ModuleWriter:
    """Collects the definitions one kernel needs and prints them as one module."""

    def __init__(self):
        self.imports = ["import triton", "import triton.language as tl"]
        self.constants = []          # "NAME = expr" lines
        self.functions = []          # (name, source) in callee-first order
        self.bound = {"triton": None, "tl": None}  # name -> the object it holds
        self.notes = []              # what could not be written, and name clashes
        self.constants_after_functions = []  # aliases of functions: "alias = name"
        self.origins = {}            # function name -> (file, line of its def) in the program
        self.def_lines = {}          # function name -> line of its def in the written module
        self._visiting = set()

    # -- names -------------------------------------------------------------------------
    def _bind(self, name, value):
        """True if `name` is free or already bound to this value; notes a clash otherwise."""
        if name in self.bound:
            held = self.bound[name]
            if held is value or (held is None and name in ("triton", "tl")):
                return False
            try:
                same = held == value
            except Exception:  # noqa: BLE001
                same = False
            if same is True:
                return False
            self.notes.append(f"'{name}' means different things in different functions; "
                              "the first is kept")
            return False
        self.bound[name] = value
        return True

    def add_name(self, name, value):
        closure = isinstance(value, _Closure)
        if closure:
            value = value.value
        if name in ("triton", "tl") and isinstance(value, types.ModuleType):
            return
        if _is_constexpr_function(value):
            self.add_python_function(value.fn, name, decorator="@triton.constexpr_function")
            return
        if _is_jit(value):
            self.add_jit(value, name)
            return
        if _is_constexpr(value) or _is_tl_dtype(value) or _is_tl_type(value):
            self._add_constant(name, value, closure)
            return
        if isinstance(value, (types.ModuleType, types.BuiltinFunctionType)) or (
                callable(value) and _is_library(value) and not _is_jit(value)):
            statement = _import_of(name, value)
            if statement is None:
                if getattr(builtins, name, None) is value:
                    return
                self.notes.append(f"'{name}': no import found for {value!r:.60}")
                return
            if self._bind(name, value) and statement not in self.imports:
                self.imports.append(statement)
            return
        if isinstance(value, types.FunctionType):
            self.add_python_function(value, name)
            return
        if _is_namedtuple_class(value):
            self.add_namedtuple_class(value, name)
            return
        self._add_constant(name, value, closure)

    def _add_constant(self, name, value, closure=False):
        if _is_torch_dtype(value) and "import torch" not in self.imports:
            self.imports.append("import torch")
        try:
            expression = literal(value)
        except Unrenderable as error:
            self.notes.append(f"'{name}' is left out: {error}")
            return
        if _is_constexpr(value) or (closure and not _is_tl_dtype(value)):
            expression = f"tl.constexpr({expression})"
        if self._bind(name, value):
            self.constants.append(f"{name} = {expression}")

    def _add_scope_names(self, source, scope, own_names):
        for used in _names_used(source):
            if used in own_names or used not in scope:
                continue
            self.add_name(used, scope[used])

    # -- functions -----------------------------------------------------------------------
    def add_jit(self, jit, name=None, rename=None):
        fn = jit.fn
        def_name = fn.__name__
        if id(jit) in self._visiting:
            return def_name
        self._visiting.add(id(jit))
        if self._bind(def_name, jit):
            scope = _scope_of(fn)
            self._add_scope_names(jit.src, scope, {def_name})
            decorator = "@triton.jit"
            if getattr(jit, "noinline", False):
                decorator = "@triton.jit(noinline=True)"
            source = textwrap.dedent(jit.src)
            if rename and rename != def_name:
                # The kernel's compiled name (Triton's `repr=`) differs from its def.
                source = re.sub(r"^def\s+" + re.escape(def_name) + r"\s*\(",
                                f"def {rename}(", source, count=1, flags=re.MULTILINE)
                def_name = rename
            self.functions.append((def_name, decorator + "\n" + source))
            self.origins[def_name] = _origin_of(fn)
        if name and name != def_name and self._bind(name, jit):
            self.constants_after_functions.append(f"{name} = {def_name}")
        return def_name

    def add_python_function(self, fn, name, decorator=None):
        def_name = fn.__name__
        if id(fn) in self._visiting:
            return
        self._visiting.add(id(fn))
        try:
            source = textwrap.dedent(inspect.getsource(fn))
        except (OSError, TypeError):
            self.notes.append(f"'{name}': the source of {def_name} is not available")
            return
        # Drop the function's own decorators: the one it needs is written here.
        lines = source.splitlines()
        while lines and lines[0].lstrip().startswith("@"):
            lines.pop(0)
        source = "\n".join(lines) + "\n"
        if self._bind(def_name, fn):
            self._add_scope_names(source, _scope_of(fn), {def_name})
            self.functions.append((def_name, (decorator + "\n" if decorator else "") + source))
        if name != def_name and self._bind(name, fn):
            self.constants_after_functions.append(f"{name} = {def_name}")

    def add_namedtuple_class(self, cls, name):
        """A NamedTuple class the kernels build or take (fields only: kernels read fields by
        name and build instances; methods are not kernel code)."""
        def_name = cls.__name__
        if id(cls) in self._visiting:
            return
        self._visiting.add(id(cls))
        if self._bind(def_name, cls):
            statement = "from typing import NamedTuple"
            if statement not in self.imports:
                self.imports.append(statement)
            lines = [f"class {def_name}(NamedTuple):"]
            defaults = getattr(cls, "_field_defaults", {})
            for field in cls._fields:
                if field in defaults:
                    try:
                        lines.append(f"    {field}: object = {literal(defaults[field])}")
                        continue
                    except Unrenderable as error:
                        self.notes.append(f"'{def_name}.{field}': default left out: {error}")
                lines.append(f"    {field}: object")
            self.functions.append((def_name, "\n".join(lines) + "\n"))
        if name != def_name and self._bind(name, cls):
            self.constants_after_functions.append(f"{name} = {def_name}")

    # -- output --------------------------------------------------------------------------
    def text(self, header=""):
        parts = []
        if header:
            parts.append("".join(f"# {line}\n" for line in header.splitlines()))
        parts.append("\n".join(self.imports) + "\n")
        if self.constants:
            parts.append("\n".join(self.constants) + "\n")
        for name, source in self.functions:
            line = "\n".join(parts).count("\n") + 3  # after the separator and a blank line
            self.def_lines[name] = line + next(
                (i for i, text in enumerate(source.splitlines()) if text.startswith("def ")), 0)
            parts.append("\n" + source.rstrip() + "\n")
        if self.constants_after_functions:
            parts.append("\n" + "\n".join(self.constants_after_functions) + "\n")
        return "\n".join(parts)


def _origin_of(fn):
    try:
        lines, first = inspect.getsourcelines(fn)
    except (OSError, TypeError):
        return None
    offset = next((i for i, text in enumerate(lines) if text.lstrip().startswith("def ")), 0)
    return (inspect.getsourcefile(fn) or fn.__code__.co_filename, first + offset)


class Written:
    """A written module: its text, the kernel's name there, the writer's notes, and where each
    function's lines come from in the program (`program_location`)."""

    def __init__(self, text, name, notes, def_lines, origins):
        self.text = text
        self.name = name
        self.notes = notes
        self._def_lines = def_lines
        self._origins = origins

    def program_location(self, line):
        """(file, line) in the program for a line of the module, or None."""
        best = None
        for name, def_line in self._def_lines.items():
            if def_line <= line and (best is None or def_line > self._def_lines[best]):
                best = name
        if best is None or not self._origins.get(best):
            return None
        path, def_line = self._origins[best]
        return path, def_line + (line - self._def_lines[best])


def _is_namedtuple_class(value):
    return isinstance(value, type) and issubclass(value, tuple) and hasattr(value, "_fields")


def _tuple_text(item):
    if isinstance(item, tuple):
        parts = [_tuple_text(part) for part in item]
        if hasattr(item, "_fields"):
            fields = ", ".join(f"{field}={part}" for field, part in zip(item._fields, parts))
            return f"{type(item).__name__}({fields})"
        return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"
    return item


def _namedtuple_classes(item):
    if not isinstance(item, tuple):
        return []
    own = [type(item)] if hasattr(item, "_fields") else []
    return own + [cls for part in item for cls in _namedtuple_classes(part)]


def _leaves(item):
    if isinstance(item, tuple):
        return [leaf for part in item for leaf in _leaves(part)]
    return [item]


def write_module(kernel, extra_names=(), header="", kernel_name=None, tuples=None):
    """The module text for a JITFunction, its name in that module, and the writer's notes.

    `extra_names` are (name, value) pairs the module must also define, such as helpers passed
    to the kernel as constexpr arguments; `kernel_name` renames the kernel's def (Triton names
    a kernel with `repr=` after its specialization); `tuples` (Specialization.tuples) wraps a
    kernel that takes tuples in one that takes their leaves.
    """
    writer = ModuleWriter()
    for name, value in extra_names:
        writer.add_name(name, value)
    if tuples is None:
        name = writer.add_jit(kernel, rename=kernel_name)
    else:
        # Tuple parameters: the kernel becomes a helper, called by a kernel of the same name
        # that takes the tuples' leaves one by one (as Triton's launcher passes them) and
        # packs them again.
        name = kernel_name or kernel.fn.__name__
        for item in tuples:
            for cls in _namedtuple_classes(item):
                writer.add_name(cls.__name__, cls)
        body = writer.add_jit(kernel, rename=name + "__trex_body")
        leaves = [leaf for item in tuples for leaf in _leaves(item)]
        arguments = ", ".join(_tuple_text(item) for item in tuples)
        writer.functions.append((name, "@triton.jit\n" + f"def {name}({', '.join(leaves)}):\n"
                                 f"    return {body}({arguments})\n"))
    text = writer.text(header)
    return Written(text, name, writer.notes, writer.def_lines, writer.origins)
