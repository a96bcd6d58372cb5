#!/usr/bin/env python3
"""The shell sessions in the documentation, run against the built CLI: what the README and
docs/cli.md show a user typing must print what they say it prints.

Usage: doc_examples.py URIX_BINARY DOC.md...

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


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as bin_dir:
        os.symlink(binary, os.path.join(bin_dir, "urix"))
        env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""), LC_ALL="C.UTF-8")
        failures = 0
        total = 0
        for doc in sys.argv[2:]:
            for number, command, expected in sessions(doc):
                total += 1
                run = re.sub(r"(^|[|;&(]\s*)\./run\.sh\b", r"\1urix", command)
                result = subprocess.run(["bash", "-c", "{ " + run + "\n} 2>&1"], env=env, cwd=bin_dir,
                                        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, timeout=60)
                actual = result.stdout.decode("utf-8", errors="replace")
                if actual.rstrip() != expected.rstrip():
                    failures += 1
                    print(f"{doc}:{number}: $ {command}\n  expected:\n{expected}\n  got:\n{actual}")
        print(f"{total - failures} of {total} documented commands print what the docs say")
        sys.exit(1 if failures or total == 0 else 0)


if __name__ == "__main__":
    main()
