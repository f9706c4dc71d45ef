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
    "num_warps", "num_stages",
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
_TREX_DOES = {"enable_fp_fusion": True, "enable_reflect_ftz": True, "debug": False,
              "num_ctas": 1, "maxnreg": None, "launch_cooperative_grid": False,
              "launch_pdl": False}


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


def signature_entries(src):
    """trex's signature entries for an ASTSource, and the (name, value) pairs the written module
    must define for them (jit helpers passed as constexprs)."""
    fn = src.fn
    arg_names = list(fn.arg_names)
    types = src.signature
    if not isinstance(types, dict):
        raise Unsupported("a signature that is not a dict")
    constants = dict(src.constants or {})
    attrs = dict(src.attrs or {})
    entries = []
    extra = []
    for index, name in enumerate(arg_names):
        kind = types.get(name, types.get(index))
        if kind is None:
            raise Unsupported(f"no type for parameter '{name}'")
        if not isinstance(kind, str) or kind.startswith(("(", "[")):
            raise Unsupported(f"parameter '{name}' is a tuple ({kind!r}); trex's signature "
                              "has no tuple entries yet")
        if kind.startswith("tensordesc") or kind == "nvTmaDesc":
            raise Unsupported(f"parameter '{name}' is a host-side tensor descriptor ({kind}); "
                              "trex does not take those as parameters yet")
        if kind == "constexpr":
            if (index,) not in constants:
                raise Unsupported(f"constexpr parameter '{name}' has no value")
            value = constants[(index,)]
            if _writer._is_constexpr(value):
                value = value.value
            if _writer._is_jit(value):
                helper = value.fn.__name__
                extra.append((helper, value))
                entries.append(helper)
                continue
            if callable(value) and _writer._is_library(value) and getattr(value, "__name__",
                                                                           None):
                # A Triton builtin passed as a function (tl.extra.cuda.globaltimer): imported
                # into the module under its name.
                extra.append((value.__name__, value))
                entries.append(value.__name__)
                continue
            try:
                entries.append(_writer.literal(value))
            except _writer.Unrenderable as error:
                raise Unsupported(f"constexpr parameter '{name}': {error}") from None
            continue
        entries.append(kind + (":16" if _has_divisibility(attrs, (index,)) else ""))
    return entries, extra


def signature_text(entries):
    return ", ".join(entries)
