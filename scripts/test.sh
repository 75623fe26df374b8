#!/usr/bin/env bash
# Runs all of nvc's tests (unit, lit, runtime, end-to-end on lavapipe) with
# CTest. Run scripts/setup.sh first.
set -euo pipefail
cd "$(dirname "$0")/.."
# The suites are single-threaded; two at a time use CI's two cores.
ctest --test-dir build --output-on-failure -j"${NVC_JOBS:-2}"
