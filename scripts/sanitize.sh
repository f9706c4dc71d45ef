#!/usr/bin/env bash
# Builds trex with AddressSanitizer and UndefinedBehaviorSanitizer into build-sanitize/ (no GUI)
# and runs every suite there (lit and the GoogleTest suites, through ctest).
#   ./scripts/sanitize.sh                 build, then test
#   ./scripts/sanitize.sh build           only build
#   ./scripts/sanitize.sh test [ARGS...]  only test; ARGS go to ctest (-L compiler, -L lit)
# TREX_SANITIZE_DIR (default build-sanitize) and TREX_JOBS (default nproc) as in build.sh.
# A sanitizer report fails the run even where the test expected the program to fail (`not trex
# ...`): every report is also written under BUILD/sanitizer-reports/, and any report there at the
# end fails the script.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build_dir=${TREX_SANITIZE_DIR:-build-sanitize}
jobs=${TREX_JOBS:-$(nproc)}
step=${1:-all}
[ $# -gt 0 ] && shift

if [ "$step" = all ] || [ "$step" = build ]; then
  # -O1: what the sanitizers' authors recommend; it compiles about twice as fast as -O3.
  if [ ! -f "$build_dir/build.ninja" ]; then
    cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTREX_BUILD_GUI=OFF \
      -DTREX_SANITIZE=address,undefined "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG" \
      "-DCMAKE_C_FLAGS_RELEASE=-O1 -DNDEBUG"
  fi
  cmake --build "$build_dir" -j "$jobs"
fi

if [ "$step" = all ] || [ "$step" = test ]; then
  reports="$(cd "$build_dir" && pwd)/sanitizer-reports"
  rm -rf "$reports"
  mkdir -p "$reports"
  suppressions="$root/scripts/sanitizers"
  symbolizer=$(command -v llvm-symbolizer-22 || command -v llvm-symbolizer ||
    echo /usr/lib/llvm-22/bin/llvm-symbolizer)
  export ASAN_SYMBOLIZER_PATH="$symbolizer"
  # abort_on_error: a report ends the program with SIGABRT, which `not` does not accept.
  # allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons its slabs where its header is
  # compiled with ASan (trex's code) but not where it is not (the LLVM and MLIR libraries), so
  # memory MLIR allocates inside a slab trex's code started reads as poisoned (false reports of
  # use-after-poison in every MLIRContext).
  export ASAN_OPTIONS="abort_on_error=1:detect_leaks=1:allow_user_poisoning=0:strict_string_checks=1:check_initialization_order=1:detect_stack_use_after_return=1:log_path=$reports/asan"
  export UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1:suppressions=$suppressions/ubsan.supp:log_path=$reports/ubsan"
  export LSAN_OPTIONS="suppressions=$suppressions/lsan.supp:print_suppressions=0"
  status=0
  ctest --test-dir "$build_dir" --output-on-failure -j "$jobs" "$@" || status=$?
  if compgen -G "$reports/*" >/dev/null; then
    echo "sanitizer reports (in $reports):"
    for report in "$reports"/*; do
      echo "== $report"
      cat "$report"
    done
    status=1
  fi
  exit $status
fi
