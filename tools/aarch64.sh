#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# tools/aarch64.sh: the AArch64 (64-bit Arm) build, cross-compiled by Debian's
# g++-aarch64-linux-gnu and tested under qemu-aarch64 (issue 34). Installs what is missing
# (tools/deps.sh), configures and builds the aarch64 preset (urix::core, its tests, the
# benchmark objects; GoogleTest from /usr/src/googletest), then:
#   1. proves the build has the neon kernel and that qemu runs it (list_kernels; the test
#      Kernel.EnvironmentVariableChoosesTheKernelThatRuns asserts active_kernel_name()=="neon"
#      when URIX_KERNEL=neon);
#   2. runs the whole suite once per kernel forced (URIX_KERNEL=neon, then scalar), less the
#      per-kernel copies of the codec suites (labels kernel-*: the same tests, forced the same
#      way), then the tests that force every kernel themselves and skip under URIX_KERNEL:
#      the kernel differential and bounds tests (neon against scalar) and kernel_dump;
#   3. compares the differential corpus's transcripts (tests/kernel_dump.cpp) of every
#      AArch64 kernel with those of the x86-64 dev build's kernels, byte for byte: identical
#      output and error offsets on both architectures (skipped, saying so, without build/dev).
# Usage: tools/aarch64.sh [CTEST-ARGS...]   (e.g. -R Kernel)
set -euo pipefail
cd "$(dirname "$0")/.."
tools/deps.sh g++-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
[ -f build/aarch64/CMakeCache.txt ] || cmake --preset aarch64
cmake --build --preset aarch64

qemu=(qemu-aarch64 -L /usr/aarch64-linux-gnu)
kernels=$("${qemu[@]}" build/aarch64/tests/list_kernels | tr '\n' ' ')
if [ "$kernels" != "scalar neon " ]; then
  echo "aarch64: the build's kernels are '$kernels', not 'scalar neon'" >&2
  exit 1
fi
URIX_KERNEL=neon "${qemu[@]}" build/aarch64/tests/kernels_test \
  --gtest_filter=Kernel.EnvironmentVariableChoosesTheKernelThatRuns --gtest_brief=1
echo "aarch64: kernels built: $kernels; URIX_KERNEL=neon runs neon"

for k in neon scalar; do
  echo "aarch64: every test with URIX_KERNEL=$k"
  URIX_KERNEL=$k ctest --preset aarch64 -LE '^kernel-' -E '^kernel_dump$' "$@"
done
echo "aarch64: the tests that compare the kernels"
ctest --preset aarch64 -R '^(KernelDifferential|KernelBounds)\.|^kernel_dump$' "$@"

if [ -x build/dev/tests/kernel_dump ]; then
  cmake --build --preset dev --target kernel_dump
  rm -rf build/aarch64/dump-x86 build/aarch64/dump-aarch64
  build/dev/tests/kernel_dump build/aarch64/dump-x86 >/dev/null
  "${qemu[@]}" build/aarch64/tests/kernel_dump build/aarch64/dump-aarch64 >/dev/null
  for f in build/aarch64/dump-x86/*.txt build/aarch64/dump-aarch64/*.txt; do
    cmp "$f" build/aarch64/dump-x86/scalar.txt ||
      { echo "aarch64: $f differs from the x86-64 scalar kernel's transcripts" >&2; exit 1; }
  done
  echo "aarch64: $(wc -l <build/aarch64/dump-x86/scalar.txt) transcripts, identical for" \
       "$(cd build/aarch64 && ls dump-x86/*.txt dump-aarch64/*.txt | tr '\n' ' ')"
else
  echo "aarch64: no build/dev/tests/kernel_dump (run ./test.sh first): x86-64 comparison skipped" >&2
fi
