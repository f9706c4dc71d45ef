"""GPU check of the persistent matmuls of test/frontend/persistent-matmul.py (pointer loads;
one kernel with the tile loop and the K loop fused by tl.range(flatten=True), one nested):
outputs against torch for ragged and degenerate shapes (M, N not multiples of the tile, K below
one step, K = 0) at num_stages 2, 3 and 4, and the time of trex's compile against real Triton's,
in alternating processes (Triton, trex, Triton, trex, ...: clock drift hits both alike);
"trex speed" is Triton's time over trex's (above 1: trex faster).

trex compiles through trex_triton (Triton's launcher launches), so on the GPU machine:

    PYTHONPATH=python TREX=path/to/trex python3 test/gpu/persistent_check.py [--rounds 3]

Exit status 0 when every output matches (fp16 output, K-scaled tolerance).
"""
import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KERNELS = os.path.join(ROOT, "test", "frontend", "persistent-matmul.py")

# (kernel, M, N, K, num_stages); tiles 128 x 128 x 64, 8 warps, as the frontend test's sm_90 case.
CORRECTNESS = [(kernel, m, n, k, stages)
               for kernel in ("persistent_matmul_flatten", "persistent_matmul_nested")
               for (m, n, k) in ((1000, 700, 520), (256, 384, 40), (512, 512, 0), (128, 128, 64))
               for stages in (2, 3, 4)]
TIMED = [(kernel, 8192, 8192, 8192, 3) for kernel in ("persistent_matmul_flatten", "persistent_matmul_nested")] + \
        [(kernel, 4096, 4096, 4096, 3) for kernel in ("persistent_matmul_flatten", "persistent_matmul_nested")]


def within_tolerance(error, k):
    """fp16 output of a K-long fp32 sum: an error growing with sqrt(K)."""
    return error <= 0.02 * max(1.0, k ** 0.5)


def child(args):
    if args.compiler == "trex":
        import trex_triton
        trex_triton.use()
    import torch
    import triton
    spec = importlib.util.spec_from_file_location("persistent_matmul", KERNELS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    results = {}

    def run(kernel, m, n, k, stages, a, b, c):
        getattr(module, kernel)[(sms, )](a, b, c, m, n, k, a.stride(0), b.stride(0), c.stride(0), BM=128, BN=128,
                                         BK=64, GROUP=8, SMS=sms, num_warps=8, num_stages=stages)

    generator = torch.Generator(device="cuda").manual_seed(7)
    if not args.time_only:
        for case in CORRECTNESS:
            kernel, m, n, k, stages = case
            a = torch.randn(m, max(k, 1), device="cuda", dtype=torch.float16, generator=generator)[:, :k]
            b = torch.randn(n, max(k, 1), device="cuda", dtype=torch.float16, generator=generator)[:, :k]
            a, b = a.contiguous(), b.contiguous()
            c = torch.full((m, n), 7.0, device="cuda", dtype=torch.float16)
            run(kernel, m, n, k, stages, a, b, c)
            torch.cuda.synchronize()
            reference = (a.float() @ b.float().T) if k else torch.zeros(m, n, device="cuda")
            error = (c.float() - reference).abs().max().item()
            results[" ".join(map(str, case))] = {"error": error, "ok": within_tolerance(error, k)}
    for case in TIMED:
        kernel, m, n, k, stages = case
        a = torch.randn(m, k, device="cuda", dtype=torch.float16, generator=generator)
        b = torch.randn(n, k, device="cuda", dtype=torch.float16, generator=generator)
        c = torch.empty(m, n, device="cuda", dtype=torch.float16)
        run(kernel, m, n, k, stages, a, b, c)
        torch.cuda.synchronize()
        error = (c.float() - a.float() @ b.float().T).abs().max().item()
        ms = triton.testing.do_bench(lambda: run(kernel, m, n, k, stages, a, b, c), warmup=50, rep=300)
        results["time " + " ".join(map(str, case))] = {"error": error, "ms": ms,
                                                      "ok": within_tolerance(error, k)}
    print(json.dumps(results))
    return 0


def run_child(compiler, time_only):
    command = [sys.executable, os.path.abspath(__file__), "child", "--compiler", compiler]
    if time_only:
        command.append("--time-only")
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"{compiler} child failed:\n{run.stdout[-2000:]}\n{run.stderr[-3000:]}")
    return json.loads(run.stdout.strip().splitlines()[-1])


def check(args):
    failures = 0
    rounds = {"triton": [], "trex": []}
    for index in range(args.rounds):
        for compiler in ("triton", "trex"):
            rounds[compiler].append(run_child(compiler, time_only=index > 0))
    for compiler in ("triton", "trex"):
        for name, result in rounds[compiler][0].items():
            if not name.startswith("time ") and not result["ok"]:
                failures += 1
                print(f"FAIL {compiler} {name}: max |error| {result['error']:.4f}")
        correct = sum(1 for n, r in rounds[compiler][0].items() if not n.startswith("time ") and r["ok"])
        total = sum(1 for n in rounds[compiler][0] if not n.startswith("time "))
        print(f"{compiler}: {correct} of {total} shapes (kernel M N K num_stages) match torch")
    print(f"{'case (kernel M N K num_stages)':52} {'triton ms':>10} {'trex ms':>10} {'trex speed':>12}")
    for name in rounds["triton"][0]:
        if not name.startswith("time "):
            continue
        triton_ms = statistics.median(r[name]["ms"] for r in rounds["triton"])
        trex_ms = statistics.median(r[name]["ms"] for r in rounds["trex"])
        for compiler in ("triton", "trex"):
            if not rounds[compiler][0][name]["ok"]:
                failures += 1
                print(f"FAIL {compiler} {name}: max |error| {rounds[compiler][0][name]['error']:.4f}")
        print(f"{name[5:]:52} {triton_ms:10.4f} {trex_ms:10.4f} {triton_ms / trex_ms:11.2f}x")
    print("persistent check:", "ok" if not failures else f"{failures} failures")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="mode")
    child_parser = sub.add_parser("child")
    child_parser.add_argument("--compiler", choices=["triton", "trex"], required=True)
    child_parser.add_argument("--time-only", action="store_true")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    return child(args) if args.mode == "child" else check(args)


if __name__ == "__main__":
    sys.exit(main())
