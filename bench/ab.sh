#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# bench/ab.sh OLD NEW OP [REPS]: times two versions of one kernel source against each other,
# both built into one process that alternates them (bench/kernel_ab.cpp: why, and what the
# columns mean). OLD and NEW are files, or REV:PATH for a file as git has it at REV.
#
#   bench/ab.sh HEAD:src/pct/avx512.cpp src/pct/avx512.cpp enc     # the working tree vs HEAD
#   CORPUS=queryish LMIN=20 LMAX=100 bench/ab.sh HEAD~1:src/pct/avx2.cpp HEAD:src/pct/avx2.cpp dec 40
#
# OP: enc, dec or decc (see kernel_ab.cpp). Runs pinned to BENCH_CPU (default 1), as
# bench.sh does. Environment as kernel_ab.cpp says; BENCH_DIR as bench.sh.
set -euo pipefail
if [ $# -lt 3 ]; then sed -n '2,11p' "$0" >&2; exit 2; fi
cd "$(dirname "$0")/.."
build=${BENCH_DIR:-build/bench}
work=$build/kernel_ab
mkdir -p "$work"

# Each version as a file in $work/{a,b}; the kernel's name is read from its definition.
fetch() {  # fetch SPEC SIDE
  local dest
  dest=$work/$2/$(basename "${1#*:}")
  mkdir -p "$work/$2"
  if [ -f "$1" ]; then cp "$1" "$dest"; else git show "$1" > "$dest"; fi
  echo "$dest"
}
kernel_of() { sed -n 's/^const kernel \([a-z0-9_]*\)_kernel{.*/\1/p' "$1"; }
old=$(fetch "$1" a)
new=$(fetch "$2" b)
name=$(kernel_of "$new")
if [ -z "$name" ] || [ "$name" != "$(kernel_of "$old")" ]; then
  echo "ab.sh: $1 and $2 must both define the same kernel (const kernel NAME_kernel{...})" >&2
  exit 2
fi

build_pair() {  # build_pair A-SOURCE B-SOURCE
  {
    [ -f "$build/CMakeCache.txt" ] || cmake --preset bench -B "$build"
    cmake -B "$build" -DURIX_AB_KERNEL="$name" -DURIX_AB_OLD="$(realpath "$1")" -DURIX_AB_NEW="$(realpath "$2")"
    cmake --build "$build" --target urix_kernel_ab
  } >&2
}
pin=()
cpu=${BENCH_CPU:-1}
if command -v taskset >/dev/null && [ "$(nproc)" -gt "$cpu" ]; then pin=(taskset -c "$cpu"); fi

# Twice, the second time with the builds' places in the binary swapped: where a loop lands
# in memory moved it by up to 10 % (an A/A run of the clean loop: 0.90, every time). The
# report combines the two: each side's best time, and the geometric mean of the ratios.
build_pair "$old" "$new"
"${pin[@]}" "$build/bench/urix_kernel_ab" "${@:3}" > "$work/ab.txt"
build_pair "$new" "$old"
"${pin[@]}" "$build/bench/urix_kernel_ab" "${@:3}" > "$work/ba.txt"
python3 - "$work/ab.txt" "$work/ba.txt" <<'PY'
import math, re, sys
row = re.compile(r"^(\S+ (?:whole|line))\s+([\d.]+) (GB/s|ns)\s+([\d.]+) \S+\s+([\d.]+)(.*)$")
def rows(path):
    return {m[1]: m for m in map(row.match, open(path)) if m}
ab, ba = rows(sys.argv[1]), rows(sys.argv[2])
print(f"{'row (A = old, B = new)':30} {'A':>13} {'B':>13} {'B/A':>7}  (B/A of the runs: A first, B first)")
for name, m in ab.items():
    s = ba[name]
    unit = m[3]
    best = max if unit == "GB/s" else min
    a, b = best(float(m[2]), float(s[4])), best(float(m[4]), float(s[2]))
    r1, r2 = float(m[5]), 1 / float(s[5])
    print(f"{name:30} {a:8.2f} {unit:4} {b:8.2f} {unit:4} {math.sqrt(r1 * r2):7.3f}  ({r1:.3f}, {r2:.3f}){m[6]}")
print("B/A: the geometric mean of the median ratios of B's time to A's (below 1: B is faster)")
PY
