#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Every source file of urix carries its licence as an SPDX tag (issue 33).

Usage: spdx.py [--add] [ROOT]   check (or, with --add, tag) every source file under ROOT
       spdx.py --self-test      prove the check flags an untagged file and that --add fixes it

urix is licensed Apache-2.0 OR MIT (LICENSE). The tag is the first line of each file, after a
"#!" line in scripts, in the file's own comment syntax. Build output, test data and fuzz
corpora are not source. Prints each untagged file; exits 1 if there is one.
"""

import os
import sys
import tempfile

TAG = "SPDX-License-Identifier: Apache-2.0 OR MIT"
SLASH = (".h", ".hpp", ".c", ".cc", ".cpp")
HASH = (".py", ".pyi", ".sh", ".cmake", ".toml", ".in")
NAMES = {"CMakeLists.txt": "#", "run": "#"}
SKIP_DIRS = {".git", "build", "data", "corpus", "__pycache__", "node_modules"}


def comment_of(name):
    """The line-comment marker of a source file's language, or None if it is not source."""
    if name in NAMES:
        return NAMES[name]
    if name.endswith(SLASH) or name.endswith(".h.in"):
        return "//"
    if name.endswith(HASH):
        return "#"
    return None


def sources(root):
    for directory, subdirs, files in os.walk(root):
        subdirs[:] = sorted(d for d in subdirs if d not in SKIP_DIRS and not d.startswith("build"))
        for name in sorted(files):
            marker = comment_of(name)
            if marker:
                yield os.path.join(directory, name), marker


def tagged(path):
    with open(path, "rb") as f:
        head = f.read(512).decode("utf-8", "replace").splitlines()[:2]
    return any(TAG in line for line in head)


def add_tag(path, marker):
    with open(path, "r", encoding="utf-8", newline="") as f:
        text = f.read()
    line = f"{marker} {TAG}\n"
    if text.startswith("#!"):
        first, _, rest = text.partition("\n")
        text = first + "\n" + line + rest
    else:
        text = line + text
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def run(root, add, report=True):
    missing = [(p, m) for p, m in sources(root) if not tagged(p)]
    for path, marker in missing:
        if add:
            add_tag(path, marker)
        elif report:
            print(f"{os.path.relpath(path, root)}: no '{TAG}' line")
    return 1 if missing and not add else 0


def self_test():
    with tempfile.TemporaryDirectory() as root:
        for name, body in (("a.cpp", "int x;\n"), ("s.sh", "#!/bin/sh\necho\n"), ("d.json", "{}\n")):
            with open(os.path.join(root, name), "w") as f:
                f.write(body)
        if run(root, add=False, report=False) != 1:
            print("self-test: untagged files were not flagged")
            return 1
        run(root, add=True)
        if run(root, add=False) != 0:
            print("self-test: --add left a file untagged")
            return 1
        with open(os.path.join(root, "s.sh")) as f:
            if not f.read().startswith("#!/bin/sh\n# " + TAG):
                print("self-test: the tag must follow the #! line")
                return 1
    print("self-test: ok")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    add = "--add" in argv
    rest = [a for a in argv[1:] if a != "--add"]
    root = rest[0] if rest else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    return run(root, add)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
