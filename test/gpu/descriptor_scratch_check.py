"""GPU check of device-side tensor descriptors in the global scratch (issue 24).

`block_sums` (test/frontend/tma-descriptors.py) makes, in each program, a TMA descriptor over
its own 16 x 16 tile of X (X + pid * 256 elements, 1,024 bytes apart) with
tl.make_tensor_descriptor, loads the tile through it and stores the tile's sum. trex puts each
program's 128-byte descriptor in its part of the global scratch, at base + pid x
global_scratch_size. Run over a grid of 4096 programs, the check reads the whole scratch back
(trex-runner --dump-global-scratch) and shows that:
  - every program's sum is right (so every program used a descriptor of its own tile);
  - every program's part of the scratch holds a descriptor (not the fill), parts differing;
  - one 64-bit word of the descriptors (the tile's global address, as the driver encodes it)
    grows linearly with the program id, by 1,024 bytes (or that shifted, as encoded) per
    program: part p addresses program p's tile.

  on the build machine:  python3 test/gpu/descriptor_scratch_check.py build OUT [--trex build/bin/trex]
  on the GPU machine:    python3 test/gpu/descriptor_scratch_check.py check OUT [--programs 4096]
Exit status 0 when every check passes.
"""
import argparse
import json
import os
import shutil
import struct
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TILE_ELEMENTS = 16 * 16


def build(args):
    os.makedirs(args.out, exist_ok=True)
    shutil.copy(os.path.join(os.path.dirname(args.trex), "trex-runner"), os.path.join(args.out, "trex-runner"))
    command = [args.trex, "compile", os.path.join(ROOT, "test/frontend/tma-descriptors.py"), "--kernel",
               "block_sums", "--signature", "*i32:16, *i32:16, 16, 16", "--target", "cuda:90", "--emit",
               "ttgir,ptx,cubin,json", "-o", os.path.join(args.out, "block_sums")]
    run = subprocess.run(command, capture_output=True, text=True)
    print("block_sums:", "ok" if run.returncode == 0 else "FAILED " + run.stderr[:400])
    return run.returncode


def check(args):
    programs = args.programs
    dump = os.path.join(args.out, "global_scratch.bin")
    command = [os.path.join(args.out, "trex-runner"), os.path.join(args.out, "block_sums"), "--grid", str(programs),
               "--signature", "*i32:16, *i32:16, 16, 16", "--names", "X,Out",
               f"--arg=X=arange:{programs * TILE_ELEMENTS}", f"--arg=Out=zeros:{programs}", "--print", "Out",
               "--print-limit", str(programs), "--json", "--dump-global-scratch", dump]
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        print("trex-runner failed:", run.stdout[-400:], run.stderr[-400:])
        return 1
    result = json.loads(run.stdout)
    failures = []
    sums = [int(v) for v in result["outputs"]["Out"]["values"]]
    wrong = [p for p, s in enumerate(sums) if s != TILE_ELEMENTS * TILE_ELEMENTS * p + TILE_ELEMENTS * (TILE_ELEMENTS - 1) // 2]
    if wrong:
        failures.append(f"{len(wrong)} programs' sums wrong, first {wrong[0]}")
    base, per_program = result["global_scratch_base"], result["global_scratch_per_program"]
    data = open(dump, "rb").read()
    if len(data) != programs * per_program:
        failures.append(f"scratch of {len(data)} bytes, expected {programs} x {per_program}")
    parts = [data[p * per_program:(p + 1) * per_program] for p in range(programs)]
    if base % 128:
        failures.append(f"scratch base 0x{base:x} not 128-byte aligned")
    filled = [p for p, part in enumerate(parts) if part[:128] == bytes([part[0]]) * 128]
    if filled:
        failures.append(f"{len(filled)} parts hold one repeated byte (no descriptor written), first {filled[0]}")
    if len(set(part[:128] for part in parts)) != programs:
        failures.append("some programs' descriptors are equal")
    words = [struct.unpack_from("<16Q", part) for part in parts]
    linear = None
    for index in range(16):
        step = (words[1][index] - words[0][index]) % (1 << 64)
        if step and all((words[p][index] - words[0][index]) % (1 << 64) == p * step for p in range(programs)):
            linear = (index, step)
            break
    if linear is None:
        failures.append("no descriptor word grows linearly with the program id")
    elif linear[1] not in {1024 << k for k in range(8)} | {1024 >> k for k in range(1, 8)}:
        failures.append(f"word {linear[0]} grows by {linear[1]} per program, not 1,024 bytes or a shift of it")
    print(f"block_sums over {programs} programs: sums {'all right' if not wrong else 'WRONG'}; global scratch "
          f"base 0x{base:x}, {per_program} B per program, {len(set(part[:128] for part in parts))} distinct "
          f"descriptors; " + (f"descriptor word {linear[0]} (bytes {8 * linear[0]}-{8 * linear[0] + 7}) grows by "
                              f"{linear[1]} per program (the tile's address, 1,024 bytes apart)" if linear else ""))
    for failure in failures:
        print("FAIL:", failure)
    print("descriptor scratch check:", "ok" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="step", required=True)
    b = sub.add_parser("build")
    b.add_argument("out")
    b.add_argument("--trex", default=os.environ.get("TREX", os.path.join(ROOT, "build/bin/trex")))
    c = sub.add_parser("check")
    c.add_argument("out")
    c.add_argument("--programs", type=int, default=4096)
    args = parser.parse_args()
    return build(args) if args.step == "build" else check(args)


if __name__ == "__main__":
    sys.exit(main())
