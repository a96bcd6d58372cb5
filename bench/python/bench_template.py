#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""urix.URITemplate against the uritemplate package (Debian's python3-uritemplate), per call.

Templates parsed once, then expanded: the RFC's examples (every case of the two files in
../shared/testdata/uritemplate, each with its group's variables), and an API template with
keyword arguments; expand_many against a Python loop. Times are CPU time of the calling
thread, the best of --repeat runs, in ns per expansion, less the cost of the harness's empty
call; the speedup is uritemplate's time over urix's. Prints a Markdown table, and writes the
rows as JSON to --out (./bench.sh: bench/report.py reads it).

Usage (the module built for /usr/bin/python3, on PYTHONPATH):
    PYTHONPATH=build/dev/python /usr/bin/python3 bench/python/bench_template.py [--out FILE.json]
"""
import argparse
import json
import os
import pathlib
import platform
import time

import uritemplate

import urix

ROOT = pathlib.Path(__file__).resolve().parents[2]
API = 'https://api.example.com/repos/{owner}/{repo}/issues{?state,labels*,per_page}'
API_VARS = dict(owner='urix-project', repo='urix', state='open', labels=['bug', 'good first issue'],
                per_page='100')


def rfc_cases(testdata):
    cases = []
    for name in ('spec-examples.json', 'spec-examples-by-section.json'):
        with open(os.path.join(testdata, 'uritemplate', name), encoding='utf-8') as f:
            for body in json.load(f).values():
                for template, want in body['testcases']:
                    if want is not False:
                        cases.append((template, body['variables'], want))
    return cases


def best_ns(f, items, repeat, baseline=True):
    """CPU ns per item of f(), the best of `repeat` runs of at least 0.2 s, less the cost of
    calling an empty lambda (the harness's own, the same for both sides)."""
    empty = best_ns(lambda: None, 1, repeat, baseline=False) / items if baseline else 0.0
    best = float('inf')
    for _ in range(repeat):
        n = 0
        start = time.thread_time_ns()
        while True:
            f()
            n += items
            elapsed = time.thread_time_ns() - start
            if elapsed > 200_000_000:
                break
        best = min(best, elapsed / n)
    return best - empty


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--testdata', default=os.environ.get('URIX_TESTDATA', str(ROOT.parent / 'shared' / 'testdata')))
    ap.add_argument('--repeat', type=int, default=3)
    ap.add_argument('--out', help='write the rows as JSON here')
    args = ap.parse_args()
    cases = rfc_cases(args.testdata)
    ours = [(urix.URITemplate(t), v) for t, v, _ in cases]
    theirs = [(uritemplate.URITemplate(t), v) for t, v, _ in cases]
    # What is timed is checked first: urix gives the RFC's answer (one of those listed, for an
    # unordered map) to every case; uritemplate's other answers are counted and shown.
    peer_differs = 0
    for (a, v), (b, _), (t, _, want) in zip(ours, theirs, cases):
        answers = want if isinstance(want, list) else [want]
        got = a.expand(v)
        if got not in answers:
            raise SystemExit(f'bench_template: urix expands {t!r} to {got!r}, not {answers!r}')
        peer_differs += b.expand(v) not in answers
    a_api, b_api = urix.URITemplate(API), uritemplate.URITemplate(API)
    many = [dict(API_VARS, repo=f'r{i}') for i in range(1000)]
    # (key, case, urix ns, uritemplate ns); the report judges the per-call expand rows.
    rows = [
        ('expand_rfc', 'RFC 6570 examples (%d), expand(dict)' % len(cases),
         best_ns(lambda: [t.expand(v) for t, v in ours], len(cases), args.repeat),
         best_ns(lambda: [t.expand(v) for t, v in theirs], len(cases), args.repeat)),
        ('expand_api', 'API template, expand(**kwargs)',
         best_ns(lambda: a_api.expand(**API_VARS), 1, args.repeat),
         best_ns(lambda: b_api.expand(**API_VARS), 1, args.repeat)),
        ('expand_many_api', 'API template, expand_many(1000) vs a loop',
         best_ns(lambda: a_api.expand_many(many), len(many), args.repeat),
         best_ns(lambda: [b_api.expand(v) for v in many], len(many), args.repeat)),
        ('parse_api', 'API template, parse',
         best_ns(lambda: urix.URITemplate(API), 1, args.repeat),
         best_ns(lambda: uritemplate.URITemplate(API), 1, args.repeat)),
    ]
    print(f'urix {urix.__version__} vs uritemplate {uritemplate.__version__}; CPU ns per call, best of {args.repeat}; '
          f'uritemplate differs from the RFC on {peer_differs} of {len(cases)} cases')
    print()
    print('| case | urix ns | uritemplate ns | speedup |')
    print('|---|---:|---:|---:|')
    for _, name, a, b in rows:
        print(f'| {name} | {a:.0f} | {b:.0f} | {b / a:.1f}x |')
    if args.out:
        with open(args.out, 'w') as f:
            json.dump({'python': platform.python_version(), 'urix': urix.__version__,
                       'peer': f'uritemplate {uritemplate.__version__}', 'repeat': args.repeat,
                       'load': os.getloadavg()[0],
                       'rows': [{'key': k, 'case': n, 'urix_ns': a, 'peer_ns': b} for k, n, a, b in rows]},
                      f, indent=1)


if __name__ == '__main__':
    main()
