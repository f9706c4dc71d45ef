"""Running the trex command line on a written kernel module."""

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import threading


def atomic_write(path, data):
    """Writes `data` (str or bytes) to a temporary file beside `path`, then renames it into
    place: readers in other processes see the old file or the whole new one."""
    temporary = f"{path}.tmp.{os.getpid()}.{threading.get_ident()}"
    with open(temporary, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)
    os.replace(temporary, path)


class TrexNotFound(Exception):
    pass


def trex_executable():
    """$TREX, else `trex` on PATH, else the build tree next to this package."""
    explicit = os.environ.get("TREX")
    if explicit:
        if not os.access(explicit, os.X_OK):
            raise TrexNotFound(f"TREX={explicit} is not an executable file")
        return explicit
    found = shutil.which("trex")
    if found:
        return found
    here = os.path.dirname(os.path.abspath(__file__))
    built = os.path.join(here, "..", "..", "build", "bin", "trex")
    if os.access(built, os.X_OK):
        return os.path.normpath(built)
    raise TrexNotFound("trex was not found: set TREX to the trex executable or put it on PATH")


def executable_identity(path):
    """Changes when the executable does (for cache keys)."""
    stat = os.stat(path)
    return f"{os.path.realpath(path)}:{stat.st_size}:{stat.st_mtime_ns}"


def cache_root():
    """$TREX_CACHE_DIR, else $XDG_CACHE_HOME/trex, else ~/.cache/trex (as the trex CLI), with
    `triton/` under it; a temporary folder where none of those exists."""
    base = os.environ.get("TREX_CACHE_DIR")
    if not base:
        xdg = os.environ.get("XDG_CACHE_HOME")
        home = os.path.expanduser("~")
        if xdg and os.path.isdir(xdg):
            base = os.path.join(xdg, "trex")
        elif home and home != "~" and os.path.isdir(home):
            base = os.path.join(home, ".cache", "trex")
        else:
            base = os.path.join(tempfile.gettempdir(), f"trex-cache-{os.getuid()}")
    return os.path.join(base, "triton")


class TrexFailed(Exception):
    """trex ran and refused the kernel; the message is trex's diagnostic."""

    def __init__(self, message, command):
        super().__init__(message)
        self.command = command


def command_line(trex, module_path, kernel, signature, target, num_warps, num_stages, emit,
                 out_dir, num_ctas=1, debug=False, cooperative=False):
    return [trex, "compile", module_path, "--kernel", kernel, "--signature", signature,
            "--target", target, "--num-warps", str(num_warps), "--num-stages", str(num_stages),
            "--num-ctas", str(num_ctas), "--emit", emit, "-o", out_dir] + (
                ["--debug"] if debug else []) + (
                ["--launch-cooperative-grid"] if cooperative else [])


def compile_module(module_text, kernel, signature, target, num_warps, num_stages,
                   emit="all", timeout=None, num_ctas=1, debug=False, cooperative=False):
    """Compiles through the cache; returns the folder holding <kernel>.<stage> files and the
    metadata JSON trex wrote (a dict)."""
    trex = trex_executable()
    key = hashlib.sha256(json.dumps(
        [executable_identity(trex), module_text, kernel, signature, target, num_warps,
         num_stages, num_ctas, emit] + (["debug"] if debug else []) +
        (["cooperative"] if cooperative else [])).encode()).hexdigest()
    root = cache_root()
    final = os.path.join(root, key[:2], key)
    metadata_path = os.path.join(final, kernel + ".json")
    if os.path.isfile(metadata_path):
        with open(metadata_path) as f:
            return final, json.load(f)
    os.makedirs(os.path.dirname(final), exist_ok=True)
    work = tempfile.mkdtemp(prefix="build-", dir=os.path.dirname(final))
    try:
        module_path = os.path.join(work, "kernel.py")
        with open(module_path, "w") as f:
            f.write(module_text)
        out_dir = os.path.join(work, "out")
        command = command_line(trex, module_path, kernel, signature, target, num_warps,
                               num_stages, emit, out_dir, num_ctas, debug, cooperative)
        timeout = timeout or float(os.environ.get("TREX_COMPILE_TIMEOUT", "300"))
        try:
            run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise TrexFailed(f"trex did not finish within {timeout:g} s", command) from None
        if run.returncode != 0:
            message = run.stderr.strip() or run.stdout.strip() or f"exit status {run.returncode}"
            # Keep the module the diagnostic points into, for the user to open.
            kept = os.path.join(root, "failed", key[:16] + ".py")
            os.makedirs(os.path.dirname(kept), exist_ok=True)
            os.replace(module_path, kept)
            raise TrexFailed(message.replace(module_path, kept), command)
        os.replace(module_path, os.path.join(out_dir, "kernel.py"))
        try:
            os.rename(out_dir, final)
        except OSError:
            # Another process compiled the same kernel first: use theirs.
            if not os.path.isfile(metadata_path):
                raise
        with open(metadata_path) as f:
            return final, json.load(f)
    finally:
        shutil.rmtree(work, ignore_errors=True)
