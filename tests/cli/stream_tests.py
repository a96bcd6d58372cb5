#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Streaming tests of the urix CLI (SPEC section 8): --whole in constant memory on 100 MB,
escapes and UTF-8 sequences split across the CLI's chunk boundary, an error deep in a stream
reported at its absolute column, a 100 MB line in line mode, and line and -0 modes over many
blocks of records (each block taken in one call, errors reported by line number).

Usage: stream_tests.py URIX_BINARY

Expected outputs come from Python's urllib.parse (an independent implementation), computed on
one ~1 MB block and repeated, so the tests stay fast. Peak memory is the child's VmHWM, read
from /proc when all input has been written but before stdin is closed (ru_maxrss would count
this process's memory too, as the child has it before exec).
"""
import hashlib
import random
import subprocess
import sys
import threading
import time
from urllib.parse import quote_from_bytes, quote_plus

CHUNK = 1 << 20            # the CLI's --whole chunk size (block_size in cli/input.cpp)
MB = 1 << 20
REPEAT = 100               # 100 blocks of ~1 MB: the 100 MB inputs
MAX_RSS_MB = 64            # --whole must run in constant memory

binary = sys.argv[1]
failures = []
checks = 0


def check(ok, what):
    global checks
    checks += 1
    if not ok:
        failures.append(what)
        print("FAIL " + what)


def peak_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


peaks = []  # (what, KB) of the --whole runs


def run(args, pieces, measure=False):
    """Runs urix with stdin fed from `pieces`; returns (exit, stdout size, sha256, head, tail,
    stderr, seconds). With `measure`, records the child's peak memory before closing stdin."""
    start = time.monotonic()
    proc = subprocess.Popen([binary, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)

    def feed():
        try:
            for p in pieces:
                proc.stdin.write(p)
            proc.stdin.flush()
            if measure:
                peaks.append((" ".join(args), peak_kb(proc.pid)))
            proc.stdin.close()
        except BrokenPipeError:
            pass  # the CLI stopped reading at an error

    err = []
    threads = [threading.Thread(target=feed), threading.Thread(target=lambda: err.append(proc.stderr.read()))]
    for t in threads:
        t.start()
    digest, size, head, tail = hashlib.sha256(), 0, b"", b""
    while block := proc.stdout.read(MB):
        digest.update(block)
        size += len(block)
        if len(head) < 64:
            head += block[:64 - len(head)]
        tail = (tail + block)[-64:]
    for t in threads:
        t.join()
    code = proc.wait()
    return code, size, digest.hexdigest(), head, tail, err[0].decode("utf-8", "replace"), time.monotonic() - start


def expect_repeated(unit, times):
    h = hashlib.sha256()
    for _ in range(times):
        h.update(unit)
    return len(unit) * times, h.hexdigest()


def make_block():
    # URL-like text with the bytes that matter: spaces, '%', '+', escapes, UTF-8, NUL, controls.
    tokens = [b"https://example.com/", b"path/to/file", b"?q=a+b&x=%41", b"a b", b"%", b"100%",
              "中文".encode(), "é".encode(), b"\x00", b"\x7f\x80\xff", b"~-._", b"#frag", b"\t"]
    rng = random.Random(3986)
    out = bytearray()
    while len(out) < CHUNK - 4093:  # not a divisor of CHUNK, so boundaries move around
        out += rng.choice(tokens)
    return bytes(out[:CHUNK - 4093])


block = make_block()
encoded = quote_from_bytes(block, safe="").encode()   # RFC 3986 unreserved stays
assert b"\n" not in block

# 1. encode --whole, 100 MB
code, size, digest, *_, err, secs = run(["encode", "--whole"], (block for _ in range(REPEAT)), True)
check(code == 0 and err == "", f"encode --whole exit {code} {err!r}")
check((size, digest) == expect_repeated(encoded, REPEAT), "encode --whole output differs from urllib.parse.quote")
print(f"encode --whole: {len(block) * REPEAT / MB:.0f} MB in {secs:.2f} s")

# 2. decode --whole, the same data back (escapes cross the chunk boundaries)
code, size, digest, *_, err, secs = run(["decode", "--whole"], (encoded for _ in range(REPEAT)), True)
check(code == 0 and err == "", f"decode --whole exit {code} {err!r}")
check((size, digest) == expect_repeated(block, REPEAT), "decode --whole output differs from the original")
print(f"decode --whole: {len(encoded) * REPEAT / MB:.0f} MB in {secs:.2f} s")

# 3. Escapes and UTF-8 sequences split at the first chunk boundary, at every position.
for shift in range(0, 12):
    pad = b"a" * (CHUNK - shift)
    cases = [
        (["decode", "--whole", "--utf8"], pad + b"%E4%B8%AD%2Bz", pad + "中+z".encode()),
        (["decode", "--whole", "--utf8=replace"], pad + b"%F0%9F%98z%C3", pad + "\ufffdz\ufffd".encode()),
        (["decode", "--whole", "--plus", "--lenient"], pad + b"%4%41+%", pad + b"%4A %"),
        (["encode", "--whole", "--keep-escapes"], pad + b"%41%zz%4", pad + b"%41%25zz%254"),
        (["encode", "--whole", "--utf8"], pad + "中é".encode(), pad + b"%E4%B8%AD%C3%A9"),
        (["check", "--whole", "--utf8"], pad + b"%E4%B8%AD%41", b""),
    ]
    for args, data, want in cases:
        code, size, digest, *_, err, _ = run(args, [data])
        ok = code == 0 and err == "" and (size, digest) == (len(want), hashlib.sha256(want).hexdigest())
        check(ok, f"{' '.join(args)} with the chunk boundary {shift} bytes before the tail: exit {code} {err!r}")

# 4. Errors deep in the stream: absolute column, output before the error written. (Inputs
# are fed as 1 MB pieces, so that this process stays small.)
E2 = "invalid percent-escape: '%' must be followed by two hex digits"
a_mb = b"a" * MB
deep = 50 * MB
code, size, digest, head, tail, err, _ = run(["decode", "--whole"], [a_mb] * 50 + [b"%G1", b"a" * 1000])
want_err = (f"urix: decode: column {deep + 1}: {E2} (got \"%G1\")\n"
            f"  ...{'a' * 40}%G1{'a' * 38}...\n{' ' * 45}^\n")
check(code == 1, f"deep error: exit {code}")
check(err == want_err, f"deep error report: {err!r}")
check((size, digest) == expect_repeated(a_mb, 50), "deep error: the output before the error")

b_mb = b"b" * MB
deep = 30 * MB + 1
code, size, digest, head, tail, err, _ = run(["decode", "--whole", "--utf8"], [b_mb] * 30 + [b"b%E4%B8", b"%41"])
check(code == 1 and err.startswith(f"urix: decode: column {deep + 1}: invalid UTF-8 (the sequence starting with byte 0xE4, written %E4)\n"),
      f"deep UTF-8 error: exit {code} {err[:200]!r}")
check(size == deep and head == b"b" * 64 and tail == b"b" * 64, "deep UTF-8 error: the output before the error")

# 5. Constant memory: the peaks of 1. and 2. (100 MB and 178 MB of input).
check(len(peaks) == 2, "peak memory was measured")
for what, kb in peaks:
    check(kb / 1024 < MAX_RSS_MB, f"{what}: peak RSS {kb / 1024:.1f} MB, want < {MAX_RSS_MB} MB")
    print(f"{what}: peak RSS {kb / 1024:.1f} MB")

# 6. A 100 MB line in line mode (it is one input, so it is held whole: no memory bound here).
code, size, digest, *_, err, secs = run(["encode"], [block] * REPEAT + [b"\n"])
check(code == 0 and err == "", f"100 MB line: exit {code} {err!r}")
want = hashlib.sha256()
for _ in range(REPEAT):
    want.update(encoded)
want.update(b"\n")
check((size, digest) == (len(encoded) * REPEAT + 1, want.hexdigest()), "100 MB line: output differs")
print(f"encode, one 100 MB line: {secs:.2f} s")

# 7. Line and -0 modes over many blocks: the CLI hands a verb every whole record it has read
# in one call (process_records in cli/verb.h) and falls back to one record at a time when the
# verb rejects the block. The output must be what each line alone gives, and an error must
# name its line, with the lines before it written, wherever it falls among the blocks.
def make_lines(tokens, sep, size, seed):
    rng = random.Random(seed)
    lines, total = [], 0
    while total < size:
        line = b"".join(rng.choice(tokens) for _ in range(rng.randrange(0, 40)))
        lines.append(line)
        total += len(line) + 1
    return lines


utf8_tokens = [b"https://example.com/", b"path/to/file", b"?q=a+b&x=%41", b"a b", b"%", b"100%",
               "中文".encode(), "é".encode(), "😀".encode(), b"~-._", b"#frag", b"\t", b"\r"]
lines = make_lines(utf8_tokens + [b"\x00"], b"\n", 5 * MB, 1)   # 5 MB: blocks of the 1 MB buffer
joined = b"\n".join(lines) + b"\n"
quoted = [quote_from_bytes(l, safe="").encode() for l in lines]
quoted_text = b"".join(q + b"\n" for q in quoted)
plus_text = "".join(quote_plus(l, safe="") + "\n" for l in lines).encode()
mode_cases = [
    (["encode"], joined, quoted_text),
    (["encode", "--utf8", "--plus"], joined, plus_text),
    (["decode", "--utf8"], quoted_text, joined),
    (["decode", "--plus"], plus_text, joined),
    (["check", "--utf8"], quoted_text, b""),
    (["encode"], joined[:-1], quoted_text),  # no '\n' at the end
]
nul_lines = make_lines(utf8_tokens + [b"\n"], b"\x00", 3 * MB, 2)
mode_cases.append((["encode", "-0"], b"\x00".join(nul_lines) + b"\x00",
                   "".join(quote_from_bytes(l, safe="") + "\x00" for l in nul_lines).encode()))
for args, data, want in mode_cases:
    pieces = [data[i:i + 65521] for i in range(0, len(data), 65521)]  # cuts move around
    code, size, digest, *_, err, _ = run(args, pieces)
    ok = code == 0 and err == "" and (size, digest) == (len(want), hashlib.sha256(want).hexdigest())
    check(ok, f"{' '.join(args)} over {len(data) / MB:.1f} MB of lines: exit {code} {err[:200]!r}")

# Errors: one bad line, the first, one in the middle (some blocks in) and the last.
E3 = "invalid UTF-8 (the sequence starting with byte 0xFF)"
for bad in (1, len(lines) // 2, len(lines)):
    broken = lines[:bad - 1] + [b"ab\xffc"] + lines[bad:]
    data = b"\n".join(broken) + b"\n"
    want = b"".join(q + b"\n" for q in quoted[:bad - 1])
    code, size, digest, *_, err, _ = run(["encode", "--utf8"], [data])
    check(code == 1 and err.startswith(f"urix: encode: line {bad}, column 3: {E3}\n"),
          f"encode --utf8, bad line {bad}: exit {code} {err[:200]!r}")
    check((size, digest) == (len(want), hashlib.sha256(want).hexdigest()),
          f"encode --utf8, bad line {bad}: the output before the error")
    enc = quoted.copy()
    enc[bad - 1] = b"x%G1"
    code, size, digest, *_, err, _ = run(["decode"], [b"\n".join(enc) + b"\n"])
    want = b"".join(l + b"\n" for l in lines[:bad - 1])
    check(code == 1 and err.startswith(f"urix: decode: line {bad}, column 2: {E2}"),
          f"decode, bad line {bad}: exit {code} {err[:200]!r}")
    check((size, digest) == (len(want), hashlib.sha256(want).hexdigest()),
          f"decode, bad line {bad}: the output before the error")

# check goes on after an error: every bad line is reported, by its number.
enc = quoted.copy()
bad_lines = [3, len(enc) // 3, len(enc) // 3 + 1, len(enc)]
for n in bad_lines:
    enc[n - 1] = b"a b"
code, size, *_, err, _ = run(["check"], [b"\n".join(enc) + b"\n"])
reported = [int(l.split()[3].rstrip(",")) for l in err.splitlines() if l.startswith("urix: check: line ")]
check(code == 1 and size == 0 and reported == bad_lines,
      f"check over {len(enc)} lines: exit {code}, lines reported {reported}, want {bad_lines}")

# Verbs that run a block record by record (for_each_record in cli/verb.h) number its lines by
# the records they count: an error after several accepted blocks names its line, on the main
# thread and on workers, with '\n' and with -0, and the lines before it are written.
import os
has_whatwg = b"--whatwg" in subprocess.run([binary, "normalize", "--help"], capture_output=True).stdout
urls = [b"http://example.com/" + str(i).encode() + b"/a?b#c" for i in range(100000)]  # ~3 MB
for args in (["normalize"], ["normalize", "--whatwg"]) if has_whatwg else (["normalize"],):
    for sep, mode in ((b"\n", []), (b"\0", ["-0"])):
        for threads in ("1", "2"):
            for bad in (len(urls) // 2, len(urls)):
                data = sep.join(urls[:bad - 1] + [b"http://[/"] + urls[bad:]) + sep
                r = subprocess.run([binary, *args, *mode], input=data, capture_output=True,
                                   env={**os.environ, "URIX_THREADS": threads})
                what = f"URIX_THREADS={threads} {' '.join(args + mode)}, bad line {bad} of {len(urls)}"
                err = r.stderr.decode(errors="replace")
                check(r.returncode == 1 and err.startswith(f"urix: {args[0]}: line {bad}, column "),
                      f"{what}: exit {r.returncode} {err[:200]!r}")
                check(r.stdout == b"".join(u + sep for u in urls[:bad - 1]),
                      f"{what}: the output before the error")

# normalize --whatwg writes a line that is its own href as it came, with its separator, and
# another line's href after it: the two interleaved in blocks, with '\n' and -0, on the main
# thread and on workers.
if has_whatwg:
    pairs = [(b"http://example.com/a?b#c", None), (b"HTTP://Example.com/a", b"http://example.com/a"),
             (b"http://h:80/x", b"http://h/x"), (b"http://h", b"http://h/"), (b"http://h/a b", b"http://h/a%20b"),
             (b"sc://H/x", None), (b"http://h:8080/", None), (b"mailto:a@b", None), (b"http://h/./x", b"http://h/x")]
    block = pairs * 30000  # ~4 MB: several blocks
    for sep, mode in ((b"\n", []), (b"\0", ["-0"])):
        for threads in ("1", "2"):
            r = subprocess.run([binary, "normalize", "--whatwg", *mode], input=b"".join(i + sep for i, _ in block),
                               capture_output=True, env={**os.environ, "URIX_THREADS": threads})
            check(r.returncode == 0 and r.stdout == b"".join((o or i) + sep for i, o in block),
                  f"URIX_THREADS={threads} normalize --whatwg {' '.join(mode)} over mixed lines: exit {r.returncode}")

# Output reaches the reader when the input pauses (SPEC 8: `tail -f log | urix decode`): each
# input line is sent only after the output of the one before has arrived.
import select
for args, sep in ((["decode"], b"\n"), (["decode", "--whole"], b"\n"), (["encode", "-0"], b"\0"),
                  (["normalize", "-k"], b"\n"), (["check", "--crlf"], b"\r\n")):
    p = subprocess.Popen([binary, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    arrived = 0
    for i in range(5):
        p.stdin.write(b"a%41" + str(i).encode() + sep)
        p.stdin.flush()
        if args[0] == "check":  # writes nothing: the pause test is that it reads on
            continue
        ready, _, _ = select.select([p.stdout], [], [], 10)
        if ready and os.read(p.stdout.fileno(), 1 << 16):
            arrived += 1
    p.stdin.close()
    p.wait(timeout=10)
    want = 0 if args[0] == "check" else 5
    check(arrived == want and p.returncode == 0,
          f"{' '.join(args)} through a pausing pipe: {arrived} of {want} outputs arrived at once, "
          f"exit {p.returncode}")

# The same on worker threads: when the input pauses after many blocks, every block in flight is
# written out before the read waits.
for args in (["decode"], ["normalize", "-k"]):
    lines = b"".join(b"http://a/%41" + str(i).encode() + b"\n" for i in range(200000))
    want = subprocess.run([binary, *args], input=lines, capture_output=True,
                          env={**os.environ, "URIX_THREADS": "1"}).stdout
    p = subprocess.Popen([binary, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env={**os.environ, "URIX_THREADS": "4"})
    writer = threading.Thread(target=lambda: (p.stdin.write(lines), p.stdin.flush()))
    writer.start()
    got = b""
    deadline = time.monotonic() + 20
    while len(got) < len(want) and time.monotonic() < deadline:
        ready, _, _ = select.select([p.stdout], [], [], 1)
        if ready:
            got += os.read(p.stdout.fileno(), 1 << 20)
    writer.join()
    p.stdin.close()
    p.wait(timeout=10)
    check(got == want and p.returncode == 0,
          f"URIX_THREADS=4 {' '.join(args)}: {len(got)} of {len(want)} output bytes arrived "
          f"while the input paused after {len(lines)} bytes, exit {p.returncode}")

# A regular file on stdin is mapped and read in place (cli/mapped_file.h): the output is the
# same as through a pipe, from the descriptor's offset on, with a record longer than a block,
# a last record without a separator, on the main thread and on workers.
import tempfile
tmpdir = tempfile.mkdtemp()
mapped_path = os.path.join(tmpdir, "mapped.txt")
lines = [b"HTTP://Example.com/" + str(i).encode() + b"/a%20b?c#d" if i % 7 == 0 else
         b"https://example.com/" + str(i).encode() + b"/x.js" for i in range(150000)]  # ~5 MB
long_line = b"http://h/" + b"a" * (3 * MB)


def from_file(args, data, offset=0, threads="1"):
    with open(mapped_path, "wb") as f:
        f.write(data)
    with open(mapped_path, "rb") as f:
        f.seek(offset)
        return subprocess.run([binary, *args], stdin=f, capture_output=True,
                              env={**os.environ, "URIX_THREADS": threads})


# (--whatwg where the build has it: not without ICU.)
whatwg_or_rfc = ["normalize", "--whatwg"] if has_whatwg else ["normalize"]
for args, sep in ((whatwg_or_rfc, b"\n"), (whatwg_or_rfc + ["-0"], b"\0"),
                  (["encode"], b"\n"), (["normalize", "-k"], b"\n")):
    data = sep.join(lines[:70000] + [long_line] + lines[70000:]) + sep + b"http://last/x"
    for offset in (0, 1, len(lines[0]) + 1, 2 * MB + 5):
        piped = subprocess.run([binary, *args], input=data[offset:], capture_output=True,
                               env={**os.environ, "URIX_THREADS": "1"})
        for threads in ("1", "2"):
            r = from_file(args, data, offset, threads)
            check(r.returncode == piped.returncode and r.stdout == piped.stdout and r.stderr == piped.stderr,
                  f"URIX_THREADS={threads} {' '.join(args)} < file from byte {offset}: exit {r.returncode}, "
                  f"{len(r.stdout)} bytes, want {piped.returncode}, {len(piped.stdout)} bytes")


def start_on_file(args, data, threads):
    """urix reading `data` from a file, its output through a pipe of which the first bytes are
    read, so that urix has mapped the file and waits to write the rest."""
    with open(mapped_path, "wb") as f:
        f.write(data)
    with open(mapped_path, "rb") as f:
        p = subprocess.Popen([binary, *args], stdin=f, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env={**os.environ, "URIX_THREADS": threads})
    first = os.read(p.stdout.fileno(), 100)  # unbuffered: communicate() reads the rest
    return p, first


# A file that grows while it is read: what it gains after the mapping is read too.
# A file truncated while it is read: a read error (exit 2), and no output from past its end.
for args, sep in ((whatwg_or_rfc, b"\n"), (["encode", "-0"], b"\0")):
    data = sep.join(lines) + sep
    more = sep.join(b"http://more/" + str(i).encode() for i in range(1000)) + sep
    want = subprocess.run([binary, *args], input=data + more, capture_output=True).stdout
    for threads in ("1", "2"):
        what = f"URIX_THREADS={threads} {' '.join(args)} < file"
        p, first = start_on_file(args, data, threads)
        with open(mapped_path, "ab") as f:
            f.write(more)
        out, err = p.communicate(timeout=60)
        check(p.returncode == 0 and first + out == want,
              f"{what} that grows: exit {p.returncode}, {len(first + out)} bytes, want {len(want)}")
        # Cut at a page (SIGBUS past it), and inside the last page (zeros after the cut).
        for size in (3 * MB // 2, len(data) - 10):
            p, first = start_on_file(args, data, threads)
            os.truncate(mapped_path, size)
            out, err = p.communicate(timeout=60)
            got = first + out
            check(p.returncode == 2 and b"truncated" in err and want.startswith(got) and got.endswith(sep),
                  f"{what} truncated to {size} bytes: exit {p.returncode}, {err[:200]!r}, {len(got)} bytes "
                  f"(a prefix of the output: {want.startswith(got)})")
os.remove(mapped_path)
os.rmdir(tmpdir)

print(f"{checks - len(failures)} of {checks} stream checks passed")
sys.exit(1 if failures else 0)
