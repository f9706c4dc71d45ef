#!/usr/bin/env bash
# Compiles everything the GPU checks run (on the build machine, which has trex but no GPU):
#   OUT/trex-runner          the LLVM-free runner
#   OUT/samples/<name>/      every spec of samples/specs.json         (gpu_check.py)
#   OUT/side_by_side/<name>/ the fixture README's benchmark sizes     (gpu_check.py --specs)
#   OUT/side_by_side_ptxas/<name>/ the same assembled by the ptxas executable (kernels_ab.py)
#   OUT/dot_operands/<name>/ dots of operands computed in the kernel (scaled, converted):
#                            test/gpu/dot_operands.json (gpu_check.py)
#   OUT/v3/<case>/           mma_check.py's matmuls on wgmma           (sm_90's default)
#   OUT/v2/<case>/           the same on mma.sync
#   OUT/triton_ptx/<case>/, OUT/trex_ptxas/<case>/  the two benchmark matmuls' PTX of Triton
#                            and of trex, both assembled by the ptxas executable (matmul_ab.py)
#   OUT/host_descriptors/<case>/ host TensorDescriptor copies and matmuls (host_descriptor_check.py)
#   OUT/tma_pipeline/<case>/     pipelined TMA matmuls and attention (tma_pipeline_check.py)
# for TARGET (default cuda:90, the GPU machine's). Then, on the GPU machine:
#   python3 test/gpu/gpu_check.py samples OUT/samples OUT/trex-runner
#   python3 test/gpu/gpu_check.py samples OUT/side_by_side OUT/trex-runner \
#       --specs test/bench/side_by_side.json --no-check
#   python3 test/gpu/gpu_check.py samples OUT/dot_operands OUT/trex-runner \
#       --specs test/gpu/dot_operands.json
#   python3 test/gpu/dot_operands_ab.py OUT
#   python3 test/gpu/mma_check.py check --artifacts OUT/v3 --runner OUT/trex-runner
#   python3 test/gpu/matmul_ab.py OUT
#   python3 test/gpu/kernels_ab.py OUT
#   PYTHONPATH=python TREX=... python3 test/gpu/host_descriptor_check.py check \
#       --artifacts OUT/host_descriptors --runner OUT/trex-runner
#   PYTHONPATH=python TREX=... python3 test/gpu/tma_pipeline_check.py check \
#       --artifacts OUT/tma_pipeline
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
    command += spec.get("trex_options", [])  # e.g. ["--mma", "v2"]: another lowering path
    run = subprocess.run(command, capture_output=True, text=True)
    failures += run.returncode != 0
    print(f"{spec['name']:40} {'ok' if run.returncode == 0 else 'FAILED ' + run.stderr[:300]}")
sys.exit(1 if failures else 0)
EOF
}

compile_specs samples/specs.json "$out/samples"
compile_specs test/bench/side_by_side.json "$out/side_by_side"
compile_specs test/gpu/dot_operands.json "$out/dot_operands"
# The same kernels assembled by the ptxas executable (trex's default is nvJitLink in process
# where libnvJitLink loads; the two schedule differently), for kernels_ab.py's third column.
ptxas=${TRITON_PTXAS_PATH:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}
if [ -x "$ptxas" ]; then
  TRITON_PTXAS_PATH="$ptxas" TREX_ASSEMBLER=ptxas \
    compile_specs test/bench/side_by_side.json "$out/side_by_side_ptxas"
fi
python3 test/gpu/mma_check.py build --trex "$trex" --out "$out/v3" --mma v3
python3 test/gpu/mma_check.py build --trex "$trex" --out "$out/v2" --mma v2
python3 test/gpu/host_descriptor_check.py build --trex "$trex" --out "$out/host_descriptors"
python3 test/gpu/tma_pipeline_check.py build --trex "$trex" --out "$out/tma_pipeline"

# Real Triton's PTX for the two benchmark matmuls (the fixtures, compiled by Triton 3.6 for
# the same specialisation), assembled by the ptxas executable of the CUDA trex uses and run by
# trex-runner with trex's metadata: matmul_ab.py times both in one process, so code
# differences show apart from the runner, the ptxas version and the clock.
fixtures=${TREX_SHARED_DIR:-../shared}/fixtures/triton-3.6
if [ -x "$ptxas" ] && [ -d "$fixtures" ]; then
  for pair in matmul_fp16_8192x8192x8192_b128x256x64_w8:matmul_f16_128x256x64_w8_s3 \
              matmul_fp16_4096x4096x4096_b128x128x64_w4_s4:matmul_f16_128x128x64_w4_s4; do
    case_name=${pair%%:*}; fixture=${pair##*:}
    mkdir -p "$out/triton_ptx/$case_name"
    cp "$out/v3/$case_name/matmul_kernel.json" "$out/triton_ptx/$case_name/"
    "$ptxas" -arch=sm_90a "$fixtures/$fixture/sm90/$fixture.ptx" \
      -o "$out/triton_ptx/$case_name/matmul_kernel.cubin"
    # trex's own PTX through the same ptxas executable (trex's cubin comes from nvJitLink in
    # process where it loads, which schedules the same PTX differently): matmul_ab.py's third
    # contender tells the code apart from the assembler.
    mkdir -p "$out/trex_ptxas/$case_name"
    cp "$out/v3/$case_name/matmul_kernel.json" "$out/trex_ptxas/$case_name/"
    "$ptxas" -arch=sm_90a "$out/v3/$case_name/matmul_kernel.ptx" \
      -o "$out/trex_ptxas/$case_name/matmul_kernel.cubin"
  done
  # The same for the side-by-side kernels (kernels_ab.py): the fixtures' PTX beside trex's
  # artifacts of test/bench/side_by_side.json, which are the same specialisations.
  for pair in vector_add_2e28_f32:add_kernel_f32_b1024:add_kernel \
              softmax_32768x4096_f32:softmax_f32_b4096_w8:softmax_kernel \
              layernorm_4096x8192_f32:layernorm_f32_b1024_w8:layer_norm_fwd; do
    IFS=: read -r case_name fixture kernel <<<"$pair"
    if [ "$target" != cuda:90 ] || [ ! -f "$out/side_by_side/$case_name/$kernel.json" ]; then
      continue
    fi
    mkdir -p "$out/triton_ptx/$case_name"
    cp "$out/side_by_side/$case_name/$kernel.json" "$out/triton_ptx/$case_name/"
    "$ptxas" -lineinfo -arch=sm_90a "$fixtures/$fixture/sm90/$fixture.ptx" \
      -o "$out/triton_ptx/$case_name/$kernel.cubin"
  done
fi
