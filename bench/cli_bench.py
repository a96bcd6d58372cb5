#!/usr/bin/env python3
"""bench/cli_bench.py: the urix CLI against Python's urllib.parse and Node's
encodeURIComponent, each encoding every line of the same ~100 MB file.

Usage: cli_bench.py --urix PATH --testdata DIR --out RESULT.json [--mb 100] [--runs 3]

urix runs twice: `urix encode` (RFC 3986 component set, as Python and Node) and
`urix encode --set path` (fewer escapes, as for a path).

The file is the shared corpora (real URLs and multilingual text) repeated, written to a
temporary directory and deleted afterwards. Times are wall clock, best of --runs, output
to a file. Each tool's output is compared with urix's: Python's quote(safe='') is RFC 3986
component encoding and should match; Node's encodeURIComponent also keeps ! ' ( ) *.
"""
import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time

PYTHON = (
    "import sys, urllib.parse\n"
    "q = urllib.parse.quote_from_bytes\n"
    "data = sys.stdin.buffer.read()\n"
    "lines = data.split(b'\\n')\n"
    "if lines and lines[-1] == b'': lines.pop()\n"
    "sys.stdout.write(''.join(q(l, safe='') + '\\n' for l in lines))\n"
)
NODE = (
    "const fs = require('fs');"
    "const lines = fs.readFileSync(0, 'utf8').split('\\n');"
    "if (lines.length && lines[lines.length - 1] === '') lines.pop();"
    "fs.writeSync(1, lines.map(encodeURIComponent).join('\\n') + '\\n');"
)


def make_file(testdata, size, path):
    corpora = os.path.join(testdata, "corpora")
    parts = [os.path.join(corpora, f) for f in ("isaacs_files.txt", "kasztp.txt", "node_files.txt")]
    ml = os.path.join(corpora, "multilingual")
    parts += sorted(os.path.join(ml, f) for f in os.listdir(ml))
    chunk = b""
    for p in parts:
        with open(p, "rb") as f:
            text = f.read()
        if text.startswith(b"\xef\xbb\xbf"):
            text = text[3:]
        if not text.endswith(b"\n"):
            text += b"\n"
        chunk += text
    written = 0
    lines = 0
    with open(path, "wb") as f:
        while written < size:
            f.write(chunk)
            written += len(chunk)
            lines += chunk.count(b"\n")
    return written, lines


def run(cmd, infile, outfile, runs):
    best = None
    for _ in range(runs):
        with open(infile, "rb") as i, open(outfile, "wb") as o:
            t0 = time.perf_counter()
            r = subprocess.run(cmd, stdin=i, stdout=o, stderr=subprocess.PIPE)
            dt = time.perf_counter() - t0
        if r.returncode != 0:
            print(f"cli_bench: {cmd[0]} failed: {r.stderr.decode(errors='replace')[:300]}", file=sys.stderr)
            return None
        best = dt if best is None else min(best, dt)
    return best


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--urix", required=True)
    ap.add_argument("--testdata", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--mb", type=float, default=100)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="urix-cli-bench-") as tmp:
        infile = os.path.join(tmp, "input.txt")
        size, lines = make_file(args.testdata, int(args.mb * 1e6), infile)
        os.sync()  # the kernel writes the new file back now, not while the first tool runs
        tools = [
            ("urix", [args.urix, "encode"], "urix encode < FILE"),
            ("urix (path set)", [args.urix, "encode", "--set", "path"], "urix encode --set path < FILE"),
            ("python3 urllib.parse", [sys.executable, "-c", PYTHON], "quote_from_bytes(line, safe='') per line"),
            ("node encodeURIComponent", ["node", "-e", NODE], "encodeURIComponent per line"),
        ]
        results = []
        reference = None
        for name, cmd, shown in tools:
            outfile = os.path.join(tmp, name.split()[0] + ".out")
            seconds = run(cmd, infile, outfile, args.runs)
            if seconds is None:
                continue
            d = digest(outfile)
            if reference is None:
                reference = d
            same = "n/a (another set)" if "--set" in cmd else "yes" if d == reference else "no"
            results.append({"name": name, "command": shown, "seconds": seconds, "same_output": same})
            print(f"cli_bench: {name}: {seconds:.2f} s, {size / seconds / 1e6:.0f} MB/s", file=sys.stderr)
    with open(args.out, "w") as f:
        json.dump({"file_bytes": size, "lines": lines, "runs": args.runs, "tools": results}, f, indent=1)


if __name__ == "__main__":
    main()
