"""Real Triton's IR before chosen passes, for one kernel specialisation (run where Triton is
installed: the GPU machine). Triton prints the IR before every MLIR pass when MLIR_ENABLE_DUMP
is set; this keeps the dumps of the passes whose names match --passes, so that a step of
Triton's pipeline can be set beside trex's --dump-passes output (e.g. what accelerate-matmul
makes of a dot: the IR before the remove-layout-conversions that follows it).

  python3 test/gpu/triton_pass_dump.py FILE.py KERNEL "SIGNATURE" [--target cuda:90]
      [--num-warps 4] [--passes REGEX] [-o OUT.txt]
"""
import argparse
import importlib.util
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))


def compile_once(args):
    import triton
    from triton.backends.compiler import GPUTarget
    from triton_compile_times import source_for
    spec = importlib.util.spec_from_file_location("kernel_module", args.file)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    backend, arch = args.target.split(":")
    target = GPUTarget(backend, int(arch) if backend == "cuda" else arch, 32 if backend == "cuda" else 64)
    triton.compile(source_for(triton, getattr(module, args.kernel), None, args.signature),
                   target=target, options={"num_warps": args.num_warps})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("kernel")
    parser.add_argument("signature")
    parser.add_argument("--target", default="cuda:90")
    parser.add_argument("--num-warps", type=int, default=4)
    parser.add_argument("--passes", default="AccelerateMatmul|RemoveLayoutConversions|OptimizeDotOperands",
                        help="keep the dumps before the passes whose names match")
    parser.add_argument("-o", "--output", help="write the dumps here instead of stdout")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        compile_once(args)
        return
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, MLIR_ENABLE_DUMP="1", TRITON_CACHE_DIR=cache)
        run = subprocess.run([sys.executable] + sys.argv + ["--child"], env=env,
                             capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"Triton failed:\n{run.stderr[-3000:]}")
    blocks = [block for block in re.split(r"(?=// -----// IR Dump)", run.stderr)
              if re.match(r"// -----// IR Dump Before \w*(" + args.passes + r")", block)]
    text = "".join(blocks)
    if args.output:
        with open(args.output, "w") as out:
            out.write(text)
        print(f"{len(blocks)} dumps -> {args.output}")
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
