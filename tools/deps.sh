#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# tools/deps.sh: makes sure the Debian packages urix builds and tests with are installed.
# As root it installs what is missing (apt-get); otherwise it names what is missing and fails.
# Usage: tools/deps.sh [EXTRA-PACKAGE...]   (bench.sh and fuzz.sh pass their own extras;
#        fuzz.sh and the asan preset in .ci/run: clang libclang-rt-14-dev; tools/aarch64.sh
#        and tools/insns.sh: g++-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user)
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config   # toolchain
  clang                              # urix/c.h compiles as C99 with gcc and clang (tests/c)
  dpkg-dev file                      # the .deb (CPack, dpkg-shlibdeps; CPackDeb runs `file`) and its test
  mandoc                             # man pages: mandoc -Tlint in ctest
  googletest libgtest-dev libgmock-dev  # tests
  libbenchmark-dev                   # bench/
  libcli11-dev                       # the CLI's argument parser
  nlohmann-json3-dev                 # JSON test vectors
  time                               # /usr/bin/time: peak memory of the CLI (tests/cli)
  valgrind                           # growth checks count instructions (tests/growth)
  libicu-dev                         # IDNA (UTS #46 tables) and NFC for IRIs
  python3                            # differential tests against urllib.parse
  nodejs                             # differential tests against encode/decodeURIComponent
  pybind11-dev python3-dev           # the Python module (python/), for /usr/bin/python3
  python3-pytest python3-hypothesis  # its tests
  python3-uritemplate                # the URI Template differential (python/tests/test_template.py)
  python3-yarl                       # the URL editing differential (python/tests/test_url_edit.py)
  python3-numpy python3-pandas       # its batch calls over numpy arrays and pandas Series
  python3-dask python3-distributed   # and inside Dask (docs/python-at-scale.md)
  python3-setuptools python3-wheel python3-pip  # pip install --no-build-isolation .
  python3-setuptools-whl python3-wheel-whl  # tools/python-install.sh: for another python3
  python3-venv                       # its test (python.install) makes a venv
  libpython3.11-testsuite            # CPython's own urllib tests, run on urix.compat (python.compat)
  publicsuffix libpsl-dev            # sites: the Public Suffix List, and libpsl as the peer
  "$@"
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "urix: missing Debian packages: ${missing[*]}" >&2
  echo "urix: install them with: sudo apt-get install ${missing[*]}" >&2
  exit 2
fi
echo "urix: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2
apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
