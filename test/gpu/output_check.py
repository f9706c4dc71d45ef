"""GPU check of the outputs of coverage kernels whose lowering has no other GPU test: device-side
tensor descriptors (test/frontend/tma-descriptors.py, tensor-descriptors.py: TMA descriptors
written into global scratch, TMA copies through shared memory) and tl.map_elementwise
(map-elementwise.py: a branching scalar function, packed calls, broadcast operands). trex
compiles each kernel for sm_90, trex-runner runs it, and the outputs are compared with the same
computation done here. Where real Triton is installed (the GPU machine), its
global_scratch_size for the same specialization is printed beside trex's.

  python3 test/gpu/output_check.py build OUT [--trex build/bin/trex]     (the build machine)
  python3 test/gpu/output_check.py check OUT --runner OUT/trex-runner    (the GPU machine)
"""
import argparse
import json
import os
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")

# name, file, kernel, signature, grid, runner arguments, checker name
CASES = [
    ("copy_tile_f16", "tma-descriptors.py", "copy_tile", "*fp16:16, *fp16:16, i32, i32:16, 64, 64",
     "2,2", ["X=rand:8000", "Y=zeros:8000", "M=100", "N=80"], "plus_one_f16"),
    ("copy_tile_f32", "tma-descriptors.py", "copy_tile", "*fp32:16, *fp32:16, i32, i32:16, 32, 32",
     "3,2", ["X=rand:3360", "Y=zeros:3360", "M=70", "N=48"], "plus_one_f32"),
    ("scale_rows", "tma-descriptors.py", "scale_rows", "*fp32:16, *fp32:16, i32, fp32, 64, 16",
     "4", ["X=randn:3200", "Y=zeros:3200", "n_rows=50", "scale=2.0"], "times_two"),
    ("transpose_4d", "tensor-descriptors.py", "transpose_4d", "*i8:16, *i8:16, 4, 4, 4, 16, 3, 1, 0, 2",
     "1", ["In=arange:1024", "Out=zeros:1024"], "permute_4d"),
    ("matmul_tma", "tma-descriptors.py", "matmul_tma",
     "*fp16:16, *fp16:16, *fp16:16, i32, i32:16, i32:16, 128, 128, 64",
     "2,3", ["A=randn:49152", "B=randn:73728", "C=zeros:98304", "M=256", "N=384", "K=192"], "matmul"),
    ("block_sums", "tma-descriptors.py", "block_sums", "*i32:16, *i32:16, 16, 16",
     "4096", ["X=arange:1048576", "Out=zeros:4096"], "block_sums"),
    ("three_way", "map-elementwise.py", "three_way", "*i32:16, *i32:16, *i32:16, 256",
     "4", ["X=rand:1024", "Y=arange:1024", "Out=zeros:1024"], "compare3"),
    ("split_mod", "map-elementwise.py", "split_mod", "*u32:16, *u32:16, *u32:16, *u32:16, 256",
     "1", ["A=rand:256", "B=arange:256", "Q=zeros:256", "R=zeros:256"], "quot_rem"),
    ("scaled_rows", "map-elementwise.py", "scaled_rows", "*fp32:16, *i32:16, *fp32:16, 32, 64",
     "1", ["X=randn:2048", "S=arange:64", "Out=zeros:2048"], "scale_or_zero"),
]


def build(args):
    os.makedirs(args.out, exist_ok=True)
    failures = 0
    for name, file, kernel, signature, *_ in CASES:
        command = [args.trex, "compile", os.path.join(ROOT, "test", "frontend", file), "--kernel", kernel,
                   "--signature", signature, "--target", "cuda:90", "--emit", "ttgir,ptx,cubin,json",
                   "-o", os.path.join(args.out, name)]
        run = subprocess.run(command, capture_output=True, text=True)
        failures += run.returncode != 0
        print(f"{name:16} {'ok' if run.returncode == 0 else 'FAILED ' + run.stderr[:400]}")
    return 1 if failures else 0


def half(value):
    return struct.unpack("e", struct.pack("e", value))[0]


def single(value):
    return struct.unpack("f", struct.pack("f", value))[0]


def check_elementwise(inputs, outputs, rows, cols, op):
    x, y = inputs, outputs
    bad = [i for i in range(rows * cols) if y[i] != op(x[i])]
    return f"{len(bad)} of {rows * cols} wrong" + (f" (first at {bad[0]}: {y[bad[0]]} != {op(x[bad[0]])})"
                                                   if bad else "")


