#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""urix's URL Standard mode against Node's URL (ada inside Node) over the real-URL corpora.

  url_node.py URIX-CLI TESTDATA

Inputs: every line of TESTDATA/corpora's three URL lists (UTF-8 lines only: Node
takes strings), alone and against a base, and one URL per word of the multilingual corpora
("https://W.example/W?W#W": internationalized hosts, paths, queries and fragments). urix runs
as `urix parse --whatwg -k` (every attribute) and `urix resolve --whatwg BASE -k` (the href);
Node runs `new URL(input[, base])` in one process. Success and every attribute must agree,
but for the differences listed in INTENDED (docs/differences.md), where the standard's text
decides for urix; each is counted and shown, and a difference outside them fails the test.
"""
import json
import os
import shutil
import subprocess
import sys
import unicodedata
import urllib.parse

BASE = "https://example.com/a/b?c#d"
ATTRIBUTES = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port",
              "pathname", "search", "hash"]

INTENDED = {
    "bidi-rule-1":
        "Node 20 (ada 2.9.2) accepts a host label that starts with an Arabic-Indic digit (Bidi "
        "class AN) in a Bidi domain name; UTS #46 CheckBidi, which the URL Standard's domain to "
        "ASCII sets, applies RFC 5893 rule 1 (a label starts with L, R or AL): urix, ICU and "
        "ada 3.4 refuse it",
}

NODE_SCRIPT = r"""
const chunks = [];
process.stdin.on('data', c => chunks.push(c));
process.stdin.on('end', () => {
  const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  const out = request.inputs.map(s => {
    try {
      const u = request.base === null ? new URL(s) : new URL(s, request.base);
      return [u.href, u.origin, u.protocol, u.username, u.password, u.host, u.hostname, u.port,
              u.pathname, u.search, u.hash];
    } catch (e) {
      return null;
    }
  });
  process.stdout.write(JSON.stringify(out));
});
"""


def corpus_inputs(testdata):
    inputs = []
    for name in ["kasztp.txt", "node_files.txt", "isaacs_files.txt"]:
        with open(os.path.join(testdata, "corpora", name), "rb") as f:
            data = f.read()
        if data.startswith(b"\xef\xbb\xbf"):
            data = data[3:]
        for line in data.split(b"\n"):
            try:
                text = line.decode("utf-8")
            except UnicodeDecodeError:
                continue
            if text and "\r" not in text:
                inputs.append(text)
    return inputs


def word_inputs(testdata):
    inputs = []
    folder = os.path.join(testdata, "corpora", "multilingual")
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            inputs += [f"https://{w}.example/{w}?{w}#{w}" for w in f.read().split()]
    return inputs


def node(inputs, base):
    exe = shutil.which("node")
    if exe is None:
        sys.exit("FAIL: `node` is not installed (tools/deps.sh installs nodejs)")
    request = json.dumps({"inputs": inputs, "base": base}).encode()
    proc = subprocess.run([exe, "-e", NODE_SCRIPT], input=request, capture_output=True, check=True)
    return json.loads(proc.stdout)


def urix(cli, inputs, base):
    args = [cli, "parse", "--whatwg", "-k"] if base is None else [cli, "resolve", "--whatwg", base, "-k"]
    proc = subprocess.run(args, input=("\n".join(inputs) + "\n").encode(), capture_output=True)
    if proc.returncode not in (0, 1):
        sys.exit(f"FAIL: {' '.join(args[:3])} exited {proc.returncode}: {proc.stderr[:500]!r}")
    lines = proc.stdout.decode("utf-8").split("\n")[:-1]
    if len(lines) != len(inputs):
        sys.exit(f"FAIL: {len(lines)} answers from urix for {len(inputs)} inputs")
    if base is not None:
        return [line or None for line in lines]
    return [[json.loads(line)[a] for a in ATTRIBUTES] if line else None for line in lines]


def starts_with_arabic_number(label):
    if not label.startswith("xn--"):
        return False
    try:
        decoded = label[4:].encode("ascii").decode("punycode")
    except UnicodeError:
        return False
    return decoded != "" and unicodedata.bidirectional(decoded[0]) == "AN"


def intended(mine, theirs):
    """The name of the intended difference between urix's and Node's answers, or None."""
    if mine is None and theirs is not None:
        if isinstance(theirs, list):
            hostname = theirs[ATTRIBUTES.index("hostname")]
        else:
            hostname = urllib.parse.urlsplit(theirs).hostname or ""
        if any(starts_with_arabic_number(label) for label in hostname.split(".")):
            return "bidi-rule-1"
    return None


def main():
    cli, testdata = sys.argv[1], sys.argv[2]
    corpus, words = corpus_inputs(testdata), word_inputs(testdata)
    runs = [("corpora", corpus, None), ("corpora against " + BASE, corpus, BASE),
            ("multilingual words", words, None)]
    counts = {name: 0 for name in INTENDED}
    failures = []
    compared = 0
    for what, inputs, base in runs:
        for text, mine, theirs in zip(inputs, urix(cli, inputs, base), node(inputs, base)):
            if base is not None and theirs is not None:
                theirs = theirs[0]
            compared += 1
            if mine == theirs:
                continue
            name = intended(mine, theirs)
            if name is not None:
                counts[name] += 1
            else:
                failures.append(f"{what}: {text[:200]!r}\n  urix {mine!r}\n  node {theirs!r}")
    version = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    print(f"url_node: {compared} inputs compared with Node {version}")
    for name, n in counts.items():
        print(f"  intended difference {name}: {n} ({INTENDED[name]})")
    for f in failures[:20]:
        print("DIFFERENCE " + f)
    if failures:
        sys.exit(f"FAIL: {len(failures)} differences from Node outside the intended ones")
    if compared < 240000:
        sys.exit(f"FAIL: only {compared} inputs compared")


if __name__ == "__main__":
    main()
