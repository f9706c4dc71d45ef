"""GPU check of host-side tensor descriptors (TensorDescriptor objects made on the host and
passed to the kernel, as Triton's TMA tutorials do): a tile copy and a matmul, compiled by real
Triton 3.6 alone and by trex, on an sm_90 GPU. Per case it prints whether each side's output
matches a torch reference, whether trex's ttgir equals Triton's (ignoring value names and
locations; otherwise which ops and layouts differ), and the times side by side.

Three ways trex's binary is launched:
  - through trex_triton (TREX_COMPILE=1, trex compiles and Triton's own launcher encodes the
    CUtensorMap from trex's tensordesc_meta), needs the trex executable (TREX=...);
  - through trex-runner, which encodes the CUtensorMap itself from `--arg NAME=desc:...`,
    on artifacts compiled beforehand on the build machine (the `build` step).

Build machine (trex, no GPU):
    python3 test/gpu/host_descriptor_check.py build --trex build/bin/trex --out OUT
GPU machine (Triton 3.6, torch, an sm_90 GPU; OUT carried from the build machine):
    PYTHONPATH=python TREX=path/to/trex python3 test/gpu/host_descriptor_check.py check \
        --artifacts OUT [--json results.json]
Without TREX (no trex executable on the GPU machine) the trex_triton column says so and the
trex-runner column still runs; without --artifacts the trex-runner column is left out.
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
ROOT = os.path.dirname(os.path.dirname(HERE))

# name, kernel, dtype, (M, N, K), (BLOCK_M, BLOCK_N, BLOCK_K), num_warps, num_stages
CASES = [
    ("copy_fp16_512x256", "copy_tiles", "float16", (512, 256, 0), (64, 64, 0), 4, 3),
    ("copy_bf16_256x512_b32x128", "copy_tiles", "bfloat16", (256, 512, 0), (32, 128, 0), 4, 3),
    ("copy_fp32_1024x128", "copy_tiles", "float32", (1024, 128, 0), (128, 32, 0), 4, 3),
    ("matmul_fp16_512_b64x64x32", "matmul_tma", "float16", (512, 512, 512), (64, 64, 32), 4, 3),
    ("matmul_fp16_2048_b128x128x64", "matmul_tma", "float16", (2048, 2048, 2048),
     (128, 128, 64), 8, 3),
]

SIGNATURE_TYPES = {"float16": "fp16", "bfloat16": "bf16", "float32": "fp32"}


def signature_of(case):
    """trex's signature: Triton 3.6's specialization of the case's arguments."""
    _, kernel, dtype, (m, n, k), (bm, bn, bk), _, _ = case
    t = SIGNATURE_TYPES[dtype]
    if kernel == "copy_tiles":
        return f"tensordesc<{t}[{bm}, {bn}]>, tensordesc<{t}[{bm}, {bn}]>, {bm}, {bn}"
    return (f"tensordesc<{t}[{bm}, {bk}]>, tensordesc<{t}[{bk}, {bn}]>, "
            f"tensordesc<{t}[{bm}, {bn}]>, i32:16, i32:16, i32:16, {bm}, {bn}, {bk}")


