#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Line and -0 modes on worker threads (URIX_THREADS, docs/cli.md): whatever the number of
threads, every verb writes the same stdout and stderr bytes and exits with the same status as
with URIX_THREADS=1, which is the sequential code path.

Usage: threads_tests.py URIX_BINARY TESTDATA_DIR [--without-idna]

The input is ~3 MB of real URLs (corpora/*.txt; the CLI reads 1 MB blocks, so several blocks,
each run by a worker from the second on), made into the verb's kind of input where it takes
another (a data: URL, a path, a file: URI, a JSON object of variables), filtered per verb to
the lines it accepts, with a
rejected line put at chosen places: the first line, the last line of the first block, the first
of the second (a block a worker rejects, redone record by record on the main thread), the
middle, and the last line without its newline. Each verb runs with and without -k, and with -0.
stdin is a file, so that reads, and so blocks, are the same in every run.
"""
import base64
import json
import os
import subprocess
import sys
import tempfile

binary, testdata = sys.argv[1], sys.argv[2]
without_idna = "--without-idna" in sys.argv[3:]
BLOCK = 1 << 20  # block_size in cli/input.cpp
SIZE = 3 * BLOCK
THREADS = ("2", "4")
BAD = b"bad \xff %zz line"  # rejected by every verb below


def as_is(i, line):
    return line


def data_url(i, line):
    """Every other line a base64 body (decoded by a kernel), the others an escaped one."""
    return b"data:;base64," + base64.b64encode(line) if i % 2 else b"data:text/plain," + line


def variables(i, line):
    return json.dumps({"u": line.decode("latin-1"), "i": str(i)}).encode()


# Each verb's arguments, and its input made from corpus line i.
verbs = [(["encode", "--utf8"], as_is), (["decode"], as_is),
         (["check", "--set", "query", "--allow", "#[]"], as_is), (["parse"], as_is), (["normalize"], as_is),
         (["resolve", "https://www.example.com/dir/sub/page.html?q=1"], as_is), (["get", "{host}{path}"], as_is),
         (["data", "--body"], data_url), (["relativize", "https://www.example.com/dir/sub/page.html?q=1"], as_is),
         (["from-path"], lambda i, line: b"/" + line), (["to-path"], lambda i, line: b"file:///" + line),
         (["match", "{scheme}:{+rest}"], as_is), (["expand", "--vars-json", "{+u}{?i}"], variables)]
if not without_idna:
    verbs += [(["to-uri"], as_is), (["to-iri"], as_is), (["normalize", "--whatwg"], as_is)]

failures = []
checks = 0


def run(args, data, threads, tmp):
    path = os.path.join(tmp, "in")
    with open(path, "wb") as f:
        f.write(data)
    with open(path, "rb") as f:
        r = subprocess.run([binary, *args], stdin=f, capture_output=True,
                           env={**os.environ, "URIX_THREADS": threads}, timeout=60)
    return r.returncode, r.stdout, r.stderr


def compare(args, data, what, tmp):
    global checks
    want = run(args, data, "1", tmp)
    for threads in THREADS:
        checks += 1
        got = run(args, data, threads, tmp)
        if got != want:
            names = ("exit status", "stdout", "stderr")
            differ = [n for n, a, b in zip(names, got, want) if a != b]
            failures.append(f"{' '.join(args)} {what}, URIX_THREADS={threads}: {', '.join(differ)} "
                            f"differ from URIX_THREADS=1 (exit {got[0]} vs {want[0]}, stderr "
                            f"{got[2][:200]!r} vs {want[2][:200]!r})")
            print("FAIL " + failures[-1])
    return want


corpus = []
for name in ("kasztp.txt", "node_files.txt", "isaacs_files.txt"):
    with open(os.path.join(testdata, "corpora", name), "rb") as f:
        corpus += [l for l in f.read().split(b"\n") if l and b"\0" not in l]

with tempfile.TemporaryDirectory() as tmp:
    for args, make in verbs:
        # The lines this verb accepts, repeated to SIZE: the reference run with -k leaves an
        # empty output line (or, for check, a report) for each one it rejects.
        sample = [make(i, line) for i, line in enumerate(corpus[:20000])]
        code, out, err = run([*args, "-k"], b"\n".join(sample) + b"\n", "1", tmp)
        rejected = {int(l.split(b" ")[3].rstrip(b",")) - 1 for l in err.splitlines()
                    if l.startswith(b"urix: ") and b": line " in l}
        good = [l for i, l in enumerate(sample) if i not in rejected]
        if len(good) < len(sample) // 2:
            sys.exit(f"{' '.join(args)} rejects {len(sample) - len(good)} of {len(sample)} lines")
        lines = []
        while sum(map(len, lines)) + len(lines) < SIZE:
            lines += good
        # The line holding byte BLOCK starts the second block; the one before ends the first.
        offset, second = 0, 0
        while offset + len(lines[second]) + 1 <= BLOCK:
            offset += len(lines[second]) + 1
            second += 1
        places = [0, second - 1, second, len(lines) // 2, len(lines) - 1]
        sprinkled = list(lines)
        for p in places:
            sprinkled[p] = BAD
        for sep, mode in ((b"\n", []), (b"\0", ["-0"])):
            clean = sep.join(lines) + sep
            compare([*args, *mode], clean, "on valid lines", tmp)
            bad = sep.join(sprinkled)  # the last line without its separator
            want = compare([*args, *mode, "-k"], bad, "with rejected lines", tmp)
            if want[0] != 1 or want[2].count(b"\n") < len(places):
                failures.append(f"{' '.join(args)} -k: the reference run did not reject "
                                f"{len(places)} lines (exit {want[0]})")
            # Without -k the run stops in the second block, which a worker rejects.
            stop = list(lines)
            stop[second + 1] = BAD
            compare([*args, *mode], sep.join(stop) + sep, "stopping in the second block", tmp)
    # Stopping at the last line, without a newline, after every block ran on the workers.
    lines[-1] = BAD
    compare(["normalize"], b"\n".join(lines), "stopping at the last line", tmp)
    # Lines of two and three blocks among short ones: the first grows the reader's buffer, so
    # that the part of the second that a worker's block leaves behind in it (cli/input.cpp,
    # exchange_buffer) is longer than a block.
    long_lines = [b"http://a/" + bytes([c]) * (n * BLOCK + 12345) for c, n in ((120, 2), (121, 3))]
    few = second // 4
    mixed = (lines[:2 * second] + long_lines[:1] + lines[:few] + long_lines[1:] +
             lines[2 * second:-1])
    compare(["normalize"], b"\n".join(mixed) + b"\n", "with lines of 2 and 3 MB among short ones",
            tmp)

print(f"{checks - len(failures)} of {checks} comparisons with URIX_THREADS=1 passed")
sys.exit(1 if failures else 0)
