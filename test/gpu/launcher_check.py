"""GPU check of the AOT launcher (`trex compile --emit launcher`) on kernels that need global
scratch (device-side tensor descriptors, sm_90, test/frontend/tma-descriptors.py), which
Triton's own AOT compiler refuses: the launchers' C and test/gpu/launcher_main.c are compiled
with cc against the CUDA driver (-lcuda), run on the GPU, and the outputs compared with torch.

  python3 test/gpu/launcher_check.py build OUT     (where trex runs: $TREX, else build/bin/trex,
                                                    or --trex PATH)
  python3 test/gpu/launcher_check.py check OUT     (on the GPU machine: cc, torch, the driver)
  python3 test/gpu/launcher_check.py all OUT       (both, where trex and the GPU are together)

`check` finds cuda.h in --cuda-include, $CUDA_HOME/include, $CUDA_PATH/include,
/usr/local/cuda/include or the copy Triton ships (triton/backends/nvidia/include), and the
driver library in --libcuda, $TREX_LIBCUDA, Triton's libcuda_dirs(), `ldconfig -p` or the usual
folders; the C compiler is --cc, $CC or cc.
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
KERNELS = os.path.join(ROOT, "test", "frontend", "tma-descriptors.py")
HOST_KERNELS = os.path.join(ROOT, "test", "frontend", "host-descriptors.py")

# launcher name, kernel, signature, extra trex flags[, kernel file (default KERNELS)]
CASES = [
    ("copy_tile_f16", "copy_tile", "*fp16:16, *fp16:16, i32, i32:16, 64, 64", []),
    ("scale_rows", "scale_rows", "*fp32:16, *fp32:16, i32, fp32, 64, 16", []),
    ("block_sums", "block_sums", "*i32:16, *i32:16, 16, 16", []),
    # The configuration test/gpu/output_check.py runs through trex-runner (32 KiB of shared
    # memory), and a wider tile that needs 64 KiB (the opt-in above 48 KiB).
    ("matmul_tma", "matmul_tma", "*fp16:16, *fp16:16, *fp16:16, i32, i32:16, i32:16, 128, 128, 64", []),
    ("matmul_tma_wide", "matmul_tma", "*fp16:16, *fp16:16, *fp16:16, i32, i32:16, i32:16, 128, 256, 64",
     ["--num-warps", "8"]),
    # Host-side descriptors (test/frontend/host-descriptors.py): the launcher encodes each
    # CUtensorMap from the tensor the caller describes.
    ("host_matmul", "matmul_tma", "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 128]>, "
     "tensordesc<fp16[128, 128]>, i32:16, i32:16, i32:16, 128, 128, 64", [], HOST_KERNELS),
]


def build(args):
    trex = args.trex or os.environ.get("TREX") or os.path.join(ROOT, "build", "bin", "trex")
    launchers = os.path.join(args.out, "launchers")
    os.makedirs(launchers, exist_ok=True)
    failures = 0
    for name, kernel, signature, flags, *source in CASES:
        command = [trex, "compile", source[0] if source else KERNELS, "--kernel", kernel, "--signature", signature, "--target",
                   "cuda:90", "--emit", "launcher", "--launcher-name", name, "-o", launchers] + flags
        run = subprocess.run(command, capture_output=True, text=True)
        failures += run.returncode != 0
        print(f"build {name:16} {'ok' if run.returncode == 0 else 'FAILED: ' + run.stderr.strip()[:600]}")
    shutil.copy(os.path.join(HERE, "launcher_main.c"), args.out)
    return 1 if failures else 0


def triton_folder():
    try:
        import triton
        return os.path.dirname(triton.__file__)
    except Exception:
        return None


def find_cuda_include(args):
    candidates = [args.cuda_include] + [os.path.join(os.environ[v], "include") for v in ("CUDA_HOME", "CUDA_PATH")
                                        if os.environ.get(v)]
    candidates.append("/usr/local/cuda/include")
    triton = triton_folder()
    if triton:
        candidates.append(os.path.join(triton, "backends", "nvidia", "include"))
    for folder in candidates:
        if folder and os.path.exists(os.path.join(folder, "cuda.h")):
            return folder
    sys.exit("launcher_check: cuda.h not found; pass --cuda-include DIR (tried: " +
             ", ".join(c for c in candidates if c) + ")")


def find_libcuda(args):
    named = args.libcuda or os.environ.get("TREX_LIBCUDA")
    if named:
        if not os.path.exists(named):
            sys.exit(f"launcher_check: the driver library {named} does not exist")
        return named
    folders = []
    try:
        from triton.backends.nvidia.driver import libcuda_dirs
        folders += list(libcuda_dirs())
    except Exception:
        pass
    try:
        listing = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout
        folders += [line.split("=>")[-1].strip().rsplit("/", 1)[0] for line in listing.splitlines()
                    if "libcuda.so" in line]
    except OSError:
        pass
    folders += ["/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/usr/lib/wsl/lib", "/usr/local/cuda/lib64/stubs"]
    for folder in folders:
        for name in ("libcuda.so", "libcuda.so.1"):
            path = os.path.join(folder, name)
            if os.path.exists(path):
                return path
    sys.exit("launcher_check: libcuda.so not found; pass --libcuda PATH")


def write(tensor, path):
    """The tensor's bytes, little-endian as in memory (numpy where torch has it)."""
    import torch
    tensor = tensor.contiguous().cpu()
    try:
        data = tensor.numpy().tobytes()
    except Exception:
        data = bytes(tensor.view(torch.uint8).flatten().tolist())
    with open(path, "wb") as file:
        file.write(data)


