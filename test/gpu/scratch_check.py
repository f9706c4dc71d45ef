"""GPU check of the per-program global scratch (kernels/scratch_addresses.ttgir, compiled by
trex): run it through trex-runner on GRID programs and check that program p's buffer lies at
base + 256 * p, 128-byte aligned, as the metadata's global_scratch_size/align promise."""
import json
import subprocess
import sys

runner, artifacts, grid = sys.argv[1], sys.argv[2], int(sys.argv[3])
run = subprocess.run([runner, artifacts, "--grid", str(grid), "--signature", "*i64:16", "--names", "out",
                      "--arg", f"out=zeros:{grid}", "--print", "out", "--print-limit", str(grid), "--json"],
                     capture_output=True, text=True)
if run.returncode != 0:
    sys.exit(f"trex-runner failed: {run.stderr.strip()}")
addresses = [int(v) for v in json.loads(run.stdout)["outputs"]["out"]["values"]]
base = addresses[0]
wrong = [p for p, address in enumerate(addresses) if address - base != 256 * p]
print(f"scratch: {grid} programs, base 0x{base:x} ({'128-aligned' if base % 128 == 0 else 'MISALIGNED'}), "
      f"{'every buffer at base + 256 * pid' if not wrong else f'{len(wrong)} misplaced, first pid {wrong[0]}'}")
sys.exit(1 if wrong or base % 128 else 0)
