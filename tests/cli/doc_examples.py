#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The shell sessions in the documentation, run against the built CLI: what the README and
docs/cli.md show a user typing must print what they say it prints.

Usage: doc_examples.py URIX_BINARY DOC.md...
       doc_examples.py URIX_BINARY --verb-help [--without-idna]

With --verb-help, the examples are those under "Examples:" in the help of every verb that
`urix` lists (`urix help VERB`), and every verb must have at least one. A build without IDNA
(--without-idna) lists two verbs fewer (to-uri, to-iri).

In a fenced block, a line starting with "$ " is a command (run by bash, stdout and stderr
merged, as a terminal shows them) and the lines up to the next command or the block's end are
its output. `urix` runs the binary under test, and so does `./run.sh` (the README's wrapper
that builds the CLI first; .ci/run runs the README's quick start through it for real). The
comparison ignores trailing whitespace at the end of an output only: a block cannot show that
an output has no final newline.
"""
import os
import re
import subprocess
import sys
import tempfile

import without_idna

FENCE = re.compile(r"^```")


def sessions(path):
    """(line number, command, expected output) for each "$ " line of each fenced block."""
    found = []
    in_block = False
    current = None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if FENCE.match(line):
                if current:
                    found.append(current)
                current = None
                in_block = not in_block
                continue
            if not in_block:
                continue
            if line.startswith("$ "):
                if current:
                    found.append(current)
                current = (number, line[2:], [])
            elif current:
                current[2].append(line)
    return [(n, cmd, "\n".join(out)) for n, cmd, out in found]


def help_sessions(binary, env, lacks_idna):
    """(verb, command, expected output) for each example in each listed verb's help."""
    listing = subprocess.run([binary], env=env, stdout=subprocess.PIPE, check=True).stdout.decode()
    verbs = re.findall(r"^  (\S+)  ", listing.split("Verbs:\n", 1)[1], flags=re.M)
    assert len(verbs) >= (10 if lacks_idna else 12), f"too few verbs in {listing!r}"
    found = []
    for verb in verbs:
        text = subprocess.run([binary, "help", verb], env=env, stdout=subprocess.PIPE,
                              check=True).stdout.decode()
        block = text.split("Examples:\n", 1)
        if len(block) < 2:
            found.append((verb, "# (no Examples: section: fails)", "an Examples: section"))
            continue
        current = None
        ran = 0
        for line in block[1].split("\n"):
            if not line.startswith("  "):
                break
            line = line[2:]
            if line.startswith("$ "):
                if current:
                    found.append(current)
                current = (verb, line[2:], [])
                ran += 1
            elif current:
                current[2].append(line)
        if current:
            found.append(current)
        if ran == 0:
            found.append((verb, "# (no example: fails)", "at least one example"))
    return [(v, cmd, "\n".join(out) if isinstance(out, list) else out) for v, cmd, out in found]


def main():
    lacks_idna = without_idna.take_flag()
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as bin_dir:
        os.symlink(binary, os.path.join(bin_dir, "urix"))
        env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""), LC_ALL="C.UTF-8")
        failures = 0
        total = 0
        if sys.argv[2] == "--verb-help":
            runs = [("urix help " + verb, cmd, out)
                    for verb, cmd, out in help_sessions(binary, env, lacks_idna)]
        else:
            runs = [(f"{doc}:{n}", cmd, out) for doc in sys.argv[2:] for n, cmd, out in sessions(doc)]
        for where, command, expected in runs:
            total += 1
            run = re.sub(r"(^|[|;&(]\s*)\./run\.sh\b", r"\1urix", command)
            result = subprocess.run(["bash", "-c", "{ " + run + "\n} 2>&1"], env=env, cwd=bin_dir,
                                    stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, timeout=60)
            actual = result.stdout.decode("utf-8", errors="replace")
            if actual.rstrip() != expected.rstrip():
                failures += 1
                print(f"{where}: $ {command}\n  expected:\n{expected}\n  got:\n{actual}")
        print(f"{total - failures} of {total} documented commands print what they say")
        sys.exit(1 if failures or total == 0 else 0)


if __name__ == "__main__":
    main()
