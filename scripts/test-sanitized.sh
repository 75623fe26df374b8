#!/usr/bin/env bash
# Builds nvc with AddressSanitizer + UndefinedBehaviorSanitizer (NVC_SANITIZE=ON)
# in build-asan/ and runs the test suite there (docs/robustness.md). Any
# sanitizer report fails the test that triggered it. Run scripts/setup.sh first.
# NVC_SANITIZE_TESTS: a ctest -R regex to run a subset (default: every test).
set -euo pipefail
cd "$(dirname "$0")/.."
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}"
start=$(date +%s)
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNVC_SANITIZE=ON >/dev/null
cmake --build build-asan -j"${NVC_JOBS:-2}"
built=$(date +%s)
# Mesa's lavapipe and the Vulkan loader are not instrumented and keep some
# allocations until exit: leak checking is off, everything else aborts.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1:strict_string_checks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
ctest --test-dir build-asan --output-on-failure -j"${NVC_JOBS:-2}" ${NVC_SANITIZE_TESTS:+-R "$NVC_SANITIZE_TESTS"}
echo "sanitized build: $((built - start)) s, tests: $(($(date +%s) - built)) s"
