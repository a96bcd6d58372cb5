#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Fails when a code file holds a byte >= 0x80.

Usage: check_ascii.py DIR...      check every file under each DIR (test files excepted)
       check_ascii.py --self-test prove the check flags a planted byte and skips test files

Code stays ASCII so it reads the same in every editor, terminal and diff, and so no compiler
has to guess a source encoding. Non-ASCII text is written as \\x / \\u escapes in code and
lives as-is in test files and test data. Prints one line per offending line: path:line:column
(column counts bytes from 1) and the byte.
"""

import os
import sys
import tempfile

CODE_SUFFIXES = (".h", ".hpp", ".inc", ".c", ".cc", ".cpp", ".cmake", ".txt", ".in", ".py", ".sh")


def is_test_file(relative):
    """A test source (foo_test.cpp, test_util.h) or anything under a tests/ folder."""
    parts = os.path.normpath(relative).split(os.sep)
    stem = os.path.splitext(parts[-1])[0]
    return stem.endswith("_test") or stem.startswith("test_") or "tests" in parts[:-1]


def offenders(roots):
    """Yields (path, line, column, byte) for the first non-ASCII byte of each offending line."""
    for root in roots:
        for directory, subdirs, files in os.walk(root):
            subdirs.sort()
            for name in sorted(files):
                path = os.path.join(directory, name)
                if not name.endswith(CODE_SUFFIXES) or is_test_file(os.path.relpath(path, root)):
                    continue
                with open(path, "rb") as f:
                    for number, line in enumerate(f, start=1):
                        for column, byte in enumerate(line, start=1):
                            if byte >= 0x80:
                                yield path, number, column, byte
                                break


def check(roots):
    found = list(offenders(roots))
    for path, line, column, byte in found:
        print(f"{path}:{line}:{column}: non-ASCII byte 0x{byte:02X}")
    if found:
        print(f"check_ascii: {len(found)} line(s) with non-ASCII bytes; use \\x or \\u escapes")
    return found


def self_test():
    with tempfile.TemporaryDirectory() as root:
        def plant(relative, data):
            path = os.path.join(root, relative)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
            return path

        plant("src/clean.cpp", b"int f() { return 1; }  // plain ASCII\n")
        bad = plant("src/bad.h", b"// ok\nconst char* s = \"caf\xc3\xa9\";\n")
        plant("src/bad_test.cpp", b"// test files may hold UTF-8: \xe4\xb8\xad\n")
        plant("tests/data.cpp", b"// so may anything under tests/: \xe4\xb8\xad\n")
        found = check([root])
        expected = [(bad, 2, 21, 0xC3)]
        if found != expected:
            print(f"check_ascii self-test FAILED: found {found}, expected {expected}")
            return 1
    print("check_ascii self-test passed")
    return 0


def main(argv):
    if argv == ["--self-test"]:
        return self_test()
    if not argv:
        print(__doc__)
        return 2
    missing = [d for d in argv if not os.path.isdir(d)]
    if missing:
        print(f"check_ascii: no such directory: {' '.join(missing)}")
        return 2
    return 1 if check(argv) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
