"""trex's kernels on the GPU beside real Triton's, for the samples of samples/specs.json.

Runs on the GPU machine, which has Triton and PyTorch but not trex's compiler: each sample was
compiled by trex on the build machine (ARTIFACTS/<sample>/<kernel>.json + .cubin) and runs
here through trex-runner. For each sample: the inputs trex-runner generates (its generator is
specified: splitmix64 seeded with the argument's position, Box-Muller normals) are rebuilt
here with NumPy, the same kernel source runs under Triton on them, and every output buffer
(the ones the spec fills with zeros) is compared; then both are timed with do_bench
semantics. Prints one line per sample and exits nonzero if any output differs.
"""
import argparse
import importlib.util
import json
import math
import os
import re
import subprocess
import sys

import numpy as np

MASK = (1 << 64) - 1
NUMPY_TYPES = {"fp32": np.float32, "fp16": np.float16, "fp64": np.float64, "i32": np.int32,
               "i64": np.int64, "i8": np.int8, "u8": np.uint8, "i16": np.int16}


def splitmix_stream(seed, count):
    """The first `count` outputs of trex's splitmix64 generator, vectorised (uint64 wraps)."""
    golden = np.uint64(0x9E3779B97F4A7C15)
    state = np.uint64((seed * 0x9E3779B97F4A7C15 + 0x7265787274657800) & MASK)
    with np.errstate(over="ignore"):
        z = state + np.arange(1, count + 1, dtype=np.uint64) * golden
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


def splitmix_reference(seed, count):
    """The same generator one number at a time, as trex's C++ writes it (checks the above)."""
    state = (seed * 0x9E3779B97F4A7C15 + 0x7265787274657800) & MASK
    values = []
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        values.append(z ^ (z >> 31))
    return values


def generate(fill, count, type_name, seed):
    dtype = NUMPY_TYPES[type_name]
    integer = not np.issubdtype(dtype, np.floating)
    if fill == "zeros":
        return np.zeros(count, dtype)
    if fill == "ones":
        return np.ones(count, dtype)
    if fill == "arange":
        return np.arange(count).astype(dtype)
    draws = 1 if fill == "rand" else 2
    raw = splitmix_stream(seed, count * draws)
    uniform = (raw >> np.uint64(11)).astype(np.float64) * 2.0 ** -53
    if fill == "rand":
        values = np.floor(uniform * 100) if integer else uniform
    else:
        u1, u2 = uniform[0::2], uniform[1::2]
        values = np.sqrt(-2.0 * np.log1p(-u1)) * np.cos(2.0 * math.pi * u2)
        if integer:
            values = np.rint(values * 10)
    return values.astype(dtype)


def load_kernel(path, name):
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)


