"""trex's wgmma matmul against real Triton's PTX for the same kernel, both run by trex-runner.

build_artifacts.sh puts next to trex's two benchmark matmuls (OUT/v3/<case>) real Triton's
PTX for the same specialisation, assembled by the same ptxas (OUT/triton_ptx/<case>). Here
both run through trex-runner on the same inputs, alternating, several rounds: what differs is
only the code the two compilers generated, not the runner, the ptxas version or the GPU clock
of the moment. Where build_artifacts.sh also assembled trex's PTX with that ptxas executable
(OUT/trex_ptxas/<case>; trex's own cubin comes from nvJitLink in process, which schedules the
same PTX differently), that cubin runs as a third contender: trex against trex-ptxas is the
assembler's part, trex-ptxas against Triton the PTX's. Prints one line per run and the medians.

    python3 test/gpu/matmul_ab.py OUT [ROUNDS] [REGEX]   (REGEX: only the cases it matches)
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernels_ab import alternate, report_medians  # noqa: E402

CASES = ["matmul_fp16_8192x8192x8192_b128x256x64_w8", "matmul_fp16_4096x4096x4096_b128x128x64_w4_s4"]


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "gpu-artifacts"
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    only = re.compile(sys.argv[3]) if len(sys.argv) > 3 else None
    cases = {case["name"]: case for case in json.load(open(os.path.join(root, "v3", "cases.json")))}
    for name in CASES:
        if only and not only.search(name):
            continue
        case = cases[name]
        flops = 2.0 * case["M"] * case["N"] * case["K"]
        commands = {label: [os.path.join(root, "trex-runner"), os.path.join(root, kind, name), "--grid", case["grid"],
                            "--json", "--signature", case["signature"],
                            "--names", "a_ptr,b_ptr,c_ptr,M,N,K,stride_am,stride_bk,stride_cm",
                            "--bench", "--rep", "200"] + [f"--arg={arg}" for arg in case["args"]]
                    for label, kind in (("trex", "v3"), ("trex-ptxas", "trex_ptxas"),
                                        ("triton", "triton_ptx"))
                    if os.path.isdir(os.path.join(root, kind, name))}
        tflops = lambda ms: flops / ms / 1e9  # noqa: E731
        times = alternate(name, commands, rounds, unit=tflops)
        report_medians(name, times, lambda ms: f"{tflops(ms):.1f} TFLOP/s")


if __name__ == "__main__":
    main()
