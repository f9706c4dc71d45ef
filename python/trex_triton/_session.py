"""Capture sessions: every distinct kernel a program compiles, written so trex can compile it.

A session is a folder:

    DIR/session.json                 {"format": "trex-session", "version": 1, ...}
    DIR/kernels/<id>/kernel.py       the kernel as a self-contained module (_writer)
    DIR/kernels/<id>/kernel.json     name, trex signature, target, num_warps, num_stages, num_ctas,
                                     options that differ from the backend's defaults, Triton's
                                     outcome, the stage files, notes
    DIR/kernels/<id>/triton/<name>.<stage>   Triton's own stages (ttir, ttgir, llir, ptx, json;
                                     TREX_CAPTURE_STAGES=ttir,ttgir keeps only those)
    DIR/kernels/<id>/launches-<pid>.json     the grids this process launched it with

<id> hashes the module text, the signature, the options and the target, so processes that
compile the same kernel (pytest-xdist workers) share one entry. `trex compile --session DIR`
and `trex-explorer DIR` read it.
"""

import hashlib
import json
import os
import threading
import time

from . import _spec, _trex, _writer

FORMAT = "trex-session"
VERSION = 1
_MAX_GRIDS = 16
_TRITON_STAGES = ("ttir", "ttgir", "llir", "ptx", "amdgcn", "json", "source")


def _nondefault_options(target, options):
    """The options that differ from the backend's defaults (num_warps, num_stages and num_ctas
    aside: kernel.json has keys of their own)."""
    try:
        from triton.compiler.compiler import make_backend
        defaults = make_backend(target).parse_options({}).__dict__
    except Exception:  # noqa: BLE001 - no backend for that target here
        defaults = {}
    changed = {}
    for key, value in options.items():
        if key in ("num_warps", "num_stages", "num_ctas") or key not in defaults:
            continue
        if defaults[key] != value:
            changed[key] = value if isinstance(value, (bool, int, float, str, type(None))) \
                else repr(value)
    return changed


