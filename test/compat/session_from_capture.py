#!/usr/bin/env python3
"""Turns the capture of Triton's test suite kept beside the project (the shared folder's
capture-3.6-h200.tar.xz, unpacked: capture/<worker>/specs.jsonl, kernels/, triton/) into a
trex capture session, so replay_session.py replays it like any session trex_triton writes.

    session_from_capture.py CAPTURE_DIR SESSION_DIR

Each spec becomes kernels/<id>/{kernel.py, kernel.json, triton/<name>.ttir|.ttgir}. Constexprs
the capture baked (dtypes, functions, tuples, inf) are given as signature entries that are
Python expressions of the module, as trex_triton writes them.
"""

import json
import os
import shutil
import sys
from itertools import chain


def split_signature(text):
    entries, depth, quote, start = [], 0, None, 0
    for i, c in enumerate(text):
        if quote:
            quote = None if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c in "([<":
            depth += 1
        elif c in ")]>":
            depth -= 1
        elif c == "," and depth == 0:
            entries.append(text[start:i].strip())
            start = i + 1
    entries.append(text[start:].strip())
    return entries


def signature_of(spec):
    if spec.get("signature") and not spec.get("bake"):
        entries = split_signature(spec["signature"])
    elif spec.get("baked_signature") and spec.get("bake"):
        entries = split_signature(spec["baked_signature"])
        for index, name in enumerate(spec.get("params", [])):
            if name in spec["bake"]:
                entries[index] = spec["bake"][name]
    else:
        return None
    # The capture writes dtypes as strings ('tl.float16'); trex reads the dtype itself.
    return ", ".join(e[1:-1] if len(e) > 2 and e[0] == e[-1] == "'" and e[1:].startswith("tl.")
                     else e for e in entries)


def main():
    capture, session = sys.argv[1], sys.argv[2]
    os.makedirs(os.path.join(session, "kernels"), exist_ok=True)
    with open(os.path.join(session, "session.json"), "w") as f:
        json.dump({"format": "trex-session", "version": 1, "triton_version": "3.6.0",
                   "writer": "session_from_capture.py"}, f)
    count = 0
    workers = [os.path.join(capture, w) for w in sorted(os.listdir(capture))
               if os.path.isfile(os.path.join(capture, w, "specs.jsonl"))]
    for worker in workers:
        with open(os.path.join(worker, "specs.jsonl")) as f:
            specs = [json.loads(line) for line in f if line.strip()]
        for spec in specs:
            folder = os.path.join(session, "kernels", spec["id"])
            if os.path.isdir(folder) or not os.path.isfile(os.path.join(worker, spec["file"])):
                continue
            os.makedirs(os.path.join(folder, "triton"))
            shutil.copyfile(os.path.join(worker, spec["file"]), os.path.join(folder, "kernel.py"))
            stages = {}
            for stage, relative in (spec.get("triton_ir") or {}).items():
                source = os.path.join(worker, relative)
                if os.path.isfile(source):
                    stages[stage] = os.path.join("triton", f"{spec['kernel']}.{stage}")
                    shutil.copyfile(source, os.path.join(folder, stages[stage]))
            signature = signature_of(spec)
            info = {"id": spec["id"], "name": spec["kernel"], "signature": signature,
                    "target": spec.get("target", "cuda:90"), "num_warps": spec.get("num_warps", 4),
                    "num_stages": spec.get("num_stages", 3), "options": {},
                    "triton_ok": spec.get("triton_ok", True), "triton_stages": stages,
                    "notes": list(chain([f"no trex signature: {spec.get('skip_reason')}"]
                                        if signature is None else [], [spec.get("node", "")]))}
            if not info["triton_ok"]:
                info["triton_error"] = (spec.get("triton_error") or "")[:500]
            with open(os.path.join(folder, "kernel.json"), "w") as f:
                json.dump(info, f)
            count += 1
    print(f"{count} kernels written to {session}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
