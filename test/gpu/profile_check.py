"""GPU check of intra-kernel profiling scopes (trex compile/run --profile-scopes).

Two steps, as the other GPU checks:

  on the build machine (trex, no GPU):
    python3 test/gpu/profile_check.py build OUT [--trex build/bin/trex] [--target cuda:90]
  compiles an instrumented softmax (test/frontend/profile-scopes.py, 2 scopes) and matmul
  (test/gpu/kernels/profiled_matmul.py, 2 scopes), each also without --profile-scopes, into
  OUT/<kernel>/{scoped,plain}, and copies trex-runner to OUT.

  on the GPU machine (Triton 3.6, PyTorch, no LLVM 22):
    python3 test/gpu/profile_check.py check OUT [--runner OUT/trex-runner] [--no-triton]
  runs both builds of each kernel through trex-runner on the same generated inputs and checks
  that the outputs are equal, that every scope decodes (count = programs x warps, cycles above
  0 and below 10^8), prints the per-scope cycles and the overhead (benchmarked medians, scoped
  over plain; the lead's bar is <= 5%), writes OUT/<kernel>/trace.json (Perfetto) for program
  0, and, with Triton importable, compiles the same kernel with real Triton under proton's
  instrumentation backend and compares profile_scratch_size, its alignment, shared and the
  number of proton.record ops in the ttgir with trex's.

The overhead is measured in one process (`paired_times`): both cubins are loaded through the CUDA
driver and launched alternately, each launch timed alone after the L2 cache is flushed (as
triton.testing.do_bench does), so that the run-to-run modes of a 13 us kernel (which move a
process's medians by several percent) fall on both builds alike; the medians of --iterations
pairs are compared. With Triton importable the same is done for Triton's own compile of the
kernel with and without proton's instrumentation (its cubins launched the same way), so the two
overheads stand side by side. The per-process trex-runner rounds are printed too (--rounds).
Exit status 0 when every check passes.
"""
import argparse
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SOFTMAX = {
    "name": "softmax",
    "file": "test/frontend/profile-scopes.py",
    "kernel": "softmax_kernel",
    # n_cols = 1000 is no multiple of 16: "i32", as Triton specializes it.
    "signature": "*fp32:16, *fp32:16, i32:16, i32:16, i32, 1024",
    "num_warps": 4,
    "num_stages": 3,
    "grid": "4096",
    "names": "out_ptr,in_ptr,in_row_stride,out_row_stride,n_cols",
    "args": ["out_ptr=zeros:4194304", "in_ptr=randn:4194304", "in_row_stride=1024",
             "out_row_stride=1024", "n_cols=1000"],
    "output": "out_ptr",
    "scopes": ["load_max", "normalize"],
}

KERNELS = [
    SOFTMAX,
    # The same softmax on whole rows (n_cols = 1024, a multiple of 16).
    dict(SOFTMAX, name="softmax1024", signature="*fp32:16, *fp32:16, i32:16, i32:16, i32:16, 1024",
         args=SOFTMAX["args"][:-1] + ["n_cols=1024"]),
    {
        "name": "matmul",
        "file": "test/gpu/kernels/profiled_matmul.py",
        "kernel": "profiled_matmul_kernel",
        "signature": "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 128, 128, 64",
        "num_warps": 8,
        "num_stages": 3,
        "grid": "256",  # 2048 x 2048 in 128 x 128 tiles
        "names": "a_ptr,b_ptr,c_ptr,M,N,K,stride_am,stride_bk,stride_cm",
        "args": ["a_ptr=randn:4194304", "b_ptr=randn:4194304", "c_ptr=zeros:4194304", "M=2048",
                 "N=2048", "K=2048", "stride_am=2048", "stride_bk=2048", "stride_cm=2048"],
        "output": "c_ptr",
        "scopes": ["mainloop", "epilogue"],
    },
]


def build(args):
    os.makedirs(args.out, exist_ok=True)
    runner = os.path.join(os.path.dirname(args.trex), "trex-runner")
    shutil.copy(runner, os.path.join(args.out, "trex-runner"))
    failures = 0
    for spec in KERNELS:
        for variant in ("scoped", "plain"):
            command = [args.trex, "compile", os.path.join(ROOT, spec["file"]), "--kernel", spec["kernel"],
                       "--signature", spec["signature"], "--num-warps", str(spec["num_warps"]),
                       "--num-stages", str(spec["num_stages"]), "--target", args.target,
                       "--emit", "ttgir,ptx,cubin,json", "-o", os.path.join(args.out, spec["name"], variant)]
            if variant == "scoped":
                command.append("--profile-scopes")
            run = subprocess.run(command, capture_output=True, text=True)
            failures += run.returncode != 0
            print(f"{spec['name']:8} {variant:7} {'ok' if run.returncode == 0 else 'FAILED ' + run.stderr[:400]}")
    return 1 if failures else 0