def tolerance(types):
    """Bound on the relative Frobenius error: fp16 results round to 11 bits, and a different
    summation order (FMA against Triton's tensor cores) moves them by an ulp or two."""
    return 1e-3 if any(t.lstrip("*") in ("fp16", "bf16") for t in types) else 1e-5


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("samples", help="the samples directory (specs.json, kernels/)")
    parser.add_argument("artifacts", help="ARTIFACTS/<sample name>/<kernel>.json + binary")
    parser.add_argument("runner", help="the trex-runner executable")
    parser.add_argument("--rep", type=float, default=100)
    parser.add_argument("--specs", help="a spec list other than SAMPLES/specs.json (same format)")
    parser.add_argument("--no-check", action="store_true",
                        help="only time (for sizes too large to print the outputs)")
    args = parser.parse_args()
    import torch
    import triton
    assert [int(v) for v in splitmix_stream(3, 5)] == splitmix_reference(3, 5)
    failures = 0
    print(f"{'sample':32} {'check':>30} {'trex ms':>9} {'triton ms':>9} {'trex GB/s':>9} "
          f"{'triton GB/s':>11} {'trex/triton':>11}")
    for spec in json.load(open(args.specs or os.path.join(args.samples, "specs.json"))):
        directory = os.path.join(args.artifacts, spec["name"])
        if not os.path.isdir(directory):
            print(f"{spec['name']:32} not compiled (no artifacts)")
            continue
        fn = load_kernel(os.path.join(args.samples, spec["file"]), spec["kernel"])
        signature = [entry.strip() for entry in spec["signature"].split(",")]
        params = fn.params
        values = dict(item.split("=", 1) for item in spec["args"])
        passed = [p.name for p, entry in zip(params, signature) if re.fullmatch(r"\*?[a-z]+\d*(:\d+)?", entry)]
        types = {p.name: entry.split(":")[0] for p, entry in zip(params, signature)}
        host, outputs = {}, []
        for position, name in enumerate(passed):
            text = values[name]
            if types[name].startswith("*"):
                fill, count = text.split(":")
                host[name] = generate(fill, int(count), types[name][1:], position)
                if fill == "zeros":
                    outputs.append(name)
        # trex-runner: run once, print every output in full, then time.
        base = [args.runner, directory, "--grid", spec["grid"], "--json",
                "--signature", spec["signature"], "--names", ",".join(passed)] + \
            [f"--arg={item}" for item in spec["args"]]
        command = list(base)
        for name in outputs:
            command += ["--print", name]
        command += ["--print-limit", "1" if args.no_check else str(max(host[name].size for name in outputs))]
        run = subprocess.run(command, capture_output=True, text=True)
        if run.returncode != 0:
            print(f"{spec['name']:32} trex-runner failed: {(run.stderr or run.stdout).strip()[:300]}")
            failures += 1
            continue
        trex_result = json.loads(run.stdout)
        bench = subprocess.run(base + ["--bench", "--rep", str(args.rep)], capture_output=True, text=True)
        trex_ms = json.loads(bench.stdout)["timing_ms"]["median"] if bench.returncode == 0 else float("nan")
        # Triton on the same inputs.
        device = {name: torch.from_numpy(array.copy()).cuda() if types[name].startswith("*") else None
                  for name, array in host.items()}
        call_args, constexprs = [], {}
        for param, entry in zip(params, signature):
            if param.is_constexpr:
                constexprs[param.name] = int(entry)
            elif param.name in device and device[param.name] is not None:
                call_args.append(device[param.name])
            elif param.name in values:
                text = values[param.name]
                call_args.append(float(text) if types[param.name].startswith("fp") else int(text))
            else:
                call_args.append(int(entry))  # specialised to a literal (e.g. a stride of 1)
        grid = tuple(int(x) for x in spec["grid"].split(","))
        launch = lambda: fn[grid](*call_args, **constexprs, num_warps=spec["num_warps"], num_stages=spec["num_stages"])
        launch()
        torch.cuda.synchronize()
        worst, frobenius = 0.0, 0.0
        for name in ([] if args.no_check else outputs):
            ours = np.array([float(v) for v in trex_result["outputs"][name]["values"]], dtype=np.float64)
            theirs = device[name].cpu().numpy().astype(np.float64)[: ours.size]
            scale = np.maximum(np.abs(theirs), 1.0)
            worst = max(worst, float(np.max(np.abs(ours - theirs) / scale)) if ours.size else 0.0)
            norm = float(np.linalg.norm(theirs))
            error = float(np.linalg.norm(ours - theirs))
            frobenius = max(frobenius, error / norm if norm else error)
        ok = frobenius <= tolerance(types.values())
        failures += not ok
        triton_ms = triton.testing.do_bench(launch, rep=int(args.rep))
        check = "not checked" if args.no_check else \
            f"{'ok' if ok else 'DIFFERS'} (frob {frobenius:.0e}, max {worst:.0e})"
        # Every buffer read or written once, as trex-runner counts it.
        moved = sum(array.nbytes for array in host.values())
        print(f"{spec['name']:32} {check:>30} {trex_ms:9.4f} {triton_ms:9.4f} {moved / trex_ms / 1e6:9.0f} "
              f"{moved / triton_ms / 1e6:11.0f} {triton_ms / trex_ms:11.2f}")
        sys.stdout.flush()
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
