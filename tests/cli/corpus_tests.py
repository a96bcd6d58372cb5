#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The CLI over real, dirty URL data: `urix normalize -k` over the 48,010 lines of
corpora/kasztp.txt writes one output line per input line, an empty one for each line that is
not a URI reference, and reports each of those with its line number.

Usage: corpus_tests.py URIX_BINARY TESTDATA_DIR

The rejected lines are counted independently: a line is a URI reference when Python's
check below of RFC 3986's characters: every rejected line must hold a byte outside the 84
characters of URIs or a malformed escape (the 342 rejected lines hold a BOM, spaces, '\\',
'|', a '[' in a path, or raw non-ASCII bytes).
"""
import os
import re
import subprocess
import sys

binary, testdata = sys.argv[1], sys.argv[2]
path = os.path.join(testdata, "corpora", "kasztp.txt")
data = open(path, "rb").read()
lines = data.split(b"\n")
if lines[-1] == b"":
    lines.pop()
r = subprocess.run([binary, "normalize", "-k"], input=data, capture_output=True)
out = r.stdout.split(b"\n")[:-1]
errors = [l for l in r.stderr.decode("utf-8", "replace").splitlines()
          if l.startswith("urix: normalize: line ")]
empty = [i + 1 for i, l in enumerate(out) if l == b""]
reported = [int(re.match(r"urix: normalize: line (\d+),", l).group(1)) for l in errors]
failures = []
if len(out) != len(lines):
    failures.append(f"{len(out)} output lines for {len(lines)} input lines")
if empty != reported:
    failures.append(f"empty lines {empty[:5]}... differ from the lines reported {reported[:5]}...")
if r.returncode != (1 if reported else 0):
    failures.append(f"exit {r.returncode}")
# RFC 3986 2.2-2.4: the 84 characters of URIs, '%' only in an escape.
plain = re.compile(rb"^(?:[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$")
authority = re.compile(rb"^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*")


def outside_uris(line):
    """A byte outside URIs, a malformed escape, or '[' ']' outside an IP literal (3.2.2)."""
    rest = authority.sub(b"", line)
    return not plain.match(line) or b"[" in rest or b"]" in rest


suspect = [i + 1 for i, l in enumerate(lines) if outside_uris(l)]
if not set(reported) <= set(suspect):
    odd = sorted(set(reported) - set(suspect))
    failures.append(f"lines rejected that hold only URI characters: {odd[:5]}")
print(f"normalize -k over {len(lines)} lines: {len(out)} written, {len(reported)} rejected "
      f"(lines with characters outside URIs: {len(suspect)})")
for f in failures:
    print("FAIL " + f)
sys.exit(1 if failures else 0)
