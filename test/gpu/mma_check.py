"""trex's mma.sync matmuls on the GPU against torch.matmul (and timed beside Triton).

Two steps, on two machines:
  build (on the build machine, which has trex but no GPU): compile each case below for
      cuda:90 with `trex compile --mma v3` (wgmma, the default) or `--mma v2` (mma.sync,
      which sm_90 runs too) into OUT/<case>/ (cubin + json), and write OUT/cases.json
      (--extra-args adds trex compile options);
  check (on the GPU machine, which has torch and Triton but not trex's compiler): run every
      case through trex-runner, rebuild its inputs with trex's generators (gpu_check.py's
      splitmix64 / Box-Muller), compare C with torch.matmul on the same inputs in float64
      (relative Frobenius error: f16 <= 1e-3, bf16 <= 1e-2, tf32 <= 5e-3, i8 exact), and time
      trex beside Triton's own compile of the same kernel.
Cases cover f16 and bf16 (tf32, i8 and fp8 too) at shapes that are multiples of the block and at
ragged ones (M, N, K not multiples of it, nor of 16). Exits nonzero if any case fails.
"""
import argparse
import json
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SAMPLE = os.path.join(ROOT, "samples", "kernels", "matmul.py")
INT8 = os.path.join(HERE, "kernels", "matmul_i8.py")
F16ACC = os.path.join(HERE, "kernels", "matmul_f16acc.py")
FP8 = os.path.join(HERE, "kernels", "matmul_fp8.py")
# f16acc: f16 operands accumulated in f16 (its rounding error grows with K; Triton's own error
# on the same inputs is printed beside it).
# fp8: the e4m3 / e5m2 inputs are what is multiplied (the reference gets the same fp8 values),
# so only the accumulation rounds; Hopper's fp8 wgmma adds its products with fewer mantissa
# bits than f32 inside one instruction, which puts the error near 5e-4 at K = 1024 (the same
# for Triton's kernel on the same inputs, measured on an H100).
BOUNDS = {"fp16": 1e-3, "bf16": 1e-2, "fp32": 5e-3, "i8": 0.0, "f16acc": 1e-2, "fp8e5": 2e-3,
          "fp8e4nv": 2e-3}

# (element type, M, N, K, BLOCK_M, BLOCK_N, BLOCK_K, num_warps, check[, num_stages]): the
# sample's 64x64x32 tile, the fixtures' 128x128x64 (4 warps) and 128x256x64 (8 warps) tiles,
# ragged edges, and timing-only sizes (their outputs are too large to print), among them the
# fixture README's two benchmarks with their stages (8192^3 128x256x64 w8 s3, 4096^3
# 128x128x64 w4 s4).
CASES = [
    ("fp16", 1024, 1024, 1024, 64, 64, 32, 4, True),
    ("fp16", 1000, 1000, 1000, 64, 64, 32, 4, True),
    ("fp16", 257, 129, 77, 64, 64, 32, 4, True),
    ("fp16", 33, 47, 300, 64, 64, 32, 4, True),
    ("fp16", 1024, 1024, 1024, 128, 128, 64, 4, True),
    ("fp16", 999, 1031, 515, 128, 128, 64, 4, True),
    ("fp16", 1024, 1024, 1024, 128, 256, 64, 8, True),
    ("bf16", 1024, 1024, 1024, 64, 64, 32, 4, True),
    ("bf16", 1000, 1000, 1000, 64, 64, 32, 4, True),
    ("bf16", 257, 129, 77, 64, 64, 32, 4, True),
    ("bf16", 999, 1031, 515, 128, 128, 64, 4, True),
    ("bf16", 1024, 1024, 1024, 128, 256, 64, 8, True),
    ("fp32", 1000, 1000, 1000, 64, 64, 32, 4, True),   # tf32 (tl.dot's default for f32)
    ("i8", 1000, 1000, 1000, 64, 64, 64, 4, True),
    ("i8", 257, 129, 77, 64, 64, 64, 4, True),
    ("f16acc", 1024, 1024, 1024, 128, 128, 64, 4, True),
    ("f16acc", 1000, 1000, 1000, 128, 128, 64, 4, True),
    ("f16acc", 257, 129, 77, 64, 64, 32, 4, True),
    ("fp8e5", 1000, 1000, 1000, 64, 64, 64, 4, True),
    ("fp8e4nv", 257, 129, 77, 64, 64, 64, 4, True),
    ("fp8e4nv", 1024, 1024, 1024, 128, 128, 64, 4, True),
    ("fp16", 4096, 4096, 4096, 128, 128, 64, 4, False),
    ("bf16", 4096, 4096, 4096, 128, 256, 64, 8, False),
    ("fp16", 8192, 8192, 8192, 128, 256, 64, 8, False, 3),
    ("fp16", 4096, 4096, 4096, 128, 128, 64, 4, False, 4),
]


def cdiv(a, b):
    return (a + b - 1) // b


