"""trex inside real Triton programs.

    import trex_triton
    trex_triton.capture("DIR")   # write every kernel the program compiles as a session
    trex_triton.use()            # compile every kernel with trex instead of Triton

or, with this folder on PYTHONPATH (its sitecustomize.py reads the environment):

    TREX_CAPTURE=DIR python prog.py
    TREX_COMPILE=1 [TREX_FALLBACK=triton] python prog.py

Call either before the program's first kernel launch. Pure Python, no build step; needs the
`trex` executable for use() ($TREX, PATH, or the build tree next to this folder).
"""

from . import _hook

__all__ = ["capture", "use", "activate_from_environment"]


def capture(folder):
    """Records every distinct kernel Triton compiles from now on into the session `folder`
    (Triton still compiles; with use(), trex does). Returns the Session."""
    import atexit
    from ._session import Session
    session = Session(folder)
    _hook.set_capture(session)
    atexit.register(session.flush)
    return session


def use(fallback=""):
    """Compiles every kernel with trex from now on. A kernel trex cannot compile raises
    trex_triton's TrexCompileError (a triton CompilationError) naming the kernel and trex's
    diagnostic; fallback="triton" compiles it with Triton instead and lists it at exit."""
    import atexit
    from ._compile import TrexCompile
    compile_ = TrexCompile(fallback=fallback)
    _hook.set_use(compile_)
    atexit.register(compile_.report)
    return compile_


def activate_from_environment():
    """Reads TREX_CAPTURE / TREX_COMPILE / TREX_FALLBACK; True if one was set."""
    return _hook.from_environment()
