#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The IRI, IDNA and URL Standard calls are linear in the number of labels, escapes, segments
and characters: growth_driver runs each shape's call at 0, n and 8n pieces in one process
under callgrind, which counts the instructions inside each call (instructions.py says why
counts, not time). The URL shapes ("url ...") are also judged on the peak of the bytes they
hold through operator new during the call, which must grow no faster either (linear memory).

Usage: growth_tests.py GROWTH_DRIVER [--only PREFIX] [--skip PREFIX] [--n N] [NAME-SUBSTRING]

The limit (instructions.LIMIT_PER_DOUBLING, 2.5) also admits n log n work: sorting 4,000 and
32,000 search parameters is at most 8 x log(32000) / log(4000) = 10.0 times the work, 2.15 a
doubling (measured: x2.10), where a quadratic sort gives 4. Memory has a limit of its own,
3.0 (27 times for 8 times the pieces): a string or vector that doubles its capacity as it grows
holds up to twice what it needs, and the old block is still live while the new one is filled,
so linear memory measures up to about 16 times for 8 times the pieces (x2.52); quadratic
memory gives 64 (x4).

A shape in KNOWN_SUPERLINEAR is a library defect found and not yet fixed: it is run at a
smaller n (its quadratic work would take minutes under callgrind), and the test fails when it
is no longer super-linear, so that the fix takes it out of the list.

Planted to see it fail: ICU given the whole domain instead of pieces of about 1 KB
(piece_bytes in src/iri/idna.cpp), the quadratic behaviour these shapes first found:
"domain_to_unicode xn--tda." grew x3.96 a doubling, "domain_to_ascii \u00FC." x2.97 and
"domain_to_ascii \u05D0." x2.96 (FAIL), where the code as it is gives x1.98-2.01 (counted then
per process, start-up subtracted). url_search_params::remove erasing each matching pair from
the vector in a loop (each erase moves the rest): "url search_params remove" grew x3.99 a
doubling, 41.5 billion instructions at 32,000 pairs (FAIL), where std::erase_if gives x2.00.
"Shorten a URL's path" finding the last '/' by a scan from the path's start: the four
"segments, then as many ../" shapes grew x3.94-x3.96 (FAIL; the shapes with '..' alone, which
find no segment to remove, do not see it), where rfind gives x2.00.
"""
import argparse
import subprocess
import sys

import instructions

N = 4000  # pieces: 8n is 32,000 labels, beyond the 2 KB pieces that ICU is given
KNOWN_N = 500
MEMORY_LIMIT_PER_DOUBLING = 3.0

# Shape -> why it is super-linear today.
KNOWN_SUPERLINEAR = {}


def measure(driver, names, n):
    """{name: (instruction growth, counts, peak-byte growth, peaks)} for the shapes `names`."""
    counts, out = instructions.instructions_per_call(
        [driver, "--measure", str(n), *names], "growth_measured_call")
    peaks = [int(line.split("\t")[2]) for line in out.splitlines()]
    if len(counts) != 3 * len(names) or len(peaks) != 3 * len(names):
        raise RuntimeError(f"{len(counts)} counts and {len(peaks)} peaks for {len(names)} shapes")
    results = {}
    for k, name in enumerate(names):
        g, c = instructions.per_doubling(*counts[3 * k:3 * k + 3])
        gm, m = instructions.per_doubling(*peaks[3 * k:3 * k + 3])
        results[name] = (g, c, gm, m)
    return results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("driver")
    ap.add_argument("substring", nargs="?", default="")
    ap.add_argument("--only", default="", help="the shapes whose names start with this")
    ap.add_argument("--skip", help="leave out the shapes whose names start with this")
    ap.add_argument("--n", type=int, default=N)
    args = ap.parse_args()
    shapes = subprocess.run([args.driver, "--list"], capture_output=True, text=True,
                            check=True).stdout.splitlines()
    chosen = [s for s in shapes if args.substring in s and s.startswith(args.only)
              and not (args.skip and s.startswith(args.skip))]
    failures = 0
    for names, n in (([s for s in chosen if s not in KNOWN_SUPERLINEAR], args.n),
                     ([s for s in chosen if s in KNOWN_SUPERLINEAR], KNOWN_N)):
        if not names:
            continue
        for name, (g, counts, gm, peaks) in measure(args.driver, names, n).items():
            ok = instructions.report(name, g, counts, n)
            if name.startswith("url "):
                ok = instructions.report(name + " (peak bytes)", gm, peaks, n, "bytes",
                                         MEMORY_LIMIT_PER_DOUBLING) and ok
            if name not in KNOWN_SUPERLINEAR:
                failures += not ok
            elif ok:
                print(f"FAIL {name}: listed as super-linear ({KNOWN_SUPERLINEAR[name]}) but linear "
                      f"now: take it out of KNOWN_SUPERLINEAR")
                failures += 1
            else:
                print(f"     (known, a library defect: {KNOWN_SUPERLINEAR[name]})")
    print(f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
