#!/usr/bin/env python3
"""Replays a capture session (python/trex_triton) through trex and prints a summary table.

    replay_session.py DIR [--trex build/bin/trex] [--jobs 2] [--sample 400] [--json OUT]

Every kernel of the session with a trex signature is compiled to ttgir (one trex process per
kernel, so a crash or a timeout is that kernel's alone); a random sample (--sample, fixed seed)
also to cubin. Where the session holds Triton's ttir/ttgir, the operation multisets are
compared (locations ignored). The table: kernels Triton compiled, of those trex compiled, the
agreement with Triton's ops, the cubin sample, and trex's failures by first message.
"""

import argparse
import collections
import concurrent.futures
import json
import os
import random
import re
import subprocess
import sys
import tempfile

_OPERATION = re.compile(r'^\s*(?:%[^=]*=\s*)?"?([a-z_][a-z0-9_]*\.[a-z0-9_.]+)"?[\s({<:@%"]?')


def count_operations(text):
    counts = collections.Counter()
    for line in text.splitlines():
        stripped = line.lstrip()
        if not stripped or stripped.startswith("#") or stripped.startswith("loc"):
            continue
        found = _OPERATION.match(line)
        if found:
            counts[found.group(1)] += 1
    return counts


def read_session(folder):
    with open(os.path.join(folder, "session.json")) as f:
        header = json.load(f)
    if header.get("format") != "trex-session":
        raise SystemExit(f"{folder}: not a trex session")
    kernels = []
    root = os.path.join(folder, "kernels")
    for ident in sorted(os.listdir(root)):
        path = os.path.join(root, ident, "kernel.json")
        if os.path.isfile(path):
            with open(path) as f:
                info = json.load(f)
            info["folder"] = os.path.join(root, ident)
            kernels.append(info)
    return header, kernels


def normalise(message):
    message = re.sub(r"'[^']*'", "'…'", message)
    message = re.sub(r"\b\d+\b", "N", message)
    return message[:150]


def first_error(text):
    for line in text.splitlines():
        found = re.search(r"\berror: (.*)", line)
        if found:
            return found.group(1)
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else "no output"


def compile_one(trex, kernel, emit, out_root, timeout):
    out = os.path.join(out_root, kernel["id"] + "-" + emit.replace(",", "_"))
    command = [trex, "compile", os.path.join(kernel["folder"], "kernel.py"), "--kernel",
               kernel["name"], "--signature", kernel["signature"], "--target",
               kernel.get("target") or "cuda:90", "--num-warps", str(kernel.get("num_warps", 4)),
               "--num-stages", str(kernel.get("num_stages", 3)), "--emit", emit, "-o", out]
    try:
        run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"status": "timeout"}
    if run.returncode != 0:
        crashed = run.returncode < 0 or "internal compiler error" in run.stderr
        return {"status": "crash" if crashed else "error", "message": first_error(run.stderr)}
    stages = {}
    for stage in emit.split(","):
        path = os.path.join(out, f"{kernel['name']}.{stage}")
        if os.path.isfile(path) and stage in ("ttir", "ttgir"):
            with open(path) as f:
                stages[stage] = f.read()
    return {"status": "ok", "stages": stages}


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("session")
    parser.add_argument("--trex", default=os.path.join(os.path.dirname(__file__), "..", "..",
                                                       "build", "bin", "trex"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--sample", type=int, default=400)
    parser.add_argument("--timeout", type=int, default=60)
    parser.add_argument("--json")
    args = parser.parse_args()

    header, kernels = read_session(args.session)
    triton_ok = [k for k in kernels if k.get("triton_ok", True)]
    replayable = [k for k in triton_ok if k.get("signature")]
    out_root = tempfile.mkdtemp(prefix="trex-replay-")
    results = {}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {pool.submit(compile_one, args.trex, k, "ttir,ttgir", out_root, args.timeout):
                   k["id"] for k in replayable}
        for future in concurrent.futures.as_completed(futures):
            results[futures[future]] = future.result()
    compiled = [k for k in replayable if results[k["id"]]["status"] == "ok"]
    agreement = {}
    for stage in ("ttir", "ttgir"):
        both = same = 0
        for kernel in compiled:
            relative = kernel.get("triton_stages", {}).get(stage)
            mine = results[kernel["id"]]["stages"].get(stage)
            if not relative or mine is None:
                continue
            with open(os.path.join(kernel["folder"], relative)) as f:
                theirs = f.read()
            both += 1
            same += count_operations(mine) == count_operations(theirs)
        agreement[stage] = (same, both)
    random.seed(0)
    sample = random.sample(compiled, min(args.sample, len(compiled)))
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        cubins = list(pool.map(lambda k: compile_one(args.trex, k, "cubin", out_root,
                                                     args.timeout), sample))
    failures = collections.Counter()
    examples = {}
    for kernel in replayable:
        result = results[kernel["id"]]
        if result["status"] != "ok":
            key = (result["status"], normalise(result.get("message", "")))
            failures[key] += 1
            examples.setdefault(key, f"{kernel['name']} ({kernel['id']})")
    unreplayable = collections.Counter(
        normalise(next((n for n in k.get("notes", []) if n.startswith("no trex signature")), "?"))
        for k in triton_ok if not k.get("signature"))

    def share(a, b):
        return f"{a}/{b} ({100.0 * a / b:.1f}%)" if b else "0/0"

    rows = [
        ("kernels in the session", str(len(kernels))),
        ("compiled by Triton", str(len(triton_ok))),
        ("with a trex signature", share(len(replayable), len(triton_ok))),
        ("trex to ttgir", share(len(compiled), len(replayable))),
        ("ttir ops equal to Triton's", share(*agreement["ttir"])),
        ("ttgir ops equal to Triton's", share(*agreement["ttgir"])),
        ("random sample to cubin", share(sum(c["status"] == "ok" for c in cubins), len(cubins))),
    ]
    width = max(len(name) for name, _ in rows)
    print(f"session {args.session} (Triton {header.get('triton_version', '?')})")
    for name, value in rows:
        print(f"  {name.ljust(width)}  {value}")
    if failures:
        print("trex failures (count, kind, first message, example):")
        for (status, message), count in failures.most_common(30):
            print(f"  {count:6d}  {status}: {message}  e.g. {examples[(status, message)]}")
    if unreplayable:
        print("kernels without a trex signature:")
        for note, count in unreplayable.most_common(10):
            print(f"  {count:6d}  {note}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rows": dict(rows),
                       "failures": [{"kind": s, "message": m, "count": c,
                                     "example": examples[(s, m)]}
                                    for (s, m), c in failures.most_common()],
                       "unreplayable": dict(unreplayable)}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
