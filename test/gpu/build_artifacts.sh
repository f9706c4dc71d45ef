#!/usr/bin/env bash
# Compiles everything the GPU checks run (on the build machine, which has trex but no GPU):
#   OUT/trex-runner          the LLVM-free runner
#   OUT/samples/<name>/      every spec of samples/specs.json         (gpu_check.py)
#   OUT/side_by_side/<name>/ the fixture README's benchmark sizes     (gpu_check.py --specs)
#   OUT/v3/<case>/           mma_check.py's matmuls on wgmma           (sm_90's default)
#   OUT/v2/<case>/           the same on mma.sync
# for TARGET (default cuda:90, the GPU machine's). Then, on the GPU machine:
#   python3 test/gpu/gpu_check.py samples OUT/samples OUT/trex-runner
#   python3 test/gpu/gpu_check.py samples OUT/side_by_side OUT/trex-runner \
#       --specs test/bench/side_by_side.json --no-check
#   python3 test/gpu/mma_check.py check --artifacts OUT/v3 --runner OUT/trex-runner
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:?usage: build_artifacts.sh OUT [TARGET]}
target=${2:-cuda:90}
trex=${TREX:-build/bin/trex}
mkdir -p "$out"
cp build/bin/trex-runner "$out/"

compile_specs() { # specs.json, output folder
  python3 - "$1" "$2" "$trex" "$target" <<'EOF'
import json, os, subprocess, sys
specs, out, trex, target = sys.argv[1:]
failures = 0
for spec in json.load(open(specs)):
    command = [trex, "compile", os.path.join("samples", spec["file"]), "--kernel", spec["kernel"],
               "--signature", spec["signature"], "--num-warps", str(spec["num_warps"]),
               "--num-stages", str(spec["num_stages"]), "--target", target,
               "--emit", "ptx,cubin,json", "-o", os.path.join(out, spec["name"])]
    run = subprocess.run(command, capture_output=True, text=True)
    failures += run.returncode != 0
    print(f"{spec['name']:40} {'ok' if run.returncode == 0 else 'FAILED ' + run.stderr[:300]}")
sys.exit(1 if failures else 0)
EOF
}

compile_specs samples/specs.json "$out/samples"
compile_specs test/bench/side_by_side.json "$out/side_by_side"
python3 test/gpu/mma_check.py build --trex "$trex" --out "$out/v3" --mma v3
python3 test/gpu/mma_check.py build --trex "$trex" --out "$out/v2" --mma v2
