#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Every verb is linear in its input: adversarial lines of n and 8n repeated pieces, the
instructions the CLI executes counted under callgrind (tests/growth/instructions.py: counts,
never time, so the verdict is the code's, on any CPU and under any load).

Usage: linearity_tests.py URIX_BINARY [NAME-SUBSTRING] [--without-idna]

For each case a line built from a repeated piece (many labels, segments, '..', parameters,
escapes, IPv6-like literals) runs at 0, n and 8n pieces; growth per doubling is the cube root
of (I(8n) - I(0)) / (I(n) - I(0)); above 2.5 fails (linear work gives 2, quadratic 4).

Planted to see it fail: uri::sort_params sorting by insertion, moving each parameter past
every one before it (quadratic): "set: sort many parameters" grew x4.00 a doubling (FAIL;
run at 500 pieces: at 4,000 the planted code takes minutes under callgrind).
"""
import os
import sys

import without_idna

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "growth"))
import instructions  # noqa: E402

# name, verb arguments, prefix, repeated piece, suffix, n (pieces of the smaller line)
CASES = [
    ("to-iri: many punycode labels", ["to-iri"], b"http://", b"xn--tda.", b"com/", 4_000),
    ("to-uri: many Unicode labels", ["to-uri"], b"http://", "\u00fc.".encode(), b"com/", 8_000),
    ("to-uri: many Unicode segments", ["to-uri"], b"http://a/", "\u00fc/".encode(), b"", 8_000),
    ("to-iri: many escapes", ["to-iri"], b"http://a/", b"%C3%BC", b"", 8_000),
    ("to-iri: many escaped host labels", ["to-iri"], b"http://", b"%C3%BC.", b"com/", 4_000),
    ("parse: many segments", ["parse"], b"http://a", b"/a", b"", 4_000),
    ("parse: many parameters", ["parse"], b"http://a/?", b"k=v&", b"", 4_000),
    ("parse: many escapes", ["parse"], b"/", b"%41", b"", 16_000),
    ("parse: many labels", ["parse"], b"http://", b"a.", b"com/", 16_000),
    ("parse: long IPv6-like literal", ["parse"], b"http://[", b"1:", b"]/", 16_000),
    ("parse: long IPvFuture literal", ["parse"], b"http://[v1.", b"a:", b"]/", 16_000),
    ("normalize: many dot-dot segments", ["normalize"], b"http://a/", b"../", b"b", 16_000),
    ("normalize: many a/.. pairs", ["normalize"], b"http://a/", b"a/../", b"b", 8_000),
    ("normalize: many escapes", ["normalize"], b"http://a/", b"%7e%2f", b"", 4_000),
    ("normalize: many host labels", ["normalize"], b"http://", b"A.", b"com/", 16_000),
    ("resolve: many dot-dot segments", ["resolve", "http://a/b/c/d;p?q"], b"", b"../", b"g",
     16_000),
    ("resolve: many segments", ["resolve", "http://a/b/c/d;p?q"], b"", b"./g/", b"", 8_000),
    ("equal: many escapes", ["equal"], b"http://a/", b"%7E", b"\nhttp://a/", 8_000),
    ("set: sort many parameters", ["set", "--sort-params"], b"http://a/?", b"k=v&", b"", 4_000),
    ("set: remove from many parameters", ["set", "--remove-param", "k"], b"http://a/?", b"k=v&j&",
     b"", 4_000),
    ("encode --charset: many characters", ["encode", "--charset", "shift_jis"], b"",
     "\u65e5".encode(), b"", 8_000),
    ("decode --charset: many escapes", ["decode", "--charset", "gb18030"], b"", b"%D6%D0",
     b"", 8_000),
    ("encode: every byte escaped", ["encode"], b"", b"<> ", b"", 20_000),
    ("decode: many escapes", ["decode"], b"", b"%41%e4", b"", 40_000),
    ("check: many escapes", ["check", "--utf8"], b"", b"%C3%BC", b"", 10_000),
    ("data: long base64 body with spaces", ["data", "--body"], b"data:;base64,", b"QUJD ", b"",
     16_000),
    ("data: long escaped body", ["data", "--body"], b"data:,", b"%41b", b"", 16_000),
    ("relativize: many segments", ["relativize", "http://a/b/c/d"], b"http://a/b/", b"x/", b"y",
     8_000),
    ("from-path: many segments", ["from-path"], b"/", b"a b/", b"c", 8_000),
    ("to-path: many escapes", ["to-path"], b"file:///", b"%20a/", b"c", 8_000),
    ("match: many segments", ["match", "{/path*}"], b"", b"/a%20", b"", 8_000),
    ("expand --vars-json: a long list", ["expand", "--vars-json", "{/path*}"], b'{"path": [', b'"a b",',
     b'"c"]}', 8_000),
    ("normalize --whatwg: many dot-dot segments", ["normalize", "--whatwg"], b"http://a/", b"../",
     b"b", 16_000),
    ("normalize --whatwg: many labels", ["normalize", "--whatwg"], b"http://", b"a.", b"com/",
     8_000),
    # Every validation error kept and mapped back past every removed tab (explain reads both).
    ("explain: many errors and tabs", ["explain"], b"http://a/", b"%zz\t", b"", 4_000),
]


def count(binary, args, data):
    """Instructions of one run of the CLI on `data` as standard input (one thread, so that
    the count does not depend on the number of cores)."""
    env = dict(os.environ, URIX_THREADS="1")
    return instructions.instructions([binary] + args, data, env=env)


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
        def line(pieces):
            return prefix + piece * pieces + suffix + b"\n"

        g, counts = instructions.growth(lambda pieces: count(binary, args, line(pieces)), n)
        failures += not instructions.report(name, g, counts, n)
    without_idna.report_left_out(left_out)
    print(f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
