#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# tools/insns.sh: instructions per input byte of each AArch64 kernel (scalar, neon), counted by
# qemu-aarch64 with a plugin (tools/qemu/insn_count.cpp), for docs/performance.md ("ARM64").
# A count of executed instructions under an emulator, not a speed: it says nothing of how
# many of them an Arm core runs per cycle, of memory, or of qemu's own speed.
# Each count is the difference of two runs of bench/insns.cpp, REPS passes over the input and
# none (reading the file and preparing the input cost the same in both), over REPS x bytes.
# Usage: tools/insns.sh [REPS]   (default 5); prints a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."
reps=${1:-5}
tools/deps.sh g++-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
[ -f build/aarch64/CMakeCache.txt ] || cmake --preset aarch64 >&2
cmake --build --preset aarch64 --target urix_insns >&2
plugin=build/aarch64/insn_count.so
g++ -std=c++20 -O2 -shared -fPIC -Wall -Wextra -Werror -o "$plugin" tools/qemu/insn_count.cpp
data=${URIX_TESTDATA:-../shared/testdata}/corpora
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# run KERNEL OP FILE REPS: prints "BYTES INSNS" (bytes: the operation's input, for decode the
# encoded text).
run() {
  local out
  out=$(URIX_KERNEL=$1 qemu-aarch64 -L /usr/aarch64-linux-gnu -plugin "$plugin" \
        build/aarch64/bench/urix_insns "$2" "$3" "$4" 2>"$log")
  [[ "$out" == "$1 $2 "* ]] || { echo "insns: URIX_KERNEL=$1 ran '$out'" >&2; exit 1; }
  echo "$(cut -d' ' -f3 <<<"$out") $(sed -n 's/^insns: //p' "$log")"
}

# per_byte KERNEL OP FILE: instructions per input byte, two decimals.
per_byte() {
  local base full
  read -r _ base < <(run "$1" "$2" "$3" 0)
  read -r bytes full < <(run "$1" "$2" "$3" "$reps")
  awk -v a="$base" -v b="$full" -v n="$bytes" -v r="$reps" 'BEGIN { printf "%.2f", (b - a) / (n * r) }'
}

echo "| input | operation | scalar insns/byte | neon insns/byte | scalar / neon |"
echo "|---|---|---:|---:|---:|"
for text in multilingual/Latin-Lipsum.utf8.txt multilingual/Chinese-Lipsum.utf8.txt kasztp.txt; do
  for op in encode encode-query decode check utf8; do
    s=$(per_byte scalar "$op" "$data/$text")
    n=$(per_byte neon "$op" "$data/$text")
    printf '| %s | %s | %s | %s | %s |\n' "$(basename "$text")" "$op" "$s" "$n" \
      "$(awk -v s="$s" -v n="$n" 'BEGIN { printf "%.1f", s / n }')"
  done
done
