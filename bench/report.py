#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""bench/report.py: turns urix_bench's and urix_uri_bench's JSON (and the CLI timings), and the
URL Standard, URI Template and chores rooms' JSON (C++, Python, node), into the tables of
docs/performance.md, and optionally a PNG chart (gnuplot). A JSON not given skips its table.

Usage: report.py [RESULTS.json] [--uri URI.json] [--cli CLI.json] [--url URL.json]
                 [--template TEMPLATE.json] [--template-python T.json] [--template-node T.json]
                 [--chores CHORES.json] [--chores-python C.json] [--markdown OUT.md] [--chart OUT.png]

Benchmark names are OP/CORPUS/GRANULARITY/IMPL (see bench/bench.cpp). With repetitions, each
benchmark's fastest repetition is used (the median aggregate when the JSON holds only
aggregates): noise on this host only ever adds time, and its slow phases last minutes, long
enough to move a median. Ratios compare implementations of the same run only: this machine
drifts by 15-25 % between runs (see /work/shared/PERF-ANCHORS.md, "Noise").
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

PEERS = ["boost", "curl", "uriparser", "glib"]
OPS = [
    ("enc_component", "Encode, RFC 3986 component set (unreserved)"),
    ("enc_query", "Encode, query set (pchar / \"/\" / \"?\")"),
    ("dec_clean", "Decode the corpus itself (no or few escapes)"),
    ("dec_escaped", "Decode the corpus's component encoding (escape-heavy)"),
]
CORPORA = ["real_urls", "multilingual", "ascii_prose", "queryish", "clean"]


def fastest_runs(data, fields):
    """{name parts: fastest repetition} of the benchmarks whose names have `fields` parts, the
    median aggregate where the JSON holds only aggregates."""
    fastest, medians = {}, {}
    for b in data["benchmarks"]:
        parts = tuple(b.get("run_name", b["name"]).split("/"))
        if len(parts) != fields:
            continue
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") == "median":
                medians[parts] = b
        elif parts not in fastest or b["cpu_time"] < fastest[parts]["cpu_time"]:
            fastest[parts] = b
    return {**medians, **fastest}


def load(path):
    with open(path) as f:
        data = json.load(f)
    results = fastest_runs(data, 4)
    # The call floor is the cheaper of its two shapes (bench/floors.cpp), per benchmark.
    for key in [k for k in results if k[3] == "call_floor_loop"]:
        blocks = key[:3] + ("call_floor",)
        if blocks not in results or ns_per_call(results[key]) < ns_per_call(results[blocks]):
            results[blocks] = results[key]
    return data.get("context", {}), results


# ---- The URI layer (bench/uri_bench.cpp, issue 30) -------------------------------------------

URI_PEERS = ["boost", "uriparser", "curl", "glib", "icu-host", "idn2-host"]
URI_OPS = [
    ("parse", "Parse (`parse_uri_reference`), every line of the list, rejected ones included"),
    ("iterate", "Parse, then every path segment and query parameter, decoded"),
    ("normalize", "Normalize: parse + normalize + write (RFC 3986 6.2.2-6.2.3)"),
    ("equal", "Equal: parse both + compare normal forms (6.2.1)"),
    ("resolve", "Resolve: parse the reference + resolve against a parsed base + write (5.2)"),
    ("to_uri", "IRI to URI (RFC 3987 3.1); peers: the host step alone (IDNA ToASCII of the host)"),
    ("to_iri", "URI to IRI (RFC 3987 3.2); peers: the host step alone (IDNA ToUnicode of the host)"),
]
URI_CORPORA = ["kasztp", "isaacs", "node", "rfc3986", "idn"]
REAL_URLS = ["kasztp", "isaacs", "node"]
# A peer that accepts less than this share of what urix accepts did less work: it is shown but
# is not the fastest peer.
MIN_ACCEPTED = 0.95

# Issue 30's targets, the one place the report reads them from. Each URI check is per corpus:
#   peer_speedup  the fastest peer's ns per call / urix's, at least
#   floor_ratio   urix's ns per call / the read-every-byte floor's, at most
#   of_parse      urix's ns per call / urix parse's on the same list, at most
#   over, speedup the named implementation's ns per call / urix's, at least
URI_TARGETS = [
    {"op": "parse", "corpora": REAL_URLS, "peer_speedup": 5.0},
    {"op": "parse", "corpora": REAL_URLS, "floor_ratio": 3.0},
    {"op": "normalize", "corpora": REAL_URLS, "peer_speedup": 4.0},
    {"op": "equal", "corpora": REAL_URLS, "peer_speedup": 4.0},
    {"op": "resolve", "corpora": REAL_URLS + ["rfc3986"], "peer_speedup": 4.0},
    {"op": "to_uri", "corpora": REAL_URLS, "of_parse": 1.5},
    {"op": "to_uri", "corpora": ["idn"], "over": "icu-host", "speedup": 2.0},
]
# The CLI's URI verbs on 100 MB of valid real URLs: urix's throughput in % of cat's, at least.
CLI_URI_TARGETS = {"parse": 12, "normalize": 25, "resolve": 25, "to-uri": 25, "to-iri": 25}
# `urix parse` of one 10 MB line: peak resident memory over the line's size, at most.
CLI_MEMORY_TARGET = 4.0


def load_uri(path):
    """{(op, corpus, impl): fastest repetition} from urix_uri_bench's JSON."""
    with open(path) as f:
        return fastest_runs(json.load(f), 3)


