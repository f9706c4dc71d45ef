"""Real Triton's compile time for the fixture specs, to set beside trex-compile-bench.

Runs on a machine with Triton installed (the GPU machine): for each spec of specs.json and
each target, triton.compile from the Python source to the binary with an empty cache
directory every time (so nothing is reused), median of --runs runs after a warm-up compile.
The binary step (ptxas for NVIDIA, the hsaco link for AMD) is timed apart by wrapping the
backend's make_cubin / make_hsaco, so the time to the assembly (PTX / AMDGCN) shows too.
Prints a table, or JSON with --json.
"""
import argparse
import importlib.util
import json
import os
import re
import statistics
import sys
import tempfile
import time


def load_kernel(path, name):
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)


def split_entries(signature_text):
    """The signature's entries: split at commas outside (), [] and <>."""
    entries, depth, start = [], 0, 0
    for i, c in enumerate(signature_text):
        depth += c in "([<"
        depth -= c in ")]>"
        if c == "," and depth == 0:
            entries.append(signature_text[start:i].strip())
            start = i + 1
    entries.append(signature_text[start:].strip())
    return entries


def source_for(triton, fn, params, signature_text):
    """An ASTSource from the AOT signature string: types, ':16' divisibility, literals."""
    import inspect
    names = list(inspect.signature(fn.fn if hasattr(fn, "fn") else fn).parameters)
    signature, constexprs, attrs = {}, {}, {}
    for index, (name, entry) in enumerate(zip(names, split_entries(signature_text))):
        match = re.fullmatch(r"(\*?\w+)(?::(\d+))?", entry)
        if entry.startswith("tensordesc<"):
            # A host TensorDescriptor: Triton's signature takes trex's form as it is.
            signature[name] = entry
        elif match and not re.fullmatch(r"-?\d+", entry) and entry not in ("True", "False"):
            signature[name] = match.group(1)
            if match.group(2):
                attrs[(index,)] = [["tt.divisibility", int(match.group(2))]]
        elif re.fullmatch(r"-?\d+", entry) or entry in ("True", "False"):
            signature[name] = "constexpr"
            constexprs[(index,)] = int(entry) if re.fullmatch(r"-?\d+", entry) else entry == "True"
        else:
            # A constant of the kernel's module (tl.float16, a helper's name, (16, 32)), as
            # trex's signatures take them.
            signature[name] = "constexpr"
            scope = getattr(fn, "fn", fn).__globals__
            constexprs[(index,)] = eval(entry, dict(scope))
    return triton.compiler.ASTSource(fn, signature=signature, constexprs=constexprs, attrs=attrs)


BINARY_STEP_MS = []


def time_binary_steps():
    """Wraps the backends' binary steps so each call's time lands in BINARY_STEP_MS."""
    import inspect
    for module_name, class_name, method in (("triton.backends.nvidia.compiler", "CUDABackend", "make_cubin"),
                                            ("triton.backends.amd.compiler", "HIPBackend", "make_hsaco")):
        try:
            module = importlib.import_module(module_name)
            owner = getattr(module, class_name)
        except Exception:
            continue
        original = inspect.getattr_static(owner, method, None)
        if original is None:
            continue
        is_static = isinstance(original, staticmethod)
        function = original.__func__ if is_static else original

        def timed(*args, _function=function, **kwargs):
            start = time.perf_counter()
            try:
                return _function(*args, **kwargs)
            finally:
                BINARY_STEP_MS.append((time.perf_counter() - start) * 1000)
        setattr(owner, method, staticmethod(timed) if is_static else timed)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("fixtures", help="the triton-3.6 fixture directory (specs.json, kernels/)")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--target", help="measure this target only (cuda:90, cuda:80, hip:gfx942)")
    args = parser.parse_args()
    import triton
    from triton.backends.compiler import GPUTarget
    time_binary_steps()
    targets = {"cuda:90": GPUTarget("cuda", 90, 32), "cuda:80": GPUTarget("cuda", 80, 32),
               "hip:gfx942": GPUTarget("hip", "gfx942", 64)}
    if args.target:
        targets = {args.target: targets[args.target]}
    rows = []
    for spec in json.load(open(os.path.join(args.fixtures, "specs.json"))):
        fn = load_kernel(os.path.join(args.fixtures, "kernels", spec["file"]), spec["kernel"])
        for target_name, target in targets.items():
            times, binary, error = [], [], None
            for run in range(args.runs + 1):
                with tempfile.TemporaryDirectory() as cache:
                    os.environ["TRITON_CACHE_DIR"] = cache
                    try:
                        source = source_for(triton, fn, spec.get("params"), spec["signature"])
                        BINARY_STEP_MS.clear()
                        start = time.perf_counter()
                        triton.compile(source, target=target,
                                       options={"num_warps": spec["num_warps"], "num_stages": spec["num_stages"]})
                        elapsed = (time.perf_counter() - start) * 1000
                    except Exception as exception:  # a target this Triton build cannot compile for
                        error = str(exception).splitlines()[0] if str(exception) else type(exception).__name__
                        break
                if run > 0:
                    times.append(elapsed)
                    binary.append(sum(BINARY_STEP_MS))
            row = {"spec": spec["name"], "target": target_name}
            if error:
                row["error"] = error[:160]
            else:
                row["median_ms"] = statistics.median(times)
                row["min_ms"] = min(times)
                # The run whose total is the median, split at the binary step.
                middle = sorted(range(len(times)), key=times.__getitem__)[len(times) // 2]
                row["binary_ms"] = binary[middle]
                row["assembly_ms"] = times[middle] - binary[middle]
            rows.append(row)
            if not args.json:
                if error:
                    print(f"{spec['name']:30} {target_name:11} fails: {row['error']}")
                else:
                    print(f"{spec['name']:30} {target_name:11} {row['median_ms']:10.1f} ms (min {row['min_ms']:.1f}; "
                          f"to the assembly {row['assembly_ms']:.1f}, binary step {row['binary_ms']:.1f})")
            sys.stdout.flush()
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
