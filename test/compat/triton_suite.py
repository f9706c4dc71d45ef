#!/usr/bin/env python3
"""Triton's own test suite on trex's binaries (run on a GPU machine with Triton 3.6).

    triton_suite.py run --tests DIR --log OUT.jsonl [--trex] [--workers 8] [--time 420]
    triton_suite.py compare TRITON.jsonl TREX.jsonl [--compile-log LOG] [--json OUT]

`run` runs pytest on the test files in DIR (Triton's python/test/unit/language files) with
suite_plugin.py: a deterministic subset (--mod/--rem) and one line per outcome. With --trex,
trex_triton compiles every kernel (TREX_COMPILE=1; the trex executable from $TREX, its
libraries on LD_LIBRARY_PATH). `compare` lines the two runs up test by test: the tests Triton
passes, how many of them pass on trex's binaries, and the failures by cause with an example
each.
"""

import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.normpath(os.path.join(HERE, "..", "..", "python"))


def run(args):
    env = dict(os.environ)
    paths = [HERE, os.path.abspath(args.tests)]
    if args.trex:
        paths.insert(0, PYTHON_DIR)
        env["TREX_COMPILE"] = "1"
        if args.fallback:
            env["TREX_FALLBACK"] = "triton"
        if args.compile_log:
            env["TREX_COMPILE_LOG"] = os.path.abspath(args.compile_log)
    env["PYTHONPATH"] = os.pathsep.join(paths + [env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env["TREX_SUITE_LOG"] = os.path.abspath(args.log)
    env["TREX_SUITE_MOD"] = str(args.mod)
    env["TREX_SUITE_REM"] = str(args.rem)
    env.setdefault("PYTHONUNBUFFERED", "1")
    files = args.files.split(",") if args.files else sorted(
        f for f in os.listdir(args.tests) if f.startswith("test_") and f.endswith(".py"))
    command = [sys.executable, "-m", "pytest", "-p", "suite_plugin", "-p", "no:cacheprovider",
               "-q", "--tb=short", "-rN", "--continue-on-collection-errors"]
    if args.workers > 1:
        command += ["-n", str(args.workers), "--dist", "load"]
    try:
        import pytest_timeout  # noqa: F401
        command += ["--timeout", str(args.test_timeout)]
    except ImportError:
        pass
    command += files
    if os.path.exists(args.log):
        os.remove(args.log)
    timeout = shutil.which("timeout")
    if timeout:
        command = [timeout, "-k", "20", str(args.time)] + command
    if args.workers > 1:
        env["TREX_SUITE_RESTART"] = "1"
        command[command.index("-n"):command.index("-n")] = ["--max-worker-restart", "100000"]
    print(" ".join(command), flush=True)
    status = subprocess.call(command, cwd=args.tests, env=env)
    # Tests xdist blames for a worker that exited on purpose (after a sticky CUDA error in the
    # test before) did not run: run them again, once.
    crashed = [n for n, r in load(args.log).items() if "crashed while running" in r["message"]]
    if crashed and args.rerun:
        print(f"running {len(crashed)} tests again whose worker was restarted", flush=True)
        again = [c for c in command if c not in files] + crashed
        if timeout:
            again[again.index(str(args.time))] = str(max(60, args.time // 3))
        subprocess.call(again, cwd=args.tests, env=env)
    return status


def load(path):
    outcomes = {}
    if not os.path.exists(path):
        return outcomes
    with open(path) as f:
        for line in f:
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            outcomes[record["node"]] = record
    return outcomes


def _normalise(text):
    text = re.sub(r"'[^']*'", "'…'", text)
    text = re.sub(r"\b\d+\b", "N", text)
    return text[:160]


def cause(record):
    """(category, detail) of a failed test on trex's binaries."""
    message = record.get("message", "")
    if "trex could not compile kernel" in message:
        detail = ""
        for line in message.splitlines():
            found = re.search(r"error: (.*)", line)
            if found:
                detail = _normalise(found.group(1))
                break
        return "trex compile error", detail or _normalise(message.splitlines()[-1])
    if re.search(r"misaligned address|illegal memory access|illegal instruction", message):
        return "CUDA error in a kernel", re.search(
            r"misaligned address|illegal memory access|illegal instruction", message).group(0)
    if re.search(r"crashed|Segmentation|core dumped|worker .* crashed", message):
        return "crash", ""
    if re.search(r"Timeout|timed out", message):
        return "timeout", ""
    if re.search(r"re\.search|asm\[|\.asm\b|ttgir|ptx", message):
        return "IR/asm check", _normalise(next((l for l in message.splitlines()
                                                 if l.startswith("E ")), "")[1:].strip())
    if re.search(r"Mismatch|not close|assert_close|AssertionError|assert ", message):
        return "wrong result", ""
    first = next((line for line in message.splitlines() if line.startswith("E ")), message[:200])
    return "other error", _normalise(first[1:].strip())


def compare(args):
    triton = load(args.triton)
    trex = load(args.trex_log)
    both = sorted(set(triton) & set(trex))
    triton_passed = [n for n in both if triton[n]["outcome"] == "passed"]
    trex_passed = [n for n in triton_passed if trex[n]["outcome"] == "passed"]
    failures = collections.defaultdict(list)
    for node in triton_passed:
        if trex[node]["outcome"] != "passed":
            category, detail = cause(trex[node])
            if trex[node]["outcome"] == "skipped":
                category, detail = "skipped on trex", _normalise(trex[node].get("message", ""))
            failures[(category, detail)].append(node)
    summary = {
        "tests_in_both_runs": len(both),
        "only_triton_run": len(set(triton) - set(trex)),
        "only_trex_run": len(set(trex) - set(triton)),
        "triton_outcomes": collections.Counter(triton[n]["outcome"] for n in both),
        "trex_outcomes": collections.Counter(trex[n]["outcome"] for n in both),
        "triton_passed": len(triton_passed),
        "trex_passed_of_those": len(trex_passed),
        "share": round(len(trex_passed) / len(triton_passed), 4) if triton_passed else None,
        "failures": [
            {"category": c, "detail": d, "count": len(nodes), "example": nodes[0]}
            for (c, d), nodes in sorted(failures.items(), key=lambda kv: -len(kv[1]))],
    }
    by_category = collections.Counter()
    for (c, _), nodes in failures.items():
        by_category[c] += len(nodes)
    summary["by_category"] = dict(by_category)
    per_file = collections.defaultdict(lambda: [0, 0])
    for node in triton_passed:
        per_file[node.split("::")[0]][0] += 1
        per_file[node.split("::")[0]][1] += trex[node]["outcome"] == "passed"
    summary["per_file"] = {f: {"triton_passed": a, "trex_passed": b}
                           for f, (a, b) in sorted(per_file.items())}
    if args.compile_log and os.path.exists(args.compile_log):
        kernels = collections.Counter()
        seconds = 0.0
        reasons = collections.Counter()
        with open(args.compile_log) as f:
            for line in f:
                record = json.loads(line)
                kernels[record["trex"]] += 1
                seconds += record.get("seconds", 0.0)
                if record["trex"] != "ok":
                    reason = record.get("reason", "")
                    found = re.search(r"error: (.*)", reason)
                    reasons[_normalise(found.group(1) if found else reason.splitlines()[0]
                                       if reason else "")] += 1
        summary["compiles"] = dict(kernels)
        summary["compile_seconds"] = round(seconds, 1)
        summary["compile_failure_reasons"] = reasons.most_common(40)
    print(f"tests in both runs: {len(both)}; Triton passes {len(triton_passed)}; "
          f"of those, on trex's binaries: {len(trex_passed)} "
          f"({100.0 * (summary['share'] or 0):.1f}%)")
    for category, count in by_category.most_common():
        print(f"  {category}: {count}")
    for entry in summary["failures"][:40]:
        print(f"    {entry['count']:5d}  {entry['category']}: {entry['detail']}  "
              f"e.g. {entry['example']}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(summary, f, indent=1, default=dict)
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("--tests", required=True)
    r.add_argument("--log", required=True)
    r.add_argument("--trex", action="store_true")
    r.add_argument("--fallback", action="store_true")
    r.add_argument("--compile-log")
    r.add_argument("--files", default="")
    r.add_argument("--workers", type=int, default=8)
    r.add_argument("--time", type=int, default=420)
    r.add_argument("--test-timeout", type=int, default=120)
    r.add_argument("--mod", type=int, default=1)
    r.add_argument("--no-rerun", dest="rerun", action="store_false")
    r.add_argument("--rem", type=int, default=0)
    c = sub.add_parser("compare")
    c.add_argument("triton")
    c.add_argument("trex_log")
    c.add_argument("--compile-log")
    c.add_argument("--json")
    args = parser.parse_args()
    return run(args) if args.command == "run" else compare(args)


if __name__ == "__main__":
    sys.exit(main())