class Session:
    def __init__(self, folder):
        self.folder = os.path.abspath(folder)
        os.makedirs(os.path.join(self.folder, "kernels"), exist_ok=True)
        self._lock = threading.Lock()
        self._launches = {}       # id -> {"count": n, "grids": [[x, y, z], ...]}
        self._written = set()
        header = os.path.join(self.folder, "session.json")
        if not os.path.exists(header):
            info = {"format": FORMAT, "version": VERSION, "created": time.strftime(
                "%Y-%m-%dT%H:%M:%S"), "writer": "trex_triton"}
            try:
                import triton
                info["triton_version"] = getattr(triton, "__version__", "")
            except Exception:  # noqa: BLE001
                pass
            _trex.atomic_write(header, json.dumps(info, indent=1) + "\n")

    # -- one compile ----------------------------------------------------------------------
    def record(self, src, target, options, kernel, error, compiled_by_trex=False):
        if not (hasattr(src, "fn") and hasattr(src, "signature")):
            return None
        name = src.fn.__name__
        info = {"name": name, "notes": []}
        signature = None
        extra = []
        tuples = None
        try:
            specialization = _spec.signature_entries(src)
            signature = _spec.signature_text(specialization.entries)
            extra, tuples = specialization.extra, specialization.tuples
        except _spec.Unsupported as why:
            info["notes"].append(f"no trex signature: {why}")
        written = _writer.write_module(
            src.fn, extra, header=f"Captured by trex_triton: {name}"
            + (f" ({signature})" if signature else ""), tuples=tuples)
        module_text = written.text
        info["notes"] += written.notes
        metadata = getattr(kernel, "metadata", None)
        parsed_options = dict(options or {})
        num_warps = getattr(metadata, "num_warps", parsed_options.get("num_warps", 4))
        num_stages = getattr(metadata, "num_stages", parsed_options.get("num_stages", 3))
        num_ctas = getattr(metadata, "num_ctas", parsed_options.get("num_ctas", 1))
        try:
            if target is None:
                target = getattr(metadata, "target", None)
            target_text = _spec.target_text(target) if target is not None else ""
        except _spec.Unsupported as why:
            target_text = ""
            info["notes"].append(str(why))
        nondefault = _nondefault_options(target, parsed_options)
        info.update({
            "signature": signature,
            "target": target_text,
            "num_warps": num_warps,
            "num_stages": num_stages,
            "num_ctas": num_ctas,
            "options": nondefault,
            "compiled_by": "trex" if compiled_by_trex else "triton",
            "triton_ok": error is None,
        })
        if error is not None:
            info["triton_error"] = f"{type(error).__name__}: {str(error)[:2000]}"
        key = json.dumps([module_text, signature, num_warps, num_stages, nondefault, target_text,
                          error is None] + ([num_ctas] if num_ctas != 1 else []),
                         sort_keys=True, default=str)
        ident = hashlib.sha256(key.encode()).hexdigest()[:16]
        info["id"] = ident
        with self._lock:
            fresh = ident not in self._written
            self._written.add(ident)
        if fresh:
            self._write_kernel(ident, info, module_text, kernel)
        if kernel is not None:
            self._watch_launches(ident, kernel)
        return ident

    def _write_kernel(self, ident, info, module_text, kernel):
        folder = os.path.join(self.folder, "kernels", ident)
        os.makedirs(folder, exist_ok=True)
        stages = {}
        asm = getattr(kernel, "asm", None) or {}
        if asm:
            os.makedirs(os.path.join(folder, "triton"), exist_ok=True)
        wanted = os.environ.get("TREX_CAPTURE_STAGES")
        wanted = set(wanted.split(",")) if wanted else set(_TRITON_STAGES)
        for stage in _TRITON_STAGES:
            if stage not in asm or stage not in wanted:
                continue
            text = asm[stage]
            relative = os.path.join("triton", f"{info['name']}.{stage}")
            _trex.atomic_write(os.path.join(folder, relative), text)
            stages[stage] = relative
        metadata = getattr(kernel, "metadata", None)
        if (metadata is not None and "json" not in stages and "json" in wanted
                and hasattr(metadata, "_asdict")):
            relative = os.path.join("triton", f"{info['name']}.json")
            os.makedirs(os.path.join(folder, "triton"), exist_ok=True)
            _trex.atomic_write(os.path.join(folder, relative),
                          json.dumps(metadata._asdict(), indent=1, default=str, sort_keys=True))
            stages["json"] = relative
        info["triton_stages"] = stages
        _trex.atomic_write(os.path.join(folder, "kernel.py"), module_text)
        _trex.atomic_write(os.path.join(folder, "kernel.json"), json.dumps(info, indent=1) + "\n")

    # -- launches -------------------------------------------------------------------------
    def _watch_launches(self, ident, kernel):
        """Counts the kernel's launches and keeps the first distinct grids: the JIT launches
        through `kernel.run(gx, gy, gz, stream, ...)`, set when its handles load."""
        session = self
        cls = type(kernel)
        if getattr(cls, "_trex_watched", False):
            kernel._trex_capture_ids = getattr(kernel, "_trex_capture_ids", ()) + (ident,)
            return

        class Watched(cls):
            _trex_watched = True

            def _init_handles(self):
                loaded = self.__dict__.get("module") is not None
                super()._init_handles()
                if loaded:
                    return
                run = self.__dict__.get("run")
                if run is None or getattr(run, "_trex_watch", False):
                    return
                ids = getattr(self, "_trex_capture_ids", ())

                def watched_run(gx, gy, gz, *rest, **kw):
                    for one in ids:
                        session.launched(one, (gx, gy, gz))
                    return run(gx, gy, gz, *rest, **kw)

                watched_run._trex_watch = True
                self.run = watched_run

        Watched.__name__ = cls.__name__
        Watched.__qualname__ = cls.__qualname__
        try:
            kernel.__class__ = Watched
        except TypeError:
            return
        kernel._trex_capture_ids = (ident,)

    def launched(self, ident, grid):
        with self._lock:
            entry = self._launches.setdefault(ident, {"count": 0, "grids": []})
            entry["count"] += 1
            grid = [int(g) for g in grid]
            if grid not in entry["grids"] and len(entry["grids"]) < _MAX_GRIDS:
                entry["grids"].append(grid)
                dirty = True
            else:
                dirty = entry["count"] in (1, 10, 100, 1000) or entry["count"] % 10000 == 0
        if dirty:
            self._write_launches(ident)

    def _write_launches(self, ident):
        with self._lock:
            entry = dict(self._launches.get(ident, {}))
        if not entry:
            return
        path = os.path.join(self.folder, "kernels", ident, f"launches-{os.getpid()}.json")
        if os.path.isdir(os.path.dirname(path)):
            _trex.atomic_write(path, json.dumps(entry) + "\n")

    def flush(self):
        for ident in list(self._launches):
            self._write_launches(ident)
