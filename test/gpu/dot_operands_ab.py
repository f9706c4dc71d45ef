"""The dots of test/gpu/dot_operands.json (scaled dots, operands computed in the kernel):
trex's cubins against real Triton's compile of the same kernels, in one process, through one
launch path.

  on the build machine:  test/gpu/build_artifacts.sh OUT      (OUT/dot_operands/<name>)
  on the GPU machine:    python3 test/gpu/dot_operands_ab.py OUT [--iterations 400] [--save-triton DIR]

For each spec, real Triton compiles the kernel (launched once on the spec's inputs, generated
with torch), trex's cubin runs on the same tensors, and the outputs are compared (relative
Frobenius error within gpu_check.py's bound: the two differ only in the order of f32 sums).
Then both cubins are loaded through the CUDA driver (profile_check.DriverKernel) and launched
alternately, each launch alone after an L2 flush (profile_check.paired_times): the grid-1
kernels here run for a few microseconds, where launchers of different cost (trex-runner against
Triton's Python launch) would decide the ratio rather than the code. Specs with trex_options
(another lowering of trex, e.g. --mma fma) are compared with Triton's default compile. Prints one
line per spec, trex/Triton > 1 when trex's kernel is faster; exit 1 when an output differs.
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from gpu_check import load_kernel, tolerance  # noqa: E402
from kernels_ab import passed_names  # noqa: E402
from profile_check import DriverKernel, paired_times, user_arguments  # noqa: E402


def frobenius(ours, theirs):
    ours, theirs = ours.double(), theirs.double()
    norm = float(theirs.norm())
    error = float((ours - theirs).norm())
    return error / norm if norm else error


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", help="build_artifacts.sh's output folder")
    parser.add_argument("--specs", default=os.path.join(HERE, "dot_operands.json"))
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("--save-triton", metavar="DIR",
                        help="write Triton's stages of each spec to DIR/<name>/<kernel>.<stage> (to compare code)")
    args = parser.parse_args()
    import torch
    failures = 0
    print(f"{'spec':28} {'check':>22} {'trex us':>8} {'triton us':>9} {'trex/triton':>11}")
    for spec in json.load(open(args.specs)):
        path = os.path.normpath(os.path.join(ROOT, "samples", spec["file"]))
        directory = os.path.join(args.out, "dot_operands", spec["name"])
        if not os.path.isdir(directory):
            print(f"{spec['name']:28} not compiled (no artifacts)")
            continue
        names = passed_names(path, spec["kernel"], spec["signature"])
        spec = dict(spec, names=",".join(names))
        values, tensors = user_arguments(spec)
        pointers = [n for n, (kind, _) in zip(names, values) if kind == "ptr"]
        outputs = [i for i, n in enumerate(pointers) if dict(a.split("=", 1) for a in spec["args"])[n].startswith("zeros")]
        # Triton's compile and result; the scalars go as ints (the literals of the signature
        # are specialisations Triton makes by itself).
        fn = load_kernel(path, spec["kernel"])
        call = []
        tensor_of = dict(zip(pointers, tensors))
        for name, (kind, value) in zip(names, values):
            call.append(tensor_of[name] if kind == "ptr" else value)
        grid = tuple(int(x) for x in spec["grid"].split(","))
        compiled = fn[grid](*call, num_warps=spec["num_warps"], num_stages=spec["num_stages"])
        torch.cuda.synchronize()
        theirs = [tensors[i].clone() for i in outputs]
        if args.save_triton:
            os.makedirs(os.path.join(args.save_triton, spec["name"]), exist_ok=True)
            for stage in ("ttir", "ttgir", "llir", "ptx"):
                with open(os.path.join(args.save_triton, spec["name"], f"{spec['kernel']}.{stage}"), "w") as f:
                    f.write(compiled.asm[stage])
        meta = json.load(open(os.path.join(directory, spec["kernel"] + ".json")))
        read = lambda suffix, mode="r": open(os.path.join(directory, spec["kernel"] + suffix), mode).read()
        kernels = {
            "trex": (DriverKernel(read(".cubin", "rb"), meta["name"], meta["num_warps"], meta["shared"], read(".ptx")),
                     meta.get("profile_scratch_size", 0)),
            "triton": (DriverKernel(compiled.asm["cubin"], compiled.metadata.name, compiled.metadata.num_warps,
                                    compiled.metadata.shared, compiled.asm["ptx"]),
                       compiled.metadata.profile_scratch_size),
        }
        for i in outputs:
            tensors[i].zero_()
        stream = torch.cuda.current_stream().cuda_stream
        kernels["trex"][0].launch(grid[0], values + [("ptr", 0), ("ptr", 0)], stream)
        torch.cuda.synchronize()
        error = max(frobenius(tensors[i], t) for i, t in zip(outputs, theirs))
        ok = error <= tolerance(entry.split(":")[0].strip() for entry in spec["signature"].split(","))
        failures += not ok
        times = paired_times(kernels, spec, args.iterations, (values, tensors))
        label = spec["name"] + (" (" + " ".join(spec["trex_options"]) + ")" if spec.get("trex_options") else "")
        print(f"{label[:28]:28} {('ok' if ok else 'DIFFERS') + f' (frob {error:.0e})':>22} "
              f"{times['trex'] * 1000:8.2f} {times['triton'] * 1000:9.2f} {times['triton'] / times['trex']:11.2f}",
              flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