def uri_fastest_peer(results, op, corpus):
    """(name, row) of the fastest peer that accepts what urix accepts, or None."""
    mine = results.get((op, corpus, "urix"))
    best = None
    for p in URI_PEERS:
        b = results.get((op, corpus, p))
        if not b or not mine or b.get("accepted", 0) < MIN_ACCEPTED * mine.get("accepted", 0):
            continue
        if best is None or ns_per_call(b) < ns_per_call(best[1]):
            best = (p, b)
    return best


# The peers of these operations convert the host alone (the host step), not the whole URL.
HOST_STEP_OPS = ("to_uri", "to_iri")
# The README's summary: one row per operation and corpus.
URI_SUMMARY = [("parse", "kasztp"), ("iterate", "kasztp"), ("normalize", "kasztp"), ("equal", "kasztp"),
               ("resolve", "kasztp"), ("resolve", "rfc3986"), ("to_uri", "kasztp"), ("to_uri", "idn"),
               ("to_iri", "idn")]


def uri_summary(results):
    """One row per operation (URI_SUMMARY): urix against the fastest peer and the floor."""
    out = ["### URI layer: summary\n",
           "ns per call (CPU time, fastest of the repetitions); `kasztp`: 48,010 real URLs of 45 bytes on average; "
           "`idn`: 14,000 IRIs with non-ASCII hosts built from the multilingual corpus. For to-uri and to-iri the "
           "peer is IDNA on the host alone.\n",
           "| operation | corpus | urix | fastest peer | peer / urix | read-every-byte floor | urix / floor |",
           "|---|---|---|---|---|---|---|"]
    for op, c in URI_SUMMARY:
        mine = results.get((op, c, "urix"))
        if not mine:
            continue
        peer = uri_fastest_peer(results, op, c)
        floor = results.get((op, c, "floor"))
        out.append("| " + " | ".join([op.replace("_", "-"), c, f"{ns_per_call(mine):.0f} ns",
                                      f"{peer[0]} {ns_per_call(peer[1]):.0f} ns" if peer else "-",
                                      f"{ns_per_call(peer[1]) / ns_per_call(mine):.2f}x" if peer else "-",
                                      f"{ns_per_call(floor):.0f} ns" if floor else "-",
                                      f"{ns_per_call(mine) / ns_per_call(floor):.1f}x" if floor else "-"]) + " |")
    out.append("")
    return out


