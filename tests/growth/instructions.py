# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Growth checks that count work, not time: instructions executed, under valgrind's callgrind.

The count of a program on an input is the same on every run, CPU (Intel or AMD, AVX2 or
AVX-512: valgrind hides AVX-512, so the AVX2 or scalar kernel runs), cache size and load, so a
ratio of counts measures the code alone. A case runs at n and 8n pieces and at 0 pieces (the
start-up, subtracted); linear code gives a ratio near 8 (2 a doubling), quadratic code 64 (4).
The limit, 2.5 a doubling (15.6 for 8x), lies 2x above linear and 4x below quadratic.

growth_tests.py and cli/linearity_tests.py say in their docstrings which quadratic code was
planted to see their checks fail, and the ratios seen.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

LIMIT_PER_DOUBLING = 2.5
STEPS = 3  # n -> 8n


def valgrind():
    path = shutil.which("valgrind")
    if path is None:
        print("growth: valgrind is missing (tools/deps.sh installs it)", file=sys.stderr)
        sys.exit(2)
    return path


def instructions(argv, data=b"", env=None):
    """Instructions that `argv` executes with `data` on its standard input."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        stdin = os.path.join(tmp, "stdin")
        with open(stdin, "wb") as f:
            f.write(data)
        with open(stdin, "rb") as f:
            p = subprocess.run([valgrind(), "--tool=callgrind", f"--callgrind-out-file={out}",
                                "--dump-line=no", "--compress-strings=no", *argv],
                               stdin=f, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               env=env, timeout=900)
        if p.returncode not in (0, 1):
            raise RuntimeError(f"{' '.join(argv)}: exit {p.returncode}: "
                               f"{p.stderr.decode('utf-8', 'replace')[-2000:]}")
        with open(out) as f:
            for line in f:
                m = re.match(r"(?:summary|totals): (\d+)", line)
                if m:
                    return int(m.group(1))
    raise RuntimeError(f"{' '.join(argv)}: callgrind wrote no total")


def growth(count, n):
    """(per-doubling growth, counts at 0, n and 8n) for `count(pieces)`."""
    start = count(0)
    small = count(n) - start
    large = count(n << STEPS) - start
    return (max(large, 1) / max(small, 1)) ** (1 / STEPS), (start, small, large)


def report(name, g, counts, n):
    ok = g <= LIMIT_PER_DOUBLING
    start, small, large = counts
    print(f"{'ok  ' if ok else 'FAIL'} {name}: x{g:.2f} per doubling ({small:,} instructions at "
          f"{n} pieces, {large:,} at {n << STEPS}; start-up {start:,})", flush=True)
    return ok
