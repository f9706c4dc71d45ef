"""GPU check of software-pipelined TMA descriptor loads (sm_90): matmuls through host-side
descriptors (TensorDescriptor objects) and device-side ones (tl.make_tensor_descriptor), the
descriptor attention forward and the persistent matmul of test/frontend/tma-pipeline.py, at the
sizes and configs of issue 24 (4096 and 8192 matmuls; head dims 64 and 128; persistent
matmuls with a K loop of 1 to 3 steps, whose fused and pipelined loop prefetches across tiles
most of the time). Each case is
compiled by real Triton 3.6 and by trex; per case it prints whether each side's output matches
torch, whether trex's ttgir equals Triton's (ignoring value names and locations; otherwise the
op counts and layouts that differ) and the times of both, measured alternately (Triton, trex,
Triton, trex, ... in separate processes) so that clock and thermal drift hit both alike.

trex's kernels run two ways:
  - through trex_triton (TREX=path/to/trex, PYTHONPATH=python): trex compiles, Triton's
    launcher launches (outputs compared with torch and with Triton's);
  - through trex-runner on artifacts compiled beforehand on the build machine (`build`), with
    all-ones inputs (every matmul element is K, every attention output 1).

Build machine (trex, no GPU):
    python3 test/gpu/tma_pipeline_check.py build --trex build/bin/trex --out OUT
GPU machine (Triton 3.6, torch, an sm_90 GPU; OUT carried from the build machine):
    PYTHONPATH=python TREX=path/to/trex python3 test/gpu/tma_pipeline_check.py check \
        --artifacts OUT [--rounds 3] [--only REGEX] [--json results.json]
"""
import argparse
import importlib.util
import json
import os
import re
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from host_descriptor_check import normalized_ttgir, ttgir_facts  # noqa: E402

FRONTEND = os.path.join(ROOT, "test", "frontend")
SOURCES = {
    "host": os.path.join(FRONTEND, "host-descriptors.py"),
    "device": os.path.join(FRONTEND, "tma-descriptors.py"),
    "attention": os.path.join(FRONTEND, "tma-pipeline.py"),
    "persistent": os.path.join(FRONTEND, "tma-pipeline.py"),
}
KERNELS = {"host": "matmul_tma", "device": "matmul_tma", "attention": "attention_fwd_tma",
           "persistent": "persistent_tma_matmul"}
GROUP_M = 8
# The H200's SM count: NUM_SMS of the persistent kernel in trex-runner's artifacts (the
# trex_triton and Triton sides take the GPU's own count).
DEFAULT_SMS = 132
# Attention: batch, heads, sequence length.
ATTENTION_SHAPE = (4, 32, 4096)
ATTENTION_SCALE = 0.125


def cases():
    """(name, family, config): config holds sizes, blocks, num_warps and num_stages."""
    result = []
    matmul_configs = ((128, 128, 64, 4, 3), (128, 128, 64, 8, 3), (128, 256, 64, 8, 3),
                      (128, 128, 64, 4, 4))
    for size in (4096, 8192):
        for bm, bn, bk, warps, stages in matmul_configs:
            config = {"size": size, "block": (bm, bn, bk), "warps": warps, "stages": stages}
            tag = f"{size}_{bm}x{bn}x{bk}_w{warps}_s{stages}"
            result.append((f"host_matmul_{tag}", "host", config))
            result.append((f"persistent_{tag}", "persistent", config))
        result.append((f"device_matmul_{size}", "device",
                       {"size": size, "block": (128, 128, 64), "warps": 4, "stages": 3}))
    # Persistent matmuls with a short K loop (1 to 3 steps per tile): the fused loop's copies run
    # num_stages - 1 steps ahead, so most of them load a later tile than the one being
    # multiplied (the tile offsets of the prefetched step must be used, not the current ones).
    for k in (64, 128, 192):
        for bm, bn, bk, warps, stages in ((128, 128, 64, 4, 3), (128, 128, 64, 4, 4)):
            config = {"size": 2048, "k": k, "block": (bm, bn, bk), "warps": warps,
                      "stages": stages}
            result.append((f"persistent_2048x2048x{k}_{bm}x{bn}x{bk}_w{warps}_s{stages}",
                           "persistent", config))
    for head_dim in (64, 128):
        for bm, bn, warps, stages in ((128, 64, 4, 3), (128, 128, 8, 3)):
            result.append((f"attn_{head_dim}_{bm}x{bn}_w{warps}_s{stages}", "attention",
                           {"head_dim": head_dim, "block": (bm, bn), "warps": warps,
                            "stages": stages}))
    return result