def uri_tables(results, cli):
    out, verdicts = uri_summary(results) if results else [], []
    f = lambda b: f"{ns_per_call(b):.0f}" if b else "-"
    for op, title in URI_OPS:
        corpora = [c for c in URI_CORPORA if (op, c, "urix") in results]
        if not corpora:
            continue
        peers = [p for p in URI_PEERS if any((op, c, p) in results for c in corpora)]
        out.append(f"### URI layer: {title}\n")
        out.append("ns per call, CPU time, fastest repetition. `floor`: reads every byte (one table lookup "
                   "each); `copy`: the input copied into a std::string. A peer marked * accepts under "
                   f"{MIN_ACCEPTED:.0%} of the inputs urix accepts and is not counted as the fastest.\n")
        fastest = "fastest host step" if op in HOST_STEP_OPS else "fastest peer"
        head = ["corpus", "calls", "avg bytes", "urix"] + peers + ["floor", "copy", fastest,
                                                                  fastest.split()[-2] + " " + fastest.split()[-1] + " / urix"
                                                                  if op in HOST_STEP_OPS else "peer / urix", "urix / floor"]
        out.append("| " + " | ".join(head) + " |")
        out.append("|" + "---|" * len(head))
        for c in corpora:
            mine = results[(op, c, "urix")]
            calls = round(mine.get("inputs", 0))
            avg = mine["bytes_per_second"] / mine["items_per_second"]
            row = [c, f"{calls:,}", f"{avg:.0f}", f(mine)]
            for p in peers:
                b = results.get((op, c, p))
                cell = f(b)
                if b and b.get("accepted", 0) < MIN_ACCEPTED * mine.get("accepted", 0):
                    cell += " *"
                row.append(cell)
            floor, copy = results.get((op, c, "floor")), results.get((op, c, "copy"))
            peer = uri_fastest_peer(results, op, c)
            row += [f(floor), f(copy), f"{peer[0]} {f(peer[1])}" if peer else "-",
                    f"{ns_per_call(peer[1]) / ns_per_call(mine):.1f}x" if peer else "-",
                    f"{ns_per_call(mine) / ns_per_call(floor):.1f}x" if floor else "-"]
            out.append("| " + " | ".join(row) + " |")
        out.append("")

    for t in URI_TARGETS:
        op = t["op"]
        for c in t["corpora"]:
            mine = results.get((op, c, "urix"))
            if not mine:
                continue
            if "peer_speedup" in t:
                peer = uri_fastest_peer(results, op, c)
                if peer:
                    r = ns_per_call(peer[1]) / ns_per_call(mine)
                    verdicts.append((f"{op} {c}: >= {t['peer_speedup']:g}x the fastest peer ({peer[0]})",
                                     r >= t["peer_speedup"], f"{r:.2f}x ({ns_per_call(mine):.0f} ns against "
                                                             f"{ns_per_call(peer[1]):.0f})"))
            elif "floor_ratio" in t:
                floor = results.get((op, c, "floor"))
                if floor:
                    r = ns_per_call(mine) / ns_per_call(floor)
                    verdicts.append((f"{op} {c}: <= {t['floor_ratio']:g}x the read-every-byte floor",
                                     r <= t["floor_ratio"], f"{r:.2f}x ({ns_per_call(mine):.0f} ns against "
                                                            f"{ns_per_call(floor):.0f})"))
            elif "of_parse" in t:
                parse = results.get(("parse", c, "urix"))
                if parse:
                    r = ns_per_call(mine) / ns_per_call(parse)
                    verdicts.append((f"{op} {c}: <= {t['of_parse']:g}x urix parse", r <= t["of_parse"],
                                     f"{r:.2f}x ({ns_per_call(mine):.0f} ns against {ns_per_call(parse):.0f})"))
            elif "over" in t:
                other = results.get((op, c, t["over"]))
                if other:
                    r = ns_per_call(other) / ns_per_call(mine)
                    verdicts.append((f"{op} {c}: >= {t['speedup']:g}x {t['over']} (the host alone)",
                                     r >= t["speedup"], f"{r:.2f}x ({ns_per_call(mine):.0f} ns against "
                                                        f"{ns_per_call(other):.0f})"))

    uri_cli = (cli or {}).get("uri")
    if uri_cli:
        out.append("### URI layer: the CLI's URI verbs\n")
        out.append(f"File: {uri_cli['file_bytes'] / 1e6:.0f} MB, {uri_cli['lines']:,} valid real URLs (the corpus "
                   f"lists' lines that urix accepts, repeated), one per line; output to a file. Wall time, best of "
                   f"{uri_cli['runs']}. `cat` in the same run: {uri_cli['file_bytes'] / uri_cli['cat_seconds'] / 1e6:,.0f} MB/s.\n")
        tools = sorted({t["tool"] for v in uri_cli["verbs"] for t in v["tools"]}, key=lambda n: (n != "urix", n))
        head = ["verb"] + [f"{t} MB/s" for t in tools] + ["urix % of cat"] + [f"urix / {t}" for t in tools if t != "urix"]
        out.append("| " + " | ".join(head) + " |")
        out.append("|" + "---|" * len(head))
        for v in uri_cli["verbs"]:
            rate = {t["tool"]: uri_cli["file_bytes"] / t["seconds"] / 1e6 for t in v["tools"] if t.get("seconds")}
            row = [f"`{v['verb']}`"] + [(f"{rate[t]:.1f}" if rate[t] < 10 else f"{rate[t]:.0f}") if t in rate else "-"
                                        for t in tools]
            pct = 100 * uri_cli["cat_seconds"] / next(t["seconds"] for t in v["tools"] if t["tool"] == "urix") \
                if "urix" in rate else None
            row.append(f"{pct:.1f} %" if pct is not None else "-")
            row += [f"{rate['urix'] / rate[t]:.1f}x" if "urix" in rate and t in rate else "-" for t in tools if t != "urix"]
            out.append("| " + " | ".join(row) + " |")
            if pct is not None and v["verb"] in CLI_URI_TARGETS:
                goal = CLI_URI_TARGETS[v["verb"]]
                verdicts.append((f"CLI `urix {v['verb']}` (100 MB of real URLs) >= {goal} % of cat", pct >= goal, f"{pct:.1f} %"))
        out.append("")
        out.append("Commands: " + "; ".join(f"{t['tool']} `{t['command']}`" for v in uri_cli["verbs"][:1] for t in v["tools"])
                   + " (the others alike, bench/cli_bench.py).\n")
        mem = uri_cli.get("memory")
        if mem:
            ratio = mem["peak_bytes"] / mem["line_bytes"]
            out.append(f"`urix parse` of one {mem['line_bytes'] / 1e6:.0f} MB line: peak resident memory "
                       f"{mem['peak_bytes'] / 1e6:.1f} MB, {ratio:.2f}x the line (`/usr/bin/time -f %M`; the process "
                       f"alone, empty input: {mem['baseline_bytes'] / 1e6:.1f} MB).\n")
            verdicts.append((f"CLI `urix parse` of one {mem['line_bytes'] / 1e6:.0f} MB line peaks at <= "
                             f"{CLI_MEMORY_TARGET:g}x the line", ratio <= CLI_MEMORY_TARGET, f"{ratio:.2f}x"))

    out.append("### URI layer: targets (issue 30)\n")
    for what, ok, value in verdicts:
        out.append(f"- {'PASS' if ok else 'MISS'}: {what}: {value}")
    out.append(f"\n{sum(1 for v in verdicts if v[1])} of {len(verdicts)} URI target checks met.\n")
    return "\n".join(out)


# ---- The rooms of issues 48 (URL Standard), 49 (URI Templates) and 51 (chores) ---------------

def load_named(path):
    """{benchmark name: fastest repetition} of any Google Benchmark JSON, whatever the number of
    '/'-separated parts in its names."""
    with open(path) as f:
        data = json.load(f)
    counts = {len(b.get("run_name", b["name"]).split("/")) for b in data["benchmarks"]}
    named = {}
    for n in counts:
        named.update({"/".join(k): b for k, b in fastest_runs(data, n).items()})
    return named


def load_rows(path):
    """The rows of a bench/python or node script's JSON, and the JSON itself."""
    with open(path) as f:
        data = json.load(f)
    return data, data.get("rows", {})


