#!/usr/bin/env bash
# Configures (once) and builds trex in build/ with Ninja, Release, ccache when present.
#   ./scripts/build.sh            everything (tools, explorer, playground, tests)
#   ./scripts/build.sh trex       only the named targets and what they need
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${TREX_BUILD_DIR:-build}
jobs=${TREX_JOBS:-$(nproc)}
if [ ! -f "$build_dir/build.ninja" ]; then
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
targets=()
for target in "$@"; do
  targets+=(--target "$target")
done
cmake --build "$build_dir" -j "$jobs" "${targets[@]}"
