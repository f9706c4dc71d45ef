"""pytest plugin for test/compat/triton_suite.py: a deterministic subset of the collected tests
(the same in every run, so a run with Triton's binaries and one with trex's compare test for
test), and one JSON line per test outcome, written as it happens (a run cut short still
reports what it finished).

    TREX_SUITE_MOD=N TREX_SUITE_REM=R   keep the tests whose node id hashes to R modulo N
    TREX_SUITE_LOG=FILE                 append {"node", "outcome", "seconds", "message"} lines
    TREX_SUITE_COMPILE_LOG=FILE         (runs without TREX_COMPILE) time each of Triton's own
                                        compiles, one {"kernel", "seconds", "ok"} line each, for
                                        the side-by-side compile time
    TREX_SUITE_RESTART=1                a pytest-xdist worker whose test hit a sticky CUDA error
                                        (misaligned/illegal address: the context is lost for
                                        every later test) exits after that test, so xdist starts a
                                        fresh one; the test xdist then reports as "crashed while
                                        running" is run again by triton_suite.py
"""

import json
import os
import zlib


def pytest_configure(config):
    log = os.environ.get("TREX_SUITE_COMPILE_LOG")
    if not log or os.environ.get("TREX_COMPILE", "") not in ("", "0"):
        return
    import time
    import triton
    import triton.compiler
    import triton.compiler.compiler as compiler_module
    original = compiler_module.compile

    def timed(src, *args, **kwargs):
        start = time.perf_counter()
        ok = False
        try:
            result = original(src, *args, **kwargs)
            ok = True
            return result
        finally:
            record = {"kernel": getattr(src, "name", str(src)), "ok": ok,
                      "seconds": round(time.perf_counter() - start, 4)}
            with open(log, "a") as f:
                f.write(json.dumps(record) + "\n")

    for owner in (triton, triton.compiler, compiler_module):
        if getattr(owner, "compile", None) is original:
            owner.compile = timed


def pytest_collection_modifyitems(session, config, items):
    mod = int(os.environ.get("TREX_SUITE_MOD", "1"))
    rem = int(os.environ.get("TREX_SUITE_REM", "0"))
    if mod > 1:
        kept = [item for item in items if zlib.crc32(item.nodeid.encode()) % mod == rem]
        deselected = [item for item in items if zlib.crc32(item.nodeid.encode()) % mod != rem]
        config.hook.pytest_deselected(items=deselected)
        items[:] = kept
    # Interleave test functions so a run cut at its time limit has sampled every function.
    groups = {}
    for item in items:
        groups.setdefault(item.nodeid.split("[")[0], []).append(item)
    ordered = []
    lists = list(groups.values())
    depth = 0
    while len(ordered) < len(items):
        for group in lists:
            if depth < len(group):
                ordered.append(group[depth])
        depth += 1
    items[:] = ordered


_STICKY = ("misaligned address", "illegal memory access", "illegal instruction",
           "unspecified launch failure", "an illegal", "CUDA error: ")
_restart = False


def _message(report):
    if not report.failed:
        return ""
    text = getattr(report, "longreprtext", "") or str(report.longrepr or "")
    lines = [line for line in text.splitlines() if line.startswith("E ")]
    return "\n".join(lines[:12]) if lines else text[-1500:]


def pytest_runtest_logreport(report):
    log = os.environ.get("TREX_SUITE_LOG")
    # Under pytest-xdist the controller sees every worker's reports (and the crashes of
    # workers): only it writes.
    if not log or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    if report.when == "call" or (report.when == "setup" and not report.passed):
        outcome = report.outcome
        if report.when == "setup" and report.skipped:
            outcome = "skipped"
        elif report.when == "setup" and report.failed:
            outcome = "error"
        if hasattr(report, "wasxfail"):
            outcome = "xfailed" if report.skipped else "xpassed"
        worker = getattr(getattr(getattr(report, "node", None), "gateway", None), "id", None)
        record = {"node": report.nodeid, "outcome": outcome, "worker": worker,
                  "seconds": round(report.duration, 3), "message": _message(report)}
        with open(log, "a") as f:
            f.write(json.dumps(record) + "\n")


def pytest_runtest_makereport(item, call):
    global _restart
    if (os.environ.get("TREX_SUITE_RESTART") and os.environ.get("PYTEST_XDIST_WORKER")
            and call.excinfo is not None):
        text = str(call.excinfo.value)
        if any(marker in text for marker in _STICKY):
            _restart = True


def pytest_runtest_logfinish(nodeid, location):
    if _restart:
        os._exit(75)
