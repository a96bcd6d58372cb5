#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The C API gives what the CLI gives: runs urix_c (tests/c/urix_c.c, on urix/c.h alone) and the
urix CLI on the seed examples of SPEC sections 3-7 and on the C API's error cases (a malformed
escape, a lone '%', an IRI host that IDNA maps to '/'), and expects the same output, or the same
error code and offset (the CLI's --errors=json).

With --without-idna (urix built with URIX_IDNA=OFF), both must say that the IRI verbs are not
there: the C API's URIX_E_NOT_SUPPORTED, the CLI's usage error "not in this build".

Usage: compare_cli.py URIX URIX_C [--without-idna]
"""
import json
import subprocess
import sys

# (verb, options, inputs): each run once by each program.
CASES = [
    # SPEC 1, 3: encoding
    ("encode", ["--set", "query"], ["a b&c"]),
    ("encode", ["--set", "query-param"], ["Tom&Jerry"]),
    ("encode", ["--set", "path"], ["/path/file?.txt"]),
    ("encode", ["--set", "path"], ["\u4e2d"]),
    ("encode", [], ["caf\u00e9 100%"]),
    ("encode", ["--plus"], ["a b+c"]),
    ("encode", ["--lower"], ["\u00e9/"]),
    ("encode", ["--keep-escapes"], ["100%25 50%"]),
    ("encode", ["--set", "whatwg-form"], ["a b+c"]),
    ("encode", ["--set", "rfc2396-unreserved"], ["it's (a) test!"]),
    ("encode", [], [""]),
    # SPEC 4: decoding
    ("decode", ["--plus"], ["caf%C3%A9+au+lait"]),
    ("decode", [], ["%E4%B8%AD%2f"]),
    ("decode", [], ["100%"]),
    ("decode", [], ["%G1"]),
    ("decode", [], ["%"]),
    ("decode", [], ["abc%4"]),
    ("decode", ["--lenient"], ["100%"]),
    ("decode", ["--lenient"], ["%G1"]),
    # SPEC 5: checking
    ("check", [], ["abc%41"]),
    ("check", ["--set", "query"], ["a b"]),
    ("check", [], ["a%G1"]),
    ("check", ["--set", "whatwg-form"], ["a+b"]),
    # SPEC 6: URIs
    ("parse", [], ["http://user@[2001:db8::1]:8080/a%2Fb/c?x=1&y=a+b#top"]),
    ("parse", [], ["a/b"]),
    ("parse", [], ["mailto:x@example.com"]),
    ("parse", [], ["http://192.0.2.1:/?#"]),
    ("parse", [], ["//[v7.abc]"]),
    ("parse", [], ["http://[::1::2]/"]),
    ("parse", [], ["1http:x"]),
    ("normalize", [], ["HTTP://Example.COM:80/%7euser/./a/../b"]),
    ("normalize", [], ["../../a/./b"]),
    ("normalize", [], ["http://a/%zz"]),
    ("resolve", [], ["http://a/b/c/d;p?q", "../g"]),
    ("resolve", [], ["http://a/b/c/d;p?q", "//g"]),
    ("resolve", [], ["http://a/b/c/d;p?q", "?y"]),
    ("resolve", [], ["http://a/b/c/d;p?q", "g;x?y#s"]),
    ("resolve", [], ["http://a/b/c/d;p?q", "../../../g"]),
    ("resolve", [], ["a/b", "c"]),
    # SPEC 7: IRIs
    ("to-uri", [], ["http://\u4f8b\u3048.jp/\u5f15\u304d\u51fa\u3057"]),
    ("to-uri", [], ["http://a\uff0fb.com/"]),
    ("to-uri", [], ["http://a/b c"]),
    ("to-uri", ["--lenient"], ["http://a/b c"]),
    ("to-iri", [], ["http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97"]),
    ("to-iri", [], ["http://xn--pple-43d.com/%20"]),
    ("to-iri", ["--unicode-hosts=all"], ["http://xn--pple-43d.com/"]),
]


def run(argv):
    p = subprocess.run(argv, capture_output=True)
    return p.returncode, p.stdout.decode("utf-8", "surrogateescape"), p.stderr.decode("utf-8", "replace")


def cli_result(urix, verb, options, inputs):
    rc, out, err = run([urix, verb, *options, "--errors=json", *inputs])
    if rc == 0:
        return ("ok", out)
    if rc == 1:
        e = json.loads(err.splitlines()[0])
        return ("error", e["code"], e["offset"])
    return ("usage", rc, err)


def c_result(urix_c, verb, options, inputs):
    rc, out, err = run([urix_c, verb, *options, *inputs])
    if rc == 0:
        return ("ok", out)
    if rc == 1:
        _, code, offset = out.split()
        return ("error", code, int(offset))
    return ("usage", rc, err)


def same(verb, cli, c, lacks_idna):
    if lacks_idna and verb in ("to-uri", "to-iri"):
        return c == ("error", "not_supported", 0) and cli[0] == "usage" and \
            "is not in this build" in cli[2]
    if verb == "parse" and cli[0] == c[0] == "ok":
        # urix_c gives the components and host_type; the CLI adds segments and params.
        mine = json.loads(c[1])
        theirs = json.loads(cli[1])
        return all(theirs[k] == v for k, v in mine.items())
    if verb == "check" and cli[0] == c[0] == "ok":
        return True  # check writes nothing; urix_c writes nothing either
    return cli == c


def main(argv):
    lacks_idna = "--without-idna" in argv
    argv = [a for a in argv if a != "--without-idna"]
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    urix, urix_c = argv[1], argv[2]
    failures = 0
    for verb, options, inputs in CASES:
        cli = cli_result(urix, verb, options, inputs)
        c = c_result(urix_c, verb, options, inputs)
        if not same(verb, cli, c, lacks_idna):
            failures += 1
            print(f"DIFFERENT: {verb} {options} {inputs!r}\n  CLI: {cli!r}\n  C:   {c!r}", file=sys.stderr)
    print(f"compare_cli: {len(CASES) - failures} of {len(CASES)} cases agree")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
