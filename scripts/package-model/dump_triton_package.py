# Dumps the names Triton 3.6's modules export and torch's dtypes, as JSON, for trex's model
# of Triton's package (compiler/lib/Frontend/Module/TritonPackage.inc). Run where real Triton
# and PyTorch are installed (the GPU machine): OUT=DIR python3 dump_triton_package.py, then
# here: python3 make_package_model.py DIR/triton_names.json > compiler/lib/Frontend/Module/TritonPackage.inc
import importlib, json, pkgutil, sys, types, os
out = {}
import triton
mods = ["triton", "triton.language", "triton.language.core", "triton.language.math",
        "triton.language.standard", "triton.language.random", "triton.language.semantic",
        "triton.language.extra", "triton.language.extra.libdevice", "triton.language.extra.cuda",
        "triton.language.extra.cuda.libdevice", "triton.language.extra.cuda.utils",
        "triton.language.extra.hip", "triton.language.extra.hip.libdevice",
        "triton.runtime", "triton.runtime.jit", "triton.runtime.autotuner", "triton.runtime.driver",
        "triton.runtime.errors", "triton.runtime.cache", "triton.runtime.interpreter", "triton.testing", "triton.compiler",
        "triton.compiler.compiler", "triton.compiler.errors", "triton.backends", "triton.backends.compiler", "triton.tools",
        "triton.tools.tensor_descriptor", "triton.language.target_info", "triton.knobs", "triton.errors",
        "triton._utils", "triton.language.extra.tlx", "triton.experimental", "triton.experimental.gluon",
        "triton.experimental.gluon.language", "triton.tools.disasm", "triton.language.core.dtype",
        "triton.profiler", "triton.profiler.language"]
for m in mods:
    try:
        mod = importlib.import_module(m)
    except Exception as e:
        out[m] = {"error": type(e).__name__ + ": " + str(e)}
        continue
    entry = {}
    for n in dir(mod):
        if n.startswith("__"):
            continue
        v = getattr(mod, n)
        kind = type(v).__name__
        info = {"type": kind, "module": getattr(v, "__module__", None) if not isinstance(v, types.ModuleType) else None}
        if isinstance(v, types.ModuleType):
            info["path"] = v.__name__
        elif isinstance(v, (int, float, str, bool)):
            info["value"] = v
        entry[n] = info
    out[m] = entry
# dtype attributes
import triton.language as tl
out["__dtype_members__"] = [n for n in dir(tl.float16) if not n.startswith("__")]
out["__constexpr_members__"] = [n for n in dir(tl.constexpr(1)) if not n.startswith("__")]
out["__version__"] = triton.__version__
import torch
tor = {}
for n in dir(torch):
    v = getattr(torch, n, None)
    if isinstance(v, torch.dtype):
        fi = {}
        try:
            f = torch.finfo(v); fi = {"kind": "finfo", "bits": f.bits, "min": f.min, "max": f.max, "eps": f.eps, "tiny": f.tiny, "smallest_normal": f.smallest_normal, "resolution": f.resolution}
        except Exception:
            try:
                f = torch.iinfo(v); fi = {"kind": "iinfo", "bits": f.bits, "min": f.min, "max": f.max}
            except Exception:
                pass
        try:
            tor[n] = {"str": str(v), "itemsize": v.itemsize, "is_floating_point": v.is_floating_point, "is_complex": v.is_complex, "is_signed": v.is_signed, "info": fi}
        except Exception as e:
            tor[n] = {"str": str(v), "error": str(e)}
out["__torch_dtypes__"] = tor
out["__torch_version__"] = torch.__version__
json.dump(out, open(os.path.join(os.environ["OUT"], "triton_names.json"), "w"), indent=1, default=str)
print("ok", len(out))