def run_runner(runner, directory, spec, extra):
    command = [runner, directory, "--grid", spec["grid"], "--signature", spec["signature"],
               "--names", spec["names"], "--json"] + [f"--arg={a}" for a in spec["args"]] + extra
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"trex-runner failed on {directory}: {run.stdout[-400:]} {run.stderr[-400:]}")
    return json.loads(run.stdout)


class DriverKernel:
    """A cubin loaded through the CUDA driver (ctypes) and launched with raw arguments: trex's and
    Triton's builds go through the same launch path, so their times compare."""

    def __init__(self, cubin, name, num_warps, shared, ptx):
        import ctypes
        self.ctypes = ctypes
        self.cuda = ctypes.CDLL("libcuda.so.1")
        self.cuda.cuLaunchKernel.argtypes = [ctypes.c_void_p] + [ctypes.c_uint] * 7 + [
            ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
        self.module, self.function = ctypes.c_void_p(), ctypes.c_void_p()
        self.image = ctypes.create_string_buffer(cubin, len(cubin))
        self.check(self.cuda.cuModuleLoadData(ctypes.byref(self.module), self.image), "cuModuleLoadData")
        self.check(self.cuda.cuModuleGetFunction(ctypes.byref(self.function), self.module, name.encode()),
                   "cuModuleGetFunction " + name)
        if shared > 49152:  # CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
            self.check(self.cuda.cuFuncSetAttribute(self.function, 8, shared), "cuFuncSetAttribute")
        self.threads, self.shared = 32 * num_warps, shared
        entry = ptx[ptx.index(".entry"):]
        self.parameters = entry[:entry.index(")")].count(".param")

    @staticmethod
    def check(result, what):
        if result != 0:
            raise RuntimeError(f"{what}: CUresult {result}")

    def launch(self, grid, values, stream):
        """values: (kind, value) with kind 'ptr', 'i32' or 'fp32'."""
        c = self.ctypes
        holders = [c.c_uint64(v) if k == "ptr" else c.c_int32(v) if k == "i32" else c.c_float(v) for k, v in values]
        if len(holders) != self.parameters:
            raise RuntimeError(f"{len(holders)} arguments for a kernel of {self.parameters} parameters")
        params = (c.c_void_p * len(holders))(*[c.cast(c.pointer(h), c.c_void_p) for h in holders])
        self.check(self.cuda.cuLaunchKernel(self.function, grid, 1, 1, self.threads, 1, 1, self.shared, stream,
                                            params, None), "cuLaunchKernel")


def user_arguments(spec):
    """The kernel's arguments from the spec (trex-runner's --arg forms), as torch tensors and scalars."""
    import torch
    kinds = [t.strip() for t in spec["signature"].split(",")]
    kinds = [t for t in kinds if not t.lstrip("-").isdigit()]  # constexprs are no parameters
    given = dict(a.split("=", 1) for a in spec["args"])
    torch.manual_seed(0)
    values, tensors = [], []
    for name, kind in zip(spec["names"].split(","), kinds):
        text = given[name]
        if kind.startswith("*"):
            dtype = {"fp32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16, "u8": torch.uint8,
                     "i32": torch.int32}[kind[1:].split(":")[0]]
            fill, count = text.split(":")
            if fill == "rand" and not dtype.is_floating_point:  # every value of the type
                tensor = torch.randint(0, 256 if dtype == torch.uint8 else 1 << 16, (int(count), ), device="cuda")
            else:
                tensor = {"randn": torch.randn, "rand": torch.rand, "zeros": torch.zeros, "ones": torch.ones}[fill](
                    int(count), device="cuda")
            tensor = tensor.to(dtype)
            tensors.append(tensor)
            values.append(("ptr", tensor.data_ptr()))
        elif kind.startswith("i"):
            values.append(("i32", int(text)))
        else:
            values.append(("fp32", float(text)))
    return values, tensors


def paired_times(kernels, spec, iterations, arguments=None):
    """Median time (ms) of each of the kernels {label: (DriverKernel, profile bytes per program)},
    launched in turn on the same arguments (`arguments`, else user_arguments(spec)), each launch
    alone after an L2 flush; the order rotates every iteration."""
    import torch
    programs = int(spec["grid"].split(",")[0])
    values, tensors = arguments or user_arguments(spec)
    tensors = list(tensors)
    scratch = {}
    for label, (kernel, profile_bytes) in kernels.items():
        buffer = torch.empty(max(profile_bytes * programs, 1), dtype=torch.uint8, device="cuda")
        tensors.append(buffer)
        scratch[label] = [("ptr", 0), ("ptr", buffer.data_ptr() if profile_bytes else 0)]
    flush = torch.empty(256 * 1024 * 1024, dtype=torch.int8, device="cuda")
    stream = torch.cuda.current_stream().cuda_stream
    labels = list(kernels)
    events = {label: [] for label in labels}
    for label in labels:  # warm up
        kernels[label][0].launch(programs, values + scratch[label], stream)
    torch.cuda.synchronize()
    for i in range(iterations):
        for label in labels[i % len(labels):] + labels[:i % len(labels)]:
            flush.zero_()
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            kernels[label][0].launch(programs, values + scratch[label], stream)
            end.record()
            events[label].append((start, end))
    torch.cuda.synchronize()
    return {label: statistics.median(s.elapsed_time(e) for s, e in pairs) for label, pairs in events.items()}


def triton_cubins(spec):
    """Real Triton's compile of the kernel without and with proton's instrumentation backend:
    {"plain": compiled, "scoped": compiled}."""
    import torch
    import triton.profiler as proton
    import triton.profiler.language as pl
    pl.enable_semantic("triton")
    module_spec = importlib.util.spec_from_file_location(spec["name"], os.path.join(ROOT, spec["file"]))
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    kernel = getattr(module, spec["kernel"])
    if spec["name"].startswith("softmax"):
        x = torch.randn(4096, 1024, device="cuda")
        out = torch.empty_like(x)
        n_cols = int(dict(a.split("=", 1) for a in spec["args"])["n_cols"])
        launch = lambda: kernel[(4096, )](out, x, 1024, 1024, n_cols, BLOCK_SIZE=1024, num_warps=4)
    else:
        a = torch.randn(2048, 2048, device="cuda", dtype=torch.float16)
        b = torch.randn(2048, 2048, device="cuda", dtype=torch.float16)
        c = torch.empty(2048, 2048, device="cuda", dtype=torch.float16)
        launch = lambda: kernel[(256, )](a, b, c, 2048, 2048, 2048, 2048, 2048, 2048, BLOCK_M=128, BLOCK_N=128,
                                         BLOCK_K=64, num_warps=8, num_stages=3)
    plain = launch()
    torch.cuda.synchronize()
    proton.start(f"profile_overhead_{spec['name']}", backend="instrumentation")
    scoped = launch()
    torch.cuda.synchronize()
    proton.finalize()
    return {"plain": plain, "scoped": scoped}


def triton_metadata(compiled):
    return {"profile_scratch_size": compiled.metadata.profile_scratch_size,
            "profile_scratch_align": compiled.metadata.profile_scratch_align,
            "shared": compiled.metadata.shared,
            "records": compiled.asm["ttgir"].count("proton.record")}


def check(args):
    runner = args.runner or os.path.join(args.out, "trex-runner")
    failures = []
    for spec in KERNELS:
        directory = os.path.join(args.out, spec["name"])
        scoped_dir, plain_dir = os.path.join(directory, "scoped"), os.path.join(directory, "plain")
        limit = ["--print", spec["output"], "--print-limit", "1000000"]
        trace = os.path.join(directory, "trace.json")
        scoped = run_runner(runner, scoped_dir, spec, limit + ["--profile-scopes", "--trace", trace])
        plain = run_runner(runner, plain_dir, spec, limit)
        same = scoped["outputs"][spec["output"]]["values"] == plain["outputs"][spec["output"]]["values"]
        if not same:
            failures.append(f"{spec['name']}: outputs differ with scopes")
        meta = json.load(open(os.path.join(scoped_dir, spec["kernel"] + ".json")))
        programs = int(spec["grid"].split(",")[0])
        profile = scoped["profile"]
        print(f"{spec['name']}: outputs {'equal' if same else 'DIFFER'}; profile scratch "
              f"{meta['profile_scratch_size']} B/program (align {meta['profile_scratch_align']}), shared {meta['shared']} B, "
              f"{profile['records_dropped']} records dropped")
        for scope in profile["scopes"]:
            print(f"  {scope['name']:10} count {scope['count']:7}  cycles min {scope['min_cycles']:8} median "
                  f"{scope['median_cycles']:8} max {scope['max_cycles']:8}  share {100 * scope['share']:5.1f}%")
            expected = programs * spec["num_warps"]
            if scope["count"] != expected:
                failures.append(f"{spec['name']}: scope {scope['name']} decoded {scope['count']} times, expected {expected}")
            if not 0 < scope["median_cycles"] < 10**8:
                failures.append(f"{spec['name']}: scope {scope['name']} median {scope['median_cycles']} cycles")
        if [s["name"] for s in profile["scopes"]] != spec["scopes"]:
            failures.append(f"{spec['name']}: scopes {[s['name'] for s in profile['scopes']]}")
        triton = None
        if not args.no_triton:
            try:
                triton = triton_cubins(spec)
            except Exception as error:  # Triton or torch missing, or proton refused the kernel
                print(f"  triton: not compared ({type(error).__name__}: {error})")
        if triton:
            theirs = triton_metadata(triton["scoped"])
            ours = {"profile_scratch_size": meta["profile_scratch_size"],
                    "profile_scratch_align": meta["profile_scratch_align"], "shared": meta["shared"],
                    "records": open(os.path.join(scoped_dir, spec["kernel"] + ".ttgir")).read().count("proton.record")}
            print(f"  triton: {theirs}\n  trex:   {ours}")
            for key in ours:
                if ours[key] != theirs[key]:
                    failures.append(f"{spec['name']}: {key} trex {ours[key]} != triton {theirs[key]}")
        # The overhead: both builds in this process, alternating launch by launch.
        def trex_kernel(variant):
            directory = os.path.join(args.out, spec["name"], variant)
            meta = json.load(open(os.path.join(directory, spec["kernel"] + ".json")))
            read = lambda suffix, mode="r": open(os.path.join(directory, spec["kernel"] + suffix), mode).read()
            return (DriverKernel(read(".cubin", "rb"), meta["name"], meta["num_warps"], meta["shared"], read(".ptx")),
                    meta["profile_scratch_size"])
        kernels = {"trex plain": trex_kernel("plain"), "trex scoped": trex_kernel("scoped")}
        if triton:
            for variant, compiled in triton.items():
                kernels["triton " + variant] = (
                    DriverKernel(compiled.asm["cubin"], compiled.metadata.name, compiled.metadata.num_warps,
                                 compiled.metadata.shared, compiled.asm["ptx"]),
                    compiled.metadata.profile_scratch_size)
        times = paired_times(kernels, spec, args.iterations)
        overhead = times["trex scoped"] / times["trex plain"] - 1
        line = (f"  time ({args.iterations} alternating launches each, L2 flushed, median): trex plain "
                f"{times['trex plain'] * 1000:.2f} us, scoped {times['trex scoped'] * 1000:.2f} us, overhead "
                f"{100 * overhead:+.1f}%")
        if triton:
            line += (f"; Triton plain {times['triton plain'] * 1000:.2f} us, instrumented "
                     f"{times['triton scoped'] * 1000:.2f} us, overhead "
                     f"{100 * (times['triton scoped'] / times['triton plain'] - 1):+.1f}%")
        print(line)
        if overhead > 0.05:
            failures.append(f"{spec['name']}: overhead {100 * overhead:.1f}% > 5%")
        if args.rounds:
            # trex-runner, one process per run (each process's timing mode differs).
            scoped_times, plain_times = [], []
            for _ in range(args.rounds):
                scoped_times.append(run_runner(runner, scoped_dir, spec, ["--bench"])["timing_ms"]["median"])
                plain_times.append(run_runner(runner, plain_dir, spec, ["--bench"])["timing_ms"]["median"])
            print("  trex-runner rounds: plain " + " ".join(f"{t:.4f}" for t in plain_times) + "; scoped " +
                  " ".join(f"{t:.4f}" for t in scoped_times) + f"; medians' overhead "
                  f"{100 * (statistics.median(scoped_times) / statistics.median(plain_times) - 1):+.1f}%")
    for failure in failures:
        print("FAIL:", failure)
    print("profile check:", "ok" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="step", required=True)
    b = sub.add_parser("build")
    b.add_argument("out")
    b.add_argument("--trex", default=os.environ.get("TREX", os.path.join(ROOT, "build/bin/trex")))
    b.add_argument("--target", default="cuda:90")
    c = sub.add_parser("check")
    c.add_argument("out")
    c.add_argument("--runner")
    c.add_argument("--no-triton", action="store_true")
    c.add_argument("--iterations", type=int, default=400, help="alternating launches of each build")
    c.add_argument("--rounds", type=int, default=0, help="also time each build in this many trex-runner processes")
    args = parser.parse_args()
    return build(args) if args.step == "build" else check(args)


if __name__ == "__main__":
    sys.exit(main())