def scalar(value):
    """A scalar's signature entry: divisible by 16 where it is, as Triton specializes it."""
    return "i32:16" if value % 16 == 0 else "i32"


def make_case(dtype, m, n, k, bm, bn, bk, warps, check, stages=3):
    name = f"matmul_{dtype}_{m}x{n}x{k}_b{bm}x{bn}x{bk}_w{warps}" + (f"_s{stages}" if stages != 3 else "")
    if dtype in ("i8", "f16acc") or dtype.startswith("fp8"):
        element, output, kernel, path = {
            "i8": ("i8", "i32", "matmul_i8_kernel", INT8),
            "f16acc": ("fp16", "fp16", "matmul_f16acc_kernel", F16ACC),
        }.get(dtype, (dtype, "fp32", "matmul_fp8_kernel", FP8))
        signature = ", ".join([f"*{element}:16", f"*{element}:16", f"*{output}:16", scalar(m), scalar(n),
                               scalar(k), scalar(k), scalar(n), scalar(n), str(bm), str(bn), str(bk)])
        grid = cdiv(m, bm) * cdiv(n, bn)
    else:
        signature = ", ".join([f"*{dtype}:16"] * 3 + [scalar(m), scalar(n), scalar(k), scalar(k), "1",
                                                       scalar(n), "1", scalar(n), "1", str(bm),
                                                       str(bn), str(bk), "8"])
        kernel, path = "matmul_kernel", SAMPLE
        grid = cdiv(m, bm) * cdiv(n, bn)
    args = [f"a_ptr=randn:{m * k}", f"b_ptr=randn:{k * n}", f"c_ptr=zeros:{m * n}",
            f"M={m}", f"N={n}", f"K={k}", f"stride_am={k}", f"stride_bk={n}", f"stride_cm={n}"]
    return {"name": name, "dtype": dtype, "M": m, "N": n, "K": k, "file": os.path.relpath(path, ROOT),
            "kernel": kernel, "signature": signature, "num_warps": warps, "num_stages": stages,
            "grid": str(grid), "args": args, "check": check}


def build(args):
    os.makedirs(args.out, exist_ok=True)
    cases = [make_case(*case) for case in CASES]
    extra = shlex.split(args.extra_args)
    failures = 0
    for case in cases:
        if args.num_stages is not None:
            case["num_stages"] = args.num_stages  # Triton's timing compile uses the same depth
        directory = os.path.join(args.out, case["name"])
        command = [args.trex, "compile", os.path.join(ROOT, case["file"]), "--kernel", case["kernel"],
                   "--signature", case["signature"], "--target", "cuda:90", "--mma", args.mma,
                   "--num-warps", str(case["num_warps"]), "--num-stages", str(case["num_stages"]),
                   "--emit", "ptx,cubin,json", "-o", directory] + extra
        run = subprocess.run(command, capture_output=True, text=True)
        ptx = os.path.join(directory, case["kernel"] + ".ptx")
        text = open(ptx).read() if os.path.exists(ptx) else ""
        mma, copies = text.count("mma.sync") + text.count("wgmma.mma_async"), text.count("cp.async.c")
        ok = run.returncode == 0 and mma > 0 and os.path.exists(os.path.join(directory, case["kernel"] + ".cubin"))
        failures += not ok
        print(f"{case['name']:44} {'ok' if ok else 'FAILED'} ({mma} mma.sync/wgmma, {copies} cp.async in the PTX) "
              f"{run.stderr.strip()[:300]}")
    with open(os.path.join(args.out, "cases.json"), "w") as out:
        json.dump(cases, out, indent=1)
    sys.exit(1 if failures else 0)