def cpu_ns(b):
    """CPU ns per iteration (the JSON's cpu_time is per iteration, in its time_unit)."""
    return b["cpu_time"] * {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[b.get("time_unit", "ns")]


def fmt_ns(v):
    if v is None:
        return "-"
    return f"{v:,.0f} ns" if v >= 10 else f"{v:.1f} ns"


def judged(ratio, goal):
    """The target cell: '>= 1.5x: met' or '>= 1.5x: **not met**'."""
    return f">= {goal:g}x: " + ("met" if ratio >= goal else "**not met**")


def room_footer(out, verdicts, issue):
    met = sum(1 for ok in verdicts if ok)
    out.append(f"\n{met} of {len(verdicts)} target checks of issue {issue} met.\n")


# Issue 48: urix's WHATWG parse (the href ready: its normal form), can_parse and setters, at
# least 1.5x ada on every corpus; on hosts with non-ASCII labels, at least ada's speed. Search
# params are shown without a target.
URL_OPS = [("parse", "parse, href ready", 1.5), ("can_parse", "can_parse", 1.5),
           ("set_search", "set_search", 1.5), ("set_pathname", "set_pathname", 1.5),
           ("set_host", "set_host", 1.5), ("search_params", "search params", None)]
URL_CORPORA = [("kasztp", "kasztp"), ("node_files", "node_files"), ("isaacs_files", "isaacs_files"),
               ("wpt", "WPT inputs"), ("idn_hosts", "IDN hosts")]
URL_GOAL_ON_IDN_HOSTS = 1.0


# The CLI's normalize --whatwg: against the ada line filter (x), and against cat (% of its rate).
CLI_URL_OVER_ADA = 1.5
CLI_URL_PCT_OF_CAT = 25.0


def url_cli_table(cli_url, verdicts):
    """`urix normalize --whatwg` against cat, the ada line filter, node and Python
    (bench/cli_bench.py's "url"), judged on CPU time (user + system) when the JSON has it: on a
    shared host a pinned process's wall time includes waiting for its CPU, and one round's
    interruption moves a wall-time ratio by 20 % (1.21x to 1.49x against ada, same binaries)."""
    rate = {t["tool"]: cli_url["file_bytes"] / t["seconds"] / 1e6 for t in cli_url["tools"]}
    cpu = {t["tool"]: t["cpu_seconds"] for t in cli_url["tools"] if t.get("cpu_seconds")}
    pinned = f"pinned to CPU {cli_url['pinned_cpu']}" if cli_url.get("pinned_cpu") is not None else "not pinned"
    out = ["", "#### The CLI: `urix normalize --whatwg`\n",
           f"File: {cli_url['file_bytes'] / 1e6:.0f} MB, {cli_url['lines']:,} lines (the real-URL lists' lines that "
           f"urix and ada both parse, repeated; {cli_url['rejected_corpus_lines']} left out), one href out per line, "
           f"output to a file. Best of {cli_url['runs']} alternating rounds (node and Python: "
           f"{cli_url['peer_runs']}), {pinned}; urix with URIX_THREADS=1. `urix / tool`: the tool's time over "
           f"urix's (for cat: urix's rate as a share of cat's), wall and CPU (user + system); the targets "
           f"are judged on CPU time, which excludes waiting for a CPU shared with other work.\n",
           "| tool | command | wall s | MB/s | CPU s | urix / tool (wall) | urix / tool (CPU) | output identical to urix | target |",
           "|---|---|---|---|---|---|---|---|---|"]
    for t in cli_url["tools"]:
        tool = t["tool"]
        ratio = rate["urix"] / rate[tool] if "urix" in rate else None
        ratio_cpu = cpu[tool] / cpu["urix"] if tool in cpu and "urix" in cpu else None
        target = "-"
        judged_ratio = ratio_cpu or ratio
        if tool == "ada" and judged_ratio:
            target = judged(judged_ratio, CLI_URL_OVER_ADA)
            verdicts.append(judged_ratio >= CLI_URL_OVER_ADA)
        if tool == "cat" and judged_ratio:
            met = 100 * judged_ratio >= CLI_URL_PCT_OF_CAT
            target = f">= {CLI_URL_PCT_OF_CAT:g} % of cat: " + ("met" if met else "**not met**")
            verdicts.append(met)
        shown = lambda r: "-" if tool == "urix" or not r else f"{100 * r:.1f} %" if tool == "cat" else f"{r:.2f}x"
        out.append(f"| {tool} | `{t['command']}` | {t['seconds']:.2f} | {rate[tool]:.0f} | "
                   f"{f'{cpu[tool]:.2f}' if tool in cpu else '-'} | {shown(ratio)} | {shown(ratio_cpu)} | "
                   f"{t['same_output']} | {target} |")
    return out


def url_table(named, cli_url=None):
    out = ["### URL Standard (issue 48): urix against ada\n",
           "ns per URL (CPU time, fastest repetition), both compiled in the same build with the same flags "
           "(bench/url_bench.cpp). Setters: one call on each URL parsed beforehand.\n",
           "| operation | corpus | URLs | urix | ada | ada / urix | target |",
           "|---|---|---|---|---|---|---|"]
    verdicts = []
    if not named:  # the CLI's rows alone (BENCH_ONLY=url-cli)
        out = out[:1]
    for op, title, goal in URL_OPS:
        for corpus, label in URL_CORPORA:
            mine, ada = named.get(f"{op}/urix/{corpus}"), named.get(f"{op}/ada/{corpus}")
            if not mine:
                continue
            urls = round(mine["items_per_second"] * cpu_ns(mine) * 1e-9) if mine.get("items_per_second") else None
            ratio = ns_per_call(ada) / ns_per_call(mine) if ada else None
            target = "-"
            if goal and ratio:
                goal_here = URL_GOAL_ON_IDN_HOSTS if corpus == "idn_hosts" else goal
                target = judged(ratio, goal_here)
                verdicts.append(ratio >= goal_here)
            out.append(f"| {title} | {label} | {f'{urls:,}' if urls else '-'} | {fmt_ns(ns_per_call(mine))} | "
                       f"{fmt_ns(ns_per_call(ada))} | {f'{ratio:.2f}x' if ratio else '-'} | {target} |")
    if cli_url:
        out += url_cli_table(cli_url, verdicts)
    room_footer(out, verdicts, 48)
    return out


# Issue 49: expansion per call at least 20x Python's uritemplate (urix's Python binding), and the
# C++ expansion at least 20x npm's url-template in node (CPU time on both sides).
TEMPLATE_GOAL = 20.0
TEMPLATE_CPP = [("BM_ExpandRfcExamples", "expand, the RFC's examples (each its own template)", "rfc_examples"),
                ("BM_ExpandApi", "expand, the API template", "api"),
                ("BM_ExpandApiAppend", "expand_append, the API template (output string reused)", None),
                ("BM_ExpandApiByIndex", "expand_append by variable index (values borrowed), the API template", None),
                ("BM_ParseApi", "parse, the API template", None),
                ("BM_MatchApi", "match, the API template's expansion", None),
                ("BM_VariablesFromJson", "variables from JSON", None)]
TEMPLATE_PY_JUDGED = ("expand_rfc", "expand_api")  # per call; expand_many is a batch


def template_tables(named, python, node):
    out, verdicts = [], []
    if named:
        node_rows = node[1] if node else {}
        peer = node[0].get("peer", "url-template") if node else "url-template"
        out += ["### URI Templates (issue 49): C++ against npm's url-template in node\n",
                f"ns per call (CPU time; urix: fastest repetition; {peer} in node {node[0].get('node', '') if node else ''}: "
                "the process's CPU time, best of 5 rounds, bench/template_node.mjs)" +
                ("" if node else "; url-template was not installed, so there is no node column") + ".\n",
                "| case | urix | url-template (node) | node / urix | target |",
                "|---|---|---|---|---|"]
        for name, title, key in TEMPLATE_CPP:
            mine = named.get(name)
            if not mine:
                continue
            theirs = node_rows.get(key, {}).get("cpu") if key else None
            ratio = theirs / ns_per_call(mine) if theirs else None
            target = "-"
            if ratio:
                target = judged(ratio, TEMPLATE_GOAL)
                verdicts.append(ratio >= TEMPLATE_GOAL)
            out.append(f"| {title} | {fmt_ns(ns_per_call(mine))} | {fmt_ns(theirs)} | "
                       f"{f'{ratio:.1f}x' if ratio else '-'} | {target} |")
        out.append("")
    if python:
        meta, rows = python
        out += ["### URI Templates (issue 49): the Python module against uritemplate\n",
                f"Python {meta.get('python', '?')}, {meta.get('peer', 'uritemplate')}, ns per expansion (CPU time of the "
                f"thread, best of {meta.get('repeat', '?')}, less the harness's empty call; bench/python/bench_template.py; "
                f"load {meta.get('load', 0):.1f}). Targets on the per-call expansions; expand_many is a batch call, "
                "parse is shown for reference.\n",
                "| case | urix | uritemplate | uritemplate / urix | target |",
                "|---|---|---|---|---|"]
        python_rows(out, rows, {key: TEMPLATE_GOAL for key in TEMPLATE_PY_JUDGED}, verdicts)
    if out:
        out.pop()
        room_footer(out, verdicts, 49)
    return out


# Issue 51: the registrable domain at least libpsl's speed; from Python, data: URL decoding at
# least 5x base64 + urllib, path conversion at least 10x pathlib's as_uri.
CHORES_PY_GOALS = {"data_base64": 5.0, "data_percent": 5.0, "data_short": 5.0, "data_short_base64": 5.0,
                   "data_short_default": 5.0, "path_to_uri": 10.0}


def chores_tables(named, python):
    out, verdicts = [], []
    if named:
        out += ["### Chores (issue 51): C++\n",
                "CPU time, fastest repetition (bench/chores_bench.cpp). Sites: the registrable domain of every "
                "host of the three real-URL corpora, urix and libpsl loaded from the same list (Debian's "
                "publicsuffix). data: URLs: one parse of a 64 KiB body. Paths: the corpora's URL paths.\n",
                "| case | urix | peer | peer / urix | target |",
                "|---|---|---|---|---|"]
        site, psl = named.get("site/urix"), named.get("site/libpsl")
        if site:
            ratio = ns_per_call(psl) / ns_per_call(site) if psl else None
            target = "-"
            if ratio:
                target = judged(ratio, 1.0)
                verdicts.append(ratio >= 1.0)
            out.append(f"| registrable domain, per host | {fmt_ns(ns_per_call(site))} | "
                       f"{'libpsl ' + fmt_ns(ns_per_call(psl)) if psl else '-'} | {f'{ratio:.2f}x' if ratio else '-'} | {target} |")
        for name, title in (("data_url/base64", "data: URL, a 64 KiB body in base64"), ("data_url/percent", "data: URL, a 64 KiB body escaped")):
            b = named.get(name)
            if b:
                out.append(f"| {title} | {cpu_ns(b) / 1000:,.1f} us ({b['bytes_per_second'] / 1e9:.2f} GB/s of URL) | - | - | - |")
        for name, title in (("data_url/short", "data: URL, a short escaped text, per call"),
                            ("data_url/short_base64", "data: URL, a short base64 text, per call"),
                            ("path_to_uri", "path_to_uri, per path"), ("uri_to_path", "uri_to_path, per URI")):
            b = named.get(name)
            if b:
                out.append(f"| {title} | {fmt_ns(ns_per_call(b))} | - | - | - |")
        out.append("")
    if python:
        meta, rows = python
        out += ["### Chores (issue 51): the Python module against the standard library\n",
                f"Python {meta.get('python', '?')}, CPU time per call (process time, best of {meta.get('repeat', '?')}; "
                f"bench/python/chores_bench.py; load {meta.get('load', 0):.1f}). data: URLs against `base64.b64decode` + "
                "`urllib.parse.unquote_to_bytes` of the part after the comma (4 KiB bodies, and a short text); "
                "paths: three POSIX paths per call against `PurePosixPath(p).as_uri()`.\n",
                "| case | urix | Python | Python / urix | target |",
                "|---|---|---|---|---|"]
        python_rows(out, rows, CHORES_PY_GOALS, verdicts)
    if out:
        out.pop()
        room_footer(out, verdicts, 51)
    return out


def python_rows(out, rows, goals, verdicts):
    """A Python bench's rows (urix_ns, peer_ns per case) into `out`: the ratio, and for the keys
    in `goals` the verdict against that goal (appended to `verdicts` too); then a blank line."""
    for r in rows:
        ratio = r["peer_ns"] / r["urix_ns"]
        goal = goals.get(r["key"])
        target = "-"
        if goal:
            target = judged(ratio, goal)
            verdicts.append(ratio >= goal)
        out.append(f"| {r['case']} | {fmt_ns(r['urix_ns'])} | {fmt_ns(r['peer_ns'])} | {ratio:.1f}x | {target} |")
    out.append("")


def mbps(b):
    return b["bytes_per_second"] / 1e6 if b else None


def ns_per_call(b):
    return 1e9 / b["items_per_second"] if b and b.get("items_per_second") else None


def fmt_rate(v):
    if v is None:
        return "-"
    return f"{v / 1000:.2f} GB/s" if v >= 1000 else f"{v:.0f} MB/s"


def kernels_in(results):
    names = {k[3] for k in results if k[3].startswith("urix-") and k[3] not in ("urix-str", "urix-str3x")}
    order = {"urix-scalar": 0, "urix-neon": 1, "urix-avx2": 1, "urix-avx512": 2}
    return sorted(names, key=lambda n: order.get(n, 9))


def fastest_peer(results, op, corpus, gran):
    best = None
    for p in PEERS:
        b = results.get((op, corpus, gran, p))
        if b and (best is None or mbps(b) > mbps(best[1])):
            best = (p, b)
    return best


def tables(results, cli):
    kernels = kernels_in(results)
    best_kernel = kernels[-1]
    out = []
    verdicts = []

    for op, title in OPS:
        out.append(f"### {title}\n")
        head = ["corpus", "calls", "memcpy"] + [k.replace("urix-", "urix ") for k in kernels]
        head += ["urix str", "fastest peer", f"{best_kernel} / peer", "str / peer", f"{best_kernel} / memcpy"]
        out.append("| " + " | ".join(head) + " |")
        out.append("|" + "---|" * len(head))
        for corpus in CORPORA:
            for gran in ("whole", "line"):
                row = [corpus, gran]
                mem = results.get((op, corpus, gran, "memcpy"))
                row.append(fmt_rate(mbps(mem)))
                for k in kernels:
                    row.append(fmt_rate(mbps(results.get((op, corpus, gran, k)))))
                s = results.get((op, corpus, gran, "urix-str"))
                row.append(fmt_rate(mbps(s)))
                peer = fastest_peer(results, op, corpus, gran)
                best = results.get((op, corpus, gran, best_kernel))
                if peer:
                    row.append(f"{peer[0]} {fmt_rate(mbps(peer[1]))}")
                    r1 = mbps(best) / mbps(peer[1]) if best else None
                    r2 = mbps(s) / mbps(peer[1]) if s else None
                    row.append(f"{r1:.1f}x" if r1 else "-")
                    row.append(f"{r2:.1f}x" if r2 else "-")
                    # Judged on the best kernel's buffer form; the str / peer column is for reference.
                    if r1:
                        what = f"{op} {corpus} {gran}: {best_kernel} >= 10x fastest peer ({peer[0]})"
                        value = f"{r1:.1f}x"
                        floor = results.get((op, corpus, gran, "call_floor"))
                        # Only lines with escapes must be packed and decoded: the clean corpus has none.
                        digits = results.get((op, corpus, gran, "call_floor_hex")) if corpus != "clean" else None
                        if r1 < 10 and floor and ns_per_call(floor) >= ns_per_call(peer[1]) / 10:
                            value += f" (call floor {ns_per_call(floor):.1f} ns >= budget {ns_per_call(peer[1]) / 10:.1f}: out of reach)"
                        elif r1 < 10 and digits and ns_per_call(digits) >= ns_per_call(peer[1]) / 10:
                            value += f" (digits floor {ns_per_call(digits):.1f} ns >= budget {ns_per_call(peer[1]) / 10:.1f}: out of reach)"
                        elif r1 < 10 and digits:
                            value += f" (digits floor {ns_per_call(digits):.1f} ns of a {ns_per_call(peer[1]) / 10:.1f} ns budget)"
                        verdicts.append((what, r1 >= 10, value))
                else:
                    row += ["-", "-", "-"]
                pct = 100 * mbps(best) / mbps(mem) if best and mem else None
                row.append(f"{pct:.0f} %" if pct is not None else "-")
                out.append("| " + " | ".join(row) + " |")
                if gran == "whole" and pct is not None:
                    no_escapes = (op == "enc_component" and corpus == "clean") or (
                        op == "dec_clean" and corpus in ("multilingual", "ascii_prose", "clean"))
                    heavy = op == "dec_escaped" and corpus != "clean" or (
                        op == "enc_component" and corpus in ("multilingual", "queryish"))
                    if no_escapes:
                        verdicts.append((f"{op} {corpus} whole: >= 60 % of memcpy (input needs no change)", pct >= 60, f"{pct:.0f} %"))
                    elif heavy:
                        verdicts.append((f"{op} {corpus} whole: >= 35 % of memcpy (escape-heavy)", pct >= 35, f"{pct:.0f} %"))
        out.append("")

    # Per-call cost on short strings against copying the same std::string.
    out.append("### Per call, short strings: ns per call (one call per line)\n")
    # "10x budget" is the time per call that 10x the fastest peer allows. "call floor" is the
    # cheapest call of urix's shape (bench/floors.cpp: the same checks and kernel pointer, a
    # kernel that only copies): where it alone takes the budget, 10x is out of reach for a
    # call of this shape. "pack floor" (escaped lines) is that call with a kernel that only
    # packs the output as a decoder must, without decoding; "digits floor" one that packs and
    # puts each escape's byte in place, checking nothing.
    head = ["op", "corpus", "avg line", "memcpy", "call floor", "pack floor", "digits floor", "string_copy", f"{best_kernel} (buffer)", "urix str",
            "urix str3x", "fastest peer", "10x budget", "str / string_copy"]
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "---|" * len(head))
    for op, _ in OPS:
        for corpus in CORPORA:
            sc = results.get((op, corpus, "line", "string_copy"))
            if not sc:
                continue
            avg = sc["bytes_per_second"] / sc["items_per_second"]
            b = results.get((op, corpus, "line", best_kernel))
            s = results.get((op, corpus, "line", "urix-str"))
            s3 = results.get((op, corpus, "line", "urix-str3x"))
            peer = fastest_peer(results, op, corpus, "line")
            ratio = ns_per_call(s) / ns_per_call(sc) if s else None
            f = lambda x: f"{ns_per_call(x):.1f}" if x else "-"
            mem = results.get((op, corpus, "line", "memcpy"))
            floor = results.get((op, corpus, "line", "call_floor"))
            pack = results.get((op, corpus, "line", "call_floor_pack"))
            digits = results.get((op, corpus, "line", "call_floor_hex"))
            budget = f"{ns_per_call(peer[1]) / 10:.1f}" if peer else "-"
            out.append("| " + " | ".join([op, corpus, f"{avg:.0f} B", f(mem), f(floor), f(pack), f(digits), f(sc), f(b), f(s), f(s3),
                                          f"{peer[0]} {f(peer[1])}" if peer else "-", budget,
                                          f"{ratio:.2f}" if ratio else "-"]) + " |")
            if ratio and corpus in ("real_urls", "clean", "queryish"):
                verdicts.append((f"{op} {corpus} line: urix std::string call <= 2x copying the std::string ({avg:.0f} B lines)",
                                 ratio <= 2, f"{ratio:.2f}x"))
    out.append("")

    # Floors: the packing step of each design alone (bench/floors.cpp).
    floors = [k for k in results if k[0] in ("floor_enc", "floor_dec")]
    if floors:
        out.append("### Floors: the packing step alone, against memcpy and urix (whole buffers)\n")
        head = ["op", "corpus", "memcpy", "floor", "floor GB/s", "floor / memcpy", f"{best_kernel}", f"{best_kernel} / memcpy",
                f"{best_kernel} / floor"]
        out.append("| " + " | ".join(head) + " |")
        out.append("|" + "---|" * len(head))
        for fop, op in (("floor_enc", "enc_component"), ("floor_dec", "dec_escaped")):
            for corpus in CORPORA:
                if corpus == "clean":  # nothing to escape: no packing step to bound
                    continue
                mem = results.get((op, corpus, "whole", "memcpy"))
                best = results.get((op, corpus, "whole", best_kernel))
                for design in ("compress", "lut", "triples", "stores", "third_stores", "line_stores"):
                    fl = results.get((fop, corpus, "whole", design))
                    if not fl:
                        continue
                    pct = lambda b: f"{100 * mbps(b) / mbps(mem):.0f} %" if b and mem else "-"
                    ratio = f"{100 * mbps(best) / mbps(fl):.0f} %" if best else "-"
                    out.append("| " + " | ".join([op, corpus, fmt_rate(mbps(mem)), design, fmt_rate(mbps(fl)), pct(fl),
                                                  fmt_rate(mbps(best)), pct(best), ratio]) + " |")
        out.append("")

    if cli:
        out.append("### Command-line tools over the same file\n")
        out.append(f"File: {cli['file_bytes'] / 1e6:.0f} MB, {cli['lines']} lines (one encode per line). Wall time, best of {cli['runs']}.\n")
        out.append("| tool | command | seconds | MB/s | output identical to urix |")
        out.append("|---|---|---|---|---|")
        for t in cli["tools"]:
            rate = cli["file_bytes"] / t["seconds"] / 1e6 if t.get("seconds") else None
            out.append(f"| {t['name']} | `{t['command']}` | {t['seconds']:.2f} | {rate:.0f} | {t.get('same_output', '-')} |")
            if t["name"] == "urix" and rate:
                verdicts.append(("CLI line mode (`urix encode`, 100 MB file) >= 1 GB/s end to end", rate >= 1000,
                                 f"{rate / 1000:.2f} GB/s"))
        out.append("")

    out.append("### Targets (issue 5)\n")
    out.append("| target | met | measured |")
    out.append("|---|---|---|")
    for what, ok, value in verdicts:
        out.append(f"| {what} | {'yes' if ok else '**no**'} | {value} |")
    met = sum(1 for v in verdicts if v[1])
    beyond = sum(1 for v in verdicts if not v[1] and "out of reach" in v[2])
    out.append(f"\n{met} of {len(verdicts)} target checks met" +
               (f"; {beyond} of the others out of reach for a call of urix's shape (call or digits floor)" if beyond else "") + ".\n")
    return "\n".join(out)


