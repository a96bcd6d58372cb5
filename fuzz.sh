#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ./fuzz.sh [TARGET|all] [SECONDS]: builds the libFuzzer targets (preset `fuzz`: clang,
# ASan+UBSan) and runs each for SECONDS (default 60) with the dictionary fuzz/urix.dict, the
# seed corpus fuzz/corpus/TARGET and a growing working corpus in build/fuzz/corpus/TARGET.
# Per-target libFuzzer flags (dictionary, max_len) come from fuzz/TARGET.options, in the
# `[libfuzzer]` key = value format that OSS-Fuzz and ClusterFuzz read too.
# Prints the number of executions per target; exits 1 if any target found something (the
# input is saved as build/fuzz/artifacts/TARGET/crash-*: replay it with the target's binary,
# then add it to fuzz/corpus/TARGET so every ctest run replays it).
#   ./fuzz.sh                 # every target, 60 s each
#   ./fuzz.sh decode 600      # one target, ten minutes
#   URIX_FUZZ_JOBS=2 ./fuzz.sh all 30   # two targets at a time
# Environment: URIX_FUZZ_JOBS (targets run at once, default 1), URIX_FUZZ_RUNS (stop a target
# after this many executions, if that comes before SECONDS), URIX_FUZZ_BUILD (build directory,
# default build/fuzz).
set -euo pipefail
cd "$(dirname "$0")"
target=${1:-all}
seconds=${2:-60}
jobs=${URIX_FUZZ_JOBS:-1}
build=${URIX_FUZZ_BUILD:-build/fuzz}
runs=()
[ -n "${URIX_FUZZ_RUNS:-}" ] && runs=(-runs="$URIX_FUZZ_RUNS")

tools/deps.sh clang libclang-rt-14-dev
{
  [ -f "$build/CMakeCache.txt" ] || cmake --preset fuzz -B "$build"
  cmake --build "$build" -j"$(nproc)"
} >&2

if [ "$target" = all ]; then
  targets=()
  for bin in "$build"/fuzz/urix_fuzz_*; do targets+=("${bin##*/urix_fuzz_}"); done
else
  targets=("$target")
fi

# options_flags NAME: prints fuzz/NAME.options as libFuzzer flags, one per line; `dict` is
# relative to fuzz/.
options_flags() {
  local file=fuzz/$1.options key value
  [ -f "$file" ] || { echo "-dict=fuzz/urix.dict"; return; }
  sed -n 's/^[[:space:]]*\([a-z_]*\)[[:space:]]*=[[:space:]]*\(.*[^[:space:]]\)[[:space:]]*$/\1 \2/p' "$file" |
    while read -r key value; do
      [ "$key" = dict ] && value=fuzz/$value
      echo "-$key=$value"
    done
}

# run_one NAME: fuzzes one target; its log goes to build/fuzz/logs/NAME.log.
run_one() {
  local name=$1 bin=$build/fuzz/urix_fuzz_$1
  [ -x "$bin" ] || { echo "fuzz.sh: no target '$name' (have: ${targets[*]})" >&2; return 2; }
  mkdir -p "$build/corpus/$name" "$build/artifacts/$name" "$build/logs"
  local log=$build/logs/$name.log
  local status=0 flags
  mapfile -t flags < <(options_flags "$name")
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$bin" -max_total_time="$seconds" "${runs[@]}" "${flags[@]}" -print_final_stats=1 \
    -artifact_prefix="$build/artifacts/$name/" \
    "$build/corpus/$name" "fuzz/corpus/$name" >"$log" 2>&1 || status=$?
  local execs
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  if [ "$status" -eq 0 ]; then
    local took
    took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    printf 'fuzz.sh: %-10s %12s executions in %s s, no findings\n' "$name" "${execs:-?}" "${took:-$seconds}"
  else
    printf 'fuzz.sh: %-10s FAILED (exit %s) after %s executions; see %s\n' \
      "$name" "$status" "${execs:-?}" "$log"
    grep -m5 -E 'invariant broken|ERROR|runtime error|artifact' "$log" | sed 's/^/  /'
  fi
  return "$status"
}

# URIX_FUZZ_JOBS targets at a time; a slot goes to the next target as soon as any finishes
# (a slow target, abnf or iri, no longer holds the others back).
failed=0
running=0
for name in "${targets[@]}"; do
  if [ "$running" -ge "$jobs" ]; then wait -n || failed=1; running=$((running - 1)); fi
  run_one "$name" & running=$((running + 1))
done
while [ "$running" -gt 0 ]; do wait -n || failed=1; running=$((running - 1)); done
exit "$failed"
