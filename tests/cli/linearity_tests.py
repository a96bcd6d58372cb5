#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Every verb is linear in its input (issue 28): adversarial lines doubled, time compared.

Usage: linearity_tests.py URIX_BINARY [NAME-SUBSTRING] [--without-idna]

For each case, a line built from a repeated piece (many labels, segments, '..', parameters,
escapes, IPv6-like literals) runs at n, 2n, 4n and 8n repetitions. The time is the CPU time
(user + system) of the program, the best of three runs, less that of a one-line input (the
start-up). Growth per doubling is the cube root of t(8n) / t(n); above 2.5 fails (linear
work gives about 2, quadratic 4). A ratio, never an absolute limit: n starts at the case's
count and doubles until the smallest run takes at least 20 ms of CPU time (a faster verb
gets larger inputs, so that timer noise does not decide), and the ratio holds on a slow
machine.
"""
import os
import subprocess
import sys
import tempfile

import without_idna

LIMIT = 2.5
SMALLEST_RUN = 0.02  # seconds of CPU time for n pieces
LONGEST_LINE = 256 << 20  # bytes at 8n pieces: the bound on the doubling of n

# name, verb arguments, prefix, repeated piece, suffix, n (the smallest repetition count)
CASES = [
    ("to-iri: many punycode labels", ["to-iri"], b"http://", b"xn--tda.", b"com/", 200_000),
    ("to-uri: many Unicode labels", ["to-uri"], b"http://", "\u00fc.".encode(), b"com/", 400_000),
    ("to-uri: many Unicode segments", ["to-uri"], b"http://a/", "\u00fc/".encode(), b"", 400_000),
    ("to-iri: many escapes", ["to-iri"], b"http://a/", b"%C3%BC", b"", 400_000),
    ("to-iri: many escaped host labels", ["to-iri"], b"http://", b"%C3%BC.", b"com/", 200_000),
    ("parse: many segments", ["parse"], b"http://a", b"/a", b"", 200_000),
    ("parse: many parameters", ["parse"], b"http://a/?", b"k=v&", b"", 200_000),
    ("parse: many escapes", ["parse"], b"/", b"%41", b"", 800_000),
    ("parse: many labels", ["parse"], b"http://", b"a.", b"com/", 800_000),
    ("parse: long IPv6-like literal", ["parse"], b"http://[", b"1:", b"]/", 800_000),
    ("parse: long IPvFuture literal", ["parse"], b"http://[v1.", b"a:", b"]/", 800_000),
    ("normalize: many dot-dot segments", ["normalize"], b"http://a/", b"../", b"b", 800_000),
    ("normalize: many a/.. pairs", ["normalize"], b"http://a/", b"a/../", b"b", 400_000),
    ("normalize: many escapes", ["normalize"], b"http://a/", b"%7e%2f", b"", 200_000),
    ("normalize: many host labels", ["normalize"], b"http://", b"A.", b"com/", 800_000),
    ("resolve: many dot-dot segments", ["resolve", "http://a/b/c/d;p?q"], b"", b"../", b"g",
     800_000),
    ("resolve: many segments", ["resolve", "http://a/b/c/d;p?q"], b"", b"./g/", b"", 400_000),
    ("equal: many escapes", ["equal"], b"http://a/", b"%7E", b"\nhttp://a/", 400_000),
    ("set: sort many parameters", ["set", "--sort-params"], b"http://a/?", b"k=v&", b"", 200_000),
    ("set: remove from many parameters", ["set", "--remove-param", "k"], b"http://a/?", b"k=v&j&",
     b"", 200_000),
    ("encode --charset: many characters", ["encode", "--charset", "shift_jis"], b"",
     "\u65e5".encode(), b"", 400_000),
    ("decode --charset: many escapes", ["decode", "--charset", "gb18030"], b"", b"%D6%D0",
     b"", 400_000),
    ("encode: every byte escaped", ["encode"], b"", b"<> ", b"", 1_000_000),
    ("decode: many escapes", ["decode"], b"", b"%41%e4", b"", 2_000_000),
    ("check: many escapes", ["check", "--utf8"], b"", b"%C3%BC", b"", 500_000),
]


def cpu_time(binary, args, data):
    """The CPU time of one run on `data` as standard input, best of three."""
    with tempfile.TemporaryFile() as stdin:
        stdin.write(data)
        best = float("inf")
        for _ in range(3):
            stdin.seek(0)
            p = subprocess.Popen([binary] + args, stdin=stdin, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
            _, _, usage = os.wait4(p.pid, 0)
            best = min(best, usage.ru_utime + usage.ru_stime)
        return best


def main():
    lacks_idna = without_idna.take_flag()
    binary = sys.argv[1]
    only = sys.argv[2] if len(sys.argv) > 2 else ""
    failures = 0
    left_out = 0
    for name, args, prefix, piece, suffix, n in CASES:
        if only not in name:
            continue
        if lacks_idna and without_idna.needs_idna(args):
            left_out += 1
            continue
        start = cpu_time(binary, args, b"http://a/\n")

        def line(count):
            return prefix + piece * count + suffix + b"\n"

        first = cpu_time(binary, args, line(n)) - start
        while first < SMALLEST_RUN and 16 * n * len(piece) <= LONGEST_LINE:
            n *= 2
            first = cpu_time(binary, args, line(n)) - start
        times = [max(first, 1e-4)] + [max(cpu_time(binary, args, line(n << k)) - start, 1e-4)
                                      for k in range(1, 4)]
        growth = (times[3] / times[0]) ** (1 / 3)
        ok = growth <= LIMIT
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {name}: x{growth:.2f} per doubling "
              f"({', '.join(f'{t * 1000:.0f}' for t in times)} ms at {n}, {2 * n}, {4 * n}, "
              f"{8 * n} pieces)")
    without_idna.report_left_out(left_out)
    print(f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
