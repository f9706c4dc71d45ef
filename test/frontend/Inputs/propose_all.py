"""Every kernel the coverage files name (test/frontend/*.py RUN lines) compiled with no signature:
trex proposes one (repairing its first guess where the kernel refuses it). Prints one line per
kernel that does not compile, then a summary; the known exceptions are listed with --expect
(kernels whose asserts pin exact values no proposal can guess).

    python3 propose_all.py TREX FRONTEND_DIR OUT [--expect FILE:KERNEL ...]
"""
import os
import re
import subprocess
import sys


def main():
    trex, folder, out = sys.argv[1:4]
    expected = set(sys.argv[sys.argv.index("--expect") + 1:]) if "--expect" in sys.argv else set()
    compiled = refused = repaired = 0
    unexpected = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".py"):
            continue
        text = open(os.path.join(folder, name)).read()
        if "NO-TRITON-LAYOUTS" in text or "RUN: not" in text:
            continue
        for kernel in sorted(set(re.findall(r"--kernel (\w+)", text))):
            run = subprocess.run([trex, "compile", os.path.join(folder, name), "--kernel", kernel,
                                  "--emit", "ttgir", "-o", os.path.join(out, name, kernel)],
                                 capture_output=True, text=True, timeout=120)
            label = f"{name}:{kernel}"
            if run.returncode == 0:
                compiled += 1
                repaired += "the kernel refuses that proposal" in run.stderr
                if label in expected:
                    unexpected.append(f"{label}: compiles now; take it off the --expect list")
            else:
                refused += 1
                error = next((line for line in run.stderr.splitlines() if "error:" in line), "")
                if label not in expected:
                    unexpected.append(f"{label}: {error}")
    for line in unexpected:
        print(line)
    print(f"compiled: {compiled} (repaired proposals: {repaired}), refused: {refused}, "
          f"unexpected: {len(unexpected)}")
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
