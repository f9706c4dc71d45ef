"""GPU check of tl.dot with M (or N) below one mma.sync tile (split-K and decode shapes: M = 1, 2,
4, 8), compiled by real Triton and by trex (through trex_triton, with Triton's own launcher), on
the GPU machine. For each shape the script prints whether both outputs match a float64 reference
within the tolerance of the operand type, and whether the #ttg.nvidia_mma layouts and the ttgir
op counts of the two compilations are equal.

    PYTHONPATH=python TREX=path/to/trex python3 test/gpu/small_dot_check.py [--json OUT]

It runs itself twice, once with Triton's compiler and once with TREX_COMPILE=1, in separate
processes (trex_triton replaces the compile for the whole process).
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

import triton
import triton.language as tl

# dtype, out dtype, M, N, K block, K
SHAPES = [
    ("float16", "float32", 1, 64, 32, 256),
    ("float16", "float32", 2, 32, 64, 512),
    ("float16", "float32", 4, 64, 32, 256),
    ("float16", "float32", 8, 128, 64, 512),
    ("float16", "float32", 16, 64, 32, 256),
    ("bfloat16", "float32", 1, 128, 64, 256),
    ("bfloat16", "float32", 8, 4, 32, 128),
    ("float32", "float32", 4, 32, 16, 128),
    ("int8", "int32", 2, 64, 32, 256),
    ("float16", "float16", 4, 32, 32, 128),
]


@triton.jit
def split_k_dot(a_ptr, b_ptr, c_ptr, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                BLOCK_K: tl.constexpr, OUT: tl.constexpr):
    rows = tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=OUT)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + rows[:, None] * K + (k + ks)[None, :])
        b = tl.load(b_ptr + (k + ks)[:, None] * BLOCK_N + cols[None, :])
        acc = tl.dot(a, b, acc, out_dtype=OUT)
    tl.store(c_ptr + rows[:, None] * BLOCK_N + cols[None, :], acc)


def operands(torch, dtype, m, n, k):
    generator = torch.Generator().manual_seed(m * 1000 + n * 10 + k)
    if dtype == "int8":
        a = torch.randint(-8, 8, (m, k), generator=generator, dtype=torch.int8)
        b = torch.randint(-8, 8, (k, n), generator=generator, dtype=torch.int8)
    else:
        a = torch.randn((m, k), generator=generator).to(getattr(torch, dtype))
        b = torch.randn((k, n), generator=generator).to(getattr(torch, dtype))
    return a, b


def child(args):
    import torch
    if args.compiler == "trex":
        import trex_triton
        trex_triton.use()
    kernel = split_k_dot
    results = {}
    for dtype, out, m, n, block_k, k in SHAPES:
        key = f"{dtype}->{out} M={m} N={n} BLOCK_K={block_k} K={k}"
        a, b = operands(torch, dtype, m, n, k)
        c = torch.zeros((m, n), dtype=getattr(torch, out), device="cuda")
        entry = {}
        try:
            compiled = kernel[(1,)](a.cuda(), b.cuda(), c, k, m, n, block_k, getattr(tl, out))
            torch.cuda.synchronize()
            reference = a.double() @ b.double()
            got = c.cpu().double()
            tolerance = {"float16": 1e-2, "bfloat16": 5e-2, "float32": 5e-3, "int8": 0}[dtype]
            if out == "float16":
                tolerance = 5e-2
            scale = max(1.0, float(reference.abs().max()))
            entry["max_error"] = float((got - reference).abs().max()) / scale
            entry["ok"] = entry["max_error"] <= tolerance
            ttgir = compiled.asm.get("ttgir", "")
            entry["mma"] = sorted(set(re.findall(r"#ttg\.nvidia_mma<\{[^}]*\}>", ttgir)))
            ops = collections.Counter(re.findall(r"\b(tt|ttg|ttng|scf|arith)\.([a-z_]+)", ttgir))
            entry["ops"] = {f"{d}.{o}": count for (d, o), count in sorted(ops.items())}
            entry["ttgir"] = ttgir
        except Exception as error:  # noqa: BLE001 - reported per shape
            entry["ok"] = False
            entry["error"] = f"{type(error).__name__}: {str(error)[:600]}"
        results[key] = entry
    json.dump(results, sys.stdout)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--compiler", choices=["triton", "trex"])
    parser.add_argument("--json")
    args = parser.parse_args()
    if args.compiler:
        child(args)
        return 0
    sides = {}
    for compiler in ("triton", "trex"):
        run = subprocess.run([sys.executable, __file__, "--compiler", compiler],
                             capture_output=True, text=True)
        if run.returncode != 0:
            print(f"{compiler}: exit {run.returncode}\n{run.stderr[-3000:]}")
            return 1
        sides[compiler] = json.loads(run.stdout)
    failures = 0
    print(f"{'shape':44} {'triton':>14} {'trex':>14}  mma layout  ttgir ops")
    for key in sides["triton"]:
        t, x = sides["triton"][key], sides["trex"].get(key, {})
        def cell(entry):
            if "error" in entry:
                return "ERROR"
            return f"{'ok' if entry['ok'] else 'WRONG'} {entry['max_error']:.1e}"
        same_mma = t.get("mma") == x.get("mma")
        same_ops = t.get("ops") == x.get("ops")
        print(f"{key:44} {cell(t):>14} {cell(x):>14}  {'equal' if same_mma else 'DIFFER':10}  "
              f"{'equal' if same_ops else 'DIFFER'}")
        for side, entry in (("triton", t), ("trex", x)):
            if "error" in entry:
                print(f"    {side}: {entry['error']}")
        if not same_ops and "ops" in t and "ops" in x:
            keys = sorted(set(t["ops"]) | set(x["ops"]))
            print("    ops differ: " + ", ".join(f"{k} {t['ops'].get(k, 0)}/{x['ops'].get(k, 0)}"
                                                for k in keys if t["ops"].get(k) != x["ops"].get(k)))
        failures += not (t.get("ok") and x.get("ok") and same_mma)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(sides, out, indent=1)
    print(f"{len(sides['triton']) - failures} of {len(sides['triton'])} shapes: both correct, "
          "same mma layout")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
