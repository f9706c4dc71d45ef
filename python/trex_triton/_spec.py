"""Triton's specialization of one compile, in trex's terms.

Triton's JIT hands `triton.compiler.compile` an ASTSource: `signature` maps each parameter name
to a type string ("*fp32", "i32") or "constexpr", `constants` maps (index,) paths to the
constexpr values (ints equal to 1 and None arrive there too), and `attrs` maps (index,) paths to
[["tt.divisibility", 16]]. trex's signature is Triton's AOT form: one entry per parameter,
"*fp32:16" for a pointer known to be 16-aligned, the value for a constexpr. Values the AOT form
has no literal for (helpers passed as functions, tuples, dtypes, inf) are written as Python
expressions of the written module, which trex evaluates there.
"""

from . import _writer


class Unsupported(Exception):
    """A compile trex does not do (yet): the reason is the message."""


# Options of Triton's CUDA/HIP backends that change the generated code and that trex's command
# line does not take. A compile that sets one away from the backend's default is not done by
# trex (it says which), rather than compiled without it.
_ACCEPTED_OPTIONS = {
    "num_warps", "num_stages", "num_ctas",
    # Triton's debug option (trex compile --debug).
    "debug",
    # A cooperative launch (trex compile --launch-cooperative-grid: the metadata says so and
    # Triton's launcher launches it cooperatively).
    "launch_cooperative_grid",
    # Set by the backend from the target or the environment; trex follows the same rules
    # (`arch` is not here: a program that overrides it asks for another target).
    "backend_name", "warp_size", "ptx_version", "ptx_options", "extern_libs",
    "supported_fp8_dtypes", "deprecated_fp8_dot_operand_dtypes", "allowed_dot_input_precisions",
    "default_dot_input_precision", "max_num_imprecise_acc_default", "enable_reflect_ftz",
    "sanitize_overflow", "matrix_instr_nonkdim",
    "kpack", "waves_per_eu", "schedule_hint", "arch_name",
}


def target_text(target):
    backend = getattr(target, "backend", None)
    arch = getattr(target, "arch", None)
    if backend == "cuda":
        return f"cuda:{arch}"
    if backend == "hip":
        return f"hip:{arch}"
    raise Unsupported(f"target {target!r}: trex compiles for cuda:90, cuda:80 and hip:gfx942")


# What trex's code is, whatever the backend's defaults are (Triton's knobs and environment
# variables can change those defaults: TRITON_DEFAULT_FP_FUSION, override_arch, ...).
_TREX_DOES = {"enable_fp_fusion": True, "enable_reflect_ftz": True,
              "maxnreg": None, "launch_pdl": False}


def option_changes(options, defaults, target=None):
    """The options (a dict) that trex cannot follow: away from the backend's defaults, or from
    what trex does where the defaults were changed, or another architecture than the target's."""
    changed = [f"{key}={options[key]!r}" for key, value in _TREX_DOES.items()
               if key in options and options[key] != value]
    arch = options.get("arch")
    if (target is not None and getattr(target, "backend", None) == "cuda" and
            isinstance(arch, str) and arch.rstrip("a") != f"sm{getattr(target, 'arch', '')}"):
        changed.append(f"arch={arch!r} (the target is sm{target.arch})")
    for key, value in options.items():
        if key in _ACCEPTED_OPTIONS or key in _TREX_DOES or key == "arch":
            continue
        if key in defaults and defaults[key] == value:
            continue
        if key not in defaults and value in (None, False, 0, "", (), []):
            continue
        changed.append(f"{key}={value!r}")
    return changed


def _has_divisibility(attrs, path):
    for entry in attrs.get(path, ()) or ():
        try:
            name, value = entry
        except (TypeError, ValueError):
            continue
        if name == "tt.divisibility" and value == 16:
            return True
    return False


