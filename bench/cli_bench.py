#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""bench/cli_bench.py: the urix CLI against Python's urllib.parse and Node's
encodeURIComponent, each encoding every line of the same ~100 MB file; then the URI verbs
(parse, normalize, resolve, to-uri, to-iri) against cat and against Python and Node doing the
same job on ~100 MB of valid real URLs (see URI_JOBS), and the peak memory of `urix parse` on
one 10 MB line; then (with --ada-filter) `urix normalize --whatwg` with URIX_THREADS=1 against
cat, a line filter around ada with the CLI's I/O (bench/ada_filter.cpp), node's URL and Python
(see url_normalize), in alternating rounds.

Usage: cli_bench.py --urix PATH --testdata DIR --out RESULT.json [--mb 100] [--runs 3]
                    [--peer-runs 1] [--no-uri] [--ada-filter PATH] [--cpu N] [--only url]

urix runs twice: `urix encode` (RFC 3986 component set, as Python and Node) and
`urix encode --set path` (fewer escapes, as for a path).

The file is the shared corpora (real URLs and multilingual text) repeated, written to a
temporary directory and deleted afterwards. Times are wall clock, best of --runs, output
to a file. Each tool's output is compared with urix's: Python's quote(safe='') is RFC 3986
component encoding and should match; Node's encodeURIComponent also keeps ! ' ( ) *.
"""
import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time

PYTHON = (
    "import sys, urllib.parse\n"
    "q = urllib.parse.quote_from_bytes\n"
    "data = sys.stdin.buffer.read()\n"
    "lines = data.split(b'\\n')\n"
    "if lines and lines[-1] == b'': lines.pop()\n"
    "sys.stdout.write(''.join(q(l, safe='') + '\\n' for l in lines))\n"
)
NODE = (
    "const fs = require('fs');"
    "const lines = fs.readFileSync(0, 'utf8').split('\\n');"
    "if (lines.length && lines[lines.length - 1] === '') lines.pop();"
    "fs.writeSync(1, lines.map(encodeURIComponent).join('\\n') + '\\n');"
)


# The URI verbs' jobs as Python (Debian's /usr/bin/python3, urllib.parse) and Node (WHATWG URL)
# do them, as closely as each library allows; their outputs are not compared with urix's (other
# rules: Python's urljoin is not strict RFC 3986, Node's URL is the WHATWG parser).
#   parse      components, path segments and query parameters decoded, one JSON object per line
#   normalize  lowercase scheme and host, escapes of unreserved characters decoded and other
#              escapes' hex in uppercase, dot-segments removed, default port dropped; Node:
#              new URL(line).href, which does all of that by the URL Standard
#   resolve    each line (made a path reference: see uri_file) against one base: urljoin;
#              new URL(ref, base).href
#   to-uri     host through IDNA, the rest percent-encoded as UTF-8; new URL(line).href
#   to-iri     escapes decoded where they form UTF-8, xn-- labels to Unicode;
#              decodeURI and url.domainToUnicode
RESOLVE_BASE = "https://www.example.com/dir/sub/page.html?q=1"
PY_PRELUDE = (
    "import sys, json, re\n"
    "from urllib.parse import urlsplit, urlunsplit, unquote, quote, parse_qsl, urljoin\n"
    "lines = sys.stdin.buffer.read().decode('utf-8', 'surrogateescape').split('\\n')\n"
    "if lines and lines[-1] == '': lines.pop()\n"
    "out = sys.stdout.write\n"
)
PY_JOBS = {
    "parse": (
        "for l in lines:\n"
        "    u = urlsplit(l)\n"
        "    out(json.dumps({'scheme': u.scheme or None, 'netloc': u.netloc, 'host': u.hostname, 'path': u.path,\n"
        "        'query': u.query, 'fragment': u.fragment,\n"
        "        'segments': [unquote(s) for s in u.path.split('/')[1:]],\n"
        "        'params': parse_qsl(u.query, keep_blank_values=True)}) + '\\n')\n"
    ),
    "normalize": (
        "UNRESERVED = set(b'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~')\n"
        "def esc(m):\n"
        "    b = int(m.group(1), 16)\n"
        "    return chr(b) if b in UNRESERVED else m.group(0).upper()\n"
        "ESC = re.compile('%([0-9A-Fa-f]{2})')\n"
        "DEFAULT = {'http': ':80', 'https': ':443'}\n"
        "def dots(path):\n"
        "    out = []\n"
        "    for s in path.split('/'):\n"
        "        if s == '..':\n"
        "            if len(out) > 1: out.pop()\n"
        "        elif s != '.': out.append(s)\n"
        "    if path.endswith(('/.', '/..')): out.append('')\n"
        "    return '/'.join(out)\n"
        "for l in lines:\n"
        "    u = urlsplit(l)\n"
        "    scheme, netloc = u.scheme.lower(), u.netloc.lower()\n"
        "    if scheme in DEFAULT and netloc.endswith(DEFAULT[scheme]): netloc = netloc[:-len(DEFAULT[scheme])]\n"
        "    path = ESC.sub(esc, u.path)\n"
        "    if path.startswith('/'): path = dots(path)\n"
        "    if netloc and not path: path = '/'\n"
        "    out(urlunsplit((scheme, netloc, path, ESC.sub(esc, u.query), ESC.sub(esc, u.fragment))) + '\\n')\n"
    ),
    "resolve": f"for l in lines:\n    out(urljoin({RESOLVE_BASE!r}, l) + '\\n')\n",
    "to-uri": (
        "SAFE = \"/%:@!$&'()*+,;=-._~\"\n"
        "for l in lines:\n"
        "    u = urlsplit(l)\n"
        "    netloc = u.netloc\n"
        "    if u.hostname and not u.hostname.isascii():\n"
        "        netloc = netloc.replace(u.hostname, u.hostname.encode('idna').decode())\n"
        "    out(urlunsplit((u.scheme, netloc, quote(u.path, SAFE), quote(u.query, SAFE + '?'), quote(u.fragment, SAFE + '?'))) + '\\n')\n"
    ),
    "to-iri": (
        "for l in lines:\n"
        "    u = urlsplit(l)\n"
        "    netloc = u.netloc\n"
        "    if 'xn--' in netloc: netloc = netloc.encode().decode('idna')\n"
        "    out(urlunsplit((u.scheme, netloc, unquote(u.path), unquote(u.query), unquote(u.fragment))) + '\\n')\n"
    ),
}
NODE_PRELUDE = (
    "const fs = require('fs'); const url = require('url');"
    "const lines = fs.readFileSync(0, 'utf8').split('\\n');"
    "if (lines.length && lines[lines.length - 1] === '') lines.pop();"
    "const out = [];"
    "const put = (s) => { out.push(s); if (out.length === 65536) { fs.writeSync(1, out.join('\\n') + '\\n'); out.length = 0; } };"
)
NODE_EPILOGUE = "if (out.length) fs.writeSync(1, out.join('\\n') + '\\n');"
NODE_JOBS = {
    "parse": (
        "for (const l of lines) { let u; try { u = new URL(l); } catch (e) { put(''); continue; }"
        " put(JSON.stringify({scheme: u.protocol.slice(0, -1), username: u.username, host: u.hostname, port: u.port,"
        " path: u.pathname, query: u.search.slice(1), fragment: u.hash.slice(1),"
        " segments: u.pathname.split('/').slice(1).map((s) => { try { return decodeURIComponent(s); } catch (e) { return s; } }),"
        " params: [...u.searchParams]})); }"
    ),
    "normalize": "for (const l of lines) { try { put(new URL(l).href); } catch (e) { put(''); } }",
    "resolve": f"const base = new URL({RESOLVE_BASE!r});"
               "for (const l of lines) { try { put(new URL(l, base).href); } catch (e) { put(''); } }",
    "to-uri": "for (const l of lines) { try { put(new URL(l).href); } catch (e) { put(''); } }",
    "to-iri": (
        "for (const l of lines) { try { const u = new URL(l); const h = url.domainToUnicode(u.hostname);"
        " put(decodeURI(u.href.replace(u.hostname, h))); } catch (e) { put(''); } }"
    ),
}
URIX_ARGS = {"resolve": ["resolve", RESOLVE_BASE]}
PATH_REFERENCE = re.compile(rb"^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*")


def corpus_lines(testdata):
    """The non-empty lines of the three real-URL lists, in order, without a byte-order mark."""
    lines = []
    for f in ("isaacs_files.txt", "kasztp.txt", "node_files.txt"):
        with open(os.path.join(testdata, "corpora", f), "rb") as fh:
            text = fh.read()
        if text.startswith(b"\xef\xbb\xbf"):
            text = text[3:]
        lines += [l for l in text.split(b"\n") if l]
    return lines


def uri_file(urix, testdata, size, tmp):
    """The valid real URLs (lines of the three lists that `urix parse` and `urix to-uri` both
    accept, empty lines left out) repeated to `size` bytes, and the same with each URL made a
    path reference for resolve ("https://host/a?q" -> "/a?q", what a page links to)."""
    lines = corpus_lines(testdata)
    data = b"\n".join(lines) + b"\n"
    ok = None
    for verb in ("parse", "to-uri"):
        r = subprocess.run([urix, verb, "-k"], input=data, capture_output=True)
        outs = r.stdout.split(b"\n")
        accepted = [o != b"" for o in outs[: len(lines)]]
        ok = accepted if ok is None else [a and b for a, b in zip(ok, accepted)]
    valid = [l for l, good in zip(lines, ok) if good]
    chunk = b"\n".join(valid) + b"\n"
    refs = b"\n".join(PATH_REFERENCE.sub(b"", l) or b"/" for l in valid) + b"\n"
    paths = {}
    for name, block in (("urls", chunk), ("refs", refs)):
        paths[name] = os.path.join(tmp, f"uri-{name}.txt")
        with open(paths[name], "wb") as f:
            copies = -(-size // len(chunk))  # the same number of lines in both files
            for _ in range(copies):
                f.write(block)
    return paths, len(lines) - len(valid), os.path.getsize(paths["urls"]), len(valid) * copies


def peak_memory(cmd, infile):
    """Peak resident memory of `cmd` reading `infile`, in bytes (GNU time's %M)."""
    with open(infile, "rb") as i:
        r = subprocess.run(["/usr/bin/time", "-f", "%M", *cmd], stdin=i, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE)
    return int(r.stderr.decode().strip().splitlines()[-1]) * 1024


def uri_verbs(args, tmp):
    paths, rejected, size, lines = uri_file(args.urix, args.testdata, int(args.mb * 1e6), tmp)
    print(f"cli_bench: URI verbs on {size / 1e6:.0f} MB, {lines} lines ({rejected} corpus lines left out: "
          f"rejected by urix parse or to-uri)", file=sys.stderr)
    os.sync()
    outfile = os.path.join(tmp, "uri.out")
    cat = run(["cat"], paths["urls"], outfile, args.runs)
    print(f"cli_bench: cat: {cat:.2f} s, {size / cat / 1e6:.0f} MB/s", file=sys.stderr)
    verbs = []
    for verb in ("parse", "normalize", "resolve", "to-uri", "to-iri"):
        infile = paths["refs" if verb == "resolve" else "urls"]
        tools = []
        for tool, cmd, shown, runs in (
            ("urix", [args.urix, *URIX_ARGS.get(verb, [verb])], f"urix {' '.join(URIX_ARGS.get(verb, [verb]))} < FILE",
             args.runs),
            ("python3", ["/usr/bin/python3", "-c", PY_PRELUDE + PY_JOBS[verb]], "/usr/bin/python3 urllib.parse", args.peer_runs),
            ("node", ["node", "-e", NODE_PRELUDE + NODE_JOBS[verb] + NODE_EPILOGUE], "node URL", args.peer_runs),
        ):
            seconds = run(cmd, infile, outfile, runs)
            if seconds is None:
                continue
            tools.append({"tool": tool, "command": shown, "seconds": seconds})
            print(f"cli_bench: {verb}: {tool}: {seconds:.2f} s, {size / seconds / 1e6:.0f} MB/s", file=sys.stderr)
        verbs.append({"verb": verb, "tools": tools})
    # Memory: one 10 MB line (a path of short segments and a query), and the process alone.
    line = os.path.join(tmp, "line.txt")
    with open(line, "wb") as f:
        f.write(b"https://example.com/" + b"segment/" * (10_000_000 // 8 - 4) + b"?q=1\n")
    empty = os.path.join(tmp, "empty.txt")
    open(empty, "wb").close()
    memory = {"line_bytes": os.path.getsize(line) - 1, "peak_bytes": peak_memory([args.urix, "parse"], line),
              "baseline_bytes": peak_memory([args.urix, "parse"], empty)}
    print(f"cli_bench: urix parse of a {memory['line_bytes'] / 1e6:.0f} MB line: peak {memory['peak_bytes'] / 1e6:.1f} MB",
          file=sys.stderr)
    return {"file_bytes": size, "lines": lines, "rejected_corpus_lines": rejected, "runs": args.runs,
            "peer_runs": args.peer_runs, "cat_seconds": cat, "verbs": verbs, "memory": memory}


# normalize --whatwg (the URL Standard's href of each line) as each tool does it:
#   urix     `urix normalize --whatwg`, URIX_THREADS=1 (one thread, as the others)
#   ada      bench/ada_filter.cpp: ada::parse<url_aggregator>(line)->get_href() with the CLI's
#            I/O (1 MB read(2) blocks, buffered 1 MB write(2)s), same compiler and flags
#   node     new URL(line).href (node's URL is ada, in C++ under V8)
#   python3  urlsplit(line).geturl(): Python has no URL Standard parser; this is the closest
#            job it has (split into components and join again; no host, path or escape
#            normalization), so its row is a reference, not the same output
# The file holds only lines that urix and ada both parse (and that are UTF-8, which is all that
# node and ada read): a failure would print an empty line in each tool (urix -k also names the
# error on stderr), and none occurs.
PY_URL_NORMALIZE = "for l in lines:\n    out(urlsplit(l).geturl() + '\\n')\n"


def url_file(urix, ada_filter, testdata, size, tmp):
    """(path, corpus lines left out, bytes, lines) of the WHATWG file: the corpus lines that both
    `urix normalize --whatwg -k` and the ada filter parse, repeated to `size` bytes."""
    lines = corpus_lines(testdata)
    data = b"\n".join(lines) + b"\n"
    ok = [True] * len(lines)
    for cmd in ([urix, "normalize", "--whatwg", "-k"], [ada_filter]):
        r = subprocess.run(cmd, input=data, capture_output=True)
        outs = r.stdout.split(b"\n")[: len(lines)]
        ok = [a and o != b"" for a, o in zip(ok, outs)]
    for k, line in enumerate(lines):
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            ok[k] = False
    valid = [l for l, good in zip(lines, ok) if good]
    chunk = b"\n".join(valid) + b"\n"
    copies = -(-size // len(chunk))
    path = os.path.join(tmp, "url-lines.txt")
    with open(path, "wb") as f:
        for _ in range(copies):
            f.write(chunk)
    return path, len(lines) - len(valid), os.path.getsize(path), len(valid) * copies


def url_normalize(args, tmp):
    """cat, urix, the ada filter, node and Python over the WHATWG file, in rounds: each round
    runs every tool once, so that a slow minute of this host falls on all alike; best of the
    rounds (Python and node in the first --peer-runs rounds only)."""
    path, rejected, size, lines = url_file(args.urix, args.ada_filter, args.testdata, int(args.mb * 1e6), tmp)
    print(f"cli_bench: normalize --whatwg on {size / 1e6:.0f} MB, {lines} lines ({rejected} corpus lines left "
          f"out: rejected by urix or ada, or not UTF-8)", file=sys.stderr)
    os.sync()
    pin = ["taskset", "-c", str(args.cpu)] if args.cpu is not None else []
    env = dict(os.environ, URIX_THREADS="1")
    tools = [
        ("cat", ["cat"], "cat < FILE", args.runs),
        ("urix", [args.urix, "normalize", "--whatwg"], "URIX_THREADS=1 urix normalize --whatwg < FILE", args.runs),
        ("ada", [args.ada_filter], "bench/ada_filter.cpp < FILE", args.runs),
        ("node", ["node", "-e", NODE_PRELUDE + NODE_JOBS["normalize"] + NODE_EPILOGUE], "node: new URL(line).href",
         args.peer_runs),
        ("python3", ["/usr/bin/python3", "-c", PY_PRELUDE + PY_URL_NORMALIZE],
         "/usr/bin/python3: urlsplit(line).geturl() (not the URL Standard)", args.peer_runs),
    ]
    best, digests = {}, {}  # tool -> [wall, CPU] (each the best of the rounds), output digest
    for round_ in range(max(args.runs, args.peer_runs)):
        for tool, cmd, _, runs in tools:
            if round_ >= runs or (tool in best and best[tool] is None):
                continue
            outfile = os.path.join(tmp, f"url-{tool}.out")
            t = timed(pin + cmd, path, outfile, env)
            best[tool] = None if t is None else [min(a, b) for a, b in zip(best.get(tool, t), t)]
            if round_ == 0 and t is not None:
                digests[tool] = digest(outfile)
            os.remove(outfile)
    rows = []
    for tool, _, shown, _ in tools:
        if best.get(tool) is None:
            continue
        same = "n/a (the input)" if tool == "cat" else \
            "n/a (another job)" if tool == "python3" else "yes" if digests.get(tool) == digests.get("urix") else "no"
        wall, cpu = best[tool]
        rows.append({"tool": tool, "command": shown, "seconds": wall, "cpu_seconds": cpu, "same_output": same})
        print(f"cli_bench: normalize --whatwg: {tool}: {wall:.2f} s ({cpu:.2f} s CPU), {size / wall / 1e6:.0f} MB/s, "
              f"same output as urix: {same}", file=sys.stderr)
    return {"file_bytes": size, "lines": lines, "rejected_corpus_lines": rejected, "runs": args.runs,
            "peer_runs": args.peer_runs, "pinned_cpu": args.cpu, "tools": rows}


def make_file(testdata, size, path):
    corpora = os.path.join(testdata, "corpora")
    parts = [os.path.join(corpora, f) for f in ("isaacs_files.txt", "kasztp.txt", "node_files.txt")]
    ml = os.path.join(corpora, "multilingual")
    parts += sorted(os.path.join(ml, f) for f in os.listdir(ml))
    chunk = b""
    for p in parts:
        with open(p, "rb") as f:
            text = f.read()
        if text.startswith(b"\xef\xbb\xbf"):
            text = text[3:]
        if not text.endswith(b"\n"):
            text += b"\n"
        chunk += text
    written = 0
    lines = 0
    with open(path, "wb") as f:
        while written < size:
            f.write(chunk)
            written += len(chunk)
            lines += chunk.count(b"\n")
    return written, lines


def timed(cmd, infile, outfile, env=None):
    """(wall seconds, CPU seconds: user + system) of one run of `cmd`, or None if it failed."""
    with open(infile, "rb") as i, open(outfile, "wb") as o, tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdin=i, stdout=o, stderr=err, env=env)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        if p.returncode != 0:
            err.seek(0)
            print(f"cli_bench: {cmd[0]} failed: {err.read().decode(errors='replace')[:300]}", file=sys.stderr)
            return None
    return wall, usage.ru_utime + usage.ru_stime


def run(cmd, infile, outfile, runs, env=None):
    """The best wall time of `runs` runs, or None if one failed."""
    best = None
    for _ in range(runs):
        t = timed(cmd, infile, outfile, env)
        if t is None:
            return None
        best = t[0] if best is None else min(best, t[0])
    return best


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--urix", required=True)
    ap.add_argument("--testdata", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--mb", type=float, default=100)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--peer-runs", type=int, default=1, help="runs of Python and Node on the URI verbs")
    ap.add_argument("--no-uri", action="store_true", help="time encode only, not the URI verbs")
    ap.add_argument("--ada-filter", help="bench/ada_filter.cpp's binary: time normalize --whatwg against it")
    ap.add_argument("--cpu", type=int, help="the CPU that normalize --whatwg's tools are pinned to (taskset)")
    ap.add_argument("--only", choices=["url"], help="url: only normalize --whatwg (needs --ada-filter)")
    args = ap.parse_args()
    if args.only == "url":
        if not args.ada_filter:
            ap.error("--only url needs --ada-filter")
        with tempfile.TemporaryDirectory(prefix="urix-cli-bench-") as tmp:
            result = {"url": url_normalize(args, tmp)}
        with open(args.out, "w") as f:
            json.dump(result, f, indent=1)
        return
    with tempfile.TemporaryDirectory(prefix="urix-cli-bench-") as tmp:
        infile = os.path.join(tmp, "input.txt")
        size, lines = make_file(args.testdata, int(args.mb * 1e6), infile)
        os.sync()  # the kernel writes the new file back now, not while the first tool runs
        tools = [
            ("urix", [args.urix, "encode"], "urix encode < FILE"),
            ("urix (path set)", [args.urix, "encode", "--set", "path"], "urix encode --set path < FILE"),
            ("python3 urllib.parse", [sys.executable, "-c", PYTHON], "quote_from_bytes(line, safe='') per line"),
            ("node encodeURIComponent", ["node", "-e", NODE], "encodeURIComponent per line"),
        ]
        results = []
        reference = None
        for name, cmd, shown in tools:
            outfile = os.path.join(tmp, name.split()[0] + ".out")
            seconds = run(cmd, infile, outfile, args.runs)
            if seconds is None:
                continue
            d = digest(outfile)
            if reference is None:
                reference = d
            same = "n/a (another set)" if "--set" in cmd else "yes" if d == reference else "no"
            results.append({"name": name, "command": shown, "seconds": seconds, "same_output": same})
            print(f"cli_bench: {name}: {seconds:.2f} s, {size / seconds / 1e6:.0f} MB/s", file=sys.stderr)
        for name in os.listdir(tmp):  # the encode files: room for the URI verbs'
            os.remove(os.path.join(tmp, name))
        uri = None if args.no_uri else uri_verbs(args, tmp)
        for name in os.listdir(tmp):
            os.remove(os.path.join(tmp, name))
        url = url_normalize(args, tmp) if args.ada_filter else None
    with open(args.out, "w") as f:
        json.dump({"file_bytes": size, "lines": lines, "runs": args.runs, "tools": results, "uri": uri, "url": url},
                  f, indent=1)


if __name__ == "__main__":
    main()
