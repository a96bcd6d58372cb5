#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The IRI and IDNA calls are linear in the number of labels, escapes and characters: each
shape of growth_driver runs at n and 8n pieces under callgrind, and the instructions are
compared (instructions.py says why counts, not time).

Usage: growth_tests.py GROWTH_DRIVER [NAME-SUBSTRING] [N]

Planted to see it fail: ICU given the whole domain instead of pieces of about 1 KB
(piece_bytes in src/iri/idna.cpp), the quadratic behaviour these shapes first found:
"domain_to_unicode xn--tda." grew x3.96 a doubling, "domain_to_ascii \u00FC." x2.97 and
"domain_to_ascii \u05D0." x2.96 (FAIL), where the code as it is gives x1.98-2.01.
"""
import subprocess
import sys

import instructions

N = 4000  # pieces: 8n is 32,000 labels, beyond the 2 KB pieces that ICU is given


def main():
    driver = sys.argv[1]
    only = sys.argv[2] if len(sys.argv) > 2 else ""
    n = int(sys.argv[3]) if len(sys.argv) > 3 else N
    shapes = subprocess.run([driver, "--list"], capture_output=True, text=True,
                            check=True).stdout.splitlines()
    failures = 0
    for name in shapes:
        if only not in name:
            continue
        g, counts = instructions.growth(
            lambda pieces: instructions.instructions([driver, name, str(pieces)]), n)
        failures += not instructions.report(name, g, counts, n)
    print(f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
