#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Differential tests: urix against real peers on this machine, over generated inputs.

  differential.py --driver PATH --peer python   # urllib.parse: quote, quote_plus, unquote...
  differential.py --driver PATH --peer node     # encodeURIComponent / decodeURIComponent

Inputs are generated from a seed (--seed, or URIX_DIFF_SEED; printed on every run): random
bytes, UTF-8 text, escape-heavy text and malformed escapes. Each peer runs in one process with
all inputs batched, and urix runs the same operations through urix_driver (one process).
Every disagreement fails the test unless it is one of the intended differences listed in
INTENDED below and in docs/security.md ("Differential testing"), which are counted and shown.
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import urllib.parse

HEX = "0123456789abcdef"

# Intended differences: name -> one line that says what and why (also in docs/security.md).
INTENDED = {
    "strict-malformed-escape":
        "Python's unquote copies a '%' that starts no %HH escape; urix's default (strict) "
        "decode rejects it at the '%' (RFC 3986 2.1); urix's lenient decode matches Python",
}


# ---- inputs ---------------------------------------------------------------------------------

def random_bytes(rng):
    return bytes(rng.randrange(256) for _ in range(rng.randrange(0, 40)))


def utf8_text(rng):
    ranges = [(0x20, 0x7E), (0x00, 0x1F), (0xA0, 0x17F), (0x370, 0x3FF), (0x600, 0x6FF),
              (0x3040, 0x30FF), (0x4E00, 0x9FFF), (0xE000, 0xF8FF), (0xFFF0, 0xFFFF),
              (0x1F300, 0x1FAFF), (0x10000, 0x10FFFF)]
    chars = []
    for _ in range(rng.randrange(0, 20)):
        lo, hi = rng.choice(ranges)
        chars.append(chr(rng.randint(lo, hi)))
    return "".join(chars).encode("utf-8")


def escape(rng, byte):
    h = "%{:02x}".format(byte)
    return "".join(c.upper() if rng.random() < 0.5 else c for c in h)


def escape_heavy(rng):
    parts = []
    for _ in range(rng.randrange(0, 16)):
        kind = rng.random()
        if kind < 0.35:  # an escaped byte, any value, either hex case
            parts.append(escape(rng, rng.randrange(256)))
        elif kind < 0.6:  # an escaped UTF-8 character (valid, so decodeURIComponent accepts it)
            ch = utf8_text(rng)[:4] or b"\xc3\xa9"
            parts.append("".join(escape(rng, b) for b in ch))
        elif kind < 0.8:
            parts.append(rng.choice(["a", "Z", "0", "-", ".", "_", "~", "/", "?", "#", "&", "=",
                                     "+", " ", ":", "@", "!", "*", "'", "(", ")"]))
        else:  # literal (unescaped) text, possibly non-ASCII
            parts.append(utf8_text(rng)[:6].decode("utf-8", "ignore"))
    return "".join(parts).encode("utf-8")


def malformed(rng):
    base = bytearray(escape_heavy(rng))
    for _ in range(rng.randrange(1, 4)):
        bad = rng.choice([b"%", b"%%", b"%4", b"%G1", b"%1G", b"%zz", b"%-1", b"% 1", b"%+1",
                          b"%\xc3\xa9", b"%0"])
        at = rng.randrange(len(base) + 1)
        base[at:at] = bad
    return bytes(base)


def inputs(seed, count):
    rng = random.Random(seed)
    fixed = [b"", b"%", b"%%", b"%2", b"%2x", b"%252e%252e%252f", b"a+b%20c", b"%00%0d%0A",
             b"%C3%A9", b"%c3%a9", b"%E4%B8%AD", b"%ED%A0%80", b"%F4%90%80%80", b"%C0%AF",
             b"%80", b"%F0%9F%98", b"~._-!*'()", "\u4e2d\u6587 \u30c6\u30b9\u30c8".encode("utf-8")]
    out = list(fixed)
    gens = [random_bytes, utf8_text, escape_heavy, malformed]
    for i in range(count):
        out.append(gens[i % len(gens)](rng))
    return out


