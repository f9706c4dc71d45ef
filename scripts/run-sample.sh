#!/usr/bin/env bash
# Sets up a fresh machine, builds trex and runs the main job on a bundled sample:
# trex-opt parses, verifies and prints the vector-add kernel's ttgir with its
# source locations and value names.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
build/bin/trex-opt samples/ttgir/vector_add.ttgir --mlir-print-debuginfo --mlir-use-nameloc-as-prefix
