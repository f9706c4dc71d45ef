"""Triton's compile done by trex: what Triton launches, made from trex's stages.

For each ASTSource the JIT hands over: the kernel is written as a self-contained module
(_writer), its specialization as trex's signature (_spec), `trex compile ... --emit all` runs
(through an on-disk cache, _trex), and the result is wrapped the way Triton wraps its own: a
metadata JSON with the keys Triton's launcher reads (the hidden scratch sizes, shared memory,
num_warps, ... as trex computed them; the options as Triton parsed them), and a
`CompiledKernel` over trex's cubin/hsaco and stage texts. Triton's launcher then allocates the
global and profile scratch and launches trex's binary.
"""

import hashlib
import json
import os
import re
import sys
import threading
import types

from . import _spec, _trex, _writer


def _triton_error_base():
    try:
        from triton.compiler.errors import CompilationError
        return CompilationError
    except Exception:  # noqa: BLE001 - a Triton without that module
        return RuntimeError


class _ErrorFactory:
    cls = None

    @classmethod
    def get(cls):
        if cls.cls is None:
            base = _triton_error_base()

            class TrexCompileError(base):
                """trex could not compile a kernel. A subclass of Triton's CompilationError, so
                programs (and tests) that catch Triton's compile errors catch it too."""

                def __init__(self, message, kernel=None):
                    Exception.__init__(self, message)
                    self.message = message
                    self.kernel = kernel
                    self.src = None
                    self.node = None
                    self.error_message = message

                def __str__(self):
                    return self.message

                def __reduce__(self):
                    return (_make_error, (self.message, self.kernel))

            TrexCompileError.__module__ = "trex_triton"
            cls.cls = TrexCompileError
        return cls.cls


def _make_error(message, kernel=None):
    return _ErrorFactory.get()(message, kernel)


class TrexDiagnostic(Exception):
    """The message of trex's first error, without its location (the cause of a
    TrexCompileError, where Triton's CompilationError has the exception its code generator
    raised)."""


def _first_error(reason):
    for line in reason.splitlines():
        found = re.search(r"\berror: (.*)", line)
        if found:
            return found.group(1)
    return reason.splitlines()[0] if reason else ""


def _with_program_locations(message, written):
    """Adds, under each located diagnostic line of the written module, where that line is in
    the program ("note: in the program: FILE:LINE")."""
    out = []
    for line in message.splitlines():
        out.append(line)
        found = re.match(r"(\S+\.py):(\d+):(\d+): (error|warning)", line)
        if found:
            where = written.program_location(int(found.group(2)))
            if where:
                out.append(f"note: in the program: {where[0]}:{where[1]}")
    return "\n".join(out)


def _compiled_name(src):
    """The kernel's name in the compiled module: Triton's `repr=` of the jit function given
    the specialization, else the function's name."""
    namer = getattr(src.fn, "repr", None)
    if callable(namer) and getattr(src.fn, "_repr", True) is not None:
        # What Triton's code generator hands `repr=`: the signature and the constexprs by
        # parameter name.
        names = list(src.fn.arg_names)
        specialization = types.SimpleNamespace(
            signature=dict(src.signature), attrs=dict(src.attrs or {}),
            constants={names[k[0]]: v for k, v in (src.constants or {}).items()
                       if isinstance(k, tuple) and len(k) == 1 and k[0] < len(names)})
        try:
            name = namer(specialization)
        except Exception:  # noqa: BLE001 - a repr that fails here fails in Triton too
            name = None
        if isinstance(name, str) and name.isidentifier():
            return name
    return src.fn.__name__


def _describe(src):
    return getattr(src, "name", None) or getattr(getattr(src, "fn", None), "__name__", "?")


