#!/usr/bin/env python3
"""Compiles a corpus of real kernel files with trex and counts what compiles.

The corpus is kept outside the project (third-party code is never committed): a folder with a
manifest.json listing one entry per kernel: {"file": path relative to the folder, "kernel",
"signature", "num_warps", "category", "repo"} (and "num_stages" where the launch sets it);
files under pkgs/<owner>__<repo>/ get that folder (and its src/) as --python-path, as the
package's own checkout would put it on sys.path.

    python3 test/compat/real_kernels.py CORPUS --trex build/bin/trex [--target cuda:90] [--emit ttgir]

Prints one line per kernel (ok / the first error line) and a summary by category."""
import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("corpus")
    parser.add_argument("--trex", default="build/bin/trex")
    parser.add_argument("--target", default="cuda:90")
    parser.add_argument("--emit", default="ttgir")
    parser.add_argument("--json", help="write the results here")
    parser.add_argument("--no-signature", action="store_true",
                        help="compile without the manifest's signature and num_warps (trex proposes them)")
    args = parser.parse_args()
    manifest = json.load(open(os.path.join(args.corpus, "manifest.json")))
    results = []
    by_category = collections.defaultdict(lambda: [0, 0])
    with tempfile.TemporaryDirectory() as out:
        for index, entry in enumerate(manifest):
            path = os.path.join(args.corpus, entry["file"])
            command = [args.trex, "compile", path, "--kernel", entry["kernel"], "--target",
                       args.target, "--emit", args.emit, "-o", os.path.join(out, str(index))]
            if not args.no_signature:
                command += ["--signature", entry["signature"]]
            if entry.get("num_warps") and not args.no_signature:
                command += ["--num-warps", str(entry["num_warps"])]
            if entry.get("num_stages") and not args.no_signature:
                command += ["--num-stages", str(entry["num_stages"])]
            parts = entry["file"].split("/")
            if parts[0] == "pkgs" and len(parts) > 2:
                root = os.path.join(args.corpus, parts[0], parts[1])
                for folder in (root, os.path.join(root, "src")):
                    if os.path.isdir(folder):
                        command += ["--python-path", folder]
            try:
                run = subprocess.run(command, capture_output=True, text=True, timeout=120)
                ok = run.returncode == 0
                errors = [line for line in run.stderr.splitlines() if "error:" in line]
                message = "ok" if ok else (errors[0] if errors else run.stderr.strip()[-300:])
            except subprocess.TimeoutExpired:
                ok, message = False, "timeout"
            category = entry.get("category", "other")
            by_category[category][0] += ok
            by_category[category][1] += 1
            results.append({"file": entry["file"], "kernel": entry["kernel"], "ok": ok,
                            "message": message, "category": category})
            print(f"{'ok  ' if ok else 'FAIL'} {entry['kernel']:40s} {entry['file']}"
                  + ("" if ok else "\n     " + message))
    total = sum(r["ok"] for r in results)
    print(f"\ncompiled {total} / {len(results)} kernels to {args.emit} ({args.target})")
    for category, (ok, count) in sorted(by_category.items()):
        print(f"  {category:14s} {ok} / {count}")
    if args.json:
        json.dump(results, open(args.json, "w"), indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