# ---- urix -----------------------------------------------------------------------------------

def run_urix(driver, requests):
    """requests: list of (op, flags, bytes); returns a list of replies ("ok", bytes) or
    ("err", code, offset)."""
    lines = "".join("{} {} {}\n".format(op, flags or "-", data.hex()) for op, flags, data in requests)
    proc = subprocess.run([driver], input=lines.encode("ascii"), capture_output=True, timeout=600)
    if proc.returncode != 0:
        sys.exit("urix_driver failed (exit {}): {}".format(proc.returncode, proc.stderr.decode()))
    replies = []
    for line in proc.stdout.decode("ascii").splitlines():
        f = line.split(" ")
        if f[0] == "ok":
            replies.append(("ok", bytes.fromhex(f[1]) if len(f) > 1 else b""))
        elif f[0] == "err":
            replies.append(("err", f[1], int(f[2])))
        else:
            sys.exit("urix_driver: " + line)
    if len(replies) != len(requests):
        sys.exit("urix_driver answered {} of {} requests".format(len(replies), len(requests)))
    return replies


# ---- peers ----------------------------------------------------------------------------------

def python_cases(data):
    """(name, urix op, urix flags, peer result) for each urllib.parse function. A peer result is
    ("ok", bytes) or ("err", detail)."""
    up = urllib.parse
    cases = [
        ("quote(safe='')", "encode:unreserved", "-", ("ok", up.quote(data, safe="").encode())),
        ("quote(safe='/')", "encode:unreserved+2f", "-", ("ok", up.quote(data, safe="/").encode())),
        ("quote_plus(safe='')", "encode:unreserved", "p",
         ("ok", up.quote_plus(data, safe="").encode())),
        ("quote_plus(safe='/')", "encode:unreserved+2f", "p",
         ("ok", up.quote_plus(data, safe="/").encode())),
        ("unquote_to_bytes", "decode", "n", ("ok", up.unquote_to_bytes(data))),
    ]
    try:
        strict = ("ok", up.unquote(data, errors="strict").encode("utf-8"))
    except UnicodeDecodeError as e:
        strict = ("err", "invalid_utf8", e.start)
    # Lenient like Python: must agree exactly, including the offset of a UTF-8 error.
    cases.append(("unquote(errors='strict')", "decode", "nv", strict))
    # Strict urix: agrees, or rejects a malformed escape Python copies (intended difference).
    cases.append(("unquote(errors='strict') vs strict urix", "decode", "v", strict))
    cases.append(("unquote(errors='replace')", "decode", "nr",
                  ("ok", up.unquote(data, errors="replace").encode("utf-8"))))
    if data.isascii():  # unquote_plus takes text; ASCII text is its bytes
        text = data.decode("ascii")
        cases.append(("unquote_plus(errors='replace')", "decode", "pnr",
                      ("ok", up.unquote_plus(text, errors="replace").encode("utf-8"))))
    return cases


NODE_SCRIPT = r"""
const requests = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const out = requests.map(([fn, hex]) => {
  const s = Buffer.from(hex, 'hex').toString('utf8');
  try {
    const r = fn === 'encodeURIComponent' ? encodeURIComponent(s) : decodeURIComponent(s);
    return ['ok', Buffer.from(r, 'utf8').toString('hex')];
  } catch (e) {
    return ['err', e.name];
  }
});
process.stdout.write(JSON.stringify(out));
"""


