#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ctest python.install: the README's third quick-start line as a new user meets it. A venv made
# from the `python3` first on PATH (pyenv's on this kind of machine, not the /usr/bin/python3
# the other Python tests use; the venv lacks `wheel` as that interpreter does) gets the module
# from tools/python-install.sh, and then `import urix; print(urix.encode('a b'))` prints a%20b.
#   install_test.sh REPO
set -euo pipefail
repo=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
py=$(command -v python3)
echo "python.install: a venv of $py ($("$py" -V 2>&1))"
"$py" -m venv "$tmp/venv"
PYTHON="$tmp/venv/bin/python" "$repo/tools/python-install.sh" </dev/null
out=$(cd "$tmp" && "$tmp/venv/bin/python" -c "import urix; print(urix.encode('a b'))")
if [ "$out" != 'a%20b' ]; then
  echo "python.install: printed '$out', not 'a%20b'" >&2
  exit 1
fi
echo "python.install: $tmp/venv/bin/python -c \"import urix; print(urix.encode('a b'))\" -> $out"