def grid_of(case):
    _, kernel, _, (m, n, _), (bm, bn, _), _, _ = case
    if kernel == "copy_tiles":
        return (m // bm, n // bn, 1)
    return ((m // bm) * (n // bn), 1, 1)


# --------------------------------------------------------------------------- kernels
# Written in the style of Triton's TMA tutorials; the same kernels as
# test/frontend/host-descriptors.py.

def define_kernels():
    import triton
    import triton.language as tl

    @triton.jit
    def copy_tiles(src, dst, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
        row = tl.program_id(0) * BLOCK_M
        col = tl.program_id(1) * BLOCK_N
        tile = src.load([row, col])
        dst.store([row, col], tile)

    @triton.jit
    def matmul_tma(a_desc, b_desc, c_desc, M, N, K, BLOCK_M: tl.constexpr,
                   BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
        pid = tl.program_id(0)
        programs_m = tl.cdiv(M, BLOCK_M)
        off_m = (pid % programs_m) * BLOCK_M
        off_n = (pid // programs_m) * BLOCK_N
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BLOCK_K)):
            a = a_desc.load([off_m, k * BLOCK_K])
            b = b_desc.load([k * BLOCK_K, off_n])
            acc = tl.dot(a, b, acc)
        c_desc.store([off_m, off_n], acc.to(tl.float16))

    return {"copy_tiles": copy_tiles, "matmul_tma": matmul_tma}


# --------------------------------------------------------------------------- build machine

def build(args):
    """trex compile of every case (cubin, ptx, ttgir, metadata) and trex-runner into OUT."""
    os.makedirs(args.out, exist_ok=True)
    runner = os.path.join(os.path.dirname(args.trex), "trex-runner")
    if os.path.exists(runner):
        shutil.copy2(runner, os.path.join(args.out, "trex-runner"))
    else:
        print(f"note: no trex-runner next to {args.trex}; carry one to OUT yourself")
    source = os.path.join(ROOT, "test", "frontend", "host-descriptors.py")
    failures = 0
    for case in CASES:
        name, kernel, _, _, _, warps, stages = case
        command = [args.trex, "compile", source, "--kernel", kernel, "--signature",
                   signature_of(case), "--target", "cuda:90", "--num-warps", str(warps),
                   "--num-stages", str(stages), "--emit", "ttgir,ptx,cubin,json", "-o",
                   os.path.join(args.out, name)]
        run = subprocess.run(command, capture_output=True, text=True)
        failures += run.returncode != 0
        print(f"{name:32} {'ok' if run.returncode == 0 else 'FAILED ' + run.stderr[-600:]}")
    return 1 if failures else 0


# --------------------------------------------------------------------------- GPU machine

def normalized_ttgir(text):
    """ttgir without locations, with value names numbered in order of appearance."""
    lines = []
    for line in text.splitlines():
        if line.startswith("#loc") or not line.strip():
            continue
        line = re.sub(r"\s*loc\((?:[^()]|\([^()]*\))*\)", "", line)
        lines.append(line.rstrip())
    names = {}

    def rename(match):
        return names.setdefault(match.group(0), f"%v{len(names)}")

    return [re.sub(r"%[A-Za-z0-9_#.$-]+", rename, line) for line in lines]


def ttgir_facts(text):
    ops = collections.Counter(re.findall(r"\b((?:tt|ttg|ttng|scf)\.[a-z_]+)", text))
    layouts = sorted(set(re.findall(r"^#\w+ = (#ttg\.[a-z_]+<.*>)$", text, re.MULTILINE)))
    return {"ops": dict(sorted(ops.items())), "layouts": layouts}


def reference_and_arguments(torch, case):
    _, kernel, dtype, (m, n, k), _, _, _ = case
    generator = torch.Generator().manual_seed(m * 7 + n * 3 + k)
    element = getattr(torch, dtype)
    if kernel == "copy_tiles":
        src = torch.randn((m, n), generator=generator).to(element).cuda()
        return src, {"src": src, "dst": torch.empty_like(src)}, "dst"
    a = torch.randn((m, k), generator=generator).to(element).cuda()
    b = torch.randn((k, n), generator=generator).to(element).cuda()
    reference = (a.float() @ b.float()).to(element)
    return reference, {"a": a, "b": b, "c": torch.empty((m, n), dtype=element, device="cuda")}, "c"


def child(args):
    """One side (Triton or trex through trex_triton) in its own process: outputs, ttgir, times."""
    import torch
    import triton
    from triton.tools.tensor_descriptor import TensorDescriptor
    if args.compiler == "trex":
        import trex_triton
        trex_triton.use()
    kernels = define_kernels()
    results = {}
    for case in CASES:
        name, kernel, dtype, (m, n, k), (bm, bn, bk), warps, stages = case
        entry = {}
        try:
            reference, tensors, output = reference_and_arguments(torch, case)
            if kernel == "copy_tiles":
                launch_args = [TensorDescriptor.from_tensor(tensors["src"], [bm, bn]),
                               TensorDescriptor.from_tensor(tensors["dst"], [bm, bn]), bm, bn]
            else:
                launch_args = [TensorDescriptor.from_tensor(tensors["a"], [bm, bk]),
                               TensorDescriptor.from_tensor(tensors["b"], [bk, bn]),
                               TensorDescriptor.from_tensor(tensors["c"], [bm, bn]), m, n, k,
                               bm, bn, bk]
            grid = grid_of(case)

            def launch():
                return kernels[kernel][grid](*launch_args, num_warps=warps, num_stages=stages)

            compiled = launch()
            torch.cuda.synchronize()
            got = tensors[output].float()
            error = float((got - reference.float()).abs().max())
            tolerance = 0.0 if kernel == "copy_tiles" else 2e-2 * max(
                1.0, float(reference.float().abs().max()))
            entry["max_error"] = error
            entry["ok"] = error <= tolerance
            entry["ttgir"] = compiled.asm.get("ttgir", "")
            entry["metadata_tensordesc_meta"] = getattr(compiled.metadata, "tensordesc_meta", None)
            entry["ms"] = triton.testing.do_bench(launch)
        except Exception as error:  # noqa: BLE001 - reported per case
            entry["ok"] = False
            entry["error"] = f"{type(error).__name__}: {str(error)[:800]}"
        results[name] = entry
    json.dump(results, sys.stdout)


def runner_side(args):
    """trex's artifacts through trex-runner: the CUtensorMap encoded by the runtime."""
    import torch
    runner = args.runner or os.path.join(args.artifacts, "trex-runner")
    if not os.access(runner, os.X_OK):
        return {name: {"ok": False, "error": f"no trex-runner at {runner} (--runner)"}
                for name, *_ in CASES}
    results = {}
    for case in CASES:
        name, kernel, dtype, (m, n, k), (bm, bn, bk), _, _ = case
        folder = os.path.join(args.artifacts, name)
        grid = ",".join(str(g) for g in grid_of(case))
        entry = {}
        if not os.path.isdir(folder):
            results[name] = {"ok": False, "error": f"no artifacts at {folder} (run the build step)"}
            continue
        if kernel == "copy_tiles":
            # Random data through the copy: dst must equal src element for element.
            names = "src,dst"
            arguments = [f"src=desc:randn:{m}x{n}:{bm}x{bn}", f"dst=desc:zeros:{m}x{n}"]
            printed = ["src", "dst"]
        else:
            # ones times ones: every element of C is K (exact in fp16 for these K).
            names = "a_desc,b_desc,c_desc,M,N,K"
            arguments = [f"a_desc=desc:ones:{m}x{k}:{bm}x{bk}", f"b_desc=desc:ones:{k}x{n}",
                         f"c_desc=desc:zeros:{m}x{n}", f"M={m}", f"N={n}", f"K={k}"]
            printed = ["c_desc"]
        base = [runner, folder, "--grid", grid, "--signature", signature_of(case), "--names",
                names]
        for argument in arguments:
            base += ["--arg", argument]
        shown = min(m * n, 1 << 16)
        command = base + ["--print-limit", str(shown), "--json"]
        for output in printed:
            command += ["--print", output]
        run = subprocess.run(command, capture_output=True, text=True)
        if run.returncode != 0:
            entry["ok"] = False
            entry["error"] = (run.stderr or run.stdout).strip()[-800:]
        else:
            outputs = json.loads(run.stdout)["outputs"]
            got = torch.tensor([float(v) for v in outputs[printed[-1]]["values"]],
                               dtype=torch.float64)
            if kernel == "copy_tiles":
                expected = torch.tensor([float(v) for v in outputs["src"]["values"]],
                                        dtype=torch.float64)
            else:
                expected = torch.full((shown,), float(k), dtype=torch.float64)
            entry["max_error"] = float((got - expected).abs().max())
            entry["ok"] = len(got) == shown and entry["max_error"] == 0
            bench = subprocess.run(base + ["--bench", "--json"], capture_output=True, text=True)
            if bench.returncode == 0:
                entry["ms"] = json.loads(bench.stdout).get("timing_ms", {}).get("median")
            else:
                entry["bench_error"] = bench.stderr.strip()[-400:]
        results[name] = entry
    return results


def check(args):
    sides = {}
    for compiler in ("triton", "trex"):
        if compiler == "trex" and not os.environ.get("TREX") and not shutil.which("trex"):
            sides[compiler] = {name: {"ok": False, "error": "no trex executable (set TREX)"}
                               for name, *_ in CASES}
            continue
        run = subprocess.run([sys.executable, os.path.abspath(__file__), "child", "--compiler",
                              compiler], capture_output=True, text=True)
        if run.returncode != 0 or not run.stdout.strip():
            print(f"{compiler}: exit {run.returncode}\n{run.stderr[-3000:]}")
            return 1
        sides[compiler] = json.loads(run.stdout)
    if args.artifacts:
        sides["trex-runner"] = runner_side(args)

    failures = 0
    columns = [side for side in ("triton", "trex", "trex-runner") if side in sides]
    print(f"{'case':32} " + " ".join(f"{c:>22}" for c in columns) + "  ttgir vs Triton")
    for name, *_ in CASES:
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
        if t.get("ttgir") and x.get("ttgir"):
            a, b = normalized_ttgir(t["ttgir"]), normalized_ttgir(x["ttgir"])
            if a == b:
                verdict = "equal"
            else:
                ft, fx = ttgir_facts(t["ttgir"]), ttgir_facts(x["ttgir"])
                verdict = (f"{len(set(a) ^ set(b))} lines differ; layouts "
                           f"{'equal' if ft['layouts'] == fx['layouts'] else 'DIFFER'}; ops "
                           f"{'equal' if ft['ops'] == fx['ops'] else 'DIFFER'}")
        else:
            verdict = "-"
        print(f"{name:32} " + " ".join(f"{c:>22}" for c in cells) + f"  {verdict}")
        for side in columns:
            entry = sides[side].get(name, {})
            if "error" in entry:
                print(f"    {side}: {entry['error']}")
        if t.get("ttgir") and x.get("ttgir") and normalized_ttgir(t["ttgir"]) != normalized_ttgir(
                x["ttgir"]):
            ft, fx = ttgir_facts(t["ttgir"]), ttgir_facts(x["ttgir"])
            keys = sorted(set(ft["ops"]) | set(fx["ops"]))
            differing = [f"{k} {ft['ops'].get(k, 0)}/{fx['ops'].get(k, 0)}" for k in keys
                         if ft["ops"].get(k) != fx["ops"].get(k)]
            if differing:
                print("    ops (triton/trex): " + ", ".join(differing))
            for layout in sorted(set(ft["layouts"]) ^ set(fx["layouts"])):
                side = "triton" if layout in ft["layouts"] else "trex"
                print(f"    only {side}: {layout}")
            tm, xm = t.get("metadata_tensordesc_meta"), x.get("metadata_tensordesc_meta")
            if tm != xm:
                print(f"    tensordesc_meta: triton {tm} / trex {xm}")
    if args.json:
        with open(args.json, "w") as out:
            json.dump(sides, out, indent=1)
    print(f"{len(CASES) * len(columns) - failures} of {len(CASES) * len(columns)} runs correct "
          f"({', '.join(columns)})")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    build_parser = commands.add_parser("build", help="compile the cases with trex (build machine)")
    build_parser.add_argument("--trex", default=os.path.join(ROOT, "build", "bin", "trex"))
    build_parser.add_argument("--out", required=True)
    check_parser = commands.add_parser("check", help="run and compare (GPU machine)")
    check_parser.add_argument("--artifacts", help="OUT of the build step, for trex-runner")
    check_parser.add_argument("--runner", help="trex-runner (default: ARTIFACTS/trex-runner)")
    check_parser.add_argument("--json", help="write every result here")
    child_parser = commands.add_parser("child", help=argparse.SUPPRESS)
    child_parser.add_argument("--compiler", choices=["triton", "trex"], required=True)
    args = parser.parse_args()
    if args.command == "build":
        return build(args)
    if args.command == "child":
        child(args)
        return 0
    return check(args)


if __name__ == "__main__":
    sys.exit(main())
