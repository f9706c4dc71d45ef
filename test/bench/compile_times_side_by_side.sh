#!/bin/bash
# Compile time on the GPU machine, sm_90: trex-compile-bench (this build, and optionally an
# older build's) and Triton 3.6 (triton_compile_times.py) alternating, ROUNDS rounds of the
# f32 fixture kernels, then the matmuls once. Alternating in one run is what makes the ratios
# comparable: the host's timings drift by tens of percent between runs.
#   compile_times_side_by_side.sh BENCH FIXTURES [BASE_BENCH] [ROUNDS]
# BENCH and BASE_BENCH are trex-compile-bench binaries (with LD_LIBRARY_PATH set for their
# shared libraries when carried to a machine without LLVM 22).
set -uo pipefail
bench=${1:?usage: compile_times_side_by_side.sh BENCH FIXTURES [BASE_BENCH] [ROUNDS]}
fixtures=${2:?usage: compile_times_side_by_side.sh BENCH FIXTURES [BASE_BENCH] [ROUNDS]}
base=${3:-}
rounds=${4:-6}
triton="python3 $(dirname "$0")/triton_compile_times.py"
start=$SECONDS
for round in $(seq "$rounds"); do
  echo "== round $round new"
  "$bench" --runs 7 --fixtures "$fixtures" --target cuda:90 --only _f32_
  echo "== round $round Triton"
  $triton "$fixtures" --runs 7 --target cuda:90 2>&1 | grep _f32_
  if [ -n "$base" ]; then
    echo "== round $round base"
    "$base" --runs 7 --fixtures "$fixtures" --target cuda:90 --only _f32_
  fi
done
echo "== new, to PTX"
TREX_BENCH_ASSEMBLY_ONLY=1 "$bench" --runs 7 --fixtures "$fixtures" --target cuda:90 --only _f32_
echo "== matmul new"
"$bench" --runs 5 --fixtures "$fixtures" --target cuda:90 --only matmul
echo "== matmul Triton"
$triton "$fixtures" --runs 5 --target cuda:90 2>&1 | grep matmul
echo "($((SECONDS - start)) s)"