class TrexCompile:
    """Replaces Triton's compile. `fallback="triton"`: a kernel trex cannot compile is compiled
    by Triton instead, and listed at exit."""

    def __init__(self, fallback=""):
        if fallback not in ("", "triton"):
            raise ValueError(f"TREX_FALLBACK={fallback!r}: the only fallback is 'triton'")
        self.fallback = fallback
        self.fallbacks = []        # (kernel, reason)
        self.compiled = 0
        self.seconds = 0.0
        self._lock = threading.Lock()
        self._log = os.environ.get("TREX_COMPILE_LOG")

    # -- the compile ----------------------------------------------------------------------
    def compile(self, original, src, target=None, options=None, *args, **kwargs):
        """A CompiledKernel made by trex, or None where Triton compiles it (fallback)."""
        import time
        start = time.perf_counter()
        if not (hasattr(src, "fn") and hasattr(src, "signature")):
            return self._not_done(_describe(src), "the source is an IR file, not a Python "
                                  "kernel (trex_triton compiles @triton.jit kernels)")
        try:
            kernel = self._compile(src, target, options)
        except _spec.Unsupported as error:
            return self._not_done(_describe(src), str(error))
        except _trex.TrexFailed as error:
            return self._not_done(_describe(src), str(error))
        except _trex.TrexNotFound as error:
            return self._not_done(_describe(src), str(error))
        with self._lock:
            self.compiled += 1
            self.seconds += time.perf_counter() - start
        self._write_log({"kernel": _describe(src), "trex": "ok",
                         "seconds": round(time.perf_counter() - start, 4)})
        return kernel

    def _not_done(self, kernel, reason):
        self._write_log({"kernel": kernel, "trex": "failed", "reason": reason[:2000]})
        if self.fallback == "triton":
            with self._lock:
                self.fallbacks.append((kernel, reason.splitlines()[0] if reason else ""))
            return None
        error = _make_error(f"trex could not compile kernel '{kernel}':\n{reason}\n"
                            "(TREX_FALLBACK=triton compiles such kernels with Triton instead)",
                            kernel)
        # As Triton's CompilationError: the cause carries the diagnostic's own message.
        raise error from TrexDiagnostic(_first_error(reason))

    def _compile(self, src, target, options):
        from triton.compiler.compiler import CompiledKernel, make_backend
        if target is None:
            from triton.runtime.driver import driver
            target = driver.active.get_current_target()
        backend = make_backend(target)
        extra = src.parse_options() if hasattr(src, "parse_options") else {}
        parsed = backend.parse_options(dict(options or {}, **extra))
        defaults = backend.parse_options({}).__dict__
        changed = _spec.option_changes(parsed.__dict__, defaults, target)
        if changed:
            raise _spec.Unsupported("options trex does not take: " + ", ".join(changed))
        target_text = _spec.target_text(target)
        specialization = _spec.signature_entries(src)
        signature = _spec.signature_text(specialization.entries)
        written = _writer.write_module(
            src.fn, specialization.extra,
            header=f"Written by trex_triton for {src.fn.__name__} ({signature})",
            kernel_name=_compiled_name(src), tuples=specialization.tuples)
        module_text, kernel_name = written.text, written.name
        try:
            folder, trex_metadata = _trex.compile_module(
                module_text, kernel_name, signature, target_text, parsed.num_warps,
                parsed.num_stages, num_ctas=getattr(parsed, "num_ctas", 1),
                debug=bool(getattr(parsed, "debug", False)),
                cooperative=bool(getattr(parsed, "launch_cooperative_grid", False)))
        except _trex.TrexFailed as error:
            raise _trex.TrexFailed(_with_program_locations(str(error), written),
                                   error.command) from None
        return self._compiled_kernel(CompiledKernel, src, target, parsed, folder, kernel_name,
                                     trex_metadata, backend)

    def _compiled_kernel(self, CompiledKernel, src, target, options, folder, kernel_name,
                         trex_metadata, backend):
        import triton
        try:
            from triton._C.libtriton import get_cache_invalidating_env_vars
            env_vars = get_cache_invalidating_env_vars()
        except Exception:  # noqa: BLE001 - a Triton build without it
            env_vars = {}
        key = json.dumps([folder, repr(target), sorted(options.__dict__.items(), key=str)],
                         default=str)
        digest = hashlib.sha256(key.encode()).hexdigest()
        metadata = {"hash": digest, "target": target, **options.__dict__, **env_vars,
                    "triton_version": getattr(triton, "__version__", "")}
        for name, value in trex_metadata.items():
            if name == "target" or name.startswith("trex_"):
                continue
            metadata[name] = value
        group_dir = os.path.join(_trex.cache_root(), "kernels", digest[:2], digest)
        os.makedirs(group_dir, exist_ok=True)
        json_name = f"{src.name}.json"
        json_path = os.path.join(group_dir, json_name)
        if not os.path.isfile(json_path):
            _trex.atomic_write(json_path, json.dumps(metadata, default=vars))
        group = {json_name: json_path}
        for file_name in sorted(os.listdir(folder)):
            stem, dot, ext = file_name.rpartition(".")
            # The stages only (not the metadata, nor the module trex compiled, kernel.py).
            if stem != kernel_name or ext in ("json", "py") or not dot:
                continue
            group[f"{src.name}.{ext}"] = os.path.join(folder, file_name)
        kernel = CompiledKernel(src, group, digest)
        kernel._trex_compiled = True
        kernel._trex_folder = folder
        return kernel

    # -- reports --------------------------------------------------------------------------
    def _write_log(self, record):
        if not self._log:
            return
        line = json.dumps(dict(record, pid=os.getpid())) + "\n"
        with self._lock, open(self._log, "a") as f:
            f.write(line)

    def report(self):
        if self.fallbacks:
            print(f"trex_triton: {len(self.fallbacks)} kernel(s) compiled by Triton "
                  "(TREX_FALLBACK=triton):", file=sys.stderr)
            for kernel, reason in self.fallbacks:
                print(f"  {kernel}: {reason}", file=sys.stderr)
