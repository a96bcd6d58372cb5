# SPDX-License-Identifier: Apache-2.0 OR MIT
"""What a urix CLI built without IDNA (URIX_IDNA=OFF, no ICU) lacks, for the test runners.

Given --without-idna (tests/CMakeLists.txt passes it to such a build), a runner leaves out the
cases that run one of these, and says how many; cli_absent_golden checks what the CLI says of
them instead.
"""
import sys

IDNA_ONLY = ("to-uri", "to-iri", "--charset", "--ncr", "explain", "--whatwg")


def needs_idna(args):
    """Does a command line (the arguments after the program) use what needs IDNA?"""
    return any(a in IDNA_ONLY or a.startswith("--charset=") for a in args)


def take_flag(argv=sys.argv):
    """Removes --without-idna from `argv`; returns whether it was there."""
    if "--without-idna" not in argv:
        return False
    argv.remove("--without-idna")
    return True


def report_left_out(count):
    if count:
        print(f"left out {count} case(s) that need IDNA: this urix was built without it")
