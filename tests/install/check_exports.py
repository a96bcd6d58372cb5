#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Checks the dynamic symbol tables of the urix shared libraries: each defined symbol is the C
API (urix_*) or the public C++ API (urix::, outside urix::detail), and each library exports the
calls it exists for. Run by the install_shared test on the installed libraries.

Usage: check_exports.py NM LIBRARY...     (NM: the nm program; exit 1 on a violation)
       check_exports.py --self-test       (the rule accepts and rejects what it should)
"""
import os
import re
import subprocess
import sys

# What each library must export: one call per part, so an export set emptied by a wrong
# visibility setting fails the test instead of passing it.
REQUIRED = {
    "liburix_core": ["urix::encode_to("],
    "liburix_idna": ["urix::iri_to_uri["],
    "liburix": ["urix_encode"],
}


def violation(symbol):
    """Why `symbol` (demangled, as nm -C prints it) must not be exported, or None."""
    if re.fullmatch(r"urix_[a-z0-9_]+", symbol):
        return None  # the C API
    if not symbol.startswith("urix::"):
        return "not urix's API (neither urix_* nor urix::)"
    if "urix::detail::" in symbol or "(anonymous namespace)" in symbol:
        return "urix's private code (urix::detail, an anonymous namespace)"
    return None


def exported(nm, library):
    out = subprocess.run([nm, "-DC", "--defined-only", library], check=True,
                         capture_output=True, text=True).stdout
    # "ADDRESS TYPE NAME": the name may hold spaces (a signature).
    return [line.split(" ", 2)[2] for line in out.splitlines() if line.count(" ") >= 2]


def self_test():
    good = ["urix_encode", "urix_errc_name",
            "urix::encode_to(std::span<char, 18446744073709551615ul>, std::basic_string_view<char, "
            "std::char_traits<char> >, urix::charset const&, urix::encode_options)",
            "urix::uri::to_string[abi:cxx11]() const"]
    bad = ["urix::detail::escape_error(std::basic_string_view<char, std::char_traits<char> >)",
           "urix::(anonymous namespace)::scan()", "std::ranges::__cust::data",
           "void std::__detail::__to_chars_10_impl<unsigned int>(char*, unsigned int, unsigned int)",
           "u_getUnicodeVersion_72", "urix_Encode"]
    wrong = [s for s in good if violation(s)] + [s for s in bad if not violation(s)]
    for s in wrong:
        print(f"check_exports: self-test: wrong verdict on {s!r}", file=sys.stderr)
    return 1 if wrong else 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    nm, libraries = argv[1], argv[2:]
    failures = 0
    for library in libraries:
        symbols = exported(nm, library)
        for s in symbols:
            why = violation(s)
            if why:
                print(f"check_exports: {library} exports {s}: {why}", file=sys.stderr)
                failures += 1
        stem = os.path.basename(library).split(".so")[0]
        for want in REQUIRED.get(stem, []):
            if not any(s.startswith(want) for s in symbols):
                print(f"check_exports: {library} does not export {want}...", file=sys.stderr)
                failures += 1
        print(f"check_exports: {library}: {len(symbols)} symbols")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
