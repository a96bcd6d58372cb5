#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Peak memory of the urix CLI on one long line (the bounds are docs/cli.md's).

Usage: memory_tests.py URIX_BINARY [--without-idna]

For each verb and an adversarial line of N bytes (many parameters, segments, escapes, dots,
labels), the program's peak resident set (getrusage's maxrss, read by /usr/bin/time) is
measured for N and for a one-line input. (peak(N) - peak(tiny)) / N must be within the bound
docs/cli.md states for the verb: memory is a small constant multiple of the line, never the
50x that a tree of JSON nodes took. A second check runs the verbs under an address-space
limit: a line that fits must go through, and one that cannot must end in 'out of memory' and
exit 2, never in an abort.
"""
import os
import resource
import subprocess
import sys
import tempfile

import without_idna

MIB = 1 << 20
SIZE = 8 * MIB

# verb arguments, the line (a function of its approximate size), the bound: bytes of peak
# memory per byte of the line, beyond what a one-line input takes (docs/cli.md, "Memory").
CASES = [
    ("encode, every byte escaped", ["encode"], lambda n: b" " * n, 6),
    ("decode, escapes", ["decode"], lambda n: b"%41" * (n // 3), 3),
    ("check, escapes", ["check"], lambda n: b"%41" * (n // 3), 2),
    ("parse, many parameters", ["parse"], lambda n: b"?" + b"k=v&" * (n // 4), 3),
    ("parse, many segments", ["parse"], lambda n: b"/a" * (n // 2), 3),
    ("parse, escapes", ["parse"], lambda n: b"/" + b"%01" * (n // 3), 3),
    ("normalize, escapes", ["normalize"], lambda n: b"http://a/" + b"%41/" * (n // 4), 8),
    ("normalize, dot segments", ["normalize"], lambda n: b"http://a/" + b"a/../" * (n // 5), 8),
    ("equal, escapes", ["equal"], lambda n: (b"http://a/" + b"%7E" * (n // 6) + b"\n") * 2, 8),
    ("resolve, segments", ["resolve", "http://a/b/c/d;p?q"], lambda n: b"x/" * (n // 2), 8),
    ("resolve, dot segments", ["resolve", "http://a/b/c/d;p?q"], lambda n: b"../" * (n // 3), 8),
    ("to-uri, non-ASCII path", ["to-uri"], lambda n: b"http://a/" + "\u00fc".encode() * (n // 2), 8),
    ("to-iri, escapes", ["to-iri"], lambda n: b"http://a/" + b"%C3%BC" * (n // 6), 8),
    ("to-iri, many labels", ["to-iri"], lambda n: b"http://" + b"xn--tda." * (n // 8) + b"com/", 8),
    ("set, sorting two-byte parameters", ["set", "--sort-params"], lambda n: b"?" + b"a&" * (n // 2),
     16),
    ("set, removing parameters", ["set", "--remove-param", "b"], lambda n: b"?" + b"a&b&" * (n // 4),
     8),
    ("encode --charset, non-ASCII", ["encode", "--charset", "gb18030"],
     lambda n: "\u4e2d".encode() * (n // 3), 8),
    ("decode --charset, escapes", ["decode", "--charset", "gb18030"], lambda n: b"%D6%D0" * (n // 6),
     8),
    ("data --body, base64", ["data", "--body"], lambda n: b"data:;base64," + b"QUJD" * (n // 4), 5),
    ("data --body, base64 with spaces", ["data", "--body"], lambda n: b"data:;base64," + b"QUJD " * (n // 5),
     5),
    ("data --body, escapes", ["data", "--body"], lambda n: b"data:," + b"%41b" * (n // 4), 5),
    ("relativize, many segments", ["relativize", "http://a/b/c/d"], lambda n: b"http://a/b/" + b"x/" * (n // 2),
     24),
    ("from-path, many segments", ["from-path"], lambda n: b"/" + b"a b/" * (n // 4), 6),
    ("to-path, many escapes", ["to-path"], lambda n: b"file:///" + b"%20a/" * (n // 5), 3),
    ("match, many segments", ["match", "{/path*}"], lambda n: b"/a%20" * (n // 5), 16),
    ("expand --vars-json, a long list", ["expand", "--vars-json", "{/path*}"],
     lambda n: b'{"path": [' + b'"a",' * (n // 4) + b'"a"]}', 20),
    ("normalize --whatwg, dot segments", ["normalize", "--whatwg"], lambda n: b"http://a/" + b"a/../" * (n // 5),
     8),
    ("normalize --whatwg, many labels", ["normalize", "--whatwg"], lambda n: b"http://" + b"a." * (n // 2) + b"com/",
     8),
]


def peak_rss(binary, args, data):
    """Peak RSS in bytes of one run on `data` as standard input, and its exit status."""
    with tempfile.TemporaryFile() as stdin, tempfile.NamedTemporaryFile("r") as report:
        stdin.write(data)
        stdin.seek(0)
        # /usr/bin/time starts the program from its own small process, so the maxrss it reads
        # is the program's alone (a child forked from this interpreter would start with ours).
        r = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report.name, binary] + args,
                           stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return int(report.read().split()[-1]) * 1024, r.returncode


def limited(binary, args, data, limit):
    """Runs under an address-space limit; returns (exit status, stderr)."""
    def set_limit():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    r = subprocess.run([binary] + args, input=data, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, preexec_fn=set_limit)
    return r.returncode, r.stderr.decode("utf-8", "replace")


def main():
    lacks_idna = without_idna.take_flag()
    binary = sys.argv[1]
    failures = 0
    left_out = 0
    for name, args, make, bound in CASES:
        if lacks_idna and without_idna.needs_idna(args):
            left_out += 1
            continue
        line = make(SIZE)
        tiny, _ = peak_rss(binary, args, b"http://a/b\n" * (2 if args[0] == "equal" else 1))
        peak, status = peak_rss(binary, args, line if line.endswith(b"\n") else line + b"\n")
        ratio = (peak - tiny) / len(line)
        ok = ratio <= bound and status in (0, 1)
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {name}: {ratio:.2f} bytes per byte of the line "
              f"(bound {bound}), peak {peak / MIB:.0f} MiB, exit {status}")

    # The reporter's case: 250,000 parameters (1 MB) under `ulimit -v 80000` aborted parse.
    query = b"?" + b"k=v&" * 250000 + b"\n"
    status, err = limited(binary, ["parse"], query, 80000 * 1024)
    ok = status == 0
    failures += not ok
    print(f"{'ok  ' if ok else 'FAIL'} parse of 250,000 parameters in 80 MB: exit {status} {err}")
    # A line that cannot fit: every verb says so and exits 2.
    huge = b"a" * (96 * MIB) + b"\n"
    for args in (["encode"], ["decode"], ["check"], ["parse"], ["normalize"], ["equal"],
                 ["resolve", "http://a/"], ["to-uri"], ["to-iri"], ["set", "--sort-params"], ["data", "--body"],
                 ["relativize", "http://a/"], ["from-path"], ["to-path"], ["match", "{x}"],
                 ["expand", "--vars-json", "{x}"], ["normalize", "--whatwg"]):
        if lacks_idna and without_idna.needs_idna(args):
            left_out += 1
            continue
        status, err = limited(binary, args, huge, 80 * MIB)
        ok = status == 2 and err.endswith("out of memory\n")
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {args[0]} of a 96 MiB line in 80 MiB: exit {status} "
              f"{err.strip()!r}")
    without_idna.report_left_out(left_out)
    print(f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
