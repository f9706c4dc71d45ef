#!/usr/bin/env bash
# Sets up a fresh machine, builds the trex CLI (only it: the explorer, playground and tests are
# scripts/test.sh's) and runs the main job on a bundled sample: the fused
# softmax kernel (samples/kernels/fused_softmax.py) compiled from Python to machine code for
# an H100/H200 (cuda:90). Every stage is written to build/sample/ (Triton's cache naming:
# .source .ttir .ttgir .llir .ptx .cubin .json, plus the IR after every pass in passes/) and
# the text stages are printed one after another.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh trex
out=build/sample
rm -rf "$out"
build/bin/trex compile samples/kernels/fused_softmax.py --kernel softmax_kernel \
  --signature "*fp32:16, *fp32:16, i32:16, i32:16, i32:16, 1024" --num-warps 4 \
  --target cuda:90 --emit all -o "$out" --dump-passes "$out/passes"
for stage in source ttir ttgir llir ptx json; do
  echo "// ----- $out/softmax_kernel.$stage"
  cat "$out/softmax_kernel.$stage"
done
echo "// ----- files"
ls -l "$out"
echo "// ----- $(grep -c . "$out/passes/passes.txt") passes and steps, listed in $out/passes/passes.txt"
