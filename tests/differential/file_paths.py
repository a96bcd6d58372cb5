#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""urix from-path / to-path against Python's own converters, differentially (SPEC 14).

Usage: file_paths.py URIX_BINARY

Peers: pathlib's PurePosixPath.as_uri and PureWindowsPath.as_uri, urllib.request's
pathname2url/url2pathname (POSIX) and nturl2path's (Windows). Generated paths go through both
sides; every difference must be one of those docs/chores.md lists, each justified by
RFC 8089 / RFC 3986, and is counted by kind. Anything else fails the test:

  pathlib-folds  pathlib folds "//", "." segments and a trailing '/' out of a path before
                 converting it (PurePosixPath("/a//./b/") is "/a/b"); urix converts the path
                 as given, so that to-path gives back the same bytes (a trailing '/' demands a
                 directory; POSIX leaves a leading "//" to the implementation). The peers are
                 compared on pathlib's folded form.
  quotes-pchar   Python escapes sub-delims, ':' and '@' inside segments; urix keeps them
                 (RFC 3986 3.3: pchar holds them). Both decode to the same path.
  colon-drive    nturl2path reads every ':' as the drive's (its url2pathname fails on
                 "C:/a:b"); urix keeps ':' in names as pchar allows. Escaped, it reads them.
  drive-case     nturl2path writes the drive letter in uppercase ("d:" -> "D:"); urix keeps
                 it as given (Windows drive letters are case-insensitive, RFC 8089 E.2 keeps it).
  unc-e32        nturl2path writes a UNC path as "////server/share" (RFC 8089 E.3.2); urix
                 as "//server/share" (E.3.1). Each side reads the other's.
  slash-in-name  url2pathname turns "%2F" (Windows: also "%5C") inside a segment into a
                 separator, naming another file; urix rejects it (slash_in_segment).
  nul            url2pathname puts a NUL in the path; urix rejects it (nul_in_path).
  not-utf8       url2pathname (POSIX) replaces bytes that are not UTF-8 with U+FFFD, losing
                 them; urix gives the bytes back (RFC 8089 paths are bytes on POSIX).
