#!/usr/bin/env bash
# fuzz/run.sh [SECONDS] — builds the libFuzzer target (clang-22, libFuzzer,
# ASan, UBSan) in build-fuzz/ and fuzzes the whole compiler for SECONDS
# (default 600) with one job. Seeds: examples/*.py, every tests/**/*.py and
# fuzz/regressions/*; the corpus grows in build-fuzz/fuzz-corpus/, findings
# land in build-fuzz/fuzz-artifacts/ (crash-*, timeout-*, oom-*), the log in
# build-fuzz/fuzz-last.log. Replay a finding with
#   build-fuzz/fuzz/nvc_fuzz build-fuzz/fuzz-artifacts/crash-…
# then keep it as fuzz/regressions/NAME.py once fixed (ctest replays them).
# Environment: NVC_FUZZ_BUILD (build dir), NVC_FUZZ_ARGS (extra libFuzzer flags).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
build=${NVC_FUZZ_BUILD:-build-fuzz}

export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}"
CC=clang-22 CXX=clang++-22 cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DNVC_FUZZ=ON -DNVC_BUILD_TESTS=OFF >/dev/null
ninja -C "$build" -j"${NVC_FUZZ_BUILD_JOBS:-2}" nvc_fuzz

corpus="$build/fuzz-corpus"
seeds="$build/fuzz-seeds"
artifacts="$build/fuzz-artifacts"
mkdir -p "$corpus" "$artifacts"
rm -rf "$seeds" && mkdir -p "$seeds"
shopt -s globstar nullglob
for f in examples/*.py tests/**/*.py fuzz/regressions/*; do
  [ -f "$f" ] && cp "$f" "$seeds/$(echo "$f" | tr '/' '_')"
done

# ASan: no leak checks on MLIR's process-lifetime registrations; UBSan stops at
# the first report (compiled with -fno-sanitize-recover).
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# shellcheck disable=SC2086
"$build/fuzz/nvc_fuzz" "$corpus" "$seeds" -dict=fuzz/nvc.dict -max_total_time="$seconds" \
  -timeout=10 -rss_limit_mb=4096 -max_len=4096 -artifact_prefix="$artifacts/" \
  -print_final_stats=1 ${NVC_FUZZ_ARGS:-} 2>&1 | tee "$build/fuzz-last.log"
echo "corpus: $(ls "$corpus" | wc -l) files; findings: $(ls "$artifacts" | wc -l)"