class Specialization:
    """trex's view of one compile's specialization.

    entries: the signature entries, one per parameter of the kernel trex compiles;
    extra: (name, value) pairs the written module must define (helpers passed as functions);
    tuples: None, or, where Triton's kernel takes tuple parameters, one item per original
      parameter: its name, or for a tuple the nested tuple of the leaf parameter names the
      written module's wrapper kernel takes instead (Triton's launcher passes tuples flattened,
      leaf by leaf, in this order).
    """

    def __init__(self):
        self.entries = []
        self.extra = []
        self.tuples = None


def _leaf_entry(name, kind, path, constants, attrs, spec):
    if kind == "nvTmaDesc":
        raise Unsupported(f"parameter '{name}' is a pre-built TMA descriptor (nvTmaDesc, "
                          "triton.tools.experimental_descriptor); trex takes "
                          "TensorDescriptor objects instead")
    if kind.startswith("tensordesc"):
        # A TensorDescriptor made on the host: trex reads Triton's form as it is, and its
        # metadata's tensordesc_meta lets Triton's launcher encode the CUtensorMap.
        if "]," in kind.replace(" ", ""):
            raise Unsupported(f"parameter '{name}' is a tensor descriptor with a layout "
                              f"({kind}, Gluon's form); trex picks the TMA layout itself")
        return kind
    if kind != "constexpr":
        return kind + (":16" if _has_divisibility(attrs, path) else "")
    if path not in constants:
        raise Unsupported(f"constexpr parameter '{name}' has no value")
    value = constants[path]
    if _writer._is_constexpr(value):
        value = value.value
    if _writer._is_jit(value):
        spec.extra.append((value.fn.__name__, value))
        return value.fn.__name__
    if callable(value) and _writer._is_library(value) and getattr(value, "__name__", None):
        # A Triton builtin passed as a function (tl.extra.cuda.globaltimer): imported into the
        # module under its name.
        spec.extra.append((value.__name__, value))
        return value.__name__
    try:
        return _writer.literal(value)
    except _writer.Unrenderable as error:
        raise Unsupported(f"constexpr parameter '{name}': {error}") from None


def _flatten(name, kind, path, constants, attrs, spec):
    """The leaf parameter names of a tuple parameter (nested like it), adding their entries."""
    if isinstance(kind, (tuple, list)):
        items = [_flatten(f"{name}_{i}", k, path + (i,), constants, attrs, spec)
                 for i, k in enumerate(kind)]
        # Triton 3.6 keeps a NamedTuple argument's class in the signature (its fields hold the
        # leaves' types); the wrapper rebuilds that class so the kernel reads fields by name.
        return type(kind)(*items) if hasattr(kind, "_fields") else tuple(items)
    if not isinstance(kind, str):
        raise Unsupported(f"parameter '{name}' has a type trex does not know ({kind!r})")
    spec.entries.append(_leaf_entry(name, kind, path, constants, attrs, spec))
    return name


def signature_entries(src):
    """The Specialization of an ASTSource."""
    fn = src.fn
    arg_names = list(fn.arg_names)
    types = src.signature
    if not isinstance(types, dict):
        raise Unsupported("a signature that is not a dict")
    constants = dict(src.constants or {})
    attrs = dict(src.attrs or {})
    spec = Specialization()
    layout = []
    for index, name in enumerate(arg_names):
        kind = types.get(name, types.get(index))
        if kind is None:
            raise Unsupported(f"no type for parameter '{name}'")
        if isinstance(kind, (tuple, list)):
            layout.append(_flatten(f"{name}__{index}", kind, (index,), constants, attrs, spec))
            continue
        if not isinstance(kind, str):
            raise Unsupported(f"parameter '{name}' has a type trex does not know ({kind!r})")
        spec.entries.append(_leaf_entry(name, kind, (index,), constants, attrs, spec))
        layout.append(name)
    if any(isinstance(item, tuple) for item in layout):
        spec.tuples = layout
    return spec


def signature_text(entries):
    return ", ".join(entries)
