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

# glibc copies a block of more than a few KB with `rep movsb`, which callgrind counts once per
# byte, and a smaller one with a vector loop, about one instruction per 32 bytes: a call whose
# work is mostly a copy would seem to grow 18 times from 8 KB to 64 KB. Pinned to the vector
# loop at every size (glibc's tunables), a copy costs the same per byte at n and at 8n, and a
# quadratic memmove still shows.
GLIBC_TUNABLES = ("glibc.cpu.x86_rep_movsb_threshold=1073741824:"
                  "glibc.cpu.x86_rep_stosb_threshold=1073741824:"
                  "glibc.cpu.x86_non_temporal_threshold=1073741824")


def counting_env(env=None):
    """`env` (default: this process's) with glibc's copies pinned to one strategy."""
    return dict(env if env is not None else os.environ, GLIBC_TUNABLES=GLIBC_TUNABLES)


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
                               env=counting_env(env), timeout=900)
        if p.returncode not in (0, 1):
            raise RuntimeError(f"{' '.join(argv)}: exit {p.returncode}: "
                               f"{p.stderr.decode('utf-8', 'replace')[-2000:]}")
        with open(out) as f:
            for line in f:
                m = re.match(r"(?:summary|totals): (\d+)", line)
                if m:
                    return int(m.group(1))
    raise RuntimeError(f"{' '.join(argv)}: callgrind wrote no total")


def instructions_per_call(argv, function):
    """The instructions executed inside each call of `function` (a name with C linkage) that
    `argv` makes, in call order, and what it wrote on standard output: one process under
    callgrind for many measurements, collecting only inside the function and writing its count
    out after each call."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        p = subprocess.run([valgrind(), "--tool=callgrind", f"--callgrind-out-file={out}",
                            "--collect-atstart=no", f"--toggle-collect={function}",
                            f"--dump-after={function}", "--dump-line=no", "--compress-strings=no",
                            *argv], stdin=subprocess.DEVNULL, capture_output=True,
                           env=counting_env(), timeout=900)
        if p.returncode != 0:
            raise RuntimeError(f"{' '.join(argv)}: exit {p.returncode}: "
                               f"{p.stderr.decode('utf-8', 'replace')[-2000:]}")
        dumps = sorted((int(name.rsplit(".", 1)[1]), name) for name in os.listdir(tmp)
                       if re.fullmatch(r"callgrind\.out\.\d+", name))
        counts = []
        for _, name in dumps:
            with open(os.path.join(tmp, name)) as f:
                counts.append(next(int(m.group(1)) for m in map(re.compile(r"totals: (\d+)").match, f) if m))
        return counts, p.stdout.decode()


def per_doubling(at_0, at_n, at_8n):
    """(per-doubling growth, (start-up, work at n, work at 8n)) from counts at 0, n and 8n."""
    small, large = at_n - at_0, at_8n - at_0
    return (max(large, 1) / max(small, 1)) ** (1 / STEPS), (at_0, small, large)


def growth(count, n):
    """(per-doubling growth, counts at 0, n and 8n) for `count(pieces)`."""
    return per_doubling(count(0), count(n), count(n << STEPS))


def report(name, g, counts, n, unit="instructions", limit=LIMIT_PER_DOUBLING):
    ok = g <= limit
    start, small, large = counts
    print(f"{'ok  ' if ok else 'FAIL'} {name}: x{g:.2f} per doubling ({small:,} {unit} at "
          f"{n} pieces, {large:,} at {n << STEPS}; start-up {start:,})", flush=True)
    return ok
