#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The README's library section, used as written against an installed urix: its CMake project
(the ```cmake block) and its pkg-config command (the `c++ ...` line) build its C++ example, and
its C example (the ```c block) is built with its `cc ...` line and prints what its comments say.

Usage: readme_consumers.py README WORK-DIR
The environment says where and how: CMAKE_PREFIX_PATH and PKG_CONFIG_PATH point into the
install; CC and CXX are the compilers, CFLAGS, CXXFLAGS and LDFLAGS extra flags (sanitizers);
CMAKE_GENERATOR the generator; LD_LIBRARY_PATH finds a shared urix.
"""
import os
import re
import shlex
import subprocess
import sys


def block(readme, lang):
    m = re.search(r"```" + lang + r"\n(.*?)```", readme, re.S)
    if not m:
        sys.exit(f"readme_consumers: README.md has no ```{lang} block")
    return m.group(1)


def command(readme, program):
    """The README's command line that starts with `program ` (in a ```sh block)."""
    for sh in re.findall(r"```sh\n(.*?)```", readme, re.S):
        for line in sh.splitlines():
            if line.startswith(program + " "):
                return line
    sys.exit(f"readme_consumers: README.md shows no `{program} ...` command")


def run(argv, cwd, shell=False):
    p = subprocess.run(argv, cwd=cwd, shell=shell, capture_output=True, text=True)
    if p.returncode != 0:
        shown = argv if shell else " ".join(argv)
        sys.exit(f"readme_consumers: failed ({p.returncode}): {shown}\n{p.stdout}{p.stderr}")
    return p.stdout


def with_compiler(line, program, compiler, flags):
    """The README's line with `program` replaced by the compiler and the extra flags added."""
    rest = line[len(program):]
    ldflags = os.environ.get("LDFLAGS", "")
    return f"{shlex.quote(compiler)} {flags}{rest} {ldflags}"


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    readme = open(argv[1], encoding="utf-8").read()
    work = argv[2]
    cxx = os.environ.get("CXX", "c++")
    cc = os.environ.get("CC", "cc")

    # The C++ example as a program: its #include lines, then its body as main()'s.
    example = block(readme, "cpp")
    includes = "".join(l + "\n" for l in example.splitlines() if l.startswith("#include"))
    body = "".join(l + "\n" for l in example.splitlines() if not l.startswith("#include"))
    app_cpp = f"{includes}#include <iostream>\n\nint main() {{\n{body}  return 0;\n}}\n"

    # 1. The CMake project, as shown.
    project = os.path.join(work, "readme-cmake")
    os.makedirs(project, exist_ok=True)
    open(os.path.join(project, "CMakeLists.txt"), "w").write(block(readme, "cmake"))
    open(os.path.join(project, "app.cpp"), "w").write(app_cpp)
    run(["cmake", "-S", project, "-B", os.path.join(project, "build")], work)
    run(["cmake", "--build", os.path.join(project, "build")], work)
    run([os.path.join(project, "build", "app")], work)
    print("readme_consumers: the CMake project builds and runs")

    # 2. The pkg-config command, as shown.
    pc = os.path.join(work, "readme-pkg-config")
    os.makedirs(pc, exist_ok=True)
    open(os.path.join(pc, "app.cpp"), "w").write(app_cpp)
    run(with_compiler(command(readme, "c++"), "c++", cxx, os.environ.get("CXXFLAGS", "")), pc, shell=True)
    run([os.path.join(pc, "app")], pc)
    print("readme_consumers: the pkg-config command builds and runs")

    # 3. The C example with its command; its output is what its /* comments */ say.
    c = os.path.join(work, "readme-c")
    os.makedirs(c, exist_ok=True)
    source = block(readme, "c")
    open(os.path.join(c, "app.c"), "w").write(source)
    wanted = [m.group(1) for m in re.finditer(r"printf\(.*/\* (.*) \*/$", source, re.M)]
    if not wanted:
        sys.exit("readme_consumers: the C example's printf lines state no output")
    run(with_compiler(command(readme, "cc"), "cc", cc, os.environ.get("CFLAGS", "")), c, shell=True)
    got = run([os.path.join(c, "app")], c).splitlines()
    if got != wanted:
        sys.exit(f"readme_consumers: the C example printed {got}, its comments say {wanted}")
    print("readme_consumers: the C example prints what its comments say")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