def read(path, dtype, shape):
    import torch
    with open(path, "rb") as file:
        return torch.frombuffer(bytearray(file.read()), dtype=dtype).clone().reshape(shape)


def check(args):
    import torch
    launchers = os.path.join(args.out, "launchers")
    sources = sorted(glob.glob(os.path.join(launchers, "*.c")))
    if len(sources) != len(CASES):
        sys.exit(f"launcher_check: {launchers} has {len(sources)} launchers, not {len(CASES)}: run `build` first")
    main = os.path.join(args.out, "launcher_main.c")
    if not os.path.exists(main):
        main = os.path.join(HERE, "launcher_main.c")
    cc = args.cc or os.environ.get("CC") or "cc"
    program = os.path.join(args.out, "launcher_check")
    # Warnings are reported as a failed check after the outputs (another cc version may warn
    # where the build machine's does not), not left to stop the run.
    command = [cc, "-std=c99", "-O2", "-Wall", "-Wextra", "-pedantic", "-isystem", find_cuda_include(args),
               "-I", launchers] + sources + [main, "-o", program, find_libcuda(args)]
    print("compile:", " ".join(command))
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"launcher_check: cc failed:\n{run.stdout}{run.stderr}")
    warnings = (run.stdout + run.stderr).strip()
    if warnings:
        print(warnings)

    data = os.path.join(args.out, "data")
    os.makedirs(data, exist_ok=True)
    generator = torch.Generator().manual_seed(20251129)
    x_tile = torch.rand(100, 80, generator=generator).to(torch.float16)
    x_rows = torch.randn(50, 64, generator=generator)
    x_sums = torch.arange(4096 * 256, dtype=torch.int32)
    a = torch.randn(256, 192, generator=generator).to(torch.float16)
    b = torch.randn(192, 512, generator=generator).to(torch.float16)
    write(x_tile, os.path.join(data, "copy_tile.X.bin"))
    write(x_rows, os.path.join(data, "scale_rows.X.bin"))
    write(x_sums, os.path.join(data, "block_sums.X.bin"))
    write(a, os.path.join(data, "matmul.A.bin"))
    write(b, os.path.join(data, "matmul.B.bin"))

    run = subprocess.run([program, data], capture_output=True, text=True, timeout=300)
    print(run.stdout, end="")
    if run.returncode != 0:
        sys.exit(f"launcher_check: the program failed ({run.returncode}):\n{run.stderr}")

    results = [
        ("copy_tile: a misaligned pointer refused", "a misaligned X refused: yes" in run.stdout,
         "the program's report above"),
        ("copy_tile: the caller's allocator used", "allocator gave 1 buffer(s) (largest 1024 bytes), got 1 back"
         in run.stdout, "one 1024-byte buffer (256 bytes x 2 x 2 programs) handed out and back"),
    ]
    expected_tile = x_tile + 1
    for output in ("copy_tile.Y.bin", "copy_tile.Y2.bin"):
        y = read(os.path.join(data, output), torch.float16, (100, 80))
        wrong = int((y != expected_tile).sum())
        results.append((f"copy_tile ({'default allocator' if output.endswith('Y.bin') else 'caller allocator'})",
                        wrong == 0, f"{wrong} of 8000 elements differ from X + 1"))
    y = read(os.path.join(data, "scale_rows.Y.bin"), torch.float32, (50, 64))
    wrong = int((y != x_rows * 2.5).sum())
    results.append(("scale_rows", wrong == 0, f"{wrong} of 3200 elements differ from X * 2.5"))
    sums = read(os.path.join(data, "block_sums.Out.bin"), torch.int32, (4096,))
    expected_sums = x_sums.to(torch.int64).reshape(4096, 256).sum(dim=1)
    wrong = int((sums.to(torch.int64) != expected_sums).sum())
    results.append(("block_sums", wrong == 0, f"{wrong} of 4096 program sums wrong"))
    reference = a.float() @ b.float()
    for name, output in (("matmul_tma (128x128 tiles)", "matmul.C.bin"), ("matmul_tma_wide (128x256 tiles)",
                                                                          "matmul_wide.C.bin"),
                         ("host_matmul (host descriptors)", "host_matmul.C.bin")):
        c = read(os.path.join(data, output), torch.float16, (256, 512))
        error = (c.float() - reference).abs().max().item()
        results.append((name, error < 0.25, f"max |error| {error:.4f} against torch (fp16 output, K=192)"))
    results.append(("host_matmul: a row stride TMA cannot take refused",
                    "host_matmul: a 100-element row stride refused: yes" in run.stdout, "the program's report above"))
    results.append(("C99 without warnings", not warnings, "cc printed warnings (above)" if warnings else "none"))
    failures = 0
    for name, ok, detail in results:
        failures += not ok
        print(f"check {name:34} {'ok' if ok else 'FAILED'}: {detail}")
    print(f"launcher_check: {len(results) - failures} of {len(results)} checks passed")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["build", "check", "all"])
    parser.add_argument("out")
    parser.add_argument("--trex", help="the trex executable (default $TREX, else build/bin/trex)")
    parser.add_argument("--cc", help="the C compiler (default $CC, else cc)")
    parser.add_argument("--cuda-include", help="the folder holding cuda.h")
    parser.add_argument("--libcuda", help="the CUDA driver library to link (libcuda.so or libcuda.so.1)")
    args = parser.parse_args()
    if args.mode in ("build", "all"):
        status = build(args)
        if status or args.mode == "build":
            return status
    return check(args)


if __name__ == "__main__":
    sys.exit(main())