def checker(kind, values, arguments):
    named = dict(a.split("=", 1) for a in arguments)
    if kind == "plus_one_f16":
        return check_elementwise(values["X"], values["Y"], int(named["M"]), int(named["N"]), lambda v: half(v + 1))
    if kind == "plus_one_f32":
        return check_elementwise(values["X"], values["Y"], int(named["M"]), int(named["N"]), lambda v: single(v + 1))
    if kind == "times_two":
        return check_elementwise(values["X"], values["Y"], int(named["n_rows"]), 64, lambda v: v * 2)
    if kind == "permute_4d":
        source = values["In"]
        expected = [source[((s1 * 4 + s2) * 4 + s3) * 16 + s4]
                    for s4 in range(16) for s2 in range(4) for s1 in range(4) for s3 in range(4)]
        bad = sum(1 for a, b in zip(values["Out"], expected) if a != b)
        return f"{bad} of 1024 wrong"
    if kind == "block_sums":
        # Program p sums elements [256 p, 256 p + 256) of an arange: 256 * 256 p + 255 * 128.
        # Each program's descriptor has its own base, in its own scratch slot: a shared slot
        # would mix bases and sums.
        bad = [p for p, total in enumerate(values["Out"]) if total != 65536 * p + 32640]
        return f"{len(bad)} of 4096 programs wrong" + (f" (first {bad[0]})" if bad else "")
    if kind == "compare3":
        expected = [(-1 if x < y else 1 if x > y else 0) for x, y in zip(values["X"], values["Y"])]
        bad = sum(1 for a, b in zip(values["Out"], expected) if a != b)
        return f"{bad} of {len(expected)} wrong"
    if kind == "quot_rem":
        # b = 0 (element 0) divides by zero: skipped.
        pairs = [(a, b, q, r) for a, b, q, r in zip(values["A"], values["B"], values["Q"], values["R"]) if b]
        bad = sum(1 for a, b, q, r in pairs if q != int(a) // int(b) or r != int(a) % int(b))
        return f"{bad} of {len(pairs)} wrong"
    if kind == "scale_or_zero":
        scales = values["S"]
        expected = [single(x * scales[i % 64]) if scales[i % 64] > 0 else 0.0 for i, x in enumerate(values["X"])]
        bad = sum(1 for a, b in zip(values["Out"], expected) if a != b)
        return f"{bad} of {len(expected)} wrong"
    if kind == "matmul":
        import torch
        m, n, k = int(named["M"]), int(named["N"]), int(named["K"])
        a = torch.tensor(values["A"], dtype=torch.float32).reshape(m, k)
        b = torch.tensor(values["B"], dtype=torch.float32).reshape(k, n)
        c = torch.tensor(values["C"], dtype=torch.float32).reshape(m, n)
        error = (c - a @ b).abs().max().item()
        return f"max |error| {error:.4f} (fp16 output of a K={k} fp32-accumulated dot: within 0.25 expected)" + \
            ("" if error < 0.25 else " TOO LARGE")
    raise ValueError(kind)


def triton_scratch(name):
    """Real Triton's global_scratch_size for the case, when Triton is installed."""
    try:
        import importlib.util
        import triton
        from triton.backends.compiler import GPUTarget
        sys.path.insert(0, os.path.join(ROOT, "test", "bench"))
        from triton_compile_times import source_for
    except Exception:
        return None
    case = next(c for c in CASES if c[0] == name)
    spec = importlib.util.spec_from_file_location("kernels_" + name, os.path.join(ROOT, "test", "frontend", case[1]))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    compiled = triton.compile(source_for(triton, getattr(module, case[2]), None, case[3]),
                              target=GPUTarget("cuda", 90, 32))
    return compiled.metadata.global_scratch_size


def check(args):
    failures = 0
    for name, file, kernel, signature, grid, arguments, kind in CASES:
        folder = os.path.join(args.out, name)
        names = [a.split("=", 1)[0] for a in arguments]
        buffers = [a.split("=", 1)[0] for a in arguments if ":" in a]
        command = [args.runner, folder, "--grid", grid, "--signature", signature, "--names", ",".join(names),
                   "--json", "--print-limit", "1000000"]
        for argument in arguments:
            command += ["--arg", argument]
        for buffer in buffers:
            command += ["--print", buffer]
        run = subprocess.run(command, capture_output=True, text=True)
        if run.returncode != 0:
            failures += 1
            print(f"{name:16} FAILED to run: {run.stderr.strip()[:500]}")
            continue
        result = json.loads(run.stdout)
        values = {key: [float(v) for v in entry["values"]] for key, entry in result["outputs"].items()}
        verdict = checker(kind, values, arguments)
        metadata = json.load(open(next(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".json"))))
        scratch = metadata.get("global_scratch_size")
        try:
            reference = triton_scratch(name)
        except Exception as error:  # Triton's own compile failing is reported, not fatal
            reference = f"error: {error}"
        ok = verdict.startswith("0 of") or (kind == "matmul" and "TOO LARGE" not in verdict)
        failures += not ok
        print(f"{name:16} {'ok ' if ok else 'BAD'} {verdict}; global_scratch_size trex {scratch}, Triton {reference}")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["build", "check"])
    parser.add_argument("out")
    parser.add_argument("--trex", default=os.path.join(ROOT, "build", "bin", "trex"))
    parser.add_argument("--runner", default=None)
    args = parser.parse_args()
    if args.mode == "build":
        return build(args)
    args.runner = args.runner or os.path.join(args.out, "trex-runner")
    return check(args)


if __name__ == "__main__":
    sys.exit(main())