def node_cases(all_inputs):
    node = shutil.which("node")
    if node is None:
        sys.exit("FAIL: `node` is not installed; the Node differential test cannot run "
                 "(tools/deps.sh installs nodejs)")
    # JavaScript strings hold text: only inputs that are UTF-8 can be given to Node.
    texts = [d for d in all_inputs if is_utf8(d)]
    reqs = [[fn, d.hex()] for d in texts for fn in ("encodeURIComponent", "decodeURIComponent")]
    proc = subprocess.run([node, "-e", NODE_SCRIPT], input=json.dumps(reqs).encode(),
                          capture_output=True, timeout=600)
    if proc.returncode != 0:
        sys.exit("node failed (exit {}): {}".format(proc.returncode, proc.stderr.decode()))
    results = json.loads(proc.stdout)
    cases = []
    for (fn, hexdata), res in zip(reqs, results):
        peer = ("ok", bytes.fromhex(res[1])) if res[0] == "ok" else ("err", res[1])
        if fn == "encodeURIComponent":
            cases.append((fn, bytes.fromhex(hexdata), "encode:rfc2396-unreserved", "-", peer))
        else:  # throws on a malformed escape and on escapes that are not UTF-8
            cases.append((fn, bytes.fromhex(hexdata), "decode", "v", peer))
    return cases


def is_utf8(data):
    try:
        data.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


# ---- comparison -----------------------------------------------------------------------------

def compare(name, data, peer, mine):
    """Returns None when they agree, an INTENDED key, or a failure message."""
    if peer[0] == "ok" and mine[0] == "ok":
        if peer[1] == mine[1]:
            return None
    elif peer[0] == "err" and mine[0] == "err":
        # Node says only that it threw; Python also says where (into the decoded bytes).
        if len(peer) == 2 or (peer[1], peer[2]) == (mine[1], mine[2]):
            return None
    if (name.endswith("vs strict urix") and mine[0] == "err"
            and mine[1] in ("incomplete_escape", "bad_escape_hex")
            and data[mine[2]:mine[2] + 1] == b"%"):
        return "strict-malformed-escape"
    return "{}: input {!r}: peer {!r}, urix {!r}".format(name, data, peer, mine)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--driver", required=True)
    ap.add_argument("--peer", choices=["python", "node"], required=True)
    ap.add_argument("--seed", type=int, default=int(os.environ.get("URIX_DIFF_SEED", "20261122")))
    ap.add_argument("--count", type=int, default=4000)
    args = ap.parse_args()
    print("differential ({}): seed {} (set URIX_DIFF_SEED to vary), {} generated inputs"
          .format(args.peer, args.seed, args.count))
    all_inputs = inputs(args.seed, args.count)

    if args.peer == "python":
        cases = [(name, d, op, flags, peer) for d in all_inputs
                 for name, op, flags, peer in python_cases(d)]
    else:
        cases = node_cases(all_inputs)
    replies = run_urix(args.driver, [(op, flags, d) for _, d, op, flags, _ in cases])

    stats = {}
    failures = []
    intended_examples = {}
    for (name, data, _, _, peer), mine in zip(cases, replies):
        s = stats.setdefault(name, {"cases": 0, "peer_err": 0, "agree": 0, "intended": 0, "fail": 0})
        s["cases"] += 1
        s["peer_err"] += peer[0] == "err"
        verdict = compare(name, data, peer, mine)
        if verdict is None:
            s["agree"] += 1
        elif verdict in INTENDED:
            s["intended"] += 1
            intended_examples.setdefault(verdict, (data, peer, mine))
        else:
            s["fail"] += 1
            failures.append(verdict)
    for name, s in stats.items():
        print("  {:40} {cases:5} cases ({peer_err:4} peer errors): {agree:5} agree, {intended:4} "
              "intended difference, {fail} FAIL".format(name, **s))
    for key, (data, peer, mine) in intended_examples.items():
        print("  intended difference '{}': {}\n    e.g. input {!r}: peer {!r}, urix {!r}"
              .format(key, INTENDED[key], data, peer, mine))
    for f in failures[:20]:
        print("FAIL " + f)
    if failures:
        print("{} disagreements".format(len(failures)))
        return 1
    print("differential ({}): {} comparisons, no unexplained disagreement"
          .format(args.peer, len(cases)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
