"""The two benchmark matmuls (samples/kernels/matmul.py) compiled by real Triton 3.6 and by trex,
both launched by Triton's own launcher and timed by triton.testing.do_bench, on the GPU machine.

matmul_ab.py compares the code through trex-runner; this is the same comparison the way a Triton
user measures: trex compiles through trex_triton (TREX=path/to/trex, PYTHONPATH=python), Triton's
launcher launches, do_bench times (it clears the L2 cache between launches, which trex-runner's
back-to-back timing does not, so its figures are not comparable with matmul_ab.py's, only
with each other). Each side runs in its own process, Triton and trex alternating round after
round so that clock and thermal drift hit both alike; the first round also checks both outputs
against torch.matmul. Prints each run, then per case both medians and trex's speed ratio
(Triton's time / trex's, > 1: trex faster).

    PYTHONPATH=python TREX=path/to/trex python3 test/gpu/matmul_launch_ab.py [--rounds 5]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from tma_pipeline_check import load_module  # noqa: E402
SOURCE = os.path.join(ROOT, "samples", "kernels", "matmul.py")
# (size, BLOCK_M, BLOCK_N, BLOCK_K, num_warps, num_stages): matmul_ab.py's two cases.
CASES = [(8192, 128, 256, 64, 8, 3), (4096, 128, 128, 64, 4, 4)]
GROUP_M = 8


def name_of(case):
    size, bm, bn, bk, warps, stages = case
    return f"matmul_fp16_{size}^3_{bm}x{bn}x{bk}_w{warps}_s{stages}"


def child(args):
    """One side in this process: for each case the output's error (first round) and the time."""
    import torch
    import triton
    if args.compiler == "trex":
        import trex_triton
        trex_triton.use()
    module = load_module(SOURCE, "matmul_sample")
    results = {}
    for case in CASES:
        size, bm, bn, bk, warps, stages = case
        generator = torch.Generator().manual_seed(11)
        a = torch.randn((size, size), generator=generator).half().cuda()
        b = torch.randn((size, size), generator=generator).half().cuda()
        c = torch.empty((size, size), dtype=torch.float16, device="cuda")
        grid = (triton.cdiv(size, bm) * triton.cdiv(size, bn),)

        def launch():
            module.matmul_kernel[grid](a, b, c, size, size, size, a.stride(0), a.stride(1),
                                       b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                                       BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk,
                                       GROUP_SIZE_M=GROUP_M, num_warps=warps, num_stages=stages)

        entry = {}
        try:
            launch()
            torch.cuda.synchronize()
            if args.check:
                reference = (a.float() @ b.float())
                error = float((c.float() - reference).norm() / reference.norm())
                entry.update(error=error, ok=error <= 1e-3)
            entry["ms"] = triton.testing.do_bench(launch, warmup=50, rep=300)
        except Exception as error:  # noqa: BLE001 - reported per case
            entry.update(ok=False, failure=f"{type(error).__name__}: {str(error)[:600]}")
        results[name_of(case)] = entry
    json.dump(results, sys.stdout)


def run_side(compiler, check):
    command = [sys.executable, os.path.abspath(__file__), "--child", compiler]
    if check:
        command.append("--check")
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0 or not run.stdout.strip():
        raise RuntimeError(f"{compiler} side: exit {run.returncode}\n{run.stderr[-3000:]}")
    return json.loads(run.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--child", choices=["triton", "trex"], dest="compiler")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    if args.compiler:
        return child(args)
    if not (os.environ.get("TREX") or shutil.which("trex")):
        print("no trex executable: set TREX (and PYTHONPATH=python for trex_triton)")
        return 2
    times = {side: {name_of(case): [] for case in CASES} for side in ("triton", "trex")}
    failures = 0
    for round_index in range(args.rounds):
        for side in ("triton", "trex"):
            try:
                result = run_side(side, check=round_index == 0)
            except RuntimeError as error:
                print(error)
                return 1
            for name, entry in result.items():
                if "failure" in entry or (round_index == 0 and not entry.get("ok")):
                    failures += 1
                    print(f"{name} {side}: {entry.get('failure') or 'output differs'} "
                          f"(error {entry.get('error')})")
                if round_index == 0 and "error" in entry:
                    print(f"{name} {side:7} output error {entry['error']:.1e} "
                          f"({'ok' if entry['ok'] else 'WRONG'})")
                if entry.get("ms"):
                    times[side][name].append(entry["ms"])
                    print(f"{name} {side:7} {entry['ms']:.4f} ms", flush=True)
    for case in CASES:
        name = name_of(case)
        if not times["triton"][name] or not times["trex"][name]:
            continue
        theirs, ours = (statistics.median(times[side][name]) for side in ("triton", "trex"))
        flops = 2.0 * case[0] ** 3
        print(f"{name} median: trex {flops / ours / 1e9:.1f} TFLOP/s, Triton {flops / theirs / 1e9:.1f} "
              f"TFLOP/s, trex speed / Triton's {theirs / ours:.3f}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