def check(args):
    import numpy as np
    import torch
    import triton
    sys.path.insert(0, HERE)
    from gpu_check import generate, load_kernel, splitmix_reference, splitmix_stream

    assert [int(v) for v in splitmix_stream(3, 5)] == splitmix_reference(3, 5)
    torch_types = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32,
                   "i8": torch.int8, "i32": torch.int32, "fp8e5": torch.float8_e5m2,
                   "fp8e4nv": torch.float8_e4m3fn}
    cases = json.load(open(os.path.join(args.artifacts, "cases.json")))
    failures = 0
    print(f"{'case':44} {'check':>28} {'triton frob':>12} {'trex ms':>9} {'triton ms':>9} {'trex TFLOP/s':>12} "
          f"{'triton/trex':>11}")
    for case in cases:
        if args.only and args.only not in case["name"]:
            continue
        directory = os.path.join(args.artifacts, case["name"])
        values = dict(item.split("=", 1) for item in case["args"])
        signature = [entry.strip() for entry in case["signature"].split(",")]
        fn = load_kernel(os.path.join(ROOT, case["file"]), case["kernel"])
        params = [p.name for p in fn.params]
        passed = [name for name, entry in zip(params, signature) if entry.startswith("*") or entry.startswith("i32")]
        # Inputs as trex-runner makes them: numbers drawn in double, rounded to f32, then to the
        # element type (round to nearest even), seeded with the argument's position.
        device = {}
        for position, name in enumerate(passed):
            entry = dict(zip(params, signature))[name]
            if not entry.startswith("*"):
                continue
            type_name = entry[1:].split(":")[0]
            fill, count = values[name].split(":")
            if type_name in ("fp16", "bf16", "fp32") or type_name.startswith("fp8"):
                host = generate(fill, int(count), "fp32", position)
                device[name] = torch.from_numpy(host).cuda().to(torch_types[type_name])
            else:
                device[name] = torch.from_numpy(generate(fill, int(count), type_name, position)).cuda()
        m, n, k = case["M"], case["N"], case["K"]
        base = [args.runner, directory, "--grid", case["grid"], "--json", "--signature", case["signature"],
                "--names", ",".join(passed)] + [f"--arg={item}" for item in case["args"]]
        command = base + ["--print", "c_ptr", "--print-limit", str(m * n if case["check"] else 1)]
        run = subprocess.run(command, capture_output=True, text=True)
        if run.returncode != 0:
            print(f"{case['name']:44} trex-runner failed: {(run.stderr or run.stdout).strip()[:300]}")
            failures += 1
            continue
        verdict = "not checked"
        reference = None
        if case["check"]:
            ours = np.array([float(v) for v in json.loads(run.stdout)["outputs"]["c_ptr"]["values"]],
                            dtype=np.float64).reshape(m, n)
            a = device["a_ptr"].double().reshape(m, k)
            b = device["b_ptr"].double().reshape(k, n)
            reference = (a @ b).cpu().numpy()
            error = float(np.linalg.norm(ours - reference)) / max(float(np.linalg.norm(reference)), 1e-30)
            ok = error <= BOUNDS[case["dtype"]]
            failures += not ok
            verdict = f"{'ok' if ok else 'DIFFERS'} (frob {error:.1e} <= {BOUNDS[case['dtype']]:.0e})"
        bench = subprocess.run(base + ["--bench", "--rep", str(args.rep)], capture_output=True, text=True)
        trex_ms = json.loads(bench.stdout)["timing_ms"]["median"] if bench.returncode == 0 else float("nan")
        # Triton's own compile of the same kernel on the same buffers (wgmma on sm_90).
        call, constexprs = [], {}
        for param, entry in zip(fn.params, signature):
            if param.is_constexpr:
                constexprs[param.name] = int(entry)
            elif param.name in device:
                call.append(device[param.name])
            elif param.name in values:
                call.append(int(values[param.name]))
            else:
                call.append(int(entry))
        launch = lambda: fn[(int(case["grid"]),)](*call, **constexprs, num_warps=case["num_warps"],
                                                   num_stages=case["num_stages"])
        try:
            triton_ms = triton.testing.do_bench(launch, rep=int(args.rep))
        except Exception as error:  # Triton may refuse a configuration trex compiles
            print(f"  (Triton: {str(error)[:120]})")
            triton_ms = float("nan")
        # Triton's own error on the same inputs (its last timed launch left C), beside trex's.
        theirs = ""
        if reference is not None and triton_ms == triton_ms:
            result = device["c_ptr"].double().reshape(m, n).cpu().numpy()
            theirs = f"{float(np.linalg.norm(result - reference)) / max(float(np.linalg.norm(reference)), 1e-30):.1e}"
        flops = 2.0 * m * n * k
        print(f"{case['name']:44} {verdict:>28} {theirs:>12} {trex_ms:9.4f} {triton_ms:9.4f} "
              f"{flops / trex_ms / 1e9:12.1f} {triton_ms / trex_ms:11.2f}")
        sys.stdout.flush()
    sys.exit(1 if failures else 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    build_parser = commands.add_parser("build", help="compile the cases (build machine)")
    build_parser.add_argument("--trex", required=True, help="the trex executable")
    build_parser.add_argument("--out", required=True, help="OUT/<case>/ receives cubin + json")
    build_parser.add_argument("--extra-args", default="",
                              help="more `trex compile` arguments, e.g. \"--pipeline\"")
    build_parser.add_argument("--num-stages", type=int, help="num_stages of every case (default: the case's)")
    build_parser.add_argument("--mma", default="v3", choices=["v2", "v3"],
                              help="wgmma (v3, sm_90's default) or mma.sync (v2)")
    check_parser = commands.add_parser("check", help="run and compare the cases (GPU machine)")
    check_parser.add_argument("--artifacts", required=True, help="the OUT of the build step")
    check_parser.add_argument("--runner", required=True, help="the trex-runner executable")
    check_parser.add_argument("--rep", type=float, default=100)
    check_parser.add_argument("--only", help="only the cases whose name contains this")
    args = parser.parse_args()
    build(args) if args.command == "build" else check(args)


if __name__ == "__main__":
    main()
