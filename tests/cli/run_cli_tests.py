#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Golden tests of the urix CLI: runs the built binary on each case of a JSON case file.

Usage: run_cli_tests.py URIX_BINARY CASES.json [NAME-SUBSTRING] [--without-idna]

A case is an object:
  name          what it tests (unique)
  spec          the SPEC / RFC section the behaviour comes from
  args          the arguments after the program name
  stdin | stdin_hex          standard input (UTF-8 text, or hex bytes); default empty
  stdout | stdout_hex        the exact expected standard output
  stdout_contains            strings standard output must contain (instead of an exact match)
  stderr                     the exact expected standard error
  stderr_contains            strings standard error must contain (instead of an exact match)
  exit          the expected exit status
  stdout_path   optional: a file to send standard output to (e.g. /dev/full)
  stdin_path    optional: a file to read standard input from (instead of stdin/stdin_hex)
  env           optional: environment variables to set for the run (on top of this one's)
  needs         optional: "idna" for a case whose output shows what only a build with IDNA has
                (the verb list); with --without-idna such cases, and those whose arguments
                use to-uri, to-iri or --charset, are left out and counted (without_idna.py)
Without stdout/stdout_hex/stdout_contains, standard output must be empty; the same for stderr.

Each case also runs in two derived forms, properties of the whole CLI that no single case
states (one was once broken for a verb option, and one for --help):
  - with `--kernel scalar` before the verb: a global option never changes how the verb's own
    options are read, so the exit status and standard output are the same (the kernels give
    identical results);
  - with standard output on /dev/full, when the case writes to standard output: every verb,
    --help and --version exit 2 and say `write error`.
"""
import json
import os
import subprocess
import sys

import without_idna


def expected_bytes(case, key):
    if case.get(key) is not None:
        return case[key].encode("utf-8")
    if case.get(key + "_hex") is not None:
        return bytes.fromhex(case[key + "_hex"])
    return None


def check_stream(case, key, actual, problems):
    exact = expected_bytes(case, key)
    contains = case.get(key + "_contains")
    if key in case and case[key] is None and not contains:
        return  # a derived case that does not check this stream
    if exact is not None:
        if actual != exact:
            problems.append(f"{key}: expected {exact!r}\n{' ' * len(key)}  got      {actual!r}")
    elif contains is not None:
        for part in contains:
            if part.encode("utf-8") not in actual:
                problems.append(f"{key}: missing {part!r} in {actual!r}")
    elif actual:
        problems.append(f"{key}: expected nothing, got {actual!r}")


def run_case(binary, case):
    stdin = expected_bytes(case, "stdin") or b""
    stdout_file = open(case["stdout_path"], "wb") if "stdout_path" in case else None
    # os.open, not open(): the path may be a directory, to make read(2) fail
    stdin_fd = os.open(case["stdin_path"], os.O_RDONLY) if case.get("stdin_path") else None
    try:
        proc = subprocess.run([binary, *case["args"]], input=None if stdin_fd is not None else stdin,
                              stdin=stdin_fd, stdout=stdout_file or subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=60, env={**os.environ, **case.get("env", {})})
    finally:
        if stdout_file:
            stdout_file.close()
        if stdin_fd is not None:
            os.close(stdin_fd)
    problems = []
    if proc.returncode != case["exit"]:
        problems.append(f"exit: expected {case['exit']}, got {proc.returncode}")
    check_stream(case, "stdout", proc.stdout or b"", problems)
    check_stream(case, "stderr", proc.stderr, problems)
    return problems


def derived_cases(case):
    """The case's derived forms (see the docstring), each a case of its own."""
    args = case["args"]
    forced = "--kernel" in " ".join(args) or "URIX_KERNEL" in case.get("env", {})
    verb = args and not args[0].startswith("-") and args[0] != "help"
    if verb and not forced and "stdout_path" not in case:
        yield {**case, "name": case["name"] + " [after --kernel scalar]",
               "args": ["--kernel", "scalar", *args],
               "stderr_contains": [], "stderr": None}
    writes = expected_bytes(case, "stdout") or case.get("stdout_contains")
    if writes and "stdout_path" not in case and case["exit"] == 0:
        yield {"name": case["name"] + " [to /dev/full]", "spec": "SPEC 8 I/O error exit 2",
               "args": args, "stdin": case.get("stdin"), "stdin_hex": case.get("stdin_hex"),
               "stdin_path": case.get("stdin_path"), "env": case.get("env", {}),
               "stdout_path": "/dev/full", "stderr_contains": ["write error"], "exit": 2}


def main():
    lacks_idna = without_idna.take_flag()
    binary, cases_path = sys.argv[1], sys.argv[2]
    only = sys.argv[3] if len(sys.argv) > 3 else ""
    with open(cases_path, encoding="utf-8") as f:
        cases = json.load(f)["cases"]
    names = [c["name"] for c in cases]
    assert len(names) == len(set(names)), "case names must be unique"
    failed = 0
    run = 0
    left_out = 0
    for case in cases:
        if only not in case["name"]:
            continue
        if lacks_idna and (case.get("needs") == "idna" or without_idna.needs_idna(case["args"])):
            left_out += 1
            continue
        derived = [] if os.environ.get("URIX_CLI_DERIVED") == "0" else list(derived_cases(case))
        for c in [case, *derived]:
            run += 1
            problems = run_case(binary, c)
            if problems:
                failed += 1
                print(f"FAIL {c['name']}  [{c['spec']}]\n  urix {' '.join(c['args'])}")
                for p in problems:
                    print("  " + p.replace("\n", "\n  "))
    without_idna.report_left_out(left_out)
    print(f"{run - failed} of {run} CLI cases passed")
    return 1 if failed or run == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
