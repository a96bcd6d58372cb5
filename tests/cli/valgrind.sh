#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# tests/cli/valgrind.sh URIX: runs every CLI golden case with URIX under valgrind memcheck.
# A leak or a memory error makes valgrind exit 99, which fails the case's exit-status check.
# Run by .ci/run on the dev build (a sanitizer build cannot run under valgrind).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
urix=$(realpath "$1")
wrapper=$(mktemp)
trap 'rm -f "$wrapper"' EXIT
cat > "$wrapper" <<EOF
#!/bin/sh
exec valgrind -q --leak-check=full --show-leak-kinds=definite,indirect,possible \
  --errors-for-leak-kinds=definite,indirect,possible --error-exitcode=99 "$urix" "\$@"
EOF
chmod +x "$wrapper"
# Two case files at a time: one per core. The derived runs of each case (after --kernel, into
# /dev/full) test option parsing and write errors, which the plain suite covers; not here.
export URIX_CLI_DERIVED=0
python3 "$here/run_cli_tests.py" "$wrapper" "$here/cases.json" & first=$!
status=0
for cases in uri_cases.json iri_cases.json edit_cases.json charset_cases.json; do
  python3 "$here/run_cli_tests.py" "$wrapper" "$here/$cases" || status=1
done
wait "$first" || status=1
exit "$status"
