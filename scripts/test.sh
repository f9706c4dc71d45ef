#!/usr/bin/env bash
# Sets up a fresh machine, builds trex and runs every test suite through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
ctest --test-dir "${TREX_BUILD_DIR:-build}" --output-on-failure -j "${TREX_JOBS:-$(nproc)}"
