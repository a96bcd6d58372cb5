#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""encode --charset and decode --charset (SPEC 10) against Python's urllib.parse.quote(s,
encoding=...) and unquote(s, encoding=..., errors=...), the peer that SPEC 10 names.

Usage: charset_differential.py URIX_BINARY

For each charset: generated text from characters the charset holds (the same seed every run)
is encoded by both and must match; urix decodes Python's output back to the text; a character
the charset lacks is an error at its column, or with --ncr what errors='xmlcharrefreplace'
gives; random escaped bytes decode to the same text in both, or are rejected by both, at the
same column (Python's UnicodeDecodeError.start, as the escape's column) or, with
--utf8=replace, are both repaired. Where the two converters' tables differ, the byte or
character is listed in KNOWN_DIFFERENCES (docs/cli.md says why) and left out.
"""
import random
import subprocess
import sys
import urllib.parse

CHARSETS = ["shift_jis", "euc-jp", "gb18030", "big5", "windows-1252", "iso-8859-2", "koi8-r",
            "latin1"]

# Where ICU's tables (what urix uses; for these names the Windows and WHATWG Encoding Standard
# forms) and Python's codecs disagree, found by decoding every byte and byte pair with both
# (docs/cli.md, "Legacy charsets"): bytes that samples leave out (a lead byte: its whole row),
# and characters that texts leave out.
# JIS X 0208 row 1: six characters ICU maps to fullwidth forms; and ¥ and ‾, which Python
# writes as the bytes of '\\' and '~' (read back as those), ICU not at all.
JIS_ROW_ONE = set("〜‖−¢£¬～∥－￠￡￢¥‾")
KNOWN_DIFFERENCES = {
    # ICU reads 0x7F as U+001A, and the NEC/IBM rows 0x87, 0xED-0xEE, 0xFA-0xFC and the
    # user-defined rows 0xF0-0xF9 (Private Use Area), which Python's shift_jis rejects.
    "shift_jis": {"bytes": {0x7F, 0x87, *range(0xED, 0xFD)}, "chars": JIS_ROW_ONE},
    # ICU reads 0x80-0x8D and 0x90-0x9F alone as C1 controls, the NEC row 0xAD and IBM rows
    # 0xF9-0xFC; 0x8E 0xE0-0xE2 give ¢ £ ¬.
    "euc-jp": {"bytes": {*range(0x80, 0xA0), 0xAD, *range(0xF9, 0xFD)}, "chars": JIS_ROW_ONE},
    # ICU's GB18030 is the 2005 edition: 0xA8BC is U+1E3F, Python's the 2000 one (U+E7C7).
    "gb18030": {"bytes": {0xA8}, "chars": {"\u1e3f", "\ue7c7"}},
    # ICU's big5 is Windows code page 950: user-defined rows 0x81-0xA0 and 0xFA-0xFE (Private
    # Use Area), the ETEN rows 0xC6-0xC8 and 0xF9, and other forms of some punctuation in
    # rows 0xA1-0xA3.
    "big5": {"bytes": {*range(0x80, 0xA4), *range(0xC6, 0xC9), *range(0xF9, 0x100)},
             "chars": set("•､‾∼♁☉／＼¥¢£‧﹑¯～⊕⊙∕﹨￥￠￡€")},
    # ICU (and the WHATWG Encoding Standard) read the five bytes windows-1252 leaves undefined
    # as the C1 controls U+0081, U+008D, U+008F, U+0090, U+009D; Python rejects them.
    "windows-1252": {"bytes": {0x81, 0x8D, 0x8F, 0x90, 0x9D}, "chars": set()},
}

# Characters to build text from: ASCII and runs of the scripts these charsets are for.
POOL = ([chr(c) for c in range(0x20, 0x7F)] + [chr(c) for c in range(0xA0, 0x180)] +
        [chr(c) for c in range(0x400, 0x460)] + [chr(c) for c in range(0x3041, 0x3097)] +
        [chr(c) for c in range(0x30A1, 0x30FB)] + [chr(c) for c in range(0x4E00, 0x4F00)] +
        list("日本語中文字€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"))
UNMAPPABLE = ["😀", "\u2603", "\u0E01", "\uAC00", "\u0915"]


def run(binary, args, lines):
    data = "".join(line + "\n" for line in lines).encode("utf-8")
    p = subprocess.run([binary, *args], input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=120)
    return p.returncode, p.stdout.decode("utf-8", "surrogateescape").split("\n")[:-1], p.stderr.decode(
        "utf-8", "replace")


def columns(stderr):
    """{line: column} of each error report."""
    found = {}
    for line in stderr.splitlines():
        if line.startswith("urix: ") and ", column " in line:
            head = line.split(": ")[2]
            n = int(head.split(",")[0].split()[1])
            found[n] = int(head.split("column ")[1])
    return found


def main():
    binary = sys.argv[1]
    rng = random.Random(3986)
    problems = []
    checks = 0
    for cs in CHARSETS:
        known = KNOWN_DIFFERENCES.get(cs, {"bytes": set(), "chars": set()})
        repertoire = []
        for c in POOL:
            try:
                c.encode(cs)
            except UnicodeEncodeError:
                continue
            if c not in known["chars"] and not any(b in known["bytes"] for b in c.encode(cs)):
                repertoire.append(c)
        texts = ["".join(rng.choice(repertoire) for _ in range(rng.randint(0, 12))) for _ in range(300)]
        # encode: the same bytes, escaped the same way
        want = [urllib.parse.quote(t, safe="", encoding=cs) for t in texts]
        status, got, err = run(binary, ["encode", "--charset", cs], texts)
        checks += len(texts)
        if status != 0 or got != want:
            bad = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
            problems.append(f"{cs}: encode: exit {status}, first difference at line {bad + 1}: "
                            f"{texts[bad]!r} {got[bad:bad + 1]} vs {want[bad:bad + 1]} {err[:300]}")
        # decode: back to the text
        status, got, err = run(binary, ["decode", "--charset", cs], want)
        checks += len(want)
        if status != 0 or got != texts:
            problems.append(f"{cs}: decode of quote()'s output: exit {status} {err[:300]}")
        # a character the charset lacks: an error at its column; with --ncr as browsers write it
        lacking = [c for c in UNMAPPABLE if not can_encode(c, cs)]
        inputs = [rng.choice(texts[:50]) + c + "x" for c in lacking]
        status, got, err = run(binary, ["encode", "-k", "--charset", cs], inputs)
        want_cols = {i + 1: len(s[:s.index(c)].encode("utf-8")) + 1 for i, (s, c) in enumerate(zip(inputs, lacking))}
        checks += len(inputs)
        if status != (1 if inputs else 0) or columns(err) != want_cols or any(got):
            problems.append(f"{cs}: unmappable: exit {status}, columns {columns(err)} != {want_cols}")
        status, got, err = run(binary, ["encode", "--ncr", "--charset", cs], inputs)
        want = [urllib.parse.quote(s, safe="", encoding=cs, errors="xmlcharrefreplace") for s in inputs]
        checks += len(inputs)
        if status != 0 or got != want:
            problems.append(f"{cs}: --ncr: {got} != {want}")
        # random bytes, escaped: the same text, or rejected by both at the same escape
        samples = []
        for _ in range(400):
            raw = bytes(rng.randrange(0x80, 0x100) if rng.random() < 0.6 else rng.randrange(0x20, 0x7F)
                        for _ in range(rng.randint(1, 6)))
            if any(b in known["bytes"] for b in raw):
                continue
            samples.append(raw)
        escaped = ["".join(f"%{b:02X}" for b in raw) for raw in samples]
        status, got, err = run(binary, ["decode", "-k", "--charset", cs], escaped)
        cols = columns(err)
        for i, raw in enumerate(samples):
            checks += 1
            try:
                text = raw.decode(cs)
                if got[i] != text or (i + 1) in cols:
                    problems.append(f"{cs}: decode {escaped[i]}: {got[i]!r} != {text!r}")
            except UnicodeDecodeError as e:
                if cols.get(i + 1) != 3 * e.start + 1:
                    problems.append(f"{cs}: decode {escaped[i]}: Python rejects at byte {e.start} "
                                    f"(column {3 * e.start + 1}), urix: {cols.get(i + 1)} {got[i]!r}")
        status, got, err = run(binary, ["decode", "--utf8=replace", "--charset", cs], escaped)
        for i, raw in enumerate(samples):
            checks += 1
            py = raw.decode(cs, errors="replace")
            if (got[i] == py) != True and ("\ufffd" in py) != ("\ufffd" in got[i]):
                problems.append(f"{cs}: --utf8=replace {escaped[i]}: {got[i]!r} vs {py!r}")
    for p in problems:
        print("FAIL", p)
    print(f"{checks - len(problems)} of {checks} charset checks agree with Python")
    return 1 if problems else 0


def can_encode(c, cs):
    try:
        c.encode(cs)
        return True
    except UnicodeEncodeError:
        return False


if __name__ == "__main__":
    sys.exit(main())
