#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ./run.sh ARGS...: installs what is missing, builds the urix CLI (incrementally, -O3) and runs
# it with ARGS. Build output goes to stderr, so stdout is the CLI's alone, and only when there is
# something to build: a dry run (ninja -n) asks first.
#   ./run.sh encode --set query 'a b&c'
set -euo pipefail
cd "$(dirname "$0")"
tools/deps.sh
{
  [ -f build/release/CMakeCache.txt ] || cmake --preset release
  case "$(cmake --build --preset release --target urix-cli -- -n 2>&1)" in
    *"ninja: no work to do"*) ;;
    *) cmake --build --preset release --target urix-cli ;;
  esac
} >&2
cd - >/dev/null
exec "$(dirname "$0")/build/release/cli/urix" "$@"