def chart(results, path):
    """Whole-buffer throughput per corpus: urix kernels against the fastest peer (log scale)."""
    if not shutil.which("gnuplot"):
        print("report.py: gnuplot not found, no chart", file=sys.stderr)
        return False
    kernels = kernels_in(results)
    ops = [("enc_component", "encode"), ("dec_escaped", "decode %HH")]
    with tempfile.NamedTemporaryFile("w", suffix=".dat", delete=False) as dat:
        for op, label in ops:
            for corpus in CORPORA:
                cells = [results.get((op, corpus, "whole", "memcpy"))] + [results.get((op, corpus, "whole", k)) for k in kernels]
                peer = fastest_peer(results, op, corpus, "whole")
                cells.append(peer[1] if peer else None)
                vals = [f"{mbps(c) / 1000:.4f}" if c else "NaN" for c in cells]
                dat.write(f'"{label}\\n{corpus}" ' + " ".join(vals) + "\n")
        name = dat.name
    cols = ["memcpy"] + [k.replace("urix-", "urix ") for k in kernels] + ["fastest peer"]
    plots = ", ".join(f"'{name}' using {i + 2}:xtic(1) title '{c}'" for i, c in enumerate(cols))
    script = f"""
set terminal pngcairo size 1400,600 font 'sans,10' noenhanced
set output '{path}'
set xtics rotate by -30
set bmargin 6
set title 'urix whole-buffer throughput (GB/s of input, log scale) against memcpy and the fastest peer'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.9 border -1
set logscale y
set yrange [0.05:*]
set grid ytics
set key top left
set xtics font ',8'
set ylabel 'GB/s'
plot {plots}
"""
    r = subprocess.run(["gnuplot"], input=script, text=True, capture_output=True)
    if r.returncode != 0:
        print("report.py: gnuplot failed: " + r.stderr, file=sys.stderr)
        return False
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("results", nargs="?", help="urix_bench's JSON (the codec)")
    ap.add_argument("--uri", help="urix_uri_bench's JSON (the URI layer)")
    ap.add_argument("--url", help="urix_url_bench's JSON (the URL Standard's mode against ada)")
    ap.add_argument("--template", help="urix_template_bench's JSON")
    ap.add_argument("--template-python", help="bench/python/bench_template.py's JSON")
    ap.add_argument("--template-node", help="bench/template_node.mjs's JSON")
    ap.add_argument("--chores", help="urix_chores_bench's JSON")
    ap.add_argument("--chores-python", help="bench/python/chores_bench.py's JSON")
    ap.add_argument("--cli")
    ap.add_argument("--markdown")
    ap.add_argument("--chart")
    args = ap.parse_args()
    results = load(args.results)[1] if args.results else {}
    cli = None
    if args.cli:
        with open(args.cli) as f:
            cli = json.load(f)
    parts = []
    if results:  # a filtered run may hold no codec rows
        parts.append(tables(results, cli))
    if args.uri or (cli or {}).get("uri"):
        parts.append(uri_tables(load_uri(args.uri) if args.uri else {}, cli))
    # The rooms of issues 48, 49 and 51: each table only when its JSON is there (a run that
    # filtered all of a suite's rows out writes an empty file).
    for room in ("url", "template", "template_python", "template_node", "chores", "chores_python"):
        path = getattr(args, room)
        if path and (not os.path.exists(path) or os.path.getsize(path) == 0):
            print(f"report.py: {path} is missing or empty: its table skipped", file=sys.stderr)
            setattr(args, room, None)
    cli_url = (cli or {}).get("url")
    if args.url or cli_url:
        parts.append("\n".join(url_table(load_named(args.url) if args.url else {}, cli_url)))
    rooms = [template_tables(load_named(args.template) if args.template else {},
                             load_rows(args.template_python) if args.template_python else None,
                             load_rows(args.template_node) if args.template_node else None),
             chores_tables(load_named(args.chores) if args.chores else {},
                           load_rows(args.chores_python) if args.chores_python else None)]
    parts += ["\n".join(r) for r in rooms if r]
    text = "\n".join(parts)
    print(text)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text + "\n")
    if results and args.chart and chart(results, args.chart):
        print(f"chart: {args.chart}", file=sys.stderr)


if __name__ == "__main__":
    main()
