#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# tools/python-install.sh: builds the Python module urix (python/, SPEC 11) and installs it into
# the `python3` first on PATH, or into $PYTHON: whichever interpreter that is (pyenv's, a venv's,
# Debian's /usr/bin/python3), the module is built for it (setup.py runs the project's CMake with
# that interpreter's headers; pybind11 is Debian's, header-only). Offline: pip installs nothing
# from the network; setuptools and wheel come from Debian's wheels when the interpreter lacks them.
#   tools/python-install.sh && python3 -c "import urix; print(urix.encode('a b'))"   # a%20b
#   PYTHON=/path/to/venv/bin/python tools/python-install.sh
set -euo pipefail
cd "$(dirname "$0")/.."
tools/deps.sh  # with Debian's wheels of setuptools and wheel, for an interpreter lacking them

py=$(command -v "${PYTHON:-python3}") || { echo "urix: no ${PYTHON:-python3} on PATH" >&2; exit 2; }
echo "urix: installing the Python module for $py ($("$py" -V 2>&1))" >&2
pip=("$py" -m pip --disable-pip-version-check --no-input)
if ! "${pip[@]}" --version >/dev/null 2>&1; then
  "$py" -m ensurepip --default-pip >&2 ||
    { echo "urix: $py has no pip (and no ensurepip)" >&2; exit 2; }
fi
opts=(--no-index)
# pip refuses an interpreter that says its packages are the OS's (PEP 668: Debian's
# /usr/bin/python3) unless told; a venv or pyenv's interpreter is not one.
if "$py" - <<'EOF'
import os, sys, sysconfig
managed = os.path.isfile(os.path.join(sysconfig.get_path('stdlib'), 'EXTERNALLY-MANAGED'))
sys.exit(0 if managed and sys.prefix == sys.base_prefix else 1)
EOF
then
  opts+=(--break-system-packages)
fi
[ "$(id -u)" -ne 0 ] || opts+=(--root-user-action=ignore)

# The build needs setuptools and wheel in the interpreter (no build isolation: no network).
for mod in setuptools wheel; do
  if ! "$py" -c "import $mod" 2>/dev/null; then
    whl=$(ls /usr/share/python-wheels/"$mod"-*.whl | head -n1)
    "${pip[@]}" install "${opts[@]}" "$whl" >&2
  fi
done
"$py" -c 'import sysconfig, os, sys
h = os.path.join(sysconfig.get_paths()["include"], "Python.h")
os.path.isfile(h) or sys.exit(f"urix: {sys.executable} has no C headers ({h}): for Debian'"'"'s "
                             "python3 install python3-dev, for pyenv rebuild it with them")'

"${pip[@]}" install "${opts[@]}" --no-build-isolation . >&2
# Imported from elsewhere than the repository, as a user would.
(cd / && "$py" -c 'import urix; print("urix", urix.__version__, "installed in", urix.__path__[0])')