def signature_of(family, config, sms):
    """trex's signature: Triton 3.6's specialization of the case's arguments."""
    if family == "attention":
        d = config["head_dim"]
        bm, bn = config["block"]
        return (f"tensordesc<fp16[{bm}, {d}]>, tensordesc<fp16[{bn}, {d}]>, "
                f"tensordesc<fp16[{bn}, {d}]>, tensordesc<fp16[{bm}, {d}]>, fp32, i32:16, "
                f"{d}, {bm}, {bn}")
    bm, bn, bk = config["block"]
    if family == "device":
        return f"*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, {bm}, {bn}, {bk}"
    descriptors = (f"tensordesc<fp16[{bm}, {bk}]>, tensordesc<fp16[{bk}, {bn}]>, "
                   f"tensordesc<fp16[{bm}, {bn}]>, i32:16, i32:16, i32:16, {bm}, {bn}, {bk}")
    if family == "persistent":
        return f"{descriptors}, {GROUP_M}, {sms}"
    return descriptors


def grid_of(family, config, sms):
    if family == "attention":
        z, h, n = ATTENTION_SHAPE
        return (n // config["block"][0], z * h, 1)
    size = config["size"]
    bm, bn, _ = config["block"]
    if family == "persistent":
        return (sms, 1, 1)
    if family == "device":
        return (size // bm, size // bn, 1)
    return ((size // bm) * (size // bn), 1, 1)


def selected(args):
    pattern = re.compile(args.only) if getattr(args, "only", None) else None
    return [case for case in cases() if not pattern or pattern.search(case[0])]


# --------------------------------------------------------------------------- build machine

def build(args):
    """trex compile of every case (ttgir, ptx, cubin, metadata) and trex-runner into OUT."""
    os.makedirs(args.out, exist_ok=True)
    runner = os.path.join(os.path.dirname(args.trex), "trex-runner")
    if os.path.exists(runner):
        shutil.copy2(runner, os.path.join(args.out, "trex-runner"))
    else:
        print(f"note: no trex-runner next to {args.trex}; carry one to OUT yourself")
    failures = 0
    for name, family, config in selected(args):
        command = [args.trex, "compile", SOURCES[family], "--kernel", KERNELS[family],
                   "--signature", signature_of(family, config, args.sms), "--target", "cuda:90",
                   "--num-warps", str(config["warps"]), "--num-stages", str(config["stages"]),
                   "--emit", "ttgir,ptx,cubin,json", "-o", os.path.join(args.out, name)]
        run = subprocess.run(command, capture_output=True, text=True)
        failures += run.returncode != 0
        print(f"{name:36} {'ok' if run.returncode == 0 else 'FAILED ' + run.stderr[-600:]}")
    with open(os.path.join(args.out, "manifest.json"), "w") as out:
        json.dump({"sms": args.sms}, out)
    return 1 if failures else 0


# --------------------------------------------------------------------------- GPU machine

def load_module(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def prepare(torch, family, config, sms):
    """The launch of one case: (launch(), output tensor, reference)."""
    from triton.tools.tensor_descriptor import TensorDescriptor
    kernel = getattr(load_module(SOURCES[family], f"tma_{family}"), KERNELS[family])
    warps, stages = config["warps"], config["stages"]
    grid = grid_of(family, config, sms)
    generator = torch.Generator().manual_seed(7)
    if family == "attention":
        z, h, n = ATTENTION_SHAPE
        d = config["head_dim"]
        bm, bn = config["block"]
        q, k, v = (torch.randn((z * h * n, d), generator=generator).half().cuda()
                   for _ in range(3))
        o = torch.empty_like(q)
        descriptors = [TensorDescriptor.from_tensor(q, [bm, d]),
                       TensorDescriptor.from_tensor(k, [bn, d]),
                       TensorDescriptor.from_tensor(v, [bn, d]),
                       TensorDescriptor.from_tensor(o, [bm, d])]
        # The reference of the first two heads (the whole one would need 4096^2 per head).
        heads = 2
        qq, kk, vv = (t.view(z * h, n, d)[:heads].float() for t in (q, k, v))
        reference = torch.softmax(qq @ kk.transpose(1, 2) * ATTENTION_SCALE, -1) @ vv

        def launch():
            return kernel[grid](*descriptors, ATTENTION_SCALE, n, HEAD_DIM=d, BLOCK_M=bm,
                                BLOCK_N=bn, num_warps=warps, num_stages=stages)

        return launch, lambda: o.view(z * h, n, d)[:heads].float(), reference
    size = config["size"]
    k = config.get("k", size)
    bm, bn, bk = config["block"]
    a = torch.randn((size, k), generator=generator).half().cuda()
    b = torch.randn((k, size), generator=generator).half().cuda()
    c = torch.empty((size, size), dtype=torch.float16, device="cuda")
    reference = (a @ b).float()
    if family == "device":
        def launch():
            return kernel[grid](a, b, c, size, size, size, BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk,
                                num_warps=warps, num_stages=stages)
    else:
        descriptors = [TensorDescriptor.from_tensor(a, [bm, bk]),
                       TensorDescriptor.from_tensor(b, [bk, bn]),
                       TensorDescriptor.from_tensor(c, [bm, bn])]
        extra = {"GROUP_M": GROUP_M, "NUM_SMS": sms} if family == "persistent" else {}

        def launch():
            return kernel[grid](*descriptors, size, size, k, BLOCK_M=bm, BLOCK_N=bn,
                                BLOCK_K=bk, num_warps=warps, num_stages=stages, **extra)
    return launch, lambda: c.float(), reference


def child(args):
    """One side (Triton, or trex through trex_triton) in its own process: outputs, ttgir, time."""
    import torch
    import triton
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8,
                                                                 device="cuda"))
    if args.compiler == "trex":
        import trex_triton
        trex_triton.use()
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    results = {}
    for name, family, config in selected(args):
        entry = {}
        try:
            launch, output, reference = prepare(torch, family, config, sms)
            compiled = launch()
            torch.cuda.synchronize()
            if not args.time_only:
                got = output()
                error = float((got - reference).abs().max())
                tolerance = 2e-2 * max(1.0, float(reference.abs().max()))
                entry.update(max_error=error, ok=error <= tolerance,
                             ttgir=compiled.asm.get("ttgir", ""))
            entry["ms"] = triton.testing.do_bench(launch, warmup=50, rep=300)
        except Exception as error:  # noqa: BLE001 - reported per case
            entry.update(ok=False, error=f"{type(error).__name__}: {str(error)[:800]}")
        results[name] = entry
    json.dump(results, sys.stdout)


def runner_side(args):
    """trex's artifacts through trex-runner (all-ones inputs, exact expected outputs)."""
    runner = args.runner or os.path.join(args.artifacts, "trex-runner")
    manifest_path = os.path.join(args.artifacts, "manifest.json")
    sms = json.load(open(manifest_path))["sms"] if os.path.exists(manifest_path) else DEFAULT_SMS
    results = {}
    for name, family, config in selected(args):
        folder = os.path.join(args.artifacts, name)
        if not os.access(runner, os.X_OK) or not os.path.isdir(folder):
            results[name] = {"ok": False, "error": f"no trex-runner or no {folder} (build step)"}
            continue
        grid = ",".join(str(g) for g in grid_of(family, config, sms))
        if family == "attention":
            z, h, n = ATTENTION_SHAPE
            d = config["head_dim"]
            bm, bn = config["block"]
            names = "q_desc,k_desc,v_desc,o_desc,scale,seq_len"
            arguments = [f"q_desc=desc:ones:{z * h * n}x{d}:{bm}x{d}",
                         f"k_desc=desc:ones:{z * h * n}x{d}:{bn}x{d}",
                         f"v_desc=desc:ones:{z * h * n}x{d}:{bn}x{d}",
                         f"o_desc=desc:zeros:{z * h * n}x{d}:{bm}x{d}",
                         f"scale={ATTENTION_SCALE}", f"seq_len={n}"]
            output, expected, elements = "o_desc", 1.0, z * h * n * d
        else:
            size = config["size"]
            k = config.get("k", size)
            bm, bn, bk = config["block"]
            if family == "device":
                names = "A,B,C,M,N,K"
                arguments = [f"A=ones:{size * size}", f"B=ones:{size * size}",
                             f"C=zeros:{size * size}"]
                output = "C"
            else:
                names = "a_desc,b_desc,c_desc,M,N,K"
                arguments = [f"a_desc=desc:ones:{size}x{k}:{bm}x{bk}",
                             f"b_desc=desc:ones:{k}x{size}:{bk}x{bn}",
                             f"c_desc=desc:zeros:{size}x{size}:{bm}x{bn}"]
                output = "c_desc"
            arguments += [f"M={size}", f"N={size}", f"K={k}"]
            expected, elements = float(k), size * size
        base = [runner, folder, "--grid", grid, "--signature",
                signature_of(family, config, sms), "--names", names]
        for argument in arguments:
            base += ["--arg", argument]
        shown = min(elements, 1 << 16)
        run = subprocess.run(base + ["--print", output, "--print-limit", str(shown), "--json"],
                             capture_output=True, text=True)
        entry = {}
        if run.returncode != 0:
            entry.update(ok=False, error=(run.stderr or run.stdout).strip()[-800:])
        else:
            values = [float(v) for v in json.loads(run.stdout)["outputs"][output]["values"]]
            error = max(abs(v - expected) for v in values) if values else float("inf")
            entry.update(max_error=error, ok=len(values) == shown and error <= 1e-2 * expected)
            times = []
            for _ in range(args.rounds):
                bench = subprocess.run(base + ["--bench", "--json"], capture_output=True,
                                       text=True)
                if bench.returncode != 0:
                    entry["bench_error"] = bench.stderr.strip()[-400:]
                    break
                times.append(json.loads(bench.stdout).get("timing_ms", {}).get("median"))
            if times and None not in times:
                entry["ms"] = statistics.median(times)
        results[name] = entry
    return results


def run_child(compiler, args, time_only):
    command = [sys.executable, os.path.abspath(__file__), "child", "--compiler", compiler]
    if args.only:
        command += ["--only", args.only]
    if time_only:
        command.append("--time-only")
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0 or not run.stdout.strip():
        raise RuntimeError(f"{compiler} child: exit {run.returncode}\n{run.stderr[-3000:]}")
    return json.loads(run.stdout)


def check(args):
    has_trex = bool(os.environ.get("TREX") or shutil.which("trex"))
    compilers = ["triton", "trex"] if has_trex else ["triton"]
    sides, times = {}, {c: {} for c in compilers}
    try:
        # Round 1 checks outputs and ttgir; every round times. Triton and trex alternate.
        for round_index in range(args.rounds):
            for compiler in compilers:
                result = run_child(compiler, args, time_only=round_index > 0)
                if round_index == 0:
                    sides[compiler] = result
                for name, entry in result.items():
                    if entry.get("ms"):
                        times[compiler].setdefault(name, []).append(entry["ms"])
    except RuntimeError as error:
        print(error)
        return 1
    for compiler in compilers:
        for name, values in times[compiler].items():
            sides[compiler][name]["ms"] = statistics.median(values)
    if not has_trex:
        sides["trex"] = {name: {"ok": False, "error": "no trex executable (set TREX)"}
                         for name, _, _ in selected(args)}
    if args.artifacts:
        sides["trex-runner"] = runner_side(args)

    failures = 0
    columns = [side for side in ("triton", "trex", "trex-runner") if side in sides]
    print(f"{'case':36} " + " ".join(f"{c:>22}" for c in columns) +
          "  trex/triton  ttgir vs Triton")
    for name, _, _ in selected(args):
        cells = []
        for side in columns:
            entry = sides[side].get(name, {})
            if "error" in entry:
                cells.append("ERROR")
            else:
                ms = f" {entry['ms'] * 1000:8.1f}us" if entry.get("ms") else ""
                cells.append(f"{'ok' if entry['ok'] else 'WRONG'} {entry['max_error']:.1e}{ms}")
            failures += not entry.get("ok")
        t, x = sides["triton"].get(name, {}), sides["trex"].get(name, {})
        ratio = f"{x['ms'] / t['ms']:11.2f}" if t.get("ms") and x.get("ms") else f"{'-':>11}"
        verdict = "-"
        if t.get("ttgir") and x.get("ttgir"):
            a, b = normalized_ttgir(t["ttgir"]), normalized_ttgir(x["ttgir"])
            ft, fx = ttgir_facts(t["ttgir"]), ttgir_facts(x["ttgir"])
            verdict = "equal" if a == b else (
                f"{len(set(a) ^ set(b))} lines differ; layouts "
                f"{'equal' if ft['layouts'] == fx['layouts'] else 'DIFFER'}; ops "
                f"{'equal' if ft['ops'] == fx['ops'] else 'DIFFER'}")
        print(f"{name:36} " + " ".join(f"{c:>22}" for c in cells) + f"  {ratio}  {verdict}")
        for side in columns:
            entry = sides[side].get(name, {})
            if "error" in entry:
                print(f"    {side}: {entry['error']}")
        if verdict not in ("-", "equal"):
            keys = sorted(set(ft["ops"]) | set(fx["ops"]))
            differing = [f"{k} {ft['ops'].get(k, 0)}/{fx['ops'].get(k, 0)}" for k in keys
                         if ft["ops"].get(k) != fx["ops"].get(k)]
            if differing:
                print("    ops (triton/trex): " + ", ".join(differing))
            for layout in sorted(set(ft["layouts"]) ^ set(fx["layouts"])):
                print(f"    only {'triton' if layout in ft['layouts'] else 'trex'}: {layout}")
    if args.json:
        with open(args.json, "w") as out:
            json.dump(sides, out, indent=1)
    total = len(selected(args)) * len(columns)
    print(f"{total - failures} of {total} runs correct ({', '.join(columns)}); times: median of "
          f"{args.rounds} alternating rounds")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    build_parser = commands.add_parser("build", help="compile the cases with trex (build machine)")
    build_parser.add_argument("--trex", default=os.path.join(ROOT, "build", "bin", "trex"))
    build_parser.add_argument("--out", required=True)
    build_parser.add_argument("--sms", type=int, default=DEFAULT_SMS,
                              help="NUM_SMS of the persistent kernel (the GPU's SM count)")
    build_parser.add_argument("--only", help="cases whose name matches this regex")
    check_parser = commands.add_parser("check", help="run and compare (GPU machine)")
    check_parser.add_argument("--artifacts", help="OUT of the build step, for trex-runner")
    check_parser.add_argument("--runner", help="trex-runner (default: ARTIFACTS/trex-runner)")
    check_parser.add_argument("--rounds", type=int, default=3,
                              help="alternating timing rounds (Triton, trex) per case")
    check_parser.add_argument("--only", help="cases whose name matches this regex")
    check_parser.add_argument("--json", help="write every result here")
    child_parser = commands.add_parser("child", help=argparse.SUPPRESS)
    child_parser.add_argument("--compiler", choices=["triton", "trex"], required=True)
    child_parser.add_argument("--only")
    child_parser.add_argument("--time-only", action="store_true")
    args = parser.parse_args()
    if args.command == "build":
        return build(args)
    if args.command == "child":
        child(args)
        return 0
    return check(args)


if __name__ == "__main__":
    sys.exit(main())