"""
import collections
import os
import random
import subprocess
import sys
import urllib.parse
import urllib.request
import nturl2path
from pathlib import PurePosixPath, PureWindowsPath

URIX = sys.argv[1]
differences = collections.Counter()
failures = []


def run(args, inputs):
    """Runs a urix verb with -0 -k over byte strings; returns a list of bytes or None each."""
    data = b"".join(i + b"\0" for i in inputs)
    p = subprocess.run([URIX] + args + ["-0", "-k"], input=data, capture_output=True)
    out = p.stdout.split(b"\0")[:-1]
    assert len(out) == len(inputs), (args, len(out), len(inputs), p.stderr[:500])
    errors = [line for line in p.stderr.decode("utf-8", "replace").splitlines() if "column" in line]
    result = [o if o else None for o in out]  # an empty record is a rejected input
    return result, errors


def fail(what):
    failures.append(what)


def drive_case(py, ours, at):
    """py and ours differ only in the case of the drive letter at index `at` (counted)."""
    if len(py) == len(ours) and py[:at] + py[at + 1:] == ours[:at] + ours[at + 1:] and \
            py[at].upper() == ours[at].upper():
        differences["drive-case"] += 1
        return True
    return False


def only_pchar_quoted(py_uri, urix_uri):
    """Python's URI differs from urix's only by escaping characters pchar allows."""
    keep = "!$&'()*+,;=:@"
    unquoted = []
    i = 0
    while i < len(py_uri):
        if py_uri[i] == "%" and urllib.parse.unquote(py_uri[i:i + 3]) in keep:
            unquoted.append(urllib.parse.unquote(py_uri[i:i + 3]))
            i += 3
        else:
            unquoted.append(py_uri[i])
            i += 1
    return "".join(unquoted) == urix_uri


rng = random.Random(8089)
pieces = ["a", "b c", "%", "%2F", "?", "#", ";", "=", "@", ":", "é", "€", "~", "..", ".", "+", "&",
          "'", "[", "x y", "\\", ""]
byte_pieces = [b"\xff", b"\xc3", b"\x01"]

# ---- POSIX --------------------------------------------------------------------------------
posix = []
for _ in range(3000):
    parts = []
    for _ in range(rng.randint(1, 5)):
        seg = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 3))).replace("/", "")
        parts.append(os.fsencode(seg) + (rng.choice(byte_pieces) if rng.random() < 0.1 else b""))
    posix.append(b"/" + b"/".join(parts))
uris, _ = run(["from-path"], posix)
# pathlib folds a path before converting it; urix converts the path as given.
folded = [os.fsencode(str(PurePosixPath(os.fsdecode(p)))) for p in posix]
folded_uris, _ = run(["from-path"], folded)
for path, uri, f, furi in zip(posix, uris, folded, folded_uris):
    if uri is None or furi is None:
        fail(f"from-path rejected {path!r}")
        continue
    uri, furi = uri.decode("ascii"), furi.decode("ascii")
    py = PurePosixPath(os.fsdecode(path)).as_uri()
    if f != path:
        differences["pathlib-folds"] += 1
    if py != furi:
        if only_pchar_quoted(py, furi):
            differences["quotes-pchar"] += 1
        else:
            fail(f"as_uri {f!r}: python {py} urix {furi}")
    # Python reads urix's URI back to the same bytes (unquote_to_bytes: url2pathname would
    # replace non-UTF-8 bytes, see not-utf8 below).
    if urllib.parse.unquote_to_bytes(uri[len("file://"):]) != path:
        fail(f"python reads {uri} as another path")
back, _ = run(["to-path"], [PurePosixPath(os.fsdecode(p)).as_uri().encode() for p in posix])
for path, b in zip(folded, back):
    if b != path:
        fail(f"to-path of python's URI for {path!r} gave {b!r}")

# url2pathname against to-path on URIs with the escapes that matter.
escapes = ["a%20b", "%2F", "%2f", "%00", "%FF", "%C3%A9", "%3B", "x", "%25"]
posix_uris = ["/" + "/".join("".join(rng.choice(escapes) for _ in range(rng.randint(1, 3)))
                             for _ in range(rng.randint(1, 4))) for _ in range(2000)]
paths, _ = run(["to-path"], [("file://" + u).encode() for u in posix_uris])
for u, p in zip(posix_uris, paths):
    py = urllib.request.url2pathname(u)
    segments = u.split("/")
    if p is None:
        if any("%2F" in s.upper() for s in segments) and "/" in py.replace("/", "", u.count("/")):
            differences["slash-in-name"] += 1
        elif "%00" in u:
            differences["nul"] += 1
        else:
            fail(f"to-path rejected file://{u}")
    elif os.fsencode(py) != p:
        if "\ufffd" in py and urllib.parse.unquote_to_bytes(u) == p:
            differences["not-utf8"] += 1
        else:
            fail(f"url2pathname {u}: python {py!r} urix {p!r}")

# ---- Windows ------------------------------------------------------------------------------
win_pieces = [p for p in pieces if p not in ("\\", "%2F")] + ["%5C"]
windows = []
for _ in range(3000):
    segs = ["".join(rng.choice(win_pieces) for _ in range(rng.randint(1, 3))) for _ in range(rng.randint(1, 4))]
    segs = [s for s in segs if s not in ("", ".", "..")] or ["x"]
    head = rng.choice(["C:", "d:", "\\\\srv\\share"])
    windows.append(head + "\\" + "\\".join(segs))
uris, _ = run(["from-path", "--windows"], [w.encode() for w in windows])
for path, uri in zip(windows, uris):
    if uri is None:
        fail(f"from-path --windows rejected {path!r}")
        continue
    uri = uri.decode("ascii")
    py = PureWindowsPath(path).as_uri()
    if py != uri:
        if not path.startswith("\\\\") and py[8].upper() == uri[8].upper():
            py = py[:8] + uri[8] + py[9:]  # drive-case, counted below
        if only_pchar_quoted(py, uri):
            differences["quotes-pchar"] += 1
        else:
            fail(f"windows as_uri {path!r}: python {py} urix {uri}")
    # nturl2path reads urix's URI back (its UNC form wants "////": E.3.2). It takes every
    # ':' for the drive's, so those in names go to it escaped.
    rest = uri[len("file:"):]
    drive_end = rest.find(":") + 1 if not path.startswith("\\\\") else 0
    if ":" in rest[drive_end:]:
        differences["colon-drive"] += 1
        rest = rest[:drive_end] + rest[drive_end:].replace(":", "%3A")
    py_back = nturl2path.url2pathname(rest if not path.startswith("\\\\") else "//" + rest)
    if py_back != path:
        if not drive_case(py_back, path, 0):
            fail(f"nturl2path reads {uri} as {py_back!r}, not {path!r}")
# urix reads both of Python's forms back.
py_uris = []
for w in windows:
    py_uris.append(PureWindowsPath(w).as_uri())
    try:
        n = nturl2path.pathname2url(w)
    except OSError:  # a ':' in a name: nturl2path has no URI for it
        if ":" not in w[2:]:
            fail(f"nturl2path.pathname2url failed on {w!r}")
        differences["colon-drive"] += 1
        n = nturl2path.pathname2url(w[:2] + w[2:].replace(":", "%3A")).replace("%253A", "%3A")
    if n.startswith("////"):
        differences["unc-e32"] += 1
    py_uris.append("file:" + n)
back, _ = run(["to-path", "--windows"], [u.encode() for u in py_uris])
for i, b in enumerate(back):
    if b is None or (b.decode() != windows[i // 2] and not drive_case(b.decode(), windows[i // 2], 0)):
        fail(f"to-path --windows {py_uris[i]} gave {b!r}, not {windows[i // 2]!r}")

print(f"{len(posix)} + {len(posix_uris)} POSIX and {len(windows)} Windows cases; documented "
      f"differences: {dict(sorted(differences.items()))}")
if failures:
    print(f"{len(failures)} unexpected differences:")
    for f in failures[:30]:
        print("  " + f)
    sys.exit(1)
for kind in ("pathlib-folds", "quotes-pchar", "drive-case", "colon-drive", "unc-e32", "slash-in-name", "nul", "not-utf8"):
    if differences[kind] == 0:
        print(f"no case showed the documented difference {kind}: the generator lost it")
        sys.exit(1)
