"""The hook into Triton's compile.

We wrap `triton.compiler.compile` (rather than a `triton.knobs` hook): Triton 3.6's JIT binder
imports `compile` from `triton.compiler` when a kernel is first launched on a device
(`JITFunction.create_binder`) and calls it with an ASTSource, the target and the options, and
only a wrapper can both see every compile and return something else than Triton's result.
`triton.compile` and `triton.compiler.compiler.compile` (which some programs call directly)
are replaced too. Kernels launched before the hook is installed keep Triton's binaries.
"""

import atexit
import os
import sys
import threading

_lock = threading.Lock()
_original = None          # Triton's compile
_capture = None           # a capture.Session, when capturing
_use = None               # a _compile.TrexCompile, when compiling with trex


def _triton_modules():
    import triton
    import triton.compiler
    import triton.compiler.compiler
    return triton, triton.compiler, triton.compiler.compiler


def _wrapper(src, target=None, options=None, *args, **kwargs):
    session = _capture
    use = _use
    if use is not None:
        kernel = use.compile(_original, src, target, options, *args, **kwargs)
    else:
        kernel = None
    triton_error = None
    if kernel is None:
        try:
            kernel = _original(src, target=target, options=options, *args, **kwargs)
        except Exception as error:  # noqa: BLE001 - recorded, then raised as Triton raised it
            triton_error = error
    if session is not None:
        try:
            session.record(src, target, options, kernel, triton_error, compiled_by_trex=(
                use is not None and getattr(kernel, "_trex_compiled", False)))
        except Exception as error:  # noqa: BLE001 - a capture problem never breaks the program
            print(f"trex_triton: capture of {getattr(src, 'name', src)!r} failed: {error}",
                  file=sys.stderr)
    if triton_error is not None:
        raise triton_error
    return kernel


_wrapper.__trex_triton__ = True


def install():
    """Replaces Triton's compile by the wrapper (once)."""
    global _original
    with _lock:
        if _original is not None:
            return
        triton, package, module = _triton_modules()
        original = module.compile
        if getattr(original, "__trex_triton__", False):
            return
        _original = original
        for owner in (triton, package, module):
            if getattr(owner, "compile", None) is original:
                owner.compile = _wrapper


def set_capture(session):
    global _capture
    install()
    _capture = session


def set_use(use):
    global _use
    install()
    _use = use


def capturing():
    return _capture


def using():
    return _use


def from_environment():
    """TREX_CAPTURE=DIR and TREX_COMPILE=1 (read when the package is first imported through
    sitecustomize, or by trex_triton.activate_from_environment())."""
    capture_dir = os.environ.get("TREX_CAPTURE")
    compile_flag = os.environ.get("TREX_COMPILE", "")
    if not capture_dir and compile_flag in ("", "0"):
        return False
    from . import _session as capture_module
    from . import _compile
    if compile_flag not in ("", "0"):
        set_use(_compile.TrexCompile(fallback=os.environ.get("TREX_FALLBACK", "")))
    if capture_dir:
        set_capture(capture_module.Session(capture_dir))
    atexit.register(_at_exit)
    return True


def _at_exit():
    if _capture is not None:
        _capture.flush()
    if _use is not None:
        _use.report()
