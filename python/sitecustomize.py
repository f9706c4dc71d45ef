# Activates trex_triton from the environment (TREX_CAPTURE=DIR, TREX_COMPILE=1) in every Python
# process that has this folder on PYTHONPATH, then runs the sitecustomize this one shadows.
import os as _os
import sys as _sys

if _os.environ.get("TREX_CAPTURE") or _os.environ.get("TREX_COMPILE", "") not in ("", "0"):
    try:
        import trex_triton as _trex_triton
        _trex_triton.activate_from_environment()
    except Exception as _error:  # noqa: BLE001 - never stop the program from starting
        print(f"trex_triton: not active: {type(_error).__name__}: {_error}", file=_sys.stderr)


def _chain():
    import importlib.util
    here = _os.path.dirname(_os.path.abspath(__file__))
    for entry in _sys.path:
        if _os.path.abspath(entry or ".") == here:
            continue
        candidate = _os.path.join(entry, "sitecustomize.py")
        if _os.path.isfile(candidate):
            spec = importlib.util.spec_from_file_location("_shadowed_sitecustomize", candidate)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return


_chain()
