#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The generated man page (`urix --man`) documents what --help shows: a section for every verb
that `urix` lists, and every option of every verb's --help and of `urix --help`; and its
ENVIRONMENT section names every URIX_ variable whose name is in the binary (what getenv reads).

Usage: man_test.py URIX MAN-PAGE
"""
import re
import subprocess
import sys


def run(*argv):
    return subprocess.run(argv, capture_output=True, text=True, check=True).stdout


def options_in_help(text):
    """The option names of a CLI11 help text: "-0,--null", "--set TEXT" -> -0, --null, --set."""
    names = []
    for line in text.splitlines():
        m = re.match(r"\s+(-[^\s]+)", line)
        if m:
            names += [n for n in m.group(1).split(",") if n.startswith("-")]
    return names


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    urix, man_path = argv[1], argv[2]
    man = open(man_path, encoding="utf-8").read()
    listing = run(urix)
    verbs = re.findall(r"^  (\S+)  ", listing.split("Verbs:", 1)[1], re.M)
    problems = []
    if not verbs:
        problems.append("no verbs read from the output of 'urix'")
    helps = {"urix": run(urix, "--help")}
    for verb in verbs:
        if f".SS {verb}\n" not in man:
            problems.append(f"no section for the verb {verb}")
        helps[verb] = run(urix, verb, "--help")
    for where, text in helps.items():
        options = options_in_help(text)
        if not options:
            problems.append(f"no options read from '{where} --help'")
        for name in options:
            if name.replace("-", "\\-") not in man:
                problems.append(f"{where}: option {name} of --help is not in the man page")
    environment = man.split(".SH ENVIRONMENT\n", 1)[1].split("\n.SH ", 1)[0] if ".SH ENVIRONMENT\n" in man else ""
    # A name getenv reads is a string of its own, ending in NUL (a message's "URIX_IDNA=OFF" is not).
    names = sorted(set(re.findall(rb"URIX_[A-Z_]+(?=\x00)", open(urix, "rb").read())))
    if not names:
        problems.append("no URIX_ names found in the binary")
    for name in names:
        if f".B {name.decode()}\n" not in environment:
            problems.append(f"the environment variable {name.decode()} is not in the ENVIRONMENT section")
    for p in problems:
        print(f"man_test: FAILED: {p}", file=sys.stderr)
    if not problems:
        print(f"man_test: {len(verbs)} verbs, every option of their --help documented; "
              f"environment: {', '.join(n.decode() for n in names)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
