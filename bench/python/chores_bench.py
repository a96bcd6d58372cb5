#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""SPEC 14 from Python, timed against what a Python program does without urix (issue 51):
  data: URL decoding: urix.parse_data_url against base64.b64decode + urllib.parse's
  unquote_to_bytes on the part after the comma (the same job, without the MIME type parsing);
  path conversion: urix.path_to_uri against pathlib.PurePosixPath(p).as_uri().
Run with the module on PYTHONPATH: PYTHONPATH=build/dev/python python3 bench/python/chores_bench.py
Prints CPU time per call (best of --repeat runs, process time) and the ratio; --out FILE.json
writes the rows for bench/report.py (./bench.sh)."""
import argparse
import base64
import json
import os
import platform
import time
import urllib.parse
from pathlib import PurePosixPath

import urix


ap = argparse.ArgumentParser()
ap.add_argument("--repeat", type=int, default=5)
ap.add_argument("--out", help="write the rows as JSON here")
args = ap.parse_args()
rows = []


def best(fn, n):
    """CPU time per call of fn(), the best of --repeat runs of n calls. Results are dropped as
    they come, as bench_python.py's loop does: a list of n 4 KiB bodies would time the page
    faults of its 8 MB (about 3 us per call on either side) more than the decoding."""
    times = []
    for _ in range(args.repeat):
        t = time.process_time()
        for _ in range(n):
            fn()
        times.append((time.process_time() - t) / n)
    return min(times)


def row(key, name, ours, theirs):
    rows.append({"key": key, "case": name, "urix_ns": ours * 1e9, "peer_ns": theirs * 1e9})
    print(f"{name:34s} urix {ours * 1e6:9.3f} us  python {theirs * 1e6:9.3f} us  x{theirs / ours:6.1f}")


body = bytes((i * 131) & 0xFF for i in range(4096))
b64_url = "data:application/octet-stream;base64," + base64.b64encode(body).decode()
pct_url = "data:text/plain," + urllib.parse.quote_from_bytes(body, safe="")
short_url = "data:text/plain;charset=utf-8,Hello%2C%20World"
short_base64_url = "data:text/plain;base64,SGVsbG8="
short_default_url = "data:,Hello%20World"  # no MIME type: text/plain;charset=US-ASCII


def py_data(url):
    head, _, data = url.partition(",")
    raw = urllib.parse.unquote_to_bytes(data)
    return base64.b64decode(raw) if head.endswith(";base64") else raw


for key, name, url in (("data_base64", "data: 4 KiB base64", b64_url), ("data_percent", "data: 4 KiB escaped", pct_url),
                      ("data_short", "data: short text", short_url),
                      ("data_short_base64", "data: short base64", short_base64_url),
                      ("data_short_default", "data: short, default type", short_default_url)):
    assert urix.parse_data_url(url)[1] == py_data(url)
    n = 2000 if len(url) > 100 else 20000
    row(key, name, best(lambda: urix.parse_data_url(url), n), best(lambda: py_data(url), n))

paths = ["/home/user/projects/urix/src/file/file_path.cpp", "/tmp/a b/caf\u00e9 #1.txt", "/usr/share/doc"]
for p in paths:
    assert urix.path_to_uri(p) == PurePosixPath(p).as_uri() or "#" in p or " " in p
row("path_to_uri", "path_to_uri (3 paths)", best(lambda: [urix.path_to_uri(p) for p in paths], 20000),
    best(lambda: [PurePosixPath(p).as_uri() for p in paths], 20000))

if args.out:
    with open(args.out, "w") as f:
        json.dump({"python": platform.python_version(), "urix": urix.__version__, "repeat": args.repeat,
                   "load": os.getloadavg()[0], "rows": rows}, f, indent=1)
