#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""urix's Python module against urllib.parse, yarl and rfc3986 (Debian's), in one run.

Per call on 20-100 byte strings, and batched over a real URL corpus (one URL a line): the
batch calls (urix.*_many) against a Python loop over the peer. Prints a Markdown table; the
speedup is the peer's time over urix's. Times are CPU time of the calling thread (the batch
calls run in it too), as the C++ benchmarks report: on a shared host, wall time charges the
longer Python loops with more of the other processes' time slices. Each is the best of --repeat
runs (the minimum is the least disturbed by other load), per call in ns, per batch in ms.

Usage: bench_python.py [--corpus FILE] [--repeat N] [--out FILE.md]
Run with the interpreter the module is built for, the module on PYTHONPATH:
    PYTHONPATH=build/bench/python /usr/bin/python3 bench/python/bench_python.py
"""
import argparse
import functools
import operator
import os
import pathlib
import platform
import sys
import time
import timeit
import urllib.parse as up

import urix
from urix import compat

try:
    import yarl
except ImportError:  # python3-yarl (./bench.sh installs it)
    yarl = None
try:
    import rfc3986
except ImportError:  # python3-rfc3986
    rfc3986 = None

ROOT = pathlib.Path(__file__).resolve().parents[2]

# 20-100 byte inputs, as the targets say.
URL = 'https://example.com/some path/caf\u00e9?q=a b&x=1'        # 45 bytes, to encode
ESCAPED = 'https%3A//example.com/some%20path/caf%C3%A9%3Fq%3Da'  # 51 bytes, escapes
PLAIN = 'https://example.com/a/plain/path/without/escapes'        # 48 bytes, no '%'
REF = 'https://user@www.example.com:8080/a/b/../c/index.html?q=1&r=2#frag'  # 67 bytes
BASE = 'https://www.example.com/docs/guide/intro.html?lang=en'  # 52 bytes
REL = '../reference/api/functions.html?q=urlsplit#section-2'      # 51 bytes, relative


def variants(s, n=1000):
    """n distinct strings like s (same length and shape): urlsplit caches its last 128 inputs,
    and a benchmark of one input would time the cache."""
    return [s[:-4] + f'{i:04d}' for i in range(n)]


def per_call(fn, arg, repeat):
    """Best ns per call of fn over the variants of arg."""
    return per_call_on(fn, variants(arg), repeat)


def per_call_on(fn, xs, repeat):
    """Best ns per call of fn over the prepared arguments xs (one each)."""
    timer = timeit.Timer('for x in xs: f(x)', timer=time.thread_time, globals={'f': fn, 'xs': xs})
    loop = timeit.Timer('for x in xs: pass', timer=time.thread_time, globals={'xs': xs})
    number, _ = timer.autorange()
    empty = min(loop.repeat(repeat, number))
    return (min(timer.repeat(repeat, number)) - empty) / number / len(xs) * 1e9


def per_call_cached(fn, arg, repeat):
    """Best ns per call of fn on one input again and again: urllib's urlsplit answers it from
    its cache (functools.lru_cache of 128 inputs)."""
    return per_call_on(fn, [arg] * 1000, repeat)


def per_batch(fn, repeat):
    best = float('inf')
    for _ in range(repeat):
        t0 = time.thread_time()
        fn()
        best = min(best, time.thread_time() - t0)
    return best * 1e3


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--corpus', default=os.path.join(
        os.environ.get('URIX_TESTDATA', ROOT.parent / 'shared' / 'testdata'),
        'corpora', 'kasztp.txt'))
    ap.add_argument('--repeat', type=int, default=5)
    ap.add_argument('--out')
    args = ap.parse_args()
    lines = pathlib.Path(args.corpus).read_text(encoding='utf-8-sig').splitlines()
    r = args.repeat

    rows = []  # (operation, urix label, urix time, [(peer label, time)], unit, target)

    def call_row(op, ours, arg, peers, target=''):
        t = per_call(ours[1], arg, r)
        rows.append((op, ours[0], t, [(name, per_call(fn, arg, r)) for name, fn in peers if fn],
                     'ns', target))

    call_row('quote, 45 B', ('compat.quote', compat.quote), URL,
             [('urllib quote', up.quote)], '>= 5x urllib')
    call_row('quote_plus, 45 B', ('compat.quote_plus', compat.quote_plus), URL,
             [('urllib quote_plus', up.quote_plus)], '>= 5x urllib')
    call_row('encode, 45 B', ('urix.encode', urix.encode), URL,
             [('urllib quote(safe="")', lambda s: up.quote(s, safe=''))])
    call_row('unquote, 51 B with escapes', ('compat.unquote', compat.unquote), ESCAPED,
             [('urllib unquote', up.unquote)], '>= 5x urllib')
    call_row('unquote, 48 B without %', ('compat.unquote', compat.unquote), PLAIN,
             [('urllib unquote', up.unquote)], 'never slower')
    call_row('decode, 51 B with escapes', ('urix.decode', urix.decode), ESCAPED,
             [('urllib unquote', up.unquote)])
    call_row('parse, 67 B', ('urix.parse', urix.parse), REF,
             [('urllib urlsplit', up.urlsplit), ('yarl.URL', yarl and yarl.URL),
              ('rfc3986.uri_reference', rfc3986 and rfc3986.uri_reference)], '>= 3x urlsplit')
    call_row('normalize, 67 B', ('urix.normalize', urix.normalize), REF,
             [('rfc3986 normalize', rfc3986 and
               (lambda s: rfc3986.uri_reference(s).normalize().unsplit()))])

    # urllib.parse's URL functions (issue 50): distinct inputs (urlsplit caches 128), the
    # result object included; the cached case apart.
    for name in ('urlsplit', 'urlparse', 'urldefrag'):
        call_row(f'{name}, 67 B', (f'compat.{name}', getattr(compat, name)), REF,
                 [(f'urllib {name}', getattr(up, name))], '>= 5x urllib')
    rows.append(('urlsplit, 67 B, one input again', 'compat.urlsplit',
                 per_call_cached(compat.urlsplit, REF, r),
                 [('urllib urlsplit (cached)', per_call_cached(up.urlsplit, REF, r))], 'ns',
                 'reported apart'))
    join_ours = functools.partial(compat.urljoin, BASE)
    join_peer = functools.partial(up.urljoin, BASE)
    call_row('urljoin, 52 B base + 51 B ref', ('compat.urljoin', join_ours), REL,
             [('urllib urljoin', join_peer)], '>= 5x urllib')
    splits = [up.urlsplit(x) for x in variants(REF)]
    parses = [up.urlparse(x) for x in variants(REF)]
    rows.append(('urlunsplit, 67 B', 'compat.urlunsplit',
                 per_call_on(compat.urlunsplit, splits, r),
                 [('urllib urlunsplit', per_call_on(up.urlunsplit, splits, r))], 'ns',
                 '>= 3x urllib'))
    rows.append(('urlunparse, 67 B', 'compat.urlunparse',
                 per_call_on(compat.urlunparse, parses, r),
                 [('urllib urlunparse', per_call_on(up.urlunparse, parses, r))], 'ns',
                 '>= 3x urllib'))
    if yarl:
        update = operator.methodcaller('update_query', r='3')
        refs = [urix.parse(x) for x in variants(REF)]
        yurls = [yarl.URL(x) for x in variants(REF)]
        rows.append(("update_query(r='3'), 67 B", 'URIReference.update_query',
                     per_call_on(update, refs, r),
                     [('yarl URL.update_query', per_call_on(update, yurls, r))], 'ns',
                     '>= 10x yarl'))
        join = operator.methodcaller('__truediv__', 'more path')
        rows.append(("ref / 'more path', 67 B", 'URIReference.__truediv__',
                     per_call_on(join, refs, r),
                     [('yarl URL / ...', per_call_on(join, yurls, r))], 'ns', ''))
        if urix.HAVE_IDNA:  # urix.URL: the same edits through the URL Standard's setters
            urls = [urix.URL(x) for x in variants(REF)]
            for edit in (update, join):  # what is timed gives yarl's answer on this input
                assert edit(urls[0]).href == str(edit(yurls[0])), edit
            rows.append(("URL update_query(r='3'), 67 B", 'URL.update_query',
                         per_call_on(update, urls, r),
                         [('yarl URL.update_query', per_call_on(update, yurls, r))], 'ns', ''))
            rows.append(("URL / 'more path', 67 B", 'URL.__truediv__',
                         per_call_on(join, urls, r),
                         [('yarl URL / ...', per_call_on(join, yurls, r))], 'ns', ''))

    def batch_row(op, ours, peers, target=''):
        t = per_batch(ours[1], r)
        rows.append((op, ours[0], t, [(name, per_batch(fn, r)) for name, fn in peers if fn],
                     'ms', target))

    n = len(lines)
    batch_row(f'encode {n} URLs', ('urix.encode_many', lambda: urix.encode_many(lines)),
              [('loop: urllib quote(safe="")', lambda: [up.quote(s, safe='') for s in lines]),
               ('loop: compat.quote(safe="")', lambda: [compat.quote(s, safe='')
                                                        for s in lines])], '>= 30x loop')
    batch_row(f'decode {n} URLs',
              ('urix.decode_many', lambda: urix.decode_many(lines, lenient=True,
                                                           errors='replace')),
              [('loop: urllib unquote', lambda: [up.unquote(s) for s in lines])], '>= 30x loop')
    batch_row(f'parse {n} URLs', ('urix.parse_many',
                                  lambda: urix.parse_many(lines, on_error='none')),
              [('loop: urllib urlsplit', lambda: [up.urlsplit(s) for s in lines]),
               ('loop: yarl.URL', yarl and (lambda: [yarl.URL(s) for s in lines]))],
              '>= 30x loop')
    batch_row(f'normalize {n} URLs', ('urix.normalize_many',
                                      lambda: urix.normalize_many(lines, on_error='none')),
              [('loop: rfc3986 normalize', rfc3986 and (
                  lambda: [rfc3986.uri_reference(s).normalize().unsplit() for s in lines]))])

    # Floors of the batch calls: what a _many call costs besides its C++ work, per item. A
    # batch target of 30x a loop leaves the loop's per-URL time / 30 for everything.
    short_refs = [f'a{i}' for i in range(n)]  # parse in a few ns: the objects are the cost
    spaced = [f' {i}' for i in range(n)]      # one escape each: new 4-9 byte str objects
    floors = [
        ('`list(lines)`: copying the references alone', lambda: list(lines)),
        ('`urix.parse_many` of 2-6 byte references: URIReference objects alone',
         lambda: urix.parse_many(short_refs)),
        ('`urix.encode_many` of 2-6 byte strings with a space: new str objects alone',
         lambda: urix.encode_many(spaced)),
    ]
    floor_rows = [(name, per_batch(fn, r) * 1e6 / n) for name, fn in floors]
    budgets = [(f'{op}: {peers[0][0]} / 30', peers[0][1] * 1e6 / n / 30)
               for op, _, _, peers, unit, target in rows if target == '>= 30x loop']

    out = [f'Python {platform.python_version()} ({sys.executable}), urix {urix.__version__}, '
           f'{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}, CPU time, best of {r}; '
           f'corpus {pathlib.Path(args.corpus).name} ({n} URLs)', '',
           '| operation | urix | time | peer | time | speedup | target |',
           '|---|---|---|---|---|---|---|']
    for op, ours, t, peers, unit, target in rows:
        fmt = (lambda v: f'{v:.0f} ns') if unit == 'ns' else (lambda v: f'{v:.1f} ms')
        for i, (peer, pt) in enumerate(peers or [('-', float('nan'))]):
            out.append(f'| {op if i == 0 else ""} | {ours if i == 0 else ""} | '
                       f'{fmt(t) if i == 0 else ""} | {peer} | {fmt(pt)} | {pt / t:.1f}x | '
                       f'{target if i == 0 else ""} |')
    out += ['', '| per item | ns |', '|---|---|']
    out += [f'| {name} | {t:.1f} |' for name, t in floor_rows]
    out += [f'| budget at 30x, {name} | {t:.1f} |' for name, t in budgets]
    text = '\n'.join(out)
    print(text)
    if args.out:
        pathlib.Path(args.out).write_text(text + '\n')


if __name__ == '__main__':
    main()
