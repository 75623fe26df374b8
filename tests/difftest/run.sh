#!/usr/bin/env bash
# Runs nvc's differential tester for a while (docs/robustness.md,
# "Differential testing"): tests/difftest/run.sh --minutes N [--seed S]
# [other difftest.py options]. Uses build/'s nvc and nvc-run unless NVC /
# NVC_RUN say otherwise; failures (reduced) go to build/difftest-found/.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
NVC="${NVC:-$root/build/compiler/nvc}"
NVC_RUN="${NVC_RUN:-$root/build/runtime-stub/nvc-run}"
minutes=10
seed="$(date +%s)"
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) minutes="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
exec nice -n 10 /usr/bin/python3 "$root/tests/difftest/difftest.py" --nvc "$NVC" --nvc-run "$NVC_RUN" \
  --minutes "$minutes" --seed "$seed" --reduce --found "$root/build/difftest-found" \
  --work "$root/build/difftest-work" "${args[@]}"
