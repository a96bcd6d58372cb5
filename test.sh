#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ./test.sh: installs what is missing, builds everything (dev preset: warnings are errors) and
# runs every test with ctest. Exit 0 only if all pass.
#   ./test.sh                 # the whole suite
#   ./test.sh -R Encode       # extra arguments go to ctest
set -euo pipefail
cd "$(dirname "$0")"
tools/deps.sh
[ -f build/dev/CMakeCache.txt ] || cmake --preset dev
cmake --build --preset dev
ctest --preset dev "$@"
